// npm run bench:soak — memory of `npm start` (dist/server.mjs, the in-process worker running) on the
// embedded database under a long mixed load: SOAK_REQUESTS (300,000) requests at 16 connections,
// in SOAK_SAMPLES (20) equal steps; after each step (and after SOAK_IDLE_SECONDS, 10, of rest at
// the end) the server does a full GC and reports (bench/memory-probe.mjs): RSS, the JS heap in use
// after that GC, external/array buffers, and PGlite's WebAssembly memory (which only grows: pages
// of the database it has touched). The mix per connection, in a loop: create an intent, retrieve
// it, list intents, create one with a fresh Idempotency-Key, create a product, retrieve it, list
// events, one request with a bad key (401).
// SOAK_GC=0 samples without collecting (what the process shows when nobody forces a GC).
// Verdict: after warm-up (the first SOAK_WARMUP, 20 %, of the requests) the JS heap after GC must
// grow by less than 8 MB in all (a leak grows with every request; a cache fills once), and RSS by
// no more than what PGlite's WebAssembly memory grew plus 32 MB (allocator slack).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, sh, stop, waitFor } from './lib';

const TOTAL = Number(process.env.SOAK_REQUESTS ?? 300_000);
const SAMPLES = Number(process.env.SOAK_SAMPLES ?? 20);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 0.2);
const IDLE_SECONDS = Number(process.env.SOAK_IDLE_SECONDS ?? 10);
/** SOAK_GC=0: the probe collects nothing (RSS as a process that is never probed shows it; no verdict on the heap). */
const GC = process.env.SOAK_GC !== '0';
const CONNECTIONS = 16;
const PORT = 3305;
const MB = 1024 * 1024;

interface Sample {
  requests: number;
  seconds: number;
  /** RSS and JS heap in use as found, before the probe's GC. */
  rssBefore: number;
  heapUsedBefore: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number | null;
}

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID')) || !fs.existsSync(path.join(root, 'dist', 'server.mjs')) || process.env.BENCH_BUILD === '1') {
  console.log('building (npm run build)...');
  sh('npm', ['run', 'build']);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-soak-'));
const env = { DATA_DIR: dir, DATABASE_URL: '' };
const keys = JSON.parse(sh('npx', ['tsx', 'scripts/caisse.ts', 'merchants', 'create', '--name', 'Soak'], env)).keys as { test: string };
const child = spawn(process.execPath, ['--expose-gc', '--import', './bench/memory-probe.mjs', 'dist/server.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    ...env,
    PROBE_GC: GC ? '1' : '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    PORT: String(PORT),
    HOSTNAME: '127.0.0.1',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let out = '';
let onMemory: ((line: string) => void) | undefined;
child.stdout.on('data', (d) => {
  out += d;
  let nl: number;
  while ((nl = out.indexOf('\n')) >= 0) {
    const line = out.slice(0, nl);
    out = out.slice(nl + 1);
    if (line.startsWith('MEMORY ')) onMemory?.(line.slice(7));
  }
});

const started = Date.now();
function sample(requests: number): Promise<Sample> {
  return new Promise((resolve) => {
    onMemory = (line) => resolve({ requests, seconds: (Date.now() - started) / 1000, ...JSON.parse(line) });
    process.kill(child.pid!, 'SIGUSR2');
  });
}

const base = `http://127.0.0.1:${PORT}`;
const headers = { authorization: `Bearer ${keys.test}`, 'content-type': 'application/json' };
const intentBody = JSON.stringify({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'soak', metadata: { run: 'soak' } });

/** One step: `amount` requests of the mix, at CONNECTIONS connections. */
async function step(amount: number): Promise<{ unexpected: number; rps: number }> {
  // The mix, in this order on every connection; ids from earlier answers in `context`.
  type Ctx = { intent?: string; product?: string };
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount,
    timeout: 30,
    headers,
    requests: [
      {
        method: 'POST',
        path: '/v1/payment_intents',
        body: intentBody,
        onResponse: (_s: number, body: string, ctx: Ctx) => void (ctx.intent = JSON.parse(body).id),
      },
      { method: 'GET', setupRequest: (req: Record<string, unknown>, ctx: Ctx) => ({ ...req, path: `/v1/payment_intents/${ctx.intent}` }) },
      { method: 'GET', path: '/v1/payment_intents?limit=10' },
      {
        method: 'POST',
        body: intentBody,
        setupRequest: (req: Record<string, unknown>) => ({ ...req, path: '/v1/payment_intents', headers: { ...headers, 'idempotency-key': randomUUID() } }),
      },
      {
        method: 'POST',
        path: '/v1/products',
        body: JSON.stringify({ name: 'Soak', metadata: { k: 'v' } }),
        onResponse: (_s: number, body: string, ctx: Ctx) => void (ctx.product = JSON.parse(body).id),
      },
      { method: 'GET', setupRequest: (req: Record<string, unknown>, ctx: Ctx) => ({ ...req, path: `/v1/products/${ctx.product}` }) },
      { method: 'GET', path: '/v1/events?limit=5' },
      { method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: '/v1/products', headers: { authorization: 'Bearer sk_test_wrong' } }) },
    ],
  });
  // Answers other than 2xx and the mix's own 401.
  const unexpected = Object.entries((r as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats)
    .filter(([code]) => !code.startsWith('2') && code !== '401')
    .reduce((n, [, v]) => n + v.count, 0);
  return { unexpected: unexpected + r.errors, rps: r.requests.average };
}

