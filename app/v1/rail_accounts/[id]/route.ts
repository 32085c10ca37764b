import { apiRoute, methods, withStatus } from '@/lib/api/route';
import { getRailAccount, submitRailAccountUpdate, updateRailAccountInput } from '@/lib/domain/rail-accounts';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/rail_accounts/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => getRailAccount(db, merchant, params.id!)),
  // POST /v1/rail_accounts/:id: a new version (a secret left out is kept), checked at the backend first;
  // 202 when it waits for another owner's approval (the merchant's railAccountApproval)
  POST: apiRoute({ permission: 'rail_accounts.write', body: updateRailAccountInput }, async ({ db, merchant, params, body }) => {
    const out = await submitRailAccountUpdate(db, merchant, params.id!, body);
    return out.pending ? withStatus(202, out.account) : out.account;
  }),
});
