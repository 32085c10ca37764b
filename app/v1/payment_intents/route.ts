import { apiRoute, methods } from '@/lib/api/route';
import { createPaymentIntent, createPaymentIntentInput, listPaymentIntents, listPaymentIntentsQuery } from '@/lib/domain/payment-intents';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/payment_intents: create a payment intent
  POST: apiRoute(
    { permission: 'payments.write', body: createPaymentIntentInput, singleStatement: true, railAccounts: true },
    ({ db, merchant, body, companion }) => createPaymentIntent(db, merchant, body, companion),
  ),
  // GET /v1/payment_intents: list, newest first
  GET: apiRoute({ permission: 'payments.read', query: listPaymentIntentsQuery }, ({ db, merchant, query }) => listPaymentIntents(db, merchant, query)),
});
