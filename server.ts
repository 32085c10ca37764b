// `npm start`: one node:http server. /v1/* goes straight to the route handlers of app/v1 as Next.js
// built them (lib/api/router.ts loadBuiltApiRoutes: the same modules, so lib/ and its process state
// exist once); everything else (the checkout page, its server actions, /docs) goes to Next.js.
// Measured with `npm run bench:api`: Next's router costs about half the API's throughput.
// `npm run build` bundles this file to dist/server.mjs (scripts/build-server.mjs): no TypeScript
// transpiler runs in production.
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { dispatch, loadBuiltApiRoutes } from './lib/api/router';

/** The project's root: this file's folder, or its parent once bundled into dist/. */
const root = path.basename(import.meta.dirname) === 'dist' ? path.dirname(import.meta.dirname) : import.meta.dirname;
const log = (level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}) =>
  (level === 'error' ? process.stderr : process.stdout).write(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }) + '\n');

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? '0.0.0.0';
const MAX_BODY = 64 * 1024 + 1; // the API refuses larger bodies itself (413); read no further

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare(); // runs instrumentation.ts: database, migrations, demo merchant, worker
const routes = loadBuiltApiRoutes(root);

async function toRequest(req: http.IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  let body: Buffer | undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size <= MAX_BODY) chunks.push(c as Buffer); // past it, drain without keeping: the answer is a 413
    }
    body = Buffer.concat(chunks);
  }
  const host = req.headers.host ?? `localhost:${port}`;
  return new Request(`http://${host}${req.url ?? '/'}`, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined });
}

const server = http.createServer(async (req, res) => {
  if (!req.url?.startsWith('/v1/') && req.url !== '/v1') return void handle(req, res);
  try {
    const response = await dispatch(routes, await toRequest(req));
    if (!response) return void handle(req, res);
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => (headers[k] = v));
    res.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
  } catch (err) {
    log('error', 'unhandled error in the API server', { error: err instanceof Error ? err.stack : String(err) });
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":{"type":"api_error","message":"An unexpected error occurred."}}');
  }
});

server.listen(port, hostname, () => log('info', 'listening', { url: `http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}` }));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
