'use server';
import { finish, refused } from '@/components/dashboard/catalog/server';
import { field, idField } from '@/lib/dashboard/catalog';
// Users from the dashboard: invite (createUser: a generated password, shown once on the next render
// of the page) and disable (disableUser: scoped to this merchant, the user's sessions end at once;
// never oneself).
import { dashboardAction, userActor } from '@/lib/dashboard/context';
import { createUser, disableUser, normalizeEmail } from '@/lib/dashboard/users';
import { recordAudit } from '@/lib/domain/audit';
import { tc } from '@/lib/i18n/catalog';

export async function inviteUserAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const t = tc(ctx.locale);
  const email = normalizeEmail(field(form, 'email'));
  if (!email) return finish(ctx, '/dashboard/users', { kind: 'error', message: t('emailInvalid') });
  let made;
  try {
    made = await createUser(ctx.db, { merchantId: ctx.merchantId, email });
    await recordAudit(ctx.db, {
      merchantId: ctx.merchantId,
      livemode: true,
      actor: await userActor(ctx),
      action: 'user.invited',
      target: { object: 'user', id: made.user.id },
      changes: { after: { email: made.user.email, role: made.user.role ?? 'owner' } },
    });
  } catch (err) {
    return refused(ctx, '/dashboard/users', err, (e) => (e.code === 'email_taken' ? t('emailTaken') : e.param === 'email' ? t('emailInvalid') : undefined));
  }
  return finish(ctx, '/dashboard/users', {
    kind: 'secret',
    message: t('userInvited', { email: made.user.email }),
    secrets: [{ label: t('oneTimePassword'), value: made.password }],
    hint: t('passwordHint', { email: made.user.email }),
  });
}

export async function disableUserAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const t = tc(ctx.locale);
  const id = idField(form, 'userId', 'user');
  if (id === ctx.user.id) return finish(ctx, '/dashboard/users', { kind: 'error', message: t('cannotDisableSelf') });
  try {
    const { user } = await disableUser(ctx.db, ctx.merchantId, id);
    await recordAudit(ctx.db, {
      merchantId: ctx.merchantId,
      livemode: true,
      actor: await userActor(ctx),
      action: 'user.disabled',
      target: { object: 'user', id },
      changes: { after: { email: user.email, disabled: true } },
    });
  } catch (err) {
    return refused(ctx, '/dashboard/users', err);
  }
  return finish(ctx, '/dashboard/users', { kind: 'notice', message: t('userDisabled') });
}
