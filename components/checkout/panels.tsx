// The hosted page's server-rendered parts. Every action is a <form> bound to a server action, so
// the page works before (and without) hydration; client components only enhance.
import { chooseRail, resend, simulate, submitPhone } from '@/lib/checkout/actions';
import { approxOf, type CheckoutView, type Quote, quoteOf } from '@/lib/checkout/load';
import { htmlPhonePattern } from '@/lib/checkout/phone';
import type { NextAction } from '@/lib/domain/next-action';
import { countryName, hasKey, type Locale, type MessageKey, type T } from '@/lib/i18n';
import { formatAmount, formatAmountLong, formatApprox, formatClock, formatDuration, formatRate } from '@/lib/i18n/format';
import { fromDecimalString, isAddressRail, isMobileMoneyRail, RAIL_KIND_LABEL, type Rail, railKind } from '@/lib/money';
import type { AvailableRail } from '@/lib/payments/available-rails';
import { AutoRedirect, Countdown, SubmitButton } from './client';
import { CopyField } from './copy-field';
import { RailIcon } from './icons';
import { InvoiceQr } from './invoice-qr';

export interface PanelProps {
  view: CheckoutView;
  tr: T;
  locale: Locale;
  now: number;
  error?: string;
  phone?: string;
}

const Hidden = ({ id }: { id: string }) => <input type="hidden" name="session" value={id} />;

