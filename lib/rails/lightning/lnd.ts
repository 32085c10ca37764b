// Live Lightning: LND's REST API. POST /v1/invoices creates an invoice (value in sats, memo,
// expiry); GET /v1/invoice/{r_hash hex} looks it up (state OPEN | ACCEPTED | SETTLED | CANCELED);
// POST /v2/invoices/cancel cancels one (fails on a settled invoice).
// Authentication: the invoice macaroon, hex, in Grpc-Metadata-macaroon.
// Refunds (lnd-refunds.ts): the payer claims one with an invoice; with a refund macaroon
// (LND_REFUND_MACAROON: offchain:read and offchain:write) the node pays it, else the merchant does.
// What LND answers is checked against what we asked before anyone is shown it: a payer pays what
// the payment_request says, not what we meant, so a wrong one must never reach a payer.
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson, statusError } from '../http';
import { allOrNone, configured, type RailDefinition } from '../settings';
import {
  type AttemptView,
  BackendError,
  type BackendMovement,
  type ListPeriod,
  type PromptInput,
  type RailAdapter,
  type RailPrompt,
  type RailStatus,
} from '../types';
import { type DecodedInvoice, decodeInvoice, MAX_DESCRIPTION_BYTES, utf8Prefix } from './bolt11';
import { type InvoiceNetwork, TEST_NETWORKS } from './destination';
import { LndRefunds } from './lnd-refunds';

export const lndConfigSchema = z.object({
  restUrl: z.url(),
  macaroonHex: z.string().regex(/^[0-9a-fA-F]+$/),
  /**
   * LND_REFUND_MACAROON (an account's `refundMacaroon`): a macaroon allowed to pay (offchain:write)
   * and to list payments (offchain:read), hex. With it the node pays claimed refunds itself.
   */
  refundMacaroonHex: z
    .string()
    .regex(/^[0-9a-fA-F]+$/)
    .optional(),
  /**
   * The node's network as a BOLT11 prefix (bc, tb, tbs, bcrt): the invoices a refund may be claimed
   * with. Unset: mainnet (bc), or any test network for a test-mode account (testNetworkOnly).
   */
  network: z.enum(['bc', 'tb', 'tbs', 'bcrt']).optional(),
  tlsCertPath: z.string().optional(),
  /** The node's TLS certificate as PEM text (a merchant's rail account), instead of a path. */
  tlsCertPem: z.string().optional(),
  /** A merchant's test-mode account: its node must be on a test network (an invoice for real bitcoin is never shown). */
  testNetworkOnly: z.boolean().optional(),
  timeoutMs: z.number().int().positive(),
  /** A merchant's account: its backend is reached at public addresses only (lib/rails/http.ts). */
  publicOnly: z.boolean().optional(),
  /**
   * LND_PRIVATE_ROUTE_HINTS: ask LND for route hints to the node's private channels (AddInvoice
   * `private: true`). A node whose inbound liquidity is in unannounced channels needs them, or no
   * payer can find a route to it.
   */
  privateRouteHints: z.boolean().optional(),
});
export type LndConfig = z.infer<typeof lndConfigSchema>;
export const parseLndConfig = (raw: unknown): LndConfig => lndConfigSchema.parse(raw);

// The REST gateway writes int64 as decimal strings; msat amounts can pass 2^53, so they stay exact.
const int64 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((v) => BigInt(v));
const addInvoiceSchema = z.object({ r_hash: z.string().min(1), payment_request: z.string().regex(/^ln/i) });
const invoiceSchema = z.object({
  state: z.enum(['OPEN', 'ACCEPTED', 'SETTLED', 'CANCELED']),
  amt_paid_sat: int64.optional(),
  amt_paid_msat: int64.optional(),
  settle_date: int64.optional(),
});

/**
 * ListInvoices (`GET /v1/invoices`: index_offset, num_max_invoices, reversed, creation_date_start,
 * creation_date_end; lnrpc ListInvoiceResponse { invoices, last_index_offset, first_index_offset })
 * and ListPayments (`GET /v1/payments`, with the refund macaroon's offchain:read).
 */
