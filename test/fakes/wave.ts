// A fake of Wave's Checkout API and of its webhooks, written from Wave's own pages, not from our
// adapter:
//   - docs.wave.com/checkout ("Checkout API") and docs.wave.com/business ("API Reference"): base URL
//     https://api.wave.com; endpoints POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
//     GET /v1/checkout/sessions (?transaction_id=), GET /v1/checkout/sessions/search
//     (?client_reference=), POST /v1/checkout/sessions/:id/expire, POST .../:id/refund.
//     Every request carries `Authorization: Bearer <api key>` (keys look like wave_sn_prod_...);
//     authentication errors, all 401 with an error object { code, message }: missing-auth-header
//     ("should include an HTTP auth header"), invalid-auth ("can't be processed"),
//     api-key-not-provided, no-matching-api-key ("doesn't exist in our system"), api-key-revoked;
//     403 invalid-wallet / disabled-wallet. "Rate limiting": too many requests in a short time may
//     get 429 (no body or Retry-After documented there).
//   - The same reference, "Errors": a failed request answers { code, message, details? }, e.g.
//     { "code": "request-validation-error", "message": "Request invalid", "details": [{ "loc":
//     [...], "msg": "field required" }] }; status codes 400 (malformed), 401, 403, 404, 422, 429,
//     500, 503. Changelog 2022-05-10: the Checkout API validates decimals as the "Amount" type says.
//   - docs.wave.com/payout ("Payout API", which shares the reference's types and error list):
//     Amount is a string, "." as decimal separator, at most 2 decimals and fewer if the currency
//     says so (XOF: none), no leading zeros when >= 1, one leading zero below 1, positive in
//     requests; Currency is an upper-case ISO 4217 code, an unknown one is a
//     request-validation-error (loc ["currency"], type value_error); phone numbers are E.164 with
//     a "+"; timestamps are UTC, second precision, YYYY-MM-DDThh:mm:ssZ. Idempotency-Key: a
//     client-chosen string of up to 255 characters; the same key never acts twice; the same key with
//     another body is `idempotency-mismatch`. Error codes request-not-json, request-parsing-error,
//     request-validation-error, currency-mismatch, invalid-aggregated-merchant-id, not-found,
//     too-many-requests (the 429's code, changelog 2022-09-21), internal-server-error,
//     service-unavailable.
//   - The checkout session object (docs.wave.com/checkout, as mirrored by the typed client
//     0xc007b.github.io/wave-api-client "CheckoutSession" and by a real checkout.session.completed
//     body published at elitecars.sentech.online/taf/wave/call_back.json): id "cos-..." (up to 20
//     chars), amount ("gross of fees"), checkout_status open | complete | expired, client_reference
//     (null when not given), currency, error_url, success_url, last_payment_error (null, or
//     { code, message } for the last failed attempt), business_name, payment_status processing |
//     cancelled | succeeded, restrict_payer_mobile ("can only be paid by the Wave account with this
//     number"), aggregated_merchant_id, transaction_id (visible in the payer's app; once paid),
//     wave_launch_url (https://pay.wave.com/c/cos-...?a=<amount>&c=<currency>&m=<business>),
//     when_created, when_expires, when_completed ("completed or expired"; absent while open).
//     Lifetime: the real body shows when_expires = when_created + 30 minutes (16:55:44 -> 17:25:44);
//     third-party specs (afrotools specs/payment/wave) say the same "30 minutes by default". Wave's
//     own example object shows 24 hours (2021-12-08T10:13:04Z -> 2021-12-09T10:13:04Z): the fake
//     uses 30 minutes (`lifetimeMs` changes it).
//   - Create body: amount, currency, error_url, success_url required; client_reference (up to 255
//     chars), restrict_payer_mobile (E.164), aggregated_merchant_id optional. success_url and
//     error_url must be https (the reference; several integrators repeat it): the fake accepts
//     http only when `allowHttpUrls` (default true, because test receivers listen on
//     http://127.0.0.1 and have no certificate; set it to false to test the rule). Unknown fields
//     (e.g. "metadata") are refused by Wave according to integrators' notes; `strictFields`
//     (default true) does the same. No minimum amount is documented; none is enforced.
//   - Failed payment reasons (last_payment_error.code), from the checkout reference as quoted by
//     integrators: blocked-account, cross-border-payment-not-allowed, customer-age-restricted,
//     insufficient-funds, kyb-limits-exceeded, payer-mobile-mismatch (restrict_payer_mobile not
//     matched), payment-failure. A failed attempt leaves the session open (the payer may try again
//     until it expires); an expired session that was never paid reads payment_status "cancelled".
//   - Unknown session: 404 checkout-session-not-found (the code integrators quote for checkout; the
//     payout page's analogue is not-found). Search answers { "result": [...] }, empty when nothing
//     matches (as /v1/payouts/search documents).
//   - Expire: only an open session; 200 with an empty body (third-party specs); an already complete
//     or expired one answers 409 (third-party specs: afrotools specs/payment/wave/expire_checkout).
//     Wave's error code for that case was not on any page reachable here: the fake answers
//     `checkout-session-not-open` (EXPIRE_CONFLICT_CODE). Expiring sets checkout_status "expired",
//     payment_status "cancelled" and when_completed.
//   - docs.wave.com/webhook ("Webhooks"): Wave POSTs an Event { id, type, data } (data: the checkout
//     session) to the URLs registered for each event type: checkout.session.completed,
//     checkout.session.payment_failed (plus merchant.payment_received, b2b.payment_received,
//     b2b.payment_failed, test.test_event, not faked). Two security strategies: "shared secret"
//     (Authorization: Bearer <webhook secret>, secrets look like wave_sn_WHS_...) and "signing
//     secret": `Wave-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]` where each v1 is
//     HMAC-SHA256, key = the secret string as given (prefix included, nothing decoded), message =
//     the timestamp digits immediately followed by the raw body (no separator), lowercase hex; any
//     v1 may match. Receivers should refuse timestamps older than 5 minutes (apis.io's summary of the
//     page), answer 2xx within 5 seconds, and expect duplicates and disorder; Wave retries failed
//     deliveries (for 3 days, per integrators). The fake delivers once per call; tests replay.
//   - Refund (docs.wave.com/checkout lists POST /v1/checkout/sessions/:id/refund; what it does is
//     read from integrators who quote the page, since the copy of the page found here stops before
//     it: a "wave-checkout" note that summarises the page ("idempotent: calling it twice makes one
//     refund; no request body; HTTP 200 with no body on success; refunds the whole amount"), a
//     NestJS integration ("Wave's Checkout API refunds a whole checkout session only ..., no amount,
//     and repeating the call doesn't refund twice"), and two Go emulators of Wave (abdotop/wave-pool)):
//     no body, no amount: the whole session goes back; 200 with an empty body; idempotent: a session
//     already refunded answers 200 again and nothing more moves; a session whose payment has not
//     succeeded answers 400 checkout-refund-failed; unknown: 404 checkout-session-not-found. The fake
//     also answers checkout-refund-failed when the wallet's balance cannot cover the refund (an
//     integrator's fake does the same; Wave's own wording for that case was not found). The session
//     object documents no refund field (payment_status stays processing | cancelled | succeeded):
//     the fake leaves the session as it was, so a refund is only seen in what the fake recorded
//     (`refunds`). An Idempotency-Key, when sent, is kept like the create's: the same key on
//     another session is idempotency-mismatch.
//   - docs.wave.com/payout ("Payout API"): POST /v1/payout, GET /v1/payout/:id, GET
//     /v1/payouts/search (?client_reference=), answering { result: [...] }. "Obtaining your API
//     key": keys are created in the Wave Business portal, which defines "which specific APIs each
//     key has access to": the fake has a checkout key (`apiKey`) and a payout key (`payoutApiKey`),
//     and a key used on an API it was not given answers 403 unauthorized-wallet ("the account you
//     use is not authorized to use this API", as integrators copy Wave's error table; the exact
//     status and code for this case are an assumption). The payout request (the typed client
//     0xc007b/wave-api-client src/api/payout/types.ts, and integrators' notes quoting the page):
//     currency, receive_amount (what the recipient gets, "net of fees": the fee is the sender's),
//     mobile (E.164) required; name, national_id (up to 255), payment_reason (up to 40),
//     client_reference (up to 255), aggregated_merchant_id optional; the Idempotency-Key header is
//     required (the client refuses to send without one); the same key and body answer the same
//     payout, the same key with another body 409 idempotency-mismatch. The payout object: id
//     ("pt-..."), currency, receive_amount, fee, mobile, name, national_id, client_reference,
//     payment_reason, status processing | succeeded | failed | reversed, payout_error { error_code,
//     error_message } when failed, timestamp. Refusals (integrators' table of the page's error codes):
//     400 country-mismatch, currency-mismatch, aggregated-merchant-required; 409
//     idempotency-mismatch; 422 insufficient-funds (amount plus fee above the balance),
//     recipient-minor, recipient-account-blocked, recipient-account-inactive,
//     recipient-limit-exceeded. Integrators also quote Wave's warning that a 5xx or a timeout
//     leaves the payout's fate unknown: search by client_reference, or retry with the same key, never
//     a new one. A reversal (POST /v1/payout/:id/reverse, not faked) gives back amount and fee;
//     `settlePayout` stands for Wave finishing, failing or reversing a payout later. The fee is 1% of
//     the amount (`payoutFeeRate`), rounded to the currency's unit.
//   - docs.wave.com/balance-api ("Balance & Reconciliation API": "list all the transactions processed
//     by your Wave Business Wallet ... automated daily reconciliation"): GET /v1/transactions with
//     `date` (YYYY-MM-DD, default today; the fake reads it as a UTC day, as Wave's timestamps are UTC)
//     and `after` (the page_info.end_cursor of the page before), answering { page_info: {
//     start_cursor, end_cursor, has_next_page }, date, items: [{ timestamp, transaction_id
//     ("T_..."), transaction_type, amount, fee, balance, currency, is_reversal, counterparty_name,
//     counterparty_mobile, client_reference, checkout_api_session_id, payment_reason }] } (the page's
//     example and integrators' typed clients). Types: merchant_payment, merchant_payment_refund,
//     api_checkout, api_checkout_refund, api_payout, api_payout_reversal, bulk_payment,
//     bulk_payment_reversal, b2b_payment, b2b_payment_reversal, merchant_sweep. `amount` is what the
//     wallet moved: net of the fee for money in (the page's example: amount 990, fee 10, for a
//     payment of 1000), negative for money out (a payout: what the recipient got plus the fee). A key
//     needs the Balance API (the portal's choice; the fake's apiKey has it unless
//     `balanceApi: false`). The page size is not documented (`transactionsPageSize`, default 50);
//     a bad cursor is a request-validation-error. The checkout fee (`checkoutFeeRate`, default 0:
//     Wave's rate is the merchant's contract) is taken from the wallet on each payment.
import { createHmac, randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, startFake } from './server';

