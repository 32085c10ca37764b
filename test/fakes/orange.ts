// A fake of Orange Money Web Payment ("OM WebPay", Orange Developer): the OAuth token, the web
// payment, the payer on Orange's page, the notification to notif_url and the transaction status.
// Written from Orange's own pages, not from our adapter:
//   - "Orange Money WebPay Dev – Getting started – Orange Developer"
//     (developer.orange.com/apis/om-webpay-dev/getting-started, as printed 10/08/2019; a copy is
//     scribd.com/document/638670689). It says:
//     * token: "2-legged OAuth2.0 proxy V3"; "access_token have a lifetime of about 90 days",
//       valid for expires_in seconds; when it has expired, get a new one the same way.
//     * POST https://api.orange.com/orange-money-webpay/dev/v1/webpayment, Authorization: Bearer,
//       Accept/Content-Type application/json, body { merchant_key, currency, order_id, amount,
//       return_url, cancel_url, notif_url, lang, reference }; amount is a JSON NUMBER (1200, 1500),
//       currency "OUV" on the DEV API ("On API country is the country currency"); "order_id must be
//       unique for the system"; order_id and reference at most 30 characters, return_url, cancel_url
//       and notif_url at most 120; reference is the merchant's name. Answer (HTTP 201):
//       { status: 201, message: "OK", pay_token (64 hex), payment_url
//       (https://webpayment-qualif.orange-money.com/payment/pay_token/<pay_token>), notif_token (32 hex) }.
//     * notif_url "is only sent when the payment process is confirmed and when it ends with a
//       'SUCCESS' or 'FAILED' status": POST { "status": "SUCCESS", "notif_token": "...",
//       "txnid": "MP150709.1341.A00073" }; check that notif_token matches the one from the answer.
//     * POST .../transactionstatus { order_id, amount, pay_token } -> "201 Created" (sic, not 200)
//       { status, order_id, txnid }. Statuses: INITIATED waiting for user entry; PENDING user has
//       clicked "Confirmer", in progress on Orange's side (rapidly SUCCESS or FAILED); EXPIRED user
//       has clicked "Confirmer" too late (after the token's validity); SUCCESS; FAILED. "If the
//       transaction is not tried (the customer doesn't do anything, or returns on Merchant site),
//       status stays on INITIATED state. By default, the token's validity is 10 minutes."
//       So an untouched payment stays INITIATED for ever by the page; `expireIdle: true` makes it
//       report EXPIRED after the validity instead, as integrators often assume.
//   - "2-Legged OAuth in a nutshell" / "OAuth M2M in a nutshell" (developer.orange.com/tech_guide/
//     2-legged-oauth-in-a-nutshell/, developer.orange.com/resources/oauth-m2m-in-a-nutshell/): POST
//     https://api.orange.com/oauth/v3/token, Authorization: Basic base64(client_id:client_secret)
//     (the portal's "Authorization header"), Content-Type application/x-www-form-urlencoded, body
//     grant_type=client_credentials -> 200 { token_type: "Bearer", access_token, expires_in }.
//     Current Orange pages give 60 minutes by default (expires_in 3600, a number, as recorded from
//     api.orange.com/oauth/v3 in the OrangeSmsApi gem's cassettes); Orange's older v2 example answered
//     "expires_in": "7776000", a STRING (90 days): `expiresInAsString` answers that form.
//   - "Best practices for API error handling" (developer.orange.com/resources/orange-apis-error-handling)
//     and Orange's common error codes (developer.orange.com/apis/authentication-fr/api-reference#errors):
//     body { code, message, description }; 401 code 40 Missing credentials ("...but none were
//     provided."), 41 Invalid credentials ("...but the ones provided were invalid."), 42 Expired
//     credentials ("...and the ones provided were out-of-date."; get a new token); 400 code 22
//     Invalid body, 23 Missing body field, 24 Invalid body field; 404 code 60 Resource not found;
//     405 code 61 Method not allowed.
// Observed, not on those pages: a transactionstatus without order_id answered 400 { code: 23,
// message: "Missing body field", description: "Key: 'GetTransactionStatusInfo.OrderId' Error:Field
// validation ..." } (github.com/Foris-master/orange-money-sdk/issues/3); the token endpoint answers
// 401 { error: "invalid_client", error_description: "The requested service needs credentials, but
// the ones provided were invalid." } for wrong credentials and "Unable to decode Basic
// authorization." for an undecodable Basic value (OrangeSmsApi cassettes); a return_url that is not
// http(s) is refused with "Invalid body field" (code 24).
// ASSUMPTIONS (no Orange page gives them): a reused order_id, an unknown merchant_key, another
// currency, a non-integer or non-positive amount, a field over its length all answer 400 code 24
// with a description naming the field; amount as a string is refused the same way (the docs only
// ever send numbers); lang and reference are optional; a transactionstatus whose pay_token is
// unknown or whose order_id/amount do not match it answers 404 code 60; FAILED carries no txnid; a
// missing webpayment field answers code 23 in the transactionstatus wording with 'WebPayment.<Field>';
// the token endpoint answers a missing Authorization with invalid_client ("...none were provided.")
// and a grant_type other than client_credentials with 400 unsupported_grant_type (RFC 6749 §5.2).
import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, startFake } from './server';

