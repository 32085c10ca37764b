// npm run bench:report — does a report of a million ledger lines stream in bounded memory, and how
// far is it from the least work the job physically needs? One merchant, REPORT_ROWS (1,000,000)
// balance transactions on one real intent, grown in SQL (generate_series), over about three weeks.
// Then, for a balance_transactions run over the whole range (completed by the worker's own code:
// the pin and the count, timed too):
//   (a) reportFile: the file as GET /v1/report_runs/:id/file sends it, keyset pages of 1,000 lines,
//       written to a null sink;
//   (b) the baseline: the same CSV (the same line writer) from ONE plain query that returns every
//       row at once: no paging, nothing bounded.
// Each is timed, and its memory sampled every 10 ms (rss and heapUsed, their peak above what the
// process held before it) with the process's maxRSS after it. Prints rows/s, peak memory, and the
// ratios (a)/(b). Embedded PGlite by default (a data folder of its own); DATABASE_URL: that
// PostgreSQL database instead (its rows are added to it, under a new merchant). Not in CI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Db, openDatabase, setDbHandle } from '../lib/db/client';
import { createMerchant } from '../lib/domain/merchants';
import { completeReportRun } from '../lib/reports/complete';
import { balanceTransactionCsvLine, type LedgerLine, reportFile } from '../lib/reports/file';
import { createReportRun } from '../lib/reports/runs';
import { zonedDate, zonedIsoWriter } from '../lib/time-zone';

const ROWS = Number(process.env.REPORT_ROWS ?? 1_000_000);
const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z
const SPACING = 2; // seconds between two lines: a million lines over 23 days
const ZONE = 'Africa/Abidjan';

async function grow(db: Db, merchantId: string, intentId: string): Promise<void> {
  await db.query(
    `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, reference, metadata, created_at, updated_at)
     values ($1, $2, false, 1000, 'XOF', 'mobile_money_a', 'succeeded', 'bench-report', '{}'::jsonb, $3, $3)`,
    [intentId, merchantId, T0],
  );
  // In chunks: PGlite keeps a whole statement in memory.
  const chunk = 100_000;
  for (let from = 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    await db.query(
      `insert into balance_transactions (id, merchant_id, livemode, type, source, payment_intent_id, rail, account_owner, amount, currency,
         amount_in_intent_currency, intent_currency, rate, created_at)
       select 'txn_bench' || lpad(g::text, 8, '0'), $1, false,
              case when g % 10 = 0 then 'refund' when g % 7 = 0 then 'overpayment' else 'payment' end,
              $2, $2, 'mobile_money_a', 'simulator',
              case when g % 10 = 0 then -(g % 5000) - 1 else (g % 5000) + 1 end, 'XOF',
              case when g % 10 = 0 then -(g % 5000) - 1 else (g % 5000) + 1 end, 'XOF', null, $3::bigint + g * ${SPACING}
         from generate_series($4::int, $5::int) g`,
      [merchantId, intentId, T0, from, to],
    );
  }
  await db.query('vacuum analyze balance_transactions');
}

interface Measure {
  ms: number;
  rows: number;
  bytes: number;
  peakRss: number;
  peakHeap: number;
  maxRss: number;
}

/** Run `work`, sampling memory every 10 ms; peaks are above the process's memory when it began. */
async function measure(work: () => Promise<{ rows: number; bytes: number }>): Promise<Measure> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  };
  const timer = setInterval(sample, 10);
  const t = performance.now();
  const { rows, bytes } = await work();
  const ms = performance.now() - t;
  clearInterval(timer);
  sample();
  return { ms, rows, bytes, peakRss: peakRss - base.rss, peakHeap: peakHeap - base.heapUsed, maxRss: process.resourceUsage().maxRSS * 1024 };
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

