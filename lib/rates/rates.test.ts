// The pure parts of lib/rates: aggregation (median, freshness, disagreement, minSources), the test-mode
// rates, the final rate for a pair, and fetchAll's isolation of failing providers. The HTTP providers
// against their fakes: test/rates-providers.test.ts.
import { describe, expect, it } from 'vitest';
import { startFake } from '../../test/fakes/server';
import {
  aggregate,
  bitstampProvider,
  fetchAll,
  krakenProvider,
  type RateProvider,
  ratesFor,
  TEST_GNF_PER_EUR,
  TEST_XOF_PER_BTC,
  TEST_XOF_PER_USDT,
  type Ticker,
  testRate,
  testRates,
} from './index';
import { settlementAmount } from './quotes';

const NOW = 1_767_225_600;
const OPTS = { maxAgeSeconds: 120, maxDisagreementPercent: '2' };
const t = (source: string, base: 'BTC' | 'USDT', price: string, at = NOW): Ticker => ({ source, base, price, at });

describe('aggregate', () => {
  it('the median of the fresh sources, their names, and the newest time', () => {
    const r = aggregate([t('kraken', 'BTC', '91000', NOW - 10), t('bitstamp', 'BTC', '91500.5', NOW - 3), t('kraken', 'USDT', '0.9147', NOW - 10)], NOW, OPTS);
    expect(r.BTC).toEqual({ ok: true, price: '91250.25', sources: ['bitstamp', 'kraken'], fetchedAt: NOW - 3 });
    expect(r.USDT).toEqual({ ok: true, price: '0.9147', sources: ['kraken'], fetchedAt: NOW - 10 });
  });

  it('three sources: the middle one', () => {
    const r = aggregate([t('a', 'BTC', '91000'), t('b', 'BTC', '92000'), t('c', 'BTC', '91100')], NOW, OPTS);
    expect(r.BTC).toMatchObject({ ok: true, price: '91100', sources: ['a', 'b', 'c'] });
  });

  it('leaves out a ticker older than maxAgeSeconds, and refuses when none is fresh', () => {
    const r = aggregate([t('kraken', 'BTC', '91000', NOW - 120), t('bitstamp', 'BTC', '50000', NOW - 121)], NOW, OPTS);
    expect(r.BTC).toMatchObject({ ok: true, price: '91000', sources: ['kraken'] });
    const stale = aggregate([t('kraken', 'BTC', '91000', NOW - 121), t('bitstamp', 'BTC', '91000', NOW - 500)], NOW, OPTS);
    expect(stale.BTC).toEqual({ ok: false, reason: 'no fresh BTC/EUR price: the newest is 121 s old (at most 120 s)' });
    expect(stale.USDT).toEqual({ ok: false, reason: 'no source answered a USDT/EUR price' });
  });

  it('never widens the contract: maxAgeSeconds above 120 is 120; below narrows', () => {
    expect(aggregate([t('k', 'BTC', '1', NOW - 121)], NOW, { ...OPTS, maxAgeSeconds: 3600 }).BTC.ok).toBe(false);
    expect(aggregate([t('k', 'BTC', '1', NOW - 31)], NOW, { ...OPTS, maxAgeSeconds: 30 }).BTC.ok).toBe(false);
    expect(aggregate([t('k', 'BTC', '1', NOW - 30)], NOW, { ...OPTS, maxAgeSeconds: 30 }).BTC.ok).toBe(true);
  });

  it('a timestamp far in the future is not fresh either (a wrong clock)', () => {
    expect(aggregate([t('k', 'BTC', '1', NOW + 121)], NOW, OPTS).BTC.ok).toBe(false);
    expect(aggregate([t('k', 'BTC', '1', NOW + 5)], NOW, OPTS).BTC.ok).toBe(true);
  });

  it('refuses when fresh sources disagree by more than the percentage; exactly at it is fine', () => {
    const bad = aggregate([t('kraken', 'BTC', '90000'), t('bitstamp', 'BTC', '91800.01')], NOW, OPTS);
    expect(bad.BTC.ok).toBe(false);
    expect(bad.BTC.ok === false && bad.BTC.reason).toBe('the BTC/EUR sources disagree by more than 2 % (kraken 90000, bitstamp 91800.01)');
    expect(aggregate([t('kraken', 'BTC', '90000'), t('bitstamp', 'BTC', '91800')], NOW, OPTS).BTC).toMatchObject({ ok: true, price: '90900' });
    expect(aggregate([t('kraken', 'BTC', '90000'), t('bitstamp', 'BTC', '90900')], NOW, { ...OPTS, maxDisagreementPercent: '0.5' }).BTC.ok).toBe(false);
  });

  it('a stale outlier does not count against the fresh ones', () => {
    const r = aggregate([t('kraken', 'BTC', '91000'), t('bitstamp', 'BTC', '10', NOW - 600)], NOW, OPTS);
    expect(r.BTC).toMatchObject({ ok: true, price: '91000', sources: ['kraken'] });
  });

  it("one source's several tickers count once, its newest", () => {
    const r = aggregate([t('kraken', 'BTC', '80000', NOW - 60), t('kraken', 'BTC', '91000', NOW - 1), t('bitstamp', 'BTC', '91000')], NOW, OPTS);
    expect(r.BTC).toMatchObject({ ok: true, price: '91000', sources: ['bitstamp', 'kraken'] });
  });

  it('minSources: one fresh source is enough by default; with 2, one is refused', () => {
    const one = [t('kraken', 'BTC', '91000')];
    expect(aggregate(one, NOW, OPTS).BTC.ok).toBe(true);
    expect(aggregate(one, NOW, { ...OPTS, minSources: 2 }).BTC).toEqual({ ok: false, reason: 'only 1 fresh BTC/EUR source(s) (kraken); 2 needed' });
    expect(aggregate([...one, t('bitstamp', 'BTC', '91100')], NOW, { ...OPTS, minSources: 2 }).BTC.ok).toBe(true);
    expect(() => aggregate(one, NOW, { ...OPTS, minSources: 0 })).toThrow();
  });

  it('a price that is not a decimal is refused, never read as NaN', () => {
    const r = aggregate([t('kraken', 'BTC', 'NaN'), t('bitstamp', 'BTC', '91000')], NOW, OPTS);
    expect(r.BTC.ok).toBe(false);
  });
});

