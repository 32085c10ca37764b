// The second step of sign-in: a plain form (works without JavaScript) for the authenticator app's
// code or a recovery code. Without a live challenge (expired, used up, never made): back to the
// password step, which says why.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { takeFlash } from '@/lib/dashboard/catalog';
import { currentContext, dashboardLocale, SIGN_IN_FLASH_COOKIE, SIGN_IN_PATH, type SignInFlash } from '@/lib/dashboard/context';
import { CHALLENGE_COOKIE, challengeUser } from '@/lib/dashboard/two-factor';
import { getDb } from '@/lib/db/client';
import { tt } from '@/lib/i18n/team';
import { verifyCodeAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `${tt(await dashboardLocale())('codeTitle')} · Caisse` };
}

export default async function CodePage() {
  if (await currentContext()) redirect('/dashboard');
  const t = tt(await dashboardLocale());
  const jar = await cookies();
  const db = await getDb();
  const user = await challengeUser(db, jar.get(CHALLENGE_COOKIE)?.value);
  if (!user) redirect(`${SIGN_IN_PATH}?error=expired`);
  const token = jar.get(SIGN_IN_FLASH_COOKIE)?.value;
  const flash = token ? await takeFlash<SignInFlash>(db, token) : null;
  const wait = Math.max(1, flash?.wait ?? 60);
  const message =
    flash?.reason === 'invalid_code'
      ? t('invalidCode')
      : flash?.reason === 'throttled'
        ? t('throttled', { wait: wait < 60 ? `${wait} s` : `${Math.ceil(wait / 60)} min` })
        : null;
  return (
    <>
      <h1 className="db-h1">{t('codeTitle')}</h1>
      <p>{t('codeIntro')}</p>
      {message ? (
        <div className="db-flash db-flash-bad" role="alert" id="code-error">
          {message}
        </div>
      ) : null}
      <form action={verifyCodeAction} className="db-form db-card">
        <div className="db-field">
          <label htmlFor="code">{t('codeOrRecovery')}</label>
          <input
            id="code"
            name="code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={32}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'code-error' : undefined}
          />
        </div>
        <button type="submit" className="db-button">
          {t('verify')}
        </button>
      </form>
      <p>
        <a href={SIGN_IN_PATH}>{t('backToSignIn')}</a>
      </p>
    </>
  );
}
