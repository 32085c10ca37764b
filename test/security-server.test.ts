// Issue 24, items 7 and 9, at the level where they lived: `npm start`'s own server (dist/server.mjs
// with Next.js's build, as e2e/serve.sh runs it) over raw sockets. Needs `npm run build` first
// (npm test builds before vitest). Before the fix: TRACE answered a text/plain 500; an absolute-form
// target was 308-redirected to the host it named; `%FF` in a page's id answered 500; a server
// action's body over 1 MB answered 500; the home page had no security header and /docs only
// frame-ancestors; no Strict-Transport-Security anywhere.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BODY_LIMIT, PAGE_HEADERS } from '@/lib/api/router';
import { ownPostgresDatabase } from './own-database';

const ROOT = path.resolve(import.meta.dirname, '..');
let child: ChildProcess;
let port: number;
let dataDir: string | undefined;
let ownDatabase: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server.mjs')) || !fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')))
    throw new Error("test/security-server.test.ts runs `npm start`'s server: run `npm run build` first.");
  const { DATABASE_URL, DATA_DIR: _inherited, ...base } = process.env;
  // A database of its own: start-up reads every merchant's rail accounts (another file's rows are
  // not this test's to depend on), and the server's worker does only this database's due work.
  if (DATABASE_URL) ownDatabase = await ownPostgresDatabase(DATABASE_URL, 'caisse_server');
  const db: Record<string, string> = ownDatabase
    ? { DATABASE_URL: ownDatabase.url }
    : { DATA_DIR: (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-server-'))) };
  child = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: ROOT,
    env: { ...base, ...db, NODE_ENV: 'production', PORT: '0', HOSTNAME: '127.0.0.1', BASE_URL: 'https://caisse.example', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      // PORT=0: the port the server got (one found free beforehand could be taken, on PostgreSQL, by
      // a database connection's own port while the server starts: the start then failed at random).
      const listening = /"msg":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(out);
      if (listening) {
        port = Number(listening[1]);
        resolve();
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out.slice(-2000)}`)));
  });
  // The port opens before start-up has finished (issue 24 item 6): the first answer waits for it.
  expect((await raw(`GET /docs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, undefined, 100_000)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await ownDatabase?.drop();
});

interface Raw {
  status: number;
  /** Header lines as sent, names lower-cased (a repeated header appears twice). */
  lines: [string, string][];
  headers: Record<string, string>;
  body: string;
}

/** Write `head` (and `body`) on one connection and read the answer until the server closes it. */
function raw(head: string, body?: string | Buffer, limitMs = 20_000): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer closed within ${limitMs} ms: ${Buffer.concat(chunks).toString('latin1').slice(0, 300)}`));
    }, limitMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(limit);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...rest] = text.slice(0, end).split('\r\n');
      const lines = rest.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]);
      let payload = text.slice(end + 4);
      if (lines.some(([k, v]) => k === 'transfer-encoding' && v === 'chunked')) {
        let out = '';
        for (let i = 0; ; ) {
          const nl = payload.indexOf('\r\n', i);
          const size = parseInt(payload.slice(i, nl), 16);
          if (!size) break;
          out += payload.slice(nl + 2, nl + 2 + size);
          i = nl + 2 + size + 2;
        }
        payload = out;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), lines, headers: Object.fromEntries(lines), body: Buffer.from(payload, 'latin1').toString('utf8') });
    });
    socket.on('connect', () => {
      socket.write(head);
      if (body !== undefined) socket.write(body);
    });
  });
}

const host = () => `127.0.0.1:${port}`;
const get = (target: string, extra = '') => raw(`GET ${target} HTTP/1.1\r\nHost: ${host()}\r\n${extra}Connection: close\r\n\r\n`);
const jsonError = (r: Raw) => {
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(r.body);
  expect(body.error.requestId).toMatch(/^req_/);
  return body.error as { type: string; code: string; message: string };
};

/** The headers every HTML answer carries (item 9), with HSTS since BASE_URL is https. */
function expectPageHeaders(r: Raw, what: string) {
  const csp = r.lines.filter(([k]) => k === 'content-security-policy');
  expect(csp.length, `${what}: one CSP`).toBe(1);
  expect(csp[0]![1], what).toMatch(/frame-ancestors 'none'/);
  expect(r.headers['x-content-type-options'], what).toBe('nosniff');
  expect(r.headers['x-frame-options'], what).toBe('DENY');
  expect(r.headers['referrer-policy'], what).toBe('no-referrer');
  expect(r.headers['permissions-policy'], what).toMatch(/camera=\(\)/);
  expectHsts(r, what);
}
function expectHsts(r: Raw, what: string) {
  const m = /^max-age=(\d+)/.exec(r.headers['strict-transport-security'] ?? '');
  expect(m, `${what}: Strict-Transport-Security`).not.toBeNull();
  expect(Number(m![1]), what).toBeGreaterThanOrEqual(365 * 86400);
}

describe('methods (item 7)', () => {
  it('TRACE /v1/products is a JSON 405 naming the allowed methods, not a text/plain 500', async () => {
    const r = await raw(`TRACE /v1/products HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(405);
    expect(jsonError(r)).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
    expect(r.headers.allow).toBe('GET, POST');
    expectHsts(r, 'TRACE /v1');
    // Any method no route serves, on any /v1 path.
    for (const line of ['TRACE /v1/payment_intents/pi_x', 'PROPFIND /v1/products', 'TRACE /v1/nothing/here']) {
      const other = await raw(`${line} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
      expect(other.status, line).toBe(405);
      expect(jsonError(other).code, line).toBe('method_not_allowed');
    }
  });

  it('TRACE to a page is a 405 page; CONNECT is answered 405, not dropped', async () => {
    for (const target of ['/checkout/cs_x', '/callbacks/mobile_money/mobile_money_a', '/']) {
      const r = await raw(`TRACE ${target} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
      expect(r.status, target).toBe(405);
      expect(r.headers['content-type'], target).toBe('text/html; charset=utf-8');
      expectPageHeaders(r, `TRACE ${target}`);
    }
    const c = await raw(`CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`);
    expect(c.status).toBe(405);
    expect(jsonError(c).code).toBe('method_not_allowed');
  });
});

