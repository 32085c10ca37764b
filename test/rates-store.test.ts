// The exchange rates every instance quotes from (lib/rates/store.ts): one refresh per interval for
// the whole deployment (the `refresh-rates` lease), the last price kept through a refusal, freshness
// judged when a rate is read, the spread, GNF only with RATE_GNF_PER_EUR, test mode's fixed rates;
// the worker's task against the exchange fakes; and `GET /v1/exchange_rates` through the API.
// exchange_rates and worker_leases are not per merchant: each test starts with both emptied, in a
// database of this file's own (useDatabase({ own: true })), so the files running at the same time
// on PostgreSQL, which quote from the shared rates, never see them emptied or rewritten.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_OBJECTS } from '@/lib/api/openapi';
import { config, resetConfigForTests } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { assertRateAvailable } from '@/lib/domain/conversion';
import { liveRatesNeeded } from '@/lib/domain/exchange-rates';
import { nowSeconds } from '@/lib/ids';
import { resetRailsForTests } from '@/lib/rails/registry';
import type { RailAdapter } from '@/lib/rails/types';
import { bitstampProvider, krakenProvider, type RateProvider, ratesFor } from '@/lib/rates';
import { currentRate, currentRates, REFRESH_LEASE, refreshRates } from '@/lib/rates/store';
import { workerTasks } from '@/lib/worker/tasks';
import { call, newMerchant, useDatabase } from './api';
import { type BitstampFake, startBitstampFake } from './fakes/bitstamp';
import { type KrakenFake, startKrakenFake } from './fakes/kraken';

const { db } = useDatabase({ own: true });

const T = 1_767_225_600;
// Kraken 91000.1 and Bitstamp 91200: the median is 91100.05 EUR per BTC; USDT 0.9147 and 0.91482: 0.91476.
const BTC_EUR = '91100.05';
const USDT_EUR = '0.91476';

let kraken: KrakenFake;
let bitstamp: BitstampFake;
let providers: RateProvider[];

// Environment changes for one test, put back after it (with the configuration and the rail registry).
const savedEnv = new Map<string, string | undefined>();
function setEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (!savedEnv.has(k)) savedEnv.set(k, process.env[k]);
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

/** A live backend on a converting rail, as far as the registry is concerned (its methods are never called here). */
function liveConvertingRail(): void {
  resetRailsForTests({ live: { btc_onchain: { rail: 'btc_onchain' } as unknown as RailAdapter } });
}

beforeEach(async () => {
  await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
  await db().query(`delete from exchange_rates`);
  kraken = await startKrakenFake({ btc: '91000.1', usdt: '0.9147' });
  bitstamp = await startBitstampFake({ btc: '91200', usdt: '0.91482', timestamp: T - 5 });
  providers = [krakenProvider({ baseUrl: kraken.url, timeoutMs: 2000 }), bitstampProvider({ baseUrl: bitstamp.url, timeoutMs: 2000 })];
});

afterEach(async () => {
  for (const [k, v] of savedEnv) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  savedEnv.clear();
  resetConfigForTests();
  resetRailsForTests();
  vi.restoreAllMocks();
  await Promise.all([kraken.close(), bitstamp.close()]);
  await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
  await db().query(`delete from exchange_rates`);
});

async function rows() {
  return db().query(`select base, price_eur, sources, fetched_at, refreshed_at, error from exchange_rates order by base`);
}

/** `db` with its statements counted. */
function counting(inner: Db): { db: Db; count: () => number } {
  let n = 0;
  const wrapped: Db = {
    kind: inner.kind,
    inTransaction: inner.inTransaction,
    query: (text, params) => {
      n++;
      return inner.query(text, params);
    },
    transaction: (fn) => inner.transaction(fn),
  };
  return { db: wrapped, count: () => n };
}

const live = (from: 'XOF' | 'XAF' | 'GNF', to: 'BTC' | 'USDT', opts: { gnfPerEur?: string; spreadPercent?: string } = {}) =>
  ratesFor(from, to, { BTC: BTC_EUR, USDT: USDT_EUR }, opts)!;

