// Live on-chain Bitcoin: an Esplora HTTP API (Blockstream's or a self-hosted electrs).
// GET /address/:address/txs (mempool first, then confirmed) and GET /blocks/tip/height. A payment
// counts once it has the configured confirmations (BTC_CONFIRMATIONS, default 1).
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson } from '../http';
import { BackendError, type AttemptView, type RailAdapter, type RailStatus } from '../types';
import { OnchainRail } from './base';

export const esploraConfigSchema = z.object({
  url: z.url(),
  xpub: z.string().min(1),
  confirmations: z.number().int().min(1),
  timeoutMs: z.number().int().positive(),
});
export type EsploraConfig = z.infer<typeof esploraConfigSchema>;

const txsSchema = z.array(
  z.object({
    txid: z.string().regex(/^[0-9a-f]{64}$/),
    status: z.object({ confirmed: z.boolean(), block_height: z.number().int().nonnegative().optional() }),
    vout: z.array(z.object({ scriptpubkey_address: z.string().optional(), value: z.number().int().nonnegative() })),
  }),
);

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
    super(config.xpub, 'mainnet', 'BTC_XPUB must be a mainnet key (xpub/zpub) for live mode', config.confirmations);
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
   * older confirmed ones come 25 at a time from /txs/chain/:last_seen_txid.
   */
  private async history(address: string) {
    const first = await this.txPage(`/address/${address}/txs`);
    const all = [...first];
    let page = first.filter((t) => t.status.confirmed);
    for (let pages = 0; page.length >= CHAIN_PAGE_SIZE; pages++) {
      if (pages >= MAX_CHAIN_PAGES) throw new BackendError(this.rail, `address txs: more than ${MAX_CHAIN_PAGES * CHAIN_PAGE_SIZE} transactions`);
      page = await this.txPage(`/address/${address}/txs/chain/${page[page.length - 1]!.txid}`);
      all.push(...page);
    }
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
        confirmations: t.status.confirmed && t.status.block_height !== undefined ? Math.max(0, tip - t.status.block_height + 1) : 0,
      }));
    return statusFromTally(tallyOutputs(txs, this.config.confirmations), this.config.confirmations);
  }
}
