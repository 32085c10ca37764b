// POST /v1/payment_intents/:id/cancel and the dashboard's cancel: requires_payment_method ->
// canceled; its live attempts close (watched), its open sessions expire, and what the payer was
// shown is made unpayable at its backend. May call lib/store, lib/domain (payment-intents, events,
// transitions), close.ts.
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { recordEvent } from '../domain/events';
import { getIntentRow, type PaymentIntent, serializeIntent } from '../domain/payment-intents';
import { transitionIntent } from '../domain/transitions';
import { nowSeconds } from '../ids';
import { assertNoAttemptStarting } from '../store/attempts';
import type { Clock } from './clock';
import { cancelClosedAtBackend, closeActiveAttempts, closeSessionsOfIntent } from './close';

/** requires_payment_method -> canceled; its open checkout sessions expire with it. */
export async function cancelPaymentIntent(db: Db, scope: Scope, id: string, clock: Clock = {}): Promise<PaymentIntent> {
  const now = clock.now ?? nowSeconds();
  const canceled = await db.transaction(async (tx) => {
    await getIntentRow(tx, scope, id, { forUpdate: true });
    await assertNoAttemptStarting(tx, id);
    const row = await transitionIntent(tx, id, 'canceled', { canceled_at: now });
    await closeActiveAttempts(tx, id, 'canceled', now);
    const intent = await serializeIntent(tx, row);
    await recordEvent(tx, scope, 'payment_intent.canceled', intent);
    await closeSessionsOfIntent(tx, id, 'expired', now);
    return intent;
  });
  // The invoice (or Wave session) the payer was shown stops being payable now, not at the next poll.
  await cancelClosedAtBackend(db, id, now);
  return canceled;
}
