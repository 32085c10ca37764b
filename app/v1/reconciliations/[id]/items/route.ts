import { apiRoute, methods } from '@/lib/api/route';
import { listReconciliationItems, listReconciliationItemsQuery } from '@/lib/reconcile/reconciliations';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/reconciliations/:id/items: every difference a run found
  GET: apiRoute({ permission: 'reports.read', query: listReconciliationItemsQuery }, ({ db, merchant, params, query }) =>
    listReconciliationItems(db, merchant, params.id!, query),
  ),
});