describe('fetchAll', () => {
  const ok = (name: string, tickers: Ticker[]): RateProvider => ({ name, fetch: async () => tickers });
  const failing = (name: string, e: unknown): RateProvider => ({ name, fetch: async () => Promise.reject(e) });

  it('collects every answer and every failure; one failing hides nothing', async () => {
    const r = await fetchAll(
      [failing('kraken', new Error('kraken: HTTP 503')), ok('bitstamp', [t('bitstamp', 'BTC', '91000')]), failing('odd', 'a string')],
      NOW,
    );
    expect(r.tickers).toEqual([t('bitstamp', 'BTC', '91000')]);
    expect(r.errors).toEqual([
      { source: 'kraken', message: 'kraken: HTTP 503' },
      { source: 'odd', message: 'a string' },
    ]);
  });

  it('passes now and the signal to each provider, all at once', async () => {
    const seen: { now: number; signal?: AbortSignal }[] = [];
    let running = 0;
    let maxRunning = 0;
    const p = (name: string): RateProvider => ({
      name,
      fetch: async (o) => {
        seen.push(o);
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setImmediate(r));
        running--;
        return [];
      },
    });
    const signal = new AbortController().signal;
    await fetchAll([p('a'), p('b')], NOW, { signal });
    expect(seen).toEqual([
      { now: NOW, signal },
      { now: NOW, signal },
    ]);
    expect(maxRunning).toBe(2);
  });
});

