import { apiRoute, methods } from '@/lib/api/route';
import { retrieveReconciliation } from '@/lib/reconcile/reconciliations';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/reconciliations/:id (with its first 100 items)
  GET: apiRoute({ permission: 'reports.read' }, ({ db, merchant, params }) => retrieveReconciliation(db, merchant, params.id!)),
});
