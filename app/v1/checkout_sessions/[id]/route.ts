import { apiRoute, methods } from '@/lib/api/route';
import { retrieveCheckoutSession } from '@/lib/domain/checkout-sessions';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/checkout_sessions/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrieveCheckoutSession(db, merchant, params.id!)),
});
