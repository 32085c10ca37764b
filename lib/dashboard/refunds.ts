// What the dashboard's refund pages read and check besides the engine's own verbs (lib/refunds/):
// how much of a payment is refundable and what the default refund gives back (the engine's own
// plan, amounts.ts, read without a lock: createRefund decides again under it), the amount a
// shopkeeper types in major units to minor units (exactly: lib/money.ts fromDecimalString, never a
// float), the refund form, a payment's refunds, the refunds list's filters (the API's list query)
// and its CSV lines, the QR codes. Every read is scoped to the merchant and the mode: another
// merchant's payment, or a live one in test mode, reads as nothing.
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { listRefunds, listRefundsQuery, REFUND_REASONS, type Refund, type RefundReason, toRefund } from '../domain/refunds';
import { REFUND_STATUSES } from '../domain/transitions';
import type { Locale } from '../i18n';
import { formatAmount, formatAmountLong, formatRate } from '../i18n/format';
import { tr } from '../i18n/refunds';
import { type Currency, EXPONENT, fromDecimalString } from '../money';
import { planRefund, refundableOf } from '../refunds/amounts';
import { loadRefundSources } from '../refunds/sources';
import { parseRefund } from '../store/refunds';
import { isStorableText } from '../text';
import { zonedIso } from '../time-zone';
import { csvRow } from './csv';
import { addListWindow, type SearchParams } from './payments';

export { REFUND_REASONS, REFUND_STATUSES };

// ---------------------------------------------------------------------------------------------
// What is refundable.

export interface Refundability {
  /** The intent's money received, and what refunds not failed or canceled hold of it (intent minor units). */
  received: number;
  held: number;
  /** received - held (never below 0; never more than the payments' money left). */
  refundable: number;
  /** What one refund gives back by default (the engine's plan: all one payment can), 0 when nothing. */
  defaultAmount: number;
  /** A converted payment (francs paid in BTC or USDT): what leaves on the rail for the default refund at the payment's quote. */
  conversion: { settlementCurrency: Currency; rate: string; defaultSettlement: number } | null;
}

/**
 * How much of intent `intent` (of this merchant and mode) can be refunded, and what the default
 * refund is: the same sources and plan as createRefund (lib/refunds/create.ts), read without a lock.
 */
export async function refundability(db: Db, intent: { id: string; currency: Currency; amountReceived: number }): Promise<Refundability> {
  // The intent was read with the session's scope (retrievePaymentIntent): its rows are the merchant's.
  const { sources, held: heldTotal } = await loadRefundSources(db, intent);
  const refundable = refundableOf(sources, intent.amountReceived, heldTotal);
  const plan = planRefund({
    sources,
    intentCurrency: intent.currency,
    received: intent.amountReceived,
    held: heldTotal,
    requested: undefined,
    currentRate: null,
  });
  if ('code' in plan) return { received: intent.amountReceived, held: heldTotal, refundable, defaultAmount: 0, conversion: null };
  return {
    received: intent.amountReceived,
    held: heldTotal,
    refundable,
    defaultAmount: plan.amount,
    conversion: plan.rate === null ? null : { settlementCurrency: plan.settlementCurrency, rate: plan.rate, defaultSettlement: plan.settlementAmount },
  };
}

// ---------------------------------------------------------------------------------------------
// The amount a shopkeeper types.

export type RefundAmountError =
  /** Not a number: digits with at most one decimal separator. */
  | { reason: 'format' }
  /** More decimals than the currency has (XOF none, BTC 8, USDT 6): refused, never rounded. */
  | { reason: 'precision'; places: number }
  | { reason: 'zero' }
  /** More than is refundable. */
  | { reason: 'over'; max: number };

export type RefundAmount = { ok: true; minor: number } | ({ ok: false } & RefundAmountError);

/**
 * An amount in major units as typed ("2 500", "2500", "0,0002", "0.0002", "12,50") to minor units of
 * `currency`, exactly: spaces (also no-break and narrow no-break) are digit groups, one "." or ","
 * is the decimal separator, trailing zeros of the decimals are dropped ("2 500,00" XOF is 2500);
 * anything else (a sign, an exponent, two separators) is refused rather than guessed. Then
 * lib/money.ts fromDecimalString (integers, no floating point) and the bounds: above 0, at most
 * `refundable`.
 */
export function parseRefundAmount(raw: string, currency: Currency, refundable: number): RefundAmount {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d{1,15})(?:[.,](\d{1,30}))?$/.exec(compact);
  if (!m) return { ok: false, reason: 'format' };
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  const places = EXPONENT[currency];
  if (decimals.length > places) return { ok: false, reason: 'precision', places };
  let minor: number;
  try {
    minor = fromDecimalString(decimals ? `${m[1]}.${decimals}` : m[1]!, currency);
  } catch {
    return { ok: false, reason: 'format' };
  }
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: 'over', max: refundable };
  if (minor === 0) return { ok: false, reason: 'zero' };
  if (minor > refundable) return { ok: false, reason: 'over', max: refundable };
  return { ok: true, minor };
}

