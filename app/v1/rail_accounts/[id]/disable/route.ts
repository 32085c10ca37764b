import { apiRoute, methods } from '@/lib/api/route';
import { disableRailAccount } from '@/lib/domain/rail-accounts';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/rail_accounts/:id/disable: no new payment goes to it; the attempts it made are still watched to their end
  POST: apiRoute({ permission: 'rail_accounts.write' }, ({ db, merchant, params }) => disableRailAccount(db, merchant, params.id!)),
});
