// Refunds on an LND account (the `claim` method, lib/rails/types.ts RefundRail): the payer gives a
// BOLT11 invoice; the node pays it itself when the account has a refund macaroon
// (LND_REFUND_MACAROON, the account's `refundMacaroon`: offchain:read and offchain:write), else the
// merchant pays it from a wallet and records the preimage as the proof.
//
// Paying: routerrpc SendPaymentV2, `POST /v2/router/send`, with `no_inflight_updates` (the stream
// then carries the final state only, so the answer is one JSON line `{"result": Payment}` once the
// payment has succeeded or failed, and an ordinary HTTP client reads it whole), a fee limit and a
// timeout. Chosen over SendPaymentSync (`POST /v1/channels/transactions`): the router RPC is the
// maintained one, reports the same Payment message ListPayments lists (one parser, one mapping),
// and its `status` / `failure_reason` are enums rather than free text. The payment runs on in LND
// when our request times out (`cancelable` is left false): the answer is then unknown
// (BackendError, maybeSent) and `confirm` looks the payment up.
// At most once: LND's payment control keys every payment by its hash and refuses to start a second
// one while one is in flight or has succeeded (payments/db/payment_status.go `initializable`:
// "payment is in transition", "invoice is already paid", "payment already exists"; gRPC
// AlreadyExists, HTTP 409; older nodes answer them as Unknown, 500). Those answers are not
// failures: the payment is looked up and reported as it is. Only a FAILED payment may be started
// again, and nothing left the node for it.
// Looking up: lnrpc ListPayments, `GET /v1/payments` (include_incomplete, newest first by paging
// backwards), read back to the invoice's creation (a payment to it cannot be older). Not
// TrackPaymentV2 (`GET /v2/router/track/{hash}`): it streams, and holds the answer open while the
// payment is in flight, where a poll must answer "pending" at once.
import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { type HttpResponse, statusError } from '../http';
import { BackendError, type ParsedDestination, type RefundOutcome, type RefundRail, type RefundRequest } from '../types';
import { type DecodedInvoice, decodeInvoice } from './bolt11';
import { checkPreimage, invoiceText, parseLightningDestination } from './destination';

export interface LndRefundsOptions {
  rail: string;
  /** The BOLT11 networks an invoice may be on (this account's). */
  networks: readonly string[];
  /** A macaroon allowed to pay (offchain:write) and list payments (offchain:read), hex; none: the merchant pays. */
  refundMacaroonHex?: string;
  timeoutMs: number;
  call(method: 'GET' | 'POST', path: string, body: unknown, macaroonHex: string): Promise<HttpResponse>;
}

/** The most LND may spend in routing fees on a refund: 1% of it plus 10 sats. */
export const refundFeeLimitSats = (amount: number) => Math.floor(amount / 100) + 10;
/** How far before the invoice's timestamp a payment to it is looked for (the payer's clock may be ahead). */
const LOOKUP_MARGIN_SECONDS = 86_400;
const LIST_PAGE = 100;
/** Pages of payments one lookup reads at most (a node that made more since the invoice is not searched further). */
const LIST_PAGES = 20;

// The REST gateway writes int64 as decimal strings (lnrpc/rpc_utils.go RESTJsonMarshalOpts).
const int64 = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((v) => BigInt(v));
const paymentSchema = z.object({
  payment_hash: z.string().regex(/^[0-9a-f]{64}$/),
  payment_preimage: z.string().regex(/^([0-9a-f]{64})?$/),
  value_msat: int64,
  fee_msat: int64.optional(),
  status: z.enum(['UNKNOWN', 'IN_FLIGHT', 'SUCCEEDED', 'FAILED', 'INITIATED']),
  failure_reason: z.string().optional(),
  creation_time_ns: int64.optional(),
});
type Payment = z.infer<typeof paymentSchema>;
const listSchema = z.object({ payments: z.array(paymentSchema), first_index_offset: int64 });
/** A gRPC status as grpc-gateway writes it: alone, or as a stream's `{"error": ...}` chunk. */
const grpcStatus = z.object({ code: z.number().int(), message: z.string() });

