// What every refund verb shares: the refund's adapter (the account its payment came into), the
// request an adapter sees, the outcome applied under the intent's and the refund's row locks (the
// one place a refund's money is recorded), and when to ask next. May import lib/domain, lib/store,
// lib/rails, lib/db, bottom.
import { config } from '../config';
import type { Db } from '../db/client';
import { type EventType, recordEvent } from '../domain/events';
import { attemptAdapter } from '../domain/merchant-rails';
import { type RefundNextAction, toRefund } from '../domain/refunds';
import { type RefundStatus, transitionRefund } from '../domain/transitions';
import { invalid } from '../errors';
import type { RefundOutcome, RefundRail, RefundRequest } from '../rails/types';
import { attemptView } from '../store/attempt-row';
import { lockIntent } from '../store/intents';
import { appendLedger } from '../store/ledger';
import { addRefunded, getRefund, parseRefund, type RefundRow, updateRefund } from '../store/refunds';

/** A refund's claim link lives this long (the payer may take days to answer). */
export const CLAIM_SECONDS = 14 * 24 * 3600;
/** A claimed Lightning invoice must leave the merchant this long to pay it. */
export const MIN_INVOICE_SECONDS = 10 * 60;
/** A refund the backend does not know yet (its send's answer was lost) is sent again, same reference, after this. */
export const RESEND_AFTER_SECONDS = 30;
/** A merchant's proof the backend cannot find after this goes back to the merchant (requires_action). */
export const PROOF_PATIENCE_SECONDS = 24 * 3600;
/** A lease on a refund for one step: longer than the few backend calls a step makes (each bounded by RAIL_HTTP_TIMEOUT_MS). */
export const LEASE_SECONDS = 300;

export const scopeOfRefund = (r: RefundRow) => ({ merchantId: r.merchant_id, livemode: r.livemode });

/** The refund interface of the account the refund's payment came into. */
export async function refundRail(db: Db, r: RefundRow): Promise<RefundRail> {
  const adapter = await attemptAdapter(db, {
    rail: r.rail,
    livemode: r.livemode,
    rail_account_id: r.rail_account_id,
    rail_account_version: r.rail_account_version,
  });
  if (!adapter?.refunds) throw invalid('refund_unsupported', `Refunds on ${r.rail} are not available on this deployment right now.`);
  return adapter.refunds;
}

/** The refund as its adapter sees it. */
export async function refundRequest(db: Db, r: RefundRow, now: number, whole: boolean): Promise<RefundRequest> {
  const rows = await db.query(`select * from payment_attempts where id = $1`, [r.payment_attempt_id]);
  if (!rows[0]) throw new Error(`refund ${r.id}: its attempt ${r.payment_attempt_id} vanished`);
  return {
    refundId: r.id,
    reference: r.reference,
    payment: attemptView(rows[0]),
    amount: r.settlement_amount,
    currency: r.settlement_currency,
    intentAmount: r.amount,
    whole,
    note: `Refund ${r.id}`,
    details: r.details,
    sentAt: r.sent_at,
    now,
    destination: r.destination ?? undefined,
    operatorReference: r.operator_reference,
  };
}

async function emit(tx: Db, row: RefundRow, type: EventType): Promise<void> {
  await recordEvent(tx, scopeOfRefund(row), type, toRefund(row));
}

/**
 * Move a refund, in the caller's transaction, with its event. The intent is locked first (the
 * engine's lock order: intent, then its rows), so a refund's money and the intent's
 * amountRefunded change together; a succeeded refund adds its amount there, once (only the
 * transition into `succeeded` does, and only one can win it).
 */
export async function moveRefund(
  tx: Db,
  r: RefundRow,
  to: RefundStatus,
  set: Record<string, unknown>,
  now: number,
  opts: { from?: readonly RefundStatus[] } = {},
): Promise<RefundRow> {
  await lockIntent(tx, r.payment_intent_id);
  const row = parseRefund(await transitionRefund(tx, r.id, to, set, opts));
  if (to === 'succeeded') {
    await addRefunded(tx, row.payment_intent_id, row.amount, now);
    // The ledger, in the same transaction: the money out of the account the payment came into.
    await appendLedger(tx, [
      {
        merchantId: row.merchant_id,
        livemode: row.livemode,
        type: 'refund',
        source: row.id,
        paymentIntentId: row.payment_intent_id,
        paymentAttemptId: row.payment_attempt_id,
        refundId: row.id,
        rail: row.rail,
        railAccountId: row.rail_account_id,
        accountOwner: row.account_owner,
        amount: -row.settlement_amount,
        currency: row.settlement_currency,
        amountInIntentCurrency: -row.amount,
        intentCurrency: row.currency,
        rate: row.rate,
        createdAt: now,
      },
    ]);
  }
  await emit(tx, row, to === 'succeeded' ? 'refund.succeeded' : to === 'failed' ? 'refund.failed' : to === 'canceled' ? 'refund.canceled' : 'refund.updated');
  return row;
}