/** An example amount as typed in this currency and locale ("2 500", "0,0002", "12,50"). */
export function amountExample(currency: Currency, locale: Locale): string {
  const sep = locale === 'fr' ? ',' : '.';
  if (currency === 'BTC') return `0${sep}0002`;
  if (currency === 'USDT') return `12${sep}50`;
  return '2 500';
}

/** Minor units as the form's field shows them ("2500", "0.0002"): what parseRefundAmount reads back. */
export function majorOf(minor: number, currency: Currency): string {
  const exp = EXPONENT[currency];
  if (exp === 0) return String(minor);
  const s = String(minor).padStart(exp + 1, '0');
  const frac = s.slice(-exp).replace(/0+$/, '');
  return frac ? `${s.slice(0, -exp)}.${frac}` : s.slice(0, -exp);
}

// ---------------------------------------------------------------------------------------------
// The refund form.

/** What the form posted, as typed (sent back with a refused form). */
export interface RefundFormValues {
  amount: string;
  reason: string;
  rate: string;
}

export type RefundFormError = RefundAmountError | { reason: 'reason' };

export type RefundFormRead = { ok: true; amount: number; reason: RefundReason; rate: 'quote' | 'current' } | { ok: false; error: RefundFormError };

/** The form's fields to createRefund's input (amount in minor units, a listed reason, the rate). */
export function readRefundForm(values: RefundFormValues, currency: Currency, refundable: number): RefundFormRead {
  const amount = parseRefundAmount(values.amount, currency, refundable);
  if (!amount.ok) {
    const { ok: _, ...error } = amount;
    return { ok: false, error };
  }
  if (!(REFUND_REASONS as readonly string[]).includes(values.reason)) return { ok: false, error: { reason: 'reason' } };
  return { ok: true, amount: amount.minor, reason: values.reason as RefundReason, rate: values.rate === 'current' ? 'current' : 'quote' };
}

/** A refused form's message, in the dashboard's language. */
export function refundFormMessage(error: RefundFormError, currency: Currency, locale: Locale): string {
  const t = tr(locale);
  switch (error.reason) {
    case 'format':
      return t('amountFormat', { currency, example: amountExample(currency, locale) });
    case 'precision':
      return error.places === 0 ? t('amountNoDecimals', { currency }) : t('amountPrecision', { currency, places: error.places });
    case 'zero':
      return t('amountZero');
    case 'over':
      return t('amountOver', { max: formatAmountLong(error.max, currency, locale) });
    case 'reason':
      return t('reasonInvalid');
  }
}

/** What a refund action leaves for the payment's page (one-time, lib/dashboard/catalog.ts putFlash). */
export interface RefundFlash {
  kind: 'refund';
  tone: 'ok' | 'bad';
  message: string;
  intentId: string;
  /** A refused refund form: what was typed, shown again. */
  form?: RefundFormValues;
}

// ---------------------------------------------------------------------------------------------
// A payment's refunds.

/** The refunds of intent `intentId` (this merchant, this mode), oldest first. */
export async function intentRefunds(db: Db, scope: Scope, intentId: string): Promise<Refund[]> {
  const rows = await db.query(
    `select * from refunds where payment_intent_id = $1 and merchant_id = $2 and livemode = $3 order by created_at asc, seq asc limit 200`,
    [intentId, scope.merchantId, scope.livemode],
  );
  return rows.map((r) => toRefund(parseRefund(r)));
}

/** Whether a refund may still be canceled: waiting for approval or for someone, or pending (the engine refuses it once sent: 409). */
export const cancellable = (r: Refund): boolean => r.status === 'pending_approval' || r.status === 'requires_action' || r.status === 'pending';

/** A refund's amount in words, with what leaves on the rail when converted ("2 500 F CFA (0,00004167 BTC)"). */
export function refundAmountText(r: Refund, locale: Locale): string {
  const main = formatAmountLong(r.amount, r.currency, locale);
  return r.settlementCurrency === r.currency ? main : `${main} (${formatAmount(r.settlementAmount, r.settlementCurrency, locale)})`;
}

/** A converted refund's rate in words ("1 BTC = 60 000 000 F CFA"), null without conversion. */
export const refundRateText = (r: Refund, locale: Locale): string | null => (r.rate ? formatRate(r.rate, r.settlementCurrency, r.currency, locale) : null);

