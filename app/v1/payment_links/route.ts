import { apiRoute, methods } from '@/lib/api/route';
import { createPaymentLink, createPaymentLinkInput, listPaymentLinks, listPaymentLinksQuery } from '@/lib/domain/payment-links';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/payment_links: a shareable URL that makes a checkout session from a price on every visit
  POST: apiRoute({ permission: 'catalog.write', body: createPaymentLinkInput, singleStatement: true }, ({ db, merchant, body, companion }) =>
    createPaymentLink(db, merchant, body, companion),
  ),
  // GET /v1/payment_links
  GET: apiRoute({ permission: 'payments.read', query: listPaymentLinksQuery }, ({ db, merchant, query }) => listPaymentLinks(db, merchant, query)),
});
