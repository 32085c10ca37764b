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
//
// Read incrementally (issue 24: an address flooded with zero-value transfers, "address poisoning",
// must still be credited, and cheaply). A solidified block is final on TRON, so what the confirmed
// history holds before a point in time never changes: the attempt keeps in its details (`trc20Read`)
// a watermark `from` (a block_timestamp, ms) and the USDT total of the solidified transfers before
// it. Each poll reads only the confirmed history from `from` on (order_by=block_timestamp,asc,
// min_timestamp, pages by meta.fingerprint) and returns the same totals a full read would: the
// total before `from` plus what it read. The watermark trails the newest block read by
// WATERMARK_MARGIN_MS (an index a few blocks behind on one of TronGrid's nodes is read again, not
// missed). Entries that cannot be payments (zero value, another type) are skipped without an events
// lookup. A long history is read READ_PAGES_PER_POLL pages a poll: the report says it is incomplete
// (RailStatus.complete false), keeps where it got to, and the next poll goes on from there.
//
// Refunds (the `claim` method): the payer gives a TRON address (./destination.ts), the merchant
// sends the USDT from its own wallet (this deployment holds no TRON key) and records the
// transaction id, and TRON's own record of that transaction confirms it: POST
// /walletsolidity/gettransactioninfobyid (the solidified, final state) and, while it is not there
// yet, POST /wallet/gettransactioninfobyid (in a block, not yet final: pending). developers.tron.network
// "GetTransactionInfoById": `{}` for a transaction it does not know; `receipt.result` the execution
// result, `result: "FAILED"` on a failure; `log[]` the events, each {address: the contract, hex
// without the 41 prefix, topics[], data}. The refund is paid when the solidified transaction's
// Transfer events of the account's USDT contract to the address total at least the refund.
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson } from '../http';
import { allOrNone, configured, type RailDefinition } from '../settings';
import { type AttemptView, BackendError, type RailAdapter, type RailStatus, type RefundOutcome, type RefundRail, type RefundRequest } from '../types';
import { isTronAddress, tronAddressToHex } from './address';
import { TronRail } from './base';
import { parseTronDestination, proofTxid } from './destination';

const NO_KEY = 'TRONGRID_API_KEY is required in live mode: TronGrid blocks requests without a key (403)';
export const tronConfigSchema = z.object({
  url: z.url(),
  apiKey: z.string({ error: NO_KEY }).min(1, NO_KEY),
  xpub: z.string().min(1),
  contract: z.string().refine(isTronAddress, 'must be a TRON base58 address'),
  timeoutMs: z.number().int().positive(),
  /** A merchant's account: its backend is reached at public addresses only (lib/rails/http.ts). */
  publicOnly: z.boolean().optional(),
});
export type TronConfig = z.infer<typeof tronConfigSchema>;

