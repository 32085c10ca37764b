// GET /dashboard/reports/day?day=YYYY-MM-DD: the day's summary (the balances page's "La journée")
// as CSV, the daily_summary report's columns and lines (lib/reports), of that one day in the
// merchant's time zone, as the ledger stands now. Signed-in users only, in the session's mode.

import { toReadableStream } from '@/lib/csv';
import { chosenDay } from '@/lib/dashboard/books';
import { routeContext } from '@/lib/dashboard/context';
import { dayFile } from '@/lib/reports/file';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const ctx = await routeContext('reports.read');
  if (ctx instanceof Response) return ctx;
  const days = chosenDay(new URL(request.url).searchParams.get('day') ?? undefined, ctx.timeZone);
  if (!days)
    return new Response('day: a date written YYYY-MM-DD, not in the future\n', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  const file = dayFile(ctx.db, ctx.scope, days.day, ctx.timeZone);
  return new Response(toReadableStream(file.body[Symbol.asyncIterator]()), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
