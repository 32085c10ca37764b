// Live mobile money: Orange Money Web Payment (Orange Developer, "Orange Money Web Payment" /
// "OM WebPay"). The payer is sent to Orange's own payment page and approves there with the number
// and a one-time code from the operator's USSD menu; we never see the payer's credentials.
//   - POST /oauth/v3/token (Basic <client id:client secret>, grant_type=client_credentials, a form
//     body) -> { token_type, access_token, expires_in }: cached until a minute before it expires.
//   - POST /orange-money-webpay/{country}/v1/webpayment (Bearer) with merchant_key, currency,
//     order_id (our attempt id), amount, return_url, cancel_url, notif_url, lang, reference ->
//     201 { status, message, pay_token, payment_url, notif_token }. Orange takes order_id and
//     reference of at most 30 characters and URLs of at most 120: a longer return URL fails that
//     payment (kind request), a longer notif_url is our configuration (BASE_URL; kind down), and
//     neither is sent. A 404 or 405 there means our URL (country segment, base URL) is wrong: down.
//   - Orange POSTs { status, notif_token, txnid } to notif_url once the payment ends. The body does
//     not name the order, so notif_url carries the attempt id (?attempt=...), and a notification is
//     believed only with that attempt's notif_token (stored as a SHA-256, compared in constant time).
//     Even then it only makes us ask transactionstatus: money moves on Orange's answer to us.
//   - POST /orange-money-webpay/{country}/v1/transactionstatus { order_id, amount, pay_token } ->
//     { status: INITIATED | PENDING | SUCCESS | FAILED | EXPIRED, order_id, txnid }, polled too
//     (notifications get lost). INITIATED (the payer did nothing yet) is `waiting`; PENDING (the
//     payer confirmed, in progress) is `pending`. Orange leaves an untouched payment INITIATED for
//     ever: once well past the pay_token's validity (10 minutes by default, or our own payer time
//     MOMO_<X>_TIMEOUT_SECONDS when it is longer) it is taken as expired.
// Orange has no call to cancel a web payment: an attempt that ends on our side stays watched until
// Orange says EXPIRED, FAILED or SUCCESS. Nor any to refund one (its Getting started lists the
// token, webpayment and transactionstatus only; aggregators such as Y-Note sell a refund API of their
// own): a refund is the merchant's to send from its Orange Money partner portal (`requires_action`,
// with the steps), then recorded in Caisse with Orange's transaction id.
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type Currency, type MobileMoneyRail, toDecimalString } from '../../money';
import { expectStatus, type HttpResponse, httpRequest, parseJson, statusError } from '../http';
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
  type RefundOutcome,
  type RefundRail,
  type RefundRequest,
} from '../types';
import { momoNote } from './momo';
import { type OperatorInfo, operatorInfo, operatorInfoFrom } from './operators';

export const orangeConfigSchema = z.object({
  baseUrl: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  merchantKey: z.string().min(1),
  /** The path segment of the payer's country (dev for Orange's sandbox, ci, sn, cm, ml...). */
  country: z.string().regex(/^[a-z]{2,3}$/),
  /** The currency code Orange expects when it is not the intent's (OUV in the sandbox). */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  timeoutMs: z.number().int().positive(),
  /** A merchant's account: its backend is reached at public addresses only (lib/rails/http.ts). */
  publicOnly: z.boolean().optional(),
});
export type OrangeConfig = z.infer<typeof orangeConfigSchema>;

