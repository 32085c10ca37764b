// The one interface every rail adapter implements, live or simulated (style.md). The domain
// (lib/payments/) never sees a vendor's strings: each adapter maps its backend's statuses
// to RailStatus in its own file.
import type { Currency, Rail, RailFamily, RailKind } from '../money';

export type { RailFamily, RailKind } from '../money';
export type RailMode = 'test' | 'live';

export interface PromptInput {
  attemptId: string;
  intentId: string;
  rail: Rail;
  amount: number;
  currency: Currency;
  description: string;
  /** Unix seconds: the prompt must not outlive this (the session's end, or the rail's default). */
  expiresAt: number;
  now: number;
  /** E.164, for mobile money. */
  phone?: string;
  /** The derived receive address, for address rails (on-chain, TRC20). */
  address?: string;
  /**
   * Mobile money: our reference for the push (the operator's X-Reference-Id), made and stored on
   * the attempt before the call, so a push whose answer is lost can still be looked up.
   */
  reference?: string;
  /**
   * Redirect protocols (Orange Money, Wave): where the operator sends the payer back (the checkout
   * page, or the confirm's returnUrl), where it posts its notifications, and the page's language.
   */
  returnUrl?: string;
  notifyUrl?: string;
  locale?: 'fr' | 'en';
}

/** What an attempt tracks at the backend; stored on the attempt row. */
export interface RailPrompt {
  /** Phone, BOLT11 invoice, or address. */
  destination: string;
  /** Operator reference id, payment hash, or address. */
  backendRef: string;
  /** Unix seconds: until when the prompt can be paid (at most PromptInput.expiresAt); always known. */
  expiresAt: number;
  /** JSON-safe rail details (kept in payment_attempts.details). */
  details: Record<string, unknown>;
}

/** The attempt as an adapter sees it. */
export interface AttemptView {
  id: string;
  rail: Rail;
  amount: number;
  currency: Currency;
  destination: string;
  backendRef: string;
  details: Record<string, unknown>;
  createdAt: number;
  expiresAt: number | null;
}

/**
 * A backend's answer, mapped. `received` is the total confirmed so far (minor units), `seen` the
 * total not yet confirmed. `waiting`: nothing happened; `pending`: the payer acted, not final;
 * `confirmed`: `received` is final money; `failed`: declined/refused; `expired`: can no longer be paid.
 */
export interface RailStatus {
  state: 'waiting' | 'pending' | 'confirmed' | 'failed' | 'expired';
  received: number;
  seen: number;
  confirmations?: number;
  error?: { code: string; message: string };
  /**
   * false when something at the backend may still change for this attempt although `state` is
   * final (mobile money: a resent push still pending beside an approved one). Default: final.
   */
  final?: boolean;
  /** Merged into the attempt's details (txids, confirmations, operator transaction id...). */
  details?: Record<string, unknown>;
  /**
   * false when the backend's history of the attempt was read only in part this time (a long one is
   * read a bounded number of pages a poll, from where the last poll stopped): `received` and `seen`
   * are not the totals and nothing may be decided from them. Only `details` (where the reading got
   * to, which the next call starts from) are kept, and the attempt is asked again soon. Default: complete.
   */
  complete?: boolean;
}

export interface CallbackInput {
  headers: Headers;
  rawBody: string;
  /** The URL the notification was posted to (Orange: it names the attempt). */
  url: string;
  /** Unix seconds, for signature tolerances. */
  now: number;
}

/**
 * What a callback names. `verify`, when present, must accept the attempt before anything is done
 * for the callback (Orange's notif_token, compared in constant time with the attempt's own).
 */
export interface CallbackTarget {
  attemptId: string;
  verify?(attempt: AttemptView): boolean;
  /**
   * The operator proved it sent this (Orange's notif_token, Wave's signature): a closed attempt no
   * longer watched is watched again and asked about (money may have come after we stopped looking).
   * An unauthenticated callback (MTN's) never re-arms anything.
   */
  authenticated?: boolean;
  /** A signed event that is not about one of our attempts (another integration on the account): ignored, 200. */
  ignore?: boolean;
}

