// A fake of Kraken's public "Get Ticker Information" endpoint, written from Kraken's own pages,
// not from our client (lib/rates was not read):
//   - docs.kraken.com/api/docs/rest-api/get-ticker-information ("Get Ticker Information"):
//     GET https://api.kraken.com/0/public/Ticker, query `pair` = "Asset pair to get data for
//     (optional, default: all tradeable exchange pairs)", example XBTUSD; several pairs are
//     comma-separated. "Today's prices start at midnight UTC". Answer 200 { error: string[],
//     result: { <pair name>: AssetTickerInfo } } where the result KEY is Kraken's own pair name,
//     not the name asked for: the page's example asks XBTUSD and answers "XXBTZUSD". Fields, all
//     arrays of strings except t (integers) and o (a single string):
//       a  Ask   [<price>, <whole lot volume>, <lot volume>]
//       b  Bid   [<price>, <whole lot volume>, <lot volume>]
//       c  Last trade closed [<price>, <lot volume>]      <- c[0] is the last traded price
//       v  Volume [<today>, <last 24 hours>]
//       p  Volume weighted average price [<today>, <last 24 hours>]
//       t  Number of trades [<today>, <last 24 hours>]     (integers, not strings)
//       l  Low  [<today>, <last 24 hours>]
//       h  High [<today>, <last 24 hours>]
//       o  Today's opening price (a string, not an array)
//     Example prices carry 5 decimals ("30303.20000"): the fake pads prices to at least 5.
//     There is NO timestamp anywhere in the ticker: staleness cannot be read from it.
//   - support.kraken.com/hc/en-us/articles/360000920306 ("API symbols and tickers"): REST uses
//     several symbol versions per market (altname XBTEUR, pair key XXBTZEUR, wsname XBT/EUR); Bitcoin
//     is XBT. The USDT/EUR market's key is "USDTEUR" (no X/Z prefixes): Kraken's pages do not list
//     it; it is what public integrators read back (result['USDTEUR'] after ?pair=USDTEUR).
//   - docs.kraken.com/api/docs/guides/spot-rest-intro ("Spot REST Introduction"): responses are JSON
//     with `result` and `error` on success, "or only `error` for failed or rejected requests"; "HTTP
//     status codes are generally not used by our API ... any errors or warnings are denoted in the
//     error field"; "Status codes other than 200 indicate that there was an issue with the request
//     reaching our servers". Error strings are "<severity E|W><category>:<description>".
//   - support.kraken.com/hc/en-us/articles/360001491786 ("API error messages" / "API Error Codes"):
//     an invalid pair in a ticker query is `EQuery:Unknown asset pair`, shown as
//     {"error":["EQuery:Unknown asset pair"]}; rate limiting is `EAPI:Rate limit exceeded` (also on
//     docs.kraken.com/api/docs/guides/spot-rest-ratelimits, with "EService: Throttled: <unix ts>" for
//     too many concurrent requests); the "Service status errors" section has EService:Unavailable
//     and EService:Busy (the strings as every integrator maps them; the section's body text was not
//     in the copies reachable here).
// What the fake decides where the pages are silent (a client must not depend on these):
//   - accepted request names: the altname (XBTEUR, USDTEUR) and the result key (XXBTZEUR), exact
//     case. BTCEUR, XBT/EUR or lower case are refused as unknown (Kraken may accept some of them).
//     One unknown name in a list fails the whole request (no partial result).
//   - an empty `pair=` is treated like no pair (all markets: here, the two faked ones).
//   - 'down' is HTTP 503 with an HTML body (what "an issue reaching our servers" looks like through
//     Cloudflare); `downAs = 'reset'` destroys the socket instead.
//   - 'error' answers HTTP 200 { error: errorMessages } without `result` (default
//     ['EService:Unavailable']; set errorMessages to e.g. [KRAKEN_ERRORS.rateLimit]).
//   - 'garbage' answers 200 with a non-JSON body, or (garbageAs = 'shape') JSON that is not the
//     documented shape (c is a number, not [price, volume]).
//   - 'slow' answers after slowMs (default 10 s) with the ticker as it was when the request came.
//   - unknown paths: 404 {"error":["EGeneral:Unknown method"]} (string not checked against a page).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ExchangeMode = 'ok' | 'down' | 'garbage' | 'error' | 'slow';

export interface ExchangeFake {
  /** Base URL, e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  close(): Promise<void>;
  /** Last trade price in EUR, a decimal string. */
  setPrice(base: 'BTC' | 'USDT', eur: string): void;
  /** Bitstamp only: the ticker's timestamp. */
  setTimestamp?(unixSeconds: number): void;
  setMode(mode: ExchangeMode): void;
  /** Requests received (every path, every mode). */
  requests: number;
}

export interface KrakenFake extends ExchangeFake {
  mode: ExchangeMode;
  /** Every request, in order. */
  log: { method: string; path: string }[];
  /** What 'error' mode puts in `error`. */
  errorMessages: string[];
  /** 'down' as HTTP 503 (default) or as a reset connection. */
  downAs: 503 | 'reset';
  /** 'garbage' as a non-JSON body (default) or as JSON of the wrong shape. */
  garbageAs: 'text' | 'shape';
  /** Delay of 'slow' mode, ms. */
  slowMs: number;
}

export const KRAKEN_ERRORS = {
  unknownPair: 'EQuery:Unknown asset pair',
  rateLimit: 'EAPI:Rate limit exceeded',
  unavailable: 'EService:Unavailable',
  busy: 'EService:Busy',
} as const;

