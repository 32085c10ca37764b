'use server';
// The signed-in user's own two-step sign-in (lib/dashboard/two-factor.ts): start (a new secret,
// shown on the account page), confirm with a first code (ten recovery codes, shown once on the next
// render), replace the recovery codes (a current code of the app and the password: ten new ones, shown
// once), and turn off (a current code, a recovery code or the password). These run even while the
// merchant's rule requires two-step sign-in of a user who has not set it up yet: it is where they
// are sent.
import { finish, refused } from '@/components/dashboard/catalog/server';
import { ACCOUNT_PATH, dashboardAction, userActor } from '@/lib/dashboard/context';
import { confirmEnrolment, disableTwoFactor, regenerateRecoveryCodes, startEnrolment } from '@/lib/dashboard/two-factor';
import { tt } from '@/lib/i18n/team';
import { formProof, proofRefusal, showRecoveryCodes } from './proof';

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
  let codes: string[];
  try {
    const proof = { ...(await formProof(form)), keepSession: ctx.token };
    codes = (await confirmEnrolment(ctx.db, ctx.user.id, proof, await userActor(ctx))).recoveryCodes;
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) => (e.code === 'no_enrolment' ? m('noEnrolment') : proofRefusal(m, e)));
  }
  return showRecoveryCodes(ctx, ACCOUNT_PATH, m, m('twoFactorEnabled'), codes);
}

export async function disableTwoFactorAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  const m = tt(ctx.locale);
  try {
    await disableTwoFactor(ctx.db, ctx.user.id, { ...(await formProof(form)), keepSession: ctx.token }, await userActor(ctx));
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) => proofRefusal(m, e, 'wrongProof'));
  }
  return finish(ctx, ACCOUNT_PATH, { kind: 'notice', message: m('twoFactorDisabled') });
}

export async function regenerateRecoveryCodesAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  const m = tt(ctx.locale);
  let codes: string[];
  try {
    const proof = { ...(await formProof(form)), keepSession: ctx.token };
    codes = (await regenerateRecoveryCodes(ctx.db, ctx.user.id, proof, await userActor(ctx))).recoveryCodes;
  } catch (err) {
    return refused(ctx, ACCOUNT_PATH, err, (e) => (e.code === 'two_factor_off' ? m('twoFactorOffAlready') : proofRefusal(m, e)));
  }
  return showRecoveryCodes(ctx, ACCOUNT_PATH, m, m('recoveryRegenerated'), codes);
}
