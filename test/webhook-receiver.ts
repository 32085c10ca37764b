// A webhook receiver for tests: a node:http server on 127.0.0.1 that records every request (raw
// body and headers) and answers what the test decides.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A status, or 'hang' (never answer). */
export type Answer = number | 'hang';

export interface Receiver {
  port: number;
  url: string;
  received: Received[];
  connections: number;
  respond: (r: Received, index: number) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

export async function startReceiver(opts: { port?: number; respond?: Receiver['respond'] } = {}): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const r: Received = { path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') };
      const index = rec.received.push(r) - 1;
      const answer = await rec.respond(r, index);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
    });
  });
  server.on('connection', () => rec.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const rec: Receiver = {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received: [],
    connections: 0,
    respond: opts.respond ?? (() => 200),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return rec;
}

/** A port nothing listens on (yet): listen on 0, note the port, close. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
