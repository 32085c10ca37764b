import { apiRoute, methods } from '@/lib/api/route';
import { createPrice, createPriceInput, listPrices, listPricesQuery } from '@/lib/domain/prices';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/prices
  POST: apiRoute({ permission: 'catalog.write', body: createPriceInput, singleStatement: true }, ({ db, merchant, body, companion }) =>
    createPrice(db, merchant, body, companion),
  ),
  // GET /v1/prices?productId=...
  GET: apiRoute({ permission: 'payments.read', query: listPricesQuery }, ({ db, merchant, query }) => listPrices(db, merchant, query)),
});
