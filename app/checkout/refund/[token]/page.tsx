// The payer's refund claim page: GET <checkout_url>/refund/<token>, the `claimUrl` of a Lightning,
// on-chain or USDT refund (lib/refunds/claim.ts). Server-rendered from the database on every
// request (the CSP nonce of proxy.ts needs it), under the checkout's layout and stylesheet, with no
// script of its own: the form posts to a server action (lib/checkout/refund-actions.ts) that
// redirects back here, so it works without JavaScript on a slow phone. French unless the payer's
// browser or the checkout's language switch asks for English. The static `refund` segment wins
// over the checkout's `[id]` (a session id is `cs_...`, never "refund").
import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SubmitButton } from '@/components/checkout/client';
import { CopyField } from '@/components/checkout/copy-field';
import { RailIcon } from '@/components/checkout/icons';
import { setClaimLocale, submitRefundClaim } from '@/lib/checkout/refund-actions';
import { getDb } from '@/lib/db/client';
import { LOCALE_COOKIE, type Locale, pickLocale } from '@/lib/i18n';
import { formatAmount, formatAmountLong, formatSats } from '@/lib/i18n/format';
import {
  type ClaimErrorCode,
  type ClaimKind,
  claimErrorText,
  claimKind,
  destinationPrefix,
  formatDeadline,
  isClaimErrorCode,
  type TC,
  tClaim,
} from '@/lib/i18n/refund-claim';
import { railLabel } from '@/lib/money';
import { type ClaimView, claimView } from '@/lib/refunds/claim';
import { MIN_INVOICE_SECONDS } from '@/lib/refunds/shared';

type Params = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const load = cache(async (token: string) => claimView(await getDb(), token));

/** The payer's language: the checkout's switch (cookie), else Accept-Language, else French. */
async function claimLocale(): Promise<Locale> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return pickLocale({ cookie: c.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get('accept-language') });
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const view = await load((await params).token);
  const robots = { index: false, follow: false };
  if (!view) return { robots, referrer: 'no-referrer' };
  const tc = tClaim(await claimLocale());
  return { title: `${tc('title', { merchant: view.merchantName })} · Caisse`, robots, referrer: 'no-referrer' };
}

/** A long destination as a payer can check it at a glance: its start and its end. */
const shorten = (s: string) => (s.length > 24 ? `${s.slice(0, 12)}…${s.slice(-8)}` : s);

/** The refusals that are about what was pasted (the field is marked invalid); the others are not. */
const FIELD_ERRORS: readonly ClaimErrorCode[] = ['invalid_destination', 'wrong_network', 'amount_mismatch', 'invoice_expired'];

interface Props {
  view: ClaimView;
  token: string;
  tc: TC;
  locale: Locale;
  kind: ClaimKind;
}

/** What leaves on the rail, as the payer's wallet shows it: sats with the BTC amount, or USDT. */
const received = (view: ClaimView, locale: Locale) => formatAmountLong(view.settlementAmount, view.settlementCurrency, locale);

function statusLine({ view, tc }: Props): string {
  const merchant = view.merchantName;
  switch (view.state) {
    case 'open':
      return tc('statusOpen');
    case 'claimed':
      return tc('statusClaimed', { merchant });
    case 'paid':
      return tc('statusPaid');
    default:
      return tc('statusClosed');
  }
}

function ClaimForm({ view, token, tc, locale, kind, error, value, wait }: Props & { error?: ClaimErrorCode; value: string; wait?: number }) {
  const sats = kind === 'lightning' ? formatSats(view.settlementAmount, locale) : formatAmount(view.settlementAmount, view.settlementCurrency, locale);
  const minutes = Math.ceil(MIN_INVOICE_SECONDS / 60);
  const prefix = destinationPrefix(view.rail, view.livemode);
  const how = kind === 'lightning' ? tc('lnHow', { sats }) : kind === 'onchain' ? tc('btcHow') : tc('usdtHow');
  const label = kind === 'lightning' ? tc('lnLabel', { sats }) : kind === 'onchain' ? tc('btcLabel') : tc('usdtLabel');
  const hint = kind === 'lightning' ? tc('lnHint', { prefix, sats, minutes }) : kind === 'onchain' ? tc('btcHint', { prefix }) : tc('usdtHint');
  const bad = error !== undefined && FIELD_ERRORS.includes(error);
  const describedBy = error ? 'destination-error destination-hint' : 'destination-hint';
  const field = {
    id: 'destination',
    name: 'destination',
    required: true,
    autoComplete: 'off',
    autoCapitalize: 'none',
    autoCorrect: 'off',
    spellCheck: false,
    className: 'co-mono',
    defaultValue: value,
    'aria-describedby': describedBy,
    'aria-invalid': bad || undefined,
  } as const;
  return (
    <section className="co-card" aria-labelledby="claim-title">
      <h2 id="claim-title" className="co-h2">
        <RailIcon kind={kind} /> {tc('formTitle')}
      </h2>
      <p>{how}</p>
      {kind === 'usdt' ? (
        <p className="co-warning" role="note">
          <strong>{tc('usdtWarning')}</strong>
        </p>
      ) : null}
      {kind === 'usdt' && !view.livemode ? (
        <p className="co-muted" role="note">
          {tc('usdtTestNetwork')}
        </p>
      ) : null}
      <form action={submitRefundClaim} className="co-form">
        <input type="hidden" name="token" value={token} />
        <label htmlFor="destination">{label}</label>
        <div className="co-copyrow">
          {kind === 'lightning' ? <textarea {...field} rows={5} maxLength={2000} /> : <input {...field} type="text" inputMode="text" maxLength={200} />}
        </div>
        <p id="destination-hint" className="co-muted">
          {hint}
        </p>
        {error ? (
          <p id="destination-error" className="co-alert" role="alert">
            {claimErrorText(tc, error, { rail: view.rail, livemode: view.livemode, sats, minutes, wait })}
          </p>
        ) : null}
        <SubmitButton className="co-primary" pendingLabel={tc('sending')}>
          {tc('submit')}
        </SubmitButton>
      </form>
      {view.expiresAt ? <p className="co-muted">{tc('deadline', { date: formatDeadline(view.expiresAt, view.currency, locale) })}</p> : null}
    </section>
  );
}

