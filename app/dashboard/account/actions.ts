'use server';
import { headers } from 'next/headers';
// The signed-in user's own two-step sign-in (lib/dashboard/two-factor.ts): start (a new secret,
// shown on the account page), confirm with a first code (ten recovery codes, shown once on the next
// render), replace the recovery codes (a current code of the app and the password: ten new ones, shown
// once), and turn off (a current code, a recovery code or the password). These run even while the
// merchant's rule requires two-step sign-in of a user who has not set it up yet: it is where they
// are sent.
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field } from '@/lib/dashboard/catalog';
import { ACCOUNT_PATH, dashboardAction, userActor } from '@/lib/dashboard/context';
import { confirmEnrolment, disableTwoFactor, regenerateRecoveryCodes, startEnrolment } from '@/lib/dashboard/two-factor';
import { lastHop } from '@/lib/domain/action-limits';
import { tt, waitShort } from '@/lib/i18n/team';

export async function startTwoFactorAction(): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  try {
    await startEnrolment(ctx.db, ctx.user);
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) => (e.code === 'two_factor_unavailable' ? tt(ctx.locale)('unavailable') : undefined));
  }
  return finish(ctx, ACCOUNT_PATH);
}

export async function confirmTwoFactorAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  const m = tt(ctx.locale);
  const h = await headers();
  let codes: string[];
  try {
    const proof = {
      code: field(form, 'code').slice(0, 32),
      password: String(form.get('password') ?? '').slice(0, 1024),
      clientAddress: lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip'),
      keepSession: ctx.token,
    };
    codes = (await confirmEnrolment(ctx.db, ctx.user.id, proof, await userActor(ctx))).recoveryCodes;
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) =>
      e.code === 'invalid_code'
        ? m('invalidCode')
        : e.code === 'no_enrolment'
          ? m('noEnrolment')
          : e.code === 'wrong_password'
            ? m('wrongPassword')
            : e.code === 'throttled'
              ? m('throttled', { wait: waitShort((e as { retryAfter?: number }).retryAfter ?? 60) })
              : undefined,
    );
  }
  return finish(ctx, ACCOUNT_PATH, {
    kind: 'secret',
    message: m('twoFactorEnabled'),
    secrets: [{ label: m('recoveryCodes'), value: codes.join('\n') }],
    hint: m('recoveryHint'),
  });
}

export async function disableTwoFactorAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  const m = tt(ctx.locale);
  const h = await headers();
  const code = field(form, 'code').slice(0, 64);
  const password = String(form.get('password') ?? '').slice(0, 1024);
  try {
    await disableTwoFactor(
      ctx.db,
      ctx.user.id,
      { code, password, clientAddress: lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip'), keepSession: ctx.token },
      await userActor(ctx),
    );
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) =>
      e.code === 'invalid_code'
        ? m('wrongProof')
        : e.code === 'throttled'
          ? m('throttled', { wait: waitShort((e as { retryAfter?: number }).retryAfter ?? 60) })
          : undefined,
    );
  }
  return finish(ctx, ACCOUNT_PATH, { kind: 'notice', message: m('twoFactorDisabled') });
}

export async function regenerateRecoveryCodesAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  const m = tt(ctx.locale);
  const h = await headers();
  let codes: string[];
  try {
    const proof = {
      code: field(form, 'code').slice(0, 32),
      password: String(form.get('password') ?? '').slice(0, 1024),
      clientAddress: lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip'),
      keepSession: ctx.token,
    };
    codes = (await regenerateRecoveryCodes(ctx.db, ctx.user.id, proof, await userActor(ctx))).recoveryCodes;
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) =>
      e.code === 'invalid_code'
        ? m('invalidCode')
        : e.code === 'wrong_password'
          ? m('wrongPassword')
          : e.code === 'two_factor_off'
            ? m('twoFactorOffAlready')
            : e.code === 'throttled'
              ? m('throttled', { wait: waitShort((e as { retryAfter?: number }).retryAfter ?? 60) })
              : undefined,
    );
  }
  return finish(ctx, ACCOUNT_PATH, {
    kind: 'secret',
    message: m('recoveryRegenerated'),
    secrets: [{ label: m('recoveryCodes'), value: codes.join('\n') }],
    hint: m('recoveryHint'),
  });
}
