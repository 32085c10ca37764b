import { apiRoute, methods, permissionDenied, withStatus } from '@/lib/api/route';
import { retrieveAccount, submitAccountUpdate, updateAccountInput } from '@/lib/domain/account';
import { keyCan } from '@/lib/domain/permissions';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/account: the merchant's settings (its time zone)
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant }) => retrieveAccount(db, merchant)),
  // POST /v1/account: change the time zone (an IANA name), the refund thresholds (raised or removed:
  // approvals.loosen too), railAccountApproval (which also needs rail_accounts.write; turning it off
  // may wait for another owner's approval: 202)
  POST: apiRoute({ permission: 'settings.write', body: updateAccountInput, atomic: true }, async ({ db, merchant, body, request }) => {
    if (body.railAccountApproval !== undefined && !keyCan(merchant.permissions, 'rail_accounts.write'))
      throw permissionDenied('rail_accounts.write', request.method, request.url.pathname);
    const out = await submitAccountUpdate(db, merchant, body, { loosenApprovals: keyCan(merchant.permissions, 'approvals.loosen') });
    return out.pending ? withStatus(202, out.account) : out.account;
  }),
});
