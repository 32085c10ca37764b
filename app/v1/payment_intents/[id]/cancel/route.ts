import { apiRoute, methods } from '@/lib/api/route';
import { cancelPaymentIntent } from '@/lib/payments/cancel';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/payment_intents/:id/cancel: requires_payment_method -> canceled
  POST: apiRoute({ permission: 'payments.write', atomic: true }, ({ db, merchant, params }) => cancelPaymentIntent(db, merchant, params.id!)),
});
