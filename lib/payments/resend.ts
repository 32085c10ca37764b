// Send a pending push again (confirm with resend: true; the page's "send again"): push family
// only (families/*.ts canResend). Reserved under the row locks, sent with no transaction open,
// recorded after. May call lib/store, lib/domain (payment-intents, phone-limits, rail-health),
// lib/rails, adapters.ts.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { getIntentRow, type PaymentIntent, serializeIntent } from '../domain/payment-intents';
import { assertResendSpacing, releasePrompt, reservePrompt } from '../domain/phone-limits';
import { admitRequest, recordBackendFailure, recordBackendSuccess } from '../domain/rail-health';
import { railUnavailable, unexpectedState } from '../errors';
import { isMobileMoneyRail } from '../money';
import { operatorInfo } from '../rails/mobile-money/operators';
import { BackendError, type RailAdapter } from '../rails/types';
import { activeAttempt, attemptView, lockAttempt, type PaymentAttemptRow, writeAttempt } from '../store/attempts';
import { lockIntent } from '../store/intents';
import { operatorOf, paymentRefused, requiredAdapterOfAttempt } from './adapters';
import { type Clock, timeOf } from './clock';
import { familyOfRail } from './families';
import { PUSH_WATCH_SECONDS } from './watch';

export const MAX_RESENDS = 3;

export async function resendMobileMoneyPrompt(db: Db, scope: Scope, intentId: string, clock: Clock = {}): Promise<PaymentIntent> {
  const { now, nowMs } = timeOf(clock);
  // 1. Under the row locks: check, and reserve the resend (count and our reference for the push),
  //    so two concurrent resends cannot both pass MAX_RESENDS and no push goes out unrecorded.
  const { attempt, reference, adapter } = await db.transaction((tx) => reserveResend(tx, scope, intentId, now, nowMs));
  // 2. The push, with no transaction open.
  let prompt;
  try {
    prompt = await adapter.resend!(attemptView(attempt), now, reference);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    await recordBackendFailure(db, adapter, err, now);
    if (err.maybeSent) return serializeIntent(db, await getIntentRow(db, scope, intentId)); // pending: polling decides
    // Surely not sent: give the reservation (and the phone's prompt) back.
    if (scope.livemode) await releasePrompt(db, attempt.destination ?? '', attempt.id, nowMs);
    await giveBack(db, intentId, attempt.id, reference, now);
    // The operator refused this one push (a 4xx about it): the pending request goes on, the rail is fine.
    throw err.kind === 'request' ? paymentRefused(adapter, err) : railUnavailable(adapter.rail);
  }
  await recordBackendSuccess(db, adapter, now);
  // 3. Record the push: only its own fields, on the attempt as it is now (no lost update).
  const recorded = await db.transaction(async (tx) => {
    await lockIntent(tx, intentId);
    const row = await writeAttempt(tx, attempt.id, {
      set: { backend_ref: prompt.backendRef, expires_at: prompt.expiresAt, next_poll_at: now, updated_at: now },
      mergeDetails: { lastPushAt: now },
      where: { sql: `status = 'pending' and details->'referenceIds' @> jsonb_build_array($1::text)`, params: [prompt.backendRef] },
    });
    if (!row) {
      // The attempt ended while this push went out (a decline of the older push, our timeout): the
      // new push reached the payer all the same, so the attempt is watched for its answer.
      await writeAttempt(tx, attempt.id, {
        set: { watch_until: now + PUSH_WATCH_SECONDS, next_poll_at: now + 1, updated_at: now },
        where: { sql: `status <> 'pending' and (watch_until is null or watch_until < $1)`, params: [now + PUSH_WATCH_SECONDS] },
      });
    }
    return row;
  });
  if (!recorded)
    throw unexpectedState('The pending request ended while it was being sent again; its answer is still watched. Confirm again to start a new request.');
  return serializeIntent(db, await getIntentRow(db, scope, intentId));
}

/** Step 1: the checks, the phone's limits, and the new reference recorded on the attempt. */
async function reserveResend(
  tx: Db,
  scope: Scope,
  intentId: string,
  now: number,
  nowMs: number,
): Promise<{ attempt: PaymentAttemptRow; reference: string; adapter: RailAdapter }> {
  const intent = await getIntentRow(tx, scope, intentId, { forUpdate: true });
  const rail = intent.rail;
  if (!isMobileMoneyRail(rail)) throw unexpectedState(`This payment intent's rail is ${rail}; only a mobile-money request can be sent again.`);
  if (!familyOfRail(rail).canResend)
    throw unexpectedState(
      `${operatorInfo(rail).displayName} asks the payer on its own page: nothing is sent to the phone. Send the payer to nextAction.url again; it stays valid until nextAction.expiresAt.`,
    );
  const current = await activeAttempt(tx, intentId);
  const locked = current ? await lockAttempt(tx, current.id) : undefined;
  if (intent.status !== 'pending' || !locked || locked.status !== 'pending')
    throw unexpectedState(`This payment intent's status is ${intent.status}; a request can be sent again only while one is pending.`);
  const details = locked.details;
  const resends = Number(details.resends ?? 0);
  if (resends >= MAX_RESENDS) throw unexpectedState(`The request was already sent again ${MAX_RESENDS} times; wait for it to time out, then confirm again.`);
  if (scope.livemode) {
    // A real phone: resends spaced, and the phone's own limits (phone-limits.ts).
    assertResendSpacing(Number(details.lastPushAt ?? locked.created_at), now);
    await reservePrompt(tx, locked.destination ?? '', { merchantId: scope.merchantId, attemptId: locked.id }, nowMs);
  }
  // The push goes again through the account that sent the first one (its reference lives there).
  const adapter = await requiredAdapterOfAttempt(tx, locked);
  await admitRequest(tx, adapter, now);
  const reference = randomUUID();
  const refs = [...(details.referenceIds ?? (locked.backend_ref ? [locked.backend_ref] : [])), reference];
  // The new push is out from now on: the operator's "no record of it" window and our own timeout
  // restart now, not when its answer comes back (a poll during the call must not end the attempt).
  const row = (await writeAttempt(tx, locked.id, {
    set: { updated_at: now, expires_at: now + (operatorOf(adapter) ?? operatorInfo(rail)).timeoutSeconds },
    mergeDetails: { referenceIds: refs, resends: resends + 1, lastPushAt: now, previousPushAt: details.lastPushAt ?? null },
  }))!;
  return { attempt: row, reference, adapter };
}

/** A push surely not sent: its reference and its count are taken back from the attempt. */
async function giveBack(db: Db, intentId: string, attemptId: string, reference: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockIntent(tx, intentId);
    const details = (await lockAttempt(tx, attemptId)).details;
    const refs = details.referenceIds ?? [];
    if (!refs.includes(reference)) return;
    await writeAttempt(tx, attemptId, {
      mergeDetails: {
        referenceIds: refs.filter((r) => r !== reference),
        resends: Math.max(0, Number(details.resends ?? 1) - 1),
        ...(details.lastPushAt === now && details.previousPushAt != null ? { lastPushAt: details.previousPushAt } : {}),
      },
    });
  });
}
