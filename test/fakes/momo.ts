// A fake of MTN MoMo's Collection API (token, RequestToPay, its status, callbacks) and of the
// refunds of its Disbursement product, written from MTN's own pages, not from our adapter:
//   - CreateAccessToken, POST /collection/token/ (momoapi.mtn.com/docs/services/collection, and the
//     same operation under disbursement at momoapi.mtn.co.rw/docs/services/disbursement): Basic
//     <api user:api key> + Ocp-Apim-Subscription-Key -> 200 { access_token, token_type, expires_in }
//     (validity in seconds), 401 { error }.
//   - /requesttopay - POST (momoapi.mtn.com/docs/services/collection/operations/requesttopay-POST):
//     headers X-Reference-Id (UUID v4), X-Target-Environment, optional X-Callback-Url; body
//     { amount, currency, externalId, payer { partyIdType, partyId }, payerMessage, payeeNote },
//     all strings; 202 Accepted, then PENDING until the payer approves, declines, or it times out.
//   - /requesttopay/{referenceId} - GET (momodeveloper.mtn.com/docs/services/collection/operations/
//     requesttopay-referenceId-GET): 200 for PENDING, SUCCESSFUL and FAILED alike; its example answers
//     amount, financialTransactionId, externalId and payer.partyId as JSON NUMBERS while its schema
//     says strings: `form` answers either ('example' | 'schema').
//   - MoMo API common errors (momodevelopercommunity.mtn.com/errors-46/momo-api-common-errors-82 and
//     momoapi.mtn.com/content/html_widgets/yhwUz.html): 409 RESOURCE_ALREADY_EXIST on a reused
//     X-Reference-Id; 401 for a bad subscription key; 404 for an unknown reference (also right after
//     the 202, until the request is visible); 400 for a reference that is not a UUID v4, a wrong
//     header, a note or message over 160 characters or with an apostrophe; 403 FORBIDDEN IP;
//     500 NOT_ALLOWED, NOT_ALLOWED_TARGET_ENVIRONMENT, INVALID_CURRENCY, INTERNAL_PROCESSING_ERROR...
//   - Failure reasons (momodevelopercommunity.mtn.com/errors-46/failure-reasons-updated-momoopenapi-338
//     and /product-updates "MoMo API Error response enrichment"): a FAILED request carries `reason`,
//     a string there ("INTERNAL_PROCESSING_ERROR"), an ErrorReason { code, message } in the swagger
//     schema: `reasonForm` answers either.
//   - Callback (momodeveloper.mtn.com/api-documentation/callback): once processed, the platform PUTs
//     or POSTs to the X-Callback-Url the request carried a body like the status answer.
//   - Disbursement, for refunds (MTN's own SDK docs, github.com/MTN-Group/MoMoAPIs_Javascript_sdk
//     docs/disbursements/refundV1.Readme.md, refundV2.Readme.md, getRefundStatus.Readme.md, and the
//     swagger-generated DefaultApi.md of MTN's PHP SDK; developers.qodex.ai's copy of MTN's "MoMo
//     Open APIs" collection, get-paid/refund-11 and refund-status): its own subscription key
//     ("Refund utilizes the Disbursement Subscription Key"; "Collection, Disbursement and Remittance
//     have different subscription keys") and its own token, POST /disbursement/token/. POST
//     /disbursement/v1_0/refund (v2_0 alike) with X-Reference-Id (UUID v4), X-Target-Environment,
//     optional X-Callback-Url; body { amount, currency, externalId, payerMessage, payeeNote,
//     referenceIdToRefund } ("UUID-REQUEST-TO-PAY": the X-Reference-Id of the requesttopay), all
//     strings; 202 Accepted with an empty body; 409 "ReferenceId already in use"; 500 "Incorrect
//     currency for target environment". GET /disbursement/v1_0/refund/{referenceId} ("X-Reference-Id
//     that was passed in the POST") -> 200 { financialTransactionId, externalId, amount, currency,
//     payee { partyIdType, partyId }, payerMessage, payeeNote, status } (PENDING | SUCCESSFUL |
//     FAILED), 404 for an unknown one. Partial amounts: the amount is the refund's own.
//   - Refund failure reasons (momodevelopercommunity.mtn.com/product-updates/reason-for-some-failed-
//     api-responses-updated-192 and errors-46/failure-reasons-updated-momoopenapi-338): for
//     Disbursements NOT_ENOUGH_FUNDS (the account's balance), PAYEE_NOT_FOUND,
//     PAYEE_NOT_ALLOWED_TO_RECEIVE, NOT_ALLOWED; TRANSACTION_NOT_FOUND "The transaction could not be
//     found". MTN documents no answer for a refund of more than the payment took, or of a payment
//     that never succeeded: the fake takes such a refund (202) and fails it, with TRANSACTION_NOT_FOUND
//     for a payment that is unknown or not SUCCESSFUL, and with INTERNAL_PROCESSING_ERROR ("Default or
//     Generic error code used when there is no specific error mapping") for more than the payment
//     took less what earlier refunds (not FAILED) gave back. A currency other than the payment's is
//     the documented 500 INVALID_CURRENCY, nothing recorded.
// Not on those pages: the bodies of a 401 for an expired bearer token and of a 429 are those of the
// Azure API Management gateway MTN's API sits behind ({ statusCode, message }, Retry-After).
import { type FakeAnswer, type FakeServer, startFake } from './server';

