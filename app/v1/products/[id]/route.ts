import { apiRoute, methods } from '@/lib/api/route';
import { retrieveProduct, updateProduct, updateProductInput } from '@/lib/domain/products';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/products/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrieveProduct(db, merchant, params.id!)),
  // POST /v1/products/:id: update name, description, active, metadata
  POST: apiRoute({ permission: 'catalog.write', body: updateProductInput, atomic: true }, ({ db, merchant, params, body }) =>
    updateProduct(db, merchant, params.id!, body),
  ),
});
