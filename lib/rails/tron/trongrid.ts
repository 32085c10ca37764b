// Live USDT on TRON: TronGrid's TRC20 transfer history of the deposit address.
// GET /v1/accounts/{address}/transactions/trc20?only_confirmed=true&only_to=true&contract_address=...
// Only confirmed (solidified) transfers of the USDT contract to the address count as received;
// unconfirmed ones (only_unconfirmed=true) make the attempt pending.
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson } from '../http';
import { BackendError, type AttemptView, type RailAdapter, type RailStatus } from '../types';
import { isTronAddress } from './address';
import { TronRail } from './base';

export const tronConfigSchema = z.object({
  url: z.url(),
  apiKey: z.string().optional(),
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

const PAGE_SIZE = 200;
const MAX_PAGES = 50;

function transferKey(t: { transaction_id: string; event_index?: number; from?: string; to: string; value: string }): string {
  return t.event_index !== undefined ? `${t.transaction_id}#${t.event_index}` : `${t.transaction_id}|${t.from ?? ''}|${t.to}|${t.value}`;
}

export class TronGridAdapter extends TronRail implements RailAdapter<TronConfig> {
  readonly mode = 'live' as const;
  readonly pollSeconds = 10;
  constructor(readonly config: TronConfig) {
    super(config.xpub, config.contract);
  }




  private async transfers(address: string, which: 'only_confirmed' | 'only_unconfirmed') {
    // 200 per page; the next page is asked for with the previous page's meta.fingerprint.
    const all: z.infer<typeof transfersSchema>['data'] = [];
    let fingerprint: string | undefined;
    for (let pages = 0; ; pages++) {
      if (pages >= MAX_PAGES) throw new BackendError(this.rail, `trc20 transfers: more than ${MAX_PAGES} pages`);
      const q = new URLSearchParams({ [which]: 'true', only_to: 'true', contract_address: this.config.contract, limit: String(PAGE_SIZE) });
      if (fingerprint) q.set('fingerprint', fingerprint);
      const res = await httpRequest(this.rail, {
        method: 'GET',
        url: `${this.config.url.replace(/\/+$/, '')}/v1/accounts/${address}/transactions/trc20?${q}`,
        headers: this.config.apiKey ? { 'TRON-PRO-API-KEY': this.config.apiKey } : {},
        timeoutMs: this.config.timeoutMs,
      });
      expectStatus(this.rail, res, [200], 'trc20 transfers');
      const parsed = transfersSchema.safeParse(parseJson(this.rail, res, 'trc20 transfers'));
      if (!parsed.success || parsed.data.success === false) throw new BackendError(this.rail, 'trc20 transfers: unexpected response shape');
      all.push(...parsed.data.data);
      fingerprint = parsed.data.meta?.fingerprint;
      if (!fingerprint || parsed.data.data.length === 0) break;
    }
    // One transaction may carry several transfers to the address: a transfer is the transaction
    // and its event (index when given, else sender and value); an entry listed twice counts once.
    const seen = new Set<string>();
    return all.filter((t) => {
      const key = transferKey(t);
      return t.to === address && t.token_info.address === this.config.contract && (t.type === undefined || t.type === 'Transfer') && !seen.has(key) && !!seen.add(key);
    });
  }

  async getStatus(attempt: AttemptView): Promise<RailStatus> {
    const confirmed = await this.transfers(attempt.destination, 'only_confirmed');
    const confirmedKeys = new Set(confirmed.map(transferKey));
    const unconfirmed = (await this.transfers(attempt.destination, 'only_unconfirmed')).filter((t) => !confirmedKeys.has(transferKey(t)));
    const sum = (xs: { value: string }[]) => xs.reduce((s, t) => s + Number(t.value), 0);
    const received = sum(confirmed);
    const seenAmount = sum(unconfirmed);
    if (!Number.isSafeInteger(received) || !Number.isSafeInteger(seenAmount)) throw new BackendError(this.rail, 'trc20 transfers: amount out of range');
    const txids = [...new Set([...confirmed, ...unconfirmed].map((t) => t.transaction_id))];
    return { state: seenAmount > 0 ? 'pending' : received > 0 ? 'confirmed' : 'waiting', received, seen: seenAmount, details: { txids } };
  }
}
