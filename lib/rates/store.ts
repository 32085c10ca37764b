// The exchange rates every instance quotes from: the worker's refresh writes one `exchange_rates`
// row per settlement currency (its EUR price, or why the last refresh refused), and a quote reads it
// (api-contract.md, "Paying in another currency: quotes"). A request never waits on an exchange;
// freshness is judged when a rate is read, so a price stops quoting 2 minutes after it was fetched
// whatever happened to the refreshes since. The API's list of these rates, and whether the
// deployment needs live ones (a live converting rail), are lib/domain/exchange-rates.ts.
import { type Config, config } from '../config';
import type { Db } from '../db/client';
import { log } from '../log';
import type { Currency } from '../money';
import {
  aggregate,
  BASES,
  type Base,
  bitstampProvider,
  CONTRACT_MAX_AGE_SECONDS,
  CONVERTIBLE_CURRENCIES,
  type ConvertibleCurrency,
  DEFAULT_MAX_DISAGREEMENT_PERCENT,
  fetchAll,
  krakenProvider,
  type RateProvider,
  ratesFor,
  type TestRateOptions,
  testRate,
} from './index';

/** The worker_leases row that makes one refresh per interval for the whole deployment. */
export const REFRESH_LEASE = 'refresh-rates';

/** A rate a quote can use now: intent-currency units for one settlement unit, where it came from, and when. */
export interface CurrentRate {
  rate: string;
  /** "test" in test mode; live: the exchange ("kraken"), or "median:<names>" for several. */
  source: string;
  /** Unix seconds: the newest exchange price it rests on (test mode: now). */
  fetchedAt: number;
}

/** A rate for one pair, as `currentRates` lists them. */
export interface PairRate extends CurrentRate {
  from: ConvertibleCurrency;
  to: Base;
}

interface RateRow {
  base: string;
  price_eur: string | null;
  sources: string[];
  fetched_at: number | null;
}

const isBase = (c: Currency): c is Base => (BASES as readonly string[]).includes(c);
const isConvertible = (c: Currency): c is ConvertibleCurrency => (CONVERTIBLE_CURRENCIES as readonly string[]).includes(c);

/** The live providers RATE_SOURCES names, at their configured addresses. */
export function configuredProviders(cfg: Config = config()): RateProvider[] {
  return cfg.RATE_SOURCES.map((name) =>
    name === 'kraken' ? krakenProvider({ baseUrl: cfg.RATE_KRAKEN_URL }) : bitstampProvider({ baseUrl: cfg.RATE_BITSTAMP_URL }),
  );
}

/**
 * One refresh of the EUR prices of BTC and USDT, at most once per RATE_REFRESH_SECONDS for the whole
 * deployment: the caller whose conditional upsert moves the `refresh-rates` lease does it; any other
 * (another instance, a second call) returns 0 without fetching. Then every source at once, aggregated
 * (median of fresh sources, refused when they disagree by more than 2 % or too few are fresh), and
 * one row per base: a new price, or on refusal the reason, keeping the last price and its time (it
 * quotes until it is 2 minutes old; `currentRate` judges). Returns how many bases got a new price.
 */
export async function refreshRates(db: Db, now: number, deps: { providers?: readonly RateProvider[] } = {}): Promise<number> {
  const cfg = config();
  const taken = await db.query(
    `insert into worker_leases (name, locked_until) values ($1, $2)
     on conflict (name) do update set locked_until = excluded.locked_until where worker_leases.locked_until <= $3
     returning name`,
    [REFRESH_LEASE, now + cfg.RATE_REFRESH_SECONDS, now],
  );
  if (taken.length === 0) return 0;

  const { tickers, errors } = await fetchAll(deps.providers ?? configuredProviders(cfg), now);
  // The providers' messages name the source and the cause (status, timeout, shape), never a body or a secret.
  for (const e of errors) log('warn', 'exchange rate source failed', { source: e.source, error: e.message });
  const agg = aggregate(tickers, now, {
    maxAgeSeconds: CONTRACT_MAX_AGE_SECONDS,
    maxDisagreementPercent: DEFAULT_MAX_DISAGREEMENT_PERCENT,
    minSources: cfg.RATE_MIN_SOURCES,
  });

  const values: string[] = [];
  const params: unknown[] = [];
  const distrusted: string[] = [];
  let refreshed = 0;
  for (const base of BASES) {
    const a = agg[base];
    if (a.ok) refreshed++;
    else {
      log('warn', 'exchange rate refused', { base, reason: a.reason });
      if (a.distrust) distrusted.push(base);
    }
    params.push(base, a.ok ? a.price : null, JSON.stringify(a.ok ? a.sources : []), a.ok ? a.fetchedAt : null, now, a.ok ? null : a.reason);
    const n = params.length;
    values.push(`($${n - 5}, $${n - 4}, $${n - 3}::jsonb, $${n - 2}::bigint, $${n - 1}::bigint, $${n})`);
  }
  // A refusal (error set) keeps the last price, its sources and its time: it is quoted until it is
  // two minutes old, so an exchange down for a moment does not stop payments.
  await db.query(
    `insert into exchange_rates (base, price_eur, sources, fetched_at, refreshed_at, error) values ${values.join(', ')}
     on conflict (base) do update set
       price_eur = case when excluded.error is null then excluded.price_eur else exchange_rates.price_eur end,
       sources = case when excluded.error is null then excluded.sources else exchange_rates.sources end,
       fetched_at = case when excluded.error is null then excluded.fetched_at else exchange_rates.fetched_at end,
       refreshed_at = excluded.refreshed_at,
       error = excluded.error`,
    params,
  );
  // Sources that disagree, or answer nonsense, cannot be believed: the last price goes at once
  // (no quote until they agree again), not after its two minutes.
  if (distrusted.length) await db.query(`update exchange_rates set price_eur = null where base = any($1::text[])`, [distrusted]);
  return refreshed;
}

