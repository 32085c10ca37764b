import { apiRoute, methods } from '@/lib/api/route';
import { cancelRefund } from '@/lib/refunds/cancel';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/refunds/:id/cancel: only while nothing went out
  POST: apiRoute({ permission: 'refunds.write', atomic: true }, ({ db, merchant, params }) => cancelRefund(db, merchant, params.id!)),
});
