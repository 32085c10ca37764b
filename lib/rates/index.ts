// Exchange rates for the converting rails: the live sources fetched together, the fixed test-mode
// rates, and the final intent-currency rate for a pair (peg, GNF rate, spread: ./quotes.ts).

import { TEST_GNF_PER_EUR, TEST_XOF_PER_BTC, TEST_XOF_PER_USDT } from '../config';
import { div, formatDecimal, mul, parseDecimal } from '../decimal';
import type { Currency } from '../money';
import { applySpread, CFA_PER_EUR, parseRate, RATE_PLACES, type Rate, rateFromEur } from './quotes';
import type { Base, RateProvider, Ticker } from './types';

export { type Aggregated, type AggregateOptions, aggregate, CONTRACT_MAX_AGE_SECONDS, DEFAULT_MAX_DISAGREEMENT_PERCENT } from './aggregate';
export { BITSTAMP_BASE_URL, bitstampProvider } from './bitstamp';
export { KRAKEN_BASE_URL, krakenProvider } from './kraken';
export type { Base, RateProvider, Ticker } from './types';
export { BASES } from './types';

/** Intent currencies a converting rail can take. */
export const CONVERTIBLE_CURRENCIES = ['XOF', 'XAF', 'GNF'] as const;
export type ConvertibleCurrency = (typeof CONVERTIBLE_CURRENCIES)[number];

const isConvertible = (c: Currency): c is ConvertibleCurrency => (CONVERTIBLE_CURRENCIES as readonly string[]).includes(c);
const isBase = (c: Currency): c is Base => c === 'BTC' || c === 'USDT';

export interface FetchAllResult {
  tickers: Ticker[];
  /** One per provider that failed, with its Error's message (it names the provider and the cause). */
  errors: { source: string; message: string }[];
}

/** Every provider at once; one failing (down, slow, garbage) never hides another's tickers. */
export async function fetchAll(providers: readonly RateProvider[], now: number, opts: { signal?: AbortSignal } = {}): Promise<FetchAllResult> {
  const settled = await Promise.allSettled(providers.map((p) => p.fetch({ now, signal: opts.signal })));
  const out: FetchAllResult = { tickers: [], errors: [] };
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') out.tickers.push(...s.value);
    else out.errors.push({ source: providers[i]!.name, message: s.reason instanceof Error ? s.reason.message : String(s.reason) });
  });
  return out;
}

export interface RateOptions {
  /** `RATE_GNF_PER_EUR`: GNF has no rate without it. */
  gnfPerEur?: string;
  /** `RATE_SPREAD_PERCENT` (default "0"). */
  spreadPercent?: string;
}

/**
 * The rate a quote uses (intent-currency units per settlement unit) from the EUR prices of BTC and
 * USDT (`aggregate`'s prices): the peg or the GNF rate, then the spread. Null when the pair does not
 * convert (the settlement currency is not BTC or USDT, the intent's is not XOF, XAF or GNF), when
 * there is no price for the settlement currency, or for GNF without `gnfPerEur`.
 */
export function ratesFor(
  intentCurrency: Currency,
  settlementCurrency: Currency,
  eurPrices: Partial<Record<Base, string>>,
  opts: RateOptions = {},
): Rate | null {
  if (!isConvertible(intentCurrency) || !isBase(settlementCurrency)) return null;
  const eur = eurPrices[settlementCurrency];
  if (eur === undefined) return null;
  const rate = rateFromEur(eur, intentCurrency, { gnfPerEur: opts.gnfPerEur });
  return rate === null ? null : applySpread(rate, opts.spreadPercent ?? '0');
}

/** Test mode's fixed rates: their defaults live with the configuration that can change them (lib/config.ts). */
export { TEST_GNF_PER_EUR, TEST_XOF_PER_BTC, TEST_XOF_PER_USDT } from '../config';

export interface TestRateOptions extends RateOptions {
  xofPerBtc?: string;
  xofPerUsdt?: string;
}

/**
 * Test mode's rates for every convertible pair. XAF equals XOF (both are pegged at 655.957 per EUR);
 * GNF is derived through the euro: XOF rate / 655.957 * GNF-per-EUR, rounded down to RATE_PLACES
 * (1 BTC = 914,694,103.42446227 GNF at the defaults). Then the spread, as for live rates.
 */
export function testRates(opts: TestRateOptions = {}): Record<ConvertibleCurrency, Record<Base, Rate>> {
  const gnfPerEur = parseRate(opts.gnfPerEur ?? TEST_GNF_PER_EUR);
  const spread = opts.spreadPercent ?? '0';
  const xof: Record<Base, string> = { BTC: opts.xofPerBtc ?? TEST_XOF_PER_BTC, USDT: opts.xofPerUsdt ?? TEST_XOF_PER_USDT };
  const row = (f: (x: string) => string): Record<Base, Rate> => ({ BTC: applySpread(f(xof.BTC), spread), USDT: applySpread(f(xof.USDT), spread) });
  const viaEur = (x: string) => formatDecimal(div(mul(parseRate(x), gnfPerEur), parseDecimal(CFA_PER_EUR), RATE_PLACES, 'down'));
  return { XOF: row((x) => x), XAF: row((x) => x), GNF: row(viaEur) };
}

/** One test-mode rate, or null when the pair does not convert. */
export function testRate(intentCurrency: Currency, settlementCurrency: Currency, opts: TestRateOptions = {}): Rate | null {
  if (!isConvertible(intentCurrency) || !isBase(settlementCurrency)) return null;
  return testRates(opts)[intentCurrency][settlementCurrency];
}
