// The signed-in user's own page: who they are (e-mail, role) and their two-step sign-in: off (a
// button to set it up), being set up (the QR code and the key in text, a field for the first code:
// the only page that ever shows the secret), or on (recovery codes left, a form to replace them, a
// form to turn it off).
// When the merchant requires two-step sign-in of this user's role and they have none, every other
// page sends them here (lib/dashboard/context.ts) and this page says why.

import type { Metadata } from 'next';
import { FlashView } from '@/components/dashboard/catalog/parts';
import { CodeField, PasswordField, TotpQr } from '@/components/dashboard/team';
import { PageTitle, Section } from '@/components/dashboard/ui';
import { takeFlash } from '@/lib/dashboard/catalog';
import { dashboardContext, dashboardLocale } from '@/lib/dashboard/context';
import { groupSecret, pendingEnrolment, recoveryCodesLeft } from '@/lib/dashboard/two-factor';
import { tc } from '@/lib/i18n/catalog';
import { roleName, tt } from '@/lib/i18n/team';
import { confirmTwoFactorAction, disableTwoFactorAction, regenerateRecoveryCodesAction, startTwoFactorAction } from './actions';
import '../catalog.css';
import '../team.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tt(await dashboardLocale())('accountTitle')} · Caisse` };
}

export default async function AccountPage() {
  const ctx = await dashboardContext('signed_in', { enrolling: true });
  const t = tc(ctx.locale);
  const m = tt(ctx.locale);
  const flash = await takeFlash(ctx.db, ctx.token);
  const user = ctx.user;
  const pending = user.twoFactor ? null : await pendingEnrolment(ctx.db, user);
  const left = user.twoFactor ? await recoveryCodesLeft(ctx.db, user.id) : 0;

  return (
    <div className="dc-page">
      <PageTitle>{m('accountTitle')}</PageTitle>
      <p className="dc-intro">{m('signedInAs', { email: user.email, role: roleName(m, user.role) })}</p>
      {ctx.mustEnrol ? (
        <div className="db-flash db-flash-bad" role="alert">
          {m('twoFactorRequiredNotice')}
        </div>
      ) : null}
      <FlashView flash={flash} t={t} />

      <Section title={m('twoFactorTitle')} id="two-factor">
        <p>{m('twoFactorIntro')}</p>
        {user.twoFactor ? (
          <>
            <p>
              <strong>{m('twoFactorIsOn')}</strong> {m('recoveryLeft', { count: left })}
            </p>
            <h3>{m('regenerateTitle')}</h3>
            <p className="db-muted" id="regenerate-hint">
              {m('regenerateHint')}
            </p>
            <form action={regenerateRecoveryCodesAction} className="db-form">
              <CodeField id="regenerate-code" label={m('appCode')} app required describedBy="regenerate-hint" />
              <PasswordField id="regenerate-password" label={m('password')} required />
              <button type="submit" className="db-button db-button-secondary">
                {m('regenerate')}
              </button>
            </form>
            <h3>{m('disableTitle')}</h3>
            <p className="db-muted" id="disable-hint">
              {m('disableHint')}
            </p>
            <form action={disableTwoFactorAction} className="db-form">
              <CodeField id="disable-code" label={m('codeOrRecovery')} describedBy="disable-hint" />
              <PasswordField id="disable-password" label={m('password')} />
              <button type="submit" className="db-button db-button-secondary db-button-danger">
                {m('disable')}
              </button>
            </form>
          </>
        ) : pending ? (
          <>
            <p>{m('scanQr')}</p>
            <TotpQr uri={pending.uri} label={m('qrLabel')} />
            <p>{m('orTypeSecret')}</p>
            <p className="db-mono tm-secret" id="totp-secret">
              {groupSecret(pending.secret)}
            </p>
            <form action={confirmTwoFactorAction} className="db-form">
              <CodeField id="totp-code" label={m('enterFirstCode')} app required />
              <PasswordField id="totp-password" label={m('enrolPassword')} required />
              <button type="submit" className="db-button">
                {m('confirm')}
              </button>
            </form>
          </>
        ) : (
          <>
            <p>
              <strong>{m('twoFactorIsOff')}</strong>
            </p>
            <form action={startTwoFactorAction} className="db-form">
              <button type="submit" className="db-button">
                {m('setUp')}
              </button>
            </form>
          </>
        )}
      </Section>
    </div>
  );
}
