// The quote rules, once (api-contract.md, "Paying in another currency: quotes"). An intent priced in
// XOF, XAF or GNF may be paid in BTC or USDT (the settlement currency) at a locked quote. Everything
// here is exact BigInt arithmetic on decimal strings (lib/decimal.ts); a JavaScript number only
// ever holds an integer count of minor units. Each rounding is in the merchant's favour: the buyer
// may pay one minor unit too much, the merchant is never credited one too many.
import { cmp, type Decimal, decimal, divideIntegers, formatDecimal, fromInteger, isPositive, mul, parseDecimal, round, sub } from '../decimal';
import { type Currency, EXPONENT } from '../money';

/**
 * Decimal places a computed rate keeps (after the peg, GNF-per-EUR or the spread), rounded down.
 * 8 places is far below anything that moves a minor unit at the bounds: at 5,000,000 XOF and a rate
 * of 600 (USDT), a rate error of 1e-8 changes the amount by 1.4e-10 USDT, under the 1e-6 minor unit.
 */
export const RATE_PLACES = 8;

/** The fixed peg of the CFA francs to the euro: 1 EUR = 655.957 XOF = 655.957 XAF, exactly. */
export const CFA_PER_EUR = '655.957';

/** A rate: intent-currency major units for one settlement-currency major unit, e.g. "60000000" (XOF per BTC). */
export type Rate = string;

/** A quote as locked on an attempt: `amount` in settlement minor units, `due` the intent minor units it covers. */
export interface QuoteTerms {
  amount: number;
  rate: Rate;
  due: number;
}

/** A rate string: strictly positive, plain digits (no exponent), at most 30 significant digits. */
export function parseRate(rate: Rate): Decimal {
  const d = parseDecimal(rate);
  if (!isPositive(d)) throw new Error(`a rate must be greater than zero; got ${JSON.stringify(rate)}`);
  return d;
}

