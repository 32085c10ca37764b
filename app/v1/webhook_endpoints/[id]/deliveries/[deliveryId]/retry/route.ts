import { apiRoute, methods } from '@/lib/api/route';
import { retryDelivery } from '@/lib/webhooks/deliveries';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/webhook_endpoints/:id/deliveries/:deliveryId/retry: resend now (same webhook-id); answers the delivery
  POST: apiRoute({ permission: 'webhooks.write' }, ({ db, merchant, params }) => retryDelivery(db, merchant, params.id!, params.deliveryId!)),
});
