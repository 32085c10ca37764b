// Live mobile money: the MTN MoMo Collections "RequestToPay" protocol, which several operators
// speak. POST /collection/v1_0/requesttopay with an X-Reference-Id UUID (202 Accepted), then
// GET /collection/v1_0/requesttopay/{referenceId} -> PENDING | SUCCESSFUL | FAILED. A callback
// may come once, twice or never: it only tells us to look now, and the worker polls anyway.
// MTN's own documented status example answers amount, financialTransactionId and externalId as
// JSON numbers (its schema says strings): both are read, and the amount exactly.
// Refunds go through MTN's Disbursement product (its own subscription key, API user and key, so its
// own token from POST /disbursement/token/): POST /disbursement/v1_0/refund with our X-Reference-Id
// and `referenceIdToRefund` (the X-Reference-Id of the requesttopay that was paid), 202 Accepted,
// then GET /disbursement/v1_0/refund/{referenceId} -> PENDING | SUCCESSFUL | FAILED. Partial amounts
// are allowed. An account without Disbursement credentials refunds from MTN's partner portal
// (`requires_action`).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type Currency, fromDecimalString, type MobileMoneyRail, toDecimalString } from '../../money';
import { expectStatus, type HttpResponse, httpRequest, parseJson, shortReason, statusError } from '../http';
import { allOrNone, configured, type MobileMoneyProtocol } from '../settings';
import {
  type AccountRef,
  type AttemptView,
  BackendError,
  type CallbackInput,
  type PromptInput,
  type RailAdapter,
  type RailPrompt,
  type RailStatus,
  type RefundOutcome,
  type RefundRail,
  type RefundRequest,
} from '../types';
import { type OperatorInfo, operatorInfo, operatorInfoFrom } from './operators';

export const momoConfigSchema = z
  .object({
    baseUrl: z.url(),
    subscriptionKey: z.string().min(1),
    apiUser: z.string().min(1),
    apiKey: z.string().min(1),
    targetEnvironment: z.string().min(1),
    timeoutMs: z.number().int().positive(),
    /** A merchant's account: its backend is reached at public addresses only (lib/rails/http.ts). */
    publicOnly: z.boolean().optional(),
    /**
     * MOMO_<X>_CALLBACK_URL: sent as X-Callback-Url. None when unset (we poll anyway): MTN calls back
     * only to the host registered for the API user (providerCallbackHost), so a URL made up from our
     * own address would be refused or ignored.
     */
    callbackUrl: z.url().optional(),
    /**
     * MTN's Disbursement product, for refunds (MOMO_<X>_DISBURSEMENT_*): its own subscription key and
     * its own API user and key (MTN makes an API user per product subscription). All three or none:
     * without them a refund is the merchant's to make from MTN's partner portal (`requires_action`).
     */
    disbursementSubscriptionKey: z.string().min(1).optional(),
    disbursementApiUser: z.string().min(1).optional(),
    disbursementApiKey: z.string().min(1).optional(),
  })
  .refine(
    (c) => {
      const given = [c.disbursementSubscriptionKey, c.disbursementApiUser, c.disbursementApiKey].filter((v) => v !== undefined).length;
      return given === 0 || given === 3;
    },
    {
      message: 'set disbursementSubscriptionKey, disbursementApiUser and disbursementApiKey together, or none',
      path: ['disbursementApiKey'],
    },
  );
export type MomoConfig = z.infer<typeof momoConfigSchema>;

