import { apiRoute, methods } from '@/lib/api/route';
import { testPay, testPayInput } from '@/lib/payments/test-helpers';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/test_helpers/payment_intents/:id/pay: test keys only; optional amount for under/over payment
  POST: apiRoute({ permission: 'payments.write', body: testPayInput, atomic: true }, ({ db, merchant, params, body }) =>
    testPay(db, merchant, params.id!, body),
  ),
});