describe('refreshRates: one refresh per interval for the whole deployment', () => {
  it('two at once (two instances on one database): one fetches, the other does nothing; the next interval fetches again', async () => {
    const results = await Promise.all([refreshRates(db(), T, { providers }), refreshRates(db(), T, { providers })]);
    expect(results.sort()).toEqual([0, 2]);
    expect(kraken.requests).toBe(1); // one request for both pairs
    expect(bitstamp.requests).toBe(2); // one per pair
    // Later in the same interval, on either instance: nothing.
    expect(await refreshRates(db(), T + 29, { providers })).toBe(0);
    expect(kraken.requests).toBe(1);
    // RATE_REFRESH_SECONDS (30) later: the lease is free again.
    bitstamp.setTimestamp!(T + 25);
    expect(await refreshRates(db(), T + 30, { providers })).toBe(2);
    expect(await refreshRates(db(), T + 30, { providers })).toBe(0);
    expect(kraken.requests).toBe(2);
    expect(bitstamp.requests).toBe(4);
    const [lease] = await db().query(`select locked_until from worker_leases where name = $1`, [REFRESH_LEASE]);
    expect(lease).toEqual({ locked_until: T + 60 });
  });

  it('writes each base: the median of the fresh sources, their names, the newest time; the rate quotes from it', async () => {
    expect(await refreshRates(db(), T, { providers })).toBe(2);
    expect(await rows()).toEqual([
      { base: 'BTC', price_eur: BTC_EUR, sources: ['bitstamp', 'kraken'], fetched_at: T, refreshed_at: T, error: null },
      { base: 'USDT', price_eur: USDT_EUR, sources: ['bitstamp', 'kraken'], fetched_at: T, refreshed_at: T, error: null },
    ]);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T + 10)).toEqual({ rate: live('XOF', 'BTC'), source: 'median:bitstamp,kraken', fetchedAt: T });
    expect(live('XOF', 'BTC')).toBe('59757715.49785'); // 91100.05 * 655.957
    expect(await currentRate(db(), 'XAF', 'USDT', true, T + 10)).toEqual({ rate: live('XAF', 'USDT'), source: 'median:bitstamp,kraken', fetchedAt: T });
  });

  it('one source down: the other alone (its name as the source, its own time); a warning names the failing source', async () => {
    setEnv({ LOG_LEVEL: 'warn' });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    kraken.setMode('down');
    expect(await refreshRates(db(), T, { providers })).toBe(2);
    const warnings = stderr.mock.calls.map((c) => JSON.parse(String(c[0])));
    expect(warnings).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'exchange rate source failed',
        source: 'kraken',
        error: expect.stringMatching(/^kraken: GET \/0\/public\/Ticker: /),
      }),
    );
    expect(warnings.some((w) => w.source === 'bitstamp')).toBe(false);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T)).toEqual({ rate: ratesFor('XOF', 'BTC', { BTC: '91200' }), source: 'bitstamp', fetchedAt: T - 5 });
  });

  it('a refusal keeps the last price and its time (it quotes until 2 minutes old), and records why', async () => {
    setEnv({ LOG_LEVEL: 'warn' });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await refreshRates(db(), T, { providers })).toBe(2);
    const before = await currentRate(db(), 'XOF', 'BTC', true, T);

    // Both exchanges down.
    kraken.setMode('down');
    bitstamp.setMode('down');
    expect(await refreshRates(db(), T + 30, { providers })).toBe(0);
    expect(await rows()).toEqual([
      { base: 'BTC', price_eur: BTC_EUR, sources: ['bitstamp', 'kraken'], fetched_at: T, refreshed_at: T + 30, error: 'no source answered a BTC/EUR price' },
      { base: 'USDT', price_eur: USDT_EUR, sources: ['bitstamp', 'kraken'], fetched_at: T, refreshed_at: T + 30, error: 'no source answered a USDT/EUR price' },
    ]);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T + 30)).toEqual(before);
    const warned = stderr.mock.calls.map((c) => JSON.parse(String(c[0]))).filter((w) => w.msg === 'exchange rate source failed');
    expect(warned.map((w) => w.source).sort()).toEqual(['bitstamp', 'kraken']);

    // Judged at read time: the kept price quotes until it is 120 s old, not after.
    expect(await currentRate(db(), 'XOF', 'BTC', true, T + 120)).toEqual(before);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T + 121)).toBeNull();

    // Back up, but disagreeing on BTC by more than 2 %: the sources cannot be believed, so BTC's
    // last price is dropped at once (no quote until they agree); USDT refreshed.
    kraken.setMode('ok');
    bitstamp.setMode('ok');
    kraken.setPrice('BTC', '80000');
    bitstamp.setTimestamp!(T + 60);
    expect(await refreshRates(db(), T + 60, { providers })).toBe(1);
    const [btc, usdt] = await rows();
    expect(btc).toMatchObject({ price_eur: null, refreshed_at: T + 60 });
    expect(btc!.error).toMatch(/^the BTC\/EUR sources disagree by more than 2 % \(kraken 80000(\.0+)?, bitstamp 91200(\.0+)?\)$/);
    expect(usdt).toMatchObject({ price_eur: USDT_EUR, fetched_at: T + 60, refreshed_at: T + 60, error: null });
    expect(await currentRate(db(), 'XOF', 'BTC', true, T + 61)).toBeNull();
    expect(await currentRate(db(), 'XOF', 'USDT', true, T + 61)).not.toBeNull();
    expect(await currentRate(db(), 'XOF', 'USDT', true, T + 121)).toMatchObject({ fetchedAt: T + 60 });
  });

  it('a first refresh refused leaves a row without a price: no rate', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    kraken.setMode('garbage');
    bitstamp.setMode('error');
    expect(await refreshRates(db(), T, { providers })).toBe(0);
    expect(await rows()).toMatchObject([
      { base: 'BTC', price_eur: null, sources: [], fetched_at: null, refreshed_at: T, error: 'no source answered a BTC/EUR price' },
      { base: 'USDT', price_eur: null, sources: [], fetched_at: null, refreshed_at: T },
    ]);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T)).toBeNull();
    expect(await currentRates(db(), true, T)).toEqual([]);
    // A converting confirm is refused as rail_unavailable, with Retry-After: the next refresh.
    const err = await assertRateAvailable(db(), 'btc_lightning', 'XOF', true, T).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'rail_unavailable', retryAfterSeconds: config().RATE_REFRESH_SECONDS });
  });

  it('RATE_MIN_SOURCES=2: one exchange alone is refused', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    setEnv({ RATE_MIN_SOURCES: '2' });
    bitstamp.setMode('down');
    expect(await refreshRates(db(), T, { providers })).toBe(0);
    expect((await rows())[0]).toMatchObject({ price_eur: null, error: 'only 1 fresh BTC/EUR source(s) (kraken); 2 needed' });
  });
});