/** A merchant's rail account, at the version an adapter was built from (lib/domain/rail-accounts.ts). */
export interface AccountRef {
  id: string;
  version: number;
}

export interface RailAdapter<Config = unknown> {
  readonly rail: Rail;
  /**
   * The merchant's own account this adapter was built from; none for the deployment's adapters (the
   * platform accounts of the environment) and the simulators.
   */
  readonly account?: AccountRef;
  readonly kind: RailKind;
  /**
   * The seam the engine talks to (lib/money.ts RailFamily): `push` (MTN MoMo), `redirect` (Orange
   * Money, Wave), `invoice` (Lightning), `address` (on-chain, TRON). A mobile-money rail's is its
   * configured protocol's; the others' is the catalog's.
   */
  readonly family: RailFamily;
  readonly mode: RailMode;
  readonly currencies: readonly Currency[];
  readonly config: Config;
  /** How often the worker asks getStatus about an open attempt, in seconds. */
  readonly pollSeconds: number;
  /**
   * Mobile money: how the payer is asked. `push` (default): a prompt on the phone, which needs the
   * number. `redirect`: the prompt's `details.redirectUrl` sends the payer to the operator's page or app.
   */
  readonly flow?: 'push' | 'redirect';
  /** Redirect operators: the longest return and notification URL the operator takes (Orange: 120). */
  readonly maxUrlLength?: number;
  /**
   * Check the credentials with a call the adapter itself makes (MTN and Orange: a token; Wave, LND,
   * Esplora, TronGrid: an authenticated read): a BackendError with the backend's reason when it refuses.
   */
  verifyCredentials?(): Promise<void>;
  /** Start a payment at the backend: send the push, create the invoice, describe the address. */
  createPrompt(input: PromptInput): Promise<RailPrompt>;
  getStatus(attempt: AttemptView, now: number): Promise<RailStatus>;
  /**
   * Mobile money: send the approval request again, with our `reference` for it when given (made
   * and stored before the call, like PromptInput.reference). Returns the updated prompt.
   */
  resend?(attempt: AttemptView, now: number, reference?: string): Promise<RailPrompt>;
  /**
   * Make a closed attempt unpayable at the backend where the protocol allows it (LND: cancel the
   * invoice). Best effort: the attempt stays watched until getStatus says it can no longer be paid.
   */
  cancel?(attempt: AttemptView): Promise<unknown>;
  /** A backend's callback: which attempt to look at now. Never trusted for the outcome: the adapter asks getStatus. */
  parseCallback?(req: CallbackInput): Promise<CallbackTarget>;
  /** Address rails: the receive address at `index`, and the id of the key the counter belongs to. */
  deriveAddress?(index: number): string;
  readonly derivationKeyId?: string;
  /** Test mode only: the controls the test helpers and the hosted page's test banner use. */
  readonly simulator?: SimulatorControls;
  /** How money goes back to a payer on this account (refunds, lib/refunds/); none: the rail cannot refund here. */
  readonly refunds?: RefundRail;
  /**
   * Reconciliation (lib/reconcile/): what the account's backend moved in a period, money in and
   * out, from its own listing (LND: ListInvoices and ListPayments; Wave: the Balance &
   * Reconciliation API's transaction list), every page read. Absent where the backend has no
   * listing (MTN, Orange: each attempt's status is the check; Esplora, TronGrid: an address's
   * history is the attempt's status). Throws BackendError when the backend fails.
   */
  listMovements?(period: ListPeriod): Promise<BackendMovement[]>;
}

/** A period of a backend's listing: [start, end) in Unix seconds. */
export interface ListPeriod {
  start: number;
  end: number;
}

