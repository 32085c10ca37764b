// Live mobile money: Wave's Checkout API (docs.wave.com/checkout, docs.wave.com/webhook). The payer
// opens Wave's launch URL: on a phone it opens the Wave app to approve; on a computer the page shows
// it as a QR code to scan with the phone.
//   - POST /v1/checkout/sessions (Bearer <api key>, Idempotency-Key = our attempt id) with amount (a
//     decimal string), currency, success_url, error_url, client_reference (our attempt id) and, when
//     the buyer gave a number, restrict_payer_mobile -> the checkout session { id: "cos-...",
//     checkout_status: open | complete | expired, payment_status: processing | cancelled |
//     succeeded, wave_launch_url, when_expires, transaction_id, last_payment_error, ... }.
//     The answer must be the session we asked for (our client_reference, amount and currency): it
//     is what the payer is shown. The prompt ends with our window (Wave's timeout, or the end the
//     attempt was given if sooner), never after when_expires.
//   - GET /v1/checkout/sessions/:id: polled (webhooks get lost).
//   - POST /v1/checkout/sessions/:id/expire (no body): when our attempt ends first, so the session
//     can no longer be paid; 409 means it is not open any more (paid or expired already). Any other
//     refusal is an error, so the worker tries again. The attempt stays watched until Wave says
//     expired (a payment may have won the race).
//   - Webhooks (checkout.session.completed, checkout.session.payment_failed) are believed only with a
//     valid Wave-Signature: "t=<unix seconds>,v1=<hex>[,v1=<hex>...]", the hex being HMAC-SHA256 with
//     the webhook secret over the timestamp followed by the raw body, within 5 minutes of our clock.
//     Even then a webhook only makes us look the session up, and only when the session it names
//     (data.id) is the attempt's own (data.client_reference): money moves on Wave's answer to us.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type MobileMoneyRail, toDecimalString } from '../../money';
import { expectStatus, httpRequest, parseJson } from '../http';
import { allOrNone, assertPublicAddresses, configured, type MobileMoneyProtocol } from '../settings';
import {
  type AttemptView,
  BackendError,
  type CallbackInput,
  type CallbackTarget,
  type PromptInput,
  type RailAdapter,
  type RailPrompt,
  type RailStatus,
} from '../types';
import { parseMomoAmount } from './momo';
import { type OperatorInfo, operatorInfo, operatorInfoFrom } from './operators';

export const waveConfigSchema = z.object({
  baseUrl: z.url(),
  apiKey: z.string().min(1),
  /**
   * Absent only on a merchant's rail account made before its webhook existed (Wave shows the secret
   * once the account's URL is registered): its webhooks are then refused, and payments are found by polling.
   */
  webhookSecret: z.string().min(1).optional(),
  timeoutMs: z.number().int().positive(),
  /** A merchant's account: its backend is reached at public addresses only (lib/rails/http.ts). */
  publicOnly: z.boolean().optional(),
});
export type WaveConfig = z.infer<typeof waveConfigSchema>;

export function parseWaveConfig(raw: unknown): WaveConfig {
  return waveConfigSchema.parse(raw);
}

/** How far a webhook's timestamp may be from our clock. */
export const WAVE_SIGNATURE_TOLERANCE_SECONDS = 300;

const sessionSchema = z
  .object({
    id: z.string().min(1),
    amount: z.union([z.string(), z.number()]),
    currency: z.string(),
    checkout_status: z.string(),
    payment_status: z.string().nullish(),
    client_reference: z.string().nullish(),
    wave_launch_url: z.url().nullish(),
    when_expires: z.string().nullish(),
    transaction_id: z.string().nullish(),
    last_payment_error: z.object({ code: z.string().optional(), message: z.string().optional() }).loose().nullish(),
  })
  .loose();
type WaveSession = z.infer<typeof sessionSchema>;

const webhookSchema = z.object({ type: z.string(), data: z.object({ id: z.string().optional(), client_reference: z.string().nullish() }).loose() }).loose();

/** Is `header` a valid Wave-Signature of `rawBody` with `secret`, within the tolerance of `now`? */
export function verifyWaveSignature(header: string | null, rawBody: string, secret: string, now: number): boolean {
  if (!header) return false;
  let t: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v) t = v;
    else if (k === 'v1' && v && /^[0-9a-f]{64}$/i.test(v)) signatures.push(v.toLowerCase());
  }
  if (!t || !/^\d{1,12}$/.test(t) || Math.abs(now - Number(t)) > WAVE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret)
      .update(t + rawBody, 'utf8')
      .digest('hex'),
    'hex',
  );
  return signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
}

