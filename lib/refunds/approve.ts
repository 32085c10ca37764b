// approveRefund, rejectRefund (issue 29): a refund waiting in `pending_approval` is decided by an
// owner or admin OTHER than its author, directly or through an API key they made. The decision is
// one conditional update (lib/domain/refund-approvals.ts decideWaitingRefund: `status =
// 'pending_approval'` and the approver not its author, nor the maker of its key; approved, its
// author not gone), under the intent's lock, so two approvers racing (or one user's two sessions)
// cannot both win, and its author never can. Approved: `pending` (then, for a claim refund,
// `requires_action` with its claim link), and its first step as a new refund's (advance.ts);
// rejected: `canceled` with the reason. Its event and audit line in the same transaction. Who may
// decide (the role) is the dashboard's check (refunds.approve). A refund whose author goes (its key
// rolled or revoked, its user disabled) is canceled the way a rejection is: cancelPendingRefundsBy.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { auditIn } from '../domain/audit';
import type { Scope } from '../domain/common';
import { recordEvent } from '../domain/events';
import { cancelWaitingRefund, decideWaitingRefund, decisionRefused } from '../domain/refund-approvals';
import { getOwnedRefund, type Refund, toRefund } from '../domain/refunds';
import { nowSeconds } from '../ids';
import { advanceRefund } from './advance';
import { CLAIM_SECONDS, claimAction, LEASE_SECONDS, moveRefund } from './shared';

export { cancelPendingRefundsBy, selfApproval } from '../domain/refund-approvals';

export async function approveRefund(db: Db, scope: Scope, id: string, approver: string, now = nowSeconds()): Promise<Refund> {
  const row = await db.transaction(async (tx) => {
    const r = await getOwnedRefund(tx, scope, id);
    const send = r.method === 'send';
    let row = await decideWaitingRefund(tx, scope, id, approver, 'pending', {
      approved_by: approver,
      next_check_at: send ? now + LEASE_SECONDS : null,
      locked_until: send ? now + LEASE_SECONDS : null,
    });
    if (!row) throw await decisionRefused(tx, scope, id, approver);
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
    const refund = await cancelWaitingRefund(tx, scope, id, { kind: 'rejected', approver, reason: text });
    if (!refund) throw await decisionRefused(tx, scope, id, approver);
    return refund;
  });
}
