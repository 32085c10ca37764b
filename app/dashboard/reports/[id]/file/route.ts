// GET /dashboard/reports/:id/file: a succeeded report run's CSV for the signed-in merchant, streamed
// as the API streams it (lib/reports/file.ts reportFile: the same bytes on every download). Another
// merchant's or mode's run is a 404; a run not ready is a 409 in plain words.

import { toReadableStream } from '@/lib/csv';
import { routeContext } from '@/lib/dashboard/context';
import { DomainError } from '@/lib/errors';
import { reportFile } from '@/lib/reports/file';

export const dynamic = 'force-dynamic';

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const ctx = await routeContext('reports.read');
  if (ctx instanceof Response) return ctx;
  const { id } = await params;
  try {
    const file = await reportFile(ctx.db, ctx.scope, id);
    return new Response(toReadableStream(file.body[Symbol.asyncIterator]()), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return new Response(`${err.message}\n`, { status: err.code === 'report_not_ready' ? 409 : 404, headers: TEXT });
  }
}
