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
// Refunds (`refunds`, method 'send'; test/fakes/wave.ts cites the pages):
//   - All of a payment: POST /v1/checkout/sessions/:id/refund (no body; Idempotency-Key = our
//     refund's reference). Wave refunds whole sessions only, answers 200 with no body, and refunds a
//     session once however often it is asked. First the session is read: it must be the attempt's,
//     in its currency, for exactly the amount we mean to give back (what Wave will send).
//   - Part of a payment: a payout (docs.wave.com/payout, POST /v1/payout, with the account's payout
//     key: Wave gives each key its own APIs, and a checkout key may not pay out) of the amount to the
//     number that paid, which Wave guarantees only for a session restricted to it
//     (restrict_payer_mobile); Idempotency-Key = our reference, client_reference = our refund id.
//     Without a payout key, or without the payer's number, the merchant refunds from the Wave
//     Business portal (`requires_action`).
//   - check: a payout by its id, or by client_reference when the send's answer was lost. A session
//     refund leaves no mark Wave documents on the session: once the session is read back, `not_found`
//     says that sending again is safe (the same session is refunded once), and the resend's 200 is
//     the answer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type Currency, type MobileMoneyRail, toDecimalString } from '../../money';
import { expectStatus, type HttpResponse, httpRequest, parseJson, shortReason, statusError } from '../http';
import { allOrNone, assertPublicAddresses, configured, type MobileMoneyProtocol } from '../settings';
import {
  type AttemptView,
  BackendError,
  type BackendMovement,
  type CallbackInput,
  type CallbackTarget,
  type ListPeriod,
  type PromptInput,
  type RailAdapter,
  type RailPrompt,
  type RailStatus,
  type RefundOutcome,
  type RefundRail,
  type RefundRequest,
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
  /**
   * A key the Wave Business portal gave the Payout API (it may be the checkout key, if that key has
   * both): partial refunds are paid out with it. Absent: a partial refund is the merchant's to make.
   */
  payoutApiKey: z.string().min(1).optional(),
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
    restrict_payer_mobile: z.string().nullish(),
  })
  .loose();
type WaveSession = z.infer<typeof sessionSchema>;

const payoutSchema = z
  .object({
    id: z.string().min(1),
    currency: z.string(),
    receive_amount: z.union([z.string(), z.number()]),
    fee: z.union([z.string(), z.number()]).nullish(),
    mobile: z.string(),
    client_reference: z.string().nullish(),
    status: z.string(),
    payout_error: z.object({ error_code: z.string().optional(), error_message: z.string().optional() }).loose().nullish(),
  })
  .loose();
type WavePayout = z.infer<typeof payoutSchema>;
/**
 * Wave's Balance & Reconciliation API (docs.wave.com/balance-api): `GET /v1/transactions?date=
 * YYYY-MM-DD[&after=<cursor>]` answers one day's transactions of the wallet, a page at a time:
 * { page_info: { start_cursor, end_cursor, has_next_page }, date, items: [{ timestamp,
 * transaction_id, transaction_type, amount, fee, balance, currency, is_reversal?,
 * client_reference?, checkout_api_session_id?, counterparty_mobile? ... }] }. `amount` is what
 * the wallet moved (net of Wave's fee for money in: 990 with fee 10 for a payment of 1000).
 */
const transactionPageSchema = z
  .object({
    page_info: z.object({ end_cursor: z.string().nullish(), has_next_page: z.boolean() }).loose(),
    items: z.array(
      z
        .object({
          timestamp: z.string(),
          transaction_id: z.string().min(1),
          transaction_type: z.string(),
          amount: z.union([z.string(), z.number()]),
          fee: z.union([z.string(), z.number()]).nullish(),
          currency: z.string(),
          is_reversal: z.boolean().nullish(),
          client_reference: z.string().nullish(),
          checkout_api_session_id: z.string().nullish(),
        })
        .loose(),
    ),
  })
  .loose();
/** Pages read for one day at most (a wallet with more is read in part: an error, never a silent gap). */
const MAX_TRANSACTION_PAGES = 1000;
const payoutSearchSchema = z.object({ result: z.array(z.unknown()) }).loose();
/** What the engine keeps of a refund (RefundRequest.details), as this adapter wrote it. */
const refundDetailsSchema = z
  .object({ via: z.enum(['session', 'payout', 'manual']).optional(), payoutId: z.string().optional(), refundedAt: z.number().optional() })
  .loose();

