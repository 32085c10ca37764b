// A payment's refunds on its dashboard page, server-rendered (no client JavaScript but the existing
// Copy button): the "Refund" form (amount in major units, reason, and for a converted payment the
// rate and what leaves on the rail), and each refund with what must happen next: the payer's claim
// link (copy, QR code, WhatsApp), the operator portal's steps or the wallet payment to send, each
// with "Mark as refunded"; "Cancel" while nothing went out. The server actions come in as props.
import type { ReactNode } from 'react';
import { CopyField } from '@/components/dashboard/catalog/parts';
import { Badge, Details, toneOf } from '@/components/dashboard/ui';
import {
  amountExample,
  cancellable,
  majorOf,
  qrPath,
  REFUND_REASONS,
  type Refundability,
  type RefundFormValues,
  refundAmountText,
  refundRateText,
  whatsappShareUrl,
} from '@/lib/dashboard/refunds';
import type { Refund } from '@/lib/domain/refunds';
import { ta } from '@/lib/i18n/access';
import { tc } from '@/lib/i18n/catalog';
import { formatDateTime, t as ts } from '@/lib/i18n/dashboard';
import { formatAmountLong, formatRate } from '@/lib/i18n/format';
import { refundReasonLabel, refundStatusLabel, tr } from '@/lib/i18n/refunds';
import type { Locale } from '@/lib/i18n/translate';
import type { Currency } from '@/lib/money';

type Action = (form: FormData) => Promise<void>;

/** The "Refund" form of a payment with something refundable; `values`: what was typed before a refusal. */
export function RefundForm({
  intent,
  r,
  values,
  locale,
  action,
}: {
  intent: { id: string; currency: Currency };
  r: Refundability;
  values: RefundFormValues | null;
  locale: Locale;
  action: Action;
}) {
  const t = tr(locale);
  const money = (n: number, c: Currency) => formatAmountLong(n, c, locale);
  const amount = values?.amount ?? majorOf(r.defaultAmount || r.refundable, intent.currency);
  const reason = values && (REFUND_REASONS as readonly string[]).includes(values.reason) ? values.reason : 'requested_by_customer';
  const rate = values?.rate === 'current' ? 'current' : 'quote';
  const c = r.conversion;
  return (
    <form action={action} className="db-card db-form rf-form" aria-labelledby="refund-form-h">
      <h3 className="rf-h3" id="refund-form-h">
        {t('formTitle')}
      </h3>
      <input type="hidden" name="intent" value={intent.id} />
      <div className="db-field">
        <label htmlFor="refund-amount">{t('amountLabel', { currency: intent.currency })}</label>
        <input
          id="refund-amount"
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={40}
          defaultValue={amount}
          aria-describedby="refund-amount-hint"
        />
        <p className="db-muted" id="refund-amount-hint">
          {t('amountHint', { max: money(r.refundable, intent.currency), example: amountExample(intent.currency, locale) })}
          {r.defaultAmount > 0 && r.defaultAmount < r.refundable ? ` ${t('onePaymentHint', { max: money(r.defaultAmount, intent.currency) })}` : null}
        </p>
      </div>
      <div className="db-field">
        <label htmlFor="refund-reason">{t('reasonLabel')}</label>
        <select id="refund-reason" name="reason" defaultValue={reason}>
          {REFUND_REASONS.map((x) => (
            <option key={x} value={x}>
              {refundReasonLabel(x, locale)}
            </option>
          ))}
        </select>
      </div>
      {c ? (
        <fieldset className="dc-fieldset">
          <legend>{t('rateLegend')}</legend>
          <p className="db-muted">{t('convertedNote', { intentCurrency: intent.currency, settlementCurrency: c.settlementCurrency })}</p>
          <label className="dc-check">
            <input type="radio" name="rate" value="quote" defaultChecked={rate === 'quote'} aria-describedby="refund-rate-quote" />
            {t('rateQuote')}
          </label>
          <p className="db-muted rf-indent" id="refund-rate-quote">
            {t('rateQuoteHelp', {
              amount: money(r.defaultAmount, intent.currency),
              settlement: money(c.defaultSettlement, c.settlementCurrency),
              rate: formatRate(c.rate, c.settlementCurrency, intent.currency, locale),
            })}
          </p>
          <label className="dc-check">
            <input type="radio" name="rate" value="current" defaultChecked={rate === 'current'} aria-describedby="refund-rate-current" />
            {t('rateCurrent')}
          </label>
          <p className="db-muted rf-indent" id="refund-rate-current">
            {t('rateCurrentHelp', { currency: c.settlementCurrency })}
          </p>
        </fieldset>
      ) : null}
      <p className="db-muted" id="refund-submit-hint">
        {t('submitHint')}
      </p>
      <div className="db-formactions">
        <button type="submit" className="db-button" aria-describedby="refund-submit-hint">
          {t('submit')}
        </button>
      </div>
    </form>
  );
}

