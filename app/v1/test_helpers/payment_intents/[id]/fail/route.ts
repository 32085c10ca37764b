import { apiRoute, methods } from '@/lib/api/route';
import { testFail } from '@/lib/payments/test-helpers';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/test_helpers/payment_intents/:id/fail: test keys only
  POST: apiRoute({ permission: 'payments.write', atomic: true }, ({ db, merchant, params }) => testFail(db, merchant, params.id!)),
});
