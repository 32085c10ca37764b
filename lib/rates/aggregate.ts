// From the exchanges' tickers to one EUR price per settlement currency, or a refusal with its reason
// (api-contract.md, "Live rates": "median; refuse to quote when they disagree by more than 2 % or the
// newest is older than 2 minutes"). A refusal makes the converting rails unavailable (503
// `rail_unavailable`, not offered on the page); it is never a quote at a doubtful price.
import { type Decimal, formatDecimal, median, parseDecimal, relativeDifferenceExceeds } from '../decimal';
import { BASES, type Base, type Ticker } from './types';

/** The contract's freshness limit: a configuration may narrow it, never widen it. */
export const CONTRACT_MAX_AGE_SECONDS = 120;
export const DEFAULT_MAX_DISAGREEMENT_PERCENT = '2';
/**
 * Decimal places of a median of an even count of prices, rounded down. Exchanges quote EUR prices
 * with at most 5 decimals (Kraken) or 2-5 (Bitstamp); the mean of two such values needs one more,
 * so at 8 places the median is exact in practice.
 */
export const PRICE_PLACES = 8;

/**
 * `distrust`: the sources answered but cannot be believed (they disagree, or a price is not a
 * number): the last price is dropped at once (lib/rates/store.ts), not kept for its two minutes.
 */
export type Aggregated = { ok: true; price: string; sources: string[]; fetchedAt: number } | { ok: false; reason: string; distrust?: boolean };

export interface AggregateOptions {
  /** A ticker older than this (seconds, default and at most 120) is not used. */
  maxAgeSeconds: number;
  /** Refuse when the fresh prices' (max - min) / min exceeds this percentage (default "2"). */
  maxDisagreementPercent: string;
  /**
   * Fresh sources needed before quoting (default 1). The trade-off:
   * - 1 (default): the converting rails stay up while one exchange is down or stale (each of
   *   Kraken and Bitstamp has had outages and maintenance windows); the contract's "median of fresh
   *   sources" and "refuse when they disagree" apply whenever two answered, which is nearly always.
   *   The risk is one exchange's wrong price unchecked for one fetch; the exposure is bounded by the
   *   quote TTL, and each answer is still validated (a positive decimal, a fresh timestamp).
   * - 2: no quote ever rests on one exchange alone (the disagreement check always runs; a single
   *   exchange's flash crash or a broken feed cannot set a price), at the cost of losing BTC and USDT
   *   payments whenever either exchange is down. An operator who prefers that sets it.
   */
  minSources?: number;
}

/**
 * Per base (BTC, USDT): the median of the fresh sources' prices. Fresh: `at` no more than
 * `maxAgeSeconds` (capped at 120) before `now`, and not more than that after it either (a clock far
 * ahead is as wrong as one far behind). One source's several tickers for a base count once (its newest).
 * Refused: no fresh source (or fewer than `minSources`), or fresh sources disagreeing by more than
 * the percentage. `fetchedAt` is the newest `at` used; `sources` the names used, sorted.
 */
export function aggregate(tickers: readonly Ticker[], now: number, opts: AggregateOptions): Record<Base, Aggregated> {
  const maxAge = Math.min(opts.maxAgeSeconds, CONTRACT_MAX_AGE_SECONDS);
  const minSources = opts.minSources ?? 1;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) throw new Error(`maxAgeSeconds must be a non-negative integer; got ${opts.maxAgeSeconds}`);
  if (!Number.isSafeInteger(minSources) || minSources < 1) throw new Error(`minSources must be a positive integer; got ${opts.minSources}`);
  const pct = parseDecimal(opts.maxDisagreementPercent);
  const out = {} as Record<Base, Aggregated>;
  for (const base of BASES) {
    const mine = tickers.filter((t) => t.base === base);
    // The newest ticker of each source.
    const bySource = new Map<string, Ticker>();
    for (const t of mine) {
      const seen = bySource.get(t.source);
      if (!seen || t.at > seen.at) bySource.set(t.source, t);
    }
    const fresh = [...bySource.values()].filter((t) => Math.abs(now - t.at) <= maxAge);
    if (fresh.length === 0) {
      const newest = mine.length ? Math.max(...mine.map((t) => t.at)) : null;
      out[base] = {
        ok: false,
        reason:
          newest === null ? `no source answered a ${base}/EUR price` : `no fresh ${base}/EUR price: the newest is ${now - newest} s old (at most ${maxAge} s)`,
      };
      continue;
    }
    if (fresh.length < minSources) {
      out[base] = { ok: false, reason: `only ${fresh.length} fresh ${base}/EUR source(s) (${names(fresh)}); ${minSources} needed` };
      continue;
    }
    let prices: Decimal[];
    try {
      prices = fresh.map((t) => parseDecimal(t.price));
    } catch (e) {
      out[base] = { ok: false, reason: `a ${base}/EUR price is not a decimal: ${(e as Error).message}`, distrust: true };
      continue;
    }
    if (relativeDifferenceExceeds(prices, pct)) {
      const list = fresh.map((t) => `${t.source} ${t.price}`).join(', ');
      out[base] = { ok: false, reason: `the ${base}/EUR sources disagree by more than ${opts.maxDisagreementPercent} % (${list})`, distrust: true };
      continue;
    }
    out[base] = {
      ok: true,
      price: formatDecimal(median(prices, PRICE_PLACES)),
      sources: fresh.map((t) => t.source).sort(),
      fetchedAt: Math.max(...fresh.map((t) => t.at)),
    };
  }
  return out;
}

const names = (ts: readonly Ticker[]) => ts.map((t) => t.source).join(', ');
