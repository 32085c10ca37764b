// Live on-chain Bitcoin: an Esplora HTTP API (Blockstream's or a self-hosted electrs).
// GET /address/:address/txs (mempool first, then confirmed), /txs/chain/:last_seen_txid for older
// ones (with GET /address/:address to know how many there are), and GET /blocks/tip/height. A
// payment counts once it has the configured confirmations (BTC_CONFIRMATIONS, default 2); every poll
// reads the chain as it is now, so a reorg, an eviction or a replacement changes `received` / `seen`.
// Any answer but 200 (429 rate limit, 5xx) is a BackendError: the rail is down, nothing is decided.
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson } from '../http';
import { BackendError, type AttemptView, type RailAdapter, type RailStatus } from '../types';
import { OnchainRail } from './base';

export const esploraConfigSchema = z.object({
  url: z.url(),
  xpub: z.string().min(1),
  confirmations: z.number().int().min(1),
  timeoutMs: z.number().int().positive(),
  /** BTC_XPUB_ALLOW_XPUB_VERSION: take an `xpub` (not only a `zpub`) as the BIP84 account key. */
  allowXpubVersion: z.boolean().optional(),
});
export type EsploraConfig = z.infer<typeof esploraConfigSchema>;

// Esplora's transaction format (API.md): block_height is absent for a mempool transaction (electrs
// omits it; the document says null), and an output without an address (OP_RETURN) has none.
const txsSchema = z.array(
  z.object({
    txid: z.string().regex(/^[0-9a-f]{64}$/),
    status: z.object({ confirmed: z.boolean(), block_height: z.number().int().nonnegative().nullish() }),
    vout: z.array(z.object({ scriptpubkey_address: z.string().nullish(), value: z.number().int().nonnegative() })),
  }),
);

/** GET /address/:address: how many confirmed transactions the index holds for the address. */
const addressSchema = z.object({ chain_stats: z.object({ tx_count: z.number().int().nonnegative() }) });

/** Sum what reached `address`: confirmed enough -> received; otherwise seen. */
export function tallyOutputs(
  txs: { txid: string; outputs: number; confirmations: number }[],
  required: number,
): { received: number; seen: number; confirmations: number; txids: string[] } {
  let received = 0;
  let seen = 0;
  let minConf = Infinity;
  for (const t of txs) {
    if (t.outputs <= 0) continue;
    if (t.confirmations >= required) received += t.outputs;
    else {
      seen += t.outputs;
      minConf = Math.min(minConf, t.confirmations);
    }
  }
  return { received, seen, confirmations: minConf === Infinity ? (received > 0 ? required : 0) : minConf, txids: txs.filter((t) => t.outputs > 0).map((t) => t.txid) };
}

export function statusFromTally(t: ReturnType<typeof tallyOutputs>, required: number): RailStatus {
  const state = t.seen > 0 ? 'pending' : t.received > 0 ? 'confirmed' : 'waiting';
  return { state, received: t.received, seen: t.seen, confirmations: t.confirmations, details: { txids: t.txids, confirmations: t.confirmations, requiredConfirmations: required } };
}

/** Esplora's page of confirmed transactions, and how many pages we read at most. */
const CHAIN_PAGE_SIZE = 25;
const MAX_CHAIN_PAGES = 200;

export class EsploraAdapter extends OnchainRail implements RailAdapter<EsploraConfig> {
  readonly mode = 'live' as const;
  readonly pollSeconds = 20;
  constructor(readonly config: EsploraConfig) {
    super(config.xpub, 'mainnet', 'BTC_XPUB must be a mainnet key (zpub) for live mode', config.confirmations, { allowXpubVersion: config.allowXpubVersion });
  }

  private get(path: string) {
    return httpRequest(this.rail, { method: 'GET', url: `${this.config.url.replace(/\/+$/, '')}${path}`, timeoutMs: this.config.timeoutMs });
  }

  private async txPage(path: string) {
    const res = await this.get(path);
    expectStatus(this.rail, res, [200], 'address txs');
    const parsed = txsSchema.safeParse(parseJson(this.rail, res, 'address txs'));
    if (!parsed.success) throw new BackendError(this.rail, 'address txs: unexpected response shape');
    return parsed.data;
  }

  /**
   * Every transaction of the address: /txs gives the mempool and the newest 25 confirmed ones;
   * older confirmed ones come 25 at a time from /txs/chain/:last_seen_txid. Esplora answers a
   * last_seen_txid it no longer has (a reorg while we page) with an empty page, exactly like the end
   * of the history: so a paged history is checked against the address's confirmed tx_count, and a
   * short one is a failed read (retried), never a smaller amount received.
   */
  private async history(address: string) {
    const first = await this.txPage(`/address/${address}/txs`);
    let page = first.filter((t) => t.status.confirmed);
    if (page.length < CHAIN_PAGE_SIZE) return first;
    const statsRes = await this.get(`/address/${address}`);
    expectStatus(this.rail, statsRes, [200], 'address');
    const stats = addressSchema.safeParse(parseJson(this.rail, statsRes, 'address'));
    if (!stats.success) throw new BackendError(this.rail, 'address: unexpected response shape');
    const all = [...first];
    for (let pages = 0; page.length >= CHAIN_PAGE_SIZE; pages++) {
      if (pages >= MAX_CHAIN_PAGES) throw new BackendError(this.rail, `address txs: more than ${MAX_CHAIN_PAGES * CHAIN_PAGE_SIZE} transactions`, { kind: 'request' }); // about this address (dust flood), not the backend
      page = await this.txPage(`/address/${address}/txs/chain/${page[page.length - 1]!.txid}`);
      all.push(...page);
    }
    const confirmed = new Set(all.filter((t) => t.status.confirmed).map((t) => t.txid)).size;
    if (confirmed < stats.data.chain_stats.tx_count)
      throw new BackendError(this.rail, `address txs: read ${confirmed} of ${stats.data.chain_stats.tx_count} confirmed transactions (the chain changed while paging)`, { kind: 'request' });
    return all;
  }

  async getStatus(attempt: AttemptView): Promise<RailStatus> {
    const address = attempt.destination;
    const [history, tipRes] = await Promise.all([this.history(address), this.get('/blocks/tip/height')]);
    expectStatus(this.rail, tipRes, [200], 'tip height');
    const tip = Number(tipRes.text.trim());
    if (!/^\d+$/.test(tipRes.text.trim()) || !Number.isSafeInteger(tip)) throw new BackendError(this.rail, 'tip height: not an integer');
    const seenTx = new Set<string>();
    const txs = history
      .filter((t) => !seenTx.has(t.txid) && seenTx.add(t.txid))
      .map((t) => ({
        txid: t.txid,
        outputs: t.vout.filter((o) => o.scriptpubkey_address === address).reduce((s, o) => s + o.value, 0),
        confirmations: t.status.confirmed && t.status.block_height != null ? Math.max(0, tip - t.status.block_height + 1) : 0,
      }));
    return statusFromTally(tallyOutputs(txs, this.config.confirmations), this.config.confirmations);
  }
}
