import { apiRoute, methods } from '@/lib/api/route';
import { markRefundSucceededInput } from '@/lib/domain/refunds';
import { markRefundSucceeded } from '@/lib/refunds/mark-succeeded';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/refunds/:id/mark_succeeded: the merchant refunded it itself (operator's portal, or its wallet: the proof is checked)
  // Not atomic: a proof is checked at the backend first.
  POST: apiRoute({ permission: 'refunds.write', body: markRefundSucceededInput }, ({ db, merchant, params, body }) =>
    markRefundSucceeded(db, merchant, params.id!, body.operatorReference),
  ),
});