/** What LND says a failed payment's reason is, in words for the merchant. */
const FAILURE: Record<string, string> = {
  FAILURE_REASON_TIMEOUT: 'LND found no route to the payer in time',
  FAILURE_REASON_NO_ROUTE: "LND found no route to the payer's node within the fee limit",
  FAILURE_REASON_ERROR: 'the payment failed with an error LND does not retry',
  FAILURE_REASON_INCORRECT_PAYMENT_DETAILS: "the payer's node refused it (unknown or already paid invoice, or a wrong amount)",
  FAILURE_REASON_INSUFFICIENT_BALANCE: "the node's channels do not hold enough to pay it",
  FAILURE_REASON_CANCELED: 'the payment was canceled',
};

export class LndRefunds implements RefundRail {
  readonly method = 'claim' as const;
  readonly canPay: boolean;

  constructor(private readonly o: LndRefundsOptions) {
    this.canPay = o.refundMacaroonHex !== undefined;
  }

  parseDestination(input: string, amount: number, now: number, minSeconds: number): ParsedDestination {
    return parseLightningDestination(input, amount, now, minSeconds, this.o.networks);
  }

  paymentUri(destination: string, _amount?: number): string {
    return `lightning:${destination}`;
  }

  async pay(req: RefundRequest): Promise<RefundOutcome> {
    const mac = this.o.refundMacaroonHex;
    if (mac === undefined) throw new BackendError(this.o.rail, 'pay: this account has no refund macaroon; the merchant pays', { kind: 'request' });
    const inv = this.claimed(req);
    if (inv.amountMsat !== BigInt(req.amount) * 1000n)
      return { state: 'failed', code: 'amount_mismatch', message: `The invoice is not for exactly ${req.amount} sats.` };
    if (inv.paymentHash === req.payment.backendRef)
      return { state: 'failed', code: 'invalid_destination', message: 'This is the invoice the payment paid, not one to refund to.' };
    const paid = paymentNetwork(req.payment.destination);
    if (paid !== null && paid !== inv.network)
      return { state: 'failed', code: 'wrong_network', message: `The invoice is for another network (${inv.network}) than this node's (${paid}).` };
    const res = await this.o.call(
      'POST',
      '/v2/router/send',
      {
        payment_request: invoiceText(req.destination!),
        fee_limit_sat: String(refundFeeLimitSats(req.amount)),
        // LND stops trying new routes after this; a payment whose HTLCs are out still ends when they resolve.
        timeout_seconds: Math.max(1, Math.floor((this.o.timeoutMs * 0.8) / 1000)),
        no_inflight_updates: true,
      },
      mac,
    );
    const lines = messages(res.text);
    const failure = lines.map((m) => errorOf(m, res.status)).find((e) => e !== null) ?? null;
    if (res.status === 200 && failure === null) {
      const parsed = paymentSchema.safeParse(field(lines.at(-1), 'result'));
      if (!parsed.success) throw new BackendError(this.o.rail, 'send payment: unexpected response shape', { maybeSent: true });
      return this.outcome(parsed.data, inv.paymentHash, req.amount);
    }
    // Not LND's own answer (a proxy's 502, a cut stream): it may have started the payment.
    if (failure === null) throw statusError(this.o.rail, res, 'send payment', { maybeSent: true });
    return this.refused(failure, res, inv, req.amount);
  }

