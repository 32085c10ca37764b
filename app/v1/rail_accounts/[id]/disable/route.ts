import { apiRoute, methods, withStatus } from '@/lib/api/route';
import { submitRailAccountDisable } from '@/lib/domain/rail-accounts';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/rail_accounts/:id/disable: no new payment goes to it; the attempts it made are still watched to their end;
  // 202 when it waits for another owner's approval (the merchant's railAccountApproval)
  POST: apiRoute({ permission: 'rail_accounts.write' }, async ({ db, merchant, params }) => {
    const out = await submitRailAccountDisable(db, merchant, params.id!);
    return out.pending ? withStatus(202, out.account) : out.account;
  }),
});