export interface FakeWaveSession {
  id: string;
  /** The create body as sent. */
  body: any;
  /** The session object as the API answers it (kept current: expiry is applied on every request and on advance()). */
  session: Record<string, unknown>;
  idempotencyKey?: string;
}

export type WaveOp = 'create' | 'retrieve' | 'expire' | 'search' | 'refund' | 'payout' | 'payout-retrieve' | 'payout-search' | 'transactions';
/** 'lost': do the work, never answer; 'recorded-500': do the work, then answer 500 internal-server-error. */
export type WaveFault = FakeAnswer | 'timeout' | 'lost' | 'recorded-500';
/** The APIs a key may be given (the Wave Business portal's choice per key). */
export type WaveApi = 'checkout' | 'payout' | 'balance';

/** A session refund the fake made: the whole session's amount went back to the payer. */
export interface FakeWaveRefund {
  sessionId: string;
  /** The session's amount, as Wave keeps it (a decimal string). */
  amount: string;
  currency: string;
  idempotencyKey?: string;
}

export interface FakeWavePayout {
  id: string;
  /** The create body as sent. */
  body: any;
  /** The payout object as the API answers it (kept current by settlePayout). */
  payout: Record<string, unknown>;
  idempotencyKey: string;
}

export interface FakeWaveWebhook {
  url: string;
  rawBody: string;
  headers: Record<string, string>;
  /** The receiver's HTTP status, or null when it could not be reached in 5 s. */
  status: number | null;
}

