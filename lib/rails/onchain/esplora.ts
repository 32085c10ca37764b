// Live on-chain Bitcoin: an Esplora HTTP API (Blockstream's or a self-hosted electrs).
// GET /address/:address/txs (up to 50 mempool transactions, then the newest 25 confirmed ones) and
// GET /blocks/tip/height. A payment counts once it has the configured confirmations
// (BTC_CONFIRMATIONS, default 2); every poll reads the chain as it is now, so a reorg, an eviction
// or a replacement changes `received` / `seen`.
// An address whose history does not fit in that one answer (a long one, or one flooded with dust
// transactions: issue 24) is not paged through: GET /address/:address gives what the chain and the
// mempool paid it in all (chain_stats / mempool_stats funded_txo_sum, API.md), so only the
// transactions still short of their confirmations are read (the newest pages of
// /txs/chain/:last_seen_txid), and received = what the chain paid - what those paid. The same totals
// as a full read, in a few requests however long the history; nothing is remembered between polls,
// so a reorg or an eviction at any depth is seen as it is. Those reads are one snapshot only if no
// block came in between: the tip's hash is read before and after, and a read the chain moved under
// is made again (a failed read after three, about this address, never a smaller amount).
// Any answer but 200 (429 rate limit, 5xx) is a BackendError: the rail is down, nothing is decided.
// Refunds (the `claim` method): the payer gives an address (lib/rails/onchain/address.ts), the
// merchant sends from its own wallet (this deployment holds no Bitcoin key) and records the
// transaction id, and GET /tx/:txid (API.md "Transactions") confirms it: its outputs to the
// address, at least the refund, with the account's confirmations. A transaction id commits to its
// outputs: one that pays the address less is a wrong proof at once, confirmed or not; an unknown
// one (404, "Transaction not found") may not have reached this Esplora yet, or was replaced.
import { z } from 'zod';
import { toDecimalString } from '../../money';
import { expectStatus, httpRequest, parseJson } from '../http';
import { allOrNone, configured, type RailDefinition } from '../settings';
import { type AttemptView, BackendError, type RailAdapter, type RailStatus, type RefundOutcome, type RefundRail, type RefundRequest } from '../types';
import { bitcoinUri, parseBitcoinAddress, proofTxid } from './address';
import { OnchainRail } from './base';

