// A payment link's public URL, {checkout_url}/link/<id>: each visit makes a new checkout session
// from the link's price and answers 303 to it; else a small page (404, 410, 429). The work is
// visitPaymentLink (lib/domain/payment-links.ts). HEAD only reads: it never makes a session.
import { getDb } from '@/lib/db/client';
import { paymentLinkState, visitPaymentLink } from '@/lib/domain/payment-links';
import { nowSeconds } from '@/lib/ids';
import { unavailableResponse } from '../unavailable';

type Ctx = { params: Promise<{ id: string }> };

/** The client's address: the last hop of X-Forwarded-For (the server in front sets it, lib/api/router.ts), else none. */
function clientAddress(headers: Headers): string | null {
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return hops[hops.length - 1] ?? headers.get('x-real-ip') ?? null;
}

export async function GET(request: Request, ctx: Ctx): Promise<Response> {
  const { id } = await ctx.params;
  const visit = await visitPaymentLink(await getDb(), id, clientAddress(request.headers), nowSeconds());
  if (!visit.ok) return unavailableResponse(request, visit);
  return new Response(null, {
    status: 303,
    headers: { Location: visit.session.url, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' },
  });
}

export async function HEAD(request: Request, ctx: Ctx): Promise<Response> {
  const { id } = await ctx.params;
  const state = await paymentLinkState(await getDb(), id);
  if (state !== 'active') return unavailableResponse(request, { reason: state }, false);
  return new Response(null, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' },
  });
}
