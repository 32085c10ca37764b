// Live mobile money: the MTN MoMo Collections "RequestToPay" protocol, which several operators
// speak. POST /collection/v1_0/requesttopay with an X-Reference-Id UUID (202 Accepted), then
// GET /collection/v1_0/requesttopay/{referenceId} -> PENDING | SUCCESSFUL | FAILED. A callback
// may come once, twice or never: it only tells us to look now, and the worker polls anyway.
// MTN's own documented status example answers amount, financialTransactionId and externalId as
// JSON numbers (its schema says strings): both are read, and the amount exactly.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type Currency, fromDecimalString, type MobileMoneyRail, toDecimalString } from '../../money';
import { expectStatus, type HttpResponse, httpRequest, parseJson } from '../http';
import { allOrNone, configured, type MobileMoneyProtocol } from '../settings';
import { type AttemptView, BackendError, type CallbackInput, type PromptInput, type RailAdapter, type RailPrompt, type RailStatus } from '../types';
import { type OperatorInfo, operatorInfo, operatorInfoFrom } from './operators';

export const momoConfigSchema = z.object({
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
});
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

export class MomoAdapter implements RailAdapter<MomoConfig> {
  readonly kind = 'mobile_money' as const;
  readonly family = 'push' as const;
  readonly mode = 'live' as const;
  readonly pollSeconds = 5;
  private token: { value: string; until: number } | undefined;

  constructor(
    readonly rail: MobileMoneyRail,
    readonly config: MomoConfig,
    /** The operator this adapter speaks to, as its settings describe it (the deployment's, or a merchant's account). */
    readonly operator: OperatorInfo = operatorInfo(rail),
  ) {}

  get currencies() {
    return this.operator.currencies;
  }

  private headers(extra: Record<string, string> = {}) {
    return { 'Ocp-Apim-Subscription-Key': this.config.subscriptionKey, 'X-Target-Environment': this.config.targetEnvironment, ...extra };
  }

  /** A bearer token, cached until a minute before it expires. Its failure never sent a push (maybeSent: false). */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url('/collection/token/'),
      headers: {
        'Ocp-Apim-Subscription-Key': this.config.subscriptionKey,
        authorization: `Basic ${Buffer.from(`${this.config.apiUser}:${this.config.apiKey}`).toString('base64')}`,
      },
      body: '',
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    }).catch((err: unknown) => {
      throw err instanceof BackendError ? new BackendError(this.rail, err.message, { maybeSent: false }) : err;
    });
    expectStatus(this.rail, res, [200], 'token');
    const parsed = tokenSchema.safeParse(parseJson(this.rail, res, 'token'));
    if (!parsed.success) throw new BackendError(this.rail, 'token: unexpected response shape');
    // Renew a minute early.
    this.token = { value: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return this.token.value;
  }

  private url(path: string) {
    return `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  /**
   * One call with the bearer token. A 401 means the token was refused (expired before our clock
   * said so, or revoked) and the call was not processed: get a new token and try once more.
   */
  private async authorized(call: (token: string) => Promise<HttpResponse>): Promise<HttpResponse> {
    const res = await call(await this.accessToken());
    if (res.status !== 401) return res;
    this.token = undefined;
    return call(await this.accessToken());
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

  /** A token: MTN checks the API user, its key and the subscription key. */
  async verifyCredentials(): Promise<void> {
    this.token = undefined;
    await this.accessToken();
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
      }
    }
    if (paid.size > 0) {
      const ids = [...paid.keys()].filter((k) => !k.startsWith('ref:'));
      return { state: 'confirmed', received, seen: 0, final: !open, details: { financialTransactionId: ids[0], financialTransactionIds: ids } };
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
}

/**
 * MTN MoMo on a rail: MOMO_<X>_BASE_URL, _SUBSCRIPTION_KEY, _API_USER, _API_KEY and
 * _TARGET_ENVIRONMENT, all or none; _CALLBACK_URL when MTN should call back.
 */
export const momoProtocol: MobileMoneyProtocol<MomoConfig> = {
  protocol: 'mtn_momo',
  settings: ['BASE_URL', 'SUBSCRIPTION_KEY', 'API_USER', 'API_KEY', 'TARGET_ENVIRONMENT', 'CALLBACK_URL'],
  parse(rail, { env, timeoutMs, publicOnly }) {
    const l = operatorInfoFrom(rail, env).letter;
    const v = (n: string) => env[`MOMO_${l}_${n}`];
    // TARGET_ENVIRONMENT too: it names the operator's market (mtnivorycoast, mtncameroon...); a
    // `sandbox` default would send live pushes to the wrong environment.
    const names = ['BASE_URL', 'SUBSCRIPTION_KEY', 'API_USER', 'API_KEY', 'TARGET_ENVIRONMENT'].map((n) => `MOMO_${l}_${n}`);
    if (!allOrNone(names, env)) return null;
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
      }),
    );
  },
  create: (rail, config, { env }) => new MomoAdapter(rail, config, operatorInfoFrom(rail, env)),
};
