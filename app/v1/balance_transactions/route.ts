import { apiRoute, methods } from '@/lib/api/route';
import { listBalanceTransactions, listBalanceTransactionsQuery } from '@/lib/domain/balance-transactions';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/balance_transactions: the ledger, one line per money movement
  GET: apiRoute({ permission: 'reports.read', query: listBalanceTransactionsQuery }, ({ db, merchant, query }) => listBalanceTransactions(db, merchant, query)),
});
