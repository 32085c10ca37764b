import { apiRoute, methods } from '@/lib/api/route';
import { retrievePrice, updatePrice, updatePriceInput } from '@/lib/domain/prices';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/prices/:id
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrievePrice(db, merchant, params.id!)),
  // POST /v1/prices/:id: update active, metadata (amount and currency never change)
  POST: apiRoute({ permission: 'catalog.write', body: updatePriceInput, atomic: true }, ({ db, merchant, params, body }) =>
    updatePrice(db, merchant, params.id!, body),
  ),
});
