// An invitation's link (/dashboard/invite/<token>): who invites, with which role, and a form for the
// invitee's own password (works without JavaScript). An expired, used, revoked or unknown link says
// so and offers the sign-in page; nothing is changed by opening it.
import type { Metadata } from 'next';
import { takeFlash } from '@/lib/dashboard/catalog';
import { dashboardLocale, SIGN_IN_PATH } from '@/lib/dashboard/context';
import { invitationByToken } from '@/lib/dashboard/invitations';
import { getDb } from '@/lib/db/client';
import { roleName, tt } from '@/lib/i18n/team';
import { acceptInviteAction, type InviteFlash } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tt(await dashboardLocale())('inviteTitle')} · Caisse` };
}

type Props = { params: Promise<{ token: string }> };

export default async function InvitePage({ params }: Props) {
  const { token } = await params;
  const t = tt(await dashboardLocale());
  const db = await getDb();
  const inv = await invitationByToken(db, token);
  if (inv?.status !== 'pending') {
    const status = inv ? inv.status : 'unknown';
    return (
      <>
        <h1 className="db-h1">{t('inviteTitle')}</h1>
        <div className="db-flash db-flash-bad" role="alert">
          {t(`invitation_${status}`)}
        </div>
        <p>
          <a href={SIGN_IN_PATH}>{t('goToSignIn')}</a>
        </p>
      </>
    );
  }
  const flash = await takeFlash<InviteFlash>(db, token);
  const error = flash ? t(flash.error) : null;
  return (
    <>
      <h1 className="db-h1">{t('inviteTitle')}</h1>
      <p>{t('inviteWelcome', { merchant: inv.merchantName, role: roleName(t, inv.role) })}</p>
      <p>{t('inviteSetPassword', { email: inv.email })}</p>
      {error ? (
        <div className="db-flash db-flash-bad" role="alert" id="invite-error">
          {error}
        </div>
      ) : null}
      <form action={acceptInviteAction} className="db-form db-card">
        <input type="hidden" name="token" value={token} />
        <input type="email" name="email" value={inv.email} autoComplete="username" readOnly hidden />
        <div className="db-field">
          <label htmlFor="password">{t('newPassword')}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'invite-error' : undefined}
          />
        </div>
        <div className="db-field">
          <label htmlFor="confirm">{t('confirmPassword')}</label>
          <input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={10} maxLength={200} />
        </div>
        <button type="submit" className="db-button">
          {t('join')}
        </button>
      </form>
    </>
  );
}
