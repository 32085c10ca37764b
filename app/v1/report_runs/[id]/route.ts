import { apiRoute, methods } from '@/lib/api/route';
import { retrieveReportRun } from '@/lib/reports/runs';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/report_runs/:id
  GET: apiRoute({ permission: 'reports.read' }, ({ db, merchant, params }) => retrieveReportRun(db, merchant, params.id!)),
});
