/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  poweredByHeader: false,
  // Metadata (the page title) in <head>, never streamed in later: a buyer without JavaScript and
  // a screen reader must get the title with the first bytes.
  htmlLimitedBots: /.*/,
  reactStrictMode: true,
  // forbidden() and app/dashboard/forbidden.tsx: a page or action a user's role does not allow is a
  // real 403 (lib/dashboard/context.ts).
  experimental: { authInterrupts: true },
  // Every answer is never sniffed as another type nor framed by another site, and sends no
  // referrer. `npm start` sets the same on every page itself (lib/api/router.ts PAGE_HEADERS, kept
  // equal to `pages` below by test/security-server.test.ts) and on /v1 (lib/api/route.ts,
  // router.ts API_HEADERS); these rules are for `next dev`. proxy.ts replaces the CSP with its
  // nonce policy on the checkout page, the dashboard and the operator pages.
  async headers() {
    const pages = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Referrer-Policy', value: 'no-referrer' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
      { key: 'Content-Security-Policy', value: "base-uri 'none'; object-src 'none'; frame-ancestors 'none'" },
    ];
    const api = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" },
    ];
    return [
      { source: '/:path*', headers: pages },
      { source: '/v1', headers: api },
      { source: '/v1/:path*', headers: api },
    ];
  },
};
export default nextConfig;