export function parseOrangeConfig(raw: unknown): OrangeConfig {
  return orangeConfigSchema.parse(raw);
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const createSchema = z.object({ pay_token: z.string().min(1), payment_url: z.url(), notif_token: z.string().min(1) });
const statusSchema = z.object({ status: z.string().min(1), order_id: z.string().optional(), txnid: z.string().nullish() });
const notificationSchema = z.object({ status: z.string(), notif_token: z.string().min(1), txnid: z.string().nullish() }).loose();

/** How long Orange's pay_token (the payment page) is valid: 10 minutes by default (Orange's getting-started page). */
export const ORANGE_PAY_TOKEN_SECONDS = 600;
/** Clock skew and a payer confirming at the last second: watched this much longer. */
export const ORANGE_EXPIRY_MARGIN_SECONDS = 600;

/** Orange asks for order_id and reference of at most this many characters (our attempt ids are 26). */
const MAX_FIELD = 30;
/** Orange asks for return_url, cancel_url and notif_url of at most this many characters. */
/** Orange takes return_url, cancel_url and notif_url of at most this many characters. */
export const MAX_URL = 120;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const FRANCS: Partial<Record<Currency, string>> = { XOF: 'CFA francs', XAF: 'CFA francs', GNF: 'Guinean francs' };

/**
 * The merchant's steps for refunding an Orange Money payment by hand: Orange Money Web Payment has
 * no refund call. What to send, to whom, which payment it gives back, and how to record it here.
 */
export function orangeRefundInstructions(req: RefundRequest): string {
  const p = req.payment;
  const amount = `${toDecimalString(req.amount, req.currency)} ${req.currency}${FRANCS[req.currency] ? ` (${FRANCS[req.currency]})` : ''}`;
  const txnid = typeof p.details.txnid === 'string' && p.details.txnid ? p.details.txnid : null;
  const orderId = typeof p.details.orderId === 'string' && p.details.orderId ? p.details.orderId : p.id;
  const payer = p.destination ? p.destination : null;
  return [
    'Orange Money Web Payment has no refund API: send this refund yourself from your Orange Money partner (merchant) portal.',
    `1. Find the payment there: ${txnid ? `Orange transaction id ${txnid}, ` : ''}order id ${orderId}, ${toDecimalString(p.amount, p.currency)} ${p.currency}${payer ? `, paid from ${payer}` : ''}.`,
    `2. Send ${amount} to ${payer ?? 'the number that paid it (shown on that transaction)'} from the merchant account that received the payment.`,
    `3. Then mark this refund (${req.refundId}) succeeded in Caisse with the Orange transaction id of the transfer you made: on the dashboard, or POST /v1/refunds/${req.refundId}/mark_succeeded with operatorReference.`,
  ].join('\n');
}

/** The attempt named by a notification's URL (?attempt=att_...). */
export function attemptOfNotifyUrl(url: string): string | null {
  try {
    const id = new URL(url, 'http://x').searchParams.get('attempt');
    return id && /^att_[A-Za-z0-9]{1,100}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export class OrangeMoneyAdapter implements RailAdapter<OrangeConfig> {
  readonly kind = 'mobile_money' as const;
  readonly mode = 'live' as const;
  readonly flow = 'redirect' as const;
  readonly family = 'redirect' as const;
  readonly pollSeconds = 5;
  readonly maxUrlLength = MAX_URL;
  private token: { value: string; until: number } | undefined;

  constructor(
    readonly rail: MobileMoneyRail,
    readonly config: OrangeConfig,
    /** The operator this adapter speaks to, as its settings describe it (the deployment's, or a merchant's account). */
    readonly operator: OperatorInfo = operatorInfo(rail),
  ) {}

  get currencies() {
    return this.operator.currencies;
  }

  private url(path: string) {
    return `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  private webpay(op: 'webpayment' | 'transactionstatus') {
    return this.url(`/orange-money-webpay/${this.config.country}/v1/${op}`);
  }

  /** A bearer token, cached until a minute before it expires. Its failure never created a payment. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await httpRequest(this.rail, {
      method: 'POST',
      url: this.url('/oauth/v3/token'),
      headers: {
        authorization: `Basic ${Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: this.config.timeoutMs,
      publicOnly: this.config.publicOnly,
    }).catch((err: unknown) => {
      throw err instanceof BackendError ? new BackendError(this.rail, err.message, { maybeSent: false }) : err;
    });
    // A refused token is our credentials' problem, not this payer's: the rail is down (kind down).
    if (res.status !== 200) throw new BackendError(this.rail, statusError(this.rail, res, 'token').message, { kind: 'down', status: res.status });
    const parsed = tokenSchema.safeParse(parseJson(this.rail, res, 'token'));
    if (!parsed.success) throw new BackendError(this.rail, 'token: unexpected response shape');
    this.token = { value: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return this.token.value;
  }

  /** One call with the bearer token; a 401 (token expired or revoked early) gets a new token and one more try. */
  private async authorized(call: (token: string) => Promise<HttpResponse>): Promise<HttpResponse> {
    const res = await call(await this.accessToken());
    if (res.status !== 401) return res;
    this.token = undefined;
    return call(await this.accessToken());
  }

  /** A token: Orange checks the client id and secret (the merchant key is checked by the first payment). */
  async verifyCredentials(): Promise<void> {
    await this.accessToken();
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    if (!input.returnUrl || !input.notifyUrl) throw new Error('Orange Money needs a return URL and a notification URL');
    const notifUrl = new URL(input.notifyUrl);
    notifUrl.searchParams.set('attempt', input.attemptId);
    const reference = momoNote(input.description).slice(0, MAX_FIELD).trim() || input.intentId.slice(0, MAX_FIELD);
    // Orange refuses longer URLs (400 code 24): not sent. A return URL is this payment's (the
    // confirm's returnUrl); notif_url is ours for every payment (BASE_URL is too long): down.
    if (input.returnUrl.length > MAX_URL)
      throw new BackendError(this.rail, `webpayment: the return URL is longer than Orange's ${MAX_URL} characters`, { kind: 'request' });
    if (notifUrl.toString().length > MAX_URL)
      throw new BackendError(this.rail, `webpayment: notif_url is longer than Orange's ${MAX_URL} characters (shorten BASE_URL)`, { kind: 'down' });
    const res = await this.authorized((token) =>
      httpRequest(this.rail, {
        method: 'POST',
        url: this.webpay('webpayment'),
        headers: { authorization: `Bearer ${token}` },
        body: {
          merchant_key: this.config.merchantKey,
          currency: this.config.currency ?? input.currency,
          order_id: input.attemptId.slice(0, MAX_FIELD),
          // XOF, XAF and GNF have no minor unit: our minor units are Orange's units.
          amount: input.amount,
          return_url: input.returnUrl,
          cancel_url: input.returnUrl,
          notif_url: notifUrl.toString(),
          lang: input.locale ?? 'fr',
          reference,
        },
        timeoutMs: this.config.timeoutMs,
        publicOnly: this.config.publicOnly,
      }),
    );
    // Orange answers 201 (some gateways 200) with the payment page's address. A 5xx may come after
    // the payment was made (never shown to anyone: nobody can pay it). A 404 or 405 is about our
    // URL, not this payment: every payment would fail, so the rail is down.
    if (res.status !== 200 && res.status !== 201) {
      const err = statusError(this.rail, res, 'webpayment', { maybeSent: res.status >= 500 });
      if (res.status === 404 || res.status === 405) throw new BackendError(this.rail, err.message, { status: res.status, kind: 'down' });
      throw err;
    }
    const parsed = createSchema.safeParse(parseJson(this.rail, res, 'webpayment'));
    if (!parsed.success) throw new BackendError(this.rail, 'webpayment: unexpected response shape');
    const payUrl = new URL(parsed.data.payment_url);
    if (payUrl.protocol !== 'https:' && !/^(127\.0\.0\.1|localhost)$/.test(payUrl.hostname))
      throw new BackendError(this.rail, 'webpayment: the payment URL is not https');
    return {
      destination: input.phone ?? '',
      backendRef: parsed.data.pay_token,
      expiresAt: input.now + this.operator.timeoutSeconds,
      details: {
        redirectUrl: parsed.data.payment_url,
        orderId: input.attemptId.slice(0, MAX_FIELD),
        // Only its hash: the token proves a notification is Orange's, and must not sit in our rows.
        notifTokenHash: sha256(parsed.data.notif_token),
        lastPushAt: input.now,
      },
    };
  }

  async getStatus(attempt: AttemptView, now = Math.floor(Date.now() / 1000)): Promise<RailStatus> {
    const res = await this.authorized((token) =>
      httpRequest(this.rail, {
        method: 'POST',
        url: this.webpay('transactionstatus'),
        headers: { authorization: `Bearer ${token}` },
        body: { order_id: String(attempt.details.orderId ?? attempt.id), amount: attempt.amount, pay_token: attempt.backendRef },
        timeoutMs: this.config.timeoutMs,
        publicOnly: this.config.publicOnly,
      }),
    );
    expectStatus(this.rail, res, [200, 201], 'transactionstatus');
    const parsed = statusSchema.safeParse(parseJson(this.rail, res, 'transactionstatus'));
    if (!parsed.success) throw new BackendError(this.rail, 'transactionstatus: unexpected response shape');
    const { status, txnid } = parsed.data;
    if (parsed.data.order_id !== undefined && parsed.data.order_id !== String(attempt.details.orderId ?? attempt.id))
      throw new BackendError(this.rail, 'transactionstatus: the answer is about another order');
    switch (status.toUpperCase()) {
      case 'SUCCESS':
        // The status names no amount: it answers for the order_id + amount + pay_token we asked about.
        return { state: 'confirmed', received: attempt.amount, seen: 0, details: { txnid: txnid ?? null } };
      case 'FAILED':
        return { state: 'failed', received: 0, seen: 0, error: { code: 'payment_failed', message: 'Orange Money refused or could not complete the payment.' } };
      case 'EXPIRED':
        return {
          state: 'expired',
          received: 0,
          seen: 0,
          error: { code: 'timeout', message: 'The payer did not complete the payment on Orange Money in time.' },
        };
      case 'PENDING':
        // The payer confirmed; Orange is processing (seconds). Recorded, so the payer cannot leave
        // for another rail meanwhile (lib/payments/choose-rail.ts assertRailCanChange).
        return { state: 'pending', received: 0, seen: 0, details: { operatorState: 'in_progress' } };
      case 'INITIATED': {
        // Never confirmed by the payer: nothing happened yet (waiting). Orange's pay_token is valid
        // ORANGE_PAY_TOKEN_SECONDS by default: after it a confirmation only turns the payment
        // EXPIRED, so once well past it nothing can pay this one (Orange itself leaves an untouched
        // payment INITIATED for ever). A longer payer time of ours (a merchant whose validity is
        // longer) is never cut short: we told the payer they had until then.
        const valid = Math.max(ORANGE_PAY_TOKEN_SECONDS, this.operator.timeoutSeconds);
        if (now >= Number(attempt.details.lastPushAt ?? attempt.createdAt) + valid + ORANGE_EXPIRY_MARGIN_SECONDS)
          // Final as far as polling goes (polling Orange for a day about every abandoned payment
          // would spend its rate limit); if Orange pays it after all, its verified notification
          // watches the attempt again (lib/payments/callback.ts).
          return {
            state: 'expired',
            received: 0,
            seen: 0,
            error: { code: 'timeout', message: 'The payer did not complete the payment on Orange Money in time.' },
          };
        return { state: 'waiting', received: 0, seen: 0 };
      }
      default:
        // PENDING (the payer confirmed; in progress), or a status we do not know: not final.
        return { state: 'pending', received: 0, seen: 0 };
    }
  }

  /** No refund by API: every refund is the merchant's to make (`requires_action`), asked or checked. */
  readonly refunds: RefundRail = {
    method: 'send',
    send: async (req) => this.manualRefund(req),
    check: async (req) => this.manualRefund(req),
  };

  private manualRefund(req: RefundRequest): RefundOutcome {
    const p = req.payment;
    return {
      state: 'requires_action',
      instructions: orangeRefundInstructions(req),
      details: {
        manual: true,
        orderId: typeof p.details.orderId === 'string' ? p.details.orderId : p.id,
        txnid: typeof p.details.txnid === 'string' ? p.details.txnid : null,
      },
    };
  }

  async parseCallback(req: CallbackInput): Promise<CallbackTarget> {
    const attemptId = attemptOfNotifyUrl(req.url);
    if (!attemptId) throw new BackendError(this.rail, 'notification: no attempt in the URL');
    let body: unknown;
    try {
      body = JSON.parse(req.rawBody);
    } catch {
      throw new BackendError(this.rail, 'notification: body is not JSON');
    }
    const parsed = notificationSchema.safeParse(body);
    if (!parsed.success) throw new BackendError(this.rail, 'notification: no notif_token');
    const given = Buffer.from(sha256(parsed.data.notif_token), 'hex');
    return {
      attemptId,
      authenticated: true,
      verify: (attempt) => {
        const stored = typeof attempt.details.notifTokenHash === 'string' ? Buffer.from(attempt.details.notifTokenHash, 'hex') : Buffer.alloc(0);
        return stored.length === given.length && timingSafeEqual(stored, given);
      },
    };
  }
}

/**
 * Orange Money on a rail: MOMO_<X>_CLIENT_ID, _CLIENT_SECRET, _MERCHANT_KEY and _WEBPAY_COUNTRY,
 * all or none; _BASE_URL and _WEBPAY_CURRENCY (the sandbox's relabelling) optional. Live, it
 * needs public https addresses short enough for Orange.
 */
export const orangeProtocol: MobileMoneyProtocol<OrangeConfig> = {
  protocol: 'orange_money',
  settings: ['BASE_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'MERCHANT_KEY', 'WEBPAY_COUNTRY', 'WEBPAY_CURRENCY'],
  parse(rail, { cfg, env, timeoutMs, publicOnly }) {
    const { letter: l, currencies } = operatorInfoFrom(rail, env);
    const v = (n: string) => env[`MOMO_${l}_${n}`];
    const names = ['CLIENT_ID', 'CLIENT_SECRET', 'MERCHANT_KEY', 'WEBPAY_COUNTRY'].map((n) => `MOMO_${l}_${n}`);
    if (!allOrNone(names, env)) return null;
    assertPublicAddresses(cfg, `MOMO_${l}_* (orange_money)`);
    // One Orange Web Payment country is one currency: amounts go to Orange as they are, so a
    // rail taking several currencies (or relabelling one as another) would charge the wrong sum.
    // Only Orange's development sandbox (`dev`) takes every currency, relabelled OUV.
    if (v('WEBPAY_COUNTRY') !== 'dev') {
      if (currencies.length !== 1)
        throw new Error(
          `Invalid configuration for MOMO_${l}_* (orange_money): Orange Money country "${String(v('WEBPAY_COUNTRY'))}" takes one currency; set MOMO_${l}_CURRENCIES to it (now: ${currencies.join(',')}).`,
        );
      if (v('WEBPAY_CURRENCY') !== undefined && v('WEBPAY_CURRENCY') !== currencies[0])
        throw new Error(
          `Invalid configuration for MOMO_${l}_* (orange_money): MOMO_${l}_WEBPAY_CURRENCY relabels ${currencies[0]} amounts as ${String(v('WEBPAY_CURRENCY'))}; it is for Orange's development sandbox (WEBPAY_COUNTRY=dev, currency OUV) only.`,
        );
    }
    const config = configured(`MOMO_${l}_* (orange_money)`, () =>
      parseOrangeConfig({
        baseUrl: v('BASE_URL') ?? 'https://api.orange.com',
        clientId: v('CLIENT_ID'),
        clientSecret: v('CLIENT_SECRET'),
        merchantKey: v('MERCHANT_KEY'),
        country: v('WEBPAY_COUNTRY'),
        currency: v('WEBPAY_CURRENCY'),
        timeoutMs,
        publicOnly,
      }),
    );
    // Every payment's notif_url and the checkout page's address must fit Orange's limit: a
    // deployment whose addresses are too long could never take an Orange payment; say so now.
    const longest = Math.max(
      `${cfg.BASE_URL}/callbacks/mobile_money/${rail}?attempt=att_${'x'.repeat(22)}`.length,
      `${cfg.checkoutUrl}/cs_${'x'.repeat(22)}`.length,
    );
    if (longest > MAX_URL)
      throw new Error(
        `Invalid configuration for MOMO_${l}_* (orange_money): Orange Money takes URLs of at most ${MAX_URL} characters, and this deployment's notification or checkout addresses reach ${longest}. Shorten BASE_URL / CHECKOUT_URL.`,
      );
    return config;
  },
  create: (rail, config, { env }) => new OrangeMoneyAdapter(rail, config, operatorInfoFrom(rail, env)),
};
