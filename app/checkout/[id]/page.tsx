// The hosted checkout page: GET <checkout_url>/<id>. Rendered on the server from the database on
// every request (dynamic; the CSP nonce needs it); forms post to server actions (./actions.ts).
import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { LiveStatus } from '@/components/checkout/live-status';
import {
  CryptoPanel,
  ErrorBanner,
  ExpiredQuote,
  expiredQuoteOf,
  MobileMoneyForm,
  MobileMoneyWait,
  Outcome,
  type PanelProps,
  RailPicker,
  RedirectWait,
  ShowDetails,
  TestControls,
} from '@/components/checkout/panels';
import { getStatus, setLocale } from '@/lib/checkout/actions';
import { type CheckoutView, loadCheckout } from '@/lib/checkout/load';
import { getDb } from '@/lib/db/client';
import { LOCALE_COOKIE, type Locale, pickLocale, type T, t } from '@/lib/i18n';
import { formatAmountLong } from '@/lib/i18n/format';
import { nowSeconds } from '@/lib/ids';
import { isMobileMoneyRail } from '@/lib/money';

type Params = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const load = cache(async (id: string) => loadCheckout(await getDb(), id));

async function localeFor(view: CheckoutView): Promise<Locale> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return pickLocale({
    cookie: c.get(LOCALE_COOKIE)?.value,
    sessionLocale: view.sessionLocale,
    acceptLanguage: h.get('accept-language'),
    currency: view.currency,
  });
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const view = await load((await params).id);
  const robots = { index: false, follow: false };
  if (!view) return { robots, referrer: 'no-referrer' };
  const tr = t(await localeFor(view));
  return { title: `${tr('payTo', { merchant: view.merchantName })} · Caisse`, robots, referrer: 'no-referrer' };
}

function statusLine(view: CheckoutView, tr: T, now: number): string {
  if (expiredQuoteOf(view, now)) return tr('statusQuoteExpired');
  switch (view.phase) {
    case 'choose':
      return tr('statusChoose');
    case 'awaiting':
      return tr('statusAwaiting');
    case 'approve':
      if (view.intent?.nextAction?.type === 'redirect_to_url') return tr(view.intent.protocol === 'wave' ? 'statusWave' : 'statusOrange');
      return tr('statusApprove');
    case 'seen': {
      const a = view.intent?.nextAction;
      if (a?.type === 'bitcoin_address' && a.confirmations > 0)
        return tr('statusConfirming', { n: Math.min(a.confirmations, a.requiredConfirmations), m: a.requiredConfirmations });
      return tr('statusSeen');
    }
    case 'succeeded':
      return tr('statusSucceeded');
    case 'expired':
      return tr('statusExpired');
    case 'canceled':
      return tr('statusCanceled');
    default:
      return tr('statusFailed');
  }
}

/** Seconds between self-refreshes without JavaScript (waiting screens only). */
function refreshSeconds(view: CheckoutView): number | null {
  if (view.phase === 'approve' || view.phase === 'seen') return 3;
  if (view.phase === 'awaiting') return 10;
  return null;
}

export default async function CheckoutPage({ params, searchParams }: Params) {
  const { id } = await params;
  const view = await load(id);
  if (!view) notFound();
  const sp = await searchParams;
  const error = typeof sp.error === 'string' ? sp.error.slice(0, 40) : undefined;
  const phone = typeof sp.phone === 'string' ? sp.phone.slice(0, 32) : undefined;
  // Seconds to wait after a limit (lib/domain/phone-limits.ts, action-limits.ts), from the redirect.
  const waitRaw = typeof sp.wait === 'string' && /^\d{1,4}$/.test(sp.wait) ? Number(sp.wait) : undefined;
  const wait = waitRaw === undefined ? undefined : Math.min(3600, Math.max(1, waitRaw));
  const locale = await localeFor(view);
  const tr = t(locale);
  const now = nowSeconds();
  const props: PanelProps = { view, tr, locale, now, error, phone };
  const open = ['choose', 'awaiting', 'approve', 'seen'].includes(view.phase);
  const mm = view.rail !== null && isMobileMoneyRail(view.rail);
  const redirectWait = view.phase === 'approve' && view.intent?.nextAction?.type === 'redirect_to_url';
  const a = view.intent?.nextAction;
  // ?go=1 right after "Continue to Orange Money": this page refreshes to Orange's payment page.
  const go = sp.go === '1' && redirectWait && a?.type === 'redirect_to_url' && view.intent?.protocol === 'orange_money' ? a.url : null;
  const refresh = refreshSeconds(view);
  const other: Locale = locale === 'fr' ? 'en' : 'fr';

  return (
    <div className="co" lang={locale}>
      <header>
        {!view.livemode ? (
          <p className="co-testbanner">
            <strong>{tr('testMode')}</strong> · {tr('testModeNote')}
          </p>
        ) : null}
        <div className="co-top">
          <p className="co-merchant">{view.merchantName}</p>
          <form action={setLocale} className="co-lang">
            <input type="hidden" name="session" value={view.id} />
            <button type="submit" name="locale" value={other} lang={other} className="co-langbtn">
              <span className="co-sr">{tr('switchLanguage')}: </span>
              {t(other)('langName')}
            </button>
          </form>
        </div>
      </header>
      <main className="co-main">
        <section className="co-summary" aria-labelledby="co-title">
          <h1 id="co-title" className="co-h1">
            {tr('payTo', { merchant: view.merchantName })}
          </h1>
          {view.title ? <p className="co-item">{view.title}</p> : null}
          {view.description ? <p className="co-muted">{view.description}</p> : null}
          <p className="co-amount">
            <span className="co-sr">{tr('amountDue')}: </span>
            {formatAmountLong(view.amount, view.currency, locale)}
          </p>
        </section>

        <p className="co-status" role="status" aria-live="polite" aria-atomic="true" id="co-status">
          {statusLine(view, tr, now)}
        </p>
        {error ? <ErrorBanner tr={tr} code={error} wait={wait} /> : null}

        {open ? (
          <>
            {redirectWait ? <RedirectWait {...props} /> : null}
            {view.phase === 'choose' || view.phase === 'awaiting' || redirectWait ? <RailPicker {...props} /> : null}
            {view.phase === 'choose' && mm ? <MobileMoneyForm {...props} /> : null}
            {view.phase === 'choose' && !mm ? <ShowDetails {...props} /> : null}
            {view.phase === 'choose' && view.expiredQuote ? <ExpiredQuote {...props} rail={view.expiredQuote.rail} quote={view.expiredQuote} /> : null}
            {view.phase === 'approve' ? <MobileMoneyWait {...props} /> : null}
            {view.phase === 'awaiting' || view.phase === 'seen' ? <CryptoPanel {...props} /> : null}
            <TestControls {...props} />
            {view.cancelUrl ? (
              <p className="co-cancel">
                <a href={view.cancelUrl}>{tr('cancelAndReturn', { merchant: view.merchantName })}</a>
              </p>
            ) : null}
            <LiveStatus id={view.id} version={view.version} fast={view.phase !== 'choose'} poll={getStatus} />
          </>
        ) : (
          <Outcome {...props} />
        )}
        {go ? (
          // Just submitted "Continue to Orange Money": on to Orange's page (a link too, above).
          <meta httpEquiv="refresh" content={`0;url=${go}`} />
        ) : refresh ? (
          <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${refresh};url=/checkout/${view.id}">` }} />
        ) : null}
      </main>
    </div>
  );
}
