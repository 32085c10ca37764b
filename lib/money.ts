// The money rules, once: currencies and their exponents, per-currency bounds, and the rail catalog
// (RAIL_CATALOG: every rail's kind, family, words, currencies, converting currency and floor), from
// which the rail lists below are derived. Operators' configuration may narrow these
// (lib/rails/catalog.ts); never widen.
import { invalid } from './errors';

export const CURRENCIES = ['XOF', 'XAF', 'GNF', 'BTC', 'USDT'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** How a rail asks the payer: a push, an invoice, a Bitcoin address, a TRON address. */
export type RailKind = 'mobile_money' | 'lightning' | 'onchain' | 'usdt';

/**
 * The seam an adapter offers the engine. `push`: a prompt on the payer's phone (MTN MoMo);
 * `redirect`: the payer goes to the operator's page (Orange Money, Wave); `invoice`: a Lightning
 * invoice that expires; `address`: an address that can receive money at any time.
 */
export type RailFamily = 'push' | 'redirect' | 'invoice' | 'address';

/** Words in the two languages of the page and the dashboard. */
export interface Label {
  fr: string;
  en: string;
}

export interface RailEntry {
  kind: RailKind;
  /**
   * The rail's family, or null for mobile money: push or redirect by the operator's configured
   * protocol (MOMO_<X>_PROTOCOL), which the rail's adapter says (RailAdapter.family).
   */
  family: 'invoice' | 'address' | null;
  /** The rail's name in the dashboard and the docs. */
  label: Label;
  /**
   * The name beside the rail's own details (the hosted page's rail button, the receive-address
   * table), where its kind or network says the rest; null for mobile money: the configured
   * operator's name (lib/rails/mobile-money/operators.ts).
   */
  shortLabel: string | null;
  /** The currencies it carries as they are, before any operator narrowing. */
  currencies: readonly Currency[];
  /** The rail's own currency, which it also takes the francs in at a locked quote; null: none. */
  converts: Currency | null;
  /** A floor above the currency's bounds (minor units), or null. */
  min: number | null;
  /** The chain a payer's wallet must be on, live and in test mode; null for mobile money. */
  network: { live: string; test: string } | null;
}

const FRANCS = ['XOF', 'XAF', 'GNF'] as const;
const mobileMoney = (letter: string) =>
  ({
    kind: 'mobile_money',
    family: null,
    label: { fr: `Mobile money ${letter}`, en: `Mobile money ${letter}` },
    shortLabel: null,
    currencies: FRANCS,
    converts: null,
    min: null,
    network: null,
  }) as const;

/**
 * Every rail, once: the API's enums, the hosted page, the dashboard and the docs read rail names
 * and their words from here; the lists below are derived from it. Order is the order rails are
 * offered and listed in.
 */
export const RAIL_CATALOG = {
  mobile_money_a: mobileMoney('A'),
  mobile_money_b: mobileMoney('B'),
  mobile_money_c: mobileMoney('C'),
  mobile_money_d: mobileMoney('D'),
  btc_lightning: {
    kind: 'lightning',
    family: 'invoice',
    label: { fr: 'Bitcoin Lightning', en: 'Bitcoin Lightning' },
    shortLabel: 'Bitcoin Lightning',
    currencies: ['BTC'],
    converts: 'BTC',
    min: null,
    network: { live: 'bitcoin', test: 'testnet' },
  },
  btc_onchain: {
    kind: 'onchain',
    family: 'address',
    label: { fr: 'Bitcoin (on-chain)', en: 'Bitcoin (on-chain)' },
    shortLabel: 'Bitcoin',
    currencies: ['BTC'],
    converts: 'BTC',
    // An on-chain payment below 1,000 sats costs more in fees than it moves.
    min: 1_000,
    network: { live: 'bitcoin', test: 'testnet' },
  },
  usdt_trc20: {
    kind: 'usdt',
    family: 'address',
    label: { fr: 'USDT (TRC-20)', en: 'USDT (TRC-20)' },
    shortLabel: 'USDT (TRC20)',
    currencies: ['USDT'],
    converts: 'USDT',
    min: null,
    network: { live: 'tron', test: 'tron-nile' },
  },
} as const satisfies Record<string, RailEntry>;

type Catalog = typeof RAIL_CATALOG;
export type Rail = keyof Catalog;
type RailsWhere<K extends keyof RailEntry, V> = { [R in Rail]: Catalog[R][K] extends V ? R : never }[Rail];

export const RAILS = Object.keys(RAIL_CATALOG) as [Rail, ...Rail[]];
const railsWhere = <R extends Rail>(test: (e: RailEntry) => boolean) => RAILS.filter((r) => test(RAIL_CATALOG[r])) as [R, ...R[]];

export type MobileMoneyRail = RailsWhere<'kind', 'mobile_money'>;
export const MOBILE_MONEY_RAILS: readonly MobileMoneyRail[] = railsWhere<MobileMoneyRail>((e) => e.kind === 'mobile_money');
/** Rails whose destination is an address that can receive money at any time. */
export type AddressRail = RailsWhere<'family', 'address'>;
export const ADDRESS_RAILS = railsWhere<AddressRail>((e) => e.family === 'address');

/** A value for every rail, from the catalog. */
function byRail<T>(f: (rail: Rail) => T): Record<Rail, T> {
  const out = {} as Record<Rail, T>;
  for (const r of RAILS) out[r] = f(r);
  return out;
}

export const isRail = (rail: string): rail is Rail => Object.hasOwn(RAIL_CATALOG, rail);
export const isMobileMoneyRail = (rail: string): rail is MobileMoneyRail => isRail(rail) && RAIL_CATALOG[rail].kind === 'mobile_money';
export const isAddressRail = (rail: string): rail is AddressRail => isRail(rail) && RAIL_CATALOG[rail].family === 'address';
/** A rail whose prompt is an invoice that expires (Lightning). */
export const isInvoiceRail = (rail: string): boolean => isRail(rail) && RAIL_CATALOG[rail].family === 'invoice';
export const railKind = (rail: Rail): RailKind => RAIL_CATALOG[rail].kind;
/** A rail's name in a language (the rail id when it is no rail). */
export const railLabel = (rail: string, locale: keyof Label): string => (isRail(rail) ? RAIL_CATALOG[rail].label[locale] : rail);

/** What each kind of rail is, in words, under its name on the hosted page. */
export const RAIL_KIND_LABEL: Record<RailKind, Label> = {
  mobile_money: { fr: 'Mobile money', en: 'Mobile money' },
  lightning: { fr: 'Bitcoin, instantané', en: 'Bitcoin, instant' },
  onchain: { fr: 'Réseau Bitcoin', en: 'Bitcoin network' },
  usdt: { fr: 'Réseau TRON', en: 'TRON network' },
};

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
export const RAIL_CURRENCIES: Record<Rail, readonly Currency[]> = byRail((r) => RAIL_CATALOG[r].currencies);

/**
 * Rails that also take the francs (XOF, XAF, GNF) at a locked quote: the intent keeps its currency
 * and the payer pays the rail's own (the settlement currency) at a rate (lib/rates/quotes.ts).
 */
export const CONVERTING_RAILS: Partial<Record<Rail, Currency>> = Object.fromEntries(
  RAILS.flatMap((r) => (RAIL_CATALOG[r].converts ? [[r, RAIL_CATALOG[r].converts]] : [])),
);
export const CONVERTIBLE_CURRENCIES: readonly Currency[] = FRANCS;

/**
 * The currency the payer pays `currency` in over `rail`: the same one when the rail takes it,
 * the rail's own when the rail converts it, else null (rail_currency_mismatch).
 */
export function settlementCurrency(rail: Rail, currency: Currency, direct: readonly Currency[] = RAIL_CURRENCIES[rail]): Currency | null {
  if (direct.includes(currency)) return currency;
  const own = CONVERTING_RAILS[rail];
  return own && CONVERTIBLE_CURRENCIES.includes(currency) ? own : null;
}

/** Rail-specific floors (RailEntry.min). */
export const RAIL_MIN: Partial<Record<Rail, number>> = Object.fromEntries(
  RAILS.flatMap((r) => (RAIL_CATALOG[r].min !== null ? [[r, RAIL_CATALOG[r].min]] : [])),
);

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
    throw invalid('amount_too_small', `Amount must be at least ${formatMinor(bounds.min, currency)} in minor units of ${currency}; got ${amount}.`, param);
  if (amount > bounds.max)
    throw invalid('amount_too_large', `Amount must be at most ${formatMinor(bounds.max, currency)} in minor units of ${currency}; got ${amount}.`, param);
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
