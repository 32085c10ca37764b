// Deciding a refund that waits in `pending_approval` (issue 29): the one conditional update every
// decision goes through, under the intent's lock. An owner or admin approves or rejects it
// (lib/refunds/approve.ts), never its author, directly or through an API key they made
// (lib/store/authors.ts approverIsAuthor); nobody approves one whose author is gone (a revoked or
// rolled key, a disabled user). When its author goes, Caisse cancels it (cancelPendingRefundsBy, in
// the transaction that rolls or revokes the key, or disables the user): the same path as a
// rejection, so its money is released the same way (a canceled refund holds none:
// REFUND_HOLDING_STATUSES). Here, below the engine, because the keys' own functions
// (merchants.ts rollKeys, api-keys.ts revokeRestrictedKey) call it.
import type { Db } from '../db/client';
import { DomainError, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { approverIsAuthor, authorRemoved } from '../store/authors';
import { lockIntent } from '../store/intents';
import { parseRefund, type RefundRow } from '../store/refunds';
import { type Actor, auditIn, SYSTEM_ACTOR } from './audit';
import type { Scope } from './common';
import { recordEvent } from './events';
import { getOwnedRefund, type Refund, toRefund } from './refunds';

/** The approver is the refund's author, or made the key that asked for it: refused (another owner or admin must decide). */
export const selfApproval = () =>
  new DomainError(
    'self_approval',
    'You asked for this refund (yourself or with an API key you made): another owner or admin must approve or reject it.',
    'refund',
  );

/**
 * The one conditional update of a decision: only from pending_approval; with an `approver`, never
 * by its author (directly or through a key they made); approved (`pending`), never once its author
 * is gone. Null when the refund is no longer waiting or the approver may not decide it
 * (decisionRefused says why). `approver` null: Caisse (its author removed).
 */
export async function decideWaitingRefund(
  tx: Db,
  scope: Scope,
  id: string,
  approver: string | null,
  to: 'pending' | 'canceled',
  set: Record<string, unknown>,
): Promise<RefundRow | null> {
  const r = await getOwnedRefund(tx, scope, id);
  await lockIntent(tx, r.payment_intent_id);
  const cols = Object.keys(set);
  const params: unknown[] = [id, scope.merchantId, scope.livemode, to, nowSeconds(), ...cols.map((c) => set[c])];
  let guard = '';
  if (approver !== null) {
    params.push(approver);
    guard += ` and not ${approverIsAuthor('refunds.created_by', `$${params.length}`)}`;
  }
  if (to === 'pending') guard += ` and not ${authorRemoved('refunds.created_by')}`;
  const rows = await tx.query(
    `update refunds set status = $4, updated_at = $5${cols.map((c, i) => `, ${c} = $${i + 6}`).join('')}
      where id = $1 and merchant_id = $2 and livemode = $3 and status = 'pending_approval'${guard}
      returning *`,
    params,
  );
  return rows[0] ? parseRefund(rows[0]) : null;
}

/** Why decideWaitingRefund changed nothing for `approver`: their own refund, its author gone, or no longer waiting. */
export async function decisionRefused(tx: Db, scope: Scope, id: string, approver: string): Promise<DomainError> {
  const cur = await getOwnedRefund(tx, scope, id);
  if (cur.status !== 'pending_approval') {
    return unexpectedState(`This refund's status is ${cur.status}; only a refund waiting for approval can be approved or rejected.`);
  }
  const [who] = await tx.query<{ own: boolean; gone: boolean }>(
    `select ${approverIsAuthor('refunds.created_by', '$2')} as own, ${authorRemoved('refunds.created_by')} as gone from refunds where id = $1`,
    [id, approver],
  );
  if (who?.own) return selfApproval();
  if (who?.gone)
    return new DomainError(
      'author_removed',
      'The API key that asked for this refund was revoked, or the user who asked for it disabled: it can only be rejected.',
      'refund',
    );
  return unexpectedState('This refund changed meanwhile; look at it again.');
}

/** How a waiting refund ends canceled: rejected by an approver, or its author removed (Caisse cancels it). */
export type WaitingRefundCancel = { kind: 'rejected'; approver: string; reason: string | null } | { kind: 'author_removed'; reason: string };

/**
 * A waiting refund canceled, in the caller's transaction: the conditional update, then
 * refund.rejected (a rejection) and refund.canceled, and its audit line (refund.rejected or
 * refund.canceled). Null when it changed nothing (see decideWaitingRefund).
 */
export async function cancelWaitingRefund(tx: Db, scope: Scope, id: string, how: WaitingRefundCancel): Promise<Refund | null> {
  const rejected = how.kind === 'rejected';
  const reason = how.reason;
  const row = await decideWaitingRefund(
    tx,
    scope,
    id,
    rejected ? how.approver : null,
    'canceled',
    rejected
      ? {
          approved_by: how.approver,
          rejected_reason: reason,
          failure_code: 'approval_rejected',
          failure_reason: reason ?? 'Rejected by an approver.',
          next_check_at: null,
        }
      : { failure_code: 'author_removed', failure_reason: reason, next_check_at: null },
  );
  if (!row) return null;
  const refund = toRefund(row);
  if (rejected) await recordEvent(tx, scope, 'refund.rejected', refund);
  await recordEvent(tx, scope, 'refund.canceled', refund);
  await auditIn(
    tx,
    scope,
    rejected ? 'refund.rejected' : 'refund.canceled',
    { object: 'refund', id },
    { before: { status: 'pending_approval' }, after: { status: 'canceled', reason, ...(rejected ? {} : { failureReason: 'author_removed' }) } },
  );
  return refund;
}

/**
 * Cancel every refund of the merchant (both modes) waiting for approval that one of `actorIds` (API
 * key ids, user ids) asked for: their author is gone (a key rolled or revoked, a user disabled), so
 * nobody vouches for them any more. In the caller's transaction (the one that removes the author),
 * each as a rejection is (cancelWaitingRefund): `canceled`, `failureReason` `author_removed`,
 * refund.canceled, an audit line by `actor`, its money released. Intents locked in id order.
 */
export async function cancelPendingRefundsBy(tx: Db, merchantId: string, actorIds: string[], reason: string, actor: Actor = SYSTEM_ACTOR): Promise<Refund[]> {
  if (actorIds.length === 0) return [];
  const waiting = await tx.query<{ id: string; livemode: boolean }>(
    `select id, livemode from refunds where merchant_id = $1 and status = 'pending_approval' and created_by = any($2::text[])
      order by payment_intent_id, id`,
    [merchantId, actorIds],
  );
  const canceled: Refund[] = [];
  for (const w of waiting) {
    const refund = await cancelWaitingRefund(tx, { merchantId, livemode: w.livemode === true, actor }, w.id, { kind: 'author_removed', reason });
    if (refund) canceled.push(refund);
  }
  return canceled;
}
