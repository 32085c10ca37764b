import { apiRoute, methods } from '@/lib/api/route';
import { retrievePaymentLink, updatePaymentLink, updatePaymentLinkInput } from '@/lib/domain/payment-links';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/payment_links/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrievePaymentLink(db, merchant, params.id!)),
  // POST /v1/payment_links/:id: update active, metadata
  POST: apiRoute({ permission: 'catalog.write', body: updatePaymentLinkInput, atomic: true }, ({ db, merchant, params, body }) =>
    updatePaymentLink(db, merchant, params.id!, body),
  ),
});
