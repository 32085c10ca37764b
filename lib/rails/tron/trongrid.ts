// Live USDT on TRON: TronGrid's TRC20 transfer history of the deposit address.
// GET /v1/accounts/{address}/transactions/trc20?only_confirmed=true&only_to=true&contract_address=...
// Only confirmed (solidified) transfers of the USDT contract to the address count as received;
// unconfirmed ones (only_unconfirmed=true) make the attempt pending. That listing has no log index:
// two equal transfers in one transaction are two identical entries, and an entry listed twice looks
// the same. Those transactions are settled by GET /v1/transactions/{id}/events, one entry per log
// (event_index). Any answer but 200 with success (429, 403/503 rate limits, 5xx) is a BackendError.
// TronGrid blocks keyless production use within seconds (403), so live mode requires an API key
// (TRONGRID_API_KEY). Rate limits ("Rate limits", developers.tron.network): a 403 is a penalty
// window ("the query server is suspended for 30s"), a 429 or 503 asks for exponential backoff; the
// adapter makes no call during either (each answers BackendError at once), and polls each address
// every 30 s (a block is ~3 s, and solidifying takes about a minute: polling faster learns nothing).
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson } from '../http';
import { BackendError, type AttemptView, type RailAdapter, type RailStatus } from '../types';
import { isTronAddress, tronAddressToHex } from './address';
import { TronRail } from './base';

const NO_KEY = 'TRONGRID_API_KEY is required in live mode: TronGrid blocks requests without a key (403)';
export const tronConfigSchema = z.object({
  url: z.url(),
  apiKey: z.string({ error: NO_KEY }).min(1, NO_KEY),
  xpub: z.string().min(1),
  contract: z.string().refine(isTronAddress, 'must be a TRON base58 address'),
  timeoutMs: z.number().int().positive(),
});
export type TronConfig = z.infer<typeof tronConfigSchema>;

const transfersSchema = z.object({
  success: z.boolean().optional(),
  meta: z.object({ fingerprint: z.string().optional() }).loose().optional(),
  data: z.array(
    z.object({
      transaction_id: z.string().min(1),
      event_index: z.number().int().optional(),
      from: z.string().optional(),
      token_info: z.object({ address: z.string() }).loose(),
      to: z.string(),
      type: z.string().optional(),
      value: z.string().regex(/^\d+$/),
    }),
  ),
});

/** GET /v1/transactions/{id}/events: the transaction's logs; addresses in `result` are hex. */
const eventsSchema = z.object({
  success: z.boolean().optional(),
  data: z.array(
    z
      .object({
        transaction_id: z.string(),
        event_index: z.number().int().nonnegative(),
        event_name: z.string(),
        contract_address: z.string(),
        result: z.object({ from: z.string(), to: z.string(), value: z.union([z.string(), z.number()]) }).loose(),
      })
      .loose(),
  ),
});

type Transfer = z.infer<typeof transfersSchema>['data'][number];

const PAGE_SIZE = 200;
const MAX_PAGES = 50;

/** TronGrid's penalty after a 403 ("suspended for 30s"); the first 429/503 backoff, doubled each time, and its ceiling. */
export const TRON_PENALTY_SECONDS = 30;
export const TRON_BACKOFF_SECONDS = 5;
export const TRON_MAX_BACKOFF_SECONDS = 300;

/** The 20 address bytes, in hex, of a base58 (T...), 41-hex or 0x-hex TRON address; null if none. */
function addressBytes(a: string): string | null {
  if (isTronAddress(a)) return tronAddressToHex(a).slice(2).toLowerCase();
  const m = /^(?:0x|41)?([0-9a-fA-F]{40})$/.exec(a);
  return m ? m[1]!.toLowerCase() : null;
}

/** Entries that describe the same movement (a genuine second transfer, or the same one listed twice). */
const lookalike = (t: Transfer) => `${t.transaction_id}|${t.from ?? ''}|${t.to}|${t.value}`;

export class TronGridAdapter extends TronRail implements RailAdapter<TronConfig> {
  readonly mode = 'live' as const;
  readonly pollSeconds = 30;
  /** Rate-limited: no call before `until` (unix seconds); `strikes` rate limits in a row. */
  private backoff = { until: 0, strikes: 0 };
  constructor(readonly config: TronConfig) {
    super(config.xpub, config.contract);
  }

  /** Until when (unix seconds) this adapter makes no call to TronGrid; 0 when it may. */
  get backoffUntil(): number {
    return this.backoff.until;
  }

