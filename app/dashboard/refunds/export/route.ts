// GET /dashboard/refunds/export?<the list page's filters>: the filtered refunds as CSV (csv.ts: the
// payments export's writer and formula escaping), streamed page by page with keyset pagination (100
// refunds at a time, the next page read only when the download has taken the previous one).
// Signed-in users only, in the session's mode (the file name says which).
import { routeContext } from '@/lib/dashboard/context';
import { csvStream } from '@/lib/dashboard/csv';
import { allRefunds, parseRefundFilters, REFUND_CSV_COLUMNS, refundCsvRow } from '@/lib/dashboard/refunds';
import { nowSeconds } from '@/lib/ids';
import { zonedDate } from '@/lib/time-zone';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const ctx = await routeContext('payments.read');
  if (ctx instanceof Response) return ctx;
  const url = new URL(request.url);
  const parsed = parseRefundFilters(Object.fromEntries(url.searchParams), ctx.timeZone, 100);
  if (!parsed.ok)
    return new Response(`Invalid filters: ${parsed.error}\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  const pages = allRefunds(ctx.db, ctx.scope, { ...parsed.query, startingAfter: undefined, endingBefore: undefined }, { pageSize: 100 });
  const day = zonedDate(nowSeconds(), ctx.timeZone);
  const name = `refunds-${ctx.livemode ? 'live' : 'test'}-${day}.csv`;
  return new Response(
    csvStream(REFUND_CSV_COLUMNS, pages, (x) => refundCsvRow(x, ctx.timeZone)),
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