export const esploraConfigSchema = z.object({
  url: z.url(),
  xpub: z.string().min(1),
  confirmations: z.number().int().min(1),
  timeoutMs: z.number().int().positive(),
  /** A merchant's account: its backend is reached at public addresses only (lib/rails/http.ts). */
  publicOnly: z.boolean().optional(),
  /** BTC_XPUB_ALLOW_XPUB_VERSION: take an `xpub` (not only a `zpub`) as the BIP84 account key. */
  allowXpubVersion: z.boolean().optional(),
  /** The chain: mainnet, or testnet for a merchant's test-mode account (a vpub, a testnet Esplora). */
  network: z.enum(['mainnet', 'testnet']).optional(),
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

/** GET /address/:address: what the chain and the mempool paid the address in all (API.md chain_stats, mempool_stats). */
const statsSchema = z.object({ funded_txo_sum: z.number().int().nonnegative(), tx_count: z.number().int().nonnegative() });
const addressSchema = z.object({ chain_stats: statsSchema, mempool_stats: statsSchema });

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
  return {
    received,
    seen,
    confirmations: minConf === Infinity ? (received > 0 ? required : 0) : minConf,
    txids: txs.filter((t) => t.outputs > 0).map((t) => t.txid),
  };
}

export function statusFromTally(t: ReturnType<typeof tallyOutputs>, required: number): RailStatus {
  const state = t.seen > 0 ? 'pending' : t.received > 0 ? 'confirmed' : 'waiting';
  return {
    state,
    received: t.received,
    seen: t.seen,
    confirmations: t.confirmations,
    details: { txids: t.txids, confirmations: t.confirmations, requiredConfirmations: required },
  };
}

/** Esplora's page of confirmed transactions, and the most mempool transactions /txs lists. */
const CHAIN_PAGE_SIZE = 25;
const MEMPOOL_LIST_SIZE = 50;
/** Reads of a long history made again when a block came in during one. */
const SNAPSHOT_TRIES = 3;

type Tx = z.infer<typeof txsSchema>[number];

export class EsploraAdapter extends OnchainRail implements RailAdapter<EsploraConfig> {
  readonly mode = 'live' as const;
  readonly pollSeconds = 20;
  readonly refunds: RefundRail = {
    method: 'claim',
    canPay: false,
    parseDestination: (input) => parseBitcoinAddress(input, this.config.network ?? 'mainnet'),
    paymentUri: (destination, amount) => bitcoinUri(destination, toDecimalString(amount, 'BTC')),
    confirm: (req) => this.confirmRefund(req),
  };
  constructor(readonly config: EsploraConfig) {
    const network = config.network ?? 'mainnet';
    super(
      config.xpub,
      network,
      network === 'mainnet'
        ? 'BTC_XPUB must be a mainnet key (zpub) for live mode'
        : 'a test-mode account takes a testnet key (vpub): test payments never move real bitcoin',
      config.confirmations,
      { allowXpubVersion: config.allowXpubVersion },
    );
  }

  private get(path: string) {
    return httpRequest(this.rail, {
      method: 'GET',
      url: `${this.config.url.replace(/\/+$/, '')}${path}`,
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
  }

  private async txPage(path: string) {
    const res = await this.get(path);
    expectStatus(this.rail, res, [200], 'address txs');
    const parsed = txsSchema.safeParse(parseJson(this.rail, res, 'address txs'));
    if (!parsed.success) throw new BackendError(this.rail, 'address txs: unexpected response shape');
    return parsed.data;
  }

  private async plain(path: string, what: string, pattern: RegExp): Promise<string> {
    const res = await this.get(path);
    expectStatus(this.rail, res, [200], what);
    const text = res.text.trim();
    if (!pattern.test(text)) throw new BackendError(this.rail, `${what}: unexpected answer`);
    return text;
  }

  private async tipHeight(): Promise<number> {
    return Number(await this.plain('/blocks/tip/height', 'tip height', /^\d{1,9}$/));
  }

  /** Sum what reached `address` in each transaction (each once), with its confirmations at `tip`. */
  private outputs(address: string, txs: Tx[], tip: number) {
    const seenTx = new Set<string>();
    return txs
      .filter((t) => !seenTx.has(t.txid) && seenTx.add(t.txid))
      .map((t) => ({
        txid: t.txid,
        outputs: t.vout.filter((o) => o.scriptpubkey_address === address).reduce((s, o) => s + o.value, 0),
        confirmations: t.status.confirmed && t.status.block_height != null ? Math.max(0, tip - t.status.block_height + 1) : 0,
      }));
  }

  /** A read: the chain's tip (Esplora has no credentials; this checks the address and the network). */
  async verifyCredentials(): Promise<void> {
    await this.tipHeight();
  }

  /** A refund the merchant sent: does `req.operatorReference` (a txid) pay `req.destination` at least `req.amount`, confirmed? */
  async confirmRefund(req: RefundRequest): Promise<RefundOutcome> {
    if (req.currency !== 'BTC') throw new BackendError(this.rail, `refund: an on-chain refund is in sats, not ${req.currency}`, { kind: 'request' });
    if (!req.destination) throw new BackendError(this.rail, 'refund: no address was claimed yet', { kind: 'request' });
    if (!req.operatorReference) return { state: 'not_found' };
    const txid = proofTxid(req.operatorReference);
    if (!txid) return { state: 'failed', code: 'invalid_proof', message: 'A Bitcoin transaction id is 64 hexadecimal characters.' };
    const parsedAddress = parseBitcoinAddress(req.destination, this.config.network ?? 'mainnet');
    const address = parsedAddress.ok ? parsedAddress.destination : req.destination;
    const res = await this.get(`/tx/${txid}`);
    if (res.status === 404) return { state: 'not_found' };
    expectStatus(this.rail, res, [200], 'transaction');
    const parsed = txsSchema.element.safeParse(parseJson(this.rail, res, 'transaction'));
    if (!parsed.success || parsed.data.txid !== txid) throw new BackendError(this.rail, 'transaction: unexpected response shape');
    const tx = parsed.data;
    const paid = tx.vout.filter((o) => o.scriptpubkey_address === address).reduce((s, o) => s + o.value, 0);
    const details = { txid, paidSats: paid };
    if (paid < req.amount)
      return {
        state: 'failed',
        code: 'proof_mismatch',
        message: `Transaction ${txid} pays ${paid} sats to ${address}, not at least ${req.amount}.`,
        details,
      };
    if (!tx.status.confirmed || tx.status.block_height == null) return { state: 'pending', details: { ...details, confirmations: 0 } };
    const confirmations = Math.max(0, (await this.tipHeight()) - tx.status.block_height + 1);
    if (confirmations < this.config.confirmations) return { state: 'pending', details: { ...details, confirmations } };
    return { state: 'succeeded', operatorReference: txid, details: { ...details, confirmations } };
  }

  async getStatus(attempt: AttemptView): Promise<RailStatus> {
    const address = attempt.destination;
    const [first, tip] = await Promise.all([this.txPage(`/address/${address}/txs`), this.tipHeight()]);
    const confirmed = first.filter((t) => t.status.confirmed).length;
    // The whole history is in this one answer: tallied as it is.
    if (confirmed < CHAIN_PAGE_SIZE && first.length - confirmed < MEMPOOL_LIST_SIZE)
      return statusFromTally(tallyOutputs(this.outputs(address, first, tip), this.config.confirmations), this.config.confirmations);
    for (let tries = 0; tries < SNAPSHOT_TRIES; tries++) {
      const status = await this.fromTotals(address);
      if (status) return status;
    }
    // About this address (its reads keep racing the chain), not a sign the backend is down.
    throw new BackendError(this.rail, `address txs: the chain moved during each of ${SNAPSHOT_TRIES} reads`, { kind: 'request' });
  }

  /**
   * A long history, from the address's totals: what the chain paid it, less what the transactions
   * still short of the required confirmations paid (read from the newest confirmed pages), is
   * received; those and the mempool's total are seen. Null when a block came in during the read.
   */
  private async fromTotals(address: string): Promise<RailStatus | null> {
    const required = this.config.confirmations;
    const before = await this.plain('/blocks/tip/hash', 'tip hash', /^[0-9a-f]{64}$/);
    const tip = await this.tipHeight();
    const statsRes = await this.get(`/address/${address}`);
    expectStatus(this.rail, statsRes, [200], 'address');
    const stats = addressSchema.safeParse(parseJson(this.rail, statsRes, 'address'));
    if (!stats.success) throw new BackendError(this.rail, 'address: unexpected response shape');
    const first = await this.txPage(`/address/${address}/txs`);
    const mempool = first.filter((t) => !t.status.confirmed);
    const recent = first.filter((t) => t.status.confirmed);
    // Newest first: page on while the last transaction read is still short of its confirmations.
    const short = (t: Tx) => t.status.block_height == null || tip - t.status.block_height + 1 < required;
    let page = recent;
    while (page.length >= CHAIN_PAGE_SIZE && short(page[page.length - 1]!)) {
      page = await this.txPage(`/address/${address}/txs/chain/${page[page.length - 1]!.txid}`);
      recent.push(...page);
    }
    if ((await this.plain('/blocks/tip/hash', 'tip hash', /^[0-9a-f]{64}$/)) !== before) return null;
    // A transaction in a block above the tip we read: the answers came from indexes at different heights.
    if (recent.some((t) => t.status.block_height != null && t.status.block_height > tip)) return null;
    const young = this.outputs(address, recent, tip).filter((t) => t.confirmations < required);
    const youngPaid = young.reduce((s, t) => s + t.outputs, 0);
    const received = stats.data.chain_stats.funded_txo_sum - youngPaid;
    // The totals and the pages disagree (an index behind another): read again.
    if (received < 0) return null;
    const pool = this.outputs(address, mempool, tip);
    const inPool = stats.data.mempool_stats.funded_txo_sum;
    const waiting = [...pool, ...young].filter((t) => t.outputs > 0);
    const minConf = Math.min(...young.filter((t) => t.outputs > 0).map((t) => t.confirmations), inPool > 0 ? 0 : Infinity);
    return statusFromTally(
      {
        received,
        seen: youngPaid + inPool,
        confirmations: minConf === Infinity ? (received > 0 ? required : 0) : minConf,
        txids: [...waiting, ...this.outputs(address, recent, tip).filter((t) => t.outputs > 0 && t.confirmations >= required)].map((t) => t.txid),
      },
      required,
    );
  }
}

/** Live on-chain Bitcoin: BTC_XPUB and ESPLORA_URL, both or none; BTC_CONFIRMATIONS, BTC_XPUB_ALLOW_XPUB_VERSION. */
export const esploraRail: RailDefinition<EsploraConfig> = {
  rail: 'btc_onchain',
  mode: 'live',
  parse({ cfg, env, timeoutMs, publicOnly, account, livemode }) {
    if (!allOrNone(['BTC_XPUB', 'ESPLORA_URL'], env)) return null;
    return configured('BTC_XPUB / ESPLORA_URL', () =>
      esploraConfigSchema.parse({
        url: cfg.ESPLORA_URL,
        xpub: cfg.BTC_XPUB,
        confirmations: cfg.BTC_CONFIRMATIONS,
        timeoutMs,
        publicOnly,
        ...(account && livemode === false ? { network: 'testnet' as const } : {}),
        allowXpubVersion: cfg.BTC_XPUB_ALLOW_XPUB_VERSION,
      }),
    );
  },
  // The key is read here: a key of the wrong network fails at start-up.
  create: (config) => configured('BTC_XPUB / ESPLORA_URL', () => new EsploraAdapter(config)),
};
