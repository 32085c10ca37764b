// `npm start`: one node:http server. /v1/* goes straight to the route handlers of app/v1 as Next.js
// built them (lib/api/router.ts loadBuiltApiRoutes: the same modules, so lib/ and its process state
// exist once); everything else (the checkout page, its server actions, /docs) goes to Next.js.
// Measured with `npm run bench:api`: Next's router costs about half the API's throughput.
// `npm run build` bundles this file to dist/server.mjs (scripts/build-server.mjs): no TypeScript
// transpiler runs in production.
import path from 'node:path';
import next from 'next';
import { createApiServer, loadBuiltApiRoutes } from './lib/api/router';

/** The project's root: this file's folder, or its parent once bundled into dist/. */
const root = path.basename(import.meta.dirname) === 'dist' ? path.dirname(import.meta.dirname) : import.meta.dirname;
const log = (level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}) =>
  (level === 'error' ? process.stderr : process.stdout).write(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }) + '\n');

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? '0.0.0.0';

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare(); // runs instrumentation.ts: database, migrations, demo merchant, worker

// /v1 to the route handlers (the body streamed to them: they check its size and the key before
// reading it), the rest to Next.js; a request that stalls is dropped after REQUEST_TIMEOUT_MS.
const server = createApiServer(loadBuiltApiRoutes(root), {
  fallback: (req, res) => void handle(req, res),
  trustProxy: process.env.TRUST_PROXY === '1',
  // Browsers keep to https for a year once they saw it over https (lib/config.ts reads the same BASE_URL).
  hsts: /^https:\/\//i.test(process.env.BASE_URL ?? ''),
  onError: (err) => log('error', 'unhandled error in the API server', { error: err instanceof Error ? err.stack : String(err) }),
});

server.listen(port, hostname, () => log('info', 'listening', { url: `http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}` }));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