export type MomoStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

/** One request to pay as the operator holds it. Tests may change `status` directly. */
export interface FakePush {
  /** The request body as sent. */
  body: any;
  status: MomoStatus | (string & {});
  reason?: string;
  /** What the operator reports as debited (default: what was requested). */
  amount?: string | number;
  /** The currency the operator reports (default: the one requested). */
  currency?: string;
  financialTransactionId?: string;
  /** The X-Callback-Url the request carried. */
  callbackUrl?: string;
  /** 404s still to answer for this reference (it is not visible yet after its 202). */
  notFoundLookups: number;
}

/** One refund as the operator holds it (POST /disbursement/v1_0/refund). Tests may change `status` directly. */
export interface FakeRefund {
  /** The request body as sent. */
  body: any;
  status: MomoStatus | (string & {});
  reason?: string;
  /** The refund's amount, as a number of the currency's units. */
  amount: number;
  /** The requesttopay it gives back (referenceIdToRefund). */
  paymentRef: string;
  financialTransactionId?: string;
  callbackUrl?: string;
  /** 404s still to answer for this reference (not visible yet after its 202). */
  notFoundLookups: number;
}

export type MomoOp = 'token' | 'requesttopay' | 'status' | 'disbursementToken' | 'refund' | 'refundStatus';

/**
 * An injected answer for the next call(s) of one operation. `record` (requesttopay, refund): the
 * push or refund is recorded first, then this answer is given (a 5xx or lost answer for one that
 * went out: the payer still gets the prompt, or the money). 'timeout': never answer, nothing
 * recorded; 'lost': recorded, never answered.
 */
export type MomoFault = (FakeAnswer & { record?: boolean }) | 'timeout' | 'lost';

export interface FakeMomoOptions {
  /** Token validity in seconds (expires_in). Default 3600. */
  expiresIn?: number;
  /** Status and callback bodies: strings as the schema says, or numbers as the example shows. */
  form?: 'schema' | 'example';
  /** `reason` of a FAILED request: a string, or an ErrorReason { code, message }. */
  reasonForm?: 'string' | 'object';
  /** 404s answered for a new reference before it becomes visible. Default 0. */
  notFoundLookups?: number;
}

