// Checks the Kraken and Bitstamp ticker fakes against the examples on the exchanges' own pages
// (docs.kraken.com "Get Ticker Information", www.bitstamp.net/api "Market ticker"): envelope,
// result keys, field names and types, documented error answers, and the failure modes.
import { afterEach, describe, expect, it } from 'vitest';
import { BITSTAMP_TICKER_FIELDS, type BitstampFake, startBitstampFake } from './bitstamp';
import { KRAKEN_ERRORS, type KrakenFake, startKrakenFake } from './kraken';

// docs.kraken.com/api/docs/rest-api/get-ticker-information, the page's example answer (XBTUSD asked).
const KRAKEN_DOC_EXAMPLE = {
  error: [],
  result: {
    XXBTZUSD: {
      a: ['30300.10000', '1', '1.000'],
      b: ['30300.00000', '1', '1.000'],
      c: ['30303.20000', '0.00067643'],
      v: ['4083.67001100', '4412.73601799'],
      p: ['30706.77771', '30689.13205'],
      t: [34619, 38907],
      l: ['29868.30000', '29868.30000'],
      h: ['31631.00000', '31631.00000'],
      o: '30502.80000',
    },
  },
};

// www.bitstamp.net/api/#tag/Tickers/operation/GetMarketTicker, the page's example answer.
const BITSTAMP_DOC_EXAMPLE = {
  ask: '2211.00',
  bid: '2188.97',
  high: '2811.00',
  last: '2211.00',
  low: '2188.97',
  open: '2211.00',
  open_24: '2211.00',
  percent_change_24: '13.57',
  side: '0',
  timestamp: '1643640186',
  volume: '213.26801100',
  vwap: '2189.80',
};

const DEC = /^\d+(\.\d+)?$/;
const PCT = /^-?\d+(\.\d+)?$/;

