import { apiRoute, methods } from '@/lib/api/route';
import { listEvents, listEventsQuery } from '@/lib/domain/events';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/events: newest first; filter `type`
  GET: apiRoute({ permission: 'payments.read', query: listEventsQuery }, ({ db, merchant, query }) => listEvents(db, merchant, query)),
});
