import type { AttemptStatus } from '../store/attempts';
import { isActiveAttempt } from '../store/attempts';
import { familyOfRail } from './families';

export { WATCH_SECONDS } from './families/address';
export { INVOICE_GRACE_SECONDS } from './families/invoice';
export { PUSH_WATCH_SECONDS } from './families/push';
/** How often a closed but watched attempt is asked about. */
export const WATCH_POLL_SECONDS = 60;

/** What the watch rules need of an attempt. */
export interface WatchFacts {
  rail: string;
  /** The backend's handle (push reference, payment hash, address); null if the backend never got the request. */
  backendRef: string | null;
  expiresAt: number | null;
}

export function watchFacts(row: { rail: string; backend_ref: string | null; destination: string | null; expires_at: number | null }): WatchFacts {
  const rail = row.rail;
  return {
    rail,
    backendRef: row.backend_ref ?? (familyOfRail(rail).receivesOnAddress ? row.destination : null),
    expiresAt: row.expires_at,
  };
}

/**
 * Until when an attempt closed at `now` must still be asked about: as long as its backend can
 * still pay it (its family says how long: families/*.ts). An attempt whose request never reached a
 * backend: null (an address excepted: it can receive anyway).
 */
export function watchUntilAfterClose(a: WatchFacts, now: number): number | null {
  return familyOfRail(a.rail).watchUntilAfterClose(a, now);
}

/**
 * When the worker should ask next about an attempt in this state (null: never again). A live
 * attempt, or a watched one with money on its way (seen, not final), at the rail's pace; a watched
 * one otherwise every minute.
 */
export function nextPollAt(status: AttemptStatus, watchUntil: number | null, now: number, pollSeconds: number, moneySeen = false): number | null {
  if (isActiveAttempt(status)) return now + pollSeconds;
  if (watchUntil !== null && watchUntil > now) return now + (moneySeen ? Math.min(pollSeconds, WATCH_POLL_SECONDS) : WATCH_POLL_SECONDS);
  return null;
}

/** What is still due on an intent (never negative). */
export function amountDue(intent: { amount: number; amountReceived: number }): number {
  return Math.max(0, intent.amount - intent.amountReceived);
}

/** The amount a new attempt asks for: what is due, or the whole amount when nothing is (never 0). */
export function attemptAmount(intent: { amount: number; amountReceived: number }): number {
  return amountDue(intent) || intent.amount;
}
