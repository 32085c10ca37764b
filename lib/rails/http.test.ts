// The backends' HTTP client on a kept-alive connection its server closed (Node's server closes an
// idle one after 5 s; Esplora, TronGrid and LND behind their proxies do the same at their own
// time): a GET written on it at that moment is sent again on a new connection, a POST never is.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpRequest } from './http';
import { BackendError } from './types';

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server that answers the first request of each connection and drops the connection on the next one. */
async function closingServer(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const perSocket = new WeakMap<object, number>();
  server = http.createServer((req, res) => {
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    seen.push(`${req.method} ${req.url} #${n}`);
    if (n > 1) {
      req.socket.destroy(); // as if its keep-alive timer had fired: no answer on this connection
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: req.url }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

describe('backend HTTP client on a connection the backend closed', () => {
  it('sends a GET again on a new connection', async () => {
    const { url, seen } = await closingServer();
    expect((await httpRequest('btc_onchain', { method: 'GET', url: `${url}/a`, timeoutMs: 2000 })).text).toBe('{"ok":"/a"}');
    const second = await httpRequest('btc_onchain', { method: 'GET', url: `${url}/b`, timeoutMs: 2000 });
    expect(second.status).toBe(200);
    expect(second.text).toBe('{"ok":"/b"}');
    // The second GET was written on the kept-alive connection (dropped), then on a new one.
    expect(seen).toEqual(['GET /a #1', 'GET /b #2', 'GET /b #1']);
  });

  it("never sends a POST twice: the failure is the caller's to handle", async () => {
    const { url, seen } = await closingServer();
    await httpRequest('mobile_money_a', { method: 'GET', url: `${url}/token`, timeoutMs: 2000 });
    const err = await httpRequest('mobile_money_a', { method: 'POST', url: `${url}/pay`, body: { amount: 1 }, timeoutMs: 2000 }).catch((e) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect((err as BackendError).maybeSent).toBe(true);
    expect(seen).toEqual(['GET /token #1', 'POST /pay #2']);
  });
});

describe("a merchant's rail account reaches public addresses only (publicOnly)", () => {
  it('refuses a loopback IP literal and a name resolving to loopback, before connecting; the same request without the guard goes through', async () => {
    let hits = 0;
    server = http.createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    for (const url of [`http://127.0.0.1:${port}/v1/invoices`, `http://localhost:${port}/v1/invoices`]) {
      const err = await httpRequest('btc_lightning', { method: 'GET', url, timeoutMs: 2000, publicOnly: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackendError);
      expect((err as BackendError).message).toMatch(/public addresses only/);
      expect((err as BackendError).kind).toBe('down');
    }
    expect(hits).toBe(0);
    expect((await httpRequest('btc_lightning', { method: 'GET', url: `http://127.0.0.1:${port}/x`, timeoutMs: 2000 })).status).toBe(200);
    expect(hits).toBe(1);
  });
});
