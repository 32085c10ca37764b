import { apiRoute, methods } from '@/lib/api/route';
import { createEndpoint, createEndpointInput, listEndpoints, listEndpointsQuery } from '@/lib/webhooks/endpoints';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/webhook_endpoints: the answer carries the signing secret, this once
  POST: apiRoute({ body: createEndpointInput }, ({ db, merchant, body }) => createEndpoint(db, merchant, body)),
  // GET /v1/webhook_endpoints
  GET: apiRoute({ query: listEndpointsQuery }, ({ db, merchant, query }) => listEndpoints(db, merchant, query)),
});