function testOptions(cfg: Config): TestRateOptions {
  return {
    xofPerBtc: cfg.TEST_RATE_XOF_PER_BTC,
    xofPerUsdt: cfg.TEST_RATE_XOF_PER_USDT,
    gnfPerEur: cfg.TEST_RATE_GNF_PER_EUR,
    spreadPercent: cfg.RATE_SPREAD_PERCENT,
  };
}

/** A live pair's rate from its base's row: null when the row has no price, or one fetched more than 2 minutes from now. */
function liveRate(row: RateRow | undefined, from: Currency, to: Base, cfg: Config, now: number): CurrentRate | null {
  if (!row || row.price_eur === null || row.fetched_at === null) return null;
  // Either way: a price from a clock far ahead is as doubtful as an old one (as lib/rates/aggregate.ts judges tickers).
  if (Math.abs(now - row.fetched_at) > CONTRACT_MAX_AGE_SECONDS) return null;
  const rate = ratesFor(from, to, { [to]: row.price_eur }, { gnfPerEur: cfg.RATE_GNF_PER_EUR, spreadPercent: cfg.RATE_SPREAD_PERCENT });
  if (rate === null) return null;
  const sources = row.sources;
  return { rate, source: sources.length > 1 ? `median:${sources.join(',')}` : (sources[0] ?? 'unknown'), fetchedAt: row.fetched_at };
}

const RATE_COLUMNS = 'base, price_eur, sources, fetched_at';

/**
 * The rate a quote for an `intentCurrency` intent paid in `settlementCurrency` would use now, or null:
 * the pair does not convert (not XOF/XAF/GNF to BTC/USDT; GNF without RATE_GNF_PER_EUR in live mode),
 * or in live mode no price fetched within the last 2 minutes. Test mode: the fixed test rates (no
 * query). At most one query.
 */
export async function currentRate(db: Db, intentCurrency: Currency, settlementCurrency: Currency, livemode: boolean, now: number): Promise<CurrentRate | null> {
  const cfg = config();
  if (!livemode) {
    const rate = testRate(intentCurrency, settlementCurrency, testOptions(cfg));
    return rate === null ? null : { rate, source: 'test', fetchedAt: now };
  }
  if (!isConvertible(intentCurrency) || !isBase(settlementCurrency)) return null;
  if (intentCurrency === 'GNF' && cfg.RATE_GNF_PER_EUR === undefined) return null;
  const [row] = await db.query<RateRow>(`select ${RATE_COLUMNS} from exchange_rates where base = $1`, [settlementCurrency]);
  return liveRate(row, intentCurrency, settlementCurrency, cfg, now);
}

/**
 * Every convertible pair that has a rate now (XOF, XAF, GNF x BTC, USDT, in that order), from one
 * query at most (none in test mode): for the API's list and the hosted page.
 */
export async function currentRates(db: Db, livemode: boolean, now: number): Promise<PairRate[]> {
  const cfg = config();
  const out: PairRate[] = [];
  if (!livemode) {
    const opts = testOptions(cfg);
    for (const from of CONVERTIBLE_CURRENCIES)
      for (const to of BASES) {
        const rate = testRate(from, to, opts);
        if (rate !== null) out.push({ from, to, rate, source: 'test', fetchedAt: now });
      }
    return out;
  }
  // The table holds one row per base (BTC, USDT): all of it.
  const rows = await db.query<RateRow>(`select ${RATE_COLUMNS} from exchange_rates`);
  for (const from of CONVERTIBLE_CURRENCIES)
    for (const to of BASES) {
      const r = liveRate(
        rows.find((row) => row.base === to),
        from,
        to,
        cfg,
        now,
      );
      if (r) out.push({ from, to, ...r });
    }
  return out;
}