/** Our words for Wave's refusals of a refund or a payout (Wave's own messages are not shown). */
const REFUSALS: Record<string, string> = {
  'checkout-refund-failed': "Wave refused to refund the checkout session: its payment has not succeeded, or the wallet's balance cannot cover it.",
  'checkout-session-not-found': "Wave has no record of the payment's checkout session.",
  'insufficient-funds': "The Wave wallet's balance does not cover the refund and Wave's fee.",
  'recipient-account-blocked': "Wave cannot pay the payer's number: the account is blocked.",
  'recipient-account-inactive': "Wave cannot pay the payer's number: the account is inactive.",
  'recipient-limit-exceeded': "Wave cannot pay the payer's number: it has reached its account's limit.",
  'recipient-minor': "Wave cannot pay the payer's number: the account holder is a minor.",
  'currency-mismatch': "The refund's currency is not the Wave wallet's.",
  'country-mismatch': "The payer's number is in another country than the Wave wallet.",
};

const E164 = /^\+[1-9]\d{6,14}$/;
/** Wave's payment_reason takes up to 40 characters (docs.wave.com/payout). */
const PAYMENT_REASON_MAX = 40;

/** The short, printable note Wave's payment_reason takes, or nothing. */
function paymentReason(note: string): string | undefined {
  const clean = note
    .replace(/[\p{C}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? [...clean].slice(0, PAYMENT_REASON_MAX).join('').trim() : undefined;
}

/** A refusal's code (Wave's `code`), or a fallback. */
function refusalCode(res: HttpResponse, fallback: string): string {
  const reason = shortReason(res.text);
  return reason?.startsWith('code ') ? reason.slice(5) : fallback;
}

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

  /**
   * Reconciliation: every transaction of the wallet in the period (its UTC days, every page, then
   * the period's instants), mapped to movements as the payer or payee saw them: a payment's gross
   * amount (Wave's amount plus its fee), a refund's or payout's amount without the fee the wallet
   * paid. A checkout's session id is its backendRef (the attempt's); a refund of one names the same session.
   */
  async listMovements(period: ListPeriod): Promise<BackendMovement[]> {
    const out: BackendMovement[] = [];
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    for (let d = day(period.start); d <= day(period.end - 1); d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
      let after: string | null = null;
      for (let page = 0; ; page++) {
        if (page >= MAX_TRANSACTION_PAGES) throw new BackendError(this.rail, `transactions of ${d}: more than ${MAX_TRANSACTION_PAGES} pages`);
        const res = await this.read(`/v1/transactions?date=${d}${after ? `&after=${encodeURIComponent(after)}` : ''}`, this.config.apiKey);
        expectStatus(this.rail, res, [200], `transactions of ${d}`);
        const parsed = transactionPageSchema.safeParse(parseJson(this.rail, res, `transactions of ${d}`));
        if (!parsed.success) throw new BackendError(this.rail, `transactions of ${d}: unexpected response shape`);
        for (const t of parsed.data.items) {
          const at = Math.floor(Date.parse(t.timestamp) / 1000);
          if (!Number.isFinite(at)) throw new BackendError(this.rail, `transactions of ${d}: ${JSON.stringify(t.timestamp)} is not a time`);
          if (at < period.start || at >= period.end) continue;
          const currency = t.currency as Currency;
          const text = String(t.amount).trim();
          const negative = text.startsWith('-');
          const net = parseMomoAmount(negative ? text.slice(1) : text, currency);
          const fee = t.fee == null ? 0 : parseMomoAmount(String(t.fee).replace(/^-/, ''), currency);
          if (net === null || fee === null)
            throw new BackendError(this.rail, `transactions of ${d}: ${JSON.stringify(t.amount)} is not an amount in ${t.currency}`);
          const direction = negative ? 'out' : 'in';
          const checkout = t.transaction_type === 'api_checkout' || t.transaction_type === 'api_checkout_refund';
          out.push({
            direction,
            backendRef: checkout ? (t.checkout_api_session_id ?? null) : null,
            id: t.transaction_id,
            clientReference: t.client_reference ?? null,
            // In: what the payer paid (the wallet got it less the fee). Out: what reached the other side (the wallet paid the fee too).
            amount: direction === 'in' ? net + fee : -Math.max(0, net - fee),
            currency,
            at,
          });
        }
        if (!parsed.data.page_info.has_next_page) break;
        after = parsed.data.page_info.end_cursor ?? null;
        if (!after) throw new BackendError(this.rail, `transactions of ${d}: a next page without a cursor`);
      }
    }
    return out;
  }

  /**
   * An authenticated read Wave's checkout keys allow: a search by a client reference no session has;
   * and the same search of payouts with the payout key, when there is one.
   */
  async verifyCredentials(): Promise<void> {
    const res = await httpRequest(this.rail, {
      method: 'GET',
      url: this.url(`/v1/checkout/sessions/search?client_reference=${encodeURIComponent('caisse-credentials-check')}`),
      headers: this.headers(),
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    expectStatus(this.rail, res, [200], 'credentials check');
    // The payout key, when given, must have the Payout API (the portal gives each key its APIs).
    if (this.config.payoutApiKey) {
      const payouts = await this.read(`/v1/payouts/search?client_reference=${encodeURIComponent('caisse-credentials-check')}`, this.config.payoutApiKey);
      expectStatus(this.rail, payouts, [200], 'payout key check');
    }
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

  /** Refunds: all of a payment by its checkout session, part of it by a payout (see the header). */
  readonly refunds: RefundRail = {
    method: 'send',
    send: (req) => this.sendRefund(req),
    check: (req) => this.checkRefund(req),
  };

  /** A GET with `key`: a read sends nothing, so whatever fails, nothing was taken (maybeSent false). */
  private async read(path: string, key: string): Promise<HttpResponse> {
    try {
      return await httpRequest(this.rail, {
        method: 'GET',
        url: this.url(path),
        headers: { authorization: `Bearer ${key}` },
        timeoutMs: this.config.timeoutMs,
        publicOnly: this.config.publicOnly,
      });
    } catch (err) {
      if (err instanceof BackendError && err.maybeSent) throw new BackendError(this.rail, err.message, { status: err.status, kind: err.kind });
      throw err;
    }
  }

  /** The payment's checkout session as Wave has it now (null: Wave has none). */
  private async readSession(attempt: AttemptView, what: string): Promise<WaveSession | null> {
    const res = await this.read(`/v1/checkout/sessions/${encodeURIComponent(attempt.backendRef)}`, this.config.apiKey);
    if (res.status === 404) return null;
    expectStatus(this.rail, res, [200], what);
    const s = this.parseSession(res, what);
    if (s.id !== attempt.backendRef) throw new BackendError(this.rail, `${what}: the answer is about another session`);
    return s;
  }

  private async sendRefund(req: RefundRequest): Promise<RefundOutcome> {
    const session = await this.readSession(req.payment, 'refund: checkout session');
    if (!session) return { state: 'failed', code: 'checkout-session-not-found', message: REFUSALS['checkout-session-not-found']! };
    if (session.currency !== req.currency)
      return { state: 'failed', code: 'currency_mismatch', message: `The payment was made in ${session.currency}; the refund is in ${req.currency}.` };
    const paid = parseMomoAmount(session.amount, req.currency);
    if (paid === null) throw new BackendError(this.rail, `refund: checkout session: ${JSON.stringify(session.amount)} is not an amount in ${req.currency}`);
    const money = (n: number) => `${toDecimalString(n, req.currency)} ${req.currency}`;
    if (req.whole) {
      // Wave gives back the whole session: that must be what this refund gives back.
      if (paid !== req.amount)
        return {
          state: 'failed',
          code: 'amount_mismatch',
          message: `Wave refunds the whole checkout session (${money(paid)}), not ${money(req.amount)}.`,
        };
      return this.refundSession(req);
    }
    // A payout is money of the wallet's own: only for a payment Wave says succeeded, never above it.
    if (session.payment_status !== 'succeeded')
      return { state: 'failed', code: 'not_paid', message: 'Wave does not report this payment as succeeded: there is nothing to refund.' };
    if (req.amount > paid)
      return { state: 'failed', code: 'amount_too_large', message: `The payment was ${money(paid)}; ${money(req.amount)} cannot be refunded.` };
    // Wave names the payer only when the session could be paid by one number alone.
    const mobile = session.restrict_payer_mobile && E164.test(session.restrict_payer_mobile) ? session.restrict_payer_mobile : null;
    if (!this.config.payoutApiKey || !mobile) return this.byHand(req, mobile);
    return this.sendPayout(req, this.config.payoutApiKey, mobile);
  }

  /** The merchant sends the money from Wave's portal, then records Wave's transaction id in Caisse. */
  private byHand(req: RefundRequest, mobile: string | null): RefundOutcome {
    const why = this.config.payoutApiKey
      ? "Wave does not tell Caisse the payer's number for this payment"
      : 'this Wave account has no payout API key in Caisse (Wave refunds only whole payments by its Checkout API)';
    const tx = typeof req.payment.details.transactionId === 'string' ? req.payment.details.transactionId : null;
    const to = mobile ? `the payer's Wave number, ${mobile}` : `the number that paid${tx ? ` (Wave transaction ${tx})` : ''}`;
    return {
      state: 'requires_action',
      instructions: `Caisse cannot send this refund through Wave: ${why}. Send ${toDecimalString(req.amount, req.currency)} ${req.currency} from the Wave Business portal to ${to}, then record the refund in Caisse with Wave's transaction id.`,
      details: { via: 'manual' },
    };
  }

  /** POST .../refund: Wave refunds the whole session, once, and answers 200 with no body. */
  private async refundSession(req: RefundRequest): Promise<RefundOutcome> {
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url(`/v1/checkout/sessions/${encodeURIComponent(req.payment.backendRef)}/refund`),
      headers: this.headers({ 'idempotency-key': req.reference }),
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    if (res.status >= 200 && res.status < 300) return { state: 'succeeded', operatorReference: null, details: { via: 'session', refundedAt: req.now } };
    return this.refused(res, 'checkout session refund', { via: 'session' });
  }

  private async sendPayout(req: RefundRequest, key: string, mobile: string): Promise<RefundOutcome> {
    const reason = paymentReason(req.note);
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url('/v1/payout'),
      // The same refund asked twice (a resend after a lost answer) is one payout at Wave.
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': req.reference },
      body: {
        currency: req.currency,
        receive_amount: toDecimalString(req.amount, req.currency),
        mobile,
        client_reference: req.refundId,
        ...(reason ? { payment_reason: reason } : {}),
      },
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    });
    if (res.status !== 200 && res.status !== 201) return this.refused(res, 'payout', { via: 'payout' });
    // Wave took it: whatever is wrong with the answer, the money may have gone.
    let payout: WavePayout;
    try {
      payout = this.parsePayout(parseJson(this.rail, res, 'payout'), 'payout');
    } catch (err) {
      throw new BackendError(this.rail, (err as Error).message, { maybeSent: true });
    }
    return this.payoutOutcome(payout, req, 'payout', mobile);
  }

  /**
   * A POST that moves money was not answered 2xx. Wave failing (5xx, 408), or our reference used
   * before with another request (409 idempotency-mismatch): it may have been done, the engine asks.
   * Wave refusing everyone (401, 403: our key or its APIs; 429): nothing was done, an error. Any
   * other 4xx: refused for good.
   */
  private refused(res: HttpResponse, what: string, details: Record<string, unknown>): RefundOutcome {
    const code = refusalCode(res, `http_${res.status}`);
    if (res.status >= 500 || res.status === 408 || code === 'idempotency-mismatch' || res.status < 400)
      throw statusError(this.rail, res, what, { maybeSent: true });
    if (res.status === 401 || res.status === 403 || res.status === 429) throw statusError(this.rail, res, what);
    return { state: 'failed', code, message: REFUSALS[code] ?? `Wave refused the ${what} (${code}).`, details };
  }

  private parsePayout(body: unknown, what: string): WavePayout {
    const parsed = payoutSchema.safeParse(body);
    if (!parsed.success) throw new BackendError(this.rail, `${what}: unexpected response shape`);
    return parsed.data;
  }

  /** A payout Wave answered with, mapped: it must be this refund's, for its amount, to `mobile` when known. */
  private payoutOutcome(p: WavePayout, req: RefundRequest, what: string, mobile?: string): RefundOutcome {
    const maybeSent = true;
    if (p.client_reference != null && p.client_reference !== req.refundId)
      throw new BackendError(this.rail, `${what}: the answer is about another refund`, { maybeSent });
    if (p.currency !== req.currency || parseMomoAmount(p.receive_amount, req.currency) !== req.amount)
      throw new BackendError(this.rail, `${what}: the payout pays another amount than the refund's`, { maybeSent });
    if (mobile !== undefined && p.mobile !== mobile) throw new BackendError(this.rail, `${what}: the payout pays another number`, { maybeSent });
    const details = { via: 'payout', payoutId: p.id, payoutStatus: p.status, ...(p.fee != null ? { fee: String(p.fee) } : {}) };
    switch (p.status) {
      case 'succeeded':
        return { state: 'succeeded', operatorReference: p.id, details };
      case 'failed': {
        const code = p.payout_error?.error_code ?? 'payout-failed';
        return { state: 'failed', code, message: REFUSALS[code] ?? `Wave's payout failed (${code}).`, details };
      }
      case 'reversed':
        return { state: 'failed', code: 'payout-reversed', message: 'Wave reversed the payout: the money went back to the Wave wallet.', details };
      default:
        // processing, or a status Wave adds later: asked again.
        return { state: 'pending', details };
    }
  }

  private async checkRefund(req: RefundRequest): Promise<RefundOutcome> {
    const parsed = refundDetailsSchema.safeParse(req.details);
    const d = parsed.success ? parsed.data : {};
    const via = d.via ?? (req.whole ? 'session' : 'payout');
    if (via === 'session') {
      if (d.refundedAt !== undefined) return { state: 'succeeded', operatorReference: null, details: { via, refundedAt: d.refundedAt } };
      const session = await this.readSession(req.payment, 'refund check: checkout session');
      if (!session) return { state: 'failed', code: 'checkout-session-not-found', message: REFUSALS['checkout-session-not-found']! };
      // Wave documents no refund mark on a session, and refunds a session once however often it is
      // asked: sending again is safe, and Wave's answer to it is the refund's outcome.
      return { state: 'not_found' };
    }
    const key = this.config.payoutApiKey;
    if (via === 'manual' || !key) {
      const session = await this.readSession(req.payment, 'refund check: checkout session');
      const mobile = session?.restrict_payer_mobile && E164.test(session.restrict_payer_mobile) ? session.restrict_payer_mobile : null;
      return this.byHand(req, mobile);
    }
    if (d.payoutId) {
      const what = 'refund check: payout';
      const res = await this.read(`/v1/payout/${encodeURIComponent(d.payoutId)}`, key);
      if (res.status === 404) return { state: 'not_found' };
      expectStatus(this.rail, res, [200], what);
      const p = this.parsePayout(parseJson(this.rail, res, what), what);
      if (p.id !== d.payoutId) throw new BackendError(this.rail, `${what}: the answer is about another payout`);
      return this.payoutOutcome(p, req, what);
    }
    // The send's answer was lost: the payout, if Wave made one, carries our refund id.
    const what = 'refund check: payout search';
    const res = await this.read(`/v1/payouts/search?client_reference=${encodeURIComponent(req.refundId)}`, key);
    expectStatus(this.rail, res, [200], what);
    const found = payoutSearchSchema.safeParse(parseJson(this.rail, res, what));
    if (!found.success) throw new BackendError(this.rail, `${what}: unexpected response shape`);
    const mine = found.data.result.map((x) => this.parsePayout(x, what)).filter((p) => p.client_reference === req.refundId);
    if (mine.length === 0) return { state: 'not_found' };
    if (mine.length > 1)
      throw new BackendError(this.rail, `${what}: ${mine.length} payouts carry this refund's reference: look at them in the Wave Business portal`, {
        kind: 'request',
      });
    return this.payoutOutcome(mine[0]!, req, what);
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

/**
 * Wave on a rail: MOMO_<X>_API_KEY and _WEBHOOK_SECRET, both or none; _BASE_URL optional;
 * _PAYOUT_API_KEY optional (partial refunds). Live, it needs public https addresses.
 */
export const waveProtocol: MobileMoneyProtocol<WaveConfig> = {
  protocol: 'wave',
  settings: ['BASE_URL', 'API_KEY', 'WEBHOOK_SECRET', 'PAYOUT_API_KEY'],
  parse(rail, { cfg, env, timeoutMs, account, publicOnly }) {
    const l = operatorInfoFrom(rail, env).letter;
    const v = (n: string) => env[`MOMO_${l}_${n}`];
    // A merchant's account may come before its webhook (whose secret Wave shows once the account's
    // URL is registered); the deployment's needs both.
    const names = (account ? ['API_KEY'] : ['API_KEY', 'WEBHOOK_SECRET']).map((n) => `MOMO_${l}_${n}`);
    if (!allOrNone(names, env)) return null;
    assertPublicAddresses(cfg, `MOMO_${l}_* (wave)`);
    return configured(`MOMO_${l}_* (wave)`, () =>
      parseWaveConfig({
        baseUrl: v('BASE_URL') ?? 'https://api.wave.com',
        apiKey: v('API_KEY'),
        webhookSecret: v('WEBHOOK_SECRET'),
        payoutApiKey: v('PAYOUT_API_KEY'),
        timeoutMs,
        publicOnly,
      }),
    );
  },
  create: (rail, config, { env }) => new WaveAdapter(rail, config, operatorInfoFrom(rail, env)),
};