describe('currentRate and currentRates: what a quote would use now', () => {
  it('freshness is judged at read time: 120 s old quotes, 121 s does not (nor a price from 121 s ahead)', async () => {
    await refreshRates(db(), T, { providers });
    expect(await currentRate(db(), 'XOF', 'USDT', true, T + 120)).toMatchObject({ rate: live('XOF', 'USDT'), fetchedAt: T });
    expect(await currentRate(db(), 'XOF', 'USDT', true, T + 121)).toBeNull();
    expect(await currentRate(db(), 'XOF', 'USDT', true, T - 121)).toBeNull();
    expect((await currentRates(db(), true, T + 120)).length).toBe(4);
    expect(await currentRates(db(), true, T + 121)).toEqual([]);
  });

  it('RATE_SPREAD_PERCENT lowers live and test rates alike', async () => {
    await refreshRates(db(), T, { providers });
    setEnv({ RATE_SPREAD_PERCENT: '1.5' });
    expect((await currentRate(db(), 'XOF', 'BTC', true, T))!.rate).toBe(live('XOF', 'BTC', { spreadPercent: '1.5' }));
    expect(live('XOF', 'BTC', { spreadPercent: '1.5' })).toBe('58861349.76538225'); // 59757715.49785 * 0.985, rounded down
    expect((await currentRate(db(), 'XOF', 'BTC', false, T))!.rate).toBe('59100000'); // 60,000,000 less 1.5 %
    expect((await currentRate(db(), 'XOF', 'USDT', false, T))!.rate).toBe('591');
  });

  it('GNF converts in live mode only with RATE_GNF_PER_EUR; in test mode always', async () => {
    await refreshRates(db(), T, { providers });
    expect(await currentRate(db(), 'GNF', 'BTC', true, T)).toBeNull();
    expect((await currentRates(db(), true, T)).map((r) => `${r.from}/${r.to}`)).toEqual(['XOF/BTC', 'XOF/USDT', 'XAF/BTC', 'XAF/USDT']);
    expect(await currentRate(db(), 'GNF', 'USDT', false, T)).toEqual({ rate: '9146.94103424', source: 'test', fetchedAt: T });

    setEnv({ RATE_GNF_PER_EUR: '10000' });
    expect(await currentRate(db(), 'GNF', 'BTC', true, T)).toEqual({ rate: '911000500', source: 'median:bitstamp,kraken', fetchedAt: T });
    expect(live('GNF', 'USDT', { gnfPerEur: '10000' })).toBe('9147.6');
    expect((await currentRates(db(), true, T)).map((r) => `${r.from}/${r.to}`)).toEqual(['XOF/BTC', 'XOF/USDT', 'XAF/BTC', 'XAF/USDT', 'GNF/BTC', 'GNF/USDT']);
    // Test mode's GNF goes through TEST_RATE_GNF_PER_EUR, not the live RATE_GNF_PER_EUR.
    setEnv({ RATE_GNF_PER_EUR: '9000' });
    expect((await currentRate(db(), 'GNF', 'USDT', false, T))!.rate).toBe('9146.94103424');
  });

  it('test mode: the documented fixed rates, configurable, with no query', async () => {
    const c = counting(db());
    expect(await currentRate(c.db, 'XOF', 'BTC', false, T)).toEqual({ rate: '60000000', source: 'test', fetchedAt: T });
    expect(await currentRate(c.db, 'XAF', 'USDT', false, T)).toEqual({ rate: '600', source: 'test', fetchedAt: T });
    expect(await currentRate(c.db, 'GNF', 'BTC', false, T)).toEqual({ rate: '914694103.42446227', source: 'test', fetchedAt: T });
    expect(await currentRate(c.db, 'BTC', 'BTC', false, T)).toBeNull();
    expect(await currentRate(c.db, 'XOF', 'XAF', false, T)).toBeNull();
    expect(await currentRates(c.db, false, T)).toEqual([
      { from: 'XOF', to: 'BTC', rate: '60000000', source: 'test', fetchedAt: T },
      { from: 'XOF', to: 'USDT', rate: '600', source: 'test', fetchedAt: T },
      { from: 'XAF', to: 'BTC', rate: '60000000', source: 'test', fetchedAt: T },
      { from: 'XAF', to: 'USDT', rate: '600', source: 'test', fetchedAt: T },
      { from: 'GNF', to: 'BTC', rate: '914694103.42446227', source: 'test', fetchedAt: T },
      { from: 'GNF', to: 'USDT', rate: '9146.94103424', source: 'test', fetchedAt: T },
    ]);
    expect(c.count()).toBe(0);
    setEnv({ TEST_RATE_XOF_PER_BTC: '65595700', TEST_RATE_XOF_PER_USDT: '655.957', TEST_RATE_GNF_PER_EUR: '9500' });
    expect((await currentRate(c.db, 'XOF', 'BTC', false, T))!.rate).toBe('65595700');
    expect((await currentRate(c.db, 'XAF', 'USDT', false, T))!.rate).toBe('655.957');
    expect((await currentRate(c.db, 'GNF', 'BTC', false, T))!.rate).toBe('950000000'); // 100,000 EUR at 9,500 GNF
    // Test mode never reads the live rows, even when there are none.
    expect(c.count()).toBe(0);
  });

  it('live mode: one query at most per call, none for a pair that cannot convert', async () => {
    await refreshRates(db(), T, { providers });
    const c = counting(db());
    expect(await currentRate(c.db, 'XOF', 'BTC', true, T)).not.toBeNull();
    expect(c.count()).toBe(1);
    expect(await currentRate(c.db, 'GNF', 'BTC', true, T)).toBeNull(); // no RATE_GNF_PER_EUR
    expect(await currentRate(c.db, 'BTC', 'BTC', true, T)).toBeNull();
    expect(await currentRate(c.db, 'XOF', 'XAF', true, T)).toBeNull();
    expect(c.count()).toBe(1);
    expect((await currentRates(c.db, true, T)).length).toBe(4);
    expect(c.count()).toBe(2);
  });
});