/** A QR code drawn on the server (lib/dashboard/refunds.ts qrPath), named for screen readers. */
function QrSvg({ text, label }: { text: string; label: string }) {
  const { size, d } = qrPath(text);
  return (
    <svg className="rf-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} xmlns="http://www.w3.org/2000/svg" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}

/** One refund: its amounts, status, reason, times and references, and what to do next. */
export function RefundItem({
  refund: r,
  locale,
  timeZone,
  cancelAction,
  markAction,
  approval,
  showClaim = false,
}: {
  refund: Refund;
  /**
   * The claim link (whoever holds it chooses where the money goes): shown to owners and admins
   * (refunds.approve) only, so the author of a refund that needed approval cannot claim it.
   */
  showClaim?: boolean;
  locale: Locale;
  /** The merchant's time zone, for the dates shown. */
  timeZone: string;
  cancelAction: Action;
  markAction: Action;
  /** For an owner or admin (refunds.approve): approve or reject a refund waiting for approval. */
  approval?: { approve: Action; reject: Action } | null;
}) {
  const when = (seconds: number) => formatDateTime(seconds, locale, timeZone);
  const t = tr(locale);
  const s = ts(locale);
  const amount = formatAmountLong(r.amount, r.currency, locale);
  const rate = refundRateText(r, locale);
  const next = r.nextAction;
  return (
    <li className="rf-item" id={`refund-${r.id}`}>
      <div className="rf-head">
        <h3 className="rf-h3">{t('refundOf', { amount })}</h3>
        <Badge tone={toneOf(r.status)}>{refundStatusLabel(r.status, locale)}</Badge>
      </div>
      <Details
        items={[
          [t('settlement'), `${refundAmountText(r, locale)}${rate ? ` · ${t(r.rateSource === 'current' ? 'atCurrentRate' : 'atQuoteRate', { rate })}` : ''}`],
          [t('reason'), r.reason ? refundReasonLabel(r.reason, locale) : s.none],
          [s.created, when(r.createdAt)],
          ...(r.failureMessage || r.failureReason
            ? ([[t('failure'), [r.failureReason, r.failureMessage].filter(Boolean).join(' — ')]] as [string, string][])
            : []),
          ...(r.operatorReference
            ? ([
                [
                  t('operatorReference'),
                  <span key="o" className="db-mono">
                    {r.operatorReference}
                  </span>,
                ],
              ] as [string, ReactNode][])
            : []),
          [
            s.id,
            <span key="i" className="db-mono">
              {r.id}
            </span>,
          ],
        ]}
      />
      {next?.type === 'refund_claim' && !showClaim ? <p className="db-muted">{t('claimHidden')}</p> : null}
      {next?.type === 'refund_claim' && showClaim ? (
        <div className="rf-action">
          <h4 className="rf-h4">{t('claimTitle')}</h4>
          <p>{t('claimText')}</p>
          <CopyField id={`claim-${r.id}`} label={t('claimLink')} value={next.claimUrl} t={tc(locale)} />
          <QrSvg text={next.claimUrl} label={t('claimQrLabel', { url: next.claimUrl })} />
          <p className="db-muted">{t('claimExpires', { date: when(next.expiresAt) })}</p>
          <p>
            <a className="db-button db-button-secondary" href={whatsappShareUrl(r, next.claimUrl, locale)} target="_blank" rel="noopener noreferrer">
              {t('whatsapp')}
            </a>
          </p>
        </div>
      ) : null}
      {next?.type === 'manual_refund' ? (
        <div className="rf-action">
          <h4 className="rf-h4">{t('manualTitle')}</h4>
          <p className="rf-pre">{next.instructions}</p>
          <p className="db-muted">{t('manualDone')}</p>
          <MarkForm refund={r} label={t('operatorRefLabel')} locale={locale} action={markAction} />
        </div>
      ) : null}
      {next?.type === 'send_payment' ? (
        <div className="rf-action">
          <h4 className="rf-h4">{t('sendTitle')}</h4>
          <p>{t('sendText', { amount: formatAmountLong(next.amount, next.currency, locale) })}</p>
          <Details
            items={[
              [
                t('destination'),
                <span key="d" className="db-mono">
                  {next.destination}
                </span>,
              ],
              [t('sendAmount'), formatAmountLong(next.amount, next.currency, locale)],
            ]}
          />
          <QrSvg text={next.uri} label={t('walletQrLabel', { uri: next.uri })} />
          {next.expiresAt ? <p className="db-muted">{t('payBefore', { date: when(next.expiresAt) })}</p> : null}
          <p>
            <a className="db-button db-button-secondary" href={next.uri}>
              {t('openWallet')}
            </a>
          </p>
          <MarkForm refund={r} label={t('proofLabel')} locale={locale} action={markAction} />
        </div>
      ) : null}
      {r.status === 'pending_approval' && approval ? <ApprovalForms refund={r} locale={locale} approval={approval} amount={amount} /> : null}
      {cancellable(r) ? (
        <form action={cancelAction} className="rf-cancel">
          <input type="hidden" name="refund" value={r.id} />
          <p className="db-muted" id={`cancel-${r.id}-hint`}>
            {t('cancelHint')}
          </p>
          <button
            type="submit"
            className="db-button db-button-danger db-button-small"
            aria-label={t('cancelOf', { amount })}
            aria-describedby={`cancel-${r.id}-hint`}
          >
            {t('cancel')}
          </button>
        </form>
      ) : null}
    </li>
  );
}

/** Approve, or reject with a reason, a refund waiting for approval (issue 29). */
function ApprovalForms({
  refund: r,
  locale,
  approval,
  amount,
}: {
  refund: Refund;
  locale: Locale;
  approval: { approve: Action; reject: Action };
  amount: string;
}) {
  const a = ta(locale);
  return (
    <div className="rf-approval">
      <form action={approval.approve} className="db-inline">
        <input type="hidden" name="refund" value={r.id} />
        <button type="submit" className="db-button db-button-small" aria-label={`${a('approvalApprove')} ${amount}`}>
          {a('approvalApprove')}
        </button>
      </form>
      <form action={approval.reject} className="db-form">
        <input type="hidden" name="refund" value={r.id} />
        <div className="db-field">
          <label htmlFor={`reject-${r.id}`}>{a('approvalReason')}</label>
          <input id={`reject-${r.id}`} name="reason" className="dc-input" maxLength={500} autoComplete="off" />
        </div>
        <button type="submit" className="db-button db-button-secondary db-button-small" aria-label={`${a('approvalReject')} ${amount}`}>
          {a('approvalReject')}
        </button>
      </form>
    </div>
  );
}

/** "Mark as refunded" with the operator's transaction id (or the wallet payment's txid / preimage). */
function MarkForm({ refund: r, label, locale, action }: { refund: Refund; label: string; locale: Locale; action: Action }) {
  const t = tr(locale);
  const id = `mark-${r.id}`;
  return (
    <form action={action} className="db-form rf-mark">
      <input type="hidden" name="refund" value={r.id} />
      <div className="db-field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name="operatorReference" type="text" required maxLength={200} autoComplete="off" spellCheck={false} />
      </div>
      <div>
        <button type="submit" className="db-button" aria-label={t('markSucceededOf', { amount: formatAmountLong(r.amount, r.currency, locale) })}>
          {t('markSucceeded')}
        </button>
      </div>
    </form>
  );
}