export interface FakeMomo extends FakeServer {
  /** referenceId -> the request and the status the fake will report. */
  payments: Map<string, FakePush>;
  /** Refunds by their X-Reference-Id, as recorded (every one taken, whatever its outcome). */
  refunds: Map<string, FakeRefund>;
  /** The Disbursement product's credentials (its own API user, key and subscription key). */
  disbursementCreds: { user: string; key: string; sub: string };
  /** What a new refund that passes the checks becomes: SUCCESSFUL at once (default), or PENDING until completeRefund/failRefund. */
  refundOutcome: 'SUCCESSFUL' | 'PENDING';
  /** The account's disbursement balance in currency units (null: unlimited); a refund over it fails NOT_ENOUGH_FUNDS. */
  disbursementBalance: number | null;
  /** A PENDING refund goes through. */
  completeRefund(referenceId: string): void;
  /** A PENDING refund fails with a documented reason (NOT_ENOUGH_FUNDS, PAYEE_NOT_ALLOWED_TO_RECEIVE...). */
  failRefund(referenceId: string, reason?: string): void;
  /** What SUCCESSFUL refunds gave back, in currency units: of one payment (its requesttopay reference), or of all. */
  refunded(paymentRef?: string): number;
  /** The status body for a refund, as GET /disbursement/v1_0/refund/{id} answers it once visible. */
  refundStatusBody(referenceId: string): Record<string, unknown>;
  form: 'schema' | 'example';
  reasonForm: 'string' | 'object';
  notFoundLookups: number;
  expiresIn: number;
  /** Settle every PENDING push to a phone ending in these digits. */
  settle(phoneLast4: string, status: 'SUCCESSFUL' | 'FAILED', reason?: string): void;
  /** The payer approves this push; the operator may report another amount than requested. */
  approve(referenceId: string, opts?: { amount?: string | number; currency?: string }): void;
  /** This push fails with a documented reason (APPROVAL_REJECTED, NOT_ENOUGH_FUNDS, EXPIRED...). */
  decline(referenceId: string, reason?: string): void;
  /** Answer the next `times` calls of an operation with this instead. */
  failNext(op: MomoOp, fault: MomoFault, times?: number): void;
  /** Move the fake's clock (tokens expire by it). */
  advance(seconds: number): void;
  /** Forget every token issued (as if they had expired). */
  revokeTokens(): void;
  /** The status body for a reference, as GET /requesttopay/{id} answers it once visible. */
  statusBody(referenceId: string): Record<string, unknown>;
  /** The callback the platform sends for this push: a Request to its X-Callback-Url. */
  callbackRequest(referenceId: string, method?: 'PUT' | 'POST'): Request;
  /** Send that callback over HTTP; resolves to the listener's HTTP status. */
  sendCallback(referenceId: string, method?: 'PUT' | 'POST'): Promise<number>;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const gateway = (status: number, message: string, headers?: Record<string, string>): FakeAnswer => ({ status, body: { statusCode: status, message }, headers });

type Product = 'collection' | 'disbursement';

export const DISBURSEMENT_CREDS = { user: 'disb-api-user', key: 'disb-api-key', sub: 'disb-sub-key' };

export async function startFakeMomo(
  creds: { user: string; key: string; sub: string; disbursement?: { user: string; key: string; sub: string } } = {
    user: 'api-user',
    key: 'api-key',
    sub: 'sub-key',
  },
  opts: FakeMomoOptions = {},
): Promise<FakeMomo> {
  const payments = new Map<string, FakePush>();
  const refunds = new Map<string, FakeRefund>();
  const disb = creds.disbursement ?? DISBURSEMENT_CREDS;
  const productCreds: Record<Product, { user: string; key: string; sub: string }> = { collection: creds, disbursement: disb };
  const tokens = new Map<string, { until: number; product: Product }>(); // token -> expiry (fake clock, ms) and product
  const faults: Record<MomoOp, MomoFault[]> = { token: [], requesttopay: [], status: [], disbursementToken: [], refund: [], refundStatus: [] };
  let offsetMs = 0;
  let tokenSeq = 0;
  let txSeq = 0;
  const nowMs = () => Date.now() + offsetMs;

  // An injected fault for `op` at this phase ('before' the work, or 'after' recording a push).
  const takeFault = (op: MomoOp, phase: 'before' | 'after'): MomoFault | undefined => {
    const f = faults[op][0];
    if (f === undefined) return undefined;
    const after = f === 'lost' || (typeof f === 'object' && f.record === true);
    if ((phase === 'after') !== after) return undefined;
    faults[op].shift();
    return f;
  };
  const answerOf = (f: MomoFault): FakeAnswer => (typeof f === 'string' ? { status: 0, hang: true } : f);

  const numeric = (v: unknown) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  const statusBody = (ref: string): Record<string, unknown> => {
    const p = payments.get(ref);
    if (!p) throw new Error(`fake momo: no request ${ref}`);
    const example = fake.form === 'example';
    const num = (v: unknown) => (example ? numeric(v) : v);
    const body: Record<string, unknown> = {
      amount: num(p.amount ?? p.body.amount),
      currency: p.currency ?? p.body.currency,
      ...(p.status === 'SUCCESSFUL' ? { financialTransactionId: num((p.financialTransactionId ??= String(23_503_452 + ++txSeq))) } : {}),
      externalId: num(p.body.externalId),
      payer: { partyIdType: p.body.payer.partyIdType, partyId: num(p.body.payer.partyId) },
      payerMessage: p.body.payerMessage,
      payeeNote: p.body.payeeNote,
      status: p.status,
    };
    if (p.reason) body.reason = fake.reasonForm === 'object' ? { code: p.reason, message: `The request to pay failed: ${p.reason}.` } : p.reason;
    return body;
  };

  const requestToPay = (headers: Record<string, string | string[] | undefined>, raw: string): FakeAnswer => {
    const ref = String(headers['x-reference-id'] ?? '');
    const bad = (why: string): FakeAnswer => ({ status: 400, body: { message: `Bad request: ${why}` } });
    if (!UUID_V4.test(ref)) return bad('X-Reference-Id is not a UUID v4');
    if (!headers['x-target-environment']) return bad('no X-Target-Environment');
    const callbackUrl = headers['x-callback-url'] === undefined ? undefined : String(headers['x-callback-url']);
    if (callbackUrl !== undefined && !URL.canParse(callbackUrl)) return bad('X-Callback-Url is not a URL');
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return bad('the body is not JSON');
    }
    if (typeof body?.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || Number(body.amount) <= 0) return bad('amount');
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) return bad('currency');
    if (typeof body.externalId !== 'string') return bad('externalId');
    if (!['MSISDN', 'EMAIL', 'PARTY_CODE'].includes(body.payer?.partyIdType) || typeof body.payer?.partyId !== 'string' || !body.payer.partyId)
      return bad('payer');
    for (const k of ['payerMessage', 'payeeNote'] as const) {
      const v = body[k];
      if (v === undefined) continue;
      if (typeof v !== 'string' || v.length > 160) return bad(`${k} over 160 characters`);
      if (v.includes("'")) return bad(`${k} has an unsupported character (')`);
    }
    if (payments.has(ref)) return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } };
    payments.set(ref, { body, status: 'PENDING', callbackUrl, notFoundLookups: fake.notFoundLookups });
    return { status: 202 };
  };

  const notFound: FakeAnswer = { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
  const paidOf = (p: FakePush) => Number(p.amount ?? p.body.amount);
  const refundStatusBody = (ref: string): Record<string, unknown> => {
    const r = refunds.get(ref);
    if (!r) throw new Error(`fake momo: no refund ${ref}`);
    const num = (v: unknown) => (fake.form === 'example' ? numeric(v) : v);
    const payer = payments.get(r.paymentRef)?.body.payer;
    const body: Record<string, unknown> = {
      ...(r.status === 'SUCCESSFUL' ? { financialTransactionId: num((r.financialTransactionId ??= String(81_569_077 + ++txSeq))) } : {}),
      externalId: num(r.body.externalId),
      amount: num(r.body.amount),
      currency: r.body.currency,
      payee: { partyIdType: payer?.partyIdType ?? 'MSISDN', partyId: num(payer?.partyId ?? '') },
      payerMessage: r.body.payerMessage,
      payeeNote: r.body.payeeNote,
      status: r.status,
    };
    if (r.reason) body.reason = fake.reasonForm === 'object' ? { code: r.reason, message: `The refund failed: ${r.reason}.` } : r.reason;
    return body;
  };
  /** The refund goes through: out of the disbursement balance, or FAILED NOT_ENOUGH_FUNDS when it is too low. */
  const payOut = (r: FakeRefund) => {
    if (fake.disbursementBalance !== null && r.amount > fake.disbursementBalance) Object.assign(r, { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' });
    else {
      if (fake.disbursementBalance !== null) fake.disbursementBalance -= r.amount;
      r.status = 'SUCCESSFUL';
    }
  };

  const refund = (headers: Record<string, string | string[] | undefined>, raw: string): FakeAnswer => {
    const ref = String(headers['x-reference-id'] ?? '');
    const bad = (why: string): FakeAnswer => ({ status: 400, body: { message: `Bad request: ${why}` } });
    if (!UUID_V4.test(ref)) return bad('X-Reference-Id is not a UUID v4');
    if (!headers['x-target-environment']) return bad('no X-Target-Environment');
    const callbackUrl = headers['x-callback-url'] === undefined ? undefined : String(headers['x-callback-url']);
    if (callbackUrl !== undefined && !URL.canParse(callbackUrl)) return bad('X-Callback-Url is not a URL');
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return bad('the body is not JSON');
    }
    if (typeof body?.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || Number(body.amount) <= 0) return bad('amount');
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) return bad('currency');
    if (typeof body.externalId !== 'string') return bad('externalId');
    if (typeof body.referenceIdToRefund !== 'string' || !body.referenceIdToRefund) return bad('referenceIdToRefund');
    for (const k of ['payerMessage', 'payeeNote'] as const) {
      const v = body[k];
      if (v === undefined) continue;
      if (typeof v !== 'string' || v.length > 160) return bad(`${k} over 160 characters`);
      if (v.includes("'")) return bad(`${k} has an unsupported character (')`);
    }
    if (refunds.has(ref)) return { status: 409, body: { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' } };
    const payment = payments.get(body.referenceIdToRefund);
    if (payment && (payment.currency ?? payment.body.currency) !== body.currency)
      return { status: 500, body: { code: 'INVALID_CURRENCY', message: 'Currency not supported on the requested account.' } };
    const r: FakeRefund = {
      body,
      status: 'PENDING',
      amount: Number(body.amount),
      paymentRef: body.referenceIdToRefund,
      callbackUrl,
      notFoundLookups: fake.notFoundLookups,
    };
    if (payment?.status !== 'SUCCESSFUL') Object.assign(r, { status: 'FAILED', reason: 'TRANSACTION_NOT_FOUND' });
    else {
      const before = [...refunds.values()].filter((x) => x.paymentRef === r.paymentRef && x.status !== 'FAILED').reduce((a, x) => a + x.amount, 0);
      if (before + r.amount > paidOf(payment)) Object.assign(r, { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' });
      else if (fake.refundOutcome === 'SUCCESSFUL') payOut(r);
    }
    refunds.set(ref, r);
    return { status: 202 };
  };

  const fake = (await startFake(({ method, url, headers, body }) => {
    const product: Product = url.pathname.startsWith('/disbursement/') ? 'disbursement' : 'collection';
    const own = productCreds[product];
    if (headers['ocp-apim-subscription-key'] !== own.sub)
      return gateway(401, 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.');
    const statusMatch = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
    const refundMatch = /^\/disbursement\/v[12]_0\/refund\/([^/]+)$/.exec(url.pathname);
    const op: MomoOp | undefined =
      method === 'POST' && url.pathname === '/collection/token/'
        ? 'token'
        : method === 'POST' && url.pathname === '/collection/v1_0/requesttopay'
          ? 'requesttopay'
          : method === 'GET' && statusMatch
            ? 'status'
            : method === 'POST' && url.pathname === '/disbursement/token/'
              ? 'disbursementToken'
              : method === 'POST' && /^\/disbursement\/v[12]_0\/refund$/.test(url.pathname)
                ? 'refund'
                : method === 'GET' && refundMatch
                  ? 'refundStatus'
                  : undefined;
    if (!op) return { status: 404, body: { statusCode: 404, message: 'Resource not found' } };
    const before = takeFault(op, 'before');
    if (before) return answerOf(before);

    if (op === 'token' || op === 'disbursementToken') {
      const expected = `Basic ${Buffer.from(`${own.user}:${own.key}`).toString('base64')}`;
      if (headers.authorization !== expected) return { status: 401, body: { error: 'login_failed' } };
      const token = `fake-jwt.${product}.${++tokenSeq}.${Math.random().toString(36).slice(2)}`;
      tokens.set(token, { until: nowMs() + fake.expiresIn * 1000, product });
      return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: fake.expiresIn } };
    }

    // A token is good for the product it was issued for only.
    const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
    const held = bearer === undefined ? undefined : tokens.get(bearer);
    if (held === undefined || held.until <= nowMs() || held.product !== product) return gateway(401, 'Unauthorized. Access token is missing or invalid.');

    if (op === 'requesttopay' || op === 'refund') {
      const out = op === 'refund' ? refund(headers, body) : requestToPay(headers, body);
      if (out.status !== 202) return out;
      const after = takeFault(op, 'after');
      return after ? answerOf(after) : out;
    }

    if (op === 'refundStatus') {
      const r = refunds.get(decodeURIComponent(refundMatch![1]!));
      if (!r) return notFound;
      if (r.notFoundLookups > 0) {
        r.notFoundLookups--;
        return notFound;
      }
      return { status: 200, body: refundStatusBody(decodeURIComponent(refundMatch![1]!)) };
    }

    const ref = decodeURIComponent(statusMatch![1]!);
    const p = payments.get(ref);
    if (!p) return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
    if (p.notFoundLookups > 0) {
      p.notFoundLookups--;
      return { status: 404, body: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' } };
    }
    return { status: 200, body: statusBody(ref) };
  })) as FakeMomo;

  const push = (ref: string) => {
    const p = payments.get(ref);
    if (!p) throw new Error(`fake momo: no request ${ref}`);
    if (p.status !== 'PENDING') throw new Error(`fake momo: request ${ref} is already ${p.status}`);
    return p;
  };
  const pendingRefund = (ref: string) => {
    const r = refunds.get(ref);
    if (!r) throw new Error(`fake momo: no refund ${ref}`);
    if (r.status !== 'PENDING') throw new Error(`fake momo: refund ${ref} is already ${r.status}`);
    return r;
  };
  Object.assign(fake, {
    payments,
    refunds,
    disbursementCreds: disb,
    refundOutcome: 'SUCCESSFUL',
    disbursementBalance: null,
    completeRefund(ref: string) {
      payOut(pendingRefund(ref));
    },
    failRefund(ref: string, reason = 'INTERNAL_PROCESSING_ERROR') {
      Object.assign(pendingRefund(ref), { status: 'FAILED', reason });
    },
    refunded(paymentRef?: string) {
      return [...refunds.values()]
        .filter((r) => r.status === 'SUCCESSFUL' && (paymentRef === undefined || r.paymentRef === paymentRef))
        .reduce((a, r) => a + r.amount, 0);
    },
    refundStatusBody,
    form: opts.form ?? 'schema',
    reasonForm: opts.reasonForm ?? 'string',
    notFoundLookups: opts.notFoundLookups ?? 0,
    expiresIn: opts.expiresIn ?? 3600,
    settle(last4: string, status: 'SUCCESSFUL' | 'FAILED', reason?: string) {
      for (const p of payments.values())
        if (String(p.body.payer.partyId).endsWith(last4) && p.status === 'PENDING')
          Object.assign(p, { status, reason: status === 'FAILED' ? reason : undefined });
    },
    approve(ref: string, o: { amount?: string | number; currency?: string } = {}) {
      Object.assign(push(ref), {
        status: 'SUCCESSFUL',
        ...(o.amount !== undefined ? { amount: o.amount } : {}),
        ...(o.currency ? { currency: o.currency } : {}),
      });
    },
    decline(ref: string, reason = 'APPROVAL_REJECTED') {
      Object.assign(push(ref), { status: 'FAILED', reason });
    },
    failNext(op: MomoOp, fault: MomoFault, times = 1) {
      for (let i = 0; i < times; i++) faults[op].push(fault);
    },
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
    revokeTokens() {
      tokens.clear();
    },
    statusBody,
    callbackRequest(ref: string, method: 'PUT' | 'POST' = 'PUT') {
      const p = payments.get(ref);
      if (!p?.callbackUrl) throw new Error(`fake momo: request ${ref} carried no X-Callback-Url`);
      return new Request(p.callbackUrl, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(statusBody(ref)) });
    },
    async sendCallback(ref: string, method: 'PUT' | 'POST' = 'PUT') {
      return (await fetch(fake.callbackRequest(ref, method))).status;
    },
  } satisfies Partial<FakeMomo>);
  return fake;
}
