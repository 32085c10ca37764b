// advanceRefund: one step of a refund that is waiting on a backend, under a lease (the request
// that made it, or the worker's pass). A `send` refund is sent once (`sent_at` is set before the
// call, by one caller only), then asked about by our reference; one the backend does not know
// after RESEND_AFTER_SECONDS (the send's answer was lost before it arrived) is sent again with the
// SAME reference, which the backend takes at most once. A claimed refund is paid by the account
// when it can (once, the same way: LND keys a payment by its hash), then confirmed at the backend.
// Only a send or a pay can fail a refund or hand it to the merchant: a lookup that cannot be read,
// or that says something else than pending, succeeded or failed, leaves it pending and asked again
// (the money may have gone). An expired claim is canceled; a claimed invoice that expired unpaid
// goes back to the payer. May call shared.ts, lib/store, lib/domain, lib/rails.
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
 * One step of refund `id` at `now`. `leased`: the caller holds its lease already, taken at `now`
 * (a new refund, a claim, a worker's pass). Returns the refund as it is after the step. The lease is
 * released only if it is still ours (a step that outlived it leaves the next holder alone).
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
    await releaseRefund(db, id, r ? (after ? nextCheckAt(r, now, poll) : now + 60) : null, now + LEASE_SECONDS);
  }
}

async function step(db: Db, r: RefundRow, rr: RefundRail, now: number): Promise<RefundRow> {
  if (r.status === 'pending') return r.method === 'send' ? sendOrCheck(db, r, rr, now) : payOrConfirm(db, r, rr, now);
  if (r.status === 'requires_action' && r.method === 'claim') return claimTimeouts(db, r, now);
  return r;
}

/** A backend failure while sending or paying: lost (maybe sent: asked about next time) or refused outright. */
function sendFailure(err: unknown): RefundOutcome | null {
  if (!(err instanceof BackendError)) throw err;
  if (err.maybeSent || err.kind === 'down') return null; // ask again (by reference: never a blind second send)
  return { state: 'failed', code: 'refund_failed', message: `The operator refused the refund: ${err.message}` };
}

/**
 * A lookup's answer (check, confirm): only pending, succeeded and failed are answers about the money.
 * A lookup that throws (whatever the error: a refused read, an answer that does not add up) or that
 * says the merchant must act (its settings changed since the send) decides nothing: the refund stays
 * pending and is asked again, and the failure is logged for the operator.
 */
async function lookup(r: RefundRow, ask: () => Promise<RefundOutcome>): Promise<RefundOutcome | null> {
  try {
    const outcome = await ask();
    if (outcome.state === 'requires_action') {
      log('warn', 'refund lookup asked for action on a refund already sent: kept pending', { refundId: r.id });
      return null;
    }
    return outcome;
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    log('warn', 'refund lookup failed: kept pending', { refundId: r.id, error: err.message });
    return null;
  }
}

