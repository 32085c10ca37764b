// The dashboard's shell: the merchant's name, the navigation, the test/live switch (on every page;
// test mode is also marked by a banner), the language switch and sign-out. Server-rendered forms
// posting to server actions: all of it works without JavaScript. Signed out (the sign-in page),
// only the language switch is shown.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { ACCOUNT_PATH, currentContext, dashboardLocale } from '@/lib/dashboard/context';
import { tb } from '@/lib/i18n/books';
import { t } from '@/lib/i18n/dashboard';
import { tr } from '@/lib/i18n/refunds';
import { tt } from '@/lib/i18n/team';
import { setLocaleAction, setModeAction, signOutAction, signOutEverywhereAction } from './actions';
import './dashboard.css';

export const metadata: Metadata = { title: 'Caisse', robots: { index: false, follow: false }, referrer: 'no-referrer' };

const NAV = [
  { href: '/dashboard', key: 'navPayments', match: (p: string) => p === '/dashboard' || p.startsWith('/dashboard/payments') },
  { href: '/dashboard/refunds', refunds: 'navRefunds' },
  { href: '/dashboard/balances', books: 'navBalances' },
  { href: '/dashboard/reports', books: 'navReports' },
  { href: '/dashboard/reconciliations', books: 'navReconciliation' },
  { href: '/dashboard/products', key: 'navProducts' },
  { href: '/dashboard/links', key: 'navLinks' },
  { href: '/dashboard/webhooks', key: 'navWebhooks' },
  { href: '/dashboard/payment-methods', key: 'navPaymentMethods' },
  { href: '/dashboard/keys', key: 'navKeys' },
  { href: '/dashboard/users', key: 'navUsers' },
] as const;

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const ctx = await currentContext();
  const locale = ctx?.locale ?? (await dashboardLocale());
  const s = t(locale);
  const path = (await headers()).get('x-dashboard-path') ?? '/dashboard';
  const other = locale === 'fr' ? 'en' : 'fr';
  const langForm = (
    <form action={setLocaleAction} className="db-inline">
      <input type="hidden" name="back" value={path} />
      <button type="submit" name="locale" value={other} lang={other} className="db-linkbutton" aria-label={`${s.language}: ${s.otherLanguage}`}>
        {s.otherLanguage}
      </button>
    </form>
  );

  if (!ctx) {
    return (
      <div className="db" lang={locale}>
        <a className="db-skip" href="#main">
          {s.skip}
        </a>
        <header className="db-header">
          <div className="db-top">
            <p className="db-brand">Caisse</p>
            {langForm}
          </div>
        </header>
        <main id="main" className="db-main db-main-narrow">
          {children}
        </main>
      </div>
    );
  }

  const merchant = await ctx.db.query<{ name: string }>(`select name from merchants where id = $1`, [ctx.merchantId]);
  const live = ctx.livemode;
  return (
    <div className={`db ${live ? 'db-live' : 'db-test'}`} lang={locale}>
      <a className="db-skip" href="#main">
        {s.skip}
      </a>
      <header className="db-header">
        {!live ? (
          <p className="db-testbanner" role="note">
            {s.testBanner}
          </p>
        ) : null}
        <div className="db-top">
          <p className="db-brand">
            <span className="db-merchant">{merchant[0]?.name ?? ctx.merchantId}</span>
            <span className={`db-mode db-mode-${live ? 'live' : 'test'}`}>{live ? s.modeLive : s.modeTest}</span>
          </p>
          <div className="db-topactions">
            <form action={setModeAction} className="db-inline">
              <input type="hidden" name="mode" value={live ? 'test' : 'live'} />
              <button type="submit" className="db-button db-button-secondary db-button-small">
                {live ? s.switchToTest : s.switchToLive}
              </button>
            </form>
            {langForm}
          </div>
        </div>
        <nav className="db-nav" aria-label={s.navLabel}>
          <ul>
            {NAV.map((n) => {
              const current = 'match' in n ? n.match(path) : path === n.href || path.startsWith(`${n.href}/`);
              return (
                <li key={n.href}>
                  <a href={n.href} aria-current={current ? 'page' : undefined}>
                    {'refunds' in n ? tr(locale)(n.refunds) : 'books' in n ? tb(locale)(n.books) : s[n.key]}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      <main id="main" className="db-main">
        {children}
      </main>
      <footer className="db-footer">
        <p className="db-muted">
          {s.f('signedInAs', { email: ctx.user.email })} · <a href={ACCOUNT_PATH}>{tt(locale)('navAccount')}</a>
        </p>
        <div className="db-footer-actions">
          <form action={signOutAction} className="db-inline">
            <button type="submit" className="db-button db-button-secondary db-button-small">
              {s.signOut}
            </button>
          </form>
          <form action={signOutEverywhereAction} className="db-inline">
            <button type="submit" className="db-button db-button-secondary db-button-small">
              {s.signOutEverywhere}
            </button>
          </form>
        </div>
      </footer>
    </div>
  );
}