  private async get(path: string, what: string, now: number): Promise<unknown> {
    if (now < this.backoff.until)
      throw new BackendError(this.rail, `${what}: TronGrid rate-limited us; no request before ${new Date(this.backoff.until * 1000).toISOString()}`);
    const res = await httpRequest(this.rail, {
      method: 'GET',
      url: `${this.config.url.replace(/\/+$/, '')}${path}`,
      headers: { 'TRON-PRO-API-KEY': this.config.apiKey },
      timeoutMs: this.config.timeoutMs,
    });
    if (res.status === 403 || res.status === 429 || res.status === 503) {
      this.backoff.strikes++;
      const retryAfter = Number(res.headers['retry-after']);
      const exponential = Math.min(TRON_MAX_BACKOFF_SECONDS, TRON_BACKOFF_SECONDS * 2 ** (this.backoff.strikes - 1));
      const wait = Math.max(res.status === 403 ? TRON_PENALTY_SECONDS : exponential, Number.isFinite(retryAfter) ? Math.min(retryAfter, TRON_MAX_BACKOFF_SECONDS) : 0);
      this.backoff.until = Math.max(this.backoff.until, now + wait);
    } else if (res.status === 200) this.backoff.strikes = 0;
    expectStatus(this.rail, res, [200], what);
    const body = parseJson(this.rail, res, what);
    if ((body as { success?: unknown } | null)?.success === false) throw new BackendError(this.rail, `${what}: the backend answered success: false`);
    return body;
  }

  /** The USDT transfers to `address` the listing shows, every page. */
  private async transfers(address: string, which: 'only_confirmed' | 'only_unconfirmed', now: number): Promise<Transfer[]> {
    // 200 per page; the next page is asked for with the previous page's meta.fingerprint.
    const all: Transfer[] = [];
    let fingerprint: string | undefined;
    for (let pages = 0; ; pages++) {
      if (pages >= MAX_PAGES) throw new BackendError(this.rail, `trc20 transfers: more than ${MAX_PAGES} pages`, { kind: 'request' }); // about this address (dust flood), not the backend
      const q = new URLSearchParams({ [which]: 'true', only_to: 'true', contract_address: this.config.contract, limit: String(PAGE_SIZE) });
      if (fingerprint) q.set('fingerprint', fingerprint);
      const parsed = transfersSchema.safeParse(await this.get(`/v1/accounts/${address}/transactions/trc20?${q}`, 'trc20 transfers', now));
      if (!parsed.success) throw new BackendError(this.rail, 'trc20 transfers: unexpected response shape');
      all.push(...parsed.data.data);
      fingerprint = parsed.data.meta?.fingerprint;
      if (!fingerprint || parsed.data.data.length === 0) break;
    }
    return all.filter((t) => t.to === address && t.token_info.address === this.config.contract && (t.type === undefined || t.type === 'Transfer'));
  }

  /** How many distinct logs of its transaction the lookalike entries `t` stand for. */
  private async logsLike(t: Transfer, now: number): Promise<number> {
    // No confirmed filter: a transaction's logs are confirmed together, and it may solidify meanwhile.
    const parsed = eventsSchema.safeParse(await this.get(`/v1/transactions/${t.transaction_id}/events`, 'transaction events', now));
    if (!parsed.success) throw new BackendError(this.rail, 'transaction events: unexpected response shape');
    const contract = addressBytes(this.config.contract);
    const logs = new Set(
      parsed.data.data
        .filter(
          (e) =>
            e.event_name === 'Transfer' &&
            addressBytes(e.contract_address) === contract &&
            addressBytes(e.result.to) === addressBytes(t.to) &&
            (t.from === undefined || addressBytes(e.result.from) === addressBytes(t.from)) &&
            String(e.result.value) === t.value,
        )
        .map((e) => e.event_index),
    );
    // The listing shows at least one: an events index that lags counts it once (never more than is there).
    return Math.max(1, logs.size);
  }

  /** Each transfer once: by its log index when given, else one per log of the transaction's events. */
  private async total(list: Transfer[], now: number): Promise<number> {
    const groups = new Map<string, Transfer[]>();
    for (const t of list) groups.set(lookalike(t), [...(groups.get(lookalike(t)) ?? []), t]);
    let sum = 0;
    for (const group of groups.values()) {
      const t = group[0]!;
      const count = group.every((g) => g.event_index !== undefined)
        ? new Set(group.map((g) => g.event_index)).size
        : group.length === 1
          ? 1
          : await this.logsLike(t, now);
      sum += count * Number(t.value);
    }
    if (!Number.isSafeInteger(sum)) throw new BackendError(this.rail, 'trc20 transfers: amount out of range');
    return sum;
  }

  async getStatus(attempt: AttemptView, now = Math.floor(Date.now() / 1000)): Promise<RailStatus> {
    const confirmed = await this.transfers(attempt.destination, 'only_confirmed', now);
    // A transaction is confirmed whole: one listed in both answers (solidified in between) is confirmed.
    const confirmedTx = new Set(confirmed.map((t) => t.transaction_id));
    const unconfirmed = (await this.transfers(attempt.destination, 'only_unconfirmed', now)).filter((t) => !confirmedTx.has(t.transaction_id));
    const received = await this.total(confirmed, now);
    const seenAmount = await this.total(unconfirmed, now);
    const txids = [...new Set([...confirmed, ...unconfirmed].map((t) => t.transaction_id))];
    return { state: seenAmount > 0 ? 'pending' : received > 0 ? 'confirmed' : 'waiting', received, seen: seenAmount, details: { txids } };
  }
}