const fmt = (b: number | null) => (b === null ? '   -  ' : (b / MB).toFixed(1).padStart(6));
const samples: Sample[] = [];
try {
  await waitFor(`${base}/healthz`, child);
  samples.push(await sample(0));
  console.log(`soak: ${TOTAL} requests in ${SAMPLES} steps, ${CONNECTIONS} connections, embedded database, ${os.cpus().length} cores`);
  console.log(`                              as found         ${GC ? 'after a full GC' : '(SOAK_GC=0: no GC)'}`);
  console.log('  requests      s   req/s  other  rss MB heap MB   rss MB heap MB external pglite wasm');
  const print = (s: Sample, rps: number | null, unexpected: number | null) =>
    console.log(
      `  ${String(s.requests).padStart(8)} ${s.seconds.toFixed(0).padStart(6)} ${rps === null ? '      -' : rps.toFixed(0).padStart(7)} ${unexpected === null ? '     -' : String(unexpected).padStart(6)}  ${fmt(s.rssBefore)} ${fmt(s.heapUsedBefore)}   ${fmt(s.rss)} ${fmt(s.heapUsed)}   ${fmt(s.external)}   ${fmt(s.wasm)}`,
    );
  print(samples[0]!, null, null);
  const per = Math.ceil(TOTAL / SAMPLES);
  let done = 0;
  while (done < TOTAL) {
    const n = Math.min(per, TOTAL - done);
    const r = await step(n);
    done += n;
    const s = await sample(done);
    samples.push(s);
    print(s, r.rps, r.unexpected);
  }
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idle = await sample(done);
  print(idle, null, null);
  console.log(`  (last line: after ${IDLE_SECONDS} s without requests; "other": answers neither 2xx nor the mix's own 401, and errors)`);

  const warm = samples.find((s) => s.requests >= TOTAL * WARMUP) ?? samples[1]!;
  const last = idle;
  const heapGrowth = last.heapUsed - warm.heapUsed;
  const rssGrowth = last.rss - warm.rss;
  const wasmGrowth = (last.wasm ?? 0) - (warm.wasm ?? 0);
  const heapFlat = heapGrowth < 8 * MB;
  const rssFlat = rssGrowth - wasmGrowth <= 32 * MB;
  console.log(
    `\n  after warm-up (${warm.requests} requests) to the end: JS heap after GC ${heapGrowth >= 0 ? '+' : ''}${(heapGrowth / MB).toFixed(1)} MB, ` +
      `RSS ${rssGrowth >= 0 ? '+' : ''}${(rssGrowth / MB).toFixed(1)} MB, of which PGlite's WebAssembly memory ${wasmGrowth >= 0 ? '+' : ''}${(wasmGrowth / MB).toFixed(1)} MB`,
  );
  const asFound = last.rssBefore - warm.rssBefore;
  console.log(
    `  (RSS as found, before the probe's GC: ${asFound >= 0 ? '+' : ''}${(asFound / MB).toFixed(1)} MB over the same span; V8 gives pages back only after a GC it has a reason to run)`,
  );
  if (!GC) console.log('  verdict: none (SOAK_GC=0: the heap was never collected, so its growth is garbage and live objects together)');
  else {
    console.log(
      `  verdict: ${heapFlat && rssFlat ? 'FLAT' : 'GROWING'} (JS heap after GC: ${heapFlat ? 'flat' : 'grows: a leak'}, < 8 MB; RSS beyond PGlite's memory: ${rssFlat ? 'flat' : 'grows'}, <= 32 MB)`,
    );
    process.exitCode = heapFlat && rssFlat ? 0 : 1;
  }
} finally {
  await stop(child);
  fs.rmSync(dir, { recursive: true, force: true });
}
