import { apiRoute, fileBody, methods } from '@/lib/api/route';
import { reportFile } from '@/lib/reports/file';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // GET /v1/report_runs/:id/file: the CSV of a succeeded run, streamed (409 report_not_ready before)
  GET: apiRoute({ permission: 'reports.read' }, async ({ db, merchant, params }) => fileBody(await reportFile(db, merchant, params.id!))),
});
