// npm run bench:api — the API's hot paths through the production server (`npm start`:
// dist/server.mjs, built from server.ts) against the floor (bench/bare-server.ts: node:http, the
// same zod schema, one key lookup, one statement, the documented answer headers; nothing of our code path), on the embedded
// database and on PostgreSQL when one is reachable. 32 connections, BENCH_SECONDS (10) a run; both
// servers run at once and each scenario is BENCH_ROUNDS (3) runs of each, interleaved; the median
// run is printed.
//   create       POST /v1/payment_intents (the floor writes the intent and its event in one
//                statement: the contract's create; the intent row alone is printed for reference)
//   create+key   the same with a fresh Idempotency-Key on every request (the floor claims it in its insert)
//   retrieve     GET /v1/payment_intents/:id
//   list         GET /v1/payment_intents?limit=10
// Prints req/s, p50, p99 and the ratio ours/floor. Targets: ratio >= 0.8, create p99 <= 20 ms.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { root, sh, stop, waitFor } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const BODY = JSON.stringify({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'bench', metadata: { run: 'bench' } });

type Scenario = 'create' | 'create+key' | 'retrieve' | 'list';
// BENCH_ONLY=confirm: only the confirm comparison (quotes), without the floor.
const ONLY_CONFIRM = process.env.BENCH_ONLY === 'confirm';
const SCENARIOS: Scenario[] = ONLY_CONFIRM ? [] : ['create', 'create+key', 'retrieve', 'list'];

