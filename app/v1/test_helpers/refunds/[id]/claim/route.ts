import { apiRoute, methods } from '@/lib/api/route';
import { testClaimInput, testClaimRefund } from '@/lib/refunds/test-helpers';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/test_helpers/refunds/:id/claim: test keys only; the payer claims (a valid test destination when none is given)
  POST: apiRoute({ permission: 'refunds.write', body: testClaimInput }, ({ db, merchant, params, body }) => testClaimRefund(db, merchant, params.id!, body)),
});