describe('test-mode rates', () => {
  it('the documented defaults: 1 BTC = 60,000,000 XOF, 1 USDT = 600 XOF, XAF = XOF, GNF through 10,000 per EUR', () => {
    expect([TEST_XOF_PER_BTC, TEST_XOF_PER_USDT, TEST_GNF_PER_EUR]).toEqual(['60000000', '600', '10000']);
    expect(testRates()).toEqual({
      XOF: { BTC: '60000000', USDT: '600' },
      XAF: { BTC: '60000000', USDT: '600' },
      // 60,000,000 / 655.957 * 10,000 = 914,694,103.42446227420..., rounded down
      GNF: { BTC: '914694103.42446227', USDT: '9146.94103424' },
    });
    expect(settlementAmount(5000, 'XOF', 'BTC', testRate('XOF', 'BTC')!)).toBe(8334); // the contract's example
  });

  it('each is configurable, and the spread applies', () => {
    const r = testRates({ xofPerBtc: '65595700', xofPerUsdt: '655.957', gnfPerEur: '9500', spreadPercent: '1' });
    expect(r.XOF).toEqual({ BTC: '64939743', USDT: '649.39743' });
    expect(r.GNF).toEqual({ BTC: '940500000', USDT: '9405' }); // 100,000 EUR and 1 EUR at 9,500 GNF, less 1 %
  });

  it('only convertible pairs have a rate', () => {
    expect(testRate('XOF', 'USDT')).toBe('600');
    expect(testRate('BTC', 'BTC')).toBeNull();
    expect(testRate('XOF', 'XAF')).toBeNull();
    expect(testRate('USDT', 'BTC')).toBeNull();
  });
});

describe('ratesFor: the rate a quote uses, from EUR prices', () => {
  const eur = { BTC: '91469.41', USDT: '0.9147' };
  it('the peg for XOF and XAF, the configured GNF rate, the spread', () => {
    expect(ratesFor('XOF', 'BTC', eur)).toBe('59999999.77537');
    expect(ratesFor('XAF', 'USDT', eur)).toBe('600.0038679'); // 0.9147 * 655.957
    expect(ratesFor('GNF', 'BTC', eur)).toBeNull();
    expect(ratesFor('GNF', 'BTC', eur, { gnfPerEur: '10000' })).toBe('914694100');
    expect(ratesFor('XOF', 'USDT', eur, { spreadPercent: '1' })).toBe('594.00382922'); // 600.0038679 * 0.99 = 594.003829221, rounded down
  });

  it('null without a price, or for a pair that does not convert', () => {
    expect(ratesFor('XOF', 'BTC', { USDT: '0.9147' })).toBeNull();
    expect(ratesFor('BTC', 'BTC', eur)).toBeNull();
    expect(ratesFor('XOF', 'XAF', eur)).toBeNull();
  });
});

