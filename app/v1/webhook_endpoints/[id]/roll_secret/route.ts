import { apiRoute, methods } from '@/lib/api/route';
import { rollEndpointSecret, rollSecretInput } from '@/lib/webhooks/endpoints';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/webhook_endpoints/:id/roll_secret: a new secret; the old one signs for expiresInSeconds more
  POST: apiRoute({ permission: 'webhooks.write', body: rollSecretInput, atomic: true }, ({ db, merchant, params, body }) =>
    rollEndpointSecret(db, merchant, params.id!, body),
  ),
});
