// The worker's pass over pending report runs (task `complete-report-runs`): each due run is leased
// (lib/db/claim.ts: skip locked, so several workers never take the same run), its ledger pinned,
// its lines counted, and it is marked succeeded with its event (`report_run.succeeded`), in one
// transaction. A run that cannot be completed is tried again a minute later, and after
// MAX_ATTEMPTS marked failed with the reason (`report_run.failed`).
import { claimDue } from '../db/claim';
import type { Db } from '../db/client';
import { recordEvent } from '../domain/events';
import { log } from '../log';
import { parseReportRun, type ReportRunRow, toReportRun } from './runs';
import { dailySummary } from './summary';

/** A run's lease: long enough to count a year of a busy ledger. */
export const REPORT_LEASE_SECONDS = 600;
export const MAX_ATTEMPTS = 3;
const RETRY_SECONDS = 60;

/**
 * The pin: the merchant's highest ledger `seq` in that mode, read under a SHARE lock on the ledger.
 * The lock waits for the transactions writing ledger lines now to end (and holds new ones back for
 * the one indexed read): a `seq` is handed out when a line is inserted, not when it commits, so
 * without it a line with a lower seq could commit after the pin and change the file. Held for the
 * read only, never while the lines are counted. '0' for a ledger without lines.
 */
export async function pinLedger(db: Db, merchantId: string, livemode: boolean): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query(`lock table balance_transactions in share mode`);
    const rows = await tx.query<{ pin: string }>(
      `select coalesce(max(seq), 0)::text as pin from balance_transactions where merchant_id = $1 and livemode = $2`,
      [merchantId, livemode],
    );
    return rows[0]!.pin;
  });
}

/** How many lines the run's file has at the pin. */
export async function countRows(db: Db, run: ReportRunRow, pin: string): Promise<number> {
  if (run.type === 'daily_summary')
    return (await dailySummary(db, { merchantId: run.merchantId, livemode: run.livemode }, run.from, run.to, { timeZone: run.timeZone, pin })).length;
  const rows = await db.query<{ n: string }>(
    `select count(*)::text as n from balance_transactions
      where merchant_id = $1 and livemode = $2 and created_at >= $3 and created_at < $4 and seq <= $5::bigint`,
    [run.merchantId, run.livemode, run.rangeStart, run.rangeEnd, pin],
  );
  return Number(rows[0]!.n);
}

/** Complete one leased run: succeeded with its pin and count, or retried, or failed. */
export async function completeReportRun(db: Db, id: string, now: number): Promise<'succeeded' | 'retry' | 'failed' | 'gone'> {
  const [row] = await db.query(`select * from report_runs where id = $1`, [id]);
  if (row?.status !== 'pending') return 'gone';
  const run = parseReportRun(row);
  try {
    const pin = await pinLedger(db, run.merchantId, run.livemode);
    const rowCount = await countRows(db, run, pin);
    const done = await db.transaction(async (tx) => {
      const [r] = await tx.query(
        `update report_runs set status = 'succeeded', ledger_seq = $2::bigint, row_count = $3, completed_at = $4, next_run_at = null, locked_until = null,
                attempts = attempts + 1
          where id = $1 and status = 'pending' returning *`,
        [id, pin, rowCount, now],
      );
      if (!r) return false;
      await recordEvent(tx, { merchantId: run.merchantId, livemode: run.livemode }, 'report_run.succeeded', toReportRun(parseReportRun(r)));
      return true;
    });
    return done ? 'succeeded' : 'gone';
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    log('warn', 'report run failed', { reportRunId: id, error: reason });
    return db.transaction(async (tx) => {
      const [r] = await tx.query(
        `update report_runs set attempts = attempts + 1, locked_until = null,
                status = case when attempts + 1 >= $2 then 'failed' else status end,
                error = case when attempts + 1 >= $2 then $3 else error end,
                completed_at = case when attempts + 1 >= $2 then $4::bigint else null end,
                next_run_at = case when attempts + 1 >= $2 then null else $4::bigint + $5::bigint end
          where id = $1 and status = 'pending' returning *`,
        [id, MAX_ATTEMPTS, reason.slice(0, 500), now, RETRY_SECONDS],
      );
      if (!r) return 'gone' as const;
      if (r.status !== 'failed') return 'retry' as const;
      await recordEvent(tx, { merchantId: run.merchantId, livemode: run.livemode }, 'report_run.failed', toReportRun(parseReportRun(r)));
      return 'failed' as const;
    });
  }
}

/** The worker's pass: lease due runs and complete them; returns how many ended (succeeded or failed). */
export async function completeDueReportRuns(db: Db, now: number, opts: { merchantId?: string; signal?: AbortSignal; limit?: number } = {}): Promise<number> {
  const ids = await claimDue(db, {
    table: 'report_runs',
    dueColumn: 'next_run_at',
    now,
    limit: opts.limit ?? 5,
    leaseSeconds: REPORT_LEASE_SECONDS,
    merchantId: opts.merchantId,
  });
  let done = 0;
  for (const id of ids) {
    if (opts.signal?.aborted) {
      await db.query(`update report_runs set locked_until = null where id = $1`, [id]);
      continue;
    }
    const outcome = await completeReportRun(db, id, now);
    if (outcome === 'succeeded' || outcome === 'failed') done++;
  }
  return done;
}
