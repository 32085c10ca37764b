// `npm start`: one node:http server. /v1/* goes straight to the route handlers of app/v1 as Next.js
// built them (lib/api/router.ts loadBuiltApiRoutes: the same modules, so lib/ and its process state
// exist once); everything else (the checkout page, its server actions, /docs) goes to Next.js.
// Measured with `npm run bench:api`: Next's router costs about half the API's throughput.
// The port opens only once start-up is done (configuration, migrations, rails, worker); a start-up
// that fails exits 1 before it. GET /healthz says whether this instance takes traffic; SIGTERM drains.
// `npm run build` bundles this file to dist/server.mjs (scripts/build-server.mjs): no TypeScript
// transpiler runs in production.
import type http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import next from 'next';
import { API_HEADERS, createApiServer, loadBuiltApiRoutes } from './lib/api/router';

/** The project's root: this file's folder, or its parent once bundled into dist/. */
const root = path.basename(import.meta.dirname) === 'dist' ? path.dirname(import.meta.dirname) : import.meta.dirname;
const log = (level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}) =>
  (level === 'error' ? process.stderr : process.stdout).write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields })}\n`);

// As lib/config.ts reads it (an empty PORT is unset): that check refuses PORT=0 without BASE_URL.
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME ?? '0.0.0.0';
/** How long a stop (SIGTERM) waits for the requests in flight before closing their connections (under Kubernetes' default 30 s grace). */
const DRAIN_TIMEOUT_MS = 25_000;

/** What start-up hands back (lib/boot.ts Started; this bundle holds nothing of lib/ but the router). */
interface Started {
  stopWorker(): Promise<void>;
  closeDatabase(): Promise<void>;
}

/**
 * Start-up (lib/boot.ts startProcess: configuration, rails, migrations, the demo merchant, the
 * worker) through Next's build of instrumentation.ts: the module Next loads itself, so lib/ and
 * its state exist once. It resolves when start-up is done; a failure ends the process (exit 1,
 * the message on stderr) before this server opens its port.
 */
function startFromBuild(): Promise<Started> {
  const require = createRequire(path.join(root, 'package.json'));
  const built = require(path.join(root, '.next', 'server', 'instrumentation.js')) as { start?: () => Promise<Started> };
  if (typeof built.start !== 'function') throw new Error(`No start-up in ${root}/.next: run \`npm run build\` first.`);
  return built.start();
}

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare(); // Next's router; it calls instrumentation.ts register() too, the same start-up
const started = await startFromBuild();

/** Set by SIGTERM/SIGINT: /healthz answers 503 and every answer closes its connection. */
let draining = false;

/** GET /healthz: 200 once started (the port opens only then), 503 while draining. No key, no database. */
function health(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const message = `${req.method} is not allowed on /healthz: use GET or HEAD.`;
    res
      .writeHead(405, { ...API_HEADERS, Allow: 'GET, HEAD' })
      .end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'method_not_allowed', message, param: null } }));
    return;
  }
  const body = JSON.stringify({ status: draining ? 'draining' : 'ok' });
  res.writeHead(draining ? 503 : 200, API_HEADERS).end(req.method === 'HEAD' ? undefined : body);
}
const isHealth = (url: string | undefined) => url === '/healthz' || !!url?.startsWith('/healthz?');

// /v1 to the route handlers (the body streamed to them: they check its size and the key before
// reading it), the rest to Next.js; a request that stalls is dropped after REQUEST_TIMEOUT_MS.
const server = createApiServer(loadBuiltApiRoutes(root), {
  fallback: (req, res) => (isHealth(req.url) ? health(req, res) : void handle(req, res)),
  trustProxy: process.env.TRUST_PROXY === '1',
  // Browsers keep to https for a year once they saw it over https (lib/config.ts reads the same BASE_URL).
  hsts: /^https:\/\//i.test(process.env.BASE_URL ?? ''),
  onError: (err) => log('error', 'unhandled error in the API server', { error: err instanceof Error ? err.stack : String(err) }),
});
// While draining, every answer still to go out closes its connection (the client's next request
// goes to another instance): those in flight when the signal came, and any request that still
// arrives on an open connection. A connection left idle is closed as soon as its answer is sent.
const inFlight = new Set<http.ServerResponse>();
server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
  if (draining) res.setHeader('Connection', 'close');
  inFlight.add(res);
  res.once('close', () => {
    inFlight.delete(res);
    if (draining) setImmediate(() => server.closeIdleConnections());
  });
});

// PORT=0: a port the system picks, named in the line (the tests start servers so: a port found free
// beforehand can be taken, while start-up runs, by one of the database connections' own).
server.listen(port, hostname, () => {
  const bound = (server.address() as AddressInfo).port;
  const origin = `http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${bound}`;
  // Next.js fetches a server action's redirect target from this server itself, at the port it was
  // given (next() above: 0 counts as 3000): with PORT=0, the bound one, as Next's own start does.
  if (port === 0) {
    process.env.PORT = String(bound);
    process.env.__NEXT_PRIVATE_ORIGIN = origin;
  }
  log('info', 'listening', { url: origin });
});

/**
 * SIGTERM (a rolling deploy) or SIGINT: stop accepting connections (idle keep-alive ones are
 * closed), answer the requests in flight, stop the worker (it releases its leases: another
 * instance takes that work at once), then close Next.js and the database and exit 0. After
 * DRAIN_TIMEOUT_MS the connections still open are closed. A second signal stops at once (exit 1).
 */
async function shutdown(signal: string): Promise<void> {
  if (draining) {
    log('error', 'second signal while draining: stopping now', { signal });
    process.exit(1);
  }
  draining = true;
  for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  const closed = new Promise<void>((done) => server.close(() => done()));
  log('info', 'draining', { signal });
  const force = setTimeout(() => {
    log('error', 'requests still in flight after the drain timeout: closing their connections', { timeoutMs: DRAIN_TIMEOUT_MS });
    server.closeAllConnections();
  }, DRAIN_TIMEOUT_MS);
  force.unref();
  try {
    await Promise.all([closed, started.stopWorker()]);
    clearTimeout(force);
    await app.close();
    await started.closeDatabase();
    log('info', 'stopped', { signal });
    process.exit(0);
  } catch (err) {
    log('error', 'stop failed', { error: err instanceof Error ? err.stack : String(err) });
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