describe('absolute-form request targets (item 9)', () => {
  it('one naming another host is refused (400 invalid_host, JSON), never redirected there: /v1 and pages', async () => {
    for (const target of [
      'http://evil.example/v1/products',
      'http://evil.example/checkout/cs_x',
      'http://evil.example/dashboard',
      'http://evil.example/',
      'https://evil.example/docs/',
      'http://evil.example//evil.example/',
    ]) {
      const r = await get(target);
      expect(r.status, target).toBe(400);
      expect(r.headers.location, target).toBeUndefined();
      expect(jsonError(r).code, target).toBe('invalid_host');
    }
  });

  it('one naming our own host is served as the path it names; a bad authority or target is a 400', async () => {
    const api = await get(`http://${host()}/v1/products`);
    expect(api.status).toBe(401); // the API's own answer: the request reached the route
    expect(jsonError(api).code).toBe('invalid_api_key');
    const docs = await get(`http://${host()}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.body).toContain('<html');
    // The trailing-slash redirect Next.js makes stays on this site (a path, not a URL).
    const slash = await get(`HTTP://${host().toUpperCase()}/docs/`);
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe('/docs');
    for (const target of [`http://user@${host()}/docs`, 'http://exa%20mple/docs', 'ftp://127.0.0.1/docs', '*']) {
      const r = await raw(`${target === '*' ? 'OPTIONS' : 'GET'} ${target} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
      expect(r.status, target).toBe(400);
      expect(r.headers.location, target).toBeUndefined();
      expect(jsonError(r).code, target).toBe('invalid_host');
    }
  });
});

describe('bad input in a page URL (item 7)', () => {
  it('a malformed escape or a NUL in the path or query is a 400 page, before any query', async () => {
    for (const target of [
      '/checkout/cs_%FF',
      '/checkout/link/plink_%FF',
      '/test-operator/att_%FF',
      '/dashboard/payments/pi_%FF',
      '/checkout/cs_%C0%80',
      '/checkout/cs_%E2%82',
      '/dashboard?q=%00',
      '/dashboard/payments/export?q=a%00b',
      '/checkout/cs_%00',
    ]) {
      const r = await get(target);
      expect(r.status, target).toBe(400);
      expect(r.headers['content-type'], target).toBe('text/html; charset=utf-8');
      expect(r.body, target).toMatch(/Requête invalide[\s\S]*Bad request/);
      expectPageHeaders(r, target);
    }
    // Well-formed escapes still reach the page (an unknown session: its 404 page).
    expect((await get('/checkout/cs_%41bc')).status).toBe(404);
  });

  it('a server action body over 1 MB is a 413 before it is read; a chunked one a 411; a small one reaches Next.js', async () => {
    const big = await raw(
      `POST /dashboard/sign-in HTTP/1.1\r\nHost: ${host()}\r\nNext-Action: 40aa\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: ${PAGE_BODY_LIMIT + 1}\r\n\r\n`,
      'x'.repeat(1000),
    );
    expect(big.status).toBe(413);
    expect(big.headers['content-type']).toBe('text/html; charset=utf-8');
    expectPageHeaders(big, '413');
    const chunked = await raw(
      `POST /checkout/cs_x HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n`,
      '3\r\nabc\r\n',
    );
    expect(chunked.status).toBe(411);
    const small = await raw(
      `POST /checkout/cs_x HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nConnection: close\r\n\r\n`,
      'a=b&c',
    );
    expect(small.status).toBe(404); // Next.js's answer for an unknown session
  });
});

describe('security headers on every HTML page (item 9)', () => {
  it('home, reference, dashboard, checkout, operator pages and error pages; HSTS on /v1 too', async () => {
    for (const [target, status] of <[string, number][]>[
      ['/', 200],
      ['/docs', 200],
      ['/docs/api/payment-intents', 200],
      ['/dashboard/sign-in', 200],
      ['/dashboard', 307],
      ['/checkout/cs_x', 404],
      ['/checkout/link/plink_x', 404],
      ['/test-operator/att_x', 404],
      ['/operator-return', 200],
      ['/no/such/page', 404],
    ]) {
      const r = await get(target);
      expect(r.status, target).toBe(status);
      expectPageHeaders(r, target);
    }
    // The checkout page keeps its nonce policy (proxy.ts), not a second one.
    expect((await get('/checkout/cs_x')).headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    for (const target of ['/v1/products', '/v1/openapi.json']) expectHsts(await get(target), target);
  });

  it('next.config.mjs sends the same page headers (next dev)', async () => {
    // @ts-expect-error: a plain .mjs file without types
    const { default: nextConfig } = (await import('../next.config.mjs')) as {
      default: { headers: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]> };
    };
    const rule = (await nextConfig.headers()).find((r) => r.source === '/:path*');
    expect(Object.fromEntries(rule!.headers.map((h) => [h.key, h.value]))).toEqual(PAGE_HEADERS);
  });
});
