import { apiRoute, methods } from '@/lib/api/route';
import { testSettleRefund } from '@/lib/refunds/test-helpers';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/test_helpers/refunds/:id/fail: test keys only; the backend's final word on a simulator's refund
  POST: apiRoute({ permission: 'refunds.write' }, ({ db, merchant, params }) => testSettleRefund(db, merchant, params.id!, 'fail')),
});
