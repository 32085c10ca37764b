// GET /dashboard/audit/export?<the audit page's filters>: the filtered audit log as CSV, streamed
// 500 lines at a time (keyset), never all in memory. Owners and admins (audit.read).
import { AUDIT_CSV_COLUMNS, allAuditEvents, auditCsvRow, parseAuditFilters } from '@/lib/dashboard/audit';
import { routeContext } from '@/lib/dashboard/context';
import { csvStream } from '@/lib/dashboard/csv';
import { nowSeconds } from '@/lib/ids';
import { zonedDate } from '@/lib/time-zone';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const ctx = await routeContext('audit.read');
  if (ctx instanceof Response) return ctx;
  const { filters } = parseAuditFilters(Object.fromEntries(new URL(request.url).searchParams), ctx.timeZone);
  const name = `audit-${zonedDate(nowSeconds(), ctx.timeZone)}.csv`;
  return new Response(
    csvStream(AUDIT_CSV_COLUMNS, allAuditEvents(ctx.db, ctx.merchantId, filters), (e) => auditCsvRow(e, ctx.timeZone)),
    {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    },
  );
}