/** How long to wait, as a buyer reads it: "45 s", "2 min". */
const waitText = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`);

function errorText(tr: T, code: string, rail?: AvailableRail, wait?: number): string {
  if (code === 'invalid_phone' && rail)
    return tr('err_invalid_phone', { country: rail.country ?? '', operator: rail.displayName, example: rail.exampleNumber ?? '' });
  const key = `err_${code}`;
  // A limit without its wait (a hand-made URL) reads as "in a moment" rather than a bare {wait}.
  return hasKey(key) ? tr(key, { wait: wait ? waitText(wait) : '1 min' }) : tr('err_generic');
}

export function reasonText(tr: T, code: string | null | undefined): string {
  const key = `reason_${code ?? ''}`;
  return hasKey(key) ? tr(key) : tr('reason_generic');
}

/** A message with a React node in place of one {slot}. */
function slot(template: string, name: string, node: React.ReactNode): React.ReactNode {
  const [before, after] = template.split(`{${name}}`);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

export function ErrorBanner({ tr, code, rail, wait }: { tr: T; code: string; rail?: AvailableRail; wait?: number }) {
  if (code === 'invalid_phone') return null; // shown next to the phone field
  return (
    <p className="co-alert" role="alert">
      {errorText(tr, code, rail, wait)}
    </p>
  );
}

export function RailPicker({ view, tr, locale }: PanelProps) {
  if (view.rails.length === 0) return null;
  return (
    <form action={chooseRail} className="co-card">
      <Hidden id={view.id} />
      <fieldset className="co-fieldset">
        <legend className="co-h2">{tr('choosePayment')}</legend>
        <ul className="co-rails">
          {view.rails.map((r) => {
            const selected = r.rail === view.rail;
            // A converting rail: what it would cost at the current rate (locked once chosen).
            const ax = approxOf(r);
            return (
              <li key={r.rail}>
                <SubmitButton name="rail" value={r.rail} className={`co-rail${selected ? ' co-rail-on' : ''}`} pendingLabel={tr('sending')}>
                  <RailIcon kind={r.kind} />
                  <span className="co-rail-name">{r.displayName}</span>
                  <span className="co-rail-kind">{RAIL_KIND_LABEL[r.kind][locale]}</span>
                  {ax ? <span className="co-rail-approx">{formatApprox(ax.amount, ax.currency, locale)}</span> : null}
                  {selected ? <span className="co-sr">({tr('selected')})</span> : null}
                </SubmitButton>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </form>
  );
}

function marketOf(view: CheckoutView): AvailableRail | undefined {
  return view.rails.find((r) => r.rail === view.rail);
}

export function MobileMoneyForm(props: PanelProps) {
  const { view, tr, locale, error, phone } = props;
  const r = marketOf(view);
  if (!r?.dialCode || !r.nationalPattern) return null;
  const country = countryName(r.country ?? '', locale);
  const rl = { ...r, country };
  const bad = error === 'invalid_phone';
  // Leaving a redirect operator for another rail is not the payer's failure: no "try again".
  const retry = view.intent?.lastErrorCode === 'payment_abandoned' ? null : view.intent?.lastErrorCode;
  // Orange Money and Wave ask the payer on their own page or app: the number is optional.
  const redirect = r.flow === 'redirect';
  const submit =
    r.protocol === 'orange_money'
      ? tr('omContinue')
      : r.protocol === 'wave'
        ? tr('wavePay')
        : tr('mmSubmit', { amount: formatAmount(view.amount, view.currency, locale) });
  return (
    <section className="co-card" aria-labelledby="mm-title">
      <h2 id="mm-title" className="co-h2">
        <RailIcon kind="mobile_money" /> {retry ? tr('mmRetryTitle') : r.displayName}
      </h2>
      {retry ? (
        <p className="co-alert" role="alert">
          {reasonText(tr, retry)}
        </p>
      ) : null}
      {r.protocol === 'orange_money' ? <p id="mm-explain">{tr('omExplain', { ussd: r.ussdCode ?? '' })}</p> : null}
      {r.protocol === 'wave' ? <p id="mm-explain">{tr('waveExplain')}</p> : null}
      <form action={submitPhone} className="co-form">
        <Hidden id={view.id} />
        <input type="hidden" name="rail" value={r.rail} />
        <input type="hidden" name="locale" value={locale} />
        <label htmlFor="phone">{redirect ? tr('mmPhoneOptional', { operator: r.displayName }) : tr('mmPhoneLabel', { operator: r.displayName })}</label>
        <div className="co-phone">
          <span className="co-dial" aria-hidden="true">
            {r.country} {r.dialCode}
          </span>
          <input
            id="phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required={!redirect}
            pattern={htmlPhonePattern(r.nationalPattern, r.dialCode)}
            title={tr('mmPhoneHint', { country, example: r.exampleNumber ?? '' })}
            defaultValue={phone ?? view.intent?.lastPhone ?? ''}
            aria-describedby={bad ? 'phone-error phone-hint' : 'phone-hint'}
            aria-invalid={bad || undefined}
            placeholder={r.exampleNumber}
          />
        </div>
        <p id="phone-hint" className="co-muted">
          {r.dialCode} · {tr('mmPhoneHint', { country, example: r.exampleNumber ?? '' })}
          {redirect ? ` ${tr('mmPhoneOptionalHint', { operator: r.displayName })}` : ''}
          {r.protocol === 'wave' ? ` ${tr('waveRestrictHint')}` : ''}
        </p>
        {bad ? (
          <p id="phone-error" className="co-alert" role="alert">
            {errorText(tr, 'invalid_phone', rl)}
          </p>
        ) : null}
        <SubmitButton className="co-primary" pendingLabel={tr('sending')}>
          {submit}
        </SubmitButton>
      </form>
    </section>
  );
}

export function MobileMoneyWait({ view, tr, locale, now }: PanelProps) {
  const a = view.intent?.nextAction;
  if (a?.type !== 'mobile_money_prompt') return null;
  return (
    <section className="co-card" aria-labelledby="wait-title">
      <h2 id="wait-title" className="co-h2">
        <RailIcon kind="mobile_money" /> {tr('mmApproveTitle')}
      </h2>
      <p>{tr('mmApproveText', { amount: formatAmount(view.amount, view.currency, locale), phone: a.phone, operator: a.operator })}</p>
      {a.expiresAt ? (
        <p className="co-timer">
          {tr('mmTimeLeft')} <Countdown until={a.expiresAt} initial={formatDuration(a.expiresAt - now)} />
        </p>
      ) : null}
      {a.ussdCode ? <p>{tr('mmNoPrompt', { ussd: a.ussdCode })}</p> : null}
      <form action={resend}>
        <Hidden id={view.id} />
        <SubmitButton className="co-secondary" pendingLabel={tr('sending')}>
          {tr('mmResend')}
        </SubmitButton>
      </form>
    </section>
  );
}

/**
 * Pending at a redirect operator. Orange Money: the buyer is back (or never went): the link to
 * Orange's page again, the one-time code hint, and waiting. Wave: the button that opens the app
 * and, on a wide screen, the same link as a QR code to scan with the phone; the page waits.
 */
export async function RedirectWait({ view, tr, locale, now }: PanelProps) {
  const a = view.intent?.nextAction;
  if (a?.type !== 'redirect_to_url') return null;
  const amount = formatAmount(view.amount, view.currency, locale);
  const timer = a.expiresAt ? (
    <p className="co-timer">
      {tr('redirectTimeLeft')} <Countdown until={a.expiresAt} initial={formatDuration(a.expiresAt - now)} />
    </p>
  ) : null;
  const other = view.rails.length > 1 ? <p className="co-muted">{tr('otherMethod')}</p> : null;
  if (view.intent?.protocol === 'wave') {
    return (
      <section className="co-card" aria-labelledby="wave-title">
        <h2 id="wave-title" className="co-h2">
          <RailIcon kind="mobile_money" /> {tr('waveWaitTitle', { amount })}
        </h2>
        <a className="co-primary co-link-button" href={a.url} data-testid="wave-launch">
          {tr('wavePay')}
        </a>
        <p>{tr('waveWaitText')}</p>
        <div className="co-wide-only">
          <p>{tr('waveScan')}</p>
          <InvoiceQr text={a.url} label={tr('waveQr')} />
        </div>
        {timer}
        {other}
      </section>
    );
  }
  return (
    <section className="co-card" aria-labelledby="om-title">
      <h2 id="om-title" className="co-h2">
        <RailIcon kind="mobile_money" /> {tr('omWaitTitle')}
      </h2>
      <p>{tr('omWaitText', { amount })}</p>
      <p className="co-muted">{tr('omBack')}</p>
      <a className="co-primary co-link-button" href={a.url} rel="noreferrer" data-testid="operator-link">
        {tr('omContinue')}
      </a>
      {view.intent?.ussdCode ? <p>{tr('omOtpHint', { ussd: view.intent.ussdCode })}</p> : null}
      {timer}
      {other}
    </section>
  );
}

export function ShowDetails({ view, tr }: PanelProps) {
  if (!view.rail || isMobileMoneyRail(view.rail) || view.expiredQuote) return null;
  return (
    <form action={chooseRail} className="co-card">
      <Hidden id={view.id} />
      <input type="hidden" name="rail" value={view.rail} />
      <SubmitButton className="co-primary" pendingLabel={tr('sending')}>
        {tr('showDetails')}
      </SubmitButton>
    </form>
  );
}

function Confirmations({ a, tr }: { a: Extract<NextAction, { type: 'bitcoin_address' }>; tr: T }) {
  return (
    <div className="co-field">
      <label htmlFor="confs">
        {tr('confirmations')} {Math.min(a.confirmations, a.requiredConfirmations)} / {a.requiredConfirmations}
      </label>
      <progress id="confs" max={a.requiredConfirmations} value={Math.min(a.confirmations, a.requiredConfirmations)} />
    </div>
  );
}

/**
 * A converting rail's locked quote: the amount to send, the rate in words, the time left on it (a
 * countdown the client ticks; the server renders its value and the end time, which is what a page
 * without JavaScript reads, refreshed by its waiting-screen refresh), and what is fixed and what is
 * locked. Once money is seen (`seen`), the quote no longer runs out for it: no countdown.
 */
function QuoteBox({ view, tr, locale, now, quote }: PanelProps & { quote: Quote }) {
  const until = formatClock(quote.expiresAt, view.currency, locale);
  return (
    <div className="co-quote" data-testid="quote">
      <dl className="co-quote-list">
        <div>
          <dt>{tr('quoteLocked')}</dt>
          <dd className="co-quote-amount">{formatAmountLong(quote.amount, quote.currency, locale)}</dd>
        </div>
        <div>
          <dt>{tr('quoteRate')}</dt>
          <dd>{formatRate(quote.rate, quote.currency, view.currency, locale)}</dd>
        </div>
        {view.phase === 'seen' ? null : (
          <div>
            <dt>{tr('quoteTimeLeft')}</dt>
            <dd>
              <span className="co-timer">
                <Countdown until={quote.expiresAt} initial={formatDuration(quote.expiresAt - now)} />
              </span>{' '}
              <span className="co-muted">{tr('quoteUntil', { time: until })}</span>
            </dd>
          </div>
        )}
      </dl>
      <p className="co-muted">
        {view.phase === 'seen'
          ? tr('quoteSeenExplain')
          : tr('quoteExplain', { amount: formatAmount(view.amount, view.currency, locale), crypto: quote.currency })}
      </p>
    </div>
  );
}

/**
 * The quote ran out with nothing paid (or is past its end, before the worker has closed it): "This
 * rate has expired" and a plain form that chooses the same rail again, which makes a new attempt
 * with a new quote. Works without JavaScript.
 */
export function ExpiredQuote({ view, tr, locale, rail, quote }: PanelProps & { rail: Rail; quote: Quote }) {
  return (
    <section className="co-card" aria-labelledby="quote-expired-title">
      <h2 id="quote-expired-title" className="co-h2">
        <RailIcon kind={railKind(rail)} /> {tr('quoteExpiredTitle')}
      </h2>
      <p>
        {tr('quoteExpiredText', {
          crypto: quote.currency,
          time: formatClock(quote.expiresAt, view.currency, locale),
          amount: formatAmount(view.amount, view.currency, locale),
        })}
      </p>
      <form action={chooseRail}>
        <Hidden id={view.id} />
        <input type="hidden" name="rail" value={rail} />
        <SubmitButton className="co-primary" pendingLabel={tr('sending')}>
          {tr('quoteRenew')}
        </SubmitButton>
      </form>
      {view.rails.length > 1 ? <p className="co-muted">{tr('quoteRenewNote')}</p> : null}
    </section>
  );
}

/** The rate ran out on the page: the view says so, or the live quote is past its end. */
export function expiredQuoteOf(view: CheckoutView, now: number): { rail: Rail; quote: Quote } | null {
  if (view.expiredQuote) return { rail: view.expiredQuote.rail, quote: view.expiredQuote };
  const q = quoteOf(view.intent?.nextAction);
  if (q && view.phase === 'awaiting' && view.rail && q.expiresAt <= now) return { rail: view.rail, quote: q };
  return null;
}

export async function CryptoPanel(props: PanelProps) {
  const { view, tr, locale, now } = props;
  const a = view.intent?.nextAction;
  if (!a) return null;
  const copy = { copy: tr('copy'), copied: tr('copied') };
  const quote = quoteOf(a);
  const over = expiredQuoteOf(view, now);
  if (over) return <ExpiredQuote {...props} rail={over.rail} quote={over.quote} />;
  const quoteBox = quote ? <QuoteBox {...props} quote={quote} /> : null;
  if (a.type === 'lightning_invoice') {
    const expired = a.expiresAt !== null && a.expiresAt <= now;
    return (
      <section className="co-card" aria-labelledby="ln-title">
        <h2 id="ln-title" className="co-h2">
          <RailIcon kind="lightning" /> {tr('lnTitle')}
        </h2>
        {expired ? (
          <form action={chooseRail}>
            <p>{tr('lnExpired')}</p>
            <Hidden id={view.id} />
            {/* The same rail again: a new invoice. */}
            <input type="hidden" name="rail" value={view.rail ?? ''} />
            <SubmitButton className="co-primary" pendingLabel={tr('sending')}>
              {tr('lnNewInvoice')}
            </SubmitButton>
          </form>
        ) : (
          <>
            {quoteBox}
            <p>{tr('lnScan')}</p>
            <InvoiceQr text={a.uri.toUpperCase()} label={tr('lnQr')} />
            <a className="co-primary co-link-button" href={a.uri}>
              {tr('openWallet')}
            </a>
            <CopyField id="invoice" label={tr('lnInvoice')} value={a.invoice} multiline {...copy} />
            {a.expiresAt && !quote ? (
              <p className="co-muted">{slot(tr('lnExpires'), 'time', <Countdown until={a.expiresAt} initial={formatDuration(a.expiresAt - now)} />)}</p>
            ) : null}
          </>
        )}
      </section>
    );
  }
  if (a.type === 'bitcoin_address') {
    return (
      <section className="co-card" aria-labelledby="btc-title">
        <h2 id="btc-title" className="co-h2">
          <RailIcon kind="onchain" /> {tr('btcTitle')}
        </h2>
        {view.phase === 'seen' ? <Confirmations a={a} tr={tr} /> : null}
        {quoteBox}
        <p>{tr('btcScan')}</p>
        <InvoiceQr text={a.uri} label={tr('btcQr')} />
        <p className="co-muted co-mono co-wrap" id="btc-uri">
          {a.uri}
        </p>
        <a className="co-primary co-link-button" href={a.uri}>
          {tr('openWallet')}
        </a>
        <CopyField id="address" label={tr('address')} value={a.address} {...copy} />
        <CopyField id="amount" label={`${tr('exactAmount')} (BTC)`} value={a.amount} {...copy} />
        <p className="co-muted">{formatAmountLong(fromDecimalString(a.amount, 'BTC'), 'BTC', locale)}</p>
      </section>
    );
  }
  if (a.type === 'tron_address') {
    return (
      <section className="co-card" aria-labelledby="usdt-title">
        <h2 id="usdt-title" className="co-h2">
          <RailIcon kind="usdt" /> {tr('usdtTitle')}
        </h2>
        <p className="co-warning" role="note">
          <strong>{tr('usdtWarning')}</strong>
        </p>
        {view.livemode ? null : (
          <p className="co-muted" role="note" data-testid="usdt-test-network">
            {tr('usdtTestNetwork', { contract: a.contract })}
          </p>
        )}
        {quoteBox}
        <p>{tr('usdtScan')}</p>
        <InvoiceQr text={a.address} label={tr('usdtQr')} />
        <CopyField id="address" label={`${tr('address')} (TRC20)`} value={a.address} {...copy} />
        <CopyField id="amount" label={`${tr('exactAmount')} (USDT)`} value={a.amount} {...copy} />
        <p className="co-muted">{formatAmount(fromDecimalString(a.amount, 'USDT'), 'USDT', locale)}</p>
      </section>
    );
  }
  return null;
}

export function TestControls({ view, tr, now }: PanelProps) {
  if (view.livemode || !view.simulated || !view.intent || !view.rail) return null;
  if (!['choose', 'awaiting', 'approve'].includes(view.phase)) return null;
  // A rate that ran out is renewed first ("Get a new rate"): nothing to pay until then.
  if (expiredQuoteOf(view, now)) return null;
  const address = isAddressRail(view.rail);
  const quoted = view.phase === 'awaiting' && quoteOf(view.intent.nextAction) !== null;
  const outcomes: [string, MessageKey][] = [
    ['pay', 'testPay'],
    ...(address
      ? ([
          ['under', 'testUnderpay'],
          ['over', 'testOverpay'],
        ] as [string, MessageKey][])
      : []),
    ['fail', 'testFail'],
    ...(quoted ? ([['expire_quote', 'testExpireQuote']] as [string, MessageKey][]) : []),
  ];
  return (
    <form action={simulate} className="co-card co-test" aria-labelledby="test-title">
      <h2 id="test-title" className="co-h2">
        {tr('testControls')}
      </h2>
      <Hidden id={view.id} />
      <div className="co-buttons">
        {outcomes.map(([value, key]) => (
          <SubmitButton key={value} name="outcome" value={value} className="co-secondary" pendingLabel={tr('sending')}>
            {tr(key)}
          </SubmitButton>
        ))}
      </div>
    </form>
  );
}

export function Outcome({ view, tr, locale }: PanelProps) {
  const merchant = view.merchantName;
  const amount = formatAmountLong(view.amount, view.currency, locale);
  if (view.phase === 'succeeded') {
    return (
      <section className="co-card co-outcome co-ok" aria-labelledby="out-title">
        <svg className="co-big-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h2 id="out-title" className="co-h2">
          {tr('successTitle')}
        </h2>
        <p>{tr('successText', { merchant, amount })}</p>
        {view.successUrl ? (
          <>
            <a className="co-primary co-link-button" href={view.successUrl}>
              {tr('backToMerchant', { merchant })}
            </a>
            <AutoRedirect url={view.successUrl} seconds={5} template={tr('redirectIn', { merchant, n: '{n}' })} />
            <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="5;url=${escapeAttr(view.successUrl)}">` }} />
          </>
        ) : null}
      </section>
    );
  }
  const title = view.phase === 'expired' ? tr('expiredTitle') : view.phase === 'canceled' ? tr('canceledTitle') : tr('failedTitle');
  const text =
    view.phase === 'expired'
      ? tr('expiredText', { merchant })
      : view.phase === 'canceled'
        ? tr('canceledText', { merchant })
        : reasonText(tr, view.intent?.lastErrorCode);
  return (
    <section className="co-card co-outcome" aria-labelledby="out-title">
      <h2 id="out-title" className="co-h2">
        {title}
      </h2>
      <p>{text}</p>
      {view.intent && view.intent.amountReceived > 0 ? (
        <p>{tr('received', { amount: formatAmountLong(view.intent.amountReceived, view.currency, locale) })}</p>
      ) : null}
      {view.cancelUrl ? (
        <a className="co-primary co-link-button" href={view.cancelUrl}>
          {tr('backTo', { merchant })}
        </a>
      ) : null}
    </section>
  );
}

export function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