describe('the worker task refresh-rates', () => {
  const task = (opts: Parameters<typeof workerTasks>[0]) => workerTasks(opts).find((t) => t.name === 'refresh-rates');

  it('runs only when a converting rail is live: no exchange is called by a test-mode deployment', async () => {
    expect(await liveRatesNeeded(db())).toBe(false);
    expect(await task({ now: () => T, rateProviders: providers })!.run(db())).toBe(0);
    expect(kraken.requests + bitstamp.requests).toBe(0);
    expect(await rows()).toEqual([]);

    liveConvertingRail();
    expect(await liveRatesNeeded(db())).toBe(true);
    expect(await task({ now: () => T, rateProviders: providers })!.run(db())).toBe(2);
    expect((await rows()).map((r) => r.price_eur)).toEqual([BTC_EUR, USDT_EUR]);
    // Another instance's worker in the same interval: the lease says no.
    expect(await task({ now: () => T + 10, rateProviders: providers })!.run(db())).toBe(0);
    expect(kraken.requests).toBe(1);
  });

  it('every RATE_REFRESH_SECONDS; a pass scoped to one merchant has the task only with its own providers', () => {
    expect(task({})!.intervalMs).toBe(30_000);
    setEnv({ RATE_REFRESH_SECONDS: '45' });
    expect(task({})!.intervalMs).toBe(45_000);
    expect(task({ merchantId: 'acct_x' })).toBeUndefined();
    expect(task({ merchantId: 'acct_x', rateProviders: providers })).toBeDefined();
  });

  it('without injected providers: the ones RATE_SOURCES names, at RATE_KRAKEN_URL / RATE_BITSTAMP_URL', async () => {
    setEnv({ RATE_SOURCES: 'kraken', RATE_KRAKEN_URL: kraken.url, RATE_BITSTAMP_URL: bitstamp.url });
    liveConvertingRail();
    expect(await task({ now: () => T })!.run(db())).toBe(2);
    expect([kraken.requests, bitstamp.requests]).toEqual([1, 0]);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T)).toEqual({ rate: ratesFor('XOF', 'BTC', { BTC: '91000.1' }), source: 'kraken', fetchedAt: T });

    setEnv({ RATE_SOURCES: 'bitstamp' });
    expect(await task({ now: () => T + 30 })!.run(db())).toBe(2);
    expect([kraken.requests, bitstamp.requests]).toEqual([1, 2]);
    expect(await currentRate(db(), 'XOF', 'BTC', true, T + 30)).toMatchObject({ source: 'bitstamp', fetchedAt: T - 5 });
  });
});

