// A payment_attempts row, typed: its statuses and their allowed changes, its details per rail
// family, and the one parser from the db row (parseAttempt), so the engine reads fields without
// casts. Its SQL is attempts.ts. May import lib/db (types), lib/rails (types), bottom.
//
//   creating          the row is written before the backend call (a push may be in flight)
//   awaiting_payment  an invoice or address is out, nothing seen yet
//   pending           the payer acted (push sent, payment seen), not final
//   succeeded         its money paid the intent
//   failed            declined, refused, or timed out on our side
//   expired           its time (or the intent's window) ran out
//   canceled          closed by a rail switch, a cancel, or a payment through another attempt
import type { Row } from '../db/client';
import type { Currency, Rail } from '../money';
import type { AttemptView } from '../rails/types';
import { num, numOrNull, strOrNull } from './parse';

export const ATTEMPT_STATUSES = ['creating', 'awaiting_payment', 'pending', 'succeeded', 'failed', 'expired', 'canceled'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Allowed status changes. A closed attempt (failed, expired, canceled) may still become succeeded:
 * money that reaches it while the intent is open pays the intent. `succeeded` is final.
 */
export const ATTEMPT_TRANSITIONS: Record<AttemptStatus, readonly AttemptStatus[]> = {
  // creating -> canceled: the intent was paid through another attempt while this one's request was
  // in flight; its prompt is still recorded when the backend answers, and watched (finishAttempt).
  creating: ['awaiting_payment', 'pending', 'failed', 'canceled'],
  awaiting_payment: ['pending', 'succeeded', 'failed', 'expired', 'canceled'],
  pending: ['awaiting_payment', 'succeeded', 'failed', 'expired', 'canceled'],
  succeeded: [],
  failed: ['succeeded'],
  expired: ['succeeded'],
  canceled: ['succeeded'],
};

export const ACTIVE_ATTEMPT_STATUSES = ['creating', 'awaiting_payment', 'pending'] as const satisfies readonly AttemptStatus[];
export const isActiveAttempt = (status: unknown): boolean => (ACTIVE_ATTEMPT_STATUSES as readonly unknown[]).includes(status);
/** A prompt is out and the payer can act on it now (what nextAction shows). */
export const isPromptOut = (status: unknown): boolean => status === 'awaiting_payment' || status === 'pending';
export const canTransitionAttempt = (from: AttemptStatus, to: AttemptStatus): boolean => ATTEMPT_TRANSITIONS[from].includes(to);

// ---------------------------------------------------------------------------------------------
// The row, typed once (parseAttempt): the engine reads its fields without casts.

/** Details any attempt may carry (written by the engine). */
export interface CommonDetails {
  /** The backend could not be read: since when, how many times, the last message (the dashboard shows it). */
  readError?: { message: string; since: number; at: number; failures: number } | null;
  /** Made unpayable at the backend (an invoice canceled, a Wave session expired) at this time. */
  backendCanceledAt?: number;
  /** When money (confirmed or not) was first seen on the attempt. */
  firstSeenAt?: number;
  /** When a callback's status lookup last started (callback.ts spacing). */
  callbackLookupAt?: number;
  /** Test mode: the simulator's state (a simulated chain's history, an operator's answer). */
  sim?: Record<string, unknown>;
}

/** Push family (MTN MoMo): our references for the pushes, made before each call. */
export interface PushDetails {
  protocol?: string;
  referenceIds?: string[];
  resends?: number;
  lastPushAt?: number;
  previousPushAt?: number | null;
  pushUnconfirmed?: boolean;
}

/** Redirect family (Orange Money, Wave): where the payer goes and comes back. */
export interface RedirectDetails {
  protocol?: string;
  returnUrl?: string;
  locale?: 'fr' | 'en';
  redirectUrl?: string;
  /** The operator's word on a payment in progress (Orange's PENDING: 'in_progress'). */
  operatorState?: string;
}

/** Invoice family (Lightning): an invoice handed out again names the attempt it came from. */
export interface InvoiceDetails {
  reusedFrom?: string;
}

/** Address family (on-chain, TRON): the address's index, and what the chain says of its money. */
export interface AddressDetails {
  derivationIndex?: number;
  confirmations?: number;
  requiredConfirmations?: number;
  contract?: string;
}

/** An attempt's details: the engine's keys per family, typed; a rail adapter's own keys besides. */
export type AttemptDetails = CommonDetails & PushDetails & RedirectDetails & InvoiceDetails & AddressDetails & Record<string, unknown>;

export type PaymentAttemptRow = {
  id: string;
  seq: number;
  payment_intent_id: string;
  merchant_id: string;
  livemode: boolean;
  rail: Rail;
  amount: number;
  currency: Currency;
  status: AttemptStatus;
  destination: string | null;
  backend_ref: string | null;
  details: AttemptDetails;
  amount_received: number;
  amount_seen: number;
  error: Record<string, unknown> | null;
  expires_at: number | null;
  next_poll_at: number | null;
  locked_until: number | null;
  watch_until: number | null;
  created_at: number;
  updated_at: number;
  /** The quote a converting attempt locked (lib/domain/conversion.ts quoteOf reads it). */
  quote: unknown;
  valuation: unknown;
  /** The merchant's rail account and version that made it (null: the deployment's, platform or simulator). */
  rail_account_id: string | null;
  rail_account_version: number | null;
  /** Whose account the money goes to: the merchant's own, the deployment's (platform), or test mode's simulator. */
  account_owner: 'merchant' | 'platform' | 'simulator';
};

/** The db row, typed (its other columns, e.g. a join's, are kept as they are). */
export function parseAttempt(r: Row): PaymentAttemptRow {
  return {
    ...r,
    id: String(r.id),
    seq: num(r.seq),
    payment_intent_id: String(r.payment_intent_id),
    merchant_id: String(r.merchant_id),
    livemode: r.livemode === true,
    rail: r.rail as Rail,
    amount: num(r.amount),
    currency: r.currency as Currency,
    status: r.status as AttemptStatus,
    destination: strOrNull(r.destination),
    backend_ref: strOrNull(r.backend_ref),
    details: (r.details ?? {}) as AttemptDetails,
    amount_received: num(r.amount_received),
    amount_seen: num(r.amount_seen),
    error: (r.error ?? null) as Record<string, unknown> | null,
    expires_at: numOrNull(r.expires_at),
    next_poll_at: numOrNull(r.next_poll_at),
    locked_until: numOrNull(r.locked_until),
    watch_until: numOrNull(r.watch_until),
    created_at: num(r.created_at),
    updated_at: num(r.updated_at),
    quote: r.quote ?? null,
    valuation: r.valuation ?? null,
    rail_account_id: strOrNull(r.rail_account_id),
    rail_account_version: numOrNull(r.rail_account_version),
    account_owner: (r.account_owner ?? 'platform') as PaymentAttemptRow['account_owner'],
  };
}

/** The row as the rail adapters see it. */
export function attemptView(row: Row): AttemptView {
  const a = parseAttempt(row);
  return {
    id: a.id,
    rail: a.rail,
    amount: a.amount,
    currency: a.currency,
    destination: a.destination ?? '',
    backendRef: a.backend_ref ?? '',
    details: a.details,
    createdAt: a.created_at,
    expiresAt: a.expires_at,
  };
}