/** A line of the wallet's transaction list (the Balance API's item, as answered). */
export type FakeWaveTransaction = Record<string, unknown> & { timestamp: string; transaction_id: string; transaction_type: string; amount: string };

export interface FakeWave extends FakeServer {
  sessions: Map<string, FakeWaveSession>;
  /** The wallet's transaction list, oldest first (the Balance API's items); a test may add or change lines (money moved outside Caisse). */
  transactions: FakeWaveTransaction[];
  /** Record a wallet transaction now (or at `atMs`), as Wave would: the balance moves by `amount`. */
  recordTransaction(t: {
    type: string;
    amount: number;
    fee?: number;
    sessionId?: string;
    clientReference?: string | null;
    mobile?: string;
    atMs?: number;
  }): FakeWaveTransaction;
  byClientReference(ref: string): FakeWaveSession[];
  apiKey: string;
  webhookSecret: string;
  /** Keys that answer api-key-revoked. */
  revokedKeys: Set<string>;
  /** The key given the Payout API (apiKey has the Checkout API only, unless grant() says otherwise). */
  payoutApiKey: string;
  /** Give a key one more API. */
  grant(key: string, api: WaveApi): void;
  /** The business wallet's balance, in currency units (XOF: francs): refunds and payouts take from it, payments add to it. */
  balance: number;
  /** Every session refund made, in order (an idempotent repeat adds nothing). */
  refunds: FakeWaveRefund[];
  /** Every payout made, by id. */
  payouts: Map<string, FakeWavePayout>;
  /** Numbers whose payouts are refused with this code (422 recipient-account-blocked, recipient-limit-exceeded...). */
  recipientErrors: Map<string, string>;
  /** Wave finishes a processing payout, fails it (default code payout-failed), or reverses it: failed and reversed give amount and fee back. */
  settlePayout(id: string, status: 'succeeded' | 'failed' | 'reversed', code?: string): void;
  /** Where webhooks go (set by the test). */
  webhookUrl: string | null;
  /** 'signing' (Wave-Signature, the default) or 'shared' (Authorization: Bearer <secret>). */
  webhookStrategy: 'signing' | 'shared';
  /** Every webhook sent, in order. */
  webhooks: FakeWaveWebhook[];
  /**
   * The payer pays on the app: checkout_status complete, payment_status succeeded, transaction_id
   * set, when_completed; then (unless webhook:false) POSTs the signed checkout.session.completed
   * webhook to webhookUrl. `payerMobile` is checked against restrict_payer_mobile (left out: the
   * payer is the restricted one; a mismatch: the attempt fails with payer-mobile-mismatch and checkout.session.payment_failed is sent). Throws
   * for a session that is not open (expired or already paid). Returns the webhook's HTTP status or null.
   * `timestamp` (unix seconds) signs the webhook at that time instead of the wall clock.
   */
  pay(sessionId: string, opts?: { webhook?: boolean; payerMobile?: string; timestamp?: number }): Promise<number | null>;
  /** The payment attempt fails (default insufficient-funds): last_payment_error set, the session stays open; sends checkout.session.payment_failed unless webhook:false. */
  failPayment(sessionId: string, opts?: { webhook?: boolean; code?: string; timestamp?: number }): Promise<number | null>;
  /** Sign a body as Wave does (for forgeries/replays in tests): returns the Wave-Signature header value. Several secrets give several v1 entries. */
  sign(rawBody: string, timestampSeconds: number, secret?: string | string[]): string;
  /** Post a raw body with given headers to webhookUrl; resolves to its status, or null if unreachable. */
  sendWebhook(rawBody: string, headers: Record<string, string>): Promise<number | null>;
  /** Answer the next `times` calls of an operation with this instead ('lost': do the work, never answer). */
  fail(op: WaveOp, fault: WaveFault, times?: number): void;
  /** Move the fake clock; open sessions past when_expires become expired. */
  advance(ms: number): void;
  /** The fake clock, in ms. */
  now(): number;
}

export interface FakeWaveOptions {
  apiKey?: string;
  webhookSecret?: string;
  /** The wallet's currency: another valid ISO code answers currency-mismatch. Default XOF. */
  currency?: string;
  businessName?: string;
  /** Session lifetime. Default 30 minutes. */
  lifetimeMs?: number;
  /** Accept http:// success/error URLs (Wave requires https). Default true, for local receivers. */
  allowHttpUrls?: boolean;
  /** Refuse unknown create fields. Default true. */
  strictFields?: boolean;
  /** When set, only these aggregated_merchant_id values are accepted. */
  aggregatedMerchantIds?: string[];
  webhookStrategy?: 'signing' | 'shared';
  payoutApiKey?: string;
  /** The wallet's balance at start, in currency units. Default 10,000,000. */
  balance?: number;
  /** The payout fee, as a share of receive_amount. Default 0.01. */
  payoutFeeRate?: number;
  /** What a new payout answers: succeeded at once (default) or processing until settlePayout. */
  payoutStatus?: 'succeeded' | 'processing';
  /** The checkout fee, as a share of a payment (taken from what the wallet gets). Default 0. */
  checkoutFeeRate?: number;
  /** Items per page of GET /v1/transactions. Default 50. */
  transactionsPageSize?: number;
  /** Whether apiKey has the Balance API. Default true. */
  balanceApi?: boolean;
}

/** The code the fake answers (409) for expiring a session that is not open: Wave's own was not found. */
export const EXPIRE_CONFLICT_CODE = 'checkout-session-not-open';

/** A Wave error answer: { code, message, details? }. */
export function waveError(status: number, code: string, message: string, details?: unknown[]): FakeAnswer {
  return { status, body: details ? { code, message, details } : { code, message } };
}

/** The documented 429 (code from the payout page's list). */
export const WAVE_RATE_LIMITED: FakeAnswer = waveError(429, 'too-many-requests', 'You have sent too many requests in a short period.');

