// Live mobile money: the MTN MoMo Collections "RequestToPay" protocol, which several operators
// speak. POST /collection/v1_0/requesttopay with an X-Reference-Id UUID (202 Accepted), then
// GET /collection/v1_0/requesttopay/{referenceId} -> PENDING | SUCCESSFUL | FAILED. A callback
// may come once, twice or never: it only tells us to look now, and the worker polls anyway.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { toDecimalString, type Currency, type MobileMoneyRail } from '../../money';
import { expectStatus, httpRequest, parseJson } from '../http';
import { BackendError, type AttemptView, type CallbackInput, type PromptInput, type RailAdapter, type RailPrompt, type RailStatus } from '../types';
import { operatorInfo } from './operators';

export const momoConfigSchema = z.object({
  baseUrl: z.url(),
  subscriptionKey: z.string().min(1),
  apiUser: z.string().min(1),
  apiKey: z.string().min(1),
  targetEnvironment: z.string().min(1),
  timeoutMs: z.number().int().positive(),
  /** Where the operator should send callbacks (optional: we poll anyway). */
  callbackUrl: z.url().optional(),
});
export type MomoConfig = z.infer<typeof momoConfigSchema>;

export function parseMomoConfig(raw: unknown): MomoConfig {
  return momoConfigSchema.parse(raw);
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const statusSchema = z.object({
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  amount: z.union([z.string(), z.number()]).optional(),
  currency: z.string().optional(),
  financialTransactionId: z.string().optional(),
  externalId: z.string().optional(),
  reason: z.union([z.string(), z.object({ code: z.string().optional(), message: z.string().optional() })]).optional(),
});
const callbackSchema = z.object({ externalId: z.string().min(1) }).loose();

/** The operator's failure reasons, mapped to ours. */
export function mapMomoReason(reason: unknown): { code: string; message: string } {
  const code = typeof reason === 'string' ? reason : ((reason as { code?: string } | undefined)?.code ?? '');
  switch (code) {
    case 'APPROVAL_REJECTED':
    case 'TRANSACTION_CANCELED':
      return { code: 'payment_declined', message: 'The payer declined the payment request.' };
    case 'NOT_ENOUGH_FUNDS':
      return { code: 'insufficient_funds', message: "The payer's mobile-money balance is too low." };
    case 'EXPIRED':
      return { code: 'timeout', message: 'The payer did not approve the payment request in time.' };
    case 'PAYER_NOT_FOUND':
      return { code: 'invalid_phone', message: 'This phone number has no mobile-money account with the operator.' };
    case 'PAYER_LIMIT_REACHED':
      return { code: 'limit_exceeded', message: "The payer's mobile-money limit is reached." };
    default:
      return { code: 'payment_failed', message: `The operator refused the payment${code ? ` (${code})` : ''}.` };
  }
}

/** Minor units to the operator's amount string. Mobile-money currencies have no decimals. */
const amountString = (amount: number, currency: Currency) => toDecimalString(amount, currency);

export class MomoAdapter implements RailAdapter<MomoConfig> {
  readonly kind = 'mobile_money' as const;
  readonly mode = 'live' as const;
  readonly pollSeconds = 5;
  private token: { value: string; until: number } | undefined;

  constructor(
    readonly rail: MobileMoneyRail,
    readonly config: MomoConfig,
  ) {}

  get currencies() {
    return operatorInfo(this.rail).currencies;
  }

  private headers(extra: Record<string, string> = {}) {
    return { 'Ocp-Apim-Subscription-Key': this.config.subscriptionKey, 'X-Target-Environment': this.config.targetEnvironment, ...extra };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: `${this.config.baseUrl.replace(/\/+$/, '')}/collection/token/`,
      headers: {
        'Ocp-Apim-Subscription-Key': this.config.subscriptionKey,
        authorization: `Basic ${Buffer.from(`${this.config.apiUser}:${this.config.apiKey}`).toString('base64')}`,
      },
      body: '',
      timeoutMs: this.config.timeoutMs,
    });
    expectStatus(this.rail, res, [200], 'token');
    const parsed = tokenSchema.safeParse(parseJson(this.rail, res, 'token'));
    if (!parsed.success) throw new BackendError(this.rail, 'token: unexpected response shape');
    // Renew a minute early.
    this.token = { value: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return this.token.value;
  }

  /**
   * Send one push with our reference id. Throws BackendError: `maybeSent` when the operator may have
   * accepted it (timeout, lost connection, 5xx), not when it surely did not (no token, refused, 4xx).
   */
  private async requestToPay(input: { phone: string; amount: number; currency: Currency; externalId: string; note: string; referenceId?: string }): Promise<string> {
    let token: string;
    try {
      token = await this.accessToken();
    } catch (err) {
      // No token, no push: whatever happened, the request to pay was not sent.
      if (err instanceof BackendError) throw new BackendError(this.rail, err.message, { maybeSent: false });
      throw err;
    }
    const referenceId = input.referenceId ?? randomUUID();
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: `${this.config.baseUrl.replace(/\/+$/, '')}/collection/v1_0/requesttopay`,
      headers: this.headers({
        authorization: `Bearer ${token}`,
        'X-Reference-Id': referenceId,
        ...(this.config.callbackUrl ? { 'X-Callback-Url': this.config.callbackUrl } : {}),
      }),
      body: {
        amount: amountString(input.amount, input.currency),
        currency: input.currency,
        externalId: input.externalId,
        payer: { partyIdType: 'MSISDN', partyId: input.phone.replace(/^\+/, '') },
        payerMessage: input.note.slice(0, 160),
        payeeNote: input.note.slice(0, 160),
      },
      timeoutMs: this.config.timeoutMs,
    });
    if (res.status === 401) this.token = undefined;
    // 409: this reference already exists, i.e. an earlier try of this very push went through.
    if (res.status === 202 || res.status === 409) return referenceId;
    if (res.status >= 500) throw new BackendError(this.rail, `requesttopay: the backend answered HTTP ${res.status}`, { maybeSent: true });
    expectStatus(this.rail, res, [202], 'requesttopay');
    return referenceId;
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    if (!input.phone) throw new Error('mobile money needs a phone');
    const referenceId = await this.requestToPay({
      phone: input.phone,
      amount: input.amount,
      currency: input.currency,
      externalId: input.attemptId,
      note: input.description,
      referenceId: input.reference,
    });
    return {
      destination: input.phone,
      backendRef: referenceId,
      expiresAt: input.now + operatorInfo(this.rail).timeoutSeconds,
      details: { referenceIds: [referenceId], resends: 0, lastPushAt: input.now },
    };
  }

  async resend(attempt: AttemptView, now: number, reference?: string): Promise<RailPrompt> {
    const referenceId = await this.requestToPay({
      phone: attempt.destination,
      amount: attempt.amount,
      currency: attempt.currency,
      externalId: attempt.id,
      note: String(attempt.details.note ?? attempt.id),
      referenceId: reference,
    });
    const known = (attempt.details.referenceIds as string[] | undefined) ?? [attempt.backendRef];
    const refs = known.includes(referenceId) ? known : [...known, referenceId];
    return {
      destination: attempt.destination,
      backendRef: referenceId,
      expiresAt: now + operatorInfo(this.rail).timeoutSeconds,
      details: { ...attempt.details, referenceIds: refs, resends: Number(attempt.details.resends ?? 0) + 1, lastPushAt: now },
    };
  }

  private async lookup(referenceId: string) {
    const token = await this.accessToken();
    const res = await httpRequest(this.rail, {
      method: 'GET',
      url: `${this.config.baseUrl.replace(/\/+$/, '')}/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`,
      headers: this.headers({ authorization: `Bearer ${token}` }),
      timeoutMs: this.config.timeoutMs,
    });
    if (res.status === 401) this.token = undefined;
    if (res.status === 404) return { status: 'NOT_FOUND' as const }; // not visible yet (eventual consistency), or never arrived
    expectStatus(this.rail, res, [200], 'requesttopay status');
    const parsed = statusSchema.safeParse(parseJson(this.rail, res, 'requesttopay status'));
    if (!parsed.success) throw new BackendError(this.rail, 'requesttopay status: unexpected response shape');
    return parsed.data;
  }

  /** Every request sent for this attempt (a resend makes a new one): any success is money. */
  async getStatus(attempt: AttemptView, now = Math.floor(Date.now() / 1000)): Promise<RailStatus> {
    const refs = (attempt.details.referenceIds as string[] | undefined) ?? [attempt.backendRef];
    let latest: Awaited<ReturnType<MomoAdapter['lookup']>> | undefined;
    let notFound = 0;
    let open = false;
    // The payer may approve both the first push and a resend: each approved transaction is money.
    let received = 0;
    const paid = new Map<string, number>();
    for (const ref of [...refs].reverse()) {
      const s = await this.lookup(ref);
      latest ??= s;
      if (s.status === 'NOT_FOUND') notFound++;
      if (s.status === 'NOT_FOUND' || s.status === 'PENDING') open = true;
      if (s.status === 'SUCCESSFUL') {
        const amount = s.amount !== undefined ? Math.round(Number(s.amount)) : attempt.amount;
        if (!Number.isFinite(amount) || amount < 0) throw new BackendError(this.rail, 'requesttopay status: invalid amount');
        const txId = s.financialTransactionId ?? `ref:${ref}`; // once per operator transaction
        if (!paid.has(txId)) received += amount;
        paid.set(txId, amount);
      }
    }
    if (paid.size > 0) {
      const ids = [...paid.keys()].filter((k) => !k.startsWith('ref:'));
      return { state: 'confirmed', received, seen: 0, final: !open, details: { financialTransactionId: ids[0], financialTransactionIds: ids } };
    }
    if (latest?.status === 'FAILED') return { state: 'failed', received: 0, seen: 0, error: mapMomoReason('reason' in latest ? latest.reason : undefined) };
    // A push whose answer was lost may not have reached the operator: unknown to it for longer
    // than a payer has to approve, it never arrived.
    const lastPushAt = Number(attempt.details.lastPushAt ?? attempt.createdAt);
    if (notFound === refs.length && now >= lastPushAt + operatorInfo(this.rail).timeoutSeconds)
      return { state: 'failed', received: 0, seen: 0, error: { code: 'payment_failed', message: 'The operator has no record of the payment request.' } };
    return { state: 'pending', received: 0, seen: 0 };
  }

  async parseCallback(req: CallbackInput): Promise<{ attemptId: string }> {
    let body: unknown;
    try {
      body = JSON.parse(req.rawBody);
    } catch {
      throw new BackendError(this.rail, 'callback: body is not JSON');
    }
    const parsed = callbackSchema.safeParse(body);
    if (!parsed.success) throw new BackendError(this.rail, 'callback: no externalId');
    return { attemptId: parsed.data.externalId };
  }
}
