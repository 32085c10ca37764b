import { apiRoute, methods } from '@/lib/api/route';
import { createReportRun, createReportRunInput, listReportRuns, listReportRunsQuery } from '@/lib/reports/runs';

export const { GET, POST, DELETE, PUT, PATCH, HEAD, OPTIONS } = methods({
  // POST /v1/report_runs: a report of the ledger over days in the merchant's time zone, completed by the worker
  POST: apiRoute({ permission: 'reports.read', body: createReportRunInput }, ({ db, merchant, body }) => createReportRun(db, merchant, body)),
  // GET /v1/report_runs
  GET: apiRoute({ permission: 'reports.read', query: listReportRunsQuery }, ({ db, merchant, query }) => listReportRuns(db, merchant, query)),
});
