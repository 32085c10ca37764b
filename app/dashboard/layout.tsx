// The dashboard's shell: the merchant's name, the navigation, the test/live switch (on every page;
// test mode is also marked by a banner), the language switch and sign-out. Server-rendered forms
// posting to server actions: all of it works without JavaScript. Signed out (the sign-in page),
// only the language switch is shown.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { railBanners } from '@/lib/dashboard/banners';
import { ACCOUNT_PATH, can, currentContext, dashboardLocale } from '@/lib/dashboard/context';
import { ta } from '@/lib/i18n/access';
import { tb } from '@/lib/i18n/books';
import { formatDateTime, t } from '@/lib/i18n/dashboard';
import { tr } from '@/lib/i18n/refunds';
import { tt } from '@/lib/i18n/team';
import { RAIL_CATALOG } from '@/lib/money';
import { dismissBannerAction, setLocaleAction, setModeAction, signOutAction, signOutEverywhereAction } from './actions';
import './dashboard.css';

export const metadata: Metadata = { title: 'Caisse', robots: { index: false, follow: false }, referrer: 'no-referrer' };

// Each entry names what its page needs (the page checks it itself): the navigation shows a role only
// what it can open.
const NAV = [
  { href: '/dashboard', key: 'navPayments', need: 'payments.read', match: (p: string) => p === '/dashboard' || p.startsWith('/dashboard/payments') },
  { href: '/dashboard/refunds', refunds: 'navRefunds', need: 'payments.read' },
  { href: '/dashboard/balances', books: 'navBalances', need: 'reports.read' },
  { href: '/dashboard/reports', books: 'navReports', need: 'reports.read' },
  { href: '/dashboard/reconciliations', books: 'navReconciliation', need: 'reports.read' },
  { href: '/dashboard/products', key: 'navProducts', need: 'payments.read' },
  { href: '/dashboard/links', key: 'navLinks', need: 'payments.read' },
  { href: '/dashboard/webhooks', key: 'navWebhooks', need: 'webhooks.write' },
  { href: '/dashboard/payment-methods', key: 'navPaymentMethods', need: 'payments.read' },
  { href: '/dashboard/keys', key: 'navKeys', need: 'keys.manage' },
  { href: '/dashboard/users', key: 'navUsers', need: 'users.manage' },
  { href: '/dashboard/audit', access: 'navAudit', need: 'audit.read' },
] as const;

/** The banner's words for each kind of change of where the money lands (lib/dashboard/banners.ts). */
const BANNER_TEXT = {
  created: 'bannerRailCreated',
  updated: 'bannerRailChanged',
  disabled: 'bannerRailDisabled',
  approval_off: 'bannerApprovalOff',
  owner_added: 'bannerOwnerAdded',
  two_factor_reset: 'bannerTwoFactorReset',
} as const;

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
  // A rail account change, shown to every owner until each dismisses it (issue 29).
  const banners = (ctx.user.role ?? 'owner') === 'owner' ? await railBanners(ctx.db, ctx.merchantId, ctx.user.id) : [];
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
            {NAV.filter((n) => can(ctx, n.need)).map((n) => {
              const current = 'match' in n ? n.match(path) : path === n.href || path.startsWith(`${n.href}/`);
              return (
                <li key={n.href}>
                  <a href={n.href} aria-current={current ? 'page' : undefined}>
                    {'refunds' in n ? tr(locale)(n.refunds) : 'books' in n ? tb(locale)(n.books) : 'access' in n ? ta(locale)(n.access) : s[n.key]}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      <main id="main" className="db-main">
        {banners.length ? (
          <section className="db-alerts" aria-label={ta(locale)('bannerLabel')}>
            {banners.map((b) => (
              <div key={b.auditId} className="db-alert" role="alert">
                <p>
                  {ta(locale)(BANNER_TEXT[b.kind], {
                    rail: b.rail ? RAIL_CATALOG[b.rail].label[locale] : b.accountId,
                    mode: ta(locale)(b.livemode ? 'bannerModeLive' : 'bannerModeTest'),
                    date: formatDateTime(b.createdAt, locale, ctx.timeZone),
                    who: b.who,
                    subject: b.subject ?? '',
                  })}
                </p>
                <form action={dismissBannerAction} className="db-inline">
                  <input type="hidden" name="audit" value={b.auditId} />
                  <input type="hidden" name="back" value={path} />
                  <button type="submit" className="db-button db-button-secondary db-button-small">
                    {ta(locale)('bannerDismiss')}
                  </button>
                </form>
              </div>
            ))}
          </section>
        ) : null}
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
