import { apiRoute, methods } from '@/lib/api/route';
import { retrieveRefund } from '@/lib/domain/refunds';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/refunds/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrieveRefund(db, merchant, params.id!)),
});
