import { apiRoute, methods } from '@/lib/api/route';
import { listAddressGaps } from '@/lib/payments/addresses';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/address_gaps: how far a wallet restored from each address rail's key must scan (not paginated)
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant }) => listAddressGaps(db, merchant)),
});