/** A change of what the merchant or payer must do, in the same status (`requires_action`): refund.updated. */
export async function changeNextAction(tx: Db, r: RefundRow, set: Record<string, unknown>, now: number): Promise<RefundRow> {
  await lockIntent(tx, r.payment_intent_id);
  const row = await updateRefund(tx, r.id, r.status, { ...set, updated_at: now });
  if (!row) throw invalid('unexpected_state', `This refund's status changed meanwhile; ask again.`);
  await emit(tx, row, 'refund.updated');
  return row;
}

/** The payer's claim page of a refund, and the nextAction that names it. */
export const claimUrlOf = (token: string) => `${config().checkoutUrl}/refund/${token}`;
export const claimAction = (token: string, expiresAt: number): RefundNextAction => ({ type: 'refund_claim', claimUrl: claimUrlOf(token), expiresAt });

/** The wallet payment the merchant must make for a claimed refund its account cannot pay. */
export function sendPaymentAction(rr: RefundRail, r: RefundRow, destination: string, expiresAt: number | null): RefundNextAction {
  return {
    type: 'send_payment',
    destination,
    amount: r.settlement_amount,
    currency: r.settlement_currency,
    uri: rr.paymentUri?.(destination, r.settlement_amount) ?? destination,
    expiresAt,
  };
}

/**
 * Record a backend's answer about a refund (one transaction, under the locks). `pending` keeps the
 * details; `succeeded` / `failed` are final; `requires_action` hands the refund to the merchant
 * (Orange Money's manual refund; a claimed refund its account cannot pay). `not_found` is the
 * caller's to handle (it is not an answer about money).
 */
export async function applyOutcome(
  db: Db,
  refundId: string,
  outcome: Exclude<RefundOutcome, { state: 'not_found' }>,
  now: number,
  rr: RefundRail,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const current = await getRefund(tx, refundId);
    if (!current) throw new Error(`refund ${refundId} vanished`);
    await lockIntent(tx, current.payment_intent_id);
    const r = (await getRefund(tx, refundId, { lock: true }))!;
    const details = 'details' in outcome && outcome.details ? outcome.details : undefined;
    if (details) await updateRefund(tx, r.id, r.status, {}, { mergeDetails: details });
    switch (outcome.state) {
      case 'pending':
        return (await getRefund(tx, r.id))!;
      case 'succeeded':
        if (r.status === 'succeeded') return r;
        return moveRefund(
          tx,
          r,
          'succeeded',
          { operator_reference: outcome.operatorReference ?? r.operator_reference, succeeded_at: now, next_action: null },
          now,
        );
      case 'failed':
        if (r.status !== 'pending') return r;
        return moveRefund(tx, r, 'failed', { failure_code: outcome.code, failure_reason: outcome.message, next_action: null }, now);
      case 'requires_action': {
        if (r.status !== 'pending') return r;
        const action: RefundNextAction =
          r.method === 'claim' && r.destination
            ? sendPaymentAction(rr, r, r.destination, r.destination_expires_at)
            : { type: 'manual_refund', instructions: outcome.instructions };
        // Nothing went out: the merchant sends it (sent_at cleared: the refund can still be canceled).
        return moveRefund(tx, r, 'requires_action', { next_action: JSON.stringify(action), sent_at: null }, now);
      }
    }
  });
}

/** When a refund is asked about next (null: it waits for someone, or it is final). */
export function nextCheckAt(r: RefundRow, now: number, pollSeconds: number): number | null {
  if (r.status === 'pending') {
    const since = now - (r.sent_at ?? r.updated_at);
    return now + Math.min(300, Math.max(pollSeconds, Math.floor(since / 5)));
  }
  if (r.status === 'requires_action' && r.method === 'claim') return r.destination ? r.destination_expires_at : r.claim_expires_at;
  return null;
}
