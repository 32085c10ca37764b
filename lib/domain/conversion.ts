// Paying XOF, XAF or GNF over a Bitcoin or USDT rail: the rate a rail can use now, the quote an
// attempt locks, and what money received in the settlement currency is worth in the intent's.
// The arithmetic is lib/rates/quotes.ts (exact, no floating point); the rates are the worker's
// (lib/rates/store.ts: read from the database, never fetched during a request).

import { config } from '../config';
import type { Db, Row } from '../db/client';
import { invalid, railUnavailable } from '../errors';
import { boundsFor, type Currency, type Rail, settlementCurrency, toDecimalString } from '../money';
import { railPolicy } from '../rails/policy';
import { lowerRate, quoteExpiry, settlementAmount, toIntentCurrency, valueAtRate } from '../rates/quotes';
import { currentRate } from '../rates/store';

/** A quote locked on an attempt (payment_attempts.quote), as `nextAction.quote` shows it plus `due`. */
export interface Quote {
  /** In the settlement currency's minor units: what the payer pays. */
  amount: number;
  currency: Currency;
  /** Units of the intent's currency for one unit of the settlement currency (decimal string). */
  rate: string;
  expiresAt: number;
  /** What the quote covers, in the intent's minor units (the amount due when it was made). */
  due: number;
}

/** The settlement currency of `currency` over `rail` when the rail converts it, else null. */
export function convertsTo(rail: Rail, currency: Currency): Currency | null {
  const s = settlementCurrency(rail, currency, railPolicy(rail).currencies);
  return s !== null && s !== currency ? s : null;
}

/** 503 rail_unavailable for want of a rate: worth asking again after the worker's next refresh. */
const noFreshRate = (rail: Rail, to: Currency, currency: Currency) =>
  railUnavailable(rail, `no fresh ${to}/${currency} exchange rate is available right now`, config().RATE_REFRESH_SECONDS);

/**
 * A converting rail is usable only while a fresh rate exists (always in test mode): otherwise 503
 * `rail_unavailable`, as for a rail whose backend is down. Nothing to check for a rail in the
 * intent's own currency.
 */
export async function assertRateAvailable(db: Db, rail: Rail, currency: Currency, livemode: boolean, now: number): Promise<void> {
  const to = convertsTo(rail, currency);
  if (to === null) return;
  if (!(await currentRate(db, currency, to, livemode, now))) throw noFreshRate(rail, to, currency);
}

/**
 * The quote a new attempt over a converting rail locks: `due` (intent minor units) divided by the
 * rate, rounded up; it lives QUOTE_TTL_SECONDS and never past the session. The settlement amount
 * must fit the rail (e.g. at least 1,000 sats on-chain).
 */
export async function lockQuote(
  db: Db,
  rail: Rail,
  currency: Currency,
  due: number,
  livemode: boolean,
  now: number,
  sessionExpiresAt: number | null,
  opts: { remainder?: boolean } = {},
): Promise<Quote | null> {
  const to = convertsTo(rail, currency);
  if (to === null) return null;
  const rate = await currentRate(db, currency, to, livemode, now);
  if (!rate) throw noFreshRate(rail, to, currency);
  const amount = settlementAmount(due, currency, to, rate.rate);
  const bounds = boundsFor(to, rail);
  // The rest of a part-paid intent is asked whatever its size: the rail's floor is for new payments
  // (fees), and refusing the rest would leave paid money on an intent that can never complete.
  if (amount < bounds.min && !opts.remainder)
    throw invalid(
      'amount_too_small',
      `${toDecimalString(due, currency)} ${currency} is ${toDecimalString(amount, to)} ${to} at 1 ${to} = ${rate.rate} ${currency}; ${rail} takes at least ${toDecimalString(bounds.min, to)} ${to}. Choose another rail.`,
      'amount',
    );
  if (amount > bounds.max)
    throw invalid(
      'amount_too_large',
      `${toDecimalString(due, currency)} ${currency} is more than ${rail} takes (${toDecimalString(bounds.max, to)} ${to}). Choose another rail.`,
      'amount',
    );
  return { amount, currency: to, rate: rate.rate, expiresAt: quoteExpiry(now, config().QUOTE_TTL_SECONDS, sessionExpiresAt), due };
}

/**
 * What a converting attempt still asks, in the settlement currency: the rest of its quote, or less
 * when other attempts paid part of the intent since (what the intent still owes, at the quote's rate,
 * rounded up). Never negative.
 */
export function settlementDue(quote: Quote, attemptReceived: number, intentDue: number, intentCurrency: Currency): number {
  const rest = quote.amount - attemptReceived;
  const owed = intentDue > 0 ? settlementAmount(intentDue, intentCurrency, quote.currency, quote.rate) : 0;
  return Math.max(0, Math.min(rest, owed));
}

/** The attempt's quote, or null (no conversion). */
export function quoteOf(attempt: Row | null | undefined): Quote | null {
  const q = attempt?.quote as Quote | null | undefined;
  return q && typeof q === 'object' && typeof q.amount === 'number' ? q : null;
}

