// The dashboard's sign-in page: a plain form (works without JavaScript) posting to signInAction.
// Already signed in: straight to the payments. A user with two-factor sign-in goes on to the code
// page (code/page.tsx) after the password.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { Flash } from '@/components/dashboard/ui';
import { takeFlash } from '@/lib/dashboard/catalog';
import { currentContext, dashboardLocale, SIGN_IN_FLASH_COOKIE, type SignInFlash } from '@/lib/dashboard/context';
import { getDb } from '@/lib/db/client';
import { t } from '@/lib/i18n/dashboard';
import { tt } from '@/lib/i18n/team';
import { signInAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  const s = t(await dashboardLocale());
  return { title: `${s.signInTitle} · Caisse` };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const str = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function SignInPage({ searchParams }: Props) {
  if (await currentContext()) redirect('/dashboard');
  const locale = await dashboardLocale();
  const s = t(locale);
  const sp = await searchParams;
  // A refused sign-in's flash (actions.ts): read once, then gone; its cookie dies within a minute.
  const token = (await cookies()).get(SIGN_IN_FLASH_COOKIE)?.value;
  const flash = token ? await takeFlash<SignInFlash>(await getDb(), token) : null;
  const wait = Math.max(1, flash?.wait ?? 60);
  const message =
    flash?.reason === 'invalid_credentials'
      ? s.invalidCredentials
      : flash?.reason === 'throttled'
        ? s.f('throttled', { wait: wait < 60 ? `${wait} s` : `${Math.ceil(wait / 60)} min` })
        : str(sp.error) === 'origin'
          ? s.originRefused
          : str(sp.error) === 'expired'
            ? tt(locale)('codeExpired')
            : null;
  const signedOut = str(sp.signedOut);
  return (
    <>
      <h1 className="db-h1">{s.signInTitle}</h1>
      {signedOut ? <Flash>{signedOut === 'all' ? s.signedOutEverywhere : s.signedOut}</Flash> : null}
      {message ? (
        <div className="db-flash db-flash-bad" role="alert" id="signin-error">
          {message}
        </div>
      ) : null}
      <form action={signInAction} className="db-form db-card">
        <div className="db-field">
          <label htmlFor="email">{s.email}</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={flash?.email ?? ''}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'signin-error' : undefined}
          />
        </div>
        <div className="db-field">
          <label htmlFor="password">{s.password}</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required aria-invalid={message ? true : undefined} />
        </div>
        <button type="submit" className="db-button">
          {s.signIn}
        </button>
      </form>
    </>
  );
}