/**
 * A QR code as an SVG path drawn on the server (the `qrcode` package's matrix: error correction M,
 * a 4-module quiet zone, as the payment links' and the checkout's): `size` modules square, `d` the
 * dark modules, one rectangle per run of a row. Rendered as JSX (components/dashboard/refunds.tsx
 * QrSvg): no markup is injected into the page, and nothing runs in the browser.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const margin = 4;
  const n = modules.size;
  let d = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      d += `M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`;
    }
  }
  return { size: n + 2 * margin, d };
}

/** The WhatsApp share link of a claim link (wa.me with the text prefilled; the shopkeeper picks the contact). */
export function whatsappShareUrl(r: Refund, claimUrl: string, locale: Locale): string {
  return `https://wa.me/?text=${encodeURIComponent(tr(locale)('whatsappText', { amount: formatAmount(r.settlementAmount, r.settlementCurrency, locale), url: claimUrl }))}`;
}

// ---------------------------------------------------------------------------------------------
// The refunds list.

export type RefundsQuery = z.output<typeof listRefundsQuery>;

/** The list page's form, as typed (echoed back into the form). */
export interface RefundsForm {
  status: string;
  /** YYYY-MM-DD, UTC days, both included. */
  from: string;
  to: string;
}

export type ParsedRefundFilters = { ok: true; form: RefundsForm; query: RefundsQuery } | { ok: false; form: RefundsForm; error: string };

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();

/**
 * The list page's (and the CSV export's) URL parameters to the API's refunds list query: `status`
 * (empty = any), `from`/`to` (days in the merchant's `timeZone`, to included), `after`/`before` (cursors). Validated by the
 * API's own schema, as the payments list's (payments.ts parsePaymentFilters).
 */
export function parseRefundFilters(params: SearchParams, timeZone: string, limit = 25): ParsedRefundFilters {
  const form: RefundsForm = { status: one(params.status), from: one(params.from), to: one(params.to) };
  for (const [name, value] of Object.entries({ ...form, after: one(params.after), before: one(params.before) }))
    if (!isStorableText(value)) return { ok: false, form: { ...form, [name]: '' }, error: `${name}: no NUL characters or unpaired surrogates` };
  const raw: Record<string, string> = { limit: String(limit) };
  if (form.status) raw.status = form.status;
  const windowError = addListWindow(raw, form, params, timeZone);
  if (windowError) return { ok: false, form, error: windowError };
  const parsed = listRefundsQuery.safeParse(raw);
  if (!parsed.success) return { ok: false, form, error: parsed.error.issues.map((i) => i.message).join('; ') };
  return { ok: true, form, query: parsed.data };
}

/** Every refund of the filtered list, page by page (keyset pagination): never more than one page in memory. */
export async function* allRefunds(db: Db, scope: Scope, query: RefundsQuery, opts: { pageSize?: number } = {}): AsyncGenerator<Refund[]> {
  let cursor: string | undefined;
  const base: RefundsQuery = { ...query, limit: opts.pageSize ?? 100, startingAfter: undefined, endingBefore: undefined };
  for (;;) {
    const page = await listRefunds(db, scope, { ...base, startingAfter: cursor });
    if (page.data.length) yield page.data;
    if (!page.hasMore || !page.data.length) return;
    cursor = page.data[page.data.length - 1]!.id;
  }
}

/** The references of these intents (this merchant and mode; others are absent), for the list's links. */
export async function intentReferences(db: Db, scope: Scope, ids: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.query<{ id: string; reference: string | null }>(
    `select id, reference from payment_intents where merchant_id = $1 and livemode = $2 and id = any($3::text[])`,
    [scope.merchantId, scope.livemode, unique],
  );
  return new Map(rows.map((r) => [r.id, r.reference ?? null]));
}

export const REFUND_CSV_COLUMNS = [
  'id',
  'createdAt',
  'status',
  'amount',
  'currency',
  'settlementAmount',
  'settlementCurrency',
  'rate',
  'rateSource',
  'reason',
  'paymentIntentId',
  'rail',
  'operatorReference',
  'failureReason',
  'failureMessage',
] as const;

/** A refund's line (csv.ts: formula-escaped, quoted); amounts in minor units as the API gives them, createdAt in ISO 8601 with the merchant's offset. */
export function refundCsvRow(r: Refund, timeZone: string): string {
  return csvRow([
    r.id,
    zonedIso(r.createdAt, timeZone),
    r.status,
    r.amount,
    r.currency,
    r.settlementAmount,
    r.settlementCurrency,
    r.rate,
    r.rateSource,
    r.reason,
    r.paymentIntentId,
    r.rail,
    r.operatorReference,
    r.failureReason,
    r.failureMessage,
  ]);
}
