// GET /dashboard/payments/export?<the list page's filters>: the filtered payments as CSV, streamed
// page by page with keyset pagination (100 intents at a time, the next page read only when the
// download has taken the previous one): 100,000 rows never sit in memory. Signed-in users only,
// in the session's mode (the file name says which).
import { routeContext } from '@/lib/dashboard/context';
import { csvStream, PAYMENT_CSV_COLUMNS, paymentCsvRow } from '@/lib/dashboard/csv';
import { allPaymentIntents, parsePaymentFilters, resolveSearch } from '@/lib/dashboard/payments';
import { type PaymentIntent, retrievePaymentIntent } from '@/lib/domain/payment-intents';
import { nowSeconds } from '@/lib/ids';
import { zonedDate } from '@/lib/time-zone';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const ctx = await routeContext('payments.read');
  if (ctx instanceof Response) return ctx;
  const url = new URL(request.url);
  const parsed = parsePaymentFilters(Object.fromEntries(url.searchParams), ctx.timeZone, 100);
  if (!parsed.ok)
    return new Response(`Invalid filters: ${parsed.error}\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  const query = { ...parsed.query, startingAfter: undefined, endingBefore: undefined };

  let pages: AsyncIterator<PaymentIntent[]>;
  const found = parsed.search ? await resolveSearch(ctx.db, ctx.scope, parsed.search) : null;
  if (found?.kind === 'intent') {
    const one = await retrievePaymentIntent(ctx.db, ctx.scope, found.id);
    pages = (async function* () {
      yield [one];
    })();
  } else if (found?.kind === 'none') {
    pages = (async function* (): AsyncGenerator<PaymentIntent[]> {})();
  } else {
    if (found?.kind === 'reference') query.reference = found.reference;
    pages = allPaymentIntents(ctx.db, ctx.scope, query, { pageSize: 100 });
  }
  const day = zonedDate(nowSeconds(), ctx.timeZone);
  const name = `payments-${ctx.livemode ? 'live' : 'test'}-${day}.csv`;
  return new Response(
    csvStream(PAYMENT_CSV_COLUMNS, pages, (x) => paymentCsvRow(x, ctx.timeZone)),
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
