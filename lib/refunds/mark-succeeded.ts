// markRefundSucceeded: POST /v1/refunds/:id/mark_succeeded {operatorReference}. The merchant did
// the refund itself: in the operator's portal (a manual refund: Orange Money, a partial Wave refund
// without payouts), recorded as succeeded with the operator's transaction id; or from its wallet for
// a claimed crypto refund (send_payment), where the reference is a proof Caisse checks at the
// backend first (a txid paying the payer's address, confirmed; a Lightning preimage of the invoice's
// hash): succeeded when confirmed, pending while not yet, refused (400) when it pays something else.
// A Lightning invoice that expired after the merchant paid it (the payer was asked for a new one) is
// still proved by its preimage: the refund's previous destinations are tried too.
// Locks: the intent, then the refund (the engine's order).
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { getOwnedRefund, type Refund, toRefund } from '../domain/refunds';
import { DomainError, invalid, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { BackendError, type RefundOutcome } from '../rails/types';
import { lockIntent } from '../store/intents';
import { getRefund, type RefundRow } from '../store/refunds';
import { advanceRefund } from './advance';
import { applyOutcome, LEASE_SECONDS, moveRefund, refundRail, refundRequest } from './shared';

const referenceTaken = (reference: string) =>
  invalid(
    'operator_reference_invalid',
    `operatorReference ${reference} is already recorded for another refund: one transfer proves one refund.`,
    'operatorReference',
  );

export async function markRefundSucceeded(db: Db, scope: Scope, id: string, operatorReference: string, now = nowSeconds()): Promise<Refund> {
  const r = await getOwnedRefund(db, scope, id);
  const reference = proofOf(r, operatorReference);
  await assertReferenceFree(db, r, reference);
  const action = r.status === 'requires_action' ? (r.next_action as { type?: string } | null)?.type : undefined;
  if (action === 'manual_refund') return toRefund(await uniqueReference(reference, () => applyManual(db, r, reference, now)));
  const previous = (r.details.previousDestinations as string[] | undefined) ?? [];
  if (action === 'refund_claim' && previous.length === 0) throw unexpectedState('The payer has not claimed this refund yet: there is nothing to send it to.');
  if (action !== 'send_payment' && action !== 'refund_claim')
    throw unexpectedState(`This refund's status is ${r.status}; only a refund waiting for the merchant (requires_action) can be marked as succeeded.`);
  const rr = await refundRail(db, r);
  // The destination it was sent to: the current one, else an earlier one (an invoice paid just before it expired).
  const candidates = [...(r.destination ? [r.destination] : []), ...previous.slice().reverse()];
  let found: { destination: string; outcome: Exclude<RefundOutcome, { state: 'failed' | 'requires_action' }> } | null = null;
  let refusal = '';
  for (const destination of candidates) {
    const outcome = await rr.confirm!({ ...(await refundRequest(db, r, now, false)), destination, operatorReference: reference }).catch((err: unknown) => {
      if (err instanceof BackendError) return { state: 'not_found' as const };
      throw err;
    });
    if (outcome.state === 'failed') refusal ||= outcome.message;
    else if (outcome.state !== 'requires_action') {
      found = { destination, outcome };
      break;
    }
  }
  if (!found)
    throw invalid(
      'operator_reference_invalid',
      `operatorReference does not prove this refund: ${refusal || 'it pays no destination the payer gave'}`,
      'operatorReference',
    );
  const { destination, outcome } = found;
  // Recorded as the payment that went out; confirmed now, or asked about until it is (advance.ts).
  const moved = await uniqueReference(reference, () =>
    db.transaction(async (tx) => {
      await lockIntent(tx, r.payment_intent_id);
      const cur = (await getRefund(tx, r.id, { lock: true }))!;
      const now_action = (cur.next_action as { type?: string } | null)?.type;
      if (cur.status !== 'requires_action' || (now_action !== 'send_payment' && now_action !== 'refund_claim'))
        throw unexpectedState(`This refund's status changed to ${cur.status} meanwhile.`);
      return moveRefund(
        tx,
        cur,
        'pending',
        {
          operator_reference: reference,
          destination,
          sent_at: now,
          next_action: null,
          failure_code: null,
          failure_reason: null,
          next_check_at: now + LEASE_SECONDS,
        },
        now,
      );
    }),
  );
  if (outcome.state === 'succeeded' || outcome.state === 'pending') return toRefund(await applyOutcome(db, moved.id, outcome, now, rr));
  return toRefund(await advanceRefund(db, moved.id, now).catch(() => moved));
}

async function applyManual(db: Db, r: RefundRow, reference: string, now: number) {
  return db.transaction(async (tx) => {
    await lockIntent(tx, r.payment_intent_id);
    const cur = (await getRefund(tx, r.id, { lock: true }))!;
    if (cur.status !== 'requires_action') throw unexpectedState(`This refund's status changed to ${cur.status} meanwhile.`);
    return moveRefund(tx, cur, 'succeeded', { operator_reference: reference, succeeded_at: now, next_action: null }, now);
  });
}

/** Two merchants' requests recording one reference at once: the index keeps one; the other is told why (never a 500). */
async function uniqueReference<T>(reference: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (
      !(err instanceof DomainError) &&
      (err as { code?: string }).code === '23505' &&
      /refunds_(operator_reference|chain_proof)/.test(String((err as Error).message))
    )
      throw referenceTaken(reference);
    throw err;
  }
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

/**
 * One transfer proves one refund (also the unique indexes refunds_operator_reference and
 * refunds_chain_proof). A chain's transaction or a preimage is one transfer whoever recorded it: on
 * a claim rail, across every account of the rail and mode (the deployment's address pool is shared
 * by its merchants); an operator's transaction id is unique in the books of the account it went out of.
 */
async function assertReferenceFree(db: Db, r: RefundRow, reference: string): Promise<void> {
  // The books a reference is unique in, the indexes' expression (test mode's simulators: the merchant's own).
  const simulatorBooks = `case when account_owner = 'simulator' then merchant_id else '' end`;
  const books = r.method === 'claim' ? simulatorBooks : `coalesce(rail_account_id, ${simulatorBooks})`;
  const other = await db.query<{ id: string }>(
    `select o.id from refunds o, refunds me
      where me.id = $4 and o.rail = me.rail and o.livemode = me.livemode and o.method = me.method and o.operator_reference = $5
        and o.id <> me.id and o.status not in ('failed', 'canceled')
        and ${books.replace(/(rail_account_id|account_owner|merchant_id)/g, 'o.$1')} = ${books.replace(/(rail_account_id|account_owner|merchant_id)/g, 'me.$1')}
      limit 1`
      .replace('$4', '$1')
      .replace('$5', '$2'),
    [r.id, reference],
  );
  if (other[0]) throw referenceTaken(reference);
}