  /**
   * LND refused to start the payment, or said one exists: what that means for this refund. Whatever
   * LND holds for this hash comes first: an answer of ours that was lost may have paid it before
   * the invoice expired, and LND checks the expiry before it looks at its payments.
   */
  private async refused(status: { code: number; message: string }, res: HttpResponse, inv: DecodedInvoice, amount: number): Promise<RefundOutcome> {
    const { message } = status;
    if (MACAROON_REFUSED.test(message))
      throw new BackendError(this.o.rail, 'send payment: LND refused the refund macaroon (it must allow offchain:read and offchain:write)', {
        status: res.status,
        kind: 'request',
      });
    const found = await this.lookup(inv.paymentHash, inv.timestamp);
    if (found) return this.outcome(found, inv.paymentHash, amount);
    // "invoice is already paid", "payment is in transition", "payment already exists" (gRPC AlreadyExists), with nothing listed.
    if (res.status === 409 || /already paid|in transition|already exists/i.test(message))
      throw new BackendError(this.o.rail, 'send payment: LND says a payment to this invoice exists but does not list it', { maybeSent: true });
    // The call broke on the way (the gateway lost LND, a deadline): LND may still start it.
    if (TRANSPORT_CODES.has(status.code)) throw statusError(this.o.rail, res, 'send payment', { maybeSent: true });
    // Nothing left the node: LND refused before starting a payment.
    if (/invoice expired/i.test(message)) return { state: 'failed', code: 'invoice_expired', message: 'The invoice expired before it was paid.' };
    if (/not for current active network/i.test(message))
      return { state: 'failed', code: 'wrong_network', message: "The invoice is for another network than the node's." };
    if (/self-payments not allowed/i.test(message))
      return { state: 'failed', code: 'invalid_destination', message: "The invoice is the node's own: it cannot pay itself." };
    if (/amount must be specified/i.test(message)) return { state: 'failed', code: 'amount_mismatch', message: 'The invoice has no amount.' };
    return { state: 'failed', code: 'payment_refused', message: `LND refused to pay the invoice: ${clean(message)}.` };
  }

  async confirm(req: RefundRequest): Promise<RefundOutcome> {
    const inv = this.claimed(req);
    if (req.operatorReference) return checkPreimage(req.operatorReference, inv.paymentHash);
    // The merchant pays: nothing to look up until a proof is recorded.
    if (!this.canPay) return { state: 'not_found' };
    const found = await this.lookup(inv.paymentHash, inv.timestamp);
    return found ? this.outcome(found, inv.paymentHash, req.amount) : { state: 'not_found' };
  }

  /** The claimed invoice, decoded (the engine only stores one parseDestination accepted). */
  private claimed(req: RefundRequest): DecodedInvoice {
    if (req.currency !== 'BTC') throw new BackendError(this.o.rail, `refund: a Lightning refund is in sats, not ${req.currency}`, { kind: 'request' });
    if (!req.destination) throw new BackendError(this.o.rail, 'refund: no invoice was claimed yet', { kind: 'request' });
    try {
      return decodeInvoice(invoiceText(req.destination));
    } catch {
      throw new BackendError(this.o.rail, 'refund: the claimed invoice does not decode', { kind: 'request' });
    }
  }

  private outcome(p: Payment, hash: string, amount: number): RefundOutcome {
    if (p.payment_hash !== hash) throw new BackendError(this.o.rail, 'payment: LND answered about another payment hash');
    const details = { paymentHash: hash, amountMsat: String(p.value_msat), feeMsat: String(p.fee_msat ?? 0n), lndStatus: p.status };
    switch (p.status) {
      case 'SUCCEEDED': {
        const preimage = p.payment_preimage;
        if (!preimage || Buffer.from(sha256(Buffer.from(preimage, 'hex'))).toString('hex') !== hash)
          throw new BackendError(this.o.rail, 'payment: LND reports a success without the preimage of the payment hash');
        if (p.value_msat !== BigInt(amount) * 1000n)
          throw new BackendError(this.o.rail, `payment: LND paid ${p.value_msat} msat, not the ${amount} sats of the invoice`, { kind: 'request' });
        return { state: 'succeeded', operatorReference: preimage, details: { ...details, preimage } };
      }
      case 'FAILED': {
        const reason = p.failure_reason ?? 'FAILURE_REASON_ERROR';
        return {
          state: 'failed',
          code: 'payment_failed',
          message: `The Lightning payment failed: ${FAILURE[reason] ?? reason}.`,
          details: { ...details, failureReason: reason },
        };
      }
      default:
        // IN_FLIGHT, INITIATED (and the deprecated UNKNOWN): HTLCs may be out; asked again later.
        return { state: 'pending', details };
    }
  }

