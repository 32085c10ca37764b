import { apiRoute, methods } from '@/lib/api/route';
import { retrieveEvent } from '@/lib/domain/events';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/events/:id: the event exactly as its webhooks carry it
  GET: apiRoute({ permission: 'payments.read' }, ({ db, merchant, params }) => retrieveEvent(db, merchant, params.id!)),
});
