// The payer picks a rail: on the hosted page (a price session gets its intent now), or with a
// confirm naming another rail. The rail may change while the intent waits for a payment method,
// and while it is pending at a redirect operator the payer came back from without paying (the
// family says which: families/*.ts railMayChangeWhilePending). May call lib/store, lib/domain
// (payment-intents, checkout-sessions, conversion, rail-health, events, transitions), close.ts.
import type { Db } from '../db/client';
import { type CheckoutSession, intentMetadataOf, toCheckoutSession } from '../domain/checkout-sessions';
import type { Scope } from '../domain/common';
import { assertRateAvailable } from '../domain/conversion';
import { recordEvent } from '../domain/events';
import { merchantRail, operatorOf, railNotConfigured } from '../domain/merchant-rails';
import { assertPayable, createPaymentIntent, type PaymentIntent, serializeIntent } from '../domain/payment-intents';
import { isBackendDown } from '../domain/rail-health';
import { transitionIntent } from '../domain/transitions';
import { invalid, notFound, railUnavailable, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { isMobileMoneyRail, RAILS, type Rail } from '../money';
import { operatorInfo } from '../rails/mobile-money/operators';
import { activeAttempt, assertNoAttemptStarting, canceledNotDue, writeAttempt } from '../store/attempts';
import { lockIntent, type PaymentIntentRow, parseIntent, setRail } from '../store/intents';
import { type CheckoutSessionRow, getSession, productNameOf, setSessionIntent } from '../store/sessions';
import { scopeOf } from './adapters';
import type { Clock } from './clock';
import { closeActiveAttempts } from './close';
import { familyOfRail } from './families';

/**
 * The rail may change while the intent is requires_payment_method, and while it is pending on a
 * redirect operator (Orange Money, Wave): the payer went to the operator's page and came back
 * without paying. A push (on the phone) or money on its way (an address, an invoice) keeps it.
 */
export async function assertRailCanChange(tx: Db, intent: PaymentIntentRow): Promise<void> {
  const status = intent.status;
  if (status === 'requires_payment_method') return;
  const rail = intent.rail;
  if (status === 'pending' && familyOfRail(rail).railMayChangeWhilePending) {
    const current = await activeAttempt(tx, intent.id);
    // Not while the operator says the payer confirmed and the payment is in progress (Orange's
    // PENDING): it ends in seconds, and leaving now could make the payer pay twice.
    const inProgress = current?.details.operatorState === 'in_progress';
    if (current && current.status === 'pending' && Number(current.amount_received) === 0 && !inProgress) return;
    if (inProgress)
      throw unexpectedState(
        `The payer confirmed the payment at ${operatorName(rail)} and it is being processed; wait for its outcome (seconds) before choosing another rail.`,
      );
  }
  throw unexpectedState(
    `This payment intent's status is ${status}; its rail can only change while it is requires_payment_method (or pending at a redirect operator).`,
  );
}

const operatorName = (rail: Rail): string => (isMobileMoneyRail(rail) ? operatorInfo(rail).displayName : rail);

export async function switchRail(tx: Db, intent: PaymentIntentRow, rail: Rail, now: number): Promise<PaymentIntentRow> {
  const adapter = await merchantRail(tx, scopeOf(intent), rail);
  assertPayable(rail, intent.currency, intent.amount - 0, adapter && operatorOf(adapter));
  await assertRateAvailable(tx, rail, intent.currency, intent.livemode, now);
  await assertNoAttemptStarting(tx, intent.id);
  // The attempt left behind stays watched while its operator could still be paid (closeAttempt):
  // a payment that comes in after all is counted, never lost.
  await closeActiveAttempts(tx, intent.id, 'canceled', now);
  if (intent.status === 'pending') {
    // The abandoned operator request is asked about (and, for Wave, expired) by the worker's next
    // pass, not a minute later: the payer is told to pay another way now.
    for (const a of await canceledNotDue(tx, intent.id, now)) await writeAttempt(tx, a.id, { set: { next_poll_at: now } });
    // Abandoned at a redirect operator: back to requires_payment_method, as a decline would.
    const error = {
      code: 'payment_abandoned',
      message: 'The payer left the operator’s page without paying and chose another payment method.',
      rail: intent.rail,
    };
    const row = parseIntent(await transitionIntent(tx, intent.id, 'requires_payment_method', { last_payment_error: JSON.stringify(error) }));
    await recordEvent(tx, scopeOf(row), 'payment_intent.payment_failed', await serializeIntent(tx, row));
  }
  return setRail(tx, intent.id, rail, now);
}

/**
 * The buyer picks a rail on the hosted page. A price-based session gets its intent now; an intent
 * still requires_payment_method switches rail within its currency. Public: the scope is the
 * session's own.
 */
export async function chooseSessionRail(
  db: Db,
  sessionId: string,
  rail: Rail,
  clock: Clock = {},
): Promise<{ session: CheckoutSession; intent: PaymentIntent }> {
  const now = clock.now ?? nowSeconds();
  if (!(RAILS as readonly string[]).includes(rail)) throw invalid('parameter_invalid', `rail must be one of ${RAILS.join(', ')}`, 'rail');
  for (let tries = 0; ; tries++) {
    const first = await getSession(db, sessionId);
    if (!first) throw notFound('checkout_session', sessionId);
    try {
      return await chooseRailOnce(db, first, rail, now);
    } catch (err) {
      // Another request made the session's intent between our read and our lock: start again, so
      // the intent is locked before the session (the order everywhere; the other way deadlocks).
      if (err !== INTENT_APPEARED || tries >= 2)
        throw err === INTENT_APPEARED ? unexpectedState('This checkout session is being updated by another request; retry.') : err;
    }
  }
}

const INTENT_APPEARED = new Error('the session got its intent meanwhile');

async function chooseRailOnce(db: Db, first: CheckoutSessionRow, rail: Rail, now: number): Promise<{ session: CheckoutSession; intent: PaymentIntent }> {
  const scope: Scope = scopeOf(first);
  return db.transaction(async (tx) => {
    // Lock order everywhere: intent, then session.
    let intentRow = first.payment_intent_id ? await lockIntent(tx, first.payment_intent_id) : null;
    const session = (await getSession(tx, first.id, { forUpdate: true }))!;
    if (!intentRow && session.payment_intent_id) throw INTENT_APPEARED;
    if (session.status !== 'open' || session.expires_at <= now)
      throw unexpectedState(`This checkout session is ${session.status === 'open' ? 'past its expiry' : session.status}; no rail can be chosen.`);
    const currency = session.currency;
    const adapter = await merchantRail(tx, scope, rail);
    assertPayable(rail, currency, session.amount, adapter && operatorOf(adapter));
    await assertRateAvailable(tx, rail, currency, scope.livemode, now);
    if (!adapter) throw railNotConfigured(rail, scope.livemode);
    if (await isBackendDown(tx, adapter, now)) throw railUnavailable(rail, 'its backend is failing');
    if (!intentRow) return intentForSession(tx, scope, session, rail, now);
    if (intentRow.rail !== rail) {
      await assertRailCanChange(tx, intentRow);
      intentRow = await switchRail(tx, intentRow, rail, now);
    }
    return { session: toCheckoutSession(session), intent: await serializeIntent(tx, intentRow) };
  });
}

/** A price session's intent, made when the buyer picks its rail. */
async function intentForSession(
  tx: Db,
  scope: Scope,
  session: CheckoutSessionRow,
  rail: Rail,
  now: number,
): Promise<{ session: CheckoutSession; intent: PaymentIntent }> {
  const created = await createPaymentIntent(tx, scope, {
    amount: session.amount,
    currency: session.currency,
    rail,
    description: await productNameOf(tx, session.price_id),
    // The session's metadata (an orderId) reaches the intent and its events; checkoutSessionId wins.
    metadata: intentMetadataOf(session.id, session.metadata),
  });
  const updated = await setSessionIntent(tx, session.id, created.id, now);
  return { session: toCheckoutSession(updated), intent: created };
}