// Answers the fakes in test/fakes do not give: Kraken's canonical key for USDTEUR, warnings, a missing
// pair, prices that are not plain positive decimals, Bitstamp's timestamp in milliseconds or an error at HTTP 200.
describe('providers: validation of odd answers', () => {
  const KRAKEN_OK = {
    error: [],
    result: { XXBTZEUR: { a: ['91468.20000', '1', '1.000'], c: ['91468.19000', '0.0012'] }, USDTZEUR: { c: ['0.91470', '100'] } },
  };
  const BITSTAMP_OK = { timestamp: String(NOW - 1), last: '91468.19', bid: '91468.1', ask: '91468.3' };

  async function kraken(body: unknown, status = 200) {
    const fake = await startFake(() => ({ status, body }));
    try {
      return await krakenProvider({ baseUrl: fake.url, timeoutMs: 2000 }).fetch({ now: NOW });
    } finally {
      await fake.close();
    }
  }
  async function bitstamp(body: (pair: string) => unknown, status = 200) {
    const fake = await startFake((req) => ({ status, body: body(req.url.pathname) }));
    try {
      return await bitstampProvider({ baseUrl: fake.url, timeoutMs: 2000 }).fetch({ now: NOW });
    } finally {
      await fake.close();
    }
  }

  it('kraken: the canonical result keys (XXBTZEUR, USDTZEUR) and the altnames are both understood; warnings are not errors', async () => {
    expect(await kraken(KRAKEN_OK)).toEqual([
      { base: 'BTC', price: '91468.19000', at: NOW, source: 'kraken' },
      { base: 'USDT', price: '0.91470', at: NOW, source: 'kraken' },
    ]);
    const alt = { error: ['WGeneral:Deprecated'], result: { XBTEUR: KRAKEN_OK.result.XXBTZEUR, USDTEUR: KRAKEN_OK.result.USDTZEUR } };
    expect((await kraken(alt)).map((t) => t.price)).toEqual(['91468.19000', '0.91470']);
  });

  it('kraken: a missing pair, an error with a result, or a price that is not a plain positive decimal is an Error', async () => {
    await expect(kraken({ error: [], result: { XXBTZEUR: KRAKEN_OK.result.XXBTZEUR } })).rejects.toThrow(/no USDTEUR ticker \(result keys: XXBTZEUR\)/);
    await expect(kraken({ ...KRAKEN_OK, error: ['EQuery:Unknown asset pair'] })).rejects.toThrow(/: EQuery:Unknown asset pair$/);
    await expect(kraken({ error: [] })).rejects.toThrow(/neither a result nor an error/);
    await expect(kraken(KRAKEN_OK, 520)).rejects.toThrow(/: HTTP 520$/);
    for (const price of ['9.1e4', 'NaN', '0', '0.00000', '-91468.19', '', ' 91468.19', '91,468.19'])
      await expect(kraken({ error: [], result: { ...KRAKEN_OK.result, XXBTZEUR: { c: [price, '1'] } } }), price).rejects.toThrow(
        /XXBTZEUR last trade price is not a positive decimal/,
      );
    await expect(kraken({ error: [], result: { ...KRAKEN_OK.result, XXBTZEUR: { c: [91468.19, '1'] } } })).rejects.toThrow(/XXBTZEUR ticker is malformed/);
  });

  it('bitstamp: the timestamp in seconds as a string or a number; milliseconds, dates and garbage refused', async () => {
    expect((await bitstamp(() => BITSTAMP_OK)).map((t) => t.at)).toEqual([NOW - 1, NOW - 1]);
    expect((await bitstamp(() => ({ ...BITSTAMP_OK, timestamp: NOW - 2 }))).map((t) => t.at)).toEqual([NOW - 2, NOW - 2]);
    for (const timestamp of [String((NOW - 1) * 1000), '2026-01-01T00:00:00Z', '', null, -1, 1.5])
      await expect(
        bitstamp(() => ({ ...BITSTAMP_OK, timestamp })),
        String(timestamp),
      ).rejects.toThrow(/the answer is not a ticker/);
  });

  it('bitstamp: an error body, even at HTTP 200, is an Error with its reason; a bad price is an Error', async () => {
    await expect(bitstamp(() => ({ status: 'error', reason: 'Invalid currency pair.' }))).rejects.toThrow(
      /the answer is not a ticker \(reason Invalid currency pair\.\)$/,
    );
    await expect(bitstamp(() => ({ code: 'API0001', message: 'Bad pair' }), 404)).rejects.toThrow(/HTTP 404 \(message Bad pair\)$/);
    await expect(bitstamp((p) => (p.includes('usdt') ? { ...BITSTAMP_OK, last: '1e0' } : BITSTAMP_OK))).rejects.toThrow(
      /usdteur\/: the last trade price is not a positive decimal: "1e0"/,
    );
  });
});
