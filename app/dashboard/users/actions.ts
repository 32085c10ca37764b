'use server';
// Users from the dashboard (the `users.manage` permission: owners, lib/domain/permissions.ts): invite an e-mail with a role (a
// one-time link shown once on the next render of the page, lib/dashboard/invitations.ts), revoke a
// pending invitation, change a user's role (not one's own; the last active owner is kept), disable a
// user (not oneself; the user's sessions end at once), reset another user's two-step sign-in (lost
// phone and codes: lib/dashboard/two-factor.ts resetTwoFactor), and the merchant's "two-step sign-in
// required" setting.
import { finish, refused } from '@/components/dashboard/catalog/server';
import { config } from '@/lib/config';
import { field, formatDate, idField } from '@/lib/dashboard/catalog';
import { dashboardAction, userActor } from '@/lib/dashboard/context';
import { createInvitation, INVITE_PATH, revokeInvitation } from '@/lib/dashboard/invitations';
import { isRole } from '@/lib/dashboard/roles';
import { resetTwoFactor, setRequireTwoFactor } from '@/lib/dashboard/two-factor';
import { changeUserRole, disableUser, normalizeEmail } from '@/lib/dashboard/users';
import { DomainError } from '@/lib/errors';
import { tc } from '@/lib/i18n/catalog';
import { roleName, tt } from '@/lib/i18n/team';
import { formProof, proofRefusal } from '../account/proof';

const USERS = '/dashboard/users';

export async function inviteUserAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const t = tc(ctx.locale);
  const m = tt(ctx.locale);
  const email = normalizeEmail(field(form, 'email'));
  if (!email) return finish(ctx, USERS, { kind: 'error', message: t('emailInvalid') });
  const role = field(form, 'role');
  if (!isRole(role)) return finish(ctx, USERS, { kind: 'error', message: m('ownersOnly') });
  let made;
  try {
    made = await createInvitation(ctx.db, { merchantId: ctx.merchantId, email, role, invitedBy: ctx.user.id, actor: await userActor(ctx) });
  } catch (err) {
    return refused(ctx, USERS, err, (e) => (e.code === 'email_taken' ? t('emailTaken') : e.param === 'email' ? t('emailInvalid') : undefined));
  }
  const link = `${config().BASE_URL.replace(/\/+$/, '')}${INVITE_PATH}${made.token}`;
  return finish(ctx, USERS, {
    kind: 'secret',
    message: m('invitationMade', { email: made.invitation.email, role: roleName(m, role) }),
    secrets: [{ label: m('invitationLink'), value: link }],
    hint: m('invitationHint', { email: made.invitation.email, expires: formatDate(made.invitation.expiresAt, ctx.locale, ctx.timeZone) }),
  });
}

export async function revokeInvitationAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const id = idField(form, 'invitationId', 'inv');
  let email: string;
  try {
    email = (await revokeInvitation(ctx.db, ctx.merchantId, id, undefined, await userActor(ctx))).email;
  } catch (err) {
    return refused(ctx, USERS, err);
  }
  return finish(ctx, USERS, { kind: 'notice', message: tt(ctx.locale)('invitationRevoked', { email }) });
}

export async function changeRoleAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const m = tt(ctx.locale);
  const id = idField(form, 'userId', 'user');
  const role = field(form, 'role');
  if (!isRole(role)) return finish(ctx, USERS);
  if (id === ctx.user.id) return finish(ctx, USERS, { kind: 'error', message: m('cannotChangeOwnRole') });
  let email: string;
  let keys = 0;
  try {
    const changed = await changeUserRole(ctx.db, ctx.merchantId, id, role, await userActor(ctx));
    [email, keys] = [changed.email, changed.keysRevoked];
  } catch (err) {
    return refused(ctx, USERS, err, (e) =>
      e.code === 'last_owner' ? m('lastOwner') : e.code === 'approval_needs_two_owners' ? m('approvalOwners') : undefined,
    );
  }
  const revoked = keys ? ` ${m('keysRevoked', { count: keys })}` : '';
  return finish(ctx, USERS, { kind: 'notice', message: `${m('roleChanged', { email, role: roleName(m, role) })}${revoked}` });
}

export async function disableUserAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const t = tc(ctx.locale);
  const id = idField(form, 'userId', 'user');
  if (id === ctx.user.id) return finish(ctx, USERS, { kind: 'error', message: t('cannotDisableSelf') });
  let keys = 0;
  try {
    keys = (await disableUser(ctx.db, ctx.merchantId, id, await userActor(ctx))).keysRevoked;
  } catch (err) {
    return refused(ctx, USERS, err, (e) =>
      e.code === 'last_owner' ? tt(ctx.locale)('lastOwner') : e.code === 'approval_needs_two_owners' ? tt(ctx.locale)('approvalOwners') : undefined,
    );
  }
  return finish(ctx, USERS, { kind: 'notice', message: keys ? `${t('userDisabled')} ${tt(ctx.locale)('keysRevoked', { count: keys })}` : t('userDisabled') });
}

export async function resetTwoFactorAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const m = tt(ctx.locale);
  const id = idField(form, 'userId', 'user');
  const proof = await formProof(form);
  let email: string;
  try {
    email = (await resetTwoFactor(ctx.db, ctx.merchantId, id, proof, await userActor(ctx))).email;
  } catch (err) {
    // A wrong proof: back to the confirmation, to try again; anything else: the list says why.
    const again = err instanceof DomainError && ['wrong_password', 'invalid_code', 'throttled'].includes(err.code);
    return refused(ctx, again ? `${USERS}?reset=${id}#reset` : USERS, err, (e) =>
      e.code === 'own_two_factor'
        ? m('twoFactorResetOwn')
        : e.code === 'two_factor_off' || e.code === 'user_disabled'
          ? m('twoFactorResetNone')
          : proofRefusal(m, e, 'wrongProof'),
    );
  }
  return finish(ctx, USERS, { kind: 'notice', message: m('twoFactorResetDone', { email }) });
}

export async function setRequireTwoFactorAction(form: FormData): Promise<void> {
  const ctx = await dashboardAction('users.manage');
  const on = field(form, 'require') === 'on';
  await setRequireTwoFactor(ctx.db, ctx.merchantId, on, await userActor(ctx));
  return finish(ctx, USERS, { kind: 'notice', message: tt(ctx.locale)(on ? 'requireOn' : 'requireOff') });
}