const listInvoicesSchema = z.object({
  invoices: z.array(
    z
      .object({
        r_hash: z.string().min(1),
        state: z.enum(['OPEN', 'ACCEPTED', 'SETTLED', 'CANCELED']),
        amt_paid_msat: int64,
        settle_date: int64.optional(),
        creation_date: int64.optional(),
      })
      .loose(),
  ),
  last_index_offset: int64,
});
const listPaymentsSchema = z.object({
  payments: z.array(
    z
      .object({ payment_hash: z.string().min(1), status: z.string(), value_sat: int64, creation_date: int64.optional(), creation_time_ns: int64.optional() })
      .loose(),
  ),
  last_index_offset: int64,
});
/** How far before a period an invoice settled in it may have been made (Caisse's invoices live hours; a merchant's own, a week). */
export const LIST_INVOICES_LOOKBACK_SECONDS = 7 * 86_400;
/** Items per page, and pages at most, of a listing (more: an error, never a silent gap). */
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 1000;

/** LND sends bytes fields as base64 (standard or URL-safe) in JSON. */
function base64ToHex(b64: string): string {
  return Buffer.from(b64.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('hex');
}

export class LndAdapter implements RailAdapter<LndConfig> {
  readonly rail = 'btc_lightning' as const;
  readonly kind = 'lightning' as const;
  readonly family = 'invoice' as const;
  readonly mode = 'live' as const;
  readonly currencies = ['BTC'] as const;
  readonly pollSeconds = 3;
  readonly refunds: LndRefunds;

  constructor(readonly config: LndConfig) {
    const networks: readonly InvoiceNetwork[] = config.network ? [config.network] : config.testNetworkOnly ? TEST_NETWORKS : ['bc'];
    this.refunds = new LndRefunds({
      rail: this.rail,
      networks,
      refundMacaroonHex: config.refundMacaroonHex,
      timeoutMs: config.timeoutMs,
      call: (method, path, body, macaroonHex) => this.call(method, path, body, macaroonHex),
    });
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, macaroonHex = this.config.macaroonHex) {
    return httpRequest(this.rail, {
      method,
      url: `${this.config.restUrl.replace(/\/+$/, '')}${path}`,
      headers: { 'Grpc-Metadata-macaroon': macaroonHex },
      body,
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
      caPath: this.config.tlsCertPath,
      ca: this.config.tlsCertPem,
    });
  }

  /**
   * An authenticated read the invoice macaroon allows: LookupInvoice of a hash no invoice has (LND
   * answers NotFound, 404, once the macaroon is accepted; a refused macaroon is another error).
   */
  async verifyCredentials(): Promise<void> {
    const res = await this.call('GET', `/v1/invoice/${'00'.repeat(32)}`);
    if (res.status !== 200 && res.status !== 404) throw statusError(this.rail, res, 'credentials check');
    // The refund macaroon: a read its offchain:read allows (paying cannot be tried without paying).
    if (this.config.refundMacaroonHex === undefined) return;
    const refund = await this.call('GET', '/v1/payments?max_payments=1', undefined, this.config.refundMacaroonHex);
    if (refund.status !== 200) throw statusError(this.rail, refund, 'refund macaroon check');
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    const expiry = Math.max(60, input.expiresAt - input.now);
    // LND refuses (HTTP 500) a memo over the BOLT11 limit, counted in bytes: cut it, by whole characters.
    const memo = utf8Prefix(input.description, MAX_DESCRIPTION_BYTES);
    const res = await this.call('POST', '/v1/invoices', {
      value: String(input.amount),
      memo,
      expiry: String(expiry),
      ...(this.config.privateRouteHints ? { private: true } : {}),
    });
    expectStatus(this.rail, res, [200], 'add invoice');
    const parsed = addInvoiceSchema.safeParse(parseJson(this.rail, res, 'add invoice'));
    if (!parsed.success) throw new BackendError(this.rail, 'add invoice: unexpected response shape');
    const paymentHash = base64ToHex(parsed.data.r_hash);
    if (paymentHash.length !== 64) throw new BackendError(this.rail, 'add invoice: r_hash is not 32 bytes');
    const request = parsed.data.payment_request;
    let inv: DecodedInvoice;
    try {
      inv = decodeInvoice(request);
    } catch (err) {
      throw new BackendError(this.rail, `add invoice: the payment_request is not a valid BOLT11 invoice (${(err as Error).message})`);
    }
    const wrong = (what: string) => new BackendError(this.rail, `add invoice: the payment_request ${what}; it is not shown to the payer`);
    if (this.config.testNetworkOnly && inv.network === 'bc')
      throw wrong('is a mainnet invoice, and this is a test-mode account (its node must be on testnet, signet or regtest)');
    if (inv.amountMsat !== BigInt(input.amount) * 1000n) throw wrong(`is for ${inv.amountMsat ?? 'any'} msat, not ${input.amount} sat`);
    if (inv.paymentHash !== paymentHash) throw wrong('pays another payment hash than r_hash');
    if (inv.expiry !== expiry) throw wrong(`expires after ${inv.expiry} s, not ${expiry} s`);
    if (inv.timestamp + inv.expiry <= input.now) throw wrong('has already expired');
    if (inv.description !== memo) throw wrong('has another description');
    return {
      destination: request,
      backendRef: paymentHash,
      expiresAt: input.now + expiry,
      details: { paymentHash, payee: inv.payee },
    };
  }

  async getStatus(attempt: AttemptView, now: number): Promise<RailStatus> {
    const res = await this.call('GET', `/v1/invoice/${attempt.backendRef}`);
    expectStatus(this.rail, res, [200], 'lookup invoice');
    const parsed = invoiceSchema.safeParse(parseJson(this.rail, res, 'lookup invoice'));
    if (!parsed.success) throw new BackendError(this.rail, 'lookup invoice: unexpected response shape');
    const inv = parsed.data;
    // What the HTLCs carry, in whole sats (our unit): amt_paid_msat is exact; amt_paid_sat is its truncation.
    const paidSats = () => {
      if (inv.amt_paid_msat === undefined) throw new BackendError(this.rail, 'lookup invoice: no amt_paid_msat');
      const sats = inv.amt_paid_msat / 1000n;
      if (inv.amt_paid_sat !== undefined && inv.amt_paid_sat !== sats)
        throw new BackendError(this.rail, 'lookup invoice: amt_paid_sat and amt_paid_msat disagree');
      return Number(sats);
    };
    switch (inv.state) {
      case 'SETTLED': {
        // May be more than the invoice's value: LND accepts overpayment and records it here.
        const received = paidSats();
        return {
          state: 'confirmed',
          received,
          seen: 0,
          details: { settledAt: inv.settle_date ? Number(inv.settle_date) : now, amountPaidMsat: String(inv.amt_paid_msat) },
        };
      }
      case 'ACCEPTED':
        // A hold invoice's HTLCs are held, not yet settled: not money until SETTLED.
        return { state: 'pending', received: 0, seen: paidSats() };
      case 'CANCELED':
        // LND never cancels a settled invoice: a node that says so has lost or replaced its data.
        if (attempt.details.settledAt !== undefined) throw new BackendError(this.rail, 'lookup invoice: CANCELED after it was SETTLED, which LND never does');
        return { state: 'expired', received: 0, seen: 0 };
      case 'OPEN':
        // Still payable: LND's own expiry watcher turns it CANCELED when its time is up.
        return { state: 'waiting', received: 0, seen: 0 };
    }
  }

  /**
   * Reconciliation: the node's invoices settled in the period (money in; an invoice's backendRef is
   * its payment hash, the attempt's), and, with the refund macaroon, the payments it sent that
   * succeeded in the period (money out: refunds Caisse paid, or payments made outside Caisse).
   */
  async listMovements(period: ListPeriod): Promise<BackendMovement[]> {
    const out: BackendMovement[] = [];
    let offset = 0n;
    for (let page = 0; ; page++) {
      if (page >= LIST_MAX_PAGES) throw new BackendError(this.rail, `list invoices: more than ${LIST_MAX_PAGES} pages`);
      const q = new URLSearchParams({
        index_offset: String(offset),
        num_max_invoices: String(LIST_PAGE_SIZE),
        creation_date_start: String(Math.max(0, period.start - LIST_INVOICES_LOOKBACK_SECONDS)),
        creation_date_end: String(period.end),
      });
      const res = await this.call('GET', `/v1/invoices?${q}`);
      expectStatus(this.rail, res, [200], 'list invoices');
      const parsed = listInvoicesSchema.safeParse(parseJson(this.rail, res, 'list invoices'));
      if (!parsed.success) throw new BackendError(this.rail, 'list invoices: unexpected response shape');
      for (const inv of parsed.data.invoices) {
        const at = Number(inv.settle_date ?? 0n);
        if (inv.state !== 'SETTLED' || at < period.start || at >= period.end) continue;
        const hash = base64ToHex(inv.r_hash);
        out.push({ direction: 'in', backendRef: hash, id: hash, clientReference: null, amount: Number(inv.amt_paid_msat / 1000n), currency: 'BTC', at });
      }
      if (parsed.data.invoices.length < LIST_PAGE_SIZE) break;
      if (parsed.data.last_index_offset <= offset) throw new BackendError(this.rail, 'list invoices: the next page does not move on');
      offset = parsed.data.last_index_offset;
    }
    if (!this.config.refundMacaroonHex) return out;
    offset = 0n;
    for (let page = 0; ; page++) {
      if (page >= LIST_MAX_PAGES) throw new BackendError(this.rail, `list payments: more than ${LIST_MAX_PAGES} pages`);
      const q = new URLSearchParams({
        index_offset: String(offset),
        max_payments: String(LIST_PAGE_SIZE),
        creation_date_start: String(period.start),
        creation_date_end: String(period.end),
      });
      const res = await this.call('GET', `/v1/payments?${q}`, undefined, this.config.refundMacaroonHex);
      expectStatus(this.rail, res, [200], 'list payments');
      const parsed = listPaymentsSchema.safeParse(parseJson(this.rail, res, 'list payments'));
      if (!parsed.success) throw new BackendError(this.rail, 'list payments: unexpected response shape');
      for (const p of parsed.data.payments) {
        const at = p.creation_date !== undefined ? Number(p.creation_date) : Number((p.creation_time_ns ?? 0n) / 1_000_000_000n);
        if (p.status !== 'SUCCEEDED' || at < period.start || at >= period.end) continue;
        out.push({
          direction: 'out',
          backendRef: p.payment_hash,
          id: p.payment_hash,
          clientReference: null,
          amount: -Number(p.value_sat),
          currency: 'BTC',
          at,
        });
      }
      if (parsed.data.payments.length < LIST_PAGE_SIZE) break;
      if (parsed.data.last_index_offset <= offset) throw new BackendError(this.rail, 'list payments: the next page does not move on');
      offset = parsed.data.last_index_offset;
    }
    return out;
  }

  /**
   * Cancel the invoice at LND so it can no longer be paid. Returns false when it was already
   * settled (LND refuses: the money is there and getStatus will count it). Canceling a canceled
   * invoice succeeds.
   */
  async cancel(attempt: AttemptView): Promise<{ canceled: boolean }> {
    const res = await this.call('POST', '/v2/invoices/cancel', { payment_hash: Buffer.from(attempt.backendRef, 'hex').toString('base64') });
    if (res.status === 200) return { canceled: true };
    // LND answers a settled invoice with a bare error (gRPC Unknown, HTTP 500): ask it what the invoice is.
    const st = await this.getStatus(attempt, 0).catch(() => null);
    if (st?.state === 'confirmed') return { canceled: false };
    throw statusError(this.rail, res, 'cancel invoice');
  }
}

/** Live Lightning: LND_REST_URL and LND_MACAROON, both or none; LND_TLS_CERT_PATH, LND_PRIVATE_ROUTE_HINTS, LND_REFUND_MACAROON optional. */
export const lndRail: RailDefinition<LndConfig> = {
  rail: 'btc_lightning',
  mode: 'live',
  parse({ cfg, env, timeoutMs, publicOnly, account, livemode }) {
    if (!allOrNone(['LND_REST_URL', 'LND_MACAROON'], env)) return null;
    return configured('LND_*', () =>
      parseLndConfig({
        restUrl: cfg.LND_REST_URL,
        macaroonHex: cfg.LND_MACAROON,
        refundMacaroonHex: cfg.LND_REFUND_MACAROON,
        tlsCertPath: cfg.LND_TLS_CERT_PATH,
        tlsCertPem: (env as Record<string, string | undefined>).LND_TLS_CERT_PEM,
        timeoutMs,
        publicOnly,
        privateRouteHints: cfg.LND_PRIVATE_ROUTE_HINTS,
        ...(account && livemode === false ? { testNetworkOnly: true } : {}),
      }),
    );
  },
  create: (config) => configured('LND_*', () => new LndAdapter(config)),
};