describe('configuration', () => {
  it('the defaults', () => {
    const c = config();
    expect({
      spread: c.RATE_SPREAD_PERCENT,
      gnf: c.RATE_GNF_PER_EUR,
      ttl: c.QUOTE_TTL_SECONDS,
      refresh: c.RATE_REFRESH_SECONDS,
      sources: c.RATE_SOURCES,
      minSources: c.RATE_MIN_SOURCES,
      kraken: c.RATE_KRAKEN_URL,
      bitstamp: c.RATE_BITSTAMP_URL,
      test: [c.TEST_RATE_XOF_PER_BTC, c.TEST_RATE_XOF_PER_USDT, c.TEST_RATE_GNF_PER_EUR],
    }).toEqual({
      spread: '0',
      gnf: undefined,
      ttl: 900,
      refresh: 30,
      sources: ['kraken', 'bitstamp'],
      minSources: 1,
      kraken: undefined,
      bitstamp: undefined,
      test: ['60000000', '600', '10000'],
    });
  });

  it.each([
    ['RATE_SPREAD_PERCENT', '100', /RATE_SPREAD_PERCENT: must be a decimal percentage from 0 up to \(not including\) 100/],
    ['RATE_SPREAD_PERCENT', '-1', /RATE_SPREAD_PERCENT/],
    ['RATE_SPREAD_PERCENT', '1e1', /RATE_SPREAD_PERCENT/],
    ['RATE_SPREAD_PERCENT', '1,5', /RATE_SPREAD_PERCENT/],
    ['RATE_GNF_PER_EUR', '0', /RATE_GNF_PER_EUR: must be a decimal number greater than 0/],
    ['RATE_GNF_PER_EUR', 'NaN', /RATE_GNF_PER_EUR/],
    ['QUOTE_TTL_SECONDS', '59', /QUOTE_TTL_SECONDS/],
    ['QUOTE_TTL_SECONDS', '90.5', /QUOTE_TTL_SECONDS/],
    ['RATE_REFRESH_SECONDS', '121', /RATE_REFRESH_SECONDS/],
    ['RATE_SOURCES', 'kraken,coinbase', /RATE_SOURCES: must be a comma-separated list of kraken, bitstamp/],
    ['RATE_MIN_SOURCES', '0', /RATE_MIN_SOURCES/],
    ['RATE_MIN_SOURCES', '3', /RATE_MIN_SOURCES: must not exceed the number of RATE_SOURCES/],
    ['RATE_KRAKEN_URL', 'not a url', /RATE_KRAKEN_URL/],
    ['TEST_RATE_XOF_PER_BTC', '6e7', /TEST_RATE_XOF_PER_BTC: must be a decimal number greater than 0/],
  ])('refuses %s=%s at start-up', (name, value, message) => {
    setEnv({ [name]: value });
    expect(() => config()).toThrow(message);
  });

  it('accepts a spread just under 100, and RATE_SOURCES once each', () => {
    setEnv({ RATE_SPREAD_PERCENT: '99.99', RATE_SOURCES: 'bitstamp,kraken,bitstamp', RATE_MIN_SOURCES: '2' });
    expect(config()).toMatchObject({ RATE_SPREAD_PERCENT: '99.99', RATE_SOURCES: ['bitstamp', 'kraken'], RATE_MIN_SOURCES: 2 });
  });
});