async function sendOrCheck(db: Db, r: RefundRow, rr: RefundRail, now: number): Promise<RefundRow> {
  const whole = r.details.whole === true;
  let outcome: RefundOutcome | null;
  if (r.sent_at === null) {
    if (!(await markSent(db, r.id, now))) return (await getRefund(db, r.id))!;
    outcome = await rr.send!(await refundRequest(db, r, now, whole)).catch(sendFailure);
  } else {
    outcome = rr.check ? await lookup(r, async () => rr.check!(await refundRequest(db, r, now, whole))) : null;
    if (outcome?.state === 'not_found') {
      if (now < r.sent_at + RESEND_AFTER_SECONDS) outcome = null;
      else {
        const resends = Number(r.details.resends ?? 0) + 1;
        await updateRefund(db, r.id, 'pending', {}, { mergeDetails: { resends } });
        outcome = await rr.send!(await refundRequest(db, { ...r, details: { ...r.details, resends } }, now, whole)).catch(sendFailure);
        // Sent before: the operator cannot make it the merchant's now (the first send may yet be paid).
        if (outcome?.state === 'requires_action') outcome = null;
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
    outcome = rr.confirm ? await lookup(r, async () => rr.confirm!(await refundRequest(db, r, now, false))) : null;
    if (outcome?.state === 'not_found') return notFoundAtBackend(db, r, rr, now);
  }
  if (outcome === null || outcome.state === 'not_found') return (await getRefund(db, r.id))!;
  if (outcome.state === 'failed' && r.operator_reference) {
    // The merchant's proof pays something else: the refund goes back to the merchant, nothing was recorded.
    const failed = outcome;
    return db.transaction(async (tx) =>
      moveRefund(
        tx,
        r,
        'requires_action',
        {
          next_action: JSON.stringify(sendPaymentAction(rr, r, r.destination!, r.destination_expires_at)),
          operator_reference: null,
          sent_at: null,
          failure_code: failed.code,
          failure_reason: failed.message,
        },
        now,
      ),
    );
  }
  return applyOutcome(db, r.id, outcome, now, rr);
}

/**
 * The backend has no record of the claimed refund's payment. The merchant's proof, not found for a
 * day: back to the merchant. The account's own payment (its answer lost, or the process stopped
 * after `sent_at`): paid again while the invoice can be paid (the backend keys it by the payment
 * hash, so a payment that did start is found, never doubled); once it expired unpaid, nothing went
 * out and the payer is asked again.
 */
async function notFoundAtBackend(db: Db, r: RefundRow, rr: RefundRail, now: number): Promise<RefundRow> {
  const since = r.sent_at ?? r.updated_at;
  if (r.operator_reference) {
    if (now < since + PROOF_PATIENCE_SECONDS) return r;
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
  }
  if (!rr.canPay || !rr.pay || now < since + RESEND_AFTER_SECONDS) return r;
  if (r.destination_expires_at === null || now < r.destination_expires_at) {
    const outcome = await rr.pay(await refundRequest(db, r, now, false)).catch(sendFailure);
    if (outcome === null || outcome.state === 'not_found' || outcome.state === 'requires_action') return (await getRefund(db, r.id))!;
    return applyOutcome(db, r.id, outcome, now, rr);
  }
  return db.transaction(async (tx) => reopenClaim(tx, r, now, 'pending'));
}

/** The payer is asked for a new destination (the claimed invoice expired unpaid); the old one is kept in details. */
async function reopenClaim(tx: Db, r: RefundRow, now: number, from: 'pending' | 'requires_action'): Promise<RefundRow> {
  const claimExpires = Math.max(r.claim_expires_at ?? 0, now + 24 * 3600);
  const previous = [...((r.details.previousDestinations as string[] | undefined) ?? []), r.destination!];
  const set = {
    destination: null,
    destination_expires_at: null,
    claimed_at: null,
    claim_expires_at: claimExpires,
    sent_at: null,
    next_action: JSON.stringify(claimAction(r.claim_token!, claimExpires)),
    details: JSON.stringify({ ...r.details, previousDestinations: previous }),
  };
  return from === 'pending' ? moveRefund(tx, r, 'requires_action', set, now) : changeNextAction(tx, r, set, now);
}

/** An unclaimed refund past its link's end is canceled; a claimed invoice that expired unpaid is claimed again. */
async function claimTimeouts(db: Db, r: RefundRow, now: number): Promise<RefundRow> {
  if (!r.destination && r.claim_expires_at !== null && now >= r.claim_expires_at)
    return db.transaction((tx) =>
      moveRefund(tx, r, 'canceled', { failure_code: 'claim_expired', failure_reason: 'The payer did not claim the refund in time.', next_action: null }, now),
    );
  // The merchant may have paid it just before it expired: its preimage is still taken for a previous
  // invoice (lib/refunds/mark-succeeded.ts).
  if (r.destination && r.destination_expires_at !== null && now >= r.destination_expires_at && !r.operator_reference)
    return db.transaction((tx) => reopenClaim(tx, r, now, 'requires_action'));
  return r;
}
