// A fake of Bitstamp's HTTP API v2 "Market ticker", written from Bitstamp's own pages, not from
// our client (lib/rates was not read):
//   - www.bitstamp.net/api/ ("Tickers" > "Market ticker", #tag/Tickers/operation/GetMarketTicker):
//     GET https://www.bitstamp.net/api/v2/ticker/{market_symbol}/ , market symbols in lower case
//     (btceur, usdteur; the older page lists "Supported values for currency_pair: btcusd, btceur,
//     ..."). "Return ticker data for the requested currency pair. Passing any GET parameters, will
//     result in your request being rejected." The response (TickerResponse in Bitstamp's OpenAPI
//     spec, as generated into Lolztech/CryptoCave bitstamp-api-client/docs/TickerResponse.md),
//     every value a STRING:
//       last   "Last price."                    <- the last trade price
//       high / low  "Last 24 hours price high/low."
//       vwap   "Last 24 hours volume weighted average price."
//       volume "Last 24 hours volume."  (in the base currency)
//       bid    "Highest buy order."   ask "Lowest sell order."
//       timestamp "Unix timestamp date and time."  (seconds, as a string: "1643640186")
//       open   "First price of the day."
//       open_24 "24 hours time delta transaction price"  (the price 24 hours ago)
//       percent_change_24 "24 hours price change percent"  ("13.57")
//       side   "Ticker side: 0 - buy; 1 - sell."  ("0")
//     The page's example: {"ask":"2211.00","bid":"2188.97","high":"2811.00","last":"2211.00",
//     "low":"2188.97","open":"2211.00","open_24":"2211.00","percent_change_24":"13.57","side":"0",
//     "timestamp":"1643640186","volume":"213.26801100","vwap":"2189.80"}. Current answers (and
//     apis.io's Bitstamp schema) also carry "market_type": "SPOT"; the fake sends it, in the order
//     timestamp, open, high, low, last, volume, vwap, bid, ask, side, open_24, percent_change_24,
//     market_type. A client must ignore fields it does not know.
//   - The same page, "Response codes": an error answer may carry `response_code` (string) and
//     `response_explanation`; 400.002 "Request rejected due to exceeded rate limit.", 400.018 "GET
//     parameters not allowed for this request.". The spec's ErrorResponse is { status: "error",
//     reason }; a real one quoted in ccxt/ccxt#28326: {"status": "error", "reason": "Price is more
//     than 80% below the market price.", "response_code": "400.021"}.
// What the fake decides where the pages are silent (a client must not depend on these):
//   - timestamp: "Unix timestamp date and time" does not say of what (last trade? ticker
//     computation?). The fake sends the current time unless setTimestamp()/opts.timestamp fixes it
//     (stale data: a fixed old timestamp while prices stay as set).
//   - unknown market (anything but btceur and usdteur, upper case included): HTTP 404 with an HTML
//     page. The pages document no answer for it.
//   - the path without its trailing slash is served like the documented one.
//   - a query string: HTTP 400 {"status":"error","reason":"GET parameters not allowed for this
//     request.","response_code":"400.018"} (the documented code for the documented rejection).
//   - 'error' mode: HTTP 400 {"status":"error","reason":"Request rejected due to exceeded rate
//     limit.","response_code":"400.002"} (`errorAnswer` replaces it).
//   - 'down': HTTP 503 with an HTML body; `downAs = 'reset'` destroys the socket instead.
//   - 'garbage': 200 with a non-JSON body, or (garbageAs = 'shape') JSON without the documented
//     fields (numbers instead of strings, no `last`).
//   - 'slow': answers after slowMs (default 10 s) with the ticker as it was when the request came.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkPrice, type ExchangeFake, type ExchangeMode, offset } from './kraken';

export type { ExchangeFake, ExchangeMode } from './kraken';

export interface BitstampFake extends ExchangeFake {
  setTimestamp(unixSeconds: number): void;
  mode: ExchangeMode;
  /** Every request, in order. */
  log: { method: string; path: string }[];
  /** What 'error' mode answers. */
  errorAnswer: { status: number; body: unknown };
  downAs: 503 | 'reset';
  garbageAs: 'text' | 'shape';
  /** Delay of 'slow' mode, ms. */
  slowMs: number;
}

export const BITSTAMP_RATE_LIMITED = {
  status: 400,
  body: { status: 'error', reason: 'Request rejected due to exceeded rate limit.', response_code: '400.002' },
} as const;

export const BITSTAMP_GET_PARAMETERS_REJECTED = {
  status: 400,
  body: { status: 'error', reason: 'GET parameters not allowed for this request.', response_code: '400.018' },
} as const;

