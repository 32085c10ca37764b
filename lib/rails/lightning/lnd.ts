// Live Lightning: LND's REST API. POST /v1/invoices creates an invoice (value in sats, memo,
// expiry); GET /v1/invoice/{r_hash hex} looks it up (state OPEN | ACCEPTED | SETTLED | CANCELED).
// Authentication: the invoice macaroon, hex, in Grpc-Metadata-macaroon.
import { z } from 'zod';
import { expectStatus, httpRequest, parseJson } from '../http';
import { BackendError, type AttemptView, type PromptInput, type RailAdapter, type RailPrompt, type RailStatus } from '../types';

export const lndConfigSchema = z.object({
  restUrl: z.url(),
  macaroonHex: z.string().regex(/^[0-9a-fA-F]+$/),
  tlsCertPath: z.string().optional(),
  timeoutMs: z.number().int().positive(),
});
export type LndConfig = z.infer<typeof lndConfigSchema>;
export const parseLndConfig = (raw: unknown): LndConfig => lndConfigSchema.parse(raw);

const int64 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(Number);
const addInvoiceSchema = z.object({ r_hash: z.string().min(1), payment_request: z.string().regex(/^ln/i) });
const invoiceSchema = z.object({
  state: z.enum(['OPEN', 'ACCEPTED', 'SETTLED', 'CANCELED']),
  amt_paid_sat: int64.optional(),
  amt_paid_msat: int64.optional(),
  creation_date: int64.optional(),
  expiry: int64.optional(),
  settle_date: int64.optional(),
});

/** LND sends r_hash as base64 (standard or URL-safe) in JSON. */
function base64ToHex(b64: string): string {
  return Buffer.from(b64.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('hex');
}

export class LndAdapter implements RailAdapter<LndConfig> {
  readonly rail = 'btc_lightning' as const;
  readonly kind = 'lightning' as const;
  readonly mode = 'live' as const;
  readonly currencies = ['BTC'] as const;
  readonly pollSeconds = 3;

  constructor(readonly config: LndConfig) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown) {
    return httpRequest(this.rail, {
      method,
      url: `${this.config.restUrl.replace(/\/+$/, '')}${path}`,
      headers: { 'Grpc-Metadata-macaroon': this.config.macaroonHex },
      body,
      timeoutMs: this.config.timeoutMs,
      caPath: this.config.tlsCertPath,
    });
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    const expiry = Math.max(60, input.expiresAt - input.now);
    const res = await this.call('POST', '/v1/invoices', { value: String(input.amount), memo: input.description.slice(0, 600), expiry: String(expiry) });
    expectStatus(this.rail, res, [200], 'add invoice');
    const parsed = addInvoiceSchema.safeParse(parseJson(this.rail, res, 'add invoice'));
    if (!parsed.success) throw new BackendError(this.rail, 'add invoice: unexpected response shape');
    const paymentHash = base64ToHex(parsed.data.r_hash);
    if (paymentHash.length !== 64) throw new BackendError(this.rail, 'add invoice: r_hash is not 32 bytes');
    return {
      destination: parsed.data.payment_request,
      backendRef: paymentHash,
      expiresAt: input.now + expiry,
      details: { paymentHash },
    };
  }

  async getStatus(attempt: AttemptView, now: number): Promise<RailStatus> {
    const res = await this.call('GET', `/v1/invoice/${attempt.backendRef}`);
    expectStatus(this.rail, res, [200], 'lookup invoice');
    const parsed = invoiceSchema.safeParse(parseJson(this.rail, res, 'lookup invoice'));
    if (!parsed.success) throw new BackendError(this.rail, 'lookup invoice: unexpected response shape');
    const inv = parsed.data;
    switch (inv.state) {
      case 'SETTLED': {
        const received = inv.amt_paid_sat ?? Math.floor((inv.amt_paid_msat ?? 0) / 1000);
        return { state: 'confirmed', received, seen: 0, details: { settledAt: inv.settle_date ?? now } };
      }
      case 'ACCEPTED':
        return { state: 'pending', received: 0, seen: attempt.amount };
      case 'CANCELED':
        return { state: 'expired', received: 0, seen: 0 };
      case 'OPEN': {
        const expiresAt = inv.creation_date !== undefined && inv.expiry !== undefined ? inv.creation_date + inv.expiry : attempt.expiresAt;
        return expiresAt !== null && now >= expiresAt ? { state: 'expired', received: 0, seen: 0 } : { state: 'waiting', received: 0, seen: 0 };
      }
    }
  }
}
