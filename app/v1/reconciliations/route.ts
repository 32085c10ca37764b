import { apiRoute, methods } from '@/lib/api/route';
import { nowSeconds } from '@/lib/ids';
import { createReconciliation, createReconciliationInput, listReconciliations, listReconciliationsQuery } from '@/lib/reconcile/reconciliations';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/reconciliations: compare a period's ledger with the backends; answered pending, completed by the worker.
  POST: apiRoute({ permission: 'reports.read', body: createReconciliationInput }, ({ db, merchant, body }) =>
    createReconciliation(db, merchant, body, { now: nowSeconds() }),
  ),
  // GET /v1/reconciliations
  GET: apiRoute({ permission: 'reports.read', query: listReconciliationsQuery }, ({ db, merchant, query }) => listReconciliations(db, merchant, query)),
});
