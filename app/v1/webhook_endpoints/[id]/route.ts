import { apiRoute, methods } from '@/lib/api/route';
import { deleteEndpoint, retrieveEndpoint, updateEndpoint, updateEndpointInput } from '@/lib/webhooks/endpoints';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/webhook_endpoints/:id
  GET: apiRoute({ permission: 'webhooks.write' }, ({ db, merchant, params }) => retrieveEndpoint(db, merchant, params.id!)),
  // POST /v1/webhook_endpoints/:id: url, enabledEvents, description, disabled
  POST: apiRoute({ permission: 'webhooks.write', body: updateEndpointInput }, ({ db, merchant, params, body }) =>
    updateEndpoint(db, merchant, params.id!, body),
  ),
  // DELETE /v1/webhook_endpoints/:id: its pending deliveries are dropped with it
  DELETE: apiRoute({ permission: 'webhooks.write' }, ({ db, merchant, params }) => deleteEndpoint(db, merchant, params.id!)),
});