/** One movement of money a backend lists, mapped. */
export interface BackendMovement {
  /** `in`: a payment received; `out`: money that left (a refund, a payout, a payment sent). */
  direction: 'in' | 'out';
  /**
   * What it is about, as our attempts and refunds know it: the attempt's backendRef for money in
   * (a payment hash, a Wave checkout session id) and for a refund of one (a Wave session refund);
   * the payment hash of a payment sent (LND).
   */
  backendRef: string | null;
  /** The backend's own id of the movement (a Wave transaction id, a payment hash). */
  id: string;
  /** Our reference when the backend echoes one (Wave's client_reference: our attempt or refund id). */
  clientReference: string | null;
  /** Gross, in the rail's minor units (francs, sats): positive in, negative out. */
  amount: number;
  currency: Currency;
  /** Unix seconds. */
  at: number;
}

// ---------------------------------------------------------------------------------------------
// Refunds (lib/refunds/). A refund gives back part or all of what one payment attempt received, out
// of the account that received it (the attempt's adapter). Money going out is sent at most once: our
// `reference` is made and stored before the first call and every retry carries the same one, so the
// backend takes it once; an answer that was lost is asked about (`check`), never sent again blind.

/** One refund as an adapter sees it. */
export interface RefundRequest {
  refundId: string;
  /**
   * Our reference at the backend (MTN: the refund's X-Reference-Id, a UUID; Wave: the payout's
   * idempotency key), made and stored before the first call; the same on every retry.
   */
  reference: string;
  /** The attempt whose money goes back: its backendRef, destination (the payer's number) and details. */
  payment: AttemptView;
  /** What leaves on the rail, in the settlement currency's minor units (francs, sats, USDT micro-units). */
  amount: number;
  currency: Currency;
  /** The refund's amount in the intent's currency (minor units): the simulators' test amounts read it. */
  intentAmount: number;
  /** True when this is all the attempt received and nothing of it was refunded before (Wave refunds whole sessions only). */
  whole: boolean;
  /** A short note for the payer (cleaned by the adapter to what its backend takes). */
  note: string;
  /** The refund's own details so far (what earlier calls returned; the simulators' state). */
  details: Record<string, unknown>;
  /** Unix seconds: when the refund was first sent (null before), and now. */
  sentAt: number | null;
  now: number;
  /** Claim rails: the destination the payer gave (a BOLT11 invoice, an address), once claimed. */
  destination?: string;
  /** A proof the merchant recorded: an on-chain or TRON transaction id, a Lightning preimage (hex). */
  operatorReference?: string | null;
}

/** A backend's answer about a refund, mapped. */
export type RefundOutcome =
  /** Sent, not final yet: asked again later. */
  | { state: 'pending'; details?: Record<string, unknown> }
  /** The money reached the payer. `operatorReference`: the backend's id of the transfer, when it gives one. */
  | { state: 'succeeded'; operatorReference: string | null; details?: Record<string, unknown> }
  /** Refused for good; nothing went out. */
  | { state: 'failed'; code: string; message: string; details?: Record<string, unknown> }
  /**
   * The backend has no record of our reference (the send's answer was lost before it arrived):
   * sending again with the same reference is safe.
   */
  | { state: 'not_found' }
  /** The backend cannot do this one by API (Orange Money; a partial Wave refund without payouts): the merchant does it. */
  | { state: 'requires_action'; instructions: string; details?: Record<string, unknown> };

/** What a payer's destination for a claimed refund is, once checked. */
export type ParsedDestination =
  | { ok: true; destination: string /** Lightning: the invoice's expiry (Unix seconds). */; expiresAt: number | null; details?: Record<string, unknown> }
  | { ok: false; code: string; message: string };

