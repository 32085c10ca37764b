// Kraken's public ticker: BTC and USDT in EUR, in one request.
//
// From Kraken's documentation:
// - https://docs.kraken.com/api/docs/rest-api/get-ticker-information
//   `GET /0/public/Ticker?pair=...`; the answer is `{error: [], result: {<pair name>: {a, b, c, v, p,
//   t, l, h, o}}}`, prices as decimal strings; `c` is the "last trade closed" `[<price>, <lot volume>]`,
//   so `c[0]` is the last trade price. The ticker carries no timestamp: `at` is the time of our fetch.
// - https://docs.kraken.com/api/docs/guides/spot-rest-intro
//   "HTTP status codes are generally not used by our API to convey information about the state of
//   requests": errors come as HTTP 200 with `error: ["EQuery:Unknown asset pair", ...]` (severity `E`
//   for error, `W` for warning) and no `result`; a status other than 200 means the request did not
//   reach Kraken properly.
// - https://support.kraken.com/hc/en-us/articles/360000920306-API-symbols-and-tickers
//   A pair has several names: the result is keyed by the pair's canonical name, which can differ from
//   the one requested (`XBTEUR` answers as `XXBTZEUR`, `USDTEUR` as `USDTZEUR`), so both are accepted.
import { z } from 'zod';
import { clean, DEFAULT_TIMEOUT_MS, getJson, issuesOf, validPrice } from './http';
import type { Base, RateProvider, Ticker } from './types';

export const KRAKEN_BASE_URL = 'https://api.kraken.com';

/** What we ask for, and the result keys each may come back under (canonical first, then the altname). */
const PAIRS: Record<Base, { request: string; keys: readonly string[] }> = {
  BTC: { request: 'XBTEUR', keys: ['XXBTZEUR', 'XBTEUR'] },
  USDT: { request: 'USDTEUR', keys: ['USDTZEUR', 'USDTEUR'] },
};

const envelope = z.object({
  error: z.array(z.string()),
  result: z.record(z.string(), z.unknown()).optional(),
});

const tickerInfo = z.object({ c: z.array(z.string()).min(1) });

export interface KrakenOptions {
  /** Default https://api.kraken.com; tests point it at a fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

export function krakenProvider(opts: KrakenOptions = {}): RateProvider {
  const name = 'kraken';
  const baseUrl = (opts.baseUrl ?? KRAKEN_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name,
    async fetch({ now, signal }) {
      const pairs = Object.values(PAIRS)
        .map((p) => p.request)
        .join(',');
      const { status, body, what } = await getJson(name, `${baseUrl}/0/public/Ticker?pair=${pairs}`, { timeoutMs, signal });
      if (status !== 200) throw new Error(`${what}: HTTP ${status}`);
      const parsed = envelope.safeParse(body);
      if (!parsed.success) throw new Error(`${what}: the answer is not Kraken's {error, result} envelope (${issuesOf(parsed.error)})`);
      const errors = parsed.data.error.filter((e) => !e.startsWith('W'));
      if (errors.length)
        throw new Error(
          `${what}: ${errors
            .slice(0, 3)
            .map((e) => clean(e))
            .join('; ')}`,
        );
      const result = parsed.data.result;
      if (!result) throw new Error(`${what}: the answer has neither a result nor an error`);
      const tickers: Ticker[] = [];
      for (const [base, pair] of Object.entries(PAIRS) as [Base, (typeof PAIRS)[Base]][]) {
        const key = pair.keys.find((k) => Object.hasOwn(result, k));
        if (!key) throw new Error(`${what}: the answer has no ${pair.request} ticker (result keys: ${clean(Object.keys(result).join(', '))})`);
        const info = tickerInfo.safeParse(result[key]);
        if (!info.success) throw new Error(`${what}: the ${key} ticker is malformed (${issuesOf(info.error)})`);
        tickers.push({ base, price: validPrice(info.data.c[0]!, `${what}: the ${key} last trade price`), at: now, source: name });
      }
      return tickers;
    },
  };
}