/** The documented field list, in the order the fake sends it. */
export const BITSTAMP_TICKER_FIELDS = [
  'timestamp',
  'open',
  'high',
  'low',
  'last',
  'volume',
  'vwap',
  'bid',
  'ask',
  'side',
  'open_24',
  'percent_change_24',
  'market_type',
] as const;

const MARKETS = { btceur: 'BTC', usdteur: 'USDT' } as const;
const DEFAULT_PRICES = { BTC: '91468.19', USDT: '0.9147' };
const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>Page not found | Bitstamp</title></head><body><h1>404</h1><p>The page you are looking for does not exist.</p></body></html>';
const DOWN_PAGE =
  '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1><p>Bitstamp is undergoing maintenance.</p></body></html>';

function ticker(price: string, base: 'BTC' | 'USDT', timestamp: number) {
  const d = Math.max(base === 'BTC' ? 2 : 5, price.split('.')[1]?.length ?? 0);
  const o = (bp: number) => offset(price, bp, d);
  const open24 = o(-88);
  const change = ((Number(price) - Number(open24)) / Number(open24)) * 100;
  return {
    timestamp: String(timestamp),
    open: o(-70),
    high: o(120),
    low: o(-190),
    last: price,
    volume: base === 'BTC' ? '591.21243491' : '1843021.50731000',
    vwap: o(-45),
    bid: o(-3),
    ask: o(3),
    side: '0',
    open_24: open24,
    percent_change_24: change.toFixed(2),
    market_type: 'SPOT',
  };
}

export async function startBitstampFake(opts: { btc?: string; usdt?: string; timestamp?: number } = {}): Promise<BitstampFake> {
  const prices = { BTC: checkPrice(opts.btc ?? DEFAULT_PRICES.BTC), USDT: checkPrice(opts.usdt ?? DEFAULT_PRICES.USDT) };
  const checkTimestamp = (t: number) => {
    if (!Number.isSafeInteger(t) || t < 0) throw new Error(`fake bitstamp: timestamp must be whole unix seconds, got ${t}`);
    return t;
  };
  let fixedTimestamp: number | undefined = opts.timestamp === undefined ? undefined : checkTimestamp(opts.timestamp);
  const timers = new Set<NodeJS.Timeout>();

  type Out = { status: number; body?: unknown; html?: string };
  const answer = (url: URL): Out => {
    const m = /^\/api\/v2\/ticker\/([^/]+)\/?$/.exec(url.pathname);
    if (!m) return { status: 404, html: NOT_FOUND_PAGE };
    const base = (MARKETS as Record<string, 'BTC' | 'USDT'>)[decodeURIComponent(m[1]!)];
    if (!base) return { status: 404, html: NOT_FOUND_PAGE };
    if (url.search !== '') return { ...BITSTAMP_GET_PARAMETERS_REJECTED };
    return { status: 200, body: ticker(prices[base], base, fixedTimestamp ?? Math.floor(Date.now() / 1000)) };
  };

  const send = (res: http.ServerResponse, out: Out) => {
    if (res.destroyed) return;
    if (out.html !== undefined) res.writeHead(out.status, { 'content-type': 'text/html; charset=utf-8' }).end(out.html);
    else res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests++;
    fake.log.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    req.resume();
    switch (fake.mode) {
      case 'down':
        if (fake.downAs === 'reset') {
          req.socket.destroy();
          return;
        }
        send(res, { status: 503, html: DOWN_PAGE });
        return;
      case 'garbage':
        if (fake.garbageAs === 'shape') {
          send(res, { status: 200, body: { timestamp: Math.floor(Date.now() / 1000), price: Number(prices.BTC), data: [] } });
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html><body>Bad gateway</body></html>');
        return;
      case 'error':
        send(res, { status: fake.errorAnswer.status, body: fake.errorAnswer.body });
        return;
      case 'slow': {
        const out = answer(url);
        const t = setTimeout(() => {
          timers.delete(t);
          send(res, out);
        }, fake.slowMs);
        timers.add(t);
        return;
      }
      default:
        send(res, answer(url));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: BitstampFake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'ok',
    requests: 0,
    log: [],
    errorAnswer: { status: BITSTAMP_RATE_LIMITED.status, body: BITSTAMP_RATE_LIMITED.body },
    downAs: 503,
    garbageAs: 'text',
    slowMs: 10_000,
    setPrice(base, eur) {
      if (base !== 'BTC' && base !== 'USDT') throw new Error(`fake bitstamp: unknown base ${String(base)}`);
      prices[base] = checkPrice(eur);
    },
    setTimestamp(unixSeconds) {
      fixedTimestamp = checkTimestamp(unixSeconds);
    },
    setMode(mode) {
      fake.mode = mode;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
