// The merchant's users: the list (role, two-step sign-in, disabled ones marked); for owners
// (the users.manage permission), each user's role to change, a Disable button and, for one with
// two-step sign-in, a Reset of it (not their own: ?reset=<id> asks for the owner's password, and her
// code when hers is on), an
// invitation form (e-mail and role: a one-time link shown once, here, right after), the pending
// invitations (role, expiry, Revoke), and the "two-step sign-in required" setting.

import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, qs, titled } from '@/components/dashboard/catalog/server';
import { CodeField, PasswordField } from '@/components/dashboard/team';
import { Badge, PageTitle, Section, Table } from '@/components/dashboard/ui';
import { formatDate } from '@/lib/dashboard/catalog';
import { can } from '@/lib/dashboard/context';
import { listPendingInvitations } from '@/lib/dashboard/invitations';
import { ROLES } from '@/lib/dashboard/roles';
import { requiresTwoFactor } from '@/lib/dashboard/two-factor';
import { listUsers } from '@/lib/dashboard/users';
import { roleHelp, roleName, tt } from '@/lib/i18n/team';
import { changeRoleAction, disableUserAction, inviteUserAction, resetTwoFactorAction, revokeInvitationAction, setRequireTwoFactorAction } from './actions';
import '../catalog.css';
import '../team.css';

export const generateMetadata = titled('usersTitle');

