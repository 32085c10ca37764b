import { apiRoute, methods } from '@/lib/api/route';
import { createEndpoint, createEndpointInput, listEndpoints, listEndpointsQuery, validateEndpointUrl } from '@/lib/webhooks/endpoints';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/webhook_endpoints: the answer carries the signing secret, this once
  POST: apiRoute(
    {
      permission: 'webhooks.write',
      body: createEndpointInput,
      atomic: true,
      prepare: ({ merchant, body }) => validateEndpointUrl(body.url, merchant.livemode),
    },
    ({ db, merchant, body, prepared }) => createEndpoint(db, merchant, body, prepared),
  ),
  // GET /v1/webhook_endpoints
  GET: apiRoute({ permission: 'webhooks.write', query: listEndpointsQuery }, ({ db, merchant, query }) => listEndpoints(db, merchant, query)),
});
