// Issue 11, items 11-14 and 18 (headers): the production HTTP server (lib/api/router.ts
// createApiServer, which server.ts runs) and the request plumbing, over real sockets: JSON depth,
// a malformed Host, a chunked body past the limit, Content-Length and the key checked before the
// body is read, a stalled body dropped, and the headers of every /v1 answer.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '@/lib/api/request';
import { createApiServer, loadApiRoutes } from '@/lib/api/router';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
let server: http.Server;
let port: number;
/** Short, so the stalled-body cases end quickly; the production default is REQUEST_TIMEOUT_MS. */
const TIMEOUT_MS = 1_500;
const fallbackSeen: string[] = [];

beforeAll(async () => {
  m = await newMerchant(db(), 'Security shop');
  server = createApiServer(await loadApiRoutes(), {
    requestTimeoutMs: TIMEOUT_MS,
    // Stands for Next.js: reads the whole body, then answers.
    fallback: (req, res) => {
      fallbackSeen.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('next'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
  ms: number;
}

/** The answer's parts, once the whole answer has arrived (by Content-Length or the last chunk); else null. */
function parseAnswer(buf: Buffer): Omit<RawAnswer, 'closed' | 'ms'> | null {
  const text = buf.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const rest = buf.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  let body: string;
  if (headers['transfer-encoding'] === 'chunked') {
    const t = rest.toString('latin1');
    if (!t.endsWith('0\r\n\r\n')) return null;
    body = '';
    for (let i = 0; ; ) {
      const nl = t.indexOf('\r\n', i);
      const size = parseInt(t.slice(i, nl), 16);
      if (!size) break;
      body += t.slice(nl + 2, nl + 2 + size);
      i = nl + 2 + size + 2;
    }
    body = Buffer.from(body, 'latin1').toString('utf8');
  } else {
    const length = Number(headers['content-length'] ?? 0);
    if (rest.length < length) return null;
    body = rest.subarray(0, length).toString('utf8');
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

/**
 * Write raw bytes on one connection and collect the answer. Resolves once the whole answer has
 * arrived; when `untilClosed`, once the server has also closed the connection. Rejects after
 * `limitMs` (a safety net, never reached when the server behaves).
 */
function raw(parts: (string | Buffer)[], opts: { untilClosed?: boolean; limitMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${opts.limitMs ?? 5_000} ms: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`));
    }, opts.limitMs ?? 5_000);
    const check = () => {
      const a = parseAnswer(Buffer.concat(chunks));
      if (!a || (opts.untilClosed && !closed)) return;
      clearTimeout(limit);
      resolve({ ...a, closed, ms: Date.now() - started });
      socket.destroy();
    };
    socket.on('data', (c) => {
      chunks.push(c);
      check();
    });
    socket.on('error', () => {}); // a reset after the answer: the answer is what counts
    socket.on('close', () => {
      closed = true;
      check();
    });
    socket.on('connect', () => {
      for (const p of parts) socket.write(p);
    });
  });
}

const auth = () => `Authorization: Bearer ${m.keys.test}\r\n`;
const productCount = async () => (await call('GET', '/v1/products?limit=100', { key: m.keys.test })).body.data.length as number;

describe('JSON depth (item 11)', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('refuses a body nested deeper than 64 levels with a 400, not a 500 (5,000 levels too)', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000, 30_000]) {
      const r = await call('POST', '/v1/products', {
        key: m.keys.test,
        rawBody: `{"name":"x","metadata":${nested(depth - 1)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, `depth ${depth}`).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_json' });
      expect(r.body.error.message).toMatch(/deeper than 64/);
    }
    // 64 levels are read (and then refused by the schema for what they are, not for their depth).
    const ok = await call('POST', '/v1/products', {
      key: m.keys.test,
      rawBody: `{"name":"x","metadata":${nested(MAX_JSON_DEPTH - 1)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(400);
    expect(ok.body.error).toMatchObject({ code: 'parameter_invalid', param: 'metadata' });
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const name = `${'['.repeat(100)}\\"${'{'.repeat(100)}`;
    const r = await call('POST', '/v1/products', { key: m.keys.test, rawBody: `{"name":"${name}"}`, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe(`${'['.repeat(100)}"${'{'.repeat(100)}`);
  });
});

describe('Host (item 12)', () => {
  it('answers a malformed Host on /v1 with a 400 in the documented shape', async () => {
    for (const host of ['exa mple.com', 'a/b', 'x@y', '[::1', 'h:99999999', 'a%00b', '']) {
      const r = await raw([`GET /v1/products HTTP/1.1\r\nHost: ${host}\r\n${auth()}Connection: close\r\n\r\n`]);
      expect(r.status, host).toBe(400);
      const body = JSON.parse(r.body);
      expect(body.error, host).toMatchObject({ type: 'invalid_request_error', code: 'invalid_host' });
      expect(body.error.requestId).toMatch(/^req_/);
    }
    // Well-formed ones, a bracketed IPv6 and a port included, are served.
    for (const host of ['api.example.com', '127.0.0.1:3000', '[::1]:3000', 'my_service:8080']) {
      const r = await raw([`GET /v1/products HTTP/1.1\r\nHost: ${host}\r\n${auth()}Connection: close\r\n\r\n`]);
      expect(r.status, host).toBe(200);
    }
  });
});

describe('body size (item 13) and order of checks (item 14)', () => {
  it('refuses a chunked body over 64 KiB with a 413 even when its first 64 KiB is valid JSON', async () => {
    const before = await productCount();
    // Cut at a chunk boundary exactly at the limit, the first chunk alone is a complete product.
    const first = Buffer.from(`{"name":"Cut"}`.padEnd(MAX_BODY_BYTES, ' '));
    const chunk = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    const r = await raw([
      `POST /v1/products HTTP/1.1\r\nHost: localhost\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunk(first),
      chunk(Buffer.from(' '.repeat(1_000))),
      '0\r\n\r\n',
    ]);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error).toMatchObject({ code: 'request_too_large' });
    expect(await productCount()).toBe(before);
    // At the limit exactly, the same body is read.
    const at = await raw([
      `POST /v1/products HTTP/1.1\r\nHost: localhost\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      chunk(first),
      '0\r\n\r\n',
    ]);
    expect(at.status).toBe(200);
  });

  it('refuses a declared Content-Length over the limit at once: before the key and without reading the body', async () => {
    const r = await raw([`POST /v1/products HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"na`], {
      untilClosed: true,
    });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error).toMatchObject({ code: 'request_too_large' });
    expect(r.ms).toBeLessThan(TIMEOUT_MS); // answered, not waited for
    expect(r.headers.connection).toBe('close');
    expect(r.closed).toBe(true);
  });

  it('authenticates before reading the body: no key, a 401 while the body has not arrived', async () => {
    const r = await raw([`POST /v1/products HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"na`]);
    expect(r.status).toBe(401);
    expect(r.ms).toBeLessThan(TIMEOUT_MS);
    const bad = await raw([
      `POST /v1/products HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_${'A'.repeat(43)}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"na`,
    ]);
    expect(bad.status).toBe(401);
  });

  it('drops a request that stalls its body: a 408 after the timeout and the connection closed', async () => {
    const before = await productCount();
    const r = await raw([`POST /v1/products HTTP/1.1\r\nHost: localhost\r\n${auth()}Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"name":`], {
      untilClosed: true,
    });
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body).error).toMatchObject({ code: 'request_timeout' });
    expect(r.closed).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(await productCount()).toBe(before);
  });

  it("drops a stalled request to the page (Next.js) too, by the server's request timeout", async () => {
    const r = await raw(
      [`POST /checkout/cs_x HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\nsession=`],
      { untilClosed: true },
    );
    expect(fallbackSeen).toContain('/checkout/cs_x');
    expect(r.closed).toBe(true);
    expect(r.status).toBe(408);
    expect(r.ms).toBeLessThan(5_000);
  });

  it('still serves a body that arrives in pieces within the timeout, and keeps the connection for the next request', async () => {
    const body = JSON.stringify({ name: 'Slow but fine' });
    const r = await raw([
      `POST /v1/products HTTP/1.1\r\nHost: localhost\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      body.slice(0, 5),
      body.slice(5),
    ]);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).name).toBe('Slow but fine');
    expect(r.headers.connection).not.toBe('close');
  });
});

describe('headers of every /v1 answer (item 18)', () => {
  const expectHardened = (h: Record<string, string> | Headers, what: string) => {
    const get = (k: string) => (h instanceof Headers ? h.get(k) : h[k]);
    expect(get('x-content-type-options'), what).toBe('nosniff');
    expect(get('x-frame-options'), what).toBe('DENY');
    expect(get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
  };

  it("success, error, 404, 405 and the server's own answers carry nosniff and refuse framing", async () => {
    expectHardened((await call('GET', '/v1/products', { key: m.keys.test })).headers, 'list');
    expectHardened((await call('GET', '/v1/products')).headers, '401');
    expectHardened((await call('GET', '/v1/nothing/here', { key: m.keys.test })).headers, '404');
    expectHardened((await call('PATCH', '/v1/products', { key: m.keys.test })).headers, '405');
    expectHardened((await call('GET', '/v1/openapi.json')).headers, 'openapi');
    const hostError = await raw([`GET /v1/products HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`]);
    expectHardened(hostError.headers, 'invalid host');
    const served = await raw([`GET /v1/products HTTP/1.1\r\nHost: localhost\r\n${auth()}Connection: close\r\n\r\n`]);
    expectHardened(served.headers, 'through the server');
  });

  it('next.config.mjs sends them on every page and on /v1 when Next.js serves it (next dev)', async () => {
    // @ts-expect-error: a plain .mjs file without types
    const { default: nextConfig } = (await import('../next.config.mjs')) as {
      default: { headers: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]> };
    };
    const rules = await nextConfig.headers();
    for (const path of ['/:path*', '/v1', '/v1/:path*']) {
      const rule = rules.find((r) => r.source === path);
      expect(rule, path).toBeDefined();
      const h = Object.fromEntries(rule!.headers.map((x) => [x.key.toLowerCase(), x.value]));
      expectHardened(h, path);
    }
  });
});

describe("the client address the page's limits count", () => {
  async function echoServer(trustProxy: boolean): Promise<{ url: string; close: () => Promise<void> }> {
    const s = createApiServer([], { trustProxy, fallback: (req, res) => void res.end(String(req.headers['x-forwarded-for'] ?? '')) });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => s.close(() => r())) };
  }

  it('a client cannot choose it: its X-Forwarded-For is replaced by the connection address, unless a proxy is trusted', async () => {
    const plain = await echoServer(false);
    const proxied = await echoServer(true);
    try {
      const forged = { headers: { 'x-forwarded-for': '203.0.113.7' } };
      expect(await (await fetch(`${plain.url}/checkout/x`, forged)).text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(await (await fetch(`${proxied.url}/checkout/x`, forged)).text()).toBe('203.0.113.7');
    } finally {
      await plain.close();
      await proxied.close();
    }
  });
});

describe('request targets and methods before any route (issue 24, items 7 and 9)', () => {
  it('a method no /v1 route has (TRACE, PROPFIND) is a JSON 405 with Allow, never handed to Next.js', async () => {
    const seen = fallbackSeen.length;
    for (const method of ['TRACE', 'PROPFIND']) {
      const r = await raw([`${method} /v1/products HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, POST');
      expect(JSON.parse(r.body).error).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
    }
    expect(fallbackSeen.length).toBe(seen);
  });

  it('an absolute-form target is served as its path when it names the Host, else refused 400 invalid_host (JSON)', async () => {
    const mine = await raw([`GET http://LOCALHOST:80/v1/products HTTP/1.1\r\nHost: localhost\r\n${auth()}Connection: close\r\n\r\n`]);
    expect(mine.status).toBe(200);
    const seen = fallbackSeen.length;
    const page = await raw([`GET http://localhost/checkout/cs_abs?x=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]);
    expect(page.status).toBe(200);
    expect(fallbackSeen.slice(seen)).toEqual(['/checkout/cs_abs?x=1']);
    for (const target of ['http://evil.example/v1/products', 'http://evil.example/checkout/cs_x', 'http://localhost:81/']) {
      const r = await raw([`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]);
      expect(r.status, target).toBe(400);
      expect(JSON.parse(r.body).error).toMatchObject({ code: 'invalid_host' });
    }
    expect(fallbackSeen.length).toBe(seen + 1);
  });

  it("what Node cannot parse (an unknown method, a malformed request line) is Node's status with a JSON body, and CONNECT a 405", async () => {
    const unknown = await raw([`FOO /v1/products HTTP/1.1\r\nHost: localhost\r\n\r\n`], { untilClosed: true });
    expect(unknown.status).toBe(405);
    expect(JSON.parse(unknown.body).error).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
    for (const line of ['GET /v1/products HTTP/9.9', 'GET  HTTP/1.1']) {
      const r = await raw([`${line}\r\nHost: localhost\r\n\r\n`], { untilClosed: true });
      expect(r.status, line).toBe(400);
      expect(r.headers['content-type'], line).toBe('application/json; charset=utf-8');
      expect(JSON.parse(r.body).error, line).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
    }
    const big = await raw([`GET /v1/products HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`], { untilClosed: true });
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body).error).toMatchObject({ code: 'request_too_large' });
    const connect = await raw([`CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`], { untilClosed: true });
    expect(connect.status).toBe(405);
    expect(JSON.parse(connect.body).error).toMatchObject({ code: 'method_not_allowed' });
  });

  it('a page path that cannot be decoded, or decodes to NUL, is a 400 page with the page headers', async () => {
    const seen = fallbackSeen.length;
    for (const target of ['/checkout/cs_%FF', '/test-operator/att_%E2%82', '/dashboard?q=%00']) {
      const r = await raw([`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]);
      expect(r.status, target).toBe(400);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['strict-transport-security']).toBeUndefined(); // not asked for (BASE_URL is http)
    }
    expect(fallbackSeen.length).toBe(seen);
  });
});
