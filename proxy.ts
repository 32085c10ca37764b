// Security headers of the hosted checkout page and of the merchant dashboard (and of the bench's
// empty page, so both carry the same cost). A fresh nonce per request: Next.js reads it from the request's CSP header and puts it
// on its own inline bootstrap scripts, so script-src needs neither 'unsafe-inline' nor hashes.
// The API (/v1) does not go through here: proxy code on every API request costs throughput.
import { type NextRequest, NextResponse } from 'next/server';

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const dev = process.env.NODE_ENV === 'development';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // The checkout page's forms stay on this origin (Orange Money's page is reached by a same-origin
    // page that refreshes to it, not by a form's redirect). The test operator page's answer may send
    // the payer back to a merchant's https returnUrl: browsers apply form-action to that redirect.
    request.nextUrl.pathname.startsWith('/test-operator/') ? "form-action 'self' https:" : "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  // The dashboard's layout marks the current page in its navigation (a layout is not told its path).
  if (request.nextUrl.pathname.startsWith('/dashboard')) requestHeaders.set('x-dashboard-path', request.nextUrl.pathname);
  else requestHeaders.delete('x-dashboard-path');
  requestHeaders.set('Content-Security-Policy', csp);
  // Referrer-Policy no-referrer makes browsers send `Origin: null` on a plain form post (no
  // JavaScript), which Next's CSRF check refuses. The browser's own Sec-Fetch-Site (web content
  // cannot set it) says the form was on this origin; then the request's origin is ours.
  if (request.method === 'POST' && request.headers.get('origin') === 'null' && request.headers.get('sec-fetch-site') === 'same-origin') {
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    if (host) requestHeaders.set('origin', `${request.nextUrl.protocol}//${host}`);
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  // The page's URL is a capability: never send it to another site.
  response.headers.set('Referrer-Policy', 'no-referrer');
  response.headers.set('X-Frame-Options', 'DENY');
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const config = {
  matcher: ['/checkout/:path*', '/dashboard', '/dashboard/:path*', '/test-operator/:path*', '/operator-return', '/bench-empty'],
};
