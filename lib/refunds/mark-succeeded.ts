// markRefundSucceeded: POST /v1/refunds/:id/mark_succeeded {operatorReference}. The merchant did
// the refund itself: in the operator's portal (a manual refund: Orange Money, a partial Wave refund
// without payouts), recorded as succeeded with the operator's transaction id; or from its wallet for
// a claimed crypto refund (send_payment), where the reference is a proof Caisse checks at the
// backend first (a txid paying the payer's address, confirmed; a Lightning preimage of the invoice's
// hash): succeeded when confirmed, pending while not yet, refused (400) when it pays something else.
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { getOwnedRefund, type Refund, toRefund } from '../domain/refunds';
import { invalid, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { BackendError } from '../rails/types';
import { getRefund, type RefundRow } from '../store/refunds';
import { advanceRefund } from './advance';
import { applyOutcome, LEASE_SECONDS, moveRefund, refundRail, refundRequest } from './shared';

export async function markRefundSucceeded(db: Db, scope: Scope, id: string, operatorReference: string, now = nowSeconds()): Promise<Refund> {
  const r = await getOwnedRefund(db, scope, id);
  const reference = proofOf(r, operatorReference);
  await assertReferenceFree(db, r, reference);
  const action = r.status === 'requires_action' ? (r.next_action as { type?: string } | null)?.type : undefined;
  if (action === 'manual_refund') {
    return toRefund(await applyManual(db, r.id, reference, now));
  }
  if (action === 'refund_claim') throw unexpectedState('The payer has not claimed this refund yet: there is nothing to send it to.');
  if (action !== 'send_payment')
    throw unexpectedState(`This refund's status is ${r.status}; only a refund waiting for the merchant (requires_action) can be marked as succeeded.`);
  const rr = await refundRail(db, r);
  const outcome = await rr.confirm!({ ...(await refundRequest(db, r, now, false)), operatorReference: reference }).catch((err: unknown) => {
    if (err instanceof BackendError) return { state: 'not_found' as const };
    throw err;
  });
  if (outcome.state === 'failed')
    throw invalid('operator_reference_invalid', `operatorReference does not prove this refund: ${outcome.message}`, 'operatorReference');
  if (outcome.state === 'requires_action') throw new Error('confirm never asks for action');
  // Recorded as the payment that went out; confirmed now, or asked about until it is (advance.ts).
  const moved = await db.transaction(async (tx) => {
    const cur = (await getRefund(tx, r.id, { lock: true }))!;
    if (cur.status !== 'requires_action' || (cur.next_action as { type?: string } | null)?.type !== 'send_payment')
      throw unexpectedState(`This refund's status changed to ${cur.status} meanwhile.`);
    return moveRefund(
      tx,
      cur,
      'pending',
      { operator_reference: reference, sent_at: now, next_action: null, failure_code: null, failure_reason: null, next_check_at: now + LEASE_SECONDS },
      now,
    );
  });
  if (outcome.state === 'succeeded' || outcome.state === 'pending') return toRefund(await applyOutcome(db, moved.id, outcome, now, rr));
  return toRefund(await advanceRefund(db, moved.id, now).catch(() => moved));
}

async function applyManual(db: Db, id: string, reference: string, now: number) {
  return db.transaction(async (tx) => {
    const cur = (await getRefund(tx, id, { lock: true }))!;
    if (cur.status !== 'requires_action') throw unexpectedState(`This refund's status changed to ${cur.status} meanwhile.`);
    return moveRefund(tx, cur, 'succeeded', { operator_reference: reference, succeeded_at: now, next_action: null }, now);
  });
}

/**
 * The proof as it is recorded and compared: a claim rail's transaction id or preimage (64 hex
 * digits) in lower case, as its backend names it, whatever case the wallet showed; an operator's
 * transaction id as given.
 */
function proofOf(r: RefundRow, given: string): string {
  const t = given.trim();
  return r.method === 'claim' && /^[0-9a-f]{64}$/i.test(t) ? t.toLowerCase() : t;
}

/** One transfer proves one refund of the account it went out of (also a unique index: refunds_operator_reference). */
async function assertReferenceFree(db: Db, r: RefundRow, reference: string): Promise<void> {
  const other = await db.query<{ id: string }>(
    `select id from refunds where rail = $1 and livemode = $2 and coalesce(rail_account_id, '') = $3 and operator_reference = $4 and id <> $5
        and status not in ('failed', 'canceled') limit 1`,
    [r.rail, r.livemode, r.rail_account_id ?? '', reference, r.id],
  );
  if (other[0])
    throw invalid(
      'operator_reference_invalid',
      `operatorReference ${reference} is already recorded for another refund: one transfer proves one refund.`,
      'operatorReference',
    );
}
