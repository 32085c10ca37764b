// `npm start` as a real process (dist/server.mjs on Next's build, as production runs it): an invalid
// configuration stops it before any port opens, the port opens only once start-up is done, and
// SIGTERM drains (the request in flight answered, the worker's leases released, exit 0).
// Needs `npm run build` (scripts/test.sh builds before vitest). test/fixtures/trace-listen.mjs
// prints LISTEN in stdout's order when the process opens a port: no timing is compared.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { nowSeconds } from '@/lib/ids';
import { claimDueDeliveries } from '@/lib/webhooks/deliveries';
import { ownPostgresDatabase } from './own-database';
import { type Receiver, startReceiver } from './webhook-receiver';

const ROOT = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-start-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** On PostgreSQL, a database of this file's own: start-up reads every merchant's rail accounts, and other files' rows are not this test's to depend on. */
let ownDatabase: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  for (const f of ['.next/BUILD_ID', 'dist/server.mjs'])
    if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: this test runs \`npm start\`'s server; run \`npm run build\` first.`);
  if (process.env.DATABASE_URL) ownDatabase = await ownPostgresDatabase(process.env.DATABASE_URL, 'caisse_start');
});
afterAll(async () => ownDatabase?.drop());

/** The port a server started with PORT=0 got, from its "listening" line (a port found free beforehand
 * could be taken while the server starts, by one of its own database connections). */
function listeningPort(stdout: string): number {
  const m = /"msg":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(stdout);
  if (!m) throw new Error(`no "listening" line: ${stdout.slice(-2000)}`);
  return Number(m[1]);
}

/** The parent's environment without any database or rail setting: each case names its own. */
function baseEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(DATA_DIR|DATABASE_URL|PORT|HOSTNAME|BASE_URL|CHECKOUT_URL|WORKER|MOMO_|LND_|BTC_|TRON|ESPLORA|RATE_)/.test(k)) out[k] = v;
  return { ...out, LOG_LEVEL: 'info', HOSTNAME: '127.0.0.1' };
}
const dbEnv = (): Record<string, string> => (ownDatabase ? { DATABASE_URL: ownDatabase.url } : { DATA_DIR: path.join(tmp(), 'db') });

interface Server {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when stdout contains `text` (rejects if the process exits first). */
  waitFor: (text: string) => Promise<void>;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', './test/fixtures/trace-listen.mjs', 'dist/server.mjs'], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: { text: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const check = () => {
    for (const w of [...waiters])
      if (out.includes(w.text)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  child.stdout!.on('data', (d) => ((out += d), check()));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`the server exited (${code}) before printing ${w.text}\n${out}\n${err}`));
      resolve(code);
    }),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ text, resolve, reject });
        check();
        if (child.exitCode !== null) reject(new Error(`the server had exited (${child.exitCode})\n${out}\n${err}`));
      }),
  };
}

/** Exits, or opens a port (then it is killed): which came first. */
async function exitOrListen(s: Server): Promise<{ code: number | null; listened: boolean }> {
  const listened = s.waitFor('LISTEN').then(
    () => true,
    () => false,
  );
  const first = await Promise.race([s.exited.then(() => 'exit' as const), listened.then((l) => (l ? ('listen' as const) : ('exit' as const)))]);
  if (first === 'listen') {
    s.child.kill('SIGKILL');
    await s.exited;
    return { code: null, listened: true };
  }
  return { code: await s.exited, listened: s.stdout().includes('LISTEN') };
}

