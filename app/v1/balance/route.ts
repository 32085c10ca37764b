import { apiRoute, methods } from '@/lib/api/route';
import { retrieveBalance } from '@/lib/domain/balance-transactions';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/balance: received, refunded and net per rail account and currency
  GET: apiRoute({ permission: 'reports.read' }, ({ db, merchant }) => retrieveBalance(db, merchant)),
});
