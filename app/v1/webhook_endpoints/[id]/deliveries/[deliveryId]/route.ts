import { apiRoute, methods } from '@/lib/api/route';
import { retrieveDelivery } from '@/lib/webhooks/deliveries';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/webhook_endpoints/:id/deliveries/:deliveryId
  GET: apiRoute({ permission: 'webhooks.write' }, ({ db, merchant, params }) => retrieveDelivery(db, merchant, params.id!, params.deliveryId!)),
});
