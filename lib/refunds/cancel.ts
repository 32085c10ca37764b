// cancelRefund: POST /v1/refunds/:id/cancel. Only while nothing went out: waiting for approval,
// waiting for the payer's claim or the merchant (requires_action), or pending and not yet sent.
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { getOwnedRefund, type Refund, toRefund } from '../domain/refunds';
import { unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { moveRefund } from './shared';

export async function cancelRefund(db: Db, scope: Scope, id: string, now = nowSeconds()): Promise<Refund> {
  return db.transaction(async (tx) => {
    const r = await getOwnedRefund(tx, scope, id);
    if (r.status === 'pending' && r.sent_at !== null)
      throw unexpectedState('This refund was already sent to the operator; it can no longer be canceled (it ends succeeded or failed).');
    if (r.status === 'requires_action' && r.operator_reference) throw unexpectedState('A payment was recorded for this refund; it can no longer be canceled.');
    const row = await moveRefund(tx, r, 'canceled', { next_action: null, next_check_at: null }, now, {
      from: ['pending_approval', 'requires_action', 'pending'],
    });
    // `pending` only while nothing was sent (checked again in the update: a send that began meanwhile wins).
    if (row.sent_at !== null) throw unexpectedState('This refund was sent meanwhile; it can no longer be canceled.');
    return toRefund(row);
  });
}
