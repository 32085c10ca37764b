import { apiRoute, methods } from '@/lib/api/route';
import { retrieveAccount, updateAccount, updateAccountInput } from '@/lib/domain/account';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/account: the merchant's settings (its time zone)
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant }) => retrieveAccount(db, merchant)),
  // POST /v1/account: change the time zone (an IANA name)
  POST: apiRoute({ permission: 'settings.write', body: updateAccountInput, atomic: true }, ({ db, merchant, body }) => updateAccount(db, merchant, body)),
});
