// Closing: an attempt closes (canceled, expired, failed) watched while its backend can still pay
// it; an intent fails (its attempts close, its sessions expire); the intent's sessions complete or
// expire; a closed attempt is made unpayable at its backend (cancel an invoice, expire a Wave
// session). May call lib/store, lib/domain (events, transitions, payment-intents, checkout-sessions),
// lib/rails, watch.ts.
import type { Db } from '../db/client';
import { toCheckoutSession } from '../domain/checkout-sessions';
import { recordEvent } from '../domain/events';
import { serializeIntent } from '../domain/payment-intents';
import { transitionIntent, transitionSession } from '../domain/transitions';
import { unexpectedState } from '../errors';
import { log } from '../log';
import { BackendError, type RailAdapter } from '../rails/types';
import {
  ACTIVE_ATTEMPT_STATUSES,
  type AttemptStatus,
  attemptView,
  closedToCancel,
  isActiveAttempt,
  lockActiveAttempts,
  type PaymentAttemptRow,
  writeAttempt,
} from '../store/attempts';
import { type PaymentIntentRow, parseIntent } from '../store/intents';
import { lockOpenSessionsOf } from '../store/sessions';
import { adapterOfAttempt, scopeOf } from './adapters';
import { nextPollAt, watchFacts, watchUntilAfterClose } from './watch';

/** How long a worker holds a claimed attempt before another may take it. */
export const LEASE_SECONDS = 60;

/** Close an attempt (canceled / expired / failed), watched while its backend can still pay it. */
export async function closeAttempt(
  db: Db,
  row: PaymentAttemptRow,
  to: 'canceled' | 'expired' | 'failed',
  now: number,
  opts: { error?: object; watchUntil?: number | null; from?: readonly AttemptStatus[] } = {},
): Promise<PaymentAttemptRow | null> {
  const watchUntil = opts.watchUntil !== undefined ? opts.watchUntil : watchUntilAfterClose(watchFacts(row), now);
  return writeAttempt(db, row.id, {
    to,
    from: opts.from ?? ACTIVE_ATTEMPT_STATUSES,
    set: {
      updated_at: now,
      locked_until: null,
      watch_until: watchUntil,
      next_poll_at: nextPollAt(to, watchUntil, now, 0),
      ...(opts.error ? { error: JSON.stringify(opts.error) } : {}),
    },
  });
}

/**
 * End every live attempt of an intent (cancel, expiry, rail switch, paid through another attempt).
 * Each stays watched while its backend can still pay it (watchUntilAfterClose).
 */
export async function closeActiveAttempts(tx: Db, intentId: string, to: 'canceled' | 'expired', now: number): Promise<void> {
  for (const row of await lockActiveAttempts(tx, intentId)) {
    // A creating attempt can only be canceled (its request is in flight; it is watched by its
    // reference); every row must close, or the whole change is refused.
    const target = row.status === 'creating' ? 'canceled' : to;
    if (!(await closeAttempt(tx, row, target, now))) throw unexpectedState(`Payment attempt ${row.id} could not be closed from ${row.status}.`);
  }
}

/** The intent's open sessions complete (paid) or expire (canceled, failed), each with its event. Lock order: the intent is locked first. */
export async function closeSessionsOfIntent(tx: Db, intentId: string, to: 'complete' | 'expired', now: number): Promise<void> {
  for (const row of await lockOpenSessionsOf(tx, intentId)) {
    const done = toCheckoutSession(await transitionSession(tx, row.id, to, to === 'complete' ? { completed_at: now } : { expired_at: now }));
    await recordEvent(tx, scopeOf(row), to === 'complete' ? 'checkout_session.completed' : 'checkout_session.expired', done);
  }
}

/**
 * The one way an intent fails (its window closed unpaid or underpaid, or its attempts ran out): the
 * intent becomes failed with `error`, its live attempts close (each still watched while its
 * backend can pay it), its event, then its open sessions expire. Money received stays recorded.
 */
export async function failIntent(tx: Db, intentId: string, error: object, now: number): Promise<PaymentIntentRow> {
  const row = parseIntent(await transitionIntent(tx, intentId, 'failed', { last_payment_error: JSON.stringify(error) }));
  await closeActiveAttempts(tx, intentId, 'expired', now);
  await recordEvent(tx, scopeOf(row), 'payment_intent.failed', await serializeIntent(tx, row));
  await closeSessionsOfIntent(tx, intentId, 'expired', now);
  return row;
}

/**
 * A closed attempt is canceled at the backend where the protocol allows it (LND: cancel the
 * invoice; Wave: expire the checkout session), once; it stays watched until the backend confirms
 * it can no longer be paid (a payment may have won the race). A failed cancel is tried again at
 * the next poll.
 */
export async function cancelAtBackend(db: Db, adapter: RailAdapter, row: PaymentAttemptRow, now: number): Promise<PaymentAttemptRow> {
  if (isActiveAttempt(row.status) || !adapter.cancel || row.details.backendCanceledAt) return row;
  try {
    await adapter.cancel(attemptView(row));
    return (await writeAttempt(db, row.id, { mergeDetails: { backendCanceledAt: now } })) ?? row;
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    log('warn', 'rail cancel failed', { rail: row.rail, attemptId: row.id, error: err.message });
    return row;
  }
}

/**
 * The attempts of an intent that was just canceled, made unpayable at their backend now (an LND
 * invoice canceled, a Wave session expired) rather than at the worker's next watch poll up to a
 * minute later, while the payer may still pay them. After the closing transaction committed, with
 * none open; a failed cancel is tried again by the worker (cancelAtBackend). Live adapters only.
 * Not after a rail switch: the open intent is still paid by the switched-away invoice (decide.ts
 * rule 3), and switching back hands the same invoice out again (reuse-invoice.ts).
 */
export async function cancelClosedAtBackend(db: Db, intentId: string, now: number): Promise<void> {
  for (const row of await closedToCancel(db, intentId, now)) {
    const adapter = await adapterOfAttempt(db, row).catch(() => null);
    if (!adapter?.cancel || adapter.mode !== 'live') continue;
    // Leased first, as the worker's cancel is: a confirm back to this rail meanwhile must not hand
    // the invoice out again (reuseOpenInvoice skips a leased one), and if it already did (the
    // attempt no longer watched), it is not ours to cancel.
    const claimed = await writeAttempt(db, row.id, {
      set: { locked_until: now + LEASE_SECONDS },
      where: { sql: `(locked_until is null or locked_until <= $1) and watch_until > $1 and not (details ? 'backendCanceledAt')`, params: [now] },
    });
    if (!claimed) continue;
    await cancelAtBackend(db, adapter, claimed, now);
    await writeAttempt(db, row.id, { set: { locked_until: null }, where: { sql: 'locked_until = $1', params: [now + LEASE_SECONDS] } });
  }
}
