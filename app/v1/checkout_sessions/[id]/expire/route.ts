import { apiRoute, methods } from '@/lib/api/route';
import { expireCheckoutSession } from '@/lib/payments/expire';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/checkout_sessions/:id/expire: open -> expired (not while a payment is pending)
  POST: apiRoute({ permission: 'payments.write', atomic: true }, ({ db, merchant, params }) => expireCheckoutSession(db, merchant, params.id!)),
});