/** Where the money goes: shortened to read, in full (selectable, with Copy when JavaScript runs) one tap away. */
function Destination({ view, tc }: Props) {
  if (!view.destination) return null;
  return (
    <div className="co-quote">
      <p className="co-muted">{tc('destination')}</p>
      <p className="co-mono co-wrap" data-testid="claim-destination">
        {shorten(view.destination)}
      </p>
      <details>
        <summary>{tc('destinationFull')}</summary>
        <CopyField
          id="claim-destination-full"
          label={tc('destinationField')}
          value={view.destination}
          copy={tc('copy')}
          copied={tc('copied')}
          multiline={view.destination.length > 80}
        />
      </details>
    </div>
  );
}

function Claimed(props: Props) {
  const { view, token, tc, locale } = props;
  const merchant = view.merchantName;
  return (
    <section className="co-card" aria-labelledby="out-title">
      <h2 id="out-title" className="co-h2">
        {tc('claimedTitle', { merchant })}
      </h2>
      <p>{tc('claimedText', { merchant, amount: received(view, locale) })}</p>
      <Destination {...props} />
      <a className="co-secondary co-link-button" href={`/checkout/refund/${token}`}>
        {tc('refresh')}
      </a>
    </section>
  );
}

function Paid(props: Props) {
  const { view, tc, locale } = props;
  return (
    <section className="co-card co-outcome co-ok" aria-labelledby="out-title">
      <svg className="co-big-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="out-title" className="co-h2">
        {tc('paidTitle')}
      </h2>
      <p>{tc('paidText', { amount: received(view, locale) })}</p>
      <Destination {...props} />
    </section>
  );
}

function Closed({ view, tc }: Props) {
  return (
    <section className="co-card co-outcome" aria-labelledby="out-title">
      <h2 id="out-title" className="co-h2">
        {tc('closedTitle')}
      </h2>
      <p>{tc('closedText', { merchant: view.merchantName })}</p>
    </section>
  );
}

export default async function RefundClaimPage({ params, searchParams }: Params) {
  const { token } = await params;
  const view = await load(token);
  if (!view) notFound();
  const sp = await searchParams;
  const error = isClaimErrorCode(sp.error) ? sp.error : undefined;
  const value = typeof sp.destination === 'string' ? sp.destination.slice(0, 2000) : '';
  // Seconds to wait after the action limit (lib/domain/action-limits.ts), from the redirect.
  const wait = typeof sp.wait === 'string' && /^\d{1,4}$/.test(sp.wait) ? Math.min(3600, Math.max(1, Number(sp.wait))) : undefined;
  const locale = await claimLocale();
  const tc = tClaim(locale);
  const other: Locale = locale === 'fr' ? 'en' : 'fr';
  const props: Props = { view, token, tc, locale, kind: claimKind(view.rail) };
  const sameAmount = view.currency === view.settlementCurrency && view.amount === view.settlementAmount;

  return (
    <div className="co" lang={locale}>
      <header>
        {!view.livemode ? (
          <p className="co-testbanner" data-testid="test-banner">
            <strong>{tc('testMode')}</strong> · {tc('testModeNote')}
          </p>
        ) : null}
        <div className="co-top">
          <p className="co-merchant">{view.merchantName}</p>
          <form action={setClaimLocale} className="co-lang">
            <input type="hidden" name="token" value={token} />
            <button type="submit" name="locale" value={other} lang={other} className="co-langbtn">
              <span className="co-sr">{tc('switchLanguage')}: </span>
              {tClaim(other)('langName')}
            </button>
          </form>
        </div>
      </header>
      <main className="co-main">
        <section className="co-summary" aria-labelledby="co-title">
          <h1 id="co-title" className="co-h1">
            {tc('title', { merchant: view.merchantName })}
          </h1>
          <dl className="co-quote co-quote-list">
            {sameAmount ? null : (
              <>
                <dt>{tc('refundAmount')}</dt>
                <dd className="co-quote-amount">{formatAmountLong(view.amount, view.currency, locale)}</dd>
              </>
            )}
            <dt>{tc('youReceive')}</dt>
            <dd>
              <span className="co-quote-amount" data-testid="claim-amount">
                {received(view, locale)}
              </span>{' '}
              <span className="co-muted">{tc('onRail', { rail: railLabel(view.rail, locale) })}</span>
            </dd>
          </dl>
        </section>

        <p className="co-status" role="status" id="co-status">
          {statusLine(props)}
        </p>
        {view.state === 'open' ? <ClaimForm {...props} error={error} value={value} wait={wait} /> : null}
        {view.state === 'claimed' ? <Claimed {...props} /> : null}
        {view.state === 'paid' ? <Paid {...props} /> : null}
        {view.state === 'closed' ? <Closed {...props} /> : null}
      </main>
    </div>
  );
}
