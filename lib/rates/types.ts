// A price source for the converting rails (api-contract.md, "Live rates"): BTC and USDT in EUR from
// independent public exchange APIs. A provider answers tickers or throws; it never answers a guess.

/** The settlement currencies a rate is needed for. */
export const BASES = ['BTC', 'USDT'] as const;
export type Base = (typeof BASES)[number];

export interface Ticker {
  base: Base;
  /** EUR for one unit of `base`, an exact decimal string as the exchange wrote it (validated). */
  price: string;
  /** Unix seconds: the exchange's own timestamp when it gives one, else the time of our fetch. */
  at: number;
  /** The provider's name ("kraken", "bitstamp"), shown as the rate's `source`. */
  source: string;
}

export interface RateProvider {
  name: string;
  /** All of this provider's tickers, or a thrown Error whose message names the provider and what was wrong. */
  fetch(opts: { now: number; signal?: AbortSignal }): Promise<Ticker[]>;
}