const transfersSchema = z.object({
  success: z.boolean().optional(),
  meta: z.object({ fingerprint: z.string().optional() }).loose().optional(),
  data: z.array(
    z.object({
      transaction_id: z.string().min(1),
      block_timestamp: z.number().int().nonnegative(),
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

/** GET/POST /wallet[solidity]/gettransactioninfobyid: `{}` when unknown; hex without 0x throughout. */
const txInfoSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  blockNumber: z.number().int().nonnegative().optional(),
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).loose().optional(),
  log: z.array(z.object({ address: z.string(), topics: z.array(z.string()).optional(), data: z.string().optional() }).loose()).optional(),
});
type TxInfo = z.infer<typeof txInfoSchema>;
/** keccak256("Transfer(address,address,uint256)"): the TRC20 (ERC20) Transfer event's topic. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const PAGE_SIZE = 200;
/** Pages of the confirmed history one poll reads at most (the next poll goes on from there). */
export const READ_PAGES_PER_POLL = 25;
/** How far behind the newest block read the watermark stays: that stretch is read again next time. */
export const WATERMARK_MARGIN_MS = 60_000;
/** Payment txids kept in the read state (the details show these and the ones read since). */
const TXIDS_KEPT = 20;

/** Where the confirmed history was read to: every solidified transfer before `from` (ms) totals `sum`. */
const readStateSchema = z.object({
  from: z.number().int().nonnegative(),
  sum: z.number().int().nonnegative(),
  txids: z.array(z.string()).max(TXIDS_KEPT),
});
type ReadState = z.infer<typeof readStateSchema>;
/** The key of the read state in the attempt's details. */
export const TRC20_READ = 'trc20Read';

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

  readonly refunds: RefundRail = {
    method: 'claim',
    canPay: false,
    parseDestination: (input) => parseTronDestination(input, this.config.contract),
    paymentUri: (destination) => destination,
    confirm: (req) => this.confirmRefund(req),
  };

  private async get(path: string, what: string, now: number, payload?: unknown): Promise<unknown> {
    if (now < this.backoff.until)
      throw new BackendError(this.rail, `${what}: TronGrid rate-limited us; no request before ${new Date(this.backoff.until * 1000).toISOString()}`);
    const res = await httpRequest(this.rail, {
      // A read either way: the full node's API takes its arguments as a JSON body (POST).
      method: payload === undefined ? 'GET' : 'POST',
      url: `${this.config.url.replace(/\/+$/, '')}${path}`,
      body: payload,
      headers: { 'TRON-PRO-API-KEY': this.config.apiKey },
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    if (res.status === 403 || res.status === 429 || res.status === 503) {
      this.backoff.strikes++;
      const retryAfter = Number(res.headers['retry-after']);
      const exponential = Math.min(TRON_MAX_BACKOFF_SECONDS, TRON_BACKOFF_SECONDS * 2 ** (this.backoff.strikes - 1));
      const wait = Math.max(
        res.status === 403 ? TRON_PENALTY_SECONDS : exponential,
        Number.isFinite(retryAfter) ? Math.min(retryAfter, TRON_MAX_BACKOFF_SECONDS) : 0,
      );
      this.backoff.until = Math.max(this.backoff.until, now + wait);
    } else if (res.status === 200) this.backoff.strikes = 0;
    expectStatus(this.rail, res, [200], what);
    const body = parseJson(this.rail, res, what);
    if ((body as { success?: unknown } | null)?.success === false) throw new BackendError(this.rail, `${what}: the backend answered success: false`);
    return body;
  }

  /** A page of the address's incoming USDT transfers (the listing's filters, kept the same while paging). */
  private async page(address: string, which: 'only_confirmed' | 'only_unconfirmed', now: number, extra: Record<string, string>, fingerprint?: string) {
    const q = new URLSearchParams({ [which]: 'true', only_to: 'true', contract_address: this.config.contract, limit: String(PAGE_SIZE), ...extra });
    if (fingerprint) q.set('fingerprint', fingerprint);
    const parsed = transfersSchema.safeParse(await this.get(`/v1/accounts/${address}/transactions/trc20?${q}`, 'trc20 transfers', now));
    if (!parsed.success) throw new BackendError(this.rail, 'trc20 transfers: unexpected response shape');
    return { data: parsed.data.data, next: parsed.data.data.length > 0 ? parsed.data.meta?.fingerprint : undefined };
  }

  /** Can the entry be a payment to `address`? (zero-value transfers, another token or type: no.) */
  private payment(address: string) {
    return (t: Transfer) =>
      t.to === address && t.token_info.address === this.config.contract && (t.type === undefined || t.type === 'Transfer') && !/^0+$/.test(t.value);
  }

  /** The unconfirmed transfers: the last minute or so of blocks, read whole. */
  private async unconfirmed(address: string, now: number): Promise<Transfer[]> {
    const all: Transfer[] = [];
    let fingerprint: string | undefined;
    do {
      const p = await this.page(address, 'only_unconfirmed', now, {}, fingerprint);
      all.push(...p.data.filter(this.payment(address)));
      fingerprint = p.next;
    } while (fingerprint);
    return all;
  }

  /**
   * The confirmed transfers from `from` (ms) on, oldest first, at most READ_PAGES_PER_POLL pages
   * (more only to finish the block the last page ends in). `lastTs`: the newest block_timestamp read
   * (dust included); `complete`: the listing ended.
   */
  private async confirmedSince(address: string, from: number, now: number) {
    const payments: Transfer[] = [];
    let lastTs: number | null = null;
    let fingerprint: string | undefined;
    // min_timestamp is "the minimum block_timestamp": asked one ms lower, and entries before `from`
    // dropped here, so the block at `from` is read whether the bound is inclusive or not.
    const extra = { order_by: 'block_timestamp,asc', min_timestamp: String(Math.max(0, from - 1)) };
    for (let pages = 0; ; pages++) {
      const p = await this.page(address, 'only_confirmed', now, extra, fingerprint);
      const fresh = p.data.filter((t) => t.block_timestamp >= from);
      payments.push(...fresh.filter(this.payment(address)));
      for (const t of fresh) lastTs = Math.max(lastTs ?? t.block_timestamp, t.block_timestamp);
      fingerprint = p.next;
      if (!fingerprint) return { payments, lastTs, complete: true };
      // Stop at a page's end only when the watermark can move (the next poll re-reads the last block).
      if (pages + 1 >= READ_PAGES_PER_POLL && lastTs !== null && lastTs > from) return { payments, lastTs, complete: false };
    }
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

  /** A refund the merchant sent: does `req.operatorReference` (a txid) move at least `req.amount` USDT to `req.destination`, solidified? */
  async confirmRefund(req: RefundRequest): Promise<RefundOutcome> {
    if (req.currency !== 'USDT') throw new BackendError(this.rail, `refund: a TRC20 refund is in USDT, not ${req.currency}`, { kind: 'request' });
    if (!req.destination || !isTronAddress(req.destination)) throw new BackendError(this.rail, 'refund: no TRON address was claimed yet', { kind: 'request' });
    if (!req.operatorReference) return { state: 'not_found' };
    const txid = proofTxid(req.operatorReference);
    if (!txid) return { state: 'failed', code: 'invalid_proof', message: 'A TRON transaction id is 64 hexadecimal characters.' };
    const solid = await this.txInfo('/walletsolidity/gettransactioninfobyid', txid, req.now);
    if (!solid) {
      const fresh = await this.txInfo('/wallet/gettransactioninfobyid', txid, req.now);
      return fresh ? { state: 'pending', details: { txid, blockNumber: fresh.blockNumber ?? null } } : { state: 'not_found' };
    }
    const details = { txid, blockNumber: solid.blockNumber ?? null };
    const outcome = solid.receipt?.result ?? solid.result;
    if (solid.result === 'FAILED' || (solid.receipt?.result !== undefined && solid.receipt.result !== 'SUCCESS'))
      return { state: 'failed', code: 'proof_mismatch', message: `Transaction ${txid} failed on chain (${outcome}): nothing was sent.`, details };
    const paid = this.transferredTo(solid, req.destination);
    if (paid < BigInt(req.amount))
      return {
        state: 'failed',
        code: 'proof_mismatch',
        message: `Transaction ${txid} sends ${paid} micro-USDT (of this account's USDT contract) to ${req.destination}, not at least ${req.amount}.`,
        details: { ...details, paidMicro: String(paid) },
      };
    return { state: 'succeeded', operatorReference: txid, details: { ...details, paidMicro: String(paid) } };
  }

  /** The transaction's record at a full node (`/wallet/...`) or its solidified state (`/walletsolidity/...`); null when it has none. */
  private async txInfo(path: string, txid: string, now: number): Promise<TxInfo | null> {
    const body = await this.get(path, 'transaction info', now, { value: txid });
    const parsed = txInfoSchema.safeParse(body);
    if (!parsed.success) throw new BackendError(this.rail, 'transaction info: unexpected response shape');
    if (parsed.data.id === undefined) {
      // `{}`: no such transaction there. Anything else without an id is the node's error (`{"Error": ...}`).
      if (Object.keys(body as object).length === 0) return null;
      throw new BackendError(this.rail, 'transaction info: the node answered an error');
    }
    if (parsed.data.id.toLowerCase() !== txid) throw new BackendError(this.rail, 'transaction info: answered about another transaction');
    return parsed.data;
  }

  /** What the transaction's Transfer events of the account's USDT contract send to `address`, in micro-units. */
  private transferredTo(info: TxInfo, address: string): bigint {
    const contract = addressBytes(this.config.contract);
    const to = addressBytes(address);
    let sum = 0n;
    for (const log of info.log ?? []) {
      const topics = (log.topics ?? []).map((t) => t.toLowerCase().replace(/^0x/, ''));
      if (addressBytes(log.address) !== contract || topics.length !== 3 || topics[0] !== TRANSFER_TOPIC) continue;
      if (!/^[0-9a-f]{64}$/.test(topics[2]!) || topics[2]!.slice(24) !== to) continue;
      const data = (log.data ?? '').toLowerCase().replace(/^0x/, '');
      if (!/^[0-9a-f]{64}$/.test(data)) throw new BackendError(this.rail, 'transaction info: a Transfer event without its amount');
      sum += BigInt(`0x${data}`);
    }
    return sum;
  }

  /** A read with the API key: the first receive address's USDT transfers (TronGrid answers 401 to an unknown key). */
  async verifyCredentials(): Promise<void> {
    await this.get(`/v1/accounts/${this.deriveAddress(0)}/transactions/trc20?only_confirmed=true&limit=1`, 'credentials check', Math.floor(Date.now() / 1000));
  }

  async getStatus(attempt: AttemptView, now = Math.floor(Date.now() / 1000)): Promise<RailStatus> {
    const address = attempt.destination;
    const kept = readStateSchema.safeParse(attempt.details[TRC20_READ]);
    const state: ReadState = kept.success ? kept.data : { from: 0, sum: 0, txids: [] };
    // Unconfirmed first: a transfer that solidifies in between is then listed twice (and counted as
    // confirmed), never in neither.
    const pendingRead = await this.unconfirmed(address, now);
    const read = await this.confirmedSince(address, state.from, now);
    // The watermark moves to a block boundary: every transfer before it has been read.
    const to = read.lastTs === null ? state.from : Math.max(state.from, read.complete ? read.lastTs - WATERMARK_MARGIN_MS : read.lastTs);
    // (A transaction's entries share its block, so a watermark never splits them.)
    const below = read.payments.filter((t) => t.block_timestamp < to);
    const belowTotal = await this.total(below, now);
    const payTxids = (list: Transfer[]) => [...new Set(list.map((t) => t.transaction_id))];
    const next: ReadState = { from: to, sum: state.sum + belowTotal, txids: [...new Set([...state.txids, ...payTxids(below)])].slice(-TXIDS_KEPT) };
    if (!Number.isSafeInteger(next.sum)) throw new BackendError(this.rail, 'trc20 transfers: amount out of range');
    if (!read.complete) return { state: 'waiting', received: 0, seen: 0, complete: false, details: { [TRC20_READ]: next } };
    const received =
      next.sum +
      (await this.total(
        read.payments.filter((t) => t.block_timestamp >= to),
        now,
      ));
    // A transaction is confirmed whole: one listed in both answers (solidified in between) is confirmed.
    const confirmedTx = new Set(read.payments.map((t) => t.transaction_id));
    const unconfirmed = pendingRead.filter((t) => !confirmedTx.has(t.transaction_id));
    const seenAmount = await this.total(unconfirmed, now);
    if (!Number.isSafeInteger(received)) throw new BackendError(this.rail, 'trc20 transfers: amount out of range');
    const txids = [...new Set([...state.txids, ...payTxids(read.payments), ...payTxids(unconfirmed)])];
    return { state: seenAmount > 0 ? 'pending' : received > 0 ? 'confirmed' : 'waiting', received, seen: seenAmount, details: { txids, [TRC20_READ]: next } };
  }
}

/** Live USDT on TRON: TRON_XPUB and TRONGRID_API_KEY, both or none; TRONGRID_URL, TRON_USDT_CONTRACT. */
export const tronGridRail: RailDefinition<TronConfig> = {
  rail: 'usdt_trc20',
  mode: 'live',
  parse({ cfg, env, timeoutMs, publicOnly, account, livemode }) {
    // TRONGRID_API_KEY too: TronGrid blocks keyless production use within seconds (403).
    if (!allOrNone(['TRON_XPUB', 'TRONGRID_API_KEY'], env)) return null;
    return configured('TRON_XPUB / TRONGRID_*', () =>
      tronConfigSchema.parse({
        url: cfg.TRONGRID_URL,
        apiKey: cfg.TRONGRID_API_KEY,
        xpub: cfg.TRON_XPUB,
        // A merchant's test-mode account watches the test network's USDT (TRON_TEST_USDT_CONTRACT).
        contract: account && livemode === false ? cfg.TRON_TEST_USDT_CONTRACT : cfg.TRON_USDT_CONTRACT,
        timeoutMs,
        publicOnly,
      }),
    );
  },
  create: (config) => configured('TRON_XPUB / TRONGRID_*', () => new TronGridAdapter(config)),
};
