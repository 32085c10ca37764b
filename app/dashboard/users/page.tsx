// The merchant's users: the list (disabled ones marked), invite by email (a one-time password shown
// once, here, right after), and disable (not oneself).

import { ActionButton, FlashView } from '@/components/dashboard/catalog/parts';
import { catalogPage, titled } from '@/components/dashboard/catalog/server';
import { Badge, PageTitle, Section, Table } from '@/components/dashboard/ui';
import { formatDate } from '@/lib/dashboard/catalog';
import { listUsers } from '@/lib/dashboard/users';
import { disableUserAction, inviteUserAction } from './actions';
import '../catalog.css';

export const generateMetadata = titled('usersTitle');

export default async function UsersPage() {
  const { ctx, t, flash } = await catalogPage('users.manage');
  const users = await listUsers(ctx.db, ctx.merchantId);

  return (
    <div className="dc-page">
      <PageTitle>{t('usersTitle')}</PageTitle>
      <p className="dc-intro">{t('usersIntro')}</p>
      <FlashView flash={flash} t={t} />

      <div className="db-section">
        <Table caption={t('usersTitle')} captionHidden head={[t('email'), t('status'), t('created'), t('actions')]}>
          {users.map((u) => (
            <tr key={u.id}>
              <td className="dc-break">
                {u.email}
                {u.id === ctx.user.id ? <span className="db-muted"> ({t('you')})</span> : null}
              </td>
              <td>
                <Badge tone={u.disabled ? 'bad' : 'ok'}>{u.disabled ? t('disabled') : t('active')}</Badge>
              </td>
              <td>{formatDate(u.createdAt, ctx.locale, ctx.timeZone)}</td>
              <td>
                {u.id !== ctx.user.id && !u.disabled ? (
                  <ActionButton action={disableUserAction} fields={{ userId: u.id }} secondary danger label={`${t('disable')} ${u.email}`}>
                    {t('disable')}
                  </ActionButton>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      </div>

      <Section title={t('inviteTitle')} id="invite">
        <form action={inviteUserAction} className="db-form">
          <div className="db-field">
            <label htmlFor="invite-email">{t('email')}</label>
            <input id="invite-email" name="email" type="email" className="dc-input" required maxLength={254} autoComplete="off" />
          </div>
          <button type="submit" className="db-button">
            {t('invite')}
          </button>
        </form>
      </Section>
    </div>
  );
}