async function run(label: string, opts: { dataDir?: string; databaseUrl?: string }) {
  const handle = await openDatabase(opts);
  setDbHandle(handle);
  const db = handle.db;
  const { merchant } = await createMerchant(db, 'Bench report shop');
  const scope = { merchantId: merchant.id, livemode: false };
  const intentId = `pi_benchreport${Date.now().toString(36)}`;
  console.log(`\n${label}: ${ROWS.toLocaleString('en')} ledger lines`);
  let t = performance.now();
  await grow(db, merchant.id, intentId);
  console.log(`  grown in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const from = zonedDate(T0, ZONE);
  const to = zonedDate(T0 + ROWS * SPACING, ZONE);
  const now = T0 + ROWS * SPACING + 86_400;
  const created = await createReportRun(db, scope, { type: 'balance_transactions', from, to }, { now });
  t = performance.now();
  const outcome = await completeReportRun(db, created.id, now);
  const completeMs = performance.now() - t;
  if (outcome !== 'succeeded') throw new Error(`the run did not succeed: ${outcome}`);
  console.log(`  the worker's completion (pin + count of ${ROWS.toLocaleString('en')}): ${(completeMs / 1000).toFixed(2)} s`);

  // (a) our file, as the API streams it, to a null sink.
  const ours = await measure(async () => {
    const file = await reportFile(db, scope, created.id);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of file.body) {
      bytes += chunk.byteLength;
      // The lines, counted natively (a JavaScript loop over 150 MB would cost more than the file).
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
    }
    return { rows: lines - 1, bytes };
  });

  // (b) the baseline: one query, every row, the same lines.
  const baseline = await measure(async () => {
    const rows = await db.query<LedgerLine>(
      `select id, seq::text as seq, created_at, type, source, payment_intent_id, rail, rail_account_id, account_owner, amount, currency,
              amount_in_intent_currency, intent_currency, rate
         from balance_transactions where merchant_id = $1 and livemode = false order by created_at, seq`,
      [merchant.id],
    );
    const enc = new TextEncoder();
    const zoned = zonedIsoWriter(ZONE);
    let bytes = enc.encode('header\r\n').byteLength;
    for (let i = 0; i < rows.length; i += 1000)
      bytes += enc.encode(
        rows
          .slice(i, i + 1000)
          .map((l) => balanceTransactionCsvLine(l, zoned))
          .join(''),
      ).byteLength;
    return { rows: rows.length, bytes };
  });

  if (ours.rows !== ROWS || baseline.rows !== ROWS) throw new Error(`rows: ours ${ours.rows}, baseline ${baseline.rows}, expected ${ROWS}`);
  const line = (name: string, m: Measure) =>
    console.log(
      `  ${name.padEnd(28)} ${(m.ms / 1000).toFixed(2).padStart(6)} s  ${Math.round(m.rows / (m.ms / 1000))
        .toLocaleString('en')
        .padStart(
          9,
        )} rows/s  ${mb(m.bytes).padStart(9)}  peak +rss ${mb(m.peakRss).padStart(9)}  peak +heap ${mb(m.peakHeap).padStart(9)}  maxRSS ${mb(m.maxRss)}`,
    );
  line('(a) reportFile (streamed)', ours);
  line('(b) one plain query (baseline)', baseline);
  console.log(
    `  ratios (a)/(b): time ${(ours.ms / baseline.ms).toFixed(2)}, peak rss ${(ours.peakRss / Math.max(1, baseline.peakRss)).toFixed(3)}, peak heap ${(
      ours.peakHeap / Math.max(1, baseline.peakHeap)
    ).toFixed(3)}`,
  );
  setDbHandle(undefined);
  await handle.close();
}

process.env.LOG_LEVEL ??= 'warn';
if (process.env.DATABASE_URL) await run('PostgreSQL (DATABASE_URL)', { databaseUrl: process.env.DATABASE_URL });
else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-bench-report-'));
  try {
    await run('embedded PGlite', { dataDir: path.join(dir, 'db') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