export function parseMomoConfig(raw: unknown): MomoConfig {
  return momoConfigSchema.parse(raw);
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const stringOrNumber = z.union([z.string(), z.number()]);
const statusSchema = z.object({
  // PENDING | SUCCESSFUL | FAILED; anything else (some deployments say ONGOING, CREATED...) is not final.
  status: z.string(),
  amount: stringOrNumber.optional(),
  currency: z.string().optional(),
  financialTransactionId: stringOrNumber.optional(),
  externalId: stringOrNumber.optional(),
  reason: z.union([z.string(), z.object({ code: z.string().optional(), message: z.string().optional() }).loose()]).nullish(),
});
/** What getStatus keeps of the paid pushes (details.paidReferences). */
const paidReferencesSchema = z.record(z.string().min(1), z.object({ amount: z.number().int().positive(), financialTransactionId: z.string().nullable() }));
const callbackSchema = z.object({ externalId: z.union([z.string().min(1), z.number()]) }).loose();

const MOMO_REASONS: Record<string, { code: string; message: string }> = {
  APPROVAL_REJECTED: { code: 'payment_declined', message: 'The payer declined the payment request.' },
  TRANSACTION_CANCELED: { code: 'payment_declined', message: 'The payer declined the payment request.' },
  NOT_ENOUGH_FUNDS: { code: 'insufficient_funds', message: "The payer's mobile-money balance is too low." },
  EXPIRED: { code: 'timeout', message: 'The payer did not approve the payment request in time.' },
  PAYER_NOT_FOUND: { code: 'invalid_phone', message: 'This phone number has no mobile-money account with the operator.' },
  PAYER_LIMIT_REACHED: { code: 'limit_exceeded', message: "The payer's mobile-money limit is reached." },
  // MTN: its generic code, "predominantly" a balance too low, but not only: not insufficient_funds.
  INTERNAL_PROCESSING_ERROR: { code: 'payment_failed', message: 'The operator could not process the payment (often: a balance too low).' },
  COULD_NOT_PERFORM_TRANSACTION: { code: 'payment_failed', message: 'The operator could not perform the transaction.' },
  PAYEE_NOT_ALLOWED_TO_RECEIVE: { code: 'payment_failed', message: "The merchant's mobile-money account cannot receive this payment." },
  SERVICE_UNAVAILABLE: { code: 'payment_failed', message: 'The operator could not take the payment (service unavailable).' },
};

/** The operator's failure reason (a string, or an ErrorReason { code, message }), mapped to ours. */
export function mapMomoReason(reason: unknown): { code: string; message: string } {
  const code = typeof reason === 'string' ? reason : ((reason as { code?: string } | null | undefined)?.code ?? '');
  return MOMO_REASONS[code] ?? { code: 'payment_failed', message: `The operator refused the payment${code ? ` (${code})` : ''}.` };
}

/**
 * A FAILED refund's reason, mapped. Refunds are Disbursement transfers out of the account's own
 * wallet, so MTN's reasons read the other way round from a payment's: NOT_ENOUGH_FUNDS is the
 * account's disbursement balance, PAYEE_* the payer who gets the money back (MTN's "Reason for
 * some FAILED API responses updated" lists NOT_ENOUGH_FUNDS, PAYEE_NOT_FOUND,
 * PAYEE_NOT_ALLOWED_TO_RECEIVE and NOT_ALLOWED for Disbursements).
 */
const MOMO_REFUND_REASONS: Record<string, { code: string; message: string }> = {
  NOT_ENOUGH_FUNDS: { code: 'insufficient_funds', message: "The account's MTN MoMo disbursement balance is too low for this refund." },
  PAYEE_NOT_FOUND: { code: 'invalid_phone', message: "The payer's number no longer has an MTN MoMo account." },
  PAYEE_NOT_ALLOWED_TO_RECEIVE: { code: 'payee_not_allowed', message: "The payer's MTN MoMo account cannot receive money (inactive or blocked)." },
  PAYEE_LIMIT_REACHED: { code: 'limit_exceeded', message: "The payer's MTN MoMo account has reached its limit." },
  NOT_ALLOWED: { code: 'not_allowed', message: 'MTN does not allow this account to refund (ask your MTN account manager).' },
  TRANSACTION_NOT_FOUND: { code: 'payment_not_found', message: 'MTN has no successful payment with this reference to refund.' },
  RESOURCE_NOT_FOUND: { code: 'payment_not_found', message: 'MTN has no successful payment with this reference to refund.' },
  INVALID_CURRENCY: { code: 'refund_failed', message: "MTN refused the refund's currency." },
  // MTN's generic code "when there is no specific error mapping" (a refund over what the payment took ends here too).
  INTERNAL_PROCESSING_ERROR: { code: 'refund_failed', message: 'MTN could not process the refund (its generic error).' },
  COULD_NOT_PERFORM_TRANSACTION: { code: 'refund_failed', message: 'MTN could not perform the refund.' },
  SERVICE_UNAVAILABLE: { code: 'refund_failed', message: 'MTN could not take the refund (service unavailable).' },
};

/** A FAILED refund's reason (a string, or an ErrorReason { code, message }), mapped to ours. */
export function mapMomoRefundReason(reason: unknown): { code: string; message: string } {
  const code = typeof reason === 'string' ? reason : ((reason as { code?: string } | null | undefined)?.code ?? '');
  return MOMO_REFUND_REASONS[code] ?? { code: 'refund_failed', message: `MTN refused the refund${code ? ` (${code})` : ''}.` };
}

/**
 * The operator's amount (a decimal string, or a JSON number in MTN's example) in the currency's
 * units, to our minor units, exactly: "1500.00" XOF is 1500; "1500.5" XOF is no amount at all
 * (no decimals in XOF/XAF/GNF), refused rather than rounded. null when it is not an amount.
 */
export function parseMomoAmount(value: string | number, currency: Currency): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null; // also refuses "1e+21", negatives, ""
  try {
    const minor = fromDecimalString(text.includes('.') ? text.replace(/\.?0+$/, '') : text, currency);
    return Number.isSafeInteger(minor) ? minor : null;
  } catch {
    return null;
  }
}

