import { apiRoute, methods, withStatus } from '@/lib/api/route';
import { createRailAccountInput, listRailAccounts, listRailAccountsQuery, submitRailAccountCreate } from '@/lib/domain/rail-accounts';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/rail_accounts: checked at the backend first (no transaction open meanwhile), then saved with its secrets sealed;
  // 202 with the account it would make (status pending_approval) when it waits for another owner's approval (railAccountApproval)
  POST: apiRoute({ permission: 'rail_accounts.write', body: createRailAccountInput }, async ({ db, merchant, body }) => {
    const out = await submitRailAccountCreate(db, merchant, body);
    return out.pending ? withStatus(202, out.account) : out.account;
  }),
  // GET /v1/rail_accounts: filters rail, status
  GET: apiRoute({ permission: 'payments.read', query: listRailAccountsQuery }, ({ db, merchant, query }) => listRailAccounts(db, merchant, query)),
});
