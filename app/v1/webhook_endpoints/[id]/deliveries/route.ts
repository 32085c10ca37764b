import { apiRoute, methods } from '@/lib/api/route';
import { listDeliveries, listDeliveriesQuery } from '@/lib/webhooks/deliveries';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/webhook_endpoints/:id/deliveries: newest first, with every attempt; filters status, eventId
  GET: apiRoute({ permission: 'webhooks.write', query: listDeliveriesQuery }, ({ db, merchant, params, query }) =>
    listDeliveries(db, merchant, params.id!, query),
  ),
});