export default async function UsersPage({ searchParams }: { searchParams?: Promise<Record<string, string | string[] | undefined>> } = {}) {
  const { ctx, t, flash } = await catalogPage('users.manage');
  const m = tt(ctx.locale);
  const manage = can(ctx, 'users.manage');
  const users = await listUsers(ctx.db, ctx.merchantId);
  // ?reset=<user id>: the confirmation of a two-step sign-in reset (the owner's own proof), for a user listed here.
  const resetId = searchParams ? qs(await searchParams, 'reset') : undefined;
  const resetting = manage ? users.find((u) => u.id === resetId && u.id !== ctx.user.id && !u.disabled && u.twoFactor) : undefined;
  const pending = manage ? await listPendingInvitations(ctx.db, ctx.merchantId) : [];
  const required = await requiresTwoFactor(ctx.db, ctx.merchantId);

  return (
    <div className="dc-page">
      <PageTitle>{t('usersTitle')}</PageTitle>
      <p className="dc-intro">{t('usersIntro')}</p>
      <FlashView flash={flash} t={t} />

      <div className="db-section">
        <Table caption={t('usersTitle')} captionHidden head={[t('email'), m('role'), t('status'), t('created'), ...(manage ? [t('actions')] : [])]}>
          {users.map((u) => (
            <tr key={u.id}>
              <td className="dc-break">
                {u.email}
                {u.id === ctx.user.id ? <span className="db-muted"> ({t('you')})</span> : null}
              </td>
              <td>
                {manage && u.id !== ctx.user.id && !u.disabled ? (
                  <form action={changeRoleAction} className="db-inline tm-role">
                    <input type="hidden" name="userId" value={u.id} />
                    <select name="role" defaultValue={u.role} aria-label={m('changeRoleOf', { email: u.email })}>
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {roleName(m, r)}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="db-button db-button-secondary db-button-small">
                      {m('changeRole')}
                    </button>
                  </form>
                ) : (
                  roleName(m, u.role)
                )}
              </td>
              <td>
                <Badge tone={u.disabled ? 'bad' : 'ok'}>{u.disabled ? t('disabled') : t('active')}</Badge>
                {u.twoFactor ? (
                  <>
                    {' '}
                    <Badge tone="info">{m('twoFactorOn')}</Badge>
                  </>
                ) : null}
              </td>
              <td>{formatDate(u.createdAt, ctx.locale, ctx.timeZone)}</td>
              {manage ? (
                <td>
                  {u.id !== ctx.user.id && !u.disabled ? (
                    <ActionButton action={disableUserAction} fields={{ userId: u.id }} secondary danger label={`${t('disable')} ${u.email}`}>
                      {t('disable')}
                    </ActionButton>
                  ) : null}
                  {u.id !== ctx.user.id && !u.disabled && u.twoFactor ? (
                    <>
                      {' '}
                      <a
                        href={`/dashboard/users?reset=${u.id}#reset`}
                        className="db-button db-button-secondary db-button-small"
                        aria-label={m('resetTwoFactorOf', { email: u.email })}
                      >
                        {m('resetTwoFactor')}
                      </a>
                    </>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </Table>
      </div>

      {resetting ? (
        <Section title={m('resetTwoFactorOf', { email: resetting.email })} id="reset">
          <p id="reset-hint">{m('resetTwoFactorHint')}</p>
          <form action={resetTwoFactorAction} className="db-form">
            <input type="hidden" name="userId" value={resetting.id} />
            <PasswordField id="reset-password" label={m('yourPassword')} required describedBy="reset-hint" />
            {ctx.user.twoFactor ? <CodeField id="reset-code" label={m('yourCode')} required /> : null}
            <button type="submit" className="db-button db-button-danger">
              {m('resetTwoFactor')}
            </button>{' '}
            <a href="/dashboard/users" className="db-button db-button-secondary">
              {t('cancel')}
            </a>
          </form>
        </Section>
      ) : null}

      {manage ? (
        <>
          <Section title={t('inviteTitle')} id="invite">
            <p className="db-muted">{m('inviteIntro')}</p>
            <form action={inviteUserAction} className="db-form">
              <div className="db-field">
                <label htmlFor="invite-email">{t('email')}</label>
                <input id="invite-email" name="email" type="email" className="dc-input" required maxLength={254} autoComplete="off" />
              </div>
              <div className="db-field">
                <label htmlFor="invite-role">{m('role')}</label>
                <select id="invite-role" name="role" defaultValue="viewer" aria-describedby="roles-help">
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {roleName(m, r)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="db-button">
                {t('invite')}
              </button>
            </form>
            <dl className="tm-roles" id="roles-help">
              {ROLES.map((r) => (
                <div key={r}>
                  <dt>{roleName(m, r)}</dt>
                  <dd>{roleHelp(m, r)}</dd>
                </div>
              ))}
            </dl>
          </Section>

          {/* Not a Section: its table is a region named the same, and two landmarks must not share a name. */}
          <div className="db-section">
            <h2 className="db-h2">{m('pendingTitle')}</h2>
            {pending.length ? (
              <Table caption={m('pendingTitle')} captionHidden head={[t('email'), m('role'), m('expires'), t('actions')]}>
                {pending.map((i) => (
                  <tr key={i.id}>
                    <td className="dc-break">{i.email}</td>
                    <td>{roleName(m, i.role)}</td>
                    <td>{formatDate(i.expiresAt, ctx.locale, ctx.timeZone)}</td>
                    <td>
                      <ActionButton action={revokeInvitationAction} fields={{ invitationId: i.id }} secondary danger label={m('revokeOf', { email: i.email })}>
                        {m('revoke')}
                      </ActionButton>
                    </td>
                  </tr>
                ))}
              </Table>
            ) : (
              <p className="db-muted">{m('noPending')}</p>
            )}
          </div>

          <Section title={m('requireTitle')} id="require">
            <form action={setRequireTwoFactorAction} className="db-form">
              <label className="dc-check">
                <input type="checkbox" name="require" value="on" defaultChecked={required} aria-describedby="require-hint" /> {m('requireLabel')}
              </label>
              <p className="db-muted" id="require-hint">
                {m('requireHint')}
              </p>
              <button type="submit" className="db-button db-button-secondary">
                {m('save')}
              </button>
            </form>
          </Section>
        </>
      ) : null}
    </div>
  );
}
