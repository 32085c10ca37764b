import { apiRoute, methods } from '@/lib/api/route';
import { listAuditEvents, listAuditEventsQuery } from '@/lib/domain/audit';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/audit_events: the audit log, newest first (owner's and admin's keys: permission audit.read)
  GET: apiRoute({ permission: 'audit.read', query: listAuditEventsQuery }, ({ db, merchant, query }) => listAuditEvents(db, merchant, query)),
});
