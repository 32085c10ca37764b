// The money rules, once: currencies and their exponents, per-currency bounds, which rail takes
// which currency. Operators' configuration may narrow these (lib/rails/catalog.ts); never widen.
import { invalid } from './errors';

export const CURRENCIES = ['XOF', 'XAF', 'GNF', 'BTC', 'USDT'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const RAILS = [
  'mobile_money_a',
  'mobile_money_b',
  'mobile_money_c',
  'mobile_money_d',
  'btc_lightning',
  'btc_onchain',
  'usdt_trc20',
] as const;
export type Rail = (typeof RAILS)[number];

/** How a rail asks the payer: a push, an invoice, a Bitcoin address, a TRON address. */
export type RailKind = 'mobile_money' | 'lightning' | 'onchain' | 'usdt';

export const MOBILE_MONEY_RAILS = ['mobile_money_a', 'mobile_money_b', 'mobile_money_c', 'mobile_money_d'] as const;
export type MobileMoneyRail = (typeof MOBILE_MONEY_RAILS)[number];
/** Rails whose destination is an address that can receive money at any time. */
export const ADDRESS_RAILS = ['btc_onchain', 'usdt_trc20'] as const satisfies readonly Rail[];

export const isMobileMoneyRail = (rail: string): rail is MobileMoneyRail =>
  (MOBILE_MONEY_RAILS as readonly string[]).includes(rail);

/** Digits after the decimal point: the amount field is in these minor units. */
export const EXPONENT: Record<Currency, number> = { XOF: 0, XAF: 0, GNF: 0, BTC: 8, USDT: 6 };

export interface Bounds {
  min: number;
  max: number;
}

export const CURRENCY_BOUNDS: Record<Currency, Bounds> = {
  XOF: { min: 100, max: 5_000_000 },
  XAF: { min: 100, max: 5_000_000 },
  GNF: { min: 1_000, max: 50_000_000 },
  BTC: { min: 1, max: 1_000_000_000 },
  USDT: { min: 1_000_000, max: 1_000_000_000_000 },
};

/** Rails that take a currency, before any operator narrowing. */
export const RAIL_CURRENCIES: Record<Rail, readonly Currency[]> = {
  mobile_money_a: ['XOF', 'XAF', 'GNF'],
  mobile_money_b: ['XOF', 'XAF', 'GNF'],
  mobile_money_c: ['XOF', 'XAF', 'GNF'],
  mobile_money_d: ['XOF', 'XAF', 'GNF'],
  btc_lightning: ['BTC'],
  btc_onchain: ['BTC'],
  usdt_trc20: ['USDT'],
};

/**
 * Rails that also take the francs (XOF, XAF, GNF) at a locked quote: the intent keeps its currency
 * and the payer pays the rail's own (the settlement currency) at a rate (lib/domain/quotes.ts).
 */
export const CONVERTING_RAILS: Partial<Record<Rail, Currency>> = { btc_lightning: 'BTC', btc_onchain: 'BTC', usdt_trc20: 'USDT' };
export const CONVERTIBLE_CURRENCIES: readonly Currency[] = ['XOF', 'XAF', 'GNF'];

/**
 * The currency the payer pays `currency` in over `rail`: the same one when the rail takes it,
 * the rail's own when the rail converts it, else null (rail_currency_mismatch).
 */
export function settlementCurrency(rail: Rail, currency: Currency, direct: readonly Currency[] = RAIL_CURRENCIES[rail]): Currency | null {
  if (direct.includes(currency)) return currency;
  const own = CONVERTING_RAILS[rail];
  return own && CONVERTIBLE_CURRENCIES.includes(currency) ? own : null;
}

/** Rail-specific floors: an on-chain payment below 1,000 sats costs more in fees than it moves. */
export const RAIL_MIN: Partial<Record<Rail, number>> = { btc_onchain: 1_000 };

/** The narrower of two bounds. */
export function narrow(a: Bounds, b?: Partial<Bounds>): Bounds {
  return { min: Math.max(a.min, b?.min ?? a.min), max: Math.min(a.max, b?.max ?? a.max) };
}

/** The bounds an amount in `currency` must respect, optionally on `rail` and with an operator's limits. */
export function boundsFor(currency: Currency, rail?: Rail, operator?: Partial<Bounds>): Bounds {
  let b = CURRENCY_BOUNDS[currency];
  if (rail && RAIL_MIN[rail]) b = narrow(b, { min: RAIL_MIN[rail] });
  return narrow(b, operator);
}

export function formatMinor(amount: number, currency: Currency): string {
  return `${amount} (${toDecimalString(amount, currency)} ${currency})`;
}

/** Throws amount_too_small / amount_too_large with the allowed range in the message. */
export function assertAmountInBounds(amount: number, currency: Currency, bounds: Bounds, param = 'amount'): void {
  if (amount < bounds.min)
    throw invalid(
      'amount_too_small',
      `Amount must be at least ${formatMinor(bounds.min, currency)} in minor units of ${currency}; got ${amount}.`,
      param,
    );
  if (amount > bounds.max)
    throw invalid(
      'amount_too_large',
      `Amount must be at most ${formatMinor(bounds.max, currency)} in minor units of ${currency}; got ${amount}.`,
      param,
    );
}

/** Throws rail_currency_mismatch when `rail` cannot carry `currency`. */
export function assertRailTakesCurrency(rail: Rail, currency: Currency, allowed: readonly Currency[] = RAIL_CURRENCIES[rail]): void {
  if (!allowed.includes(currency))
    throw invalid(
      'rail_currency_mismatch',
      `Rail ${rail} does not take ${currency}; it takes ${allowed.join(', ') || 'no currency in this configuration'}.`,
      'rail',
    );
}

/** Minor units to an exact decimal string: 12345 sats -> "0.00012345", 12500000 USDT -> "12.5". */
export function toDecimalString(amount: number, currency: Currency): string {
  const exp = EXPONENT[currency];
  if (exp === 0) return String(amount);
  const neg = amount < 0;
  const digits = String(Math.abs(amount)).padStart(exp + 1, '0');
  const whole = digits.slice(0, -exp);
  const frac = digits.slice(-exp).replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** An exact decimal string back to minor units ("0.00012345" BTC -> 12345): no floating point. */
export function fromDecimalString(value: string, currency: Currency): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value);
  const exp = EXPONENT[currency];
  if (!m || (m[2] ?? '').length > exp) throw new Error(`not an amount in ${currency}: ${value}`);
  return Number(m[1]!) * 10 ** exp + Number((m[2] ?? '').padEnd(exp, '0') || '0');
}
