import { apiRoute, methods } from '@/lib/api/route';
import { createProduct, createProductInput, listProducts, listProductsQuery } from '@/lib/domain/products';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/products
  POST: apiRoute({ permission: 'catalog.write', body: createProductInput, singleStatement: true }, ({ db, merchant, body, companion }) =>
    createProduct(db, merchant, body, companion),
  ),
  // GET /v1/products
  GET: apiRoute({ permission: 'payments.read', query: listProductsQuery }, ({ db, merchant, query }) => listProducts(db, merchant, query)),
});