/** Minor units to the operator's amount string. Mobile-money currencies have no decimals. */
const amountString = (amount: number, currency: Currency) => toDecimalString(amount, currency);

/**
 * MTN refuses (400) a payer message or payee note over 160 characters or with "unsupported
 * special characters, for example an apostrophe": keep letters, digits and plain punctuation.
 */
export function momoNote(text: string): string {
  const plain = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return plain
    .replace(/[^A-Za-z0-9 .,:;_\-#/()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
}

/** MTN's products this adapter speaks to: Collection (payments) and Disbursement (refunds), each with its own credentials and token. */
type MomoProduct = 'collection' | 'disbursement';

export class MomoAdapter implements RailAdapter<MomoConfig> {
  readonly kind = 'mobile_money' as const;
  readonly family = 'push' as const;
  readonly mode = 'live' as const;
  readonly pollSeconds = 5;
  /** The merchant's account it was made from (set by lib/rails/accounts.ts after construction); none for the deployment's. */
  declare readonly account?: AccountRef;
  private tokens: Partial<Record<MomoProduct, { value: string; until: number }>> = {};

  constructor(
    readonly rail: MobileMoneyRail,
    readonly config: MomoConfig,
    /** The operator this adapter speaks to, as its settings describe it (the deployment's, or a merchant's account). */
    readonly operator: OperatorInfo = operatorInfo(rail),
  ) {}

  get currencies() {
    return this.operator.currencies;
  }

  /** The product's credentials: Collection's always, Disbursement's when the account has them. */
  private credentials(product: MomoProduct): { subscriptionKey: string; apiUser: string; apiKey: string } | null {
    const c = this.config;
    if (product === 'collection') return { subscriptionKey: c.subscriptionKey, apiUser: c.apiUser, apiKey: c.apiKey };
    return c.disbursementSubscriptionKey && c.disbursementApiUser && c.disbursementApiKey
      ? { subscriptionKey: c.disbursementSubscriptionKey, apiUser: c.disbursementApiUser, apiKey: c.disbursementApiKey }
      : null;
  }

  private creds(product: MomoProduct) {
    const creds = this.credentials(product);
    if (!creds) throw new Error(`MTN MoMo: this account has no ${product} credentials`);
    return creds;
  }

  private headers(extra: Record<string, string> = {}, product: MomoProduct = 'collection') {
    return { 'Ocp-Apim-Subscription-Key': this.creds(product).subscriptionKey, 'X-Target-Environment': this.config.targetEnvironment, ...extra };
  }

  /**
   * A bearer token of one product (POST /<product>/token/), cached until a minute before it
   * expires. Its failure never sent a push or a refund (maybeSent: false).
   */
  private async accessToken(product: MomoProduct = 'collection'): Promise<string> {
    const cached = this.tokens[product];
    if (cached && cached.until > Date.now()) return cached.value;
    const { subscriptionKey, apiUser, apiKey } = this.creds(product);
    const what = product === 'collection' ? 'token' : `${product} token`;
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url(`/${product}/token/`),
      headers: {
        'Ocp-Apim-Subscription-Key': subscriptionKey,
        authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
      },
      body: '',
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    }).catch((err: unknown) => {
      throw err instanceof BackendError ? new BackendError(this.rail, err.message, { maybeSent: false }) : err;
    });
    expectStatus(this.rail, res, [200], what);
    const parsed = tokenSchema.safeParse(parseJson(this.rail, res, what));
    if (!parsed.success) throw new BackendError(this.rail, `${what}: unexpected response shape`);
    // Renew a minute early.
    this.tokens[product] = { value: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return parsed.data.access_token;
  }

  private url(path: string) {
    return `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  /**
   * One call with the product's bearer token. A 401 means the token was refused (expired before our
   * clock said so, or revoked) and the call was not processed: get a new token and try once more.
   */
  private async authorized(call: (token: string) => Promise<HttpResponse>, product: MomoProduct = 'collection'): Promise<HttpResponse> {
    const res = await call(await this.accessToken(product));
    if (res.status !== 401) return res;
    delete this.tokens[product];
    return call(await this.accessToken(product));
  }

  /**
   * Send one push with our reference id. Throws BackendError: `maybeSent` when the operator may have
   * accepted it (timeout, lost connection, 5xx), not when it surely did not (no token, refused, 4xx).
   */
  private async requestToPay(input: {
    phone: string;
    amount: number;
    currency: Currency;
    externalId: string;
    note: string;
    referenceId?: string;
  }): Promise<string> {
    const referenceId = input.referenceId ?? randomUUID();
    // Cleaned every time (a resend too); a note with nothing left is not sent at all.
    const note = momoNote(input.note);
    const send = (token: string) =>
      httpRequest(this.rail, {
        method: 'POST',
        url: this.url('/collection/v1_0/requesttopay'),
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
          ...(note ? { payerMessage: note, payeeNote: note } : {}),
        },
        timeoutMs: this.config.timeoutMs,
        publicOnly: this.config.publicOnly,
      });
    // A retry after a 401 is safe: the 401 push was not taken, and the retry carries the same
    // X-Reference-Id (taken twice, it would be a 409, not a second prompt).
    const res = await this.authorized(send);
    // 409: this reference already exists, i.e. an earlier try of this very push went through.
    if (res.status === 202 || res.status === 409) return referenceId;
    // A 5xx may come after the push was recorded (the payer gets the prompt): polling decides.
    if (res.status >= 500) throw new BackendError(this.rail, `requesttopay: the backend answered HTTP ${res.status}`, { maybeSent: true });
    // 400, 401 again, 403 (IP not allowed), 429 (rate limit): the push was refused, surely not sent.
    expectStatus(this.rail, res, [202], 'requesttopay');
    return referenceId;
  }

  /**
   * A token of each product the account has: MTN checks the API user, its key and the subscription
   * key (Collection's, and Disbursement's when refunds go through Caisse).
   */
  async verifyCredentials(): Promise<void> {
    this.tokens = {};
    await this.accessToken('collection');
    if (this.credentials('disbursement')) await this.accessToken('disbursement');
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
      expiresAt: input.now + this.operator.timeoutSeconds,
      // The note is kept: a resend sends the same payer message as the first push.
      details: { referenceIds: [referenceId], resends: 0, lastPushAt: input.now, note: momoNote(input.description) },
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
      expiresAt: now + this.operator.timeoutSeconds,
      details: { ...attempt.details, referenceIds: refs, resends: Number(attempt.details.resends ?? 0) + 1, lastPushAt: now },
    };
  }

  private async lookup(referenceId: string) {
    const res = await this.authorized((token) =>
      httpRequest(this.rail, {
        method: 'GET',
        url: this.url(`/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`),
        headers: this.headers({ authorization: `Bearer ${token}` }),
        timeoutMs: this.config.timeoutMs,
        publicOnly: this.config.publicOnly,
      }),
    );
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
    // Which of our pushes were paid, and how much each: a refund names the push it gives back
    // (MTN's referenceIdToRefund) and may not give back more than that push took.
    const paidReferences: Record<string, { amount: number; financialTransactionId: string | null }> = {};
    for (const ref of [...refs].reverse()) {
      const s = await this.lookup(ref);
      latest ??= s;
      if (s.status === 'NOT_FOUND') notFound++;
      // Anything but a final answer (PENDING, not visible yet, a status we do not know) is still open.
      if (s.status !== 'SUCCESSFUL' && s.status !== 'FAILED') open = true;
      if (s.status === 'SUCCESSFUL') {
        if (s.currency !== undefined && s.currency !== attempt.currency)
          throw new BackendError(this.rail, `requesttopay status: paid in ${s.currency}, asked in ${attempt.currency}`);
        // What the operator says it debited, which may differ from what we asked.
        const amount = s.amount !== undefined ? parseMomoAmount(s.amount, attempt.currency) : attempt.amount;
        if (amount === null) throw new BackendError(this.rail, `requesttopay status: ${JSON.stringify(s.amount)} is not an amount in ${attempt.currency}`);
        const txId = s.financialTransactionId !== undefined ? String(s.financialTransactionId) : `ref:${ref}`; // once per operator transaction
        if (!paid.has(txId)) received += amount;
        paid.set(txId, amount);
        paidReferences[ref] = { amount, financialTransactionId: txId.startsWith('ref:') ? null : txId };
      }
    }
    if (paid.size > 0) {
      const ids = [...paid.keys()].filter((k) => !k.startsWith('ref:'));
      return { state: 'confirmed', received, seen: 0, final: !open, details: { financialTransactionId: ids[0], financialTransactionIds: ids, paidReferences } };
    }
    // The newest push failed. `final: false` when an older one is still open at the operator (the
    // payer may yet approve it).
    if (latest?.status === 'FAILED')
      return { state: 'failed', received: 0, seen: 0, final: !open, error: mapMomoReason('reason' in latest ? latest.reason : undefined) };
    // A push whose answer was lost may not have reached the operator: unknown to it for longer
    // than a payer has to approve, it never arrived.
    const lastPushAt = Number(attempt.details.lastPushAt ?? attempt.createdAt);
    if (notFound === refs.length && now >= lastPushAt + this.operator.timeoutSeconds)
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
    return { attemptId: String(parsed.data.externalId) };
  }

  /** Refunds through MTN's Disbursement product (`send`); without its credentials, the merchant's to make. */
  readonly refunds: RefundRail = {
    method: 'send',
    send: (req) => this.sendRefund(req),
    check: (req) => this.checkRefund(req),
  };

  /**
   * What the merchant does when this account cannot refund by API (no Disbursement credentials):
   * the refund from MTN's partner portal, then its transaction id in Caisse.
   */
  private manualRefund(req: RefundRequest): RefundOutcome {
    const amount = `${toDecimalString(req.amount, req.currency)} ${req.currency}`;
    const ftx = typeof req.payment.details.financialTransactionId === 'string' ? req.payment.details.financialTransactionId : null;
    const l = this.operator.letter;
    const where = this.account
      ? "this rail account's settings disbursementSubscriptionKey, disbursementApiUser and disbursementApiKey"
      : `MOMO_${l}_DISBURSEMENT_SUBSCRIPTION_KEY, MOMO_${l}_DISBURSEMENT_API_USER and MOMO_${l}_DISBURSEMENT_API_KEY`;
    const instructions = [
      `This MTN MoMo account has no Disbursement credentials, so Caisse cannot send this refund itself.`,
      `1. In your MTN MoMo partner portal, find the payment: ${ftx ? `MTN transaction ${ftx}, ` : ''}reference ${req.payment.backendRef}, from ${req.payment.destination || 'the payer'}.`,
      `2. Send ${amount} back to ${req.payment.destination || "the payer's number shown on that payment"}.`,
      `3. Mark this refund succeeded in Caisse with MTN's transaction id of the refund.`,
      `To refund through Caisse next time, add your MTN Disbursement product's subscription key, API user and API key (${where}).`,
    ].join('\n');
    return { state: 'requires_action', instructions, details: { manual: true } };
  }

  /**
   * The push a refund gives back (MTN's referenceIdToRefund): the X-Reference-Id of a requesttopay
   * that was paid, large enough for the amount. A retry keeps the one the first send chose. An
   * attempt confirmed before getStatus kept `paidReferences` is asked about at Collection when it
   * sent more than one push. `failed` (nothing sent) when none can take the refund.
   */
  private async refundTarget(req: RefundRequest): Promise<{ ref: string } | { outcome: RefundOutcome }> {
    if (typeof req.details.referenceIdToRefund === 'string' && req.details.referenceIdToRefund) return { ref: req.details.referenceIdToRefund };
    const p = req.payment;
    const refs = Array.isArray(p.details.referenceIds) ? (p.details.referenceIds as unknown[]).filter((r): r is string => typeof r === 'string') : [];
    if (refs.length === 0 && p.backendRef) refs.push(p.backendRef);
    const kept = paidReferencesSchema.safeParse(p.details.paidReferences);
    let paid: [string, number | null][];
    if (kept.success) paid = Object.entries(kept.data).map(([ref, v]) => [ref, v.amount]);
    else if (refs.length === 1) paid = [[refs[0]!, null]];
    else {
      paid = [];
      for (const ref of refs) {
        const s = await this.lookup(ref);
        if (s.status !== 'SUCCESSFUL') continue;
        if (s.currency !== undefined && s.currency !== p.currency)
          throw new BackendError(this.rail, `requesttopay status: paid in ${s.currency}, asked in ${p.currency}`);
        const amount = s.amount !== undefined ? parseMomoAmount(s.amount, p.currency) : p.amount;
        if (amount === null) throw new BackendError(this.rail, `requesttopay status: ${JSON.stringify(s.amount)} is not an amount in ${p.currency}`);
        paid.push([ref, amount]);
      }
    }
    // The attempt's pushes in the order they were sent: the first paid one that can take it all.
    paid.sort(([a], [b]) => refs.indexOf(a) - refs.indexOf(b));
    if (paid.length === 0)
      return { outcome: { state: 'failed', code: 'payment_not_found', message: 'MTN reports no paid request for this payment: there is nothing to refund.' } };
    const fits = paid.find(([, amount]) => amount === null || amount >= req.amount);
    if (!fits) {
      const each = paid.map(([, a]) => `${toDecimalString(a ?? 0, req.currency)} ${req.currency}`).join(', ');
      const message =
        paid.length === 1
          ? `MTN took ${each} for this payment: a refund gives back at most that.`
          : `This payment was made of several MTN MoMo transactions (${each}); one refund gives back at most one of them: refund each one separately.`;
      return { outcome: { state: 'failed', code: 'amount_too_large', message } };
    }
    return { ref: fits[0] };
  }

  /**
   * POST /disbursement/v1_0/refund with our reference (X-Reference-Id). Throws BackendError:
   * `maybeSent` when MTN may have taken it (a timeout, a lost connection, a 5xx), not when it surely
   * did not (no token, 401, 403, 429). A 400 is MTN's definite refusal of this refund: `failed`.
   */
  private async sendRefund(req: RefundRequest): Promise<RefundOutcome> {
    if (!this.credentials('disbursement')) return this.manualRefund(req);
    if (req.currency !== req.payment.currency)
      return { state: 'failed', code: 'currency_mismatch', message: `A refund of this payment is in ${req.payment.currency}, not ${req.currency}.` };
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
      return { state: 'failed', code: 'invalid_amount', message: 'A refund amount is a positive whole number.' };
    const target = await this.refundTarget(req);
    if ('outcome' in target) return target.outcome;
    const details = { referenceIdToRefund: target.ref };
    // MTN refuses (400) notes with unsupported characters, and its updated validation rules say
    // messages and notes may not be empty and hold at most 128 characters.
    const note = momoNote(req.note).slice(0, 128).trim() || momoNote(`Refund ${req.refundId}`).slice(0, 128);
    const send = (token: string) =>
      httpRequest(this.rail, {
        method: 'POST',
        url: this.url('/disbursement/v1_0/refund'),
        headers: this.headers(
          {
            authorization: `Bearer ${token}`,
            'X-Reference-Id': req.reference,
            ...(this.config.callbackUrl ? { 'X-Callback-Url': this.config.callbackUrl } : {}),
          },
          'disbursement',
        ),
        body: {
          amount: amountString(req.amount, req.currency),
          currency: req.currency,
          externalId: req.refundId,
          payerMessage: note,
          payeeNote: note,
          referenceIdToRefund: target.ref,
        },
        timeoutMs: this.config.timeoutMs,
        publicOnly: this.config.publicOnly,
      });
    // A retry after a 401 is safe: the refused call was not processed, and it carries the same X-Reference-Id.
    const res = await this.authorized(send, 'disbursement');
    if (res.status === 202) return { state: 'pending', details };
    // 409: this reference already exists, i.e. an earlier try of this very refund was taken: its state is MTN's.
    if (res.status === 409) {
      const known = await this.checkRefund(req);
      // Taken but not visible yet (MTN's lookups lag its 202): pending, asked again later.
      if (known.state === 'not_found') return { state: 'pending', details };
      return { ...known, details: { ...details, ...('details' in known ? known.details : {}) } } as RefundOutcome;
    }
    // A 5xx may come after the refund was recorded: `check` decides, never a blind resend.
    if (res.status >= 500) throw statusError(this.rail, res, 'refund', { maybeSent: true });
    if (res.status === 400) {
      const why = shortReason(res.text);
      return { state: 'failed', code: 'refund_rejected', message: `MTN refused the refund request (HTTP 400${why ? `, ${why}` : ''}).`, details };
    }
    // 401 again (credentials), 403 (IP not allowed), 404/405 (our base URL), 429: refused, nothing sent; the account's problem.
    const err = statusError(this.rail, res, 'refund');
    throw new BackendError(this.rail, err.message, { status: res.status, kind: res.status === 404 || res.status === 405 ? 'down' : err.kind });
  }

  /** GET /disbursement/v1_0/refund/{our reference}: PENDING, SUCCESSFUL, FAILED, or unknown to MTN (404). */
  private async checkRefund(req: RefundRequest): Promise<RefundOutcome> {
    if (!this.credentials('disbursement')) return this.manualRefund(req);
    const res = await this.authorized(
      (token) =>
        httpRequest(this.rail, {
          method: 'GET',
          url: this.url(`/disbursement/v1_0/refund/${encodeURIComponent(req.reference)}`),
          headers: this.headers({ authorization: `Bearer ${token}` }, 'disbursement'),
          timeoutMs: this.config.timeoutMs,
          publicOnly: this.config.publicOnly,
        }),
      'disbursement',
    );
    // Never arrived (or not visible yet: the caller sends again with the same reference, and MTN's 409 keeps it once).
    if (res.status === 404) return { state: 'not_found' };
    expectStatus(this.rail, res, [200], 'refund status');
    const parsed = statusSchema.safeParse(parseJson(this.rail, res, 'refund status'));
    if (!parsed.success) throw new BackendError(this.rail, 'refund status: unexpected response shape');
    const s = parsed.data;
    if (s.status === 'SUCCESSFUL') {
      // What MTN says it paid out must be what we asked, in our currency: a refund of another sum is not recorded as this one.
      if (s.currency !== undefined && s.currency !== req.currency)
        throw new BackendError(this.rail, `refund status: refunded in ${s.currency}, asked in ${req.currency}`, { kind: 'request' });
      const amount = s.amount !== undefined ? parseMomoAmount(s.amount, req.currency) : req.amount;
      if (amount !== req.amount)
        throw new BackendError(this.rail, `refund status: refunded ${JSON.stringify(s.amount)} ${req.currency}, asked ${req.amount}`, { kind: 'request' });
      const ftx = s.financialTransactionId !== undefined ? String(s.financialTransactionId) : null;
      return { state: 'succeeded', operatorReference: ftx, details: { financialTransactionId: ftx } };
    }
    if (s.status === 'FAILED') {
      const { code, message } = mapMomoRefundReason(s.reason);
      return { state: 'failed', code, message };
    }
    // PENDING, or a status we do not know: not final.
    return { state: 'pending' };
  }
}