export class WaveAdapter implements RailAdapter<WaveConfig> {
  readonly kind = 'mobile_money' as const;
  readonly mode = 'live' as const;
  readonly flow = 'redirect' as const;
  readonly family = 'redirect' as const;
  readonly pollSeconds = 5;

  constructor(
    readonly rail: MobileMoneyRail,
    readonly config: WaveConfig,
    /** The operator this adapter speaks to, as its settings describe it (the deployment's, or a merchant's account). */
    readonly operator: OperatorInfo = operatorInfo(rail),
  ) {}

  get currencies() {
    return this.operator.currencies;
  }

  private url(path: string) {
    return `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  private headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.config.apiKey}`, ...extra };
  }

  private parseSession(res: { status: number; text: string; headers: unknown }, what: string): WaveSession {
    const parsed = sessionSchema.safeParse(parseJson(this.rail, res as never, what));
    if (!parsed.success) throw new BackendError(this.rail, `${what}: unexpected response shape`);
    return parsed.data;
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    if (!input.returnUrl) throw new Error('Wave needs a return URL');
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url('/v1/checkout/sessions'),
      // The same attempt asked twice (a retry after a lost answer) is one session at Wave.
      headers: this.headers({ 'idempotency-key': input.attemptId }),
      body: {
        amount: toDecimalString(input.amount, input.currency),
        currency: input.currency,
        success_url: input.returnUrl,
        error_url: input.returnUrl,
        client_reference: input.attemptId,
        ...(input.phone ? { restrict_payer_mobile: input.phone } : {}),
      },
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    expectStatus(this.rail, res, [200, 201], 'checkout session');
    const s = this.parseSession(res, 'checkout session');
    if (!s.wave_launch_url) throw new BackendError(this.rail, 'checkout session: no wave_launch_url');
    if (s.client_reference != null && s.client_reference !== input.attemptId)
      throw new BackendError(this.rail, 'checkout session: the answer is about another attempt');
    // The payer is sent to pay this session: it must ask for what we asked.
    if (s.currency !== input.currency || parseMomoAmount(s.amount, input.currency) !== input.amount)
      throw new BackendError(this.rail, 'checkout session: the answer asks for another amount');
    const waveExpiry = s.when_expires ? Math.floor(Date.parse(s.when_expires) / 1000) : NaN;
    // Our window, never past the end the attempt was given (its checkout session's).
    const ours = Math.min(input.expiresAt, input.now + this.operator.timeoutSeconds);
    return {
      destination: input.phone ?? '',
      backendRef: s.id,
      // Never past Wave's own end of the session.
      expiresAt: Number.isFinite(waveExpiry) ? Math.min(ours, waveExpiry) : ours,
      details: { redirectUrl: s.wave_launch_url, sessionId: s.id, whenExpires: s.when_expires ?? null, lastPushAt: input.now },
    };
  }

  /** An authenticated read Wave's checkout keys allow: a search by a client reference no session has. */
  async verifyCredentials(): Promise<void> {
    const res = await httpRequest(this.rail, {
      method: 'GET',
      url: this.url(`/v1/checkout/sessions/search?client_reference=${encodeURIComponent('caisse-credentials-check')}`),
      headers: this.headers(),
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    expectStatus(this.rail, res, [200], 'credentials check');
  }

  async getStatus(attempt: AttemptView): Promise<RailStatus> {
    const res = await httpRequest(this.rail, {
      method: 'GET',
      url: this.url(`/v1/checkout/sessions/${encodeURIComponent(attempt.backendRef)}`),
      headers: this.headers(),
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    expectStatus(this.rail, res, [200], 'checkout session status');
    const s = this.parseSession(res, 'checkout session status');
    if (s.id !== attempt.backendRef) throw new BackendError(this.rail, 'checkout session status: the answer is about another session');
    if (s.payment_status === 'succeeded') {
      if (s.currency !== attempt.currency) throw new BackendError(this.rail, `checkout session status: paid in ${s.currency}, asked in ${attempt.currency}`);
      const amount = parseMomoAmount(s.amount, attempt.currency);
      if (amount === null) throw new BackendError(this.rail, `checkout session status: ${JSON.stringify(s.amount)} is not an amount in ${attempt.currency}`);
      return { state: 'confirmed', received: amount, seen: 0, details: { transactionId: s.transaction_id ?? null } };
    }
    const lastError = s.last_payment_error?.code ? { lastPaymentErrorCode: s.last_payment_error.code } : {};
    // Expired (by Wave's clock, or by our /expire) with nothing paid: it can never be paid now.
    if (s.checkout_status === 'expired')
      return {
        state: 'expired',
        received: 0,
        seen: 0,
        details: lastError,
        error: { code: 'timeout', message: 'The payer did not complete the payment in Wave in time.' },
      };
    // Open: a failed try (e.g. a balance too low) may be retried by the payer in the app.
    return { state: 'pending', received: 0, seen: 0, details: lastError };
  }

  /** Our attempt ended first: expire the session at Wave so it cannot be paid later. */
  async cancel(attempt: AttemptView): Promise<void> {
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url(`/v1/checkout/sessions/${encodeURIComponent(attempt.backendRef)}/expire`),
      // As documented: no body (an empty body labelled JSON is not valid JSON).
      headers: this.headers(),
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    // 2xx: expired. 409: not open any more (paid or expired already): the status lookup tells which.
    // Anything else (a 400, a 404, 5xx...) leaves the session as it was: an error, tried again.
    if ((res.status >= 200 && res.status < 300) || res.status === 409) return;
    expectStatus(this.rail, res, [200], 'expire checkout session');
  }

  async parseCallback(req: CallbackInput): Promise<CallbackTarget> {
    if (this.config.webhookSecret === undefined)
      throw new BackendError(this.rail, 'webhook: this account has no webhook secret yet (add it to the account); its payments are found by polling');
    if (!verifyWaveSignature(req.headers.get('wave-signature'), req.rawBody, this.config.webhookSecret, req.now))
      throw new BackendError(this.rail, 'webhook: missing, stale or invalid Wave-Signature');
    let body: unknown;
    try {
      body = JSON.parse(req.rawBody);
    } catch {
      throw new BackendError(this.rail, 'webhook: body is not JSON');
    }
    const parsed = webhookSchema.safeParse(body);
    if (!parsed.success) throw new BackendError(this.rail, 'webhook: not a Wave event');
    // A genuine event that is not about one of our checkout sessions (test.test_event,
    // merchant.payment_received, a session made by another integration on the same Wave account):
    // acknowledged and ignored, or Wave would retry it for days.
    const ref = parsed.data.data.client_reference;
    if (!parsed.data.type.startsWith('checkout.session.') || !ref || !/^att_[A-Za-z0-9]{1,100}$/.test(ref)) return { attemptId: '', ignore: true };
    if (!parsed.data.data.id) throw new BackendError(this.rail, 'webhook: no checkout session id');
    const sessionId = parsed.data.data.id;
    // The signed session must be the attempt's own; signed by Wave, it may watch the attempt again.
    return { attemptId: ref, authenticated: true, verify: (attempt) => attempt.backendRef === sessionId };
  }
}

/** Wave on a rail: MOMO_<X>_API_KEY and _WEBHOOK_SECRET, both or none; _BASE_URL optional. Live, it needs public https addresses. */
export const waveProtocol: MobileMoneyProtocol<WaveConfig> = {
  protocol: 'wave',
  settings: ['BASE_URL', 'API_KEY', 'WEBHOOK_SECRET'],
  parse(rail, { cfg, env, timeoutMs, account, publicOnly }) {
    const l = operatorInfoFrom(rail, env).letter;
    const v = (n: string) => env[`MOMO_${l}_${n}`];
    // A merchant's account may come before its webhook (whose secret Wave shows once the account's
    // URL is registered); the deployment's needs both.
    const names = (account ? ['API_KEY'] : ['API_KEY', 'WEBHOOK_SECRET']).map((n) => `MOMO_${l}_${n}`);
    if (!allOrNone(names, env)) return null;
    assertPublicAddresses(cfg, `MOMO_${l}_* (wave)`);
    return configured(`MOMO_${l}_* (wave)`, () =>
      parseWaveConfig({ baseUrl: v('BASE_URL') ?? 'https://api.wave.com', apiKey: v('API_KEY'), webhookSecret: v('WEBHOOK_SECRET'), timeoutMs, publicOnly }),
    );
  },
  create: (rail, config, { env }) => new WaveAdapter(rail, config, operatorInfoFrom(rail, env)),
};