describe('npm start: start-up', () => {
  // Each rail's own configuration mistakes (lib/config.ts, lib/rails/registry.ts build), and the
  // settings that cannot work together (lib/boot.ts assertStartable).
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'mobile_money_a (mtn_momo) half-configured',
      { MOMO_A_SUBSCRIPTION_KEY: 'k', MOMO_A_API_USER: 'u' },
      /set all of MOMO_A_BASE_URL.*missing: MOMO_A_BASE_URL, MOMO_A_API_KEY, MOMO_A_TARGET_ENVIRONMENT/,
    ],
    [
      'mobile_money_b (orange_money) half-configured',
      { MOMO_B_CLIENT_ID: 'id' },
      /set all of MOMO_B_CLIENT_ID.*missing: MOMO_B_CLIENT_SECRET, MOMO_B_MERCHANT_KEY, MOMO_B_WEBPAY_COUNTRY/,
    ],
    [
      "mobile_money_c (mtn_momo) with another protocol's setting",
      { MOMO_C_WEBHOOK_SECRET: 's' },
      /MOMO_C_PROTOCOL is mtn_momo \(the default\), but MOMO_C_WEBHOOK_SECRET belong to another protocol/,
    ],
    ['mobile_money_d (wave) without its webhook secret', { MOMO_D_API_KEY: 'wave_sn_prod_x' }, /missing: MOMO_D_WEBHOOK_SECRET/],
    ['btc_lightning: LND without a macaroon', { LND_REST_URL: 'https://127.0.0.1:8080' }, /missing: LND_MACAROON/],
    ['btc_onchain: an unreadable xpub', { BTC_XPUB: 'zpub-not-a-key', ESPLORA_URL: 'http://127.0.0.1:9' }, /Invalid configuration for BTC_XPUB \/ ESPLORA_URL/],
    [
      'usdt_trc20: TRON_XPUB without TRONGRID_API_KEY',
      { TRON_XPUB: 'xpub-anything' },
      /set all of TRON_XPUB, TRONGRID_API_KEY or none \(missing: TRONGRID_API_KEY\)/,
    ],
    [
      'a malformed setting (RATE_MIN_SOURCES above the sources)',
      { RATE_SOURCES: 'kraken', RATE_MIN_SOURCES: '2' },
      /RATE_MIN_SOURCES: must not exceed the number of RATE_SOURCES/,
    ],
    ['PORT=0 (a port the system picks) without BASE_URL', { PORT: '0', BASE_URL: '' }, /PORT: 0 \(a port the system picks\) needs BASE_URL/],
  ];
  if (!process.env.DATABASE_URL) cases.push(['WORKER=off on the embedded database', { WORKER: 'off' }, /WORKER=off needs DATABASE_URL/]);

  it('an invalid configuration stops the process with its message and exit code 1, before any port opens: each rail', async () => {
    const results = await Promise.all(
      cases.map(async ([, env]) => {
        const s = start({ ...baseEnv(), ...dbEnv(), PORT: '0', BASE_URL: 'http://127.0.0.1', ...env });
        return { ...(await exitOrListen(s)), stderr: s.stderr() };
      }),
    );
    results.forEach((r, i) => {
      const [name, , message] = cases[i]!;
      expect(r.listened, `${name}: opened a port`).toBe(false);
      expect(r.code, `${name}: ${r.stderr}`).toBe(1);
      expect(r.stderr, name).toMatch(/^Caisse did not start: Invalid configuration/m);
      expect(r.stderr, name).toMatch(message);
    });
  }, 180_000);

  // One server for both (a start costs seconds on a loaded machine): ready, then drained.
  it("the port opens only once start-up is done (the demo key printed); /healthz 200; SIGTERM: no new connection, the request in flight answered, the worker's lease released, exit 0", async () => {
    const env = { ...baseEnv(), ...dbEnv() };
    let merchantId: string | undefined;
    let key: string | undefined;
    if (env.DATABASE_URL) {
      // PostgreSQL has no demo merchant: one made with the CLI, before the server starts.
      const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/caisse.ts', 'merchants', 'create', '--name', 'Drain'], {
        cwd: ROOT,
        env: env as NodeJS.ProcessEnv,
        encoding: 'utf8',
      });
      expect(made.status, made.stderr).toBe(0);
      const out = JSON.parse(made.stdout) as { merchant: { id: string }; keys: { test: string } };
      [merchantId, key] = [out.merchant.id, out.keys.test];
    }

    // A receiver that takes the worker's webhook POST and never answers: the delivery's lease is held.
    let delivered!: () => void;
    const inFlight = new Promise<void>((r) => (delivered = r));
    const receiver: Receiver = await startReceiver({ respond: () => (delivered(), 'hang') });
    const s = start({ ...env, PORT: '0', BASE_URL: 'http://127.0.0.1' });
    try {
      await s.waitFor('"msg":"listening"');
      const port = listeningPort(s.stdout());
      const base = `http://127.0.0.1:${port}`;
      // The port opened (LISTEN, printed when listen() is called) after start-up had finished
      // and, on a new embedded database, after the demo key was printed.
      const out = s.stdout();
      const listenAt = out.indexOf('LISTEN\n');
      expect(out.indexOf('"msg":"caisse started"')).toBeGreaterThan(-1);
      expect(out.indexOf('"msg":"caisse started"')).toBeLessThan(listenAt);
      if (!env.DATABASE_URL) {
        expect(out.indexOf('test API key:')).toBeGreaterThan(-1);
        expect(out.indexOf('test API key:')).toBeLessThan(listenAt);
        key = /test API key: +(sk_test_\w+)/.exec(out)![1];
        merchantId = /merchant: +(acct_\w+)/.exec(out)![1];
      }
      const h = await fetch(`${base}/healthz`);
      expect(h.status).toBe(200);
      expect(h.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(h.headers.get('cache-control')).toBe('no-store');
      expect(await h.json()).toEqual({ status: 'ok' });
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      expect((await fetch(`${base}/v1/products`, { headers: auth })).status).toBe(200);

      const ep = await fetch(`${base}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: receiver.url, enabledEvents: ['product.created'] }),
      });
      expect(ep.status, await ep.clone().text()).toBe(200);
      const product = await fetch(`${base}/v1/products`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Avant' }) });
      expect(product.status).toBe(200);
      await inFlight;

      // A request in flight: headers sent and taken (100 Continue), its body not yet.
      const body = JSON.stringify({ name: "Pendant l'arrêt" });
      const sock = net.connect(port, '127.0.0.1');
      let answer = '';
      sock.on('data', (d) => (answer += d));
      const continued = new Promise<void>((resolve) => sock.on('data', () => answer.includes('100 Continue') && resolve()));
      sock.write(
        `POST /v1/products HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await continued;
      const ended = new Promise<void>((resolve) => sock.once('close', () => resolve()));

      s.child.kill('SIGTERM');
      await s.waitFor('"msg":"draining"');
      // The listening socket is closed: a new connection is refused.
      const refused = await new Promise<string>((resolve) => {
        const c = net.connect(port, '127.0.0.1');
        c.once('connect', () => (c.destroy(), resolve('connected')));
        c.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      });
      expect(refused).toBe('ECONNREFUSED');
      expect(s.child.exitCode).toBeNull(); // still waiting for the request in flight
      sock.write(body);
      await ended;
      const head = answer.slice(answer.lastIndexOf('HTTP/1.1 '));
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.toLowerCase()).toContain('connection: close');
      expect(head).toContain('"object":"product","name":"Pendant l\'arrêt"'); // in a chunked body
      expect(await s.exited).toBe(0);
    } finally {
      if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await s.exited;
      await receiver.close();
    }

    // The delivery the worker was sending (the first product's) is due again now, not held for the
    // lease's 60 s: a second worker claims it at once (with the second product's, made while draining).
    const h = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    try {
      const attempts = await h.db.query<{ delivery_id: string; error: string }>(
        `select a.delivery_id, a.error from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.merchant_id = $1`,
        [merchantId],
      );
      expect(attempts).toHaveLength(1);
      expect(attempts[0]!.error).toMatch(/^interrupted: the worker stopped/);
      const claim = await claimDueDeliveries(h.db, { merchantId, now: nowSeconds });
      expect(claim.rows.map((r) => r.id)).toContain(attempts[0]!.delivery_id);
      expect(claim.rows.map((r) => r.ev_type)).toEqual(['product.created', 'product.created']);
    } finally {
      await h.close();
    }
  }, 180_000);
});