/** The JSON type signature of a value: arrays by element, objects by key. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .map(([k, x]) => [k, shape(x)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return typeof v;
}

const fakes: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});
async function kraken(opts?: Parameters<typeof startKrakenFake>[0]): Promise<KrakenFake> {
  const f = await startKrakenFake(opts);
  fakes.push(f);
  return f;
}
async function bitstamp(opts?: Parameters<typeof startBitstampFake>[0]): Promise<BitstampFake> {
  const f = await startBitstampFake(opts);
  fakes.push(f);
  return f;
}
async function getJson(url: string): Promise<{ status: number; body: any; type: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), type: res.headers.get('content-type') };
}

describe('Kraken Ticker fake', () => {
  it('answers ?pair=XBTEUR,USDTEUR with the documented envelope, keyed XXBTZEUR and USDTEUR', async () => {
    const k = await kraken();
    expect(k.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { status, body, type } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR,USDTEUR`);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    expect(Object.keys(body).sort()).toEqual(['error', 'result']);
    expect(body.error).toEqual([]);
    expect(Object.keys(body.result).sort()).toEqual(['USDTEUR', 'XXBTZEUR']);
    const docInfo = shape(KRAKEN_DOC_EXAMPLE.result.XXBTZUSD);
    expect(shape(body.result.XXBTZEUR)).toEqual(docInfo);
    expect(shape(body.result.USDTEUR)).toEqual(docInfo);
    expect(k.requests).toBe(1);
    expect(k.log[0]).toEqual({ method: 'GET', path: '/0/public/Ticker?pair=XBTEUR,USDTEUR' });
  });

  it('puts the last trade price in c[0], and every other price field elsewhere', async () => {
    const k = await kraken();
    const { body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR,USDTEUR`);
    const btc = body.result.XXBTZEUR;
    const usdt = body.result.USDTEUR;
    expect(btc.c[0]).toBe('91468.19000'); // padded to 5 decimals like the documented example
    expect(Number(btc.c[0])).toBe(91468.19);
    expect(Number(usdt.c[0])).toBe(0.9147);
    for (const t of [btc, usdt]) {
      const last = Number(t.c[0]);
      for (const s of [...t.a, ...t.b, ...t.c, ...t.v, ...t.p, ...t.l, ...t.h, t.o]) expect(s).toMatch(DEC);
      for (const n of t.t) expect(Number.isInteger(n)).toBe(true);
      const others = [t.a[0], t.b[0], t.p[0], t.p[1], t.l[0], t.l[1], t.h[0], t.h[1], t.o, t.c[1]].map(Number);
      for (const x of others) expect(x).not.toBe(last);
      expect(Number(t.b[0])).toBeLessThan(last);
      expect(Number(t.a[0])).toBeGreaterThan(last);
      expect(Number(t.l[1])).toBeLessThan(Number(t.b[0]));
      expect(Number(t.h[1])).toBeGreaterThan(Number(t.a[0]));
    }
    expect(JSON.stringify(body)).not.toMatch(/time/i); // Kraken's ticker has no timestamp
  });

  it('answers a single pair by altname or by result key, and every pair without `pair`', async () => {
    const k = await kraken();
    for (const [q, keys] of [
      ['pair=XBTEUR', ['XXBTZEUR']],
      ['pair=XXBTZEUR', ['XXBTZEUR']],
      ['pair=USDTEUR', ['USDTEUR']],
      ['pair=XBTEUR,XXBTZEUR', ['XXBTZEUR']],
      ['', ['USDTEUR', 'XXBTZEUR']],
    ] as const) {
      const { status, body } = await getJson(`${k.url}/0/public/Ticker${q ? `?${q}` : ''}`);
      expect(status).toBe(200);
      expect(body.error).toEqual([]);
      expect(Object.keys(body.result).sort()).toEqual([...keys]);
    }
  });

  it('answers an unknown pair with HTTP 200 and only {"error":["EQuery:Unknown asset pair"]}', async () => {
    const k = await kraken();
    for (const q of ['FOOEUR', 'XBTEUR,FOOEUR', 'BTCEUR', 'xbteur']) {
      const { status, body } = await getJson(`${k.url}/0/public/Ticker?pair=${q}`);
      expect(status).toBe(200);
      expect(body).toEqual({ error: ['EQuery:Unknown asset pair'] });
    }
  });

  it('follows setPrice and refuses a price that is not a positive decimal string', async () => {
    const k = await kraken({ btc: '50000', usdt: '0.95' });
    let { body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR,USDTEUR`);
    expect(body.result.XXBTZEUR.c[0]).toBe('50000.00000');
    expect(body.result.USDTEUR.c[0]).toBe('0.95000');
    k.setPrice('BTC', '87001.4');
    k.setPrice('USDT', '0.91234567');
    ({ body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR,USDTEUR`));
    expect(body.result.XXBTZEUR.c[0]).toBe('87001.40000');
    expect(body.result.USDTEUR.c[0]).toBe('0.91234567');
    expect(Number(body.result.USDTEUR.a[0])).not.toBe(0.91234567);
    for (const bad of ['', '-1', '1e5', '0', '1,5', 'abc']) expect(() => k.setPrice('BTC', bad)).toThrow();
  });

  it("mode 'error': HTTP 200 with a non-empty error array and no result", async () => {
    const k = await kraken();
    k.setMode('error');
    let { status, body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR`);
    expect(status).toBe(200);
    expect(body).toEqual({ error: ['EService:Unavailable'] });
    k.errorMessages = [KRAKEN_ERRORS.rateLimit];
    ({ status, body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR`));
    expect(body).toEqual({ error: ['EAPI:Rate limit exceeded'] });
    k.setMode('ok');
    ({ body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR`));
    expect(body.error).toEqual([]);
  });

  it("mode 'down': HTTP 503 and an HTML page (or a reset connection)", async () => {
    const k = await kraken();
    k.setMode('down');
    const res = await fetch(`${k.url}/0/public/Ticker?pair=XBTEUR`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    k.downAs = 'reset';
    await expect(fetch(`${k.url}/0/public/Ticker?pair=XBTEUR`)).rejects.toThrow();
    expect(k.requests).toBe(2);
  });

  it("mode 'garbage': 200 with a body that is not JSON, or JSON of the wrong shape", async () => {
    const k = await kraken();
    k.setMode('garbage');
    const res = await fetch(`${k.url}/0/public/Ticker?pair=XBTEUR`);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
    k.garbageAs = 'shape';
    const { status, body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR`);
    expect(status).toBe(200);
    expect(Array.isArray(body.result.XXBTZEUR.c)).toBe(false);
  });

  it("mode 'slow': no answer before slowMs (10 s by default), then the ticker", async () => {
    const k = await kraken();
    expect(k.slowMs).toBe(10_000);
    k.setMode('slow');
    await expect(fetch(`${k.url}/0/public/Ticker?pair=XBTEUR`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    k.slowMs = 150;
    const started = Date.now();
    const { body } = await getJson(`${k.url}/0/public/Ticker?pair=XBTEUR`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Number(body.result.XXBTZEUR.c[0])).toBe(91468.19);
    expect(k.requests).toBe(2);
  });

  it('closes promptly with a slow request still pending', async () => {
    const k = await startKrakenFake();
    k.setMode('slow');
    const pending = fetch(`${k.url}/0/public/Ticker?pair=XBTEUR`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await k.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('Bitstamp ticker fake', () => {
  it('answers /api/v2/ticker/btceur/ with the documented fields, all strings', async () => {
    const b = await bitstamp();
    expect(b.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const before = Math.floor(Date.now() / 1000);
    const { status, body, type } = await getJson(`${b.url}/api/v2/ticker/btceur/`);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    expect(Object.keys(body)).toEqual([...BITSTAMP_TICKER_FIELDS]);
    for (const k of Object.keys(BITSTAMP_DOC_EXAMPLE)) expect(body).toHaveProperty(k);
    for (const v of Object.values(body)) expect(typeof v).toBe('string');
    expect(body.last).toBe('91468.19');
    expect(body.timestamp).toMatch(/^\d+$/);
    expect(Number(body.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(body.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(['0', '1']).toContain(body.side);
    expect(body.percent_change_24).toMatch(PCT);
    expect(body.market_type).toBe('SPOT');
    for (const f of ['open', 'high', 'low', 'vwap', 'bid', 'ask', 'open_24', 'volume'] as const) {
      expect(body[f]).toMatch(DEC);
      expect(Number(body[f])).not.toBe(91468.19);
    }
    expect(Number(body.bid)).toBeLessThan(91468.19);
    expect(Number(body.ask)).toBeGreaterThan(91468.19);
    expect(Number(body.low)).toBeLessThan(Number(body.bid));
    expect(Number(body.high)).toBeGreaterThan(Number(body.ask));
  });

  it('answers usdteur, with and without the trailing slash', async () => {
    const b = await bitstamp();
    for (const path of ['/api/v2/ticker/usdteur/', '/api/v2/ticker/usdteur']) {
      const { status, body } = await getJson(`${b.url}${path}`);
      expect(status).toBe(200);
      expect(body.last).toBe('0.9147');
      expect(Number(body.bid)).not.toBe(0.9147);
      expect(Number(body.ask)).not.toBe(0.9147);
      expect(Number(body.vwap)).not.toBe(0.9147);
    }
    expect(b.log.map((l) => l.path)).toEqual(['/api/v2/ticker/usdteur/', '/api/v2/ticker/usdteur']);
  });

  it('follows setPrice and setTimestamp (a stale ticker keeps its old timestamp)', async () => {
    const b = await bitstamp({ btc: '80000.5', usdt: '0.93', timestamp: 1_700_000_000 });
    let { body } = await getJson(`${b.url}/api/v2/ticker/btceur/`);
    expect(body.last).toBe('80000.5');
    expect(body.timestamp).toBe('1700000000');
    b.setPrice('BTC', '90000');
    b.setTimestamp(1_700_000_123);
    ({ body } = await getJson(`${b.url}/api/v2/ticker/btceur/`));
    expect(body.last).toBe('90000');
    expect(body.timestamp).toBe('1700000123');
    ({ body } = await getJson(`${b.url}/api/v2/ticker/usdteur/`));
    expect(body.last).toBe('0.93');
    expect(body.timestamp).toBe('1700000123');
    expect(() => b.setTimestamp(1.5)).toThrow();
    expect(() => b.setPrice('USDT', '-0.9')).toThrow();
  });

  it('answers an unknown market with a 404 page, and GET parameters with the documented 400.018', async () => {
    const b = await bitstamp();
    for (const m of ['btcusd', 'BTCEUR', 'foo']) {
      const res = await fetch(`${b.url}/api/v2/ticker/${m}/`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
    const { status, body } = await getJson(`${b.url}/api/v2/ticker/btceur/?t=1`);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 'error', reason: 'GET parameters not allowed for this request.', response_code: '400.018' });
  });

  it("mode 'error': the documented error answer (400.002, rate limit)", async () => {
    const b = await bitstamp();
    b.setMode('error');
    const { status, body } = await getJson(`${b.url}/api/v2/ticker/btceur/`);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 'error', reason: 'Request rejected due to exceeded rate limit.', response_code: '400.002' });
    expect(body).not.toHaveProperty('last');
  });

  it("modes 'down' and 'garbage'", async () => {
    const b = await bitstamp();
    b.setMode('down');
    let res = await fetch(`${b.url}/api/v2/ticker/btceur/`);
    expect(res.status).toBe(503);
    await expect(res.json()).rejects.toThrow();
    b.downAs = 'reset';
    await expect(fetch(`${b.url}/api/v2/ticker/btceur/`)).rejects.toThrow();
    b.setMode('garbage');
    res = await fetch(`${b.url}/api/v2/ticker/btceur/`);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
    b.garbageAs = 'shape';
    const { status, body } = await getJson(`${b.url}/api/v2/ticker/btceur/`);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('last');
    expect(b.requests).toBe(4);
  });

  it("mode 'slow': no answer before slowMs (10 s by default), then the ticker", async () => {
    const b = await bitstamp();
    expect(b.slowMs).toBe(10_000);
    b.setMode('slow');
    await expect(fetch(`${b.url}/api/v2/ticker/btceur/`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    b.slowMs = 150;
    const { body } = await getJson(`${b.url}/api/v2/ticker/btceur/`);
    expect(body.last).toBe('91468.19');
  });
});
