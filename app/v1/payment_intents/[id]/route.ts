import { apiRoute, methods } from '@/lib/api/route';
import { retrievePaymentIntent } from '@/lib/domain/payment-intents';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/payment_intents/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrievePaymentIntent(db, merchant, params.id!)),
});
