// `npm run build`, after `next build`: bundle server.ts (and the pure router it imports) into
// dist/server.mjs, so `npm start` runs plain JavaScript. Packages stay external (next is required
// at run time); the route handlers themselves are loaded from Next's build, not bundled here, so
// lib/ exists once in the process (test/architecture.test.ts checks what goes in).

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const serverBuildOptions = {
  entryPoints: ['server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await build(serverBuildOptions);