async function load(port: number, key: string, scenario: Scenario, intentId: string, extra: Record<string, string> = {}) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra };
  const post = scenario === 'create' || scenario === 'create+key';
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${scenario === 'retrieve' ? `/v1/payment_intents/${intentId}` : scenario === 'list' ? '/v1/payment_intents?limit=10' : '/v1/payment_intents'}`,
    method: post ? 'POST' : 'GET',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    ...(post ? { body: BODY } : {}),
    ...(scenario === 'create+key'
      ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { ...headers, 'idempotency-key': randomUUID() } }) }] }
      : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/**
 * Confirm, with and without a quote: pools of fresh intents (XOF and USDT, both over usdt_trc20),
 * each confirmed once; the two kinds alternate (ABBA), the mean of two runs each. Quoting must add no call to an
 * exchange (the rate is the worker's): the converting confirm costs within 10 % of the other.
 */
async function confirmBench(port: number, key: string): Promise<{ converting: number; own: number }> {
  // Every confirmed address attempt stays open and is polled by the in-process worker while the
  // next ones are confirmed: 1,000 of each kind (a free address is one index probe, a poll that
  // sees nothing one write: npm run bench:watch).
  const N = Number(process.env.BENCH_CONFIRMS ?? 1000);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  async function pool(body: object): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < N; i += 32)
      ids.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(32, N - i) }, async () => {
            const r = await fetch(`http://127.0.0.1:${port}/v1/payment_intents`, { method: 'POST', headers, body: JSON.stringify(body) });
            return ((await r.json()) as { id: string }).id;
          }),
        )),
      );
    return ids;
  }
  async function confirmAll(ids: string[]): Promise<number> {
    let next = 0;
    const t0 = performance.now();
    const r = await autocannon({
      url: `http://127.0.0.1:${port}/v1/payment_intents/${ids[0]}/confirm`,
      method: 'POST',
      connections: 4,
      amount: ids.length,
      timeout: 30,
      headers,
      body: '{}',
      requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `/v1/payment_intents/${ids[next++ % ids.length]}/confirm` }) }],
    });
    if (r.non2xx) console.log(`  (confirm: ${r.non2xx} answers were not 2xx)`);
    // From the mean latency of a confirm at 4 connections (autocannon's duration, in whole seconds
    // here, is too coarse for a run of a few seconds).
    void t0;
    return (4 * 1000) / r.latency.mean;
  }
  // Each pool is canceled after its run, so the attempts it left are polled once a minute (watched),
  // not every 2 s, during the next run; the kinds go own, converting, converting, own (drift falls on both).
  async function cancelAll(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 32)
      await Promise.all(
        ids
          .slice(i, i + 32)
          .map((id) => fetch(`http://127.0.0.1:${port}/v1/payment_intents/${id}/cancel`, { method: 'POST', headers, body: '{}' }).then((r) => r.arrayBuffer())),
      );
  }
  const bodies = {
    own: { amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' },
    converting: { amount: 5000, currency: 'XOF', rail: 'usdt_trc20' },
  } as const;
  const rates: Record<keyof typeof bodies, number[]> = { own: [], converting: [] };
  for (const kind of ['own', 'converting', 'converting', 'own'] as const) {
    const ids = await pool(bodies[kind]);
    rates[kind].push(await confirmAll(ids));
    await cancelAll(ids);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { converting: mean(rates.converting), own: mean(rates.own) };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
type Result = Awaited<ReturnType<typeof load>>;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The median run of several (by req/s), with the median p99 of the runs. */
function medianOf(runs: Result[]): Result {
  const byRps = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
  return { ...byRps, p99: median(runs.map((r) => r.p99)), p50: median(runs.map((r) => r.p50)) };
}

async function run(label: string, env: Record<string, string>) {
  const keys = JSON.parse(sh('npx', ['tsx', 'scripts/caisse.ts', 'merchants', 'create', '--name', 'Bench'], env)).keys;
  // Both servers up at once, the runs interleaved (ours, the floor, the floor, ours, ...): a drift of
  // the machine (a checkpoint, another process) falls on both. The embedded database is one process's
  // folder: the floor gets a copy of it, made before either starts (the same merchant and key).
  const envOf: Record<'caisse' | 'floor', Record<string, string>> = { caisse: env, floor: env };
  if (env.DATA_DIR) {
    const copy = `${env.DATA_DIR}-floor`;
    fs.cpSync(env.DATA_DIR, copy, { recursive: true });
    envOf.floor = { ...env, DATA_DIR: copy };
  }
  // The in-process worker runs, as in production (WORKER=off is refused on the embedded database).
  const common = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000' };
  const servers = [
    ['caisse', ['dist/server.mjs'], 3303],
    ['floor', ['--import', 'tsx', 'bench/bare-server.ts'], 3301],
  ] as const;
  const runs: Record<string, Record<Scenario, Result[]>> = { caisse: {} as Record<Scenario, Result[]>, floor: {} as Record<Scenario, Result[]> };
  let reference: Result | undefined;
  let quotes: Awaited<ReturnType<typeof confirmBench>> | undefined;
  const started = (ONLY_CONFIRM ? servers.slice(0, 1) : servers).map(([name, args, port]) => ({
    name,
    port,
    child: spawn(process.execPath, [...args], {
      cwd: root,
      env: { ...process.env, ...envOf[name], ...common, PORT: String(port), HOSTNAME: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    }),
  }));
  try {
    const intentOf: Record<string, string> = {};
    for (const { name, port, child } of started) {
      await waitFor(`http://127.0.0.1:${port}/v1/payment_intents`, child);
      const made = await fetch(`http://127.0.0.1:${port}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.test}`, 'content-type': 'application/json' },
        body: BODY,
      });
      intentOf[name] = ((await made.json()) as { id: string }).id;
    }
    for (const s of SCENARIOS) {
      // A settled database for each scenario: on PostgreSQL the create scenarios leave hundreds of
      // thousands of new rows, whose autovacuum, analyze and checkpoint otherwise run during the
      // next scenario's runs and land on one server's or the other's (the floor's retrieve was
      // measured at 3,411 req/s there and at 9,250 on a settled database). Both servers share
      // this database, so the settling is the same for both. The embedded database has no
      // background workers.
      if (env.DATABASE_URL) for (const q of ['vacuum analyze', 'checkpoint']) sh('psql', [env.DATABASE_URL, '-qc', q]);
      for (const { name, port } of started) await load(port, keys.test, s, intentOf[name]!).catch(() => undefined); // warm-up (JIT, caches, plans)
      for (let r = 0; r < ROUNDS; r++) {
        const order = r % 2 === 0 ? started : [...started].reverse();
        for (const { name, port } of order) (runs[name]![s] ??= []).push(await load(port, keys.test, s, intentOf[name]!));
      }
    }
    const floor = started.find((x) => x.name === 'floor');
    if (floor) reference = await load(floor.port, keys.test, 'create', intentOf.floor!, { 'x-floor': 'intent-only' });
    quotes = await confirmBench(started[0]!.port, keys.test);
  } finally {
    for (const { child } of started) await stop(child);
    if (envOf.floor.DATA_DIR !== env.DATA_DIR) fs.rmSync(envOf.floor.DATA_DIR!, { recursive: true, force: true });
  }
  const results = Object.fromEntries(
    Object.entries(runs).map(([name, byScenario]) => [name, Object.fromEntries(Object.entries(byScenario).map(([sc, rs]) => [sc, medianOf(rs)]))]),
  ) as Record<string, Record<Scenario, Result>>;
  console.log(`\n${label}`);
  for (const s of SCENARIOS) {
    const c = results.caisse![s];
    const f = results.floor![s];
    const ratio = c.rps / f.rps;
    // The floor's own p99 is printed beside ours: at 32 connections on one process, a request waits
    // behind the 31 others (Little's law: 32 / req/s is the mean), so below some req/s no server
    // can meet 20 ms, the floor included.
    const p99 = s.startsWith('create') ? `; p99 <= 20 ms: ${c.p99 <= 20 ? 'met' : 'not met'}, the floor's: ${f.p99 <= 20 ? 'met' : 'not met'}` : '';
    console.log(
      `  ${s.padEnd(11)} npm start ${c.rps.toFixed(0).padStart(6)} req/s  p50 ${String(c.p50).padStart(3)} ms  p99 ${String(c.p99).padStart(3)} ms  non-2xx ${c.non2xx} | floor ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms | ratio ${ratio.toFixed(2)} (>= 0.80: ${ratio >= 0.8 ? 'met' : 'not met'}${p99})`,
    );
  }
  if (quotes) {
    const ratio = quotes.converting / quotes.own;
    console.log(
      `  confirm     an XOF intent over usdt_trc20 (a quote locked) ${quotes.converting.toFixed(0)} req/s | a USDT intent over usdt_trc20 ${quotes.own.toFixed(0)} req/s | ratio ${ratio.toFixed(2)} (within 10 %: ${ratio >= 0.9 ? 'met' : 'not met'}; test mode: the rate is configuration, live it is one read of the cached row)`,
    );
  }
  if (reference)
    console.log(
      `  (reference: the floor writing the intent row alone, no event: ${reference.rps.toFixed(0)} req/s, p99 ${reference.p99} ms; npm start's create is ${(results.caisse!.create.rps / reference.rps).toFixed(2)}x that)`,
    );
}

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID')) || !fs.existsSync(path.join(root, 'dist', 'server.mjs')) || process.env.BENCH_BUILD === '1') {
  console.log('building (npm run build)...');
  sh('npm', ['run', 'build']);
}
console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, ${os.cpus().length} cores (autocannon shares them)`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-bench-'));
try {
  await run('embedded PGlite', { DATA_DIR: dir, DATABASE_URL: '' });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `caisse_bench_${process.pid}`;
try {
  sh('createdb', ['-h', '127.0.0.1', '-U', 'postgres', dbName]);
  try {
    await run('PostgreSQL', { DATABASE_URL: `${pgUrl}/${dbName}` });
  } finally {
    sh('dropdb', ['-f', '-h', '127.0.0.1', '-U', 'postgres', dbName]);
  }
} catch (err) {
  console.log(`\nPostgreSQL: skipped (${(err as Error).message.split('\n')[0]})`);
}
