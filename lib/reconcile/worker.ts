// The worker's side of reconciliation: once a day per merchant, a run of its previous live day
// (and the two before, when a worker was down), retried by a new run while one fails; and every
// pending run (the API's and the daily ones) claimed with a lease and completed (run.ts).
// Daily runs are for live mode only, and only for merchants with live activity that day (an intent
// created or a ledger line written): a test-mode merchant reconciles on demand (POST /v1/reconciliations).
// Two tasks (lib/worker/tasks.ts): scheduling every quarter of an hour, completing every few seconds.
// Several instances: the daily run's row is unique per merchant, day and run number (insert once);
// a pending run is claimed with `for update skip locked` and a lease (run once at a time).
// May import lib/domain, lib/db, run.ts, reconciliations.ts, bottom.
import type { Db } from '../db/client';
import { log } from '../log';
import { addDays, zonedDate, zonedDayStart } from '../time-zone';
import { createReconciliation, DailyRunExists } from './reconciliations';
import { runReconciliation } from './run';

/** A day is reconciled this long after it ends in the merchant's zone (late callbacks, confirmations). */
export const DAILY_DELAY_SECONDS = 3600;
/** Days back the daily schedule looks for a day without its run (a worker down over a weekend). */
export const DAILY_LOOKBACK_DAYS = 3;
/** A failed daily run is tried again by a new run this long after it failed, up to MAX_DAILY_RUNS runs. */
export const DAILY_RETRY_SECONDS = 3600;
export const MAX_DAILY_RUNS = 6;
/** How long a worker holds a run it completes (a worker that dies lets go after this). */
export const RUN_LEASE_SECONDS = 900;

export interface ReconcileScope {
  /** Only this merchant (tests share a database). */
  merchantId?: string;
  signal?: AbortSignal;
}

/** The daily runs due now: created pending (returns how many). */
export async function scheduleDailyReconciliations(db: Db, now: number, scope: ReconcileScope = {}): Promise<number> {
  const merchants = await db.query<{ id: string; time_zone: string }>(
    `select id, time_zone from merchants ${scope.merchantId ? 'where id = $1' : ''} order by id`,
    scope.merchantId ? [scope.merchantId] : [],
  );
  let made = 0;
  for (const m of merchants) {
    const today = zonedDate(now, m.time_zone);
    for (let back = 1; back <= DAILY_LOOKBACK_DAYS; back++) {
      const day = addDays(today, -back);
      const end = zonedDayStart(addDays(day, 1), m.time_zone);
      if (now < end + DAILY_DELAY_SECONDS) continue;
      const number = await nextDailyRun(db, m.id, day, now);
      if (number === null) continue;
      if (number === 1 && !(await hadLiveActivity(db, m.id, zonedDayStart(day, m.time_zone), end))) continue;
      try {
        await createReconciliation(db, { merchantId: m.id, livemode: true }, { from: day, to: day }, { now, origin: 'daily', runNumber: number });
        made++;
      } catch (err) {
        // Another instance made it first.
        if (!(err instanceof DailyRunExists)) throw err;
      }
    }
  }
  return made;
}

/** The number of the day's next daily run, or null when none is due (one pending or succeeded, a failure too recent, or too many tries). */
async function nextDailyRun(db: Db, merchantId: string, day: string, now: number): Promise<number | null> {
  const [last] = await db.query<{ status: string; run_number: number; completed_at: number | null }>(
    `select status, run_number, completed_at from reconciliations
      where merchant_id = $1 and livemode = true and origin = 'daily' and from_date = $2 order by run_number desc limit 1`,
    [merchantId, day],
  );
  if (!last) return 1;
  if (last.status !== 'failed' || Number(last.run_number) >= MAX_DAILY_RUNS) return null;
  if (Number(last.completed_at ?? now) + DAILY_RETRY_SECONDS > now) return null;
  return Number(last.run_number) + 1;
}

async function hadLiveActivity(db: Db, merchantId: string, start: number, end: number): Promise<boolean> {
  const [r] = await db.query<{ yes: boolean }>(
    `select exists (select 1 from payment_intents where merchant_id = $1 and livemode = true and created_at >= $2 and created_at < $3)
         or exists (select 1 from balance_transactions where merchant_id = $1 and livemode = true and created_at >= $2 and created_at < $3) as yes`,
    [merchantId, start, end],
  );
  return r?.yes === true;
}

/** Claim up to `limit` pending runs (a lease each): two workers never hold the same run. */
export async function claimPendingReconciliations(db: Db, now: number, limit = 5, scope: ReconcileScope = {}): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update reconciliations set locked_until = $1
      where id in (select id from reconciliations
                    where status = 'pending' and (locked_until is null or locked_until <= $2) ${scope.merchantId ? 'and merchant_id = $4' : ''}
                    order by created_at limit $3 for update skip locked)
      returning id`,
    scope.merchantId ? [now + RUN_LEASE_SECONDS, now, limit, scope.merchantId] : [now + RUN_LEASE_SECONDS, now, limit],
  );
  return rows.map((r) => r.id);
}

/** Worker task: complete the pending runs claimed. Returns how many runs completed. */
export async function completePendingReconciliations(db: Db, now: number, scope: ReconcileScope = {}): Promise<number> {
  let done = 0;
  for (const id of await claimPendingReconciliations(db, now, 5, scope)) {
    if (scope.signal?.aborted) {
      await db.query(`update reconciliations set locked_until = null where id = $1 and status = 'pending'`, [id]);
      continue;
    }
    try {
      if (await runReconciliation(db, id, now)) done++;
    } catch (err) {
      // A bug, not a backend: the lease lets another pass try it later; logged loudly.
      log('error', 'reconciliation run failed', { reconciliationId: id, error: err instanceof Error ? err.stack : String(err) });
    }
  }
  return done;
}
