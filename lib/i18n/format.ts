// Amounts for buyers, in their locale, from minor units. Exact: the decimal string is built from
// the integer (money.ts), then Intl.NumberFormat groups it (it formats decimal strings exactly).
// XOF and XAF are shown as "F CFA", GNF as "FG", BTC as BTC (with sats), USDT with 2 to 6 decimals.
import { EXPONENT, toDecimalString, type Currency } from '../money';
import type { Locale } from './index';

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
