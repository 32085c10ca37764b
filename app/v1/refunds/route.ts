import { apiRoute, methods } from '@/lib/api/route';
import { createRefundInput, listRefunds, listRefundsQuery } from '@/lib/domain/refunds';
import { createRefund } from '@/lib/refunds/create';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/refunds: give back part or all of what a payment intent received, out of the account it came into.
  // Not atomic: the refund's row commits, then its backend is called with no transaction open.
  POST: apiRoute({ permission: 'refunds.write', body: createRefundInput }, ({ db, merchant, body }) => createRefund(db, merchant, body)),
  // GET /v1/refunds
  GET: apiRoute({ permission: 'payments.read', query: listRefundsQuery }, ({ db, merchant, query }) => listRefunds(db, merchant, query)),
});
