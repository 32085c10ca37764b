// The live rate providers (lib/rates/kraken.ts, lib/rates/bitstamp.ts) against fakes written from
// the exchanges' documentation (test/fakes/kraken.ts, test/fakes/bitstamp.ts), and through
// fetchAll + aggregate as the quote path uses them: each source alone, one down, both down,
// disagreeing, stale, garbage, error answers, slow. A failure is an Error naming the source, never a
// NaN or a wrong price; a failing source never hides the other.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aggregate, bitstampProvider, fetchAll, krakenProvider, type RateProvider, ratesFor } from '@/lib/rates';
import { settlementAmount } from '@/lib/rates/quotes';
import { BITSTAMP_RATE_LIMITED, type BitstampFake, startBitstampFake } from './fakes/bitstamp';
import { KRAKEN_ERRORS, type KrakenFake, startKrakenFake } from './fakes/kraken';

const NOW = 1_767_225_600;
const OPTS = { maxAgeSeconds: 120, maxDisagreementPercent: '2' };
/** Short, so the slow cases take a fraction of a second; the fakes' slow mode waits far longer. */
const TIMEOUT_MS = 300;

let kraken: KrakenFake;
let bitstamp: BitstampFake;
let providers: RateProvider[];

beforeEach(async () => {
  kraken = await startKrakenFake({ btc: '91000.1', usdt: '0.9147' });
  bitstamp = await startBitstampFake({ btc: '91200', usdt: '0.91482', timestamp: NOW - 5 });
  kraken.slowMs = 5_000;
  bitstamp.slowMs = 5_000;
  providers = [krakenProvider({ baseUrl: kraken.url, timeoutMs: TIMEOUT_MS }), bitstampProvider({ baseUrl: bitstamp.url, timeoutMs: TIMEOUT_MS })];
});

afterEach(async () => {
  await Promise.all([kraken.close(), bitstamp.close()]);
});

async function rates(now = NOW, opts: Partial<typeof OPTS> & { minSources?: number } = {}) {
  const { tickers, errors } = await fetchAll(providers, now);
  return { tickers, errors, agg: aggregate(tickers, now, { ...OPTS, ...opts }) };
}

