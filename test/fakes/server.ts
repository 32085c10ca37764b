// A tiny node:http server on 127.0.0.1 and a random port, for fake rail backends. `mode` lets a
// test make the backend time out (never answer) or answer garbage.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** timeout: never answer; lost: do the work, then never answer; unauthorized: 401 to everything. */
export type FakeMode = 'ok' | 'timeout' | 'lost' | 'garbage' | 'error' | 'unauthorized';

export interface FakeServer {
  url: string;
  mode: FakeMode;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  /**
   * A slow backend: the next request is held (not handled) until the test releases it. `arrived`
   * resolves once it is held, so a test can act while a call of ours is in flight, without a timer.
   */
  holdNext(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

/**
 * One answer. `hang`: never answer this request (a timeout as the client sees it; whatever the
 * handler did before returning stays done). `headers`: extra response headers (Retry-After...).
 */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
  hang?: boolean;
}

export type Handler = (req: { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string }) => FakeAnswer;

export async function startFake(handler: Handler): Promise<FakeServer> {
  const pending = new Set<http.ServerResponse>();
  let hold: { arrived: () => void; released: Promise<void> } | null = null;
  const fake: FakeServer = {
    url: '',
    mode: 'ok',
    requests: [],
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((r) => (arrived = r));
      hold = { arrived, released: new Promise<void>((r) => (release = r)) };
      return { arrived: arrivedP, release };
    },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (hold) {
        const h = hold;
        hold = null;
        h.arrived();
        await h.released;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });
      if (fake.mode === 'timeout') {
        pending.add(res);
        return; // never answer
      }
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops</html>');
        return;
      }
      if (fake.mode === 'unauthorized') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"Unauthorized"}');
        return;
      }
      if (fake.mode === 'error') {
        res.writeHead(500).end('internal error');
        return;
      }
      const out = handler({ method: req.method ?? 'GET', url, headers: req.headers, body });
      if (fake.mode === 'lost' || out.hang) {
        pending.add(res);
        return; // done, but the answer never arrives
      }
      const text = out.text ?? (out.body === undefined ? '' : JSON.stringify(out.body));
      res.writeHead(out.status, { 'content-type': out.text !== undefined ? 'text/plain' : 'application/json', ...out.headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const r of pending) r.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