/**
 * What `received` (the attempt's cumulative money, settlement minor units) is worth in the intent's
 * currency under the attempt's quote: the contract's rule (full quote = the whole `due`; beyond and
 * short of it at the quote's rate, rounded down). Without a quote, the money is the intent's own.
 */
export function worthInIntentCurrency(quote: Quote | null, received: number, intentCurrency: Currency): number {
  if (!quote || received <= 0) return Math.max(0, received);
  return toIntentCurrency(received, quote, intentCurrency, quote.currency);
}

// ---------------------------------------------------------------------------------------------
// Money seen after the quote ended (issue 24, item 3): the quote is not a free option. What the
// attempt received in time counts at its quote; money first seen later counts at the rate of the
// moment it was seen, never better for the payer than the quote's. `payment_attempts.valuation`
// records where each part began, so every later poll values the same money the same way.

/** Money first seen this long after a quote ended still counts at the quote (a poll's interval). */
export const LATE_GRACE_SECONDS = 60;

/** How an attempt's cumulative money (settlement minor units) is valued once some came late. */
export interface Valuation {
  /** Money up to this much counts at the quote (what was seen in time). */
  inTime: number;
  /** Then each part up to `upTo`, at `rate` (ascending `upTo`), as it was first seen after the quote. */
  late: { upTo: number; rate: string; seenAt: number }[];
}

export function valuationOf(row: { valuation?: unknown } | null | undefined): Valuation | null {
  const v = row?.valuation as Valuation | null | undefined;
  return v && typeof v === 'object' && typeof v.inTime === 'number' && Array.isArray(v.late) ? v : null;
}

/**
 * What the attempt's cumulative money `received` is worth in the intent's currency: at the quote up
 * to `inTime` (the quote's rule: the full quote is exactly its `due`), then each late part at its own
 * rate, rounded down. Without a valuation, all of it at the quote; without a quote, it is the intent's.
 */
export function attemptWorth(quote: Quote | null, valuation: Valuation | null, received: number, intentCurrency: Currency): number {
  if (!valuation || !quote) return worthInIntentCurrency(quote, received, intentCurrency);
  let worth = worthInIntentCurrency(quote, Math.min(received, valuation.inTime), intentCurrency);
  let from = valuation.inTime;
  for (const part of valuation.late) {
    if (received <= from) break;
    worth += valueAtRate(Math.min(received, part.upTo) - from, part.rate, intentCurrency, quote.currency);
    from = part.upTo;
  }
  // Beyond the last part (never: a part is recorded before its money is counted): at the last rate.
  const last = valuation.late[valuation.late.length - 1];
  if (received > from && last) worth += valueAtRate(received - from, last.rate, intentCurrency, quote.currency);
  return worth;
}

/**
 * The valuation once a poll after the quote's end (`needsLateRate`) sees the attempt's money reach
 * `total` (settlement minor units, confirmed and seen), where `before` was seen until then: the new
 * part at the rate of now, lowered to the quote's when that is better for the payer.
 */
export function lateValuation(quote: Quote, valuation: Valuation | null, before: number, total: number, now: number, rateNow: string): Valuation {
  const v = valuation ?? { inTime: before, late: [] };
  return { inTime: v.inTime, late: [...v.late, { upTo: total, rate: lowerRate(rateNow, quote.rate), seenAt: now }] };
}

/** The most money the valuation covers (settlement minor units). */
const valuationTop = (v: Valuation): number => (v.late.length ? v.late[v.late.length - 1]!.upTo : v.inTime);

/**
 * The valuation cut back to `total` when money it covered is gone (evicted, replaced, double-spent
 * or reorganised away before it was counted): money seen again later is first seen then, and is
 * valued at the rate of that moment, as it is when no valuation was recorded yet (the attempt's
 * amount seen drops with it). Otherwise a payer could fix a rate with a transaction seen once and
 * withdrawn, and pay at it whenever the market made it a bargain. `total` is never below what the
 * attempt has counted, so counted money keeps its value. Unchanged (the same object) when nothing left.
 */
export function trimValuation(v: Valuation, total: number): Valuation {
  if (total >= valuationTop(v)) return v;
  const inTime = Math.min(v.inTime, total);
  const late: Valuation['late'] = [];
  let from = inTime;
  for (const part of v.late) {
    if (from >= total) break;
    if (part.upTo <= from) continue;
    late.push({ ...part, upTo: Math.min(part.upTo, total) });
    from = Math.min(part.upTo, total);
  }
  return { inTime, late };
}

/** Does a poll that sees `total` at `now` need a rate to value late money (the caller then reads one)? */
export function needsLateRate(quote: Quote | null, valuation: Valuation | null, before: number, total: number, now: number): boolean {
  if (!quote || now <= quote.expiresAt + LATE_GRACE_SECONDS) return false;
  const top = valuation ? valuationTop(valuation) : before;
  return total > top;
}

/** The rate to value late money at now: 503 rail_unavailable without a fresh one (the poll is tried again). */
export async function lateRate(db: Db, rail: Rail, intentCurrency: Currency, quote: Quote, livemode: boolean, now: number): Promise<string> {
  const rate = await currentRate(db, intentCurrency, quote.currency, livemode, now);
  if (!rate) throw noFreshRate(rail, quote.currency, intentCurrency);
  return rate.rate;
}
