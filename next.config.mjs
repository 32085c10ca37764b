/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  poweredByHeader: false,
  // Metadata (the page title) in <head>, never streamed in later: a buyer without JavaScript and
  // a screen reader must get the title with the first bytes.
  htmlLimitedBots: /.*/,
  reactStrictMode: true,
  // The reference page and the API are never sniffed as another type nor framed by another site
  // (the checkout page gets these and its CSP from proxy.ts; `npm start` serves /v1 itself, with
  // the same headers: lib/api/route.ts, lib/api/router.ts).
  async headers() {
    const headers = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
    ];
    return [
      { source: '/docs', headers },
      { source: '/docs/:path*', headers },
      { source: '/v1', headers },
      { source: '/v1/:path*', headers },
    ];
  },
};
export default nextConfig;