export interface RefundRail {
  /**
   * `send`: the backend refunds by API (MTN MoMo's disbursement refund, Wave) or says the merchant
   * must (`requires_action`: Orange Money); `claim`: the payer gives where to send it (Lightning,
   * on-chain, TRON), then the account pays it (`pay`) or the merchant does and Caisse confirms it.
   */
  readonly method: 'send' | 'claim';
  /** send: start the refund. Throws BackendError, `maybeSent` when it may have been taken (timeout, 5xx). */
  send?(req: RefundRequest): Promise<RefundOutcome>;
  /** send: the refund's state at the backend, by our reference. */
  check?(req: RefundRequest): Promise<RefundOutcome>;
  /**
   * claim: check what the payer pasted (a BOLT11 invoice for exactly `amount` on this account's
   * network, signed, not expiring within `minSeconds`; an address with its checksum on this network).
   */
  parseDestination?(input: string, amount: number, now: number, minSeconds: number): ParsedDestination;
  /** claim: a wallet URI for the merchant to pay `destination` (bitcoin:, lightning:, tron:). */
  paymentUri?(destination: string, amount: number): string;
  /** claim: true when this account pays claimed refunds itself (LND with a macaroon allowed to pay; the simulators). */
  readonly canPay?: boolean;
  /** claim and canPay: pay `req.destination`. Throws BackendError (maybeSent when it may have gone). */
  pay?(req: RefundRequest): Promise<RefundOutcome>;
  /**
   * claim: has the money reached `req.destination`? By the payment the account made (LND: the
   * payment hash), or by the merchant's `operatorReference` (a txid on chain or on TRON, confirmed;
   * a Lightning preimage that hashes to the invoice's payment hash). `pending` while unconfirmed;
   * `failed` when the reference pays something else.
   */
  confirm?(req: RefundRequest): Promise<RefundOutcome>;
}

export interface SimulatorControls {
  /** The details after the payer pays `amount` now. */
  pay(attempt: AttemptView, amount: number, now: number): Record<string, unknown>;
  /** The details after the payment fails now. */
  fail(attempt: AttemptView, now: number): Record<string, unknown>;
}

/**
 * What a backend failure says about the backend. `down`: the backend itself is failing or refusing
 * everyone (no connection, a timeout, a 5xx, 401 with our credentials, 403, 429, an unreadable
 * answer): it counts against the rail's health. `request`: the backend refused this one request (a
 * 4xx about its content, e.g. a payer's number): that attempt fails, the rail stays healthy.
 */
export type BackendErrorKind = 'down' | 'request';

/** The kind of an HTTP status a backend answered with (see BackendErrorKind). */
export function backendErrorKindOf(status: number): BackendErrorKind {
  if (status >= 500 || status === 401 || status === 403 || status === 408 || status === 429) return 'down';
  return status >= 400 ? 'request' : 'down';
}

/** A backend that failed (timeout, network, 5xx, garbage): the rail is unavailable, never a 500. */
const BACKEND_ERROR = Symbol.for('caisse.BackendError');

export class BackendError extends Error {
  /**
   * `instanceof` by brand, not by class identity: Next.js may load this module once per bundle
   * layer, and an adapter made by one copy can throw into code of another.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BACKEND_ERROR] === true;
  }
  readonly [BACKEND_ERROR] = true;
  /**
   * Whether the request may have reached the backend and taken effect (a timeout or a 5xx after
   * sending), as opposed to a definite refusal (connection refused, a 4xx). Matters for a push.
   */
  readonly maybeSent: boolean;
  /** The HTTP status the backend answered, when it answered one. */
  readonly status: number | undefined;
  /** Whether this counts against the rail's health (`down`) or fails one request only (`request`). */
  readonly kind: BackendErrorKind;
  constructor(
    readonly rail: string,
    message: string,
    opts: { maybeSent?: boolean; status?: number; kind?: BackendErrorKind } = {},
  ) {
    super(message);
    this.name = 'BackendError';
    this.maybeSent = opts.maybeSent ?? false;
    // The status given, or the one the shared HTTP client names in its message ("... HTTP 400 ...").
    const named = /\bHTTP (\d{3})\b/.exec(message);
    this.status = opts.status ?? (named ? Number(named[1]) : undefined);
    // No status: no connection, a timeout, an unreadable answer: the backend is failing.
    this.kind = opts.kind ?? (this.status !== undefined ? backendErrorKindOf(this.status) : 'down');
  }
}
