// approveRefund, rejectRefund (issue 29): a refund waiting in `pending_approval` is decided by an
// owner or admin OTHER than its author. The decision is one conditional update (`status =
// 'pending_approval' and created_by is distinct from the approver`), under the intent's lock, so two
// approvers racing (or one user's two sessions) cannot both win, and its author never can. Approved:
// `pending` (then, for a claim refund, `requires_action` with its claim link), and its first step
// as a new refund's (advance.ts); rejected: `canceled` with the reason. Its event and audit line in
// the same transaction. Who may decide (the role) is the dashboard's check (refunds.approve).
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { auditIn } from '../domain/audit';
import type { Scope } from '../domain/common';
import { recordEvent } from '../domain/events';
import { getOwnedRefund, type Refund, toRefund } from '../domain/refunds';
import { DomainError, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { lockIntent } from '../store/intents';
import { parseRefund, type RefundRow } from '../store/refunds';
import { advanceRefund } from './advance';
import { CLAIM_SECONDS, claimAction, LEASE_SECONDS, moveRefund } from './shared';

/** The approver is the refund's author: refused (another owner or admin must decide). */
export const selfApproval = () => new DomainError('self_approval', 'You asked for this refund: another owner or admin must approve or reject it.', 'refund');

/** The one conditional update of a decision: only from pending_approval, never by its author. */
async function decide(tx: Db, scope: Scope, id: string, approver: string, to: 'pending' | 'canceled', set: Record<string, unknown>): Promise<RefundRow> {
  const r = await getOwnedRefund(tx, scope, id);
  await lockIntent(tx, r.payment_intent_id);
  const cols = Object.keys(set);
  const rows = await tx.query(
    `update refunds set status = $4, updated_at = $5${cols.map((c, i) => `, ${c} = $${i + 6}`).join('')}
      where id = $1 and merchant_id = $2 and livemode = $3 and status = 'pending_approval' and created_by is distinct from $${cols.length + 6}
      returning *`,
    [id, scope.merchantId, scope.livemode, to, nowSeconds(), ...cols.map((c) => set[c]), approver],
  );
  if (rows[0]) return parseRefund(rows[0]);
  const cur = await getOwnedRefund(tx, scope, id);
  if (cur.status === 'pending_approval' && cur.created_by === approver) throw selfApproval();
  throw unexpectedState(`This refund's status is ${cur.status}; only a refund waiting for approval can be approved or rejected.`);
}

export async function approveRefund(db: Db, scope: Scope, id: string, approver: string, now = nowSeconds()): Promise<Refund> {
  const row = await db.transaction(async (tx) => {
    const r = await getOwnedRefund(tx, scope, id);
    const send = r.method === 'send';
    let row = await decide(tx, scope, id, approver, 'pending', {
      approved_by: approver,
      next_check_at: send ? now + LEASE_SECONDS : null,
      locked_until: send ? now + LEASE_SECONDS : null,
    });
    await recordEvent(tx, scope, 'refund.approved', toRefund(row));
    if (!send) {
      // A claim refund: its claim link now (none was handed out while it waited).
      const token = randomBytes(24).toString('base64url');
      const expires = now + CLAIM_SECONDS;
      row = await moveRefund(
        tx,
        row,
        'requires_action',
        { claim_token: token, claim_expires_at: expires, next_action: JSON.stringify(claimAction(token, expires)), next_check_at: expires },
        now,
        { from: ['pending'] },
      );
    }
    await auditIn(tx, scope, 'refund.approved', { object: 'refund', id }, { before: { status: 'pending_approval' }, after: { status: row.status } });
    return row;
  });
  // As a new refund: a send refund goes out now, under the lease the approval took.
  const after = row.status === 'pending' ? await advanceRefund(db, row.id, now, { leased: true }).catch(() => row) : row;
  return toRefund(after);
}

export async function rejectRefund(db: Db, scope: Scope, id: string, approver: string, reason: string): Promise<Refund> {
  const text = reason.trim().slice(0, 500) || null;
  return db.transaction(async (tx) => {
    const row = await decide(tx, scope, id, approver, 'canceled', {
      approved_by: approver,
      rejected_reason: text,
      failure_code: 'approval_rejected',
      failure_reason: text ?? 'Rejected by an approver.',
      next_check_at: null,
    });
    const refund = toRefund(row);
    await recordEvent(tx, scope, 'refund.rejected', refund);
    await recordEvent(tx, scope, 'refund.canceled', refund);
    await auditIn(
      tx,
      scope,
      'refund.rejected',
      { object: 'refund', id },
      { before: { status: 'pending_approval' }, after: { status: 'canceled', reason: text } },
    );
    return refund;
  });
}
