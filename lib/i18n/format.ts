// Amounts for buyers, in their locale, from minor units. Exact: the decimal string is built from
// the integer (money.ts), then Intl.NumberFormat groups it (it formats decimal strings exactly).
// XOF and XAF are shown as "F CFA", GNF as "FG", BTC as BTC (with sats), USDT with 2 to 6 decimals.
import { add, decimal, formatDecimal, parseDecimal, round } from '../decimal';
import { type Currency, EXPONENT, toDecimalString } from '../money';
import type { Locale } from './translate';

const TAG: Record<Locale, string> = { fr: 'fr-FR', en: 'en-US' };
const NBSP = '\u00a0';

const SYMBOL: Record<Currency, string> = { XOF: 'F CFA', XAF: 'F CFA', GNF: 'FG', BTC: 'BTC', USDT: 'USDT' };

function number(value: string, locale: Locale, minFrac: number, maxFrac: number): string {
  const nf = new Intl.NumberFormat(TAG[locale], { minimumFractionDigits: minFrac, maximumFractionDigits: maxFrac, useGrouping: true });
  // A decimal string keeps every digit (Intl.NumberFormat v3); the cast is for older lib typings.
  return nf.format(value as unknown as number);
}

/** "5 000 F CFA", "0,00012345 BTC", "12,50 USDT" (fr); "5,000 F CFA", "0.00012345 BTC", "12.50 USDT" (en). */
export function formatAmount(amount: number, currency: Currency, locale: Locale): string {
  const exp = EXPONENT[currency];
  const dec = toDecimalString(amount, currency);
  const minFrac = currency === 'USDT' ? 2 : 0;
  return `${number(dec, locale, minFrac, exp)}${NBSP}${SYMBOL[currency].replace(' ', NBSP)}`;
}

/** "12 345 sats" (BTC only). */
export function formatSats(amount: number, locale: Locale): string {
  return `${number(String(amount), locale, 0, 0)}${NBSP}sats`;
}

/** The amount with sats in parentheses for BTC: "0,00012345 BTC (12 345 sats)". */
export function formatAmountLong(amount: number, currency: Currency, locale: Locale): string {
  const main = formatAmount(amount, currency, locale);
  return currency === 'BTC' ? `${main} (${formatSats(amount, locale)})` : main;
}

/** mm:ss, or h:mm:ss past an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// ---------------------------------------------------------------------------------------------
// Paying in another currency (quotes): the approximate amount on the rail choice, the rate in
// words, the time a quote ends. Exact: integers and decimal strings only (lib/decimal.ts).

const CENT_OF_USDT = 10 ** (EXPONENT.USDT - 2);

/**
 * What a converting rail would cost at the current rate, prefixed "≈" (the rate moves until a quote
 * locks it): USDT rounded UP to the cent ("≈ 8,34 USDT" for 8.333334: the buyer never reads less
 * than they will be asked), BTC as the page shows it everywhere, exact, with sats.
 */
export function formatApprox(amount: number, currency: Currency, locale: Locale): string {
  if (currency === 'USDT') {
    const rem = amount % CENT_OF_USDT;
    return `≈${NBSP}${formatAmount(rem === 0 ? amount : amount - rem + CENT_OF_USDT, 'USDT', locale)}`;
  }
  return `≈${NBSP}${formatAmountLong(amount, currency, locale)}`;
}

/**
 * A quote's rate in words: "1 USDT = 600 F CFA", "1 BTC = 60 000 000 F CFA" (fr grouping),
 * "1 BTC = 60,000,000 F CFA" (en). `rate` is the contract's decimal string (intent-currency major
 * units for one settlement unit). Shown exactly when it has at most 2 decimals; a live rate's longer
 * tail ("655.30123456") is rounded half up to 2 decimals and reads "≈" instead of "=".
 */
export function formatRate(rate: string, settlement: Currency, intent: Currency, locale: Locale): string {
  const d = parseDecimal(rate);
  const exact = d.scale <= 2;
  const shown = exact ? d : round(add(d, decimal(5n, 3)), 2, 'down');
  const value = number(formatDecimal(shown), locale, 0, 2);
  return `1${NBSP}${settlement} ${exact ? '=' : '≈'} ${value}${NBSP}${SYMBOL[intent].replace(' ', NBSP)}`;
}

/**
 * The zone a buyer paying in this currency most likely reads the time in: the CFA francs' and the
 * Guinean franc's own regions. The zone is always named ("14:35 UTC", "15:35 UTC+1"), so a buyer
 * in another zone still reads the right time.
 */
const ZONE: Record<Currency, string> = { XOF: 'Africa/Abidjan', XAF: 'Africa/Douala', GNF: 'Africa/Conakry', BTC: 'UTC', USDT: 'UTC' };

/** A wall-clock time with its zone, for an end time a page without JavaScript can show: "14:35 UTC" (fr), "14:35 GMT" (en), "15:35 UTC+1". */
export function formatClock(at: number, currency: Currency, locale: Locale): string {
  const s = new Intl.DateTimeFormat(TAG[locale], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ZONE[currency],
    timeZoneName: 'shortOffset',
  }).format(new Date(at * 1000));
  return s.replace(/\b(UTC|GMT)\+0$/, '$1');
}
