import { apiRoute, methods } from '@/lib/api/route';
import { retrieveBalanceTransaction } from '@/lib/domain/balance-transactions';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/balance_transactions/:id
  GET: apiRoute({ permission: 'reports.read' }, ({ db, merchant, params }) => retrieveBalanceTransaction(db, merchant, params.id!)),
});
