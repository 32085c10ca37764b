import { apiRoute, methods } from '@/lib/api/route';
import { confirmPaymentIntent, confirmPaymentIntentInput } from '@/lib/payments/confirm';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/payment_intents/:id/confirm: start (or return) the payer's attempt; answers nextAction.
  // Not atomic: a live backend is called between two transactions.
  POST: apiRoute({ permission: 'payments.write', body: confirmPaymentIntentInput, railAccounts: true }, ({ db, merchant, params, body }) =>
    confirmPaymentIntent(db, merchant, params.id!, body),
  ),
});
