import { apiRoute, methods } from '@/lib/api/route';
import { getRailAccount, updateRailAccount, updateRailAccountInput } from '@/lib/domain/rail-accounts';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/rail_accounts/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => getRailAccount(db, merchant, params.id!)),
  // POST /v1/rail_accounts/:id: a new version (a secret left out is kept), checked at the backend first
  POST: apiRoute({ permission: 'rail_accounts.write', body: updateRailAccountInput }, ({ db, merchant, params, body }) =>
    updateRailAccount(db, merchant, params.id!, body),
  ),
});