/** Kraken's result key for each faked market, and the request names that reach it. */
export const KRAKEN_PAIRS = {
  BTC: { key: 'XXBTZEUR', names: ['XBTEUR', 'XXBTZEUR'] },
  USDT: { key: 'USDTEUR', names: ['USDTEUR'] },
} as const;

const DEFAULT_PRICES = { BTC: '91468.19', USDT: '0.9147' };
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const SCALE = 12;

export function checkPrice(eur: string): string {
  if (typeof eur !== 'string' || !DECIMAL.test(eur) || !/[1-9]/.test(eur))
    throw new Error(`fake exchange: price must be a positive decimal string, got ${String(eur)}`);
  return eur;
}

const decimalsOf = (s: string) => s.split('.')[1]?.length ?? 0;

function toUnits(dec: string): bigint {
  const [i, f = ''] = dec.split('.');
  return BigInt(i!) * 10n ** BigInt(SCALE) + BigInt((f + '0'.repeat(SCALE)).slice(0, SCALE));
}

function fromUnits(units: bigint, decimals: number): string {
  const div = 10n ** BigInt(SCALE - decimals);
  const q = (units + div / 2n) / div; // half up
  if (decimals === 0) return q.toString();
  const s = q.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

/** price × (1 + bp/10000), to `decimals` places; never equal to the price itself at that precision. */
export function offset(price: string, bp: number, decimals: number): string {
  const p = toUnits(price);
  const tick = 10n ** BigInt(SCALE - decimals);
  let v = (p * BigInt(10000 + bp)) / 10000n;
  const same = fromUnits(v, decimals) === fromUnits(p, decimals);
  if (same) v = bp >= 0 ? p + tick : p - tick;
  return fromUnits(v, decimals);
}

/** Pads a decimal string to at least `decimals` places (Kraken's prices carry 5). */
export function pad(price: string, decimals: number): string {
  const d = decimalsOf(price);
  if (d >= decimals) return price;
  return (d === 0 ? `${price}.` : price) + '0'.repeat(decimals - d);
}

function tickerInfo(price: string, base: 'BTC' | 'USDT') {
  const d = Math.max(5, decimalsOf(price));
  const o = (bp: number) => offset(price, bp, d);
  const lots = base === 'BTC' ? ['0.00067643', '1', '1.000', '2', '2.000'] : ['250.00000000', '1500', '1500.000', '900', '900.000'];
  const vol = base === 'BTC' ? ['1523.41879311', '4083.67001100'] : ['2481033.12840000', '6930411.55310000'];
  return {
    a: [o(4), lots[1], lots[2]],
    b: [o(-4), lots[3], lots[4]],
    c: [pad(price, 5), lots[0]],
    v: vol,
    p: [o(-37), o(-52)],
    t: base === 'BTC' ? [34619, 38907] : [8120, 19452],
    l: [o(-160), o(-210)],
    h: [o(95), o(130)],
    o: o(-88),
  };
}

const DOWN_PAGE =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><p>cloudflare</p></body></html>';

export async function startKrakenFake(opts: { btc?: string; usdt?: string } = {}): Promise<KrakenFake> {
  const prices = { BTC: checkPrice(opts.btc ?? DEFAULT_PRICES.BTC), USDT: checkPrice(opts.usdt ?? DEFAULT_PRICES.USDT) };
  const timers = new Set<NodeJS.Timeout>();

  const answer = (url: URL): { status: number; body: unknown } => {
    if (url.pathname !== '/0/public/Ticker') return { status: 404, body: { error: ['EGeneral:Unknown method'] } };
    const raw = url.searchParams.get('pair');
    const asked = raw === null || raw.trim() === '' ? ['XBTEUR', 'USDTEUR'] : raw.split(',').map((s) => s.trim());
    const result: Record<string, unknown> = {};
    for (const name of asked) {
      const base = (Object.keys(KRAKEN_PAIRS) as ('BTC' | 'USDT')[]).find((b) => (KRAKEN_PAIRS[b].names as readonly string[]).includes(name));
      if (!base) return { status: 200, body: { error: [KRAKEN_ERRORS.unknownPair] } };
      result[KRAKEN_PAIRS[base].key] = tickerInfo(prices[base], base);
    }
    return { status: 200, body: { error: [], result } };
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
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
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' }).end(DOWN_PAGE);
        return;
      case 'garbage':
        if (fake.garbageAs === 'shape') {
          send(res, 200, { error: [], result: { XXBTZEUR: { c: Number(prices.BTC) }, USDTEUR: { c: Number(prices.USDT) } } });
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('<html><body>Bad gateway</body></html>');
        return;
      case 'error':
        send(res, 200, { error: [...fake.errorMessages] });
        return;
      case 'slow': {
        const out = answer(url);
        const t = setTimeout(() => {
          timers.delete(t);
          send(res, out.status, out.body);
        }, fake.slowMs);
        timers.add(t);
        return;
      }
      default: {
        const out = answer(url);
        send(res, out.status, out.body);
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: KrakenFake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'ok',
    requests: 0,
    log: [],
    errorMessages: [KRAKEN_ERRORS.unavailable],
    downAs: 503,
    garbageAs: 'text',
    slowMs: 10_000,
    setPrice(base, eur) {
      if (base !== 'BTC' && base !== 'USDT') throw new Error(`fake kraken: unknown base ${String(base)}`);
      prices[base] = checkPrice(eur);
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
