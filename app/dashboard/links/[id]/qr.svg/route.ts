// GET /dashboard/links/:id/qr.svg: the link's QR code as an SVG file to download and print. Only
// for a signed-in user of the link's merchant, in the session's mode: anything else is a 404 (an
// id of another merchant says nothing), no session is a redirect to sign in.
import QRCode from 'qrcode';
import { isMissing } from '@/lib/dashboard/catalog';
import { routeContext } from '@/lib/dashboard/context';
import { retrievePaymentLink } from '@/lib/domain/payment-links';
import { isIdOf } from '@/lib/ids';

export const dynamic = 'force-dynamic';

const notFoundResponse = () =>
  new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const ctx = await routeContext('payments.read');
  if (ctx instanceof Response) return ctx;
  const { id } = await params;
  if (!isIdOf('plink', id)) return notFoundResponse();
  let url: string;
  try {
    url = (await retrievePaymentLink(ctx.db, ctx.scope, id)).url;
  } catch (err) {
    if (isMissing(err)) return notFoundResponse();
    throw err;
  }
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 512, color: { dark: '#000000', light: '#ffffff' } });
  return new Response(svg, {
    status: 200,
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${id}.svg"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