function assertMinor(n: number, name: string, min: number): void {
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be an integer of minor units >= ${min}; got ${n}`);
}

function assertExponent(e: number, name: string): void {
  if (!Number.isSafeInteger(e) || e < 0 || e > 18) throw new Error(`${name} must be an integer from 0 to 18; got ${e}`);
}

/** A minor-unit count back to a number, refused when it would not be exact. */
function toMinorNumber(n: bigint, what: string): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${what} is ${n} minor units, too large to represent exactly`);
  return Number(n);
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * Settlement minor units for `dueMinor` intent minor units at `rate`, ROUNDED UP (contract: the
 * buyer pays at least the amount due): due / 10^eI / rate * 10^eS, computed as one fraction,
 * `due * 10^eS * 10^rateScale / (rateUnits * 10^eI)`, so only the final step rounds.
 * 5000 XOF at "60000000" is 8333.33... sats, so 8334. Throws when the result is not a safe integer
 * (the caller checks it against the settlement currency's bounds next).
 */
export function settlementAmountByExponent(dueMinor: number, intentExponent: number, settlementExponent: number, rate: Rate): number {
  assertMinor(dueMinor, 'the amount due', 1);
  assertExponent(intentExponent, 'the intent exponent');
  assertExponent(settlementExponent, 'the settlement exponent');
  const r = parseRate(rate);
  const num = BigInt(dueMinor) * pow10(settlementExponent + r.scale);
  const den = r.units * pow10(intentExponent);
  return toMinorNumber(divideIntegers(num, den, 'up'), 'the settlement amount');
}

/** Intent minor units worth `settlementMinor` at `rate`, ROUNDED DOWN (the merchant is never over-credited). */
function intentValueDown(settlementMinor: bigint, intentExponent: number, settlementExponent: number, r: Decimal): bigint {
  return divideIntegers(settlementMinor * r.units * pow10(intentExponent), pow10(settlementExponent + r.scale), 'down');
}

/**
 * What `receivedSettlementMinor` counts for in the intent's currency under `quote` (contract:
 * "`amountReceived` stays in the intent's currency"):
 * - exactly the quote's amount: exactly `quote.due`. The amount was rounded up, so converting it
 *   back could give more than due; the quote was for `due`, and that is what it pays.
 * - more: `due` plus the excess converted at the rate, rounded down (an overpayment adds its value,
 *   never a fraction of a minor unit more).
 * - less: the amount converted at the rate, rounded down, and at most `due - 1`: a short payment is
 *   never a full one, whatever the rounding (with a quote from `settlementAmount` the conversion is
 *   already below due; the cap holds for any quote).
 * - nothing: 0.
 */
export function toIntentCurrencyByExponent(receivedSettlementMinor: number, quote: QuoteTerms, intentExponent: number, settlementExponent: number): number {
  assertMinor(receivedSettlementMinor, 'the amount received', 0);
  assertMinor(quote.amount, "the quote's amount", 1);
  assertMinor(quote.due, "the quote's amount due", 1);
  assertExponent(intentExponent, 'the intent exponent');
  assertExponent(settlementExponent, 'the settlement exponent');
  const r = parseRate(quote.rate);
  const received = BigInt(receivedSettlementMinor);
  const amount = BigInt(quote.amount);
  const due = BigInt(quote.due);
  if (received === amount) return quote.due;
  if (received > amount) return toMinorNumber(due + intentValueDown(received - amount, intentExponent, settlementExponent, r), 'the amount received');
  const value = intentValueDown(received, intentExponent, settlementExponent, r);
  return toMinorNumber(value < due ? value : due - 1n, 'the amount received');
}

/** Intent minor units worth `settlementMinor` at `rate`, ROUNDED DOWN: late money, at the rate of its moment. */
export function valueAtRate(settlementMinor: number, rate: Rate, intentCurrency: Currency, settlementCurrency: Currency): number {
  assertMinor(settlementMinor, 'the amount', 0);
  return toMinorNumber(intentValueDown(BigInt(settlementMinor), EXPONENT[intentCurrency], EXPONENT[settlementCurrency], parseRate(rate)), 'the amount');
}

/** The lower of two rates (the one worse for the payer: fewer intent units per settlement unit). */
export function lowerRate(a: Rate, b: Rate): Rate {
  return cmp(parseRate(a), parseRate(b)) <= 0 ? a : b;
}

/** `settlementAmountByExponent` for two currencies of lib/money.ts. */
export function settlementAmount(dueMinor: number, intentCurrency: Currency, settlementCurrency: Currency, rate: Rate): number {
  return settlementAmountByExponent(dueMinor, EXPONENT[intentCurrency], EXPONENT[settlementCurrency], rate);
}

/** `toIntentCurrencyByExponent` for two currencies of lib/money.ts. */
export function toIntentCurrency(receivedSettlementMinor: number, quote: QuoteTerms, intentCurrency: Currency, settlementCurrency: Currency): number {
  return toIntentCurrencyByExponent(receivedSettlementMinor, quote, EXPONENT[intentCurrency], EXPONENT[settlementCurrency]);
}

/** A computed rate as the canonical string; a rate that rounds to zero is refused (it would quote infinity). */
function finishRate(d: Decimal, what: string): Rate {
  const r = round(d, RATE_PLACES, 'down');
  if (!isPositive(r)) throw new Error(`${what} rounds to zero at ${RATE_PLACES} decimal places`);
  return formatDecimal(r);
}

/**
 * The rate lowered by `spreadPercent` (contract: `RATE_SPREAD_PERCENT` "lowers the quoted rate in the
 * merchant's favour": fewer intent units per settlement unit, so the buyer sends more settlement
 * currency), rounded DOWN to RATE_PLACES, which also favours the merchant. "0" leaves the rate as is
 * (canonicalized, and rounded down to RATE_PLACES). The percentage is from 0 up to, not including, 100.
 */
export function applySpread(rate: Rate, spreadPercent: string): Rate {
  const r = parseRate(rate);
  const pct = parseDecimal(spreadPercent);
  const hundred = fromInteger(100);
  if (cmp(pct, hundred) >= 0) throw new Error(`the spread must be below 100 percent; got ${JSON.stringify(spreadPercent)}`);
  // rate * (100 - pct) / 100: the division by 100 is exact (two more decimal places).
  const lowered = mul(r, sub(hundred, pct));
  return finishRate(decimal(lowered.units, lowered.scale + 2), 'the rate after the spread');
}

/**
 * The intent-currency rate for a settlement unit worth `eurPerUnit` euros, rounded DOWN to
 * RATE_PLACES: XOF and XAF through the fixed peg (1 EUR = 655.957, exact); GNF through the operator's
 * `gnfPerEur` (`RATE_GNF_PER_EUR`), and null without it (GNF floats; no rate is better than a guess);
 * null for any other intent currency (BTC and USDT intents are never converted).
 */
export function rateFromEur(eurPerUnit: string, intentCurrency: Currency, opts: { gnfPerEur?: string } = {}): Rate | null {
  const eur = parseRate(eurPerUnit);
  let perEur: Decimal;
  if (intentCurrency === 'XOF' || intentCurrency === 'XAF') perEur = parseDecimal(CFA_PER_EUR);
  else if (intentCurrency === 'GNF' && opts.gnfPerEur !== undefined) perEur = parseRate(opts.gnfPerEur);
  else return null;
  return finishRate(mul(eur, perEur), `the ${intentCurrency} rate`);
}

/** When a quote expires: `ttlSeconds` from now, never past the checkout session's `expiresAt` (contract). */
export function quoteExpiry(now: number, ttlSeconds: number, sessionExpiresAt: number | null): number {
  if (!Number.isSafeInteger(now) || !Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0)
    throw new Error(`quoteExpiry needs integer seconds and a positive TTL; got now=${now}, ttl=${ttlSeconds}`);
  const byTtl = now + ttlSeconds;
  return sessionExpiresAt === null ? byTtl : Math.min(byTtl, sessionExpiresAt);
}
