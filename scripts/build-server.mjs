// `npm run build`, after `next build`: bundle server.ts (and the pure router it imports) into
// dist/server.mjs, so `npm start` runs plain JavaScript. Packages stay external (next is required
// at run time); the route handlers themselves are loaded from Next's build, not bundled here.
import { build } from 'esbuild';

await build({
  entryPoints: ['server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
