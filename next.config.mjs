/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  poweredByHeader: false,
  // Metadata (the page title) in <head>, never streamed in later: a buyer without JavaScript and
  // a screen reader must get the title with the first bytes.
  htmlLimitedBots: /.*/,
  reactStrictMode: true,
};
export default nextConfig;
