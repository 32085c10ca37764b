// A checkout session expires (the merchant's POST /v1/checkout_sessions/:id/expire, or the worker
// past its expiresAt): the payment window closes with it, and an intent still waiting for payment
// fails (close.ts failIntent). May call lib/store, lib/domain (checkout-sessions, events,
// transitions), close.ts.
import type { Db } from '../db/client';
import { type CheckoutSession, getSessionRow, toCheckoutSession } from '../domain/checkout-sessions';
import type { Scope } from '../domain/common';
import { recordEvent } from '../domain/events';
import { transitionSession } from '../domain/transitions';
import { unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { log } from '../log';
import { toDecimalString } from '../money';
import { assertNoAttemptStarting, hasAttemptStarting } from '../store/attempts';
import { intentMoney, lockIntentStatus } from '../store/intents';
import { dueToExpire, lockExpiringSession } from '../store/sessions';
import { scopeOf } from './adapters';
import { failIntent } from './close';
import type { WorkScope } from './poll';

/**
 * open -> expired, in the caller's transaction. The payment window closes with it: an intent still
 * waiting for payment fails. Refused while a payment is pending: that payment's outcome decides.
 */
export async function expireSession(tx: Db, scope: Scope, sessionRow: { id: string; payment_intent_id: string | null }): Promise<CheckoutSession> {
  const intentId = sessionRow.payment_intent_id;
  if (intentId) {
    if ((await lockIntentStatus(tx, intentId)) === 'pending')
      throw unexpectedState('A payment for this session is pending; the session cannot expire until that payment succeeds or fails.');
    await assertNoAttemptStarting(tx, intentId);
  }
  const now = nowSeconds();
  const session = toCheckoutSession(await transitionSession(tx, sessionRow.id, 'expired', { expired_at: now }));
  await recordEvent(tx, scope, 'checkout_session.expired', session);
  if (intentId) {
    const paid = await intentMoney(tx, intentId);
    if (paid.status === 'requires_payment_method') {
      // Underpaid money stays recorded (amountReceived) for the merchant to settle or refund.
      const currency = paid.currency;
      const fmt = (n: number) => `${toDecimalString(n, currency)} ${currency}`;
      const error =
        paid.amount_received > 0
          ? { code: 'underpaid', message: `The checkout session expired with ${fmt(paid.amount_received)} of ${fmt(paid.amount)} received.`, rail: paid.rail }
          : { code: 'session_expired', message: 'The checkout session expired before the payment was completed.', rail: null };
      await failIntent(tx, intentId, error, now);
    }
  }
  return session;
}

/** POST /v1/checkout_sessions/:id/expire */
export async function expireCheckoutSession(db: Db, scope: Scope, id: string): Promise<CheckoutSession> {
  return db.transaction(async (tx) => {
    // Lock order everywhere: intent, then session. Read the session unlocked to find its intent.
    const first = await getSessionRow(tx, scope, id);
    if (first.payment_intent_id) await lockIntentStatus(tx, first.payment_intent_id);
    const session = await getSessionRow(tx, scope, id, { forUpdate: true });
    if (session.payment_intent_id !== first.payment_intent_id)
      throw unexpectedState('The buyer started paying this checkout session while it was being expired; retry.');
    return expireSession(tx, scope, session);
  });
}

/**
 * Worker task: open sessions past expiresAt become expired (their unpaid or underpaid intent
 * fails). A session whose payment is pending waits for its outcome. Safe in several copies: rows
 * are taken with `for update skip locked`, intent first, then session (the order used everywhere).
 */
export async function expireDueSessions(db: Db, now = nowSeconds(), scope: WorkScope = {}, limit = 100): Promise<number> {
  let n = 0;
  for (const c of await dueToExpire(db, now, limit, scope.merchantId ?? null)) {
    try {
      if (await expireDue(db, c, now)) n++;
    } catch (err) {
      log('error', 'session expiry failed', { sessionId: c.id, error: err instanceof Error ? err.stack : String(err) });
    }
  }
  return n;
}

async function expireDue(db: Db, c: { id: string; payment_intent_id: string | null }, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (c.payment_intent_id) {
      const status = await lockIntentStatus(tx, c.payment_intent_id, { skipLocked: true });
      if (status === null || status === 'pending') return false;
      // An attempt being started: wait for it, like a pending payment.
      if (await hasAttemptStarting(tx, c.payment_intent_id)) return false;
    }
    const s = await lockExpiringSession(tx, c.id, now);
    if (!s) return false;
    await expireSession(tx, scopeOf(s), s);
    return true;
  });
}