describe('each provider alone', () => {
  it("kraken: one request for both pairs, the last trade price as Kraken wrote it, at our fetch's time", async () => {
    const tickers = await providers[0]!.fetch({ now: NOW });
    expect(tickers).toEqual([
      { base: 'BTC', price: expect.stringMatching(/^91000\.10*$/), at: NOW, source: 'kraken' },
      { base: 'USDT', price: expect.stringMatching(/^0\.91470*$/), at: NOW, source: 'kraken' },
    ]);
    expect(kraken.requests).toBe(1);
    expect(kraken.log[0]).toMatchObject({ method: 'GET' });
    expect(decodeURIComponent(kraken.log[0]!.path)).toBe('/0/public/Ticker?pair=XBTEUR,USDTEUR');
  });

  it("bitstamp: one request per pair, the last price, at Bitstamp's own timestamp", async () => {
    const tickers = await providers[1]!.fetch({ now: NOW });
    expect(tickers).toEqual([
      { base: 'BTC', price: expect.stringMatching(/^91200(\.0*)?$/), at: NOW - 5, source: 'bitstamp' },
      { base: 'USDT', price: expect.stringMatching(/^0\.914820*$/), at: NOW - 5, source: 'bitstamp' },
    ]);
    expect(bitstamp.log.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/v2/ticker/btceur/', 'GET /api/v2/ticker/usdteur/']);
  });

  it('a price change is seen on the next fetch', async () => {
    kraken.setPrice('BTC', '95000.5');
    bitstamp.setPrice('USDT', '0.9');
    expect((await providers[0]!.fetch({ now: NOW }))[0]!.price).toMatch(/^95000\.50*$/);
    expect((await providers[1]!.fetch({ now: NOW }))[1]!.price).toMatch(/^0\.90*$/);
  });
});

describe('both sources through fetchAll + aggregate', () => {
  it('both up: the median (the mean of two), both names, the newest time; the XOF rate and a quote from it', async () => {
    const { errors, agg } = await rates();
    expect(errors).toEqual([]);
    expect(agg.BTC).toEqual({ ok: true, price: '91100.05', sources: ['bitstamp', 'kraken'], fetchedAt: NOW });
    expect(agg.USDT).toEqual({ ok: true, price: '0.91476', sources: ['bitstamp', 'kraken'], fetchedAt: NOW });
    const rate = ratesFor('XOF', 'BTC', { BTC: agg.BTC.ok ? agg.BTC.price : undefined });
    expect(rate).toBe('59757715.49785'); // 91100.05 * 655.957
    expect(settlementAmount(5000, 'XOF', 'BTC', rate!)).toBe(8368);
  });

  it('one down (HTTP 503): the other alone quotes, the failure is reported; with minSources 2 it is refused', async () => {
    kraken.setMode('down');
    const { errors, agg } = await rates();
    expect(errors).toEqual([{ source: 'kraken', message: 'kraken: GET /0/public/Ticker: HTTP 503' }]);
    expect(agg.BTC).toEqual({ ok: true, price: '91200', sources: ['bitstamp'], fetchedAt: NOW - 5 });
    expect((await rates(NOW, { minSources: 2 })).agg.BTC).toEqual({ ok: false, reason: 'only 1 fresh BTC/EUR source(s) (bitstamp); 2 needed' });
  });

  it('one down (connection reset): reported with the cause, the other still used', async () => {
    bitstamp.downAs = 'reset';
    bitstamp.setMode('down');
    const { tickers, errors, agg } = await rates();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.source).toBe('bitstamp');
    expect(errors[0]!.message).toMatch(/^bitstamp: GET \/api\/v2\/ticker\/(btc|usdt)eur\/: /);
    expect(tickers.every((t) => t.source === 'kraken')).toBe(true);
    expect(agg.USDT).toMatchObject({ ok: true, sources: ['kraken'] });
  });

  it('both down: no rate for either, and both failures reported', async () => {
    kraken.setMode('down');
    bitstamp.setMode('down');
    const { tickers, errors, agg } = await rates();
    expect(tickers).toEqual([]);
    expect(errors.map((e) => e.source)).toEqual(['kraken', 'bitstamp']);
    expect(errors[1]!.message).toMatch(/^bitstamp: GET \/api\/v2\/ticker\/(btc|usdt)eur\/: HTTP 503$/);
    expect(agg).toEqual({
      BTC: { ok: false, reason: 'no source answered a BTC/EUR price' },
      USDT: { ok: false, reason: 'no source answered a USDT/EUR price' },
    });
  });

  it('disagreeing by more than 2 %: refused for that base only; at 2 % exactly: quoted', async () => {
    kraken.setPrice('BTC', '90000');
    bitstamp.setPrice('BTC', '91800.01');
    const { errors, agg } = await rates();
    expect(errors).toEqual([]);
    expect(agg.BTC.ok).toBe(false);
    expect(agg.BTC.ok === false && agg.BTC.reason).toMatch(/^the BTC\/EUR sources disagree by more than 2 % \(kraken 90000(\.0*)?, bitstamp 91800\.01\)$/);
    expect(agg.USDT.ok).toBe(true);
    bitstamp.setPrice('BTC', '91800');
    expect((await rates()).agg.BTC).toMatchObject({ ok: true, price: '90900' });
  });

  it("stale: Bitstamp's old timestamp leaves it out (Kraken alone quotes); older than 2 minutes everywhere: refused", async () => {
    bitstamp.setTimestamp(NOW - 121);
    bitstamp.setPrice('BTC', '50000'); // a stale price far off must not count as disagreement either
    const { errors, agg } = await rates();
    expect(errors).toEqual([]);
    expect(agg.BTC).toMatchObject({ ok: true, price: expect.stringMatching(/^91000\.1$/), sources: ['kraken'] });
    // the same answers aggregated two minutes and a second after Kraken's fetch: nothing fresh is left
    const { tickers } = await fetchAll(providers, NOW);
    expect(aggregate(tickers, NOW + 121, OPTS).BTC).toEqual({ ok: false, reason: 'no fresh BTC/EUR price: the newest is 121 s old (at most 120 s)' });
  });

  it('garbage (not JSON): an Error naming the source, no ticker, no NaN', async () => {
    kraken.garbageAs = 'text';
    bitstamp.garbageAs = 'text';
    kraken.setMode('garbage');
    bitstamp.setMode('garbage');
    const { tickers, errors } = await rates();
    expect(tickers).toEqual([]);
    expect(errors[0]).toEqual({
      source: 'kraken',
      message: expect.stringMatching(/^kraken: GET \/0\/public\/Ticker: HTTP \d+ with an answer that is not JSON$/),
    });
    expect(errors[1]).toEqual({
      source: 'bitstamp',
      message: expect.stringMatching(/^bitstamp: GET \/api\/v2\/ticker\/(btc|usdt)eur\/: HTTP \d+ with an answer that is not JSON$/),
    });
  });

  it('garbage (JSON of the wrong shape): refused by validation, with the field at fault', async () => {
    kraken.garbageAs = 'shape';
    bitstamp.garbageAs = 'shape';
    kraken.setMode('garbage');
    bitstamp.setMode('garbage');
    const { tickers, errors, agg } = await rates();
    expect(tickers).toEqual([]);
    expect(errors.map((e) => e.source)).toEqual(['kraken', 'bitstamp']);
    expect(errors[0]!.message).toMatch(
      /^kraken: GET \/0\/public\/Ticker: (the answer is not Kraken's|the answer has no|the \w+ ticker is malformed|the \w+ last trade price is not|the answer has neither)/,
    );
    expect(errors[1]!.message).toMatch(/^bitstamp: GET \/api\/v2\/ticker\/(btc|usdt)eur\/: (the answer is not a ticker|the last trade price is not)/);
    expect(agg.BTC.ok).toBe(false);
  });

  it("Kraken's error answer (HTTP 200 with an error array): an Error with Kraken's own message", async () => {
    kraken.errorMessages = [KRAKEN_ERRORS.unavailable];
    kraken.setMode('error');
    const { errors, agg } = await rates();
    expect(errors).toEqual([{ source: 'kraken', message: 'kraken: GET /0/public/Ticker: EService:Unavailable' }]);
    expect(agg.BTC).toMatchObject({ ok: true, sources: ['bitstamp'] });
  });

  it("Bitstamp's error answer (HTTP 400 with a reason): an Error with the status and reason", async () => {
    bitstamp.errorAnswer = { ...BITSTAMP_RATE_LIMITED };
    bitstamp.setMode('error');
    const { errors, agg } = await rates();
    expect(errors).toEqual([
      {
        source: 'bitstamp',
        message: expect.stringMatching(/^bitstamp: GET \/api\/v2\/ticker\/(btc|usdt)eur\/: HTTP 400 \(reason Request rejected due to exceeded rate limit\.\)$/),
      },
    ]);
    expect(agg.USDT).toMatchObject({ ok: true, sources: ['kraken'] });
  });

  it('slow: the timeout gives up on the slow source; the other one is used', async () => {
    kraken.setMode('slow');
    const { errors, agg } = await rates();
    expect(errors).toEqual([{ source: 'kraken', message: `kraken: GET /0/public/Ticker: no answer within ${TIMEOUT_MS} ms` }]);
    expect(agg.BTC).toMatchObject({ ok: true, sources: ['bitstamp'] });
    bitstamp.setMode('slow');
    kraken.setMode('ok');
    const second = await rates();
    expect(second.errors).toEqual([
      { source: 'bitstamp', message: expect.stringMatching(new RegExp(`^bitstamp: GET /api/v2/ticker/(btc|usdt)eur/: no answer within ${TIMEOUT_MS} ms$`)) },
    ]);
    expect(second.agg.USDT).toMatchObject({ ok: true, sources: ['kraken'] });
  });

  it('the caller can abort the whole fetch', async () => {
    kraken.setMode('slow');
    bitstamp.setMode('slow');
    const ctl = new AbortController();
    const pending = fetchAll(
      [krakenProvider({ baseUrl: kraken.url, timeoutMs: 60_000 }), bitstampProvider({ baseUrl: bitstamp.url, timeoutMs: 60_000 })],
      NOW,
      { signal: ctl.signal },
    );
    setTimeout(() => ctl.abort(), 50);
    const { tickers, errors } = await pending;
    expect(tickers).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^kraken: .*aborted$/), expect.stringMatching(/^bitstamp: .*aborted$/)]);
  });
});