export type OrangeStatus = 'INITIATED' | 'PENDING' | 'EXPIRED' | 'SUCCESS' | 'FAILED';
export type OrangeOp = 'token' | 'webpayment' | 'transactionstatus';

/** One web payment as Orange holds it. Tests may change `status` directly. */
export interface FakeOrangePayment {
  orderId: string;
  /** The webpayment body as sent. */
  body: any;
  payToken: string;
  notifToken: string;
  status: OrangeStatus | (string & {});
  txnid?: string;
  /** Fake-clock ms when the payment was created (its pay_token is valid `payTokenValidityMs` from then). */
  createdAt: number;
  paymentUrl: string;
}

/**
 * An injected answer for the next call(s) of one operation. `record` (webpayment): the payment is
 * recorded first, then this answer is given (a 5xx for a payment that exists). 'timeout': never
 * answered, nothing done; 'lost': done (token issued, payment recorded), then never answered.
 */
export type OrangeFault = (FakeAnswer & { record?: boolean }) | 'timeout' | 'lost';

export interface FakeOrangeOptions {
  clientId?: string;
  clientSecret?: string;
  merchantKey?: string;
  /** Token validity in seconds (expires_in). Default 3600. */
  expiresIn?: number;
  /** Answer expires_in as a string ("7776000"), as Orange's older example did. */
  expiresInAsString?: boolean;
  /** The path segment: "dev" for the sandbox, a country code ("ci", "sn", "ml"...) in production. */
  country?: string;
  /** The only accepted currency. Default "OUV" (the DEV API's). */
  currency?: string;
  /** How long a pay_token lets the payer confirm. Default 10 minutes. */
  payTokenValidityMs?: number;
  /** Report an untouched payment EXPIRED once its pay_token is no longer valid (the page says it stays INITIATED). */
  expireIdle?: boolean;
}

export interface FakeOrange extends FakeServer {
  /** pay_token -> the payment. */
  payments: Map<string, FakeOrangePayment>;
  byOrder(orderId: string): FakeOrangePayment | undefined;
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  country: string;
  currency: string;
  /** Token validity in seconds. */
  expiresIn: number;
  expiresInAsString: boolean;
  payTokenValidityMs: number;
  expireIdle: boolean;
  /** Tokens handed out (also those whose answer was 'lost'). */
  tokensIssued: number;
  /** Fake-clock now, ms. */
  now(): number;
  /** The payer clicks "Confirmer": PENDING (or EXPIRED when too late). */
  confirm(payToken: string): void;
  /**
   * The payer pays or fails on Orange's page: SUCCESS (with a txnid) or FAILED, or EXPIRED when the
   * pay_token is no longer valid (then no notification). Unless `notify: false`, POSTs the documented
   * notification to the payment's notif_url. Resolves to the notification's HTTP status, or null when
   * none was sent or notif_url could not be reached.
   */
  complete(payToken: string, status: 'SUCCESS' | 'FAILED', opts?: { notify?: boolean }): Promise<number | null>;
  /** The notification body Orange sends for this payment. */
  notification(payToken: string): Record<string, unknown>;
  /** POST a body of your choosing (forgery, replay) as JSON to a payment's notif_url. */
  notify(payToken: string, body: unknown): Promise<number | null>;
  /** Answer the next `times` calls of an operation with this instead. */
  fail(op: OrangeOp, fault: OrangeFault, times?: number): void;
  /** Move the fake's clock (tokens and pay_tokens expire by it). */
  advance(ms: number): void;
  /** Forget every token issued (they then answer 401 code 41). */
  revokeTokens(): void;
}

