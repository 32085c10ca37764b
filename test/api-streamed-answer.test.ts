// A streamed answer (ApiAnswer.body as chunks: a report's CSV) through the production server's router
// (lib/api/router.ts serveApi) on a real socket: every byte arrives; a client that stops reading holds
// the producer back (res.write's false, then 'drain'), so it never runs ahead by more than the
// socket's buffers; a client that goes away ends the producer (its `return()`, its finally block).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '@/lib/api/incoming';
import { serveApi } from '@/lib/api/router';

const CHUNK = 64 * 1024;
const CHUNKS = 400; // 25 MB: far more than a socket buffers
const state = { produced: 0, ended: false };

async function* producer(): AsyncGenerator<Uint8Array> {
  state.produced = 0;
  state.ended = false;
  try {
    for (let i = 0; i < CHUNKS; i++) {
      state.produced++;
      yield new Uint8Array(CHUNK).fill(97 + (i % 26));
    }
  } finally {
    state.ended = true;
  }
}

const handler = Object.assign(async () => new Response(null, { status: 500 }), {
  native: async (): Promise<ApiAnswer> => ({ status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' }, body: producer() }),
});
async function* broken(): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode('id,amount\r\n');
  throw new Error('the database went away mid-file');
}
const brokenHandler = Object.assign(async () => new Response(null, { status: 500 }), {
  native: async (): Promise<ApiAnswer> => ({ status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' }, body: broken() }),
});
const routes = [
  { pattern: /^\/v1\/stream$/, rank: [0], first: 'stream', module: { GET: handler } },
  { pattern: /^\/v1\/broken$/, rank: [0], first: 'broken', module: { GET: brokenHandler } },
] as unknown as Parameters<typeof serveApi>[0];
const serverErrors: unknown[] = [];

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => void serveApi(routes, req, res).catch((err: unknown) => serverErrors.push(err)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a streamed API answer', () => {
  it('arrives whole, with its headers', async () => {
    const { status, type, bytes } = await new Promise<{ status: number; type: string; bytes: number }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/v1/stream' }, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), bytes }));
        })
        .on('error', reject);
    });
    expect([status, type, bytes]).toEqual([200, 'text/csv; charset=utf-8', CHUNK * CHUNKS]);
    expect(state).toEqual({ produced: CHUNKS, ended: true });
  });

  it('waits for a client that stops reading, and stops producing when it goes away', async () => {
    const req = http.get({ host: '127.0.0.1', port, path: '/v1/stream' });
    const res = await new Promise<http.IncomingMessage>((r) => req.on('response', r));
    res.pause(); // reads nothing more
    await sleep(300);
    const held = state.produced;
    await sleep(300);
    // Held back: no more chunks while nobody reads, and far fewer than the answer has.
    expect(state.produced).toBe(held);
    expect(held).toBeLessThan(CHUNKS / 2);
    expect(state.ended).toBe(false);
    req.destroy();
    for (let i = 0; i < 50 && !state.ended; i++) await sleep(20);
    expect(state.ended).toBe(true);
    expect(state.produced).toBeLessThan(CHUNKS);
  });

  it('a producer that fails mid-file cuts the connection (the client never sees a complete file) and the error reaches the server', async () => {
    const outcome = await new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/v1/broken' }, (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve('complete'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        })
        .on('error', () => resolve('cut'));
    });
    expect(outcome).toBe('cut');
    expect(serverErrors.map((e) => (e as Error).message)).toEqual(['the database went away mid-file']);
  });
});
