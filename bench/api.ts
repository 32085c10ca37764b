// npm run bench:api — POST /v1/payment_intents through the production server (`npm start`,
// dist/server.mjs built from server.ts) against a bare node:http server doing the same work (bench/bare-server.ts), on the
// embedded database and on PostgreSQL when one is reachable. 32 connections, 10 s each
// (BENCH_SECONDS). Also measured, to show where the time goes: `next start` (every request through
// Next's router) and our route handler alone on node:http (bench/handler-server.ts).
// Prints req/s, p50, p99 and the ratios. Targets: ratio >= 0.7, p99 <= 20 ms.
import { spawn } from 'node:child_process';
import { root, sh, stop, waitFor } from './lib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function load(port: number, key: string) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/v1/payment_intents`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'bench', metadata: { run: 'bench' } }),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function run(label: string, env: Record<string, string>) {
  const keys = JSON.parse(sh('npx', ['tsx', 'scripts/caisse.ts', 'merchants', 'create', '--name', 'Bench'], env)).keys;
  // The in-process worker runs, as in production (WORKER=off is refused on the embedded database).
  const common = { ...env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000' };
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const [name, cmd, args, port] of [
    ['caisse', process.execPath, ['dist/server.mjs'], 3303],
    ['next', process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', '3300', '-H', '127.0.0.1'], 3300],
    ['handler', process.execPath, ['--import', 'tsx', 'bench/handler-server.ts'], 3302],
    ['bare', process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], 3301],
  ] as const) {
    const child = spawn(cmd, [...args], { cwd: root, env: { ...process.env, ...common, PORT: String(port), HOSTNAME: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    try {
      await waitFor(`http://127.0.0.1:${port}/v1/payment_intents`, child);
      await load(port, keys.test).catch(() => undefined); // warm-up (JIT, caches)
      results[name] = await load(port, keys.test);
    } finally {
      await stop(child);
    }
  }
  const c = results.caisse!;
  const n = results.next!;
  const h = results.handler!;
  const b = results.bare!;
  console.log(`\n${label}`);
  console.log(`  npm start    ${c.rps.toFixed(0).padStart(6)} req/s   p50 ${c.p50} ms   p99 ${c.p99} ms   non-2xx ${c.non2xx}   errors ${c.errors}   (server.ts: /v1 to the route handlers, the rest to Next)`);
  console.log(`  next start   ${n.rps.toFixed(0).padStart(6)} req/s   p50 ${n.p50} ms   p99 ${n.p99} ms   non-2xx ${n.non2xx}   errors ${n.errors}`);
  console.log(`  our handler  ${h.rps.toFixed(0).padStart(6)} req/s   p50 ${h.p50} ms   p99 ${h.p99} ms   non-2xx ${h.non2xx}   errors ${h.errors}   (route handler on node:http, no Next)`);
  console.log(`  bare node    ${b.rps.toFixed(0).padStart(6)} req/s   p50 ${b.p50} ms   p99 ${b.p99} ms   non-2xx ${b.non2xx}   errors ${b.errors}`);
  console.log(`  ratio npm start/bare = ${(c.rps / b.rps).toFixed(2)}  (target >= 0.70: ${c.rps / b.rps >= 0.7 ? 'met' : 'not met'}); p99 ${c.p99} ms (target <= 20 ms: ${c.p99 <= 20 ? 'met' : 'not met'})`);
  console.log(`  ratio next start/bare = ${(n.rps / b.rps).toFixed(2)}  (every request through Next's router)`);
  console.log(`  where it goes: next/handler = ${(n.rps / h.rps).toFixed(2)} (Next's routing), handler/bare = ${(h.rps / b.rps).toFixed(2)} (web Request/Response + our wrapper)`);
}

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID')) || !fs.existsSync(path.join(root, 'dist', 'server.mjs')) || process.env.BENCH_BUILD === '1') {
  console.log('building (npm run build)...');
  sh('npm', ['run', 'build']);
}
console.log(`POST /v1/payment_intents, ${CONNECTIONS} connections, ${SECONDS} s, ${os.cpus().length} cores (autocannon shares them)`);
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