const err = (status: number, code: number, message: string, description: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  body: { code, message, description },
  headers,
});
const missingCredentials = () => err(401, 40, 'Missing credentials', 'The requested service needs credentials, but none were provided.');
const invalidCredentials = () => err(401, 41, 'Invalid credentials', 'The requested service needs credentials, but the ones provided were invalid.');
const expiredCredentials = () => err(401, 42, 'Expired credentials', 'The requested service needs credentials, and the ones provided were out-of-date.');
const notFound = () => err(404, 60, 'Resource not found', 'The requested URI or the requested resource does not exist.');
const invalidBody = () => err(400, 22, 'Invalid body', 'The posted body is not well-formed and thus can not be parsed.');
// The Go validator's wording, as Orange answered it for transactionstatus.
const missingField = (struct: string, field: string) =>
  err(400, 23, 'Missing body field', `Key: '${struct}.${field}' Error:Field validation for '${field}' failed on the 'required' tag`);
const invalidField = (why: string) => err(400, 24, 'Invalid body field', why);

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const isHttpUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeOrange(opts: FakeOrangeOptions = {}): Promise<FakeOrange> {
  const payments = new Map<string, FakeOrangePayment>();
  const tokens = new Map<string, number>(); // access_token -> expiry (fake clock, ms)
  const faults: Record<OrangeOp, OrangeFault[]> = { token: [], webpayment: [], transactionstatus: [] };
  let offsetMs = 0;
  let txSeq = 0;
  const nowMs = () => Date.now() + offsetMs;

  const takeFault = (op: OrangeOp, phase: 'before' | 'after'): OrangeFault | undefined => {
    const f = faults[op][0];
    if (f === undefined) return undefined;
    const after = f === 'lost' || (typeof f === 'object' && f.record === true);
    if ((phase === 'after') !== after) return undefined;
    faults[op].shift();
    return f;
  };
  const answerOf = (f: OrangeFault): FakeAnswer => (typeof f === 'string' ? { status: 0, hang: true } : f);

  const tooLate = (p: FakeOrangePayment) => nowMs() >= p.createdAt + fake.payTokenValidityMs;
  // What the status API reports now: an idle payment stays INITIATED unless `expireIdle`.
  const reported = (p: FakeOrangePayment): string => (p.status === 'INITIATED' && fake.expireIdle && tooLate(p) ? 'EXPIRED' : p.status);

  // "MP150709.1341.A00073": MP, yymmdd, hhmm (fake clock, UTC), a letter and five digits.
  const newTxnid = () => {
    const d = new Date(nowMs()).toISOString();
    return `MP${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}.${d.slice(11, 13)}${d.slice(14, 16)}.A${String(++txSeq).padStart(5, '0')}`;
  };

  const issueToken = (headers: Record<string, string | string[] | undefined>, raw: string, contentType: string): FakeAnswer => {
    const auth = String(headers.authorization ?? '');
    const basic = /^Basic\s+(\S+)$/i.exec(auth)?.[1];
    if (!auth) return { status: 401, body: { error: 'invalid_client', error_description: 'The requested service needs credentials, but none were provided.' } };
    const decoded = basic !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(basic) ? Buffer.from(basic, 'base64').toString('utf8') : undefined;
    if (decoded === undefined || !decoded.includes(':'))
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unable to decode Basic authorization.' } };
    if (decoded !== `${fake.clientId}:${fake.clientSecret}`)
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'The requested service needs credentials, but the ones provided were invalid.' },
      };
    if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded') || new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials (application/x-www-form-urlencoded).' },
      };
    const token = hex(14);
    fake.tokensIssued++;
    tokens.set(token, nowMs() + fake.expiresIn * 1000);
    return { status: 200, body: { token_type: 'Bearer', access_token: token, expires_in: fake.expiresInAsString ? String(fake.expiresIn) : fake.expiresIn } };
  };

  const checkBearer = (headers: Record<string, string | string[] | undefined>): FakeAnswer | undefined => {
    const bearer = /^Bearer\s+(\S+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (bearer === undefined) return missingCredentials();
    const until = tokens.get(bearer);
    if (until === undefined) return invalidCredentials();
    if (until <= nowMs()) return expiredCredentials();
    return undefined;
  };

  const parse = (raw: string): { body: any } | { error: FakeAnswer } => {
    try {
      const body = JSON.parse(raw);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return { error: invalidBody() };
      return { body };
    } catch {
      return { error: invalidBody() };
    }
  };
  const integerAmount = (v: unknown) => typeof v === 'number' && Number.isInteger(v);

  const webpayment = (raw: string): FakeAnswer => {
    const parsed = parse(raw);
    if ('error' in parsed) return parsed.error;
    const b = parsed.body;
    const S = 'WebPayment';
    const required: [string, string][] = [
      ['merchant_key', 'MerchantKey'],
      ['currency', 'Currency'],
      ['order_id', 'OrderId'],
      ['amount', 'Amount'],
      ['return_url', 'ReturnUrl'],
      ['cancel_url', 'CancelUrl'],
      ['notif_url', 'NotifUrl'],
    ];
    for (const [k, go] of required) if (b[k] === undefined || b[k] === null || b[k] === '') return missingField(S, go);
    for (const k of ['merchant_key', 'currency', 'order_id', 'return_url', 'cancel_url', 'notif_url', 'lang', 'reference'])
      if (b[k] !== undefined && typeof b[k] !== 'string') return invalidField(`${k} must be a string`);
    if (!integerAmount(b.amount)) return invalidField('amount must be an integer number');
    if (b.amount <= 0) return invalidField('amount must be greater than 0');
    if (b.order_id.length > 30) return invalidField('order_id is limited to 30 characters');
    if (b.reference !== undefined && b.reference.length > 30) return invalidField('reference is limited to 30 characters');
    for (const k of ['return_url', 'cancel_url', 'notif_url']) {
      if (b[k].length > 120) return invalidField(`${k} is limited to 120 characters`);
      if (!isHttpUrl(b[k])) return invalidField(`${k} must be an http(s) URL`);
    }
    if (b.merchant_key !== fake.merchantKey) return invalidField('merchant_key is not valid');
    if (b.currency !== fake.currency) return invalidField(`currency must be ${fake.currency}`);
    if (fake.byOrder(b.order_id)) return invalidField(`order_id ${b.order_id} has already been used`);
    const payToken = hex(32);
    const payment: FakeOrangePayment = {
      orderId: b.order_id,
      body: b,
      payToken,
      notifToken: hex(16),
      status: 'INITIATED',
      createdAt: nowMs(),
      paymentUrl: `${fake.url}/webpayment/${payToken}`,
    };
    payments.set(payToken, payment);
    return { status: 201, body: { status: 201, message: 'OK', pay_token: payToken, payment_url: payment.paymentUrl, notif_token: payment.notifToken } };
  };

  const transactionStatus = (raw: string): FakeAnswer => {
    const parsed = parse(raw);
    if ('error' in parsed) return parsed.error;
    const b = parsed.body;
    const S = 'GetTransactionStatusInfo';
    for (const [k, go] of [
      ['order_id', 'OrderId'],
      ['amount', 'Amount'],
      ['pay_token', 'PayToken'],
    ] as const)
      if (b[k] === undefined || b[k] === null || b[k] === '') return missingField(S, go);
    if (typeof b.order_id !== 'string' || typeof b.pay_token !== 'string') return invalidField('order_id and pay_token must be strings');
    if (!integerAmount(b.amount)) return invalidField('amount must be an integer number');
    const p = payments.get(b.pay_token);
    if (!p || p.orderId !== b.order_id || p.body.amount !== b.amount) return notFound();
    const status = reported(p);
    return { status: 201, body: { status, order_id: p.orderId, ...(p.txnid !== undefined ? { txnid: p.txnid } : {}) } };
  };

  const page = (p: FakeOrangePayment | undefined): FakeAnswer => {
    if (!p) return { status: 404, text: 'Unknown payment token', headers: { 'content-type': 'text/html; charset=utf-8' } };
    const html =
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Orange Money</title></head><body>` +
      `<h1>Paiement Orange Money</h1><p>Commande ${escapeHtml(p.orderId)}: ${escapeHtml(String(p.body.amount))} ${escapeHtml(String(p.body.currency))}</p>` +
      `<p id="status">${escapeHtml(reported(p))}</p><form><input name="msisdn"><input name="otp"><button>Confirmer</button></form>` +
      `<a href="${escapeHtml(String(p.body.cancel_url))}">Annuler</a></body></html>`;
    return { status: 200, text: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
  };

  const fake = (await startFake(({ method, url, headers, body }) => {
    const pageMatch = /^\/(?:webpayment|payment\/pay_token)\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && pageMatch) return page(payments.get(decodeURIComponent(pageMatch[1]!)));
    const base = `/orange-money-webpay/${fake.country}/v1`;
    const op: OrangeOp | undefined =
      url.pathname === '/oauth/v3/token'
        ? 'token'
        : url.pathname === `${base}/webpayment`
          ? 'webpayment'
          : url.pathname === `${base}/transactionstatus`
            ? 'transactionstatus'
            : undefined;
    if (!op) return notFound();
    if (method !== 'POST') return err(405, 61, 'Method not allowed', 'The requested method is not supported by this resource.');
    const before = takeFault(op, 'before');
    if (before) return answerOf(before);

    let out: FakeAnswer;
    if (op === 'token') out = issueToken(headers, body, String(headers['content-type'] ?? ''));
    else out = checkBearer(headers) ?? (op === 'webpayment' ? webpayment(body) : transactionStatus(body));
    // An after-fault ('lost', or an answer with `record`) waits for a call that did its work.
    if (out.status >= 300) return out;
    const after = takeFault(op, 'after');
    return after ? answerOf(after) : out;
  })) as FakeOrange;

  const payment = (payToken: string) => {
    const p = payments.get(payToken);
    if (!p) throw new Error(`fake orange: no payment ${payToken}`);
    return p;
  };
  const open = (payToken: string) => {
    const p = payment(payToken);
    if (p.status !== 'INITIATED' && p.status !== 'PENDING') throw new Error(`fake orange: payment ${payToken} is already ${p.status}`);
    return p;
  };
  const post = async (target: string, body: unknown): Promise<number | null> => {
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return null;
    }
  };

  Object.assign(fake, {
    payments,
    clientId: opts.clientId ?? 'orange-client-id',
    clientSecret: opts.clientSecret ?? 'orange-client-secret',
    merchantKey: opts.merchantKey ?? 'a86b2087',
    country: opts.country ?? 'dev',
    currency: opts.currency ?? 'OUV',
    expiresIn: opts.expiresIn ?? 3600,
    expiresInAsString: opts.expiresInAsString ?? false,
    payTokenValidityMs: opts.payTokenValidityMs ?? 10 * 60 * 1000,
    expireIdle: opts.expireIdle ?? false,
    tokensIssued: 0,
    now: nowMs,
    byOrder(orderId: string) {
      for (const p of payments.values()) if (p.orderId === orderId) return p;
      return undefined;
    },
    confirm(payToken: string) {
      const p = open(payToken);
      p.status = tooLate(p) ? 'EXPIRED' : 'PENDING';
    },
    async complete(payToken: string, status: 'SUCCESS' | 'FAILED', o: { notify?: boolean } = {}) {
      const p = open(payToken);
      if (tooLate(p)) {
        p.status = 'EXPIRED';
        return null;
      }
      p.status = status;
      if (status === 'SUCCESS') p.txnid = newTxnid();
      if (o.notify === false) return null;
      return post(p.body.notif_url, fake.notification(payToken));
    },
    notification(payToken: string) {
      const p = payment(payToken);
      return { status: p.status, notif_token: p.notifToken, ...(p.txnid !== undefined ? { txnid: p.txnid } : {}) };
    },
    async notify(payToken: string, body: unknown) {
      return post(payment(payToken).body.notif_url, body);
    },
    fail(op: OrangeOp, fault: OrangeFault, times = 1) {
      for (let i = 0; i < times; i++) faults[op].push(fault);
    },
    advance(ms: number) {
      offsetMs += ms;
    },
    revokeTokens() {
      tokens.clear();
    },
  } satisfies Partial<FakeOrange>);
  return fake;
}