describe('GET /v1/exchange_rates', () => {
  const check = (body: { data: unknown[] }) => {
    for (const r of body.data) expect(RESPONSE_OBJECTS.ExchangeRate.safeParse(r).error).toBeUndefined();
  };

  it("test key: test mode's fixed rates, every convertible pair, in the list envelope", async () => {
    const m = await newMerchant(db());
    const before = nowSeconds();
    const res = await call('GET', '/v1/exchange_rates', { key: m.keys.test });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', hasMore: false, url: '/v1/exchange_rates' });
    expect(res.body.data.map(({ fetchedAt: _, ...r }: { fetchedAt: number }) => r)).toEqual([
      { object: 'exchange_rate', from: 'XOF', to: 'BTC', rate: '60000000', source: 'test' },
      { object: 'exchange_rate', from: 'XOF', to: 'USDT', rate: '600', source: 'test' },
      { object: 'exchange_rate', from: 'XAF', to: 'BTC', rate: '60000000', source: 'test' },
      { object: 'exchange_rate', from: 'XAF', to: 'USDT', rate: '600', source: 'test' },
      { object: 'exchange_rate', from: 'GNF', to: 'BTC', rate: '914694103.42446227', source: 'test' },
      { object: 'exchange_rate', from: 'GNF', to: 'USDT', rate: '9146.94103424', source: 'test' },
    ]);
    for (const r of res.body.data) expect(r.fetchedAt).toBeGreaterThanOrEqual(before);
    check(res.body);
  });

  it('filters from and to', async () => {
    const m = await newMerchant(db());
    const pairs = async (q: string) =>
      (await call('GET', `/v1/exchange_rates${q}`, { key: m.keys.test })).body.data.map((r: { from: string; to: string }) => `${r.from}/${r.to}`);
    expect(await pairs('?from=XOF')).toEqual(['XOF/BTC', 'XOF/USDT']);
    expect(await pairs('?to=USDT')).toEqual(['XOF/USDT', 'XAF/USDT', 'GNF/USDT']);
    expect(await pairs('?from=GNF&to=BTC')).toEqual(['GNF/BTC']);
  });

  it('a bad filter, or another parameter, is a 400 naming it', async () => {
    const m = await newMerchant(db());
    const from = await call('GET', '/v1/exchange_rates?from=EUR', { key: m.keys.test });
    expect(from.status).toBe(400);
    expect(from.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'from',
      message: expect.stringContaining('from must be one of XOF, XAF, GNF'),
    });
    expect(RESPONSE_OBJECTS.Error.safeParse(from.body).error).toBeUndefined();
    const to = await call('GET', '/v1/exchange_rates?to=XOF', { key: m.keys.test });
    expect(to.status).toBe(400);
    expect(to.body.error).toMatchObject({ code: 'parameter_invalid', param: 'to', message: expect.stringContaining('to must be one of BTC, USDT') });
    const limit = await call('GET', '/v1/exchange_rates?limit=5', { key: m.keys.test });
    expect(limit.status).toBe(400);
    expect(limit.body.error).toMatchObject({ code: 'parameter_unknown', param: 'limit' });
    expect((await call('GET', '/v1/exchange_rates')).status).toBe(401);
  });

  it('live key: the live rates, only pairs with a fresh one (GNF with RATE_GNF_PER_EUR)', async () => {
    const m = await newMerchant(db());
    const list = async (q = '') => (await call('GET', `/v1/exchange_rates${q}`, { key: m.keys.live })).body;
    expect(await list()).toEqual({ object: 'list', data: [], hasMore: false, url: '/v1/exchange_rates' });

    const now = nowSeconds();
    bitstamp.setTimestamp!(now - 5);
    expect(await refreshRates(db(), now, { providers })).toBe(2);
    const body = await list();
    check(body);
    expect(body.data).toEqual([
      { object: 'exchange_rate', from: 'XOF', to: 'BTC', rate: live('XOF', 'BTC'), source: 'median:bitstamp,kraken', fetchedAt: now },
      { object: 'exchange_rate', from: 'XOF', to: 'USDT', rate: live('XOF', 'USDT'), source: 'median:bitstamp,kraken', fetchedAt: now },
      { object: 'exchange_rate', from: 'XAF', to: 'BTC', rate: live('XAF', 'BTC'), source: 'median:bitstamp,kraken', fetchedAt: now },
      { object: 'exchange_rate', from: 'XAF', to: 'USDT', rate: live('XAF', 'USDT'), source: 'median:bitstamp,kraken', fetchedAt: now },
    ]);
    expect((await list('?from=GNF')).data).toEqual([]);
    setEnv({ RATE_GNF_PER_EUR: '10000' });
    expect((await list('?from=GNF&to=USDT')).data).toEqual([
      { object: 'exchange_rate', from: 'GNF', to: 'USDT', rate: '9147.6', source: 'median:bitstamp,kraken', fetchedAt: now },
    ]);
    // The test key still answers test mode's rates.
    expect((await call('GET', '/v1/exchange_rates?from=XOF&to=BTC', { key: m.keys.test })).body.data[0]).toMatchObject({ rate: '60000000', source: 'test' });
  });
});
