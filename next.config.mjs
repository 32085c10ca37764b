/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  poweredByHeader: false,
  reactStrictMode: true,
};
export default nextConfig;
