// Bitstamp's public ticker: one request per pair (btceur, usdteur), in parallel.
//
// From Bitstamp's documentation (https://www.bitstamp.net/api/, "Tickers": `GET
// /api/v2/ticker/{market_symbol}/`): the answer is a flat JSON object of decimal strings: `last` (the
// last trade price), `high`, `low`, `vwap`, `volume`, `bid`, `ask`, `open`, `open_24`,
// `percent_change_24`, `side`, and `timestamp`, the ticker's Unix time in seconds, as a string.
// `at` is that timestamp, so a ticker Bitstamp stopped updating is seen as stale however fast it is
// served. Errors come as a non-2xx status, sometimes with a JSON body such as `{"status": "error",
// "reason": ...}` or `{"code": ..., "message": ...}`; nothing but a ticker with both fields is believed.
import { z } from 'zod';
import { clean, DEFAULT_TIMEOUT_MS, getJson, issuesOf, validPrice } from './http';
import type { Base, RateProvider, Ticker } from './types';

export const BITSTAMP_BASE_URL = 'https://www.bitstamp.net';

const MARKETS: Record<Base, string> = { BTC: 'btceur', USDT: 'usdteur' };

/** Unix seconds: 2001-09-09 (1e9) up to 5138 (1e11); a millisecond value or a date string is refused. */
const unixSeconds = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int()])
  .transform(Number)
  .pipe(z.number().int().min(1e9).max(1e11));

const ticker = z.object({ last: z.string(), timestamp: unixSeconds });

export interface BitstampOptions {
  /** Default https://www.bitstamp.net; tests point it at a fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

export function bitstampProvider(opts: BitstampOptions = {}): RateProvider {
  const name = 'bitstamp';
  const baseUrl = (opts.baseUrl ?? BITSTAMP_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function one(base: Base, signal?: AbortSignal): Promise<Ticker> {
    const market = MARKETS[base];
    const { status, body, what } = await getJson(name, `${baseUrl}/api/v2/ticker/${market}/`, { timeoutMs, signal });
    if (status < 200 || status > 299) throw new Error(`${what}: HTTP ${status}${reasonOf(body)}`);
    const parsed = ticker.safeParse(body);
    if (!parsed.success) throw new Error(`${what}: the answer is not a ticker${reasonOf(body) || ` (${issuesOf(parsed.error)})`}`);
    return { base, price: validPrice(parsed.data.last, `${what}: the last trade price`), at: parsed.data.timestamp, source: name };
  }

  return {
    name,
    async fetch({ signal }) {
      return Promise.all((Object.keys(MARKETS) as Base[]).map((b) => one(b, signal)));
    },
  };
}

/** Bitstamp's short error reason, when its body has one: ` (reason)` or ''. */
function reasonOf(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return '';
  const b = body as Record<string, unknown>;
  if (!('status' in b || 'code' in b || 'reason' in b || 'errors' in b)) return '';
  for (const key of ['reason', 'message', 'code', 'status'] as const) {
    const v = b[key];
    if (typeof v === 'string' && v) return ` (${key} ${clean(v, 80)})`;
  }
  return ' (an error answer)';
}