export const PAYMENT_ERRORS: Record<string, string> = {
  'blocked-account': 'The customer used a blocked account to try to pay.',
  'cross-border-payment-not-allowed': 'Cross-border payments are not allowed for this customer.',
  'customer-age-restricted': 'The customer is not allowed to pay for this age-restricted product.',
  'insufficient-funds': 'The customer did not have enough balance.',
  'kyb-limits-exceeded': 'The business has exceeded its account limits.',
  'payer-mobile-mismatch': 'The payer mobile number does not match the one required for this checkout.',
  'payment-failure': 'A technical error occurred in the Wave system.',
};

// ISO 4217 codes of the countries Wave runs in (and a few neighbours), with their minor units.
// Wave documents "XOF doesn't allow decimals"; the others follow ISO 4217's minor units.
const MINOR_UNITS: Record<string, number> = { XOF: 0, XAF: 0, GNF: 0, UGX: 0, GMD: 2, SLE: 2, CDF: 2, USD: 2, EUR: 2 };
const ALLOWED_FIELDS = new Set(['amount', 'currency', 'error_url', 'success_url', 'client_reference', 'restrict_payer_mobile', 'aggregated_merchant_id']);
const PAYOUT_FIELDS = new Set(['currency', 'receive_amount', 'mobile', 'name', 'national_id', 'payment_reason', 'client_reference', 'aggregated_merchant_id']);
const E164 = /^\+[1-9]\d{6,14}$/;
const ALNUM_LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomId(alphabet: string, n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

/** ISO 8601, UTC, second precision: YYYY-MM-DDThh:mm:ssZ. */
const stamp = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

type Detail = { loc: (string | number)[]; msg: string; type: string };
const invalid = (details: Detail[]): FakeAnswer => waveError(400, 'request-validation-error', 'Request invalid', details);
const notFound = (): FakeAnswer => waveError(404, 'checkout-session-not-found', 'The checkout session was not found.');
const payoutNotFound = (): FakeAnswer => waveError(404, 'not-found', 'The payout was not found.');
const fingerprintOf = (body: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );

/** The JSON object body of a POST, or Wave's answer for one that is not. */
function jsonBody(headers: Record<string, string | string[] | undefined>, raw: string): { body: any } | { error: FakeAnswer } {
  if (!/^application\/json\b/i.test(String(headers['content-type'] ?? '')))
    return { error: waveError(400, 'request-not-json', 'The request has no JSON body or lacks the Content-Type: application/json header.') };
  let body: any;
  try {
    body = JSON.parse(raw);
  } catch {
    return { error: waveError(400, 'request-parsing-error', 'The JSON body of this request is invalid.') };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { error: invalid([{ loc: ['__root__'], msg: 'value is not a valid dict', type: 'type_error.dict' }]) };
  return { body };
}

const PAYOUT_ERRORS: Record<string, string> = {
  'recipient-minor': 'The recipient is a minor and cannot receive this payout.',
  'recipient-account-blocked': "The recipient's account is blocked.",
  'recipient-account-inactive': "The recipient's account is inactive.",
  'recipient-limit-exceeded': 'The recipient has reached the limit of their account.',
  'payout-failed': 'The payout failed.',
};

function checkAmount(amount: unknown, currency: string | undefined): Detail | undefined {
  const d = (msg: string): Detail => ({ loc: ['amount'], msg, type: 'value_error' });
  if (amount === undefined) return { loc: ['amount'], msg: 'field required', type: 'value_error.missing' };
  if (typeof amount !== 'string') return d('amount must be a string');
  if (!/^(0|[1-9]\d*)(\.\d+)?$/.test(amount)) return d('invalid amount format: digits, an optional "." and decimals, no leading zeros');
  const decimals = amount.split('.')[1]?.length ?? 0;
  const allowed = Math.min(2, currency && MINOR_UNITS[currency] !== undefined ? MINOR_UNITS[currency]! : 2);
  if (decimals > allowed) return d(allowed === 0 ? `${currency} amounts do not allow decimals` : `at most ${allowed} decimals`);
  if (!(Number(amount) > 0)) return d('amount must be positive');
  return undefined;
}

export async function startFakeWave(opts: FakeWaveOptions = {}): Promise<FakeWave> {
  const sessions = new Map<string, FakeWaveSession>();
  const idempotency = new Map<string, { id: string; fingerprint: string }>();
  const faults: Record<WaveOp, WaveFault[]> = {
    create: [],
    retrieve: [],
    expire: [],
    search: [],
    refund: [],
    payout: [],
    'payout-retrieve': [],
    'payout-search': [],
    transactions: [],
  };
  const grants = new Map<string, Set<WaveApi>>();
  const refundKeys = new Map<string, string>();
  const payoutKeys = new Map<string, { id: string; fingerprint: string }>();
  const refunded = new Set<string>();
  const feeRate = opts.payoutFeeRate ?? 0.01;
  const walletCurrency = opts.currency ?? 'XOF';
  const businessName = opts.businessName ?? 'Fake Shop';
  const lifetimeMs = opts.lifetimeMs ?? 30 * 60_000;
  const allowHttp = opts.allowHttpUrls ?? true;
  const strict = opts.strictFields ?? true;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  const sweep = () => {
    const t = now();
    for (const s of sessions.values()) {
      const o = s.session;
      if (o.checkout_status === 'open' && Date.parse(String(o.when_expires)) <= t) {
        o.checkout_status = 'expired';
        o.payment_status = 'cancelled';
        o.when_completed = o.when_expires;
      }
    }
  };

  const takeFault = (op: WaveOp): WaveFault | undefined => faults[op].shift();

  const apisOf = (key: string): Set<WaveApi> => {
    const apis = new Set(grants.get(key) ?? []);
    if (key === fake.apiKey) apis.add('checkout');
    if (key === fake.apiKey && opts.balanceApi !== false) apis.add('balance');
    if (key === fake.payoutApiKey) apis.add('payout');
    return apis;
  };

  const checkAuth = (headers: Record<string, string | string[] | undefined>, api: WaveApi): FakeAnswer | undefined => {
    const h = headers.authorization;
    if (h === undefined) return waveError(401, 'missing-auth-header', 'Your request should include an HTTP auth header.');
    const m = /^Bearer(?: (.*))?$/.exec(String(h));
    if (!m) return waveError(401, 'invalid-auth', "Your HTTP auth header can't be processed.");
    const key = (m[1] ?? '').trim();
    if (!key) return waveError(401, 'api-key-not-provided', 'Your request should include an API key.');
    if (fake.revokedKeys.has(key)) return waveError(401, 'api-key-revoked', 'Your API key has been revoked.');
    const apis = apisOf(key);
    if (apis.size === 0) return waveError(401, 'no-matching-api-key', "The key you provided doesn't exist in our system.");
    if (!apis.has(api)) return waveError(403, 'unauthorized-wallet', 'The account you are using is not authorized to use this API.');
    return undefined;
  };

  const validateUrl = (field: string, v: unknown): Detail | undefined => {
    if (v === undefined) return { loc: [field], msg: 'field required', type: 'value_error.missing' };
    if (typeof v !== 'string' || !URL.canParse(v)) return { loc: [field], msg: 'invalid or missing URL scheme', type: 'value_error.url' };
    const proto = new URL(v).protocol;
    if (proto === 'https:' || (allowHttp && proto === 'http:')) return undefined;
    return { loc: [field], msg: 'URL scheme not permitted: https is required', type: 'value_error.url.scheme' };
  };

  const create = (headers: Record<string, string | string[] | undefined>, raw: string): FakeAnswer => {
    const ctype = String(headers['content-type'] ?? '');
    if (!/^application\/json\b/i.test(ctype))
      return waveError(400, 'request-not-json', 'The request has no JSON body or lacks the Content-Type: application/json header.');
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return waveError(400, 'request-parsing-error', 'The JSON body of this request is invalid.');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return invalid([{ loc: ['__root__'], msg: 'value is not a valid dict', type: 'type_error.dict' }]);

    const keyHeader = headers['idempotency-key'];
    const idemKey = keyHeader === undefined ? undefined : String(keyHeader);
    if (idemKey !== undefined && (idemKey.length === 0 || idemKey.length > 255))
      return waveError(400, 'request-validation-error', 'The Idempotency-Key header must have 1 to 255 characters.');

    const details: Detail[] = [];
    if (strict)
      for (const k of Object.keys(body)) if (!ALLOWED_FIELDS.has(k)) details.push({ loc: [k], msg: 'extra fields not permitted', type: 'value_error.extra' });
    const currency = body.currency;
    let currencyOk = false;
    if (currency === undefined) details.push({ loc: ['currency'], msg: 'field required', type: 'value_error.missing' });
    else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || MINOR_UNITS[currency] === undefined)
      details.push({
        loc: ['currency'],
        msg: `Unknown currency identifier: ${String(currency)}. The currency must be a three-letter ISO 4217 code.`,
        type: 'value_error',
      });
    else currencyOk = true;
    const amountErr = checkAmount(body.amount, currencyOk ? currency : undefined);
    if (amountErr) details.push(amountErr);
    for (const f of ['error_url', 'success_url']) {
      const e = validateUrl(f, body[f]);
      if (e) details.push(e);
    }
    if (
      body.client_reference !== undefined &&
      body.client_reference !== null &&
      (typeof body.client_reference !== 'string' || body.client_reference.length > 255)
    )
      details.push({ loc: ['client_reference'], msg: 'ensure this value is a string of at most 255 characters', type: 'value_error.any_str.max_length' });
    if (
      body.restrict_payer_mobile !== undefined &&
      body.restrict_payer_mobile !== null &&
      (typeof body.restrict_payer_mobile !== 'string' || !E164.test(body.restrict_payer_mobile))
    )
      details.push({ loc: ['restrict_payer_mobile'], msg: 'Invalid phone number: E.164 with a leading +', type: 'value_error' });
    if (body.aggregated_merchant_id !== undefined && typeof body.aggregated_merchant_id !== 'string')
      details.push({ loc: ['aggregated_merchant_id'], msg: 'str type expected', type: 'type_error.str' });
    if (details.length) return invalid(details);
    if (currency !== walletCurrency)
      return waveError(400, 'currency-mismatch', `The currency ${currency} does not match your wallet's currency (${walletCurrency}).`);
    if (typeof body.aggregated_merchant_id === 'string' && opts.aggregatedMerchantIds && !opts.aggregatedMerchantIds.includes(body.aggregated_merchant_id))
      return waveError(400, 'invalid-aggregated-merchant-id', 'The aggregated merchant id does not exist or cannot be used from this account.');

    const fingerprint = JSON.stringify(
      Object.keys(body)
        .sort()
        .map((k) => [k, body[k]]),
    );
    if (idemKey !== undefined) {
      const prior = idempotency.get(idemKey);
      if (prior) {
        if (prior.fingerprint !== fingerprint) return waveError(409, 'idempotency-mismatch', 'This Idempotency-Key was already used with a different request.');
        return { status: 200, body: sessions.get(prior.id)!.session };
      }
    }

    const id = `cos-${randomId(ALNUM_LOWER, 13)}`;
    const t = now();
    const launch = new URL(`/c/${id}`, fake.url);
    launch.searchParams.set('a', body.amount);
    launch.searchParams.set('c', currency);
    launch.searchParams.set('m', businessName);
    const session: Record<string, unknown> = {
      id,
      amount: body.amount,
      checkout_status: 'open',
      client_reference: body.client_reference ?? null,
      currency,
      error_url: body.error_url,
      success_url: body.success_url,
      last_payment_error: null,
      business_name: businessName,
      payment_status: 'processing',
      ...(typeof body.restrict_payer_mobile === 'string' ? { restrict_payer_mobile: body.restrict_payer_mobile } : {}),
      ...(typeof body.aggregated_merchant_id === 'string' ? { aggregated_merchant_id: body.aggregated_merchant_id } : {}),
      wave_launch_url: launch.toString(),
      when_created: stamp(t),
      when_expires: stamp(t + lifetimeMs),
    };
    sessions.set(id, { id, body, session, ...(idemKey !== undefined ? { idempotencyKey: idemKey } : {}) });
    if (idemKey !== undefined) idempotency.set(idemKey, { id, fingerprint });
    return { status: 200, body: session };
  };

  const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>): { key?: string } | { error: FakeAnswer } => {
    const h = headers['idempotency-key'];
    if (h === undefined) return {};
    const key = String(h);
    if (key.length === 0 || key.length > 255)
      return { error: waveError(400, 'request-validation-error', 'The Idempotency-Key header must have 1 to 255 characters.') };
    return { key };
  };

  /** POST /v1/checkout/sessions/:id/refund: the whole session, once. */
  const refund = (headers: Record<string, string | string[] | undefined>, sessionId: string): FakeAnswer => {
    const idem = idempotencyKeyOf(headers);
    if ('error' in idem) return idem.error;
    const s = sessions.get(sessionId);
    if (!s) return notFound();
    if (idem.key !== undefined) {
      const prior = refundKeys.get(idem.key);
      if (prior !== undefined && prior !== sessionId)
        return waveError(409, 'idempotency-mismatch', 'This Idempotency-Key was already used with a different request.');
    }
    // Idempotent: a session refunded already is answered as refunded, and nothing more moves.
    if (refunded.has(sessionId)) return { status: 200 };
    if (s.session.payment_status !== 'succeeded')
      return waveError(400, 'checkout-refund-failed', 'The checkout session cannot be refunded: its payment has not succeeded.');
    const amount = Number(s.session.amount);
    if (fake.balance < amount) return waveError(400, 'checkout-refund-failed', 'The checkout session cannot be refunded: insufficient balance.');
    refunded.add(sessionId);
    if (idem.key !== undefined) refundKeys.set(idem.key, sessionId);
    fake.recordTransaction({ type: 'api_checkout_refund', amount: -amount, sessionId, clientReference: (s.session.client_reference as string | null) ?? null });
    fake.refunds.push({
      sessionId,
      amount: String(s.session.amount),
      currency: String(s.session.currency),
      ...(idem.key !== undefined ? { idempotencyKey: idem.key } : {}),
    });
    return { status: 200 };
  };

  const feeOf = (amount: number, currency: string, rate = feeRate) => {
    const unit = 10 ** -(MINOR_UNITS[currency] ?? 2);
    return Math.round((amount * rate) / unit) * unit;
  };
  const decimal = (n: number, currency: string) =>
    n
      .toFixed(MINOR_UNITS[currency] ?? 2)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');

  /** POST /v1/payout. */
  const payout = (headers: Record<string, string | string[] | undefined>, raw: string): FakeAnswer => {
    const parsed = jsonBody(headers, raw);
    if ('error' in parsed) return parsed.error;
    const body = parsed.body;
    const idem = idempotencyKeyOf(headers);
    if ('error' in idem) return idem.error;
    if (idem.key === undefined) return invalid([{ loc: ['header', 'idempotency-key'], msg: 'field required', type: 'value_error.missing' }]);
    const details: Detail[] = [];
    if (strict)
      for (const k of Object.keys(body)) if (!PAYOUT_FIELDS.has(k)) details.push({ loc: [k], msg: 'extra fields not permitted', type: 'value_error.extra' });
    const currency = body.currency;
    let currencyOk = false;
    if (currency === undefined) details.push({ loc: ['currency'], msg: 'field required', type: 'value_error.missing' });
    else if (typeof currency !== 'string' || MINOR_UNITS[currency] === undefined)
      details.push({ loc: ['currency'], msg: `Unknown currency identifier: ${String(currency)}.`, type: 'value_error' });
    else currencyOk = true;
    const amountErr = checkAmount(body.receive_amount, currencyOk ? currency : undefined);
    if (amountErr) details.push({ ...amountErr, loc: ['receive_amount'] });
    if (typeof body.mobile !== 'string' || !E164.test(body.mobile))
      details.push({
        loc: ['mobile'],
        msg: body.mobile === undefined ? 'field required' : 'Invalid phone number: E.164 with a leading +',
        type: 'value_error',
      });
    for (const [field, max] of [
      ['name', 255],
      ['national_id', 255],
      ['payment_reason', 40],
      ['client_reference', 255],
    ] as const) {
      const v = body[field];
      if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > max))
        details.push({ loc: [field], msg: `ensure this value is a string of at most ${max} characters`, type: 'value_error.any_str.max_length' });
    }
    if (details.length) return invalid(details);

    const fingerprint = fingerprintOf(body);
    const prior = payoutKeys.get(idem.key);
    if (prior) {
      if (prior.fingerprint !== fingerprint) return waveError(409, 'idempotency-mismatch', 'This Idempotency-Key was already used with a different request.');
      return { status: 200, body: fake.payouts.get(prior.id)!.payout };
    }
    if (currency !== walletCurrency)
      return waveError(400, 'currency-mismatch', `The currency ${currency} does not match your wallet's currency (${walletCurrency}).`);
    const recipientError = fake.recipientErrors.get(body.mobile);
    if (recipientError) return waveError(422, recipientError, PAYOUT_ERRORS[recipientError] ?? 'The recipient cannot receive this payout.');
    const amount = Number(body.receive_amount);
    const fee = feeOf(amount, currency);
    if (fake.balance < amount + fee) return waveError(422, 'insufficient-funds', 'Your wallet does not have enough funds for this payout and its fee.');
    const id = `pt-${randomId(ALNUM_LOWER, 13)}`;
    const out: Record<string, unknown> = {
      id,
      currency,
      receive_amount: body.receive_amount,
      fee: decimal(fee, currency),
      mobile: body.mobile,
      ...(typeof body.name === 'string' ? { name: body.name } : {}),
      ...(typeof body.national_id === 'string' ? { national_id: body.national_id } : {}),
      client_reference: typeof body.client_reference === 'string' ? body.client_reference : null,
      ...(typeof body.payment_reason === 'string' ? { payment_reason: body.payment_reason } : {}),
      status: opts.payoutStatus ?? 'succeeded',
      timestamp: stamp(now()),
    };
    fake.recordTransaction({
      type: 'api_payout',
      amount: -(amount + fee),
      fee,
      clientReference: typeof body.client_reference === 'string' ? body.client_reference : null,
      mobile: body.mobile,
    });
    fake.payouts.set(id, { id, body, payout: out, idempotencyKey: idem.key });
    payoutKeys.set(idem.key, { id, fingerprint });
    return { status: 200, body: out };
  };

  const fake = (await startFake(({ method, url, headers, body }) => {
    sweep();
    const p = url.pathname;
    // The page wave_launch_url opens (no API key: it is the payer's browser).
    const launch = /^\/c\/([^/]+)$/.exec(p);
    if (method === 'GET' && launch) {
      const s = sessions.get(decodeURIComponent(launch[1]!));
      if (!s) return { status: 404, text: 'This payment link is not valid.' };
      const o = s.session;
      return { status: 200, text: `Pay ${o.amount} ${o.currency} to ${o.business_name} with Wave (${o.checkout_status}).` };
    }
    const byId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(p);
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(p);
    const refundOf = /^\/v1\/checkout\/sessions\/([^/]+)\/refund$/.exec(p);
    const payoutById = /^\/v1\/payout\/([^/]+)$/.exec(p);
    const op: WaveOp | undefined =
      method === 'POST' && p === '/v1/checkout/sessions'
        ? 'create'
        : method === 'GET' && p === '/v1/checkout/sessions/search'
          ? 'search'
          : method === 'GET' && (p === '/v1/checkout/sessions' || byId)
            ? 'retrieve'
            : method === 'POST' && expire
              ? 'expire'
              : method === 'POST' && refundOf
                ? 'refund'
                : method === 'POST' && p === '/v1/payout'
                  ? 'payout'
                  : method === 'GET' && p === '/v1/payouts/search'
                    ? 'payout-search'
                    : method === 'GET' && p === '/v1/transactions'
                      ? 'transactions'
                      : method === 'GET' && payoutById
                        ? 'payout-retrieve'
                        : undefined;
    if (!op) {
      if (/^\/v1\//.test(p))
        return waveError(
          p.startsWith('/v1/checkout/sessions') ? 405 : 404,
          p.startsWith('/v1/checkout/sessions') ? 'method-not-allowed' : 'not-found',
          'No such endpoint.',
        );
      return waveError(404, 'not-found', 'Not found.');
    }
    const fault = takeFault(op);
    if (fault && fault !== 'lost' && fault !== 'recorded-500') return fault === 'timeout' ? { status: 0, hang: true } : fault;
    const lost = (out: FakeAnswer): FakeAnswer =>
      fault === 'lost'
        ? { ...out, hang: true }
        : fault === 'recorded-500'
          ? waveError(500, 'internal-server-error', 'An internal server error occurred.')
          : out;

    const denied = checkAuth(headers, op.startsWith('payout') ? 'payout' : op === 'transactions' ? 'balance' : 'checkout');
    if (denied) return denied;

    if (op === 'transactions') {
      const date = url.searchParams.get('date') ?? stamp(now()).slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
        return invalid([{ loc: ['query', 'date'], msg: 'invalid date format', type: 'value_error.date' }]);
      const ofDay = fake.transactions.filter((t) => t.timestamp.slice(0, 10) === date);
      const after = url.searchParams.get('after');
      let from = 0;
      if (after !== null) {
        const at = ofDay.findIndex((t) => cursorOf(t) === after);
        if (at < 0) return invalid([{ loc: ['query', 'after'], msg: 'invalid cursor', type: 'value_error' }]);
        from = at + 1;
      }
      const size = opts.transactionsPageSize ?? 50;
      const items = ofDay.slice(from, from + size);
      const more = from + size < ofDay.length;
      return lost({
        status: 200,
        body: {
          page_info: { start_cursor: items[0] ? cursorOf(items[0]) : null, end_cursor: items.at(-1) ? cursorOf(items.at(-1)!) : null, has_next_page: more },
          date,
          items,
        },
      });
    }

    if (op === 'refund') return lost(refund(headers, decodeURIComponent(refundOf![1]!)));
    if (op === 'payout') return lost(payout(headers, body));
    if (op === 'payout-retrieve') {
      const po = fake.payouts.get(decodeURIComponent(payoutById![1]!));
      return lost(po ? { status: 200, body: po.payout } : payoutNotFound());
    }
    if (op === 'payout-search') {
      const ref = url.searchParams.get('client_reference');
      if (ref === null || ref === '') return invalid([{ loc: ['query', 'client_reference'], msg: 'field required', type: 'value_error.missing' }]);
      return lost({ status: 200, body: { result: [...fake.payouts.values()].filter((x) => x.payout.client_reference === ref).map((x) => x.payout) } });
    }

    if (op === 'create') return lost(create(headers, body));
    if (op === 'search') {
      const ref = url.searchParams.get('client_reference');
      if (ref === null || ref === '') return invalid([{ loc: ['query', 'client_reference'], msg: 'field required', type: 'value_error.missing' }]);
      return lost({ status: 200, body: { result: fake.byClientReference(ref).map((s) => s.session) } });
    }
    if (op === 'retrieve') {
      if (byId) {
        const s = sessions.get(decodeURIComponent(byId[1]!));
        return lost(s ? { status: 200, body: s.session } : notFound());
      }
      const tx = url.searchParams.get('transaction_id');
      if (tx === null || tx === '') return invalid([{ loc: ['query', 'transaction_id'], msg: 'field required', type: 'value_error.missing' }]);
      const s = [...sessions.values()].find((x) => x.session.transaction_id === tx);
      return lost(s ? { status: 200, body: s.session } : notFound());
    }
    // expire
    const s = sessions.get(decodeURIComponent(expire![1]!));
    if (!s) return lost(notFound());
    if (s.session.checkout_status !== 'open')
      return lost(waveError(409, EXPIRE_CONFLICT_CODE, `The checkout session is ${String(s.session.checkout_status)} and can no longer be expired.`));
    Object.assign(s.session, { checkout_status: 'expired', payment_status: 'cancelled', when_completed: stamp(now()) });
    return lost({ status: 200 });
  })) as FakeWave;

  const openSession = (id: string): FakeWaveSession => {
    sweep();
    const s = sessions.get(id);
    if (!s) throw new Error(`fake wave: no checkout session ${id}`);
    if (s.session.checkout_status !== 'open') throw new Error(`fake wave: checkout session ${id} is ${String(s.session.checkout_status)}, it cannot be paid`);
    return s;
  };

  const deliver = async (type: string, s: FakeWaveSession, timestamp?: number): Promise<number | null> => {
    const rawBody = JSON.stringify({ id: `AE_${randomId(ALNUM_LOWER + ALNUM_UPPER, 12)}`, type, data: s.session });
    const t = timestamp ?? Math.floor(Date.now() / 1000);
    const headers: Record<string, string> =
      fake.webhookStrategy === 'shared' ? { authorization: `Bearer ${fake.webhookSecret}` } : { 'wave-signature': fake.sign(rawBody, t) };
    return fake.sendWebhook(rawBody, headers);
  };

  const cursorOf = (t: FakeWaveTransaction) => Buffer.from(`LT_${t.transaction_id}`).toString('base64url');

  Object.assign(fake, {
    sessions,
    transactions: [],
    recordTransaction(t: { type: string; amount: number; fee?: number; sessionId?: string; clientReference?: string | null; mobile?: string; atMs?: number }) {
      const currency = walletCurrency;
      fake.balance += t.amount;
      const line: FakeWaveTransaction = {
        timestamp: stamp(t.atMs ?? now()),
        transaction_id: `T_${randomId(ALNUM_UPPER, 12)}`,
        transaction_type: t.type,
        amount: decimal(t.amount, currency),
        fee: decimal(t.fee ?? 0, currency),
        balance: decimal(fake.balance, currency),
        currency,
        is_reversal: false,
        counterparty_mobile: t.mobile ?? null,
        client_reference: t.clientReference ?? null,
        ...(t.sessionId ? { checkout_api_session_id: t.sessionId } : {}),
      };
      fake.transactions.push(line);
      return line;
    },
    apiKey: opts.apiKey ?? `wave_sn_prod_${randomId(ALNUM_LOWER + ALNUM_UPPER, 40)}`,
    webhookSecret: opts.webhookSecret ?? `wave_sn_WHS_${randomId(ALNUM_LOWER, 52)}`,
    revokedKeys: new Set<string>(),
    payoutApiKey: opts.payoutApiKey ?? `wave_sn_prod_${randomId(ALNUM_LOWER + ALNUM_UPPER, 40)}`,
    grant(key: string, api: WaveApi) {
      const apis = grants.get(key) ?? new Set<WaveApi>();
      apis.add(api);
      grants.set(key, apis);
    },
    balance: opts.balance ?? 10_000_000,
    refunds: [],
    payouts: new Map<string, FakeWavePayout>(),
    recipientErrors: new Map<string, string>(),
    settlePayout(id: string, status: 'succeeded' | 'failed' | 'reversed', code = 'payout-failed') {
      const po = fake.payouts.get(id);
      if (!po) throw new Error(`fake wave: no payout ${id}`);
      const o = po.payout;
      if (status === 'failed' || status === 'reversed') {
        if (o.status === 'failed' || o.status === 'reversed') throw new Error(`fake wave: payout ${id} is ${String(o.status)} already`);
        fake.recordTransaction({
          type: 'api_payout_reversal',
          amount: Number(o.receive_amount) + Number(o.fee),
          clientReference: (o.client_reference as string | null) ?? null,
        });
      }
      o.status = status;
      if (status === 'failed') o.payout_error = { error_code: code, error_message: PAYOUT_ERRORS[code] ?? 'The payout failed.' };
    },
    webhookUrl: null,
    webhookStrategy: opts.webhookStrategy ?? 'signing',
    webhooks: [],
    now,
    byClientReference(ref: string) {
      sweep();
      return [...sessions.values()].filter((s) => s.session.client_reference === ref);
    },
    async pay(sessionId: string, o: { webhook?: boolean; payerMobile?: string; timestamp?: number } = {}) {
      const s = openSession(sessionId);
      const restrict = s.session.restrict_payer_mobile;
      if (typeof restrict === 'string' && o.payerMobile !== undefined && o.payerMobile !== restrict)
        return fake.failPayment(sessionId, {
          code: 'payer-mobile-mismatch',
          ...(o.webhook !== undefined ? { webhook: o.webhook } : {}),
          ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
        });
      const gross = Number(s.session.amount);
      const fee = feeOf(gross, String(s.session.currency), opts.checkoutFeeRate ?? 0);
      fake.recordTransaction({
        type: 'api_checkout',
        amount: gross - fee,
        fee,
        sessionId,
        clientReference: (s.session.client_reference as string | null) ?? null,
        mobile: o.payerMobile,
      });
      Object.assign(s.session, {
        checkout_status: 'complete',
        payment_status: 'succeeded',
        transaction_id: `T${randomId(ALNUM_UPPER, 16)}`,
        when_completed: stamp(now()),
      });
      return o.webhook === false ? null : deliver('checkout.session.completed', s, o.timestamp);
    },
    async failPayment(sessionId: string, o: { webhook?: boolean; code?: string; timestamp?: number } = {}) {
      const s = openSession(sessionId);
      const code = o.code ?? 'insufficient-funds';
      s.session.last_payment_error = { code, message: PAYMENT_ERRORS[code] ?? 'The payment failed.' };
      return o.webhook === false ? null : deliver('checkout.session.payment_failed', s, o.timestamp);
    },
    sign(rawBody: string, timestampSeconds: number, secret: string | string[] = fake.webhookSecret) {
      const secrets = Array.isArray(secret) ? secret : [secret];
      const v1 = secrets.map((k) => `v1=${createHmac('sha256', k).update(`${timestampSeconds}${rawBody}`).digest('hex')}`);
      return [`t=${timestampSeconds}`, ...v1].join(',');
    },
    async sendWebhook(rawBody: string, headers: Record<string, string>) {
      if (!fake.webhookUrl) return null;
      const record: FakeWaveWebhook = { url: fake.webhookUrl, rawBody, headers, status: null };
      fake.webhooks.push(record);
      try {
        const res = await fetch(fake.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: rawBody,
          signal: AbortSignal.timeout(5000), // the page: answer within 5 seconds
        });
        await res.arrayBuffer().catch(() => undefined);
        record.status = res.status;
      } catch {
        record.status = null;
      }
      return record.status;
    },
    fail(op: WaveOp, fault: WaveFault, times = 1) {
      for (let i = 0; i < times; i++) faults[op].push(fault);
    },
    advance(ms: number) {
      offsetMs += ms;
      sweep();
    },
  } satisfies Partial<FakeWave>);
  return fake;
}