  /** The payment to `hash` LND holds (any status), newest first back to the invoice's creation; null when none. */
  private async lookup(hash: string, invoiceTimestamp: number): Promise<Payment | null> {
    const since = Math.max(0, invoiceTimestamp - LOOKUP_MARGIN_SECONDS);
    let offset: bigint | null = null;
    for (let page = 0; page < LIST_PAGES; page++) {
      const q = new URLSearchParams({ include_incomplete: 'true', reversed: 'true', max_payments: String(LIST_PAGE), creation_date_start: String(since) });
      if (offset !== null) q.set('index_offset', String(offset));
      const res = await this.o.call('GET', `/v1/payments?${q}`, undefined, this.o.refundMacaroonHex ?? '');
      if (res.status !== 200) {
        const err = messages(res.text)
          .map((m) => errorOf(m, res.status))
          .find((e) => e !== null);
        if (err && MACAROON_REFUSED.test(err.message))
          throw new BackendError(this.o.rail, 'list payments: LND refused the refund macaroon (it must allow offchain:read)', { kind: 'request' });
        throw statusError(this.o.rail, res, 'list payments');
      }
      const parsed = listSchema.safeParse(messages(res.text)[0]);
      if (!parsed.success) throw new BackendError(this.o.rail, 'list payments: unexpected response shape');
      const { payments, first_index_offset } = parsed.data;
      // Several entries for one hash (an older LND listing a retried payment twice): the furthest along wins.
      const rank = { SUCCEEDED: 3, IN_FLIGHT: 2, INITIATED: 2, UNKNOWN: 2, FAILED: 1 };
      const mine = payments.filter((p) => p.payment_hash === hash).sort((a, b) => rank[b.status] - rank[a.status]);
      if (mine[0]) return mine[0];
      const oldest = payments[0]?.creation_time_ns;
      if (payments.length === 0 || first_index_offset <= 1n || (oldest !== undefined && oldest < BigInt(since) * 1_000_000_000n)) return null;
      offset = first_index_offset;
    }
    throw new BackendError(this.o.rail, `list payments: more than ${LIST_PAGE * LIST_PAGES} payments since the invoice was made; not searched further`, {
      kind: 'request',
    });
  }
}

/** The JSON messages of an answer: one, or a stream's newline-delimited ones (unreadable lines: null). */
function messages(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    });
}

/** A gRPC status's message, from a stream's `{"error": status}` chunk, or a non-200 answer's bare status; else null. */
function errorOf(message: unknown, httpStatus: number): { code: number; message: string } | null {
  const chunk = field(message, 'error');
  const parsed = grpcStatus.safeParse(chunk !== undefined ? chunk : httpStatus !== 200 ? message : undefined);
  return parsed.success ? parsed.data : null;
}

/** gRPC codes that say the call itself broke (Canceled, DeadlineExceeded, Internal, Unavailable), not that LND refused it. */
const TRANSPORT_CODES = new Set([1, 4, 13, 14]);

const field = (m: unknown, key: string): unknown => (typeof m === 'object' && m !== null ? (m as Record<string, unknown>)[key] : undefined);

/** LND's refusals of a macaroon: a wrong one, or one without the permission (macaroons/service.go, the bakery's "permission denied"). */
const MACAROON_REFUSED = /permission denied|verification failed|macaroon/i;

/** The network of the invoice a payment was made with (this node's), or null when it does not decode. */
function paymentNetwork(invoice: string): string | null {
  try {
    return decodeInvoice(invoiceText(invoice)).network;
  } catch {
    return null;
  }
}

/** LND's refusal, short and printable (its texts name invoices and amounts, never a person). */
const clean = (message: string) => message.replace(/[^\x20-\x7e]/g, '').slice(0, 160);
