// advanceRefund: one step of a refund that is waiting on a backend, under a lease (the request
// that made it, or the worker's pass). A `send` refund is sent once (`sent_at` is set before the
// call, by one caller only), then asked about by our reference; one the backend does not know
// after RESEND_AFTER_SECONDS (the send's answer was lost before it arrived) is sent again with the
// SAME reference, which the backend takes at most once. A claimed refund is paid by the account
// when it can (once, the same way), then confirmed at the backend. An expired claim is canceled;
// a claimed invoice that expired unpaid goes back to the payer. May call shared.ts, lib/store,
// lib/domain, lib/rails.
import type { Db } from '../db/client';
import { log } from '../log';
import { BackendError, type RefundOutcome, type RefundRail } from '../rails/types';
import { getRefund, leaseRefund, markSent, type RefundRow, releaseRefund, updateRefund } from '../store/refunds';
import {
  applyOutcome,
  changeNextAction,
  claimAction,
  LEASE_SECONDS,
  moveRefund,
  nextCheckAt,
  PROOF_PATIENCE_SECONDS,
  RESEND_AFTER_SECONDS,
  refundRail,
  refundRequest,
  sendPaymentAction,
} from './shared';

/**
 * One step of refund `id` at `now`. `leased`: the caller holds its lease already (a new refund, a
 * worker's claim). Returns the refund as it is after the step.
 */
export async function advanceRefund(db: Db, id: string, now: number, opts: { leased?: boolean } = {}): Promise<RefundRow> {
  if (!opts.leased && !(await leaseRefund(db, id, now, LEASE_SECONDS))) return (await getRefund(db, id))!;
  let after: RefundRow | null = null;
  let poll = 5;
  try {
    const r = (await getRefund(db, id))!;
    const rr = await refundRail(db, r);
    poll = r.livemode ? 5 : 1;
    after = await step(db, r, rr, now);
    return after;
  } catch (err) {
    log('warn', 'refund step failed', { refundId: id, error: (err as Error).message });
    throw err;
  } finally {
    const r = after ?? (await getRefund(db, id));
    // A step that failed (a backend down, a bug) is tried again in a minute.
    await releaseRefund(db, id, r ? (after ? nextCheckAt(r, now, poll) : now + 60) : null);
  }
}

async function step(db: Db, r: RefundRow, rr: RefundRail, now: number): Promise<RefundRow> {
  if (r.status === 'pending') return r.method === 'send' ? sendOrCheck(db, r, rr, now) : payOrConfirm(db, r, rr, now);
  if (r.status === 'requires_action' && r.method === 'claim') return claimTimeouts(db, r, rr, now);
  return r;
}

/** A backend failure while sending: lost (maybe sent: asked about next time) or refused outright. */
function sendFailure(err: unknown): RefundOutcome | null {
  if (!(err instanceof BackendError)) throw err;
  if (err.maybeSent || err.kind === 'down') return null; // ask again (by reference: never a blind second send)
  return { state: 'failed', code: 'refund_failed', message: `The operator refused the refund: ${err.message}` };
}

async function sendOrCheck(db: Db, r: RefundRow, rr: RefundRail, now: number): Promise<RefundRow> {
  const whole = r.details.whole === true;
  let outcome: RefundOutcome | null;
  if (r.sent_at === null) {
    if (!(await markSent(db, r.id, now))) return (await getRefund(db, r.id))!;
    outcome = await rr.send!(await refundRequest(db, r, now, whole)).catch(sendFailure);
  } else {
    outcome = rr.check ? await rr.check(await refundRequest(db, r, now, whole)).catch(sendFailure) : null;
    if (outcome?.state === 'not_found') {
      if (now < r.sent_at + RESEND_AFTER_SECONDS) outcome = null;
      else {
        const resends = Number(r.details.resends ?? 0) + 1;
        await updateRefund(db, r.id, 'pending', {}, { mergeDetails: { resends } });
        outcome = await rr.send!(await refundRequest(db, { ...r, details: { ...r.details, resends } }, now, whole)).catch(sendFailure);
      }
    }
  }
  if (outcome === null || outcome.state === 'not_found') return (await getRefund(db, r.id))!;
  return applyOutcome(db, r.id, outcome, now, rr);
}

async function payOrConfirm(db: Db, r: RefundRow, rr: RefundRail, now: number): Promise<RefundRow> {
  let outcome: RefundOutcome | null;
  if (r.sent_at === null && !r.operator_reference) {
    if (!rr.canPay || !rr.pay) return applyOutcome(db, r.id, { state: 'requires_action', instructions: '' }, now, rr);
    if (!(await markSent(db, r.id, now))) return (await getRefund(db, r.id))!;
    outcome = await rr.pay(await refundRequest(db, r, now, false)).catch(sendFailure);
  } else {
    outcome = rr.confirm ? await rr.confirm(await refundRequest(db, r, now, false)).catch(sendFailure) : null;
    if (outcome?.state === 'not_found') {
      // The merchant's proof not found at the backend for a day: back to the merchant.
      if (r.operator_reference && now >= (r.sent_at ?? r.updated_at) + PROOF_PATIENCE_SECONDS)
        return db.transaction(async (tx) =>
          moveRefund(
            tx,
            r,
            'requires_action',
            {
              next_action: JSON.stringify(sendPaymentAction(rr, r, r.destination!, r.destination_expires_at)),
              operator_reference: null,
              sent_at: null,
              failure_code: 'proof_not_found',
              failure_reason: `No payment ${r.operator_reference} to the payer's destination was found; send it and record it again.`,
            },
            now,
          ),
        );
      outcome = null;
    }
  }
  if (outcome === null || outcome.state === 'not_found') return (await getRefund(db, r.id))!;
  if (outcome.state === 'failed' && r.operator_reference) {
    // The merchant's proof pays something else: the refund goes back to the merchant, nothing was recorded.
    return db.transaction(async (tx) =>
      moveRefund(
        tx,
        r,
        'requires_action',
        {
          next_action: JSON.stringify(sendPaymentAction(rr, r, r.destination!, r.destination_expires_at)),
          operator_reference: null,
          sent_at: null,
          failure_code: outcome.code,
          failure_reason: outcome.message,
        },
        now,
      ),
    );
  }
  return applyOutcome(db, r.id, outcome, now, rr);
}

/** An unclaimed refund past its link's end is canceled; a claimed invoice that expired unpaid is claimed again. */
async function claimTimeouts(db: Db, r: RefundRow, _rr: RefundRail, now: number): Promise<RefundRow> {
  if (!r.destination && r.claim_expires_at !== null && now >= r.claim_expires_at)
    return db.transaction((tx) =>
      moveRefund(tx, r, 'canceled', { failure_code: 'claim_expired', failure_reason: 'The payer did not claim the refund in time.', next_action: null }, now),
    );
  if (r.destination && r.destination_expires_at !== null && now >= r.destination_expires_at && !r.operator_reference) {
    const claimExpires = Math.max(r.claim_expires_at ?? 0, now + 24 * 3600);
    return db.transaction((tx) =>
      changeNextAction(
        tx,
        r,
        {
          destination: null,
          destination_expires_at: null,
          claimed_at: null,
          claim_expires_at: claimExpires,
          next_action: JSON.stringify(claimAction(r.claim_token!, claimExpires)),
        },
        now,
      ),
    );
  }
  return r;
}