/** The Disbursement product's settings (refunds): all or none. */
const DISBURSEMENT_SETTINGS = ['DISBURSEMENT_SUBSCRIPTION_KEY', 'DISBURSEMENT_API_USER', 'DISBURSEMENT_API_KEY'] as const;

/**
 * MTN MoMo on a rail: MOMO_<X>_BASE_URL, _SUBSCRIPTION_KEY, _API_USER, _API_KEY and
 * _TARGET_ENVIRONMENT, all or none; _CALLBACK_URL when MTN should call back; for refunds by API,
 * _DISBURSEMENT_SUBSCRIPTION_KEY, _DISBURSEMENT_API_USER and _DISBURSEMENT_API_KEY, all or none.
 */
export const momoProtocol: MobileMoneyProtocol<MomoConfig> = {
  protocol: 'mtn_momo',
  settings: ['BASE_URL', 'SUBSCRIPTION_KEY', 'API_USER', 'API_KEY', 'TARGET_ENVIRONMENT', 'CALLBACK_URL', ...DISBURSEMENT_SETTINGS],
  parse(rail, { env, timeoutMs, publicOnly }) {
    const l = operatorInfoFrom(rail, env).letter;
    const v = (n: string) => env[`MOMO_${l}_${n}`];
    // TARGET_ENVIRONMENT too: it names the operator's market (mtnivorycoast, mtncameroon...); a
    // `sandbox` default would send live pushes to the wrong environment.
    const names = ['BASE_URL', 'SUBSCRIPTION_KEY', 'API_USER', 'API_KEY', 'TARGET_ENVIRONMENT'].map((n) => `MOMO_${l}_${n}`);
    // Refunds give back Collection payments: Disbursement credentials alone are a mistake.
    const refunds = allOrNone(
      DISBURSEMENT_SETTINGS.map((n) => `MOMO_${l}_${n}`),
      env,
    );
    if (!allOrNone(names, env)) {
      if (refunds) throw new Error(`Invalid configuration: MOMO_${l}_DISBURSEMENT_* refund the rail's MTN MoMo payments: set ${names.join(', ')} too.`);
      return null;
    }
    return configured(`MOMO_${l}_*`, () =>
      parseMomoConfig({
        baseUrl: v('BASE_URL'),
        subscriptionKey: v('SUBSCRIPTION_KEY'),
        apiUser: v('API_USER'),
        apiKey: v('API_KEY'),
        targetEnvironment: v('TARGET_ENVIRONMENT'),
        timeoutMs,
        publicOnly,
        // Only when set: MTN calls back only to the host registered for the API user.
        callbackUrl: v('CALLBACK_URL'),
        disbursementSubscriptionKey: v('DISBURSEMENT_SUBSCRIPTION_KEY'),
        disbursementApiUser: v('DISBURSEMENT_API_USER'),
        disbursementApiKey: v('DISBURSEMENT_API_KEY'),
      }),
    );
  },
  create: (rail, config, { env }) => new MomoAdapter(rail, config, operatorInfoFrom(rail, env)),
};
