import { apiRoute, methods } from '@/lib/api/route';
import { createRailAccount, createRailAccountInput, listRailAccounts, listRailAccountsQuery } from '@/lib/domain/rail-accounts';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/rail_accounts: checked at the backend first (no transaction open meanwhile), then saved with its secrets sealed
  POST: apiRoute({ permission: 'rail_accounts.write', body: createRailAccountInput }, ({ db, merchant, body }) => createRailAccount(db, merchant, body)),
  // GET /v1/rail_accounts: filters rail, status
  GET: apiRoute({ permission: 'payments.read', query: listRailAccountsQuery }, ({ db, merchant, query }) => listRailAccounts(db, merchant, query)),
});
