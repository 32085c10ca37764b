// The worker's task list. Each module that needs background work adds its task here.
import { purgeExpiredKeys } from '../api/idempotency';
import { config } from '../config';
import type { Db } from '../db/client';
import { maintainTables } from '../db/maintenance';
import { liveRatesNeeded } from '../domain/exchange-rates';
import { purgeLinkSessions } from '../domain/payment-links';
import { nowSeconds } from '../ids';
import { expireDueSessions } from '../payments/expire';
import { pollDueAttempts } from '../payments/poll';
import type { RateProvider } from '../rates';
import { refreshRates } from '../rates/store';
import { completePendingReconciliations, scheduleDailyReconciliations } from '../reconcile/worker';
import { pollDueRefunds } from '../refunds/poll';
import { completeDueReportRuns } from '../reports/complete';
import { deliverDueWebhooks } from '../webhooks/deliveries';

export interface WorkerTask {
  name: string;
  /** Pause between two runs, in milliseconds. */
  intervalMs: number;
  /** The first run waits one interval instead of running at start (work that must not slow a start-up). */
  notAtStart?: boolean;
  /**
   * One pass; returns how many items it handled (for logs and tests). `signal` aborts when the
   * worker stops: a task that leases work takes no more and releases what it has not begun.
   */
  run(db: Db, signal?: AbortSignal): Promise<number>;
}

export interface TaskOptions {
  /** Only this merchant's rows: tests share one database, and must not work on another's rows. */
  merchantId?: string;
  /** The tasks' clock, Unix seconds (tests pass their own instead of waiting). */
  now?: () => number;
  /**
   * The exchange-rate sources of `refresh-rates` (tests: providers pointed at fakes). Default: the
   * ones RATE_SOURCES names. A pass scoped to one merchant runs that deployment-wide task only with
   * these: a test's pass must never reach the real exchanges.
   */
  rateProviders?: RateProvider[];
}

/** The tasks, on a clock and a scope (production: the real clock, every merchant). */
export function workerTasks(opts: TaskOptions = {}): WorkerTask[] {
  const now = opts.now ?? nowSeconds;
  const scope = { merchantId: opts.merchantId };
  return [
    // Every second: claim due webhook deliveries (leased, skip locked) and send them.
    { name: 'deliver-webhooks', intervalMs: 1000, run: (db, signal) => deliverDueWebhooks(db, { merchantId: opts.merchantId, now, signal }) },
    // Idempotency keys past their 24 h.
    { name: 'purge-idempotency-keys', intervalMs: 10 * 60_000, run: (db) => purgeExpiredKeys(db, now(), scope) },
    // Ask rails about pending attempts whose time has come (next_poll_at), claimed with skip locked.
    { name: 'poll-attempts', intervalMs: 1_000, run: (db, signal) => pollDueAttempts(db, now(), { ...scope, signal }) },
    // Refunds due (next_check_at): send, ask the backend, pay or confirm a claim, end an expired claim.
    { name: 'poll-refunds', intervalMs: 2_000, run: (db, signal) => pollDueRefunds(db, now(), { ...scope, signal }) },
    // Report runs waiting (POST /v1/report_runs): pin the ledger, count, succeed (leased, skip locked).
    { name: 'complete-report-runs', intervalMs: 2_000, run: (db, signal) => completeDueReportRuns(db, now(), { ...scope, signal }) },
    // Open sessions past expiresAt -> expired; their unpaid intents fail.
    { name: 'expire-sessions', intervalMs: 5_000, run: (db) => expireDueSessions(db, now(), scope) },
    // Sessions that payment link visits made and nobody paid (no intent), expired over 24 h ago:
    // deleted. Sessions with an intent, and their events, are kept (purgeLinkSessions says why).
    { name: 'purge-link-sessions', intervalMs: 10 * 60_000, run: (db) => purgeLinkSessions(db, now(), scope) },
    // Reconciliation against the backends (lib/reconcile/): the daily runs of each merchant's previous
    // live day, created once (a unique row per merchant and day); and the pending runs, claimed with a
    // lease (skip locked) and completed.
    { name: 'schedule-reconciliations', intervalMs: 15 * 60_000, run: (db) => scheduleDailyReconciliations(db, now(), scope) },
    { name: 'reconcile', intervalMs: 5_000, run: (db, signal) => completePendingReconciliations(db, now(), { ...scope, signal }) },
    // Every RATE_REFRESH_SECONDS, once for the whole deployment (a lease): the EUR prices of BTC and
    // USDT from the exchanges, when a converting rail is live. Not per merchant.
    ...(opts.merchantId === undefined || opts.rateProviders ? [refreshRatesTask(now, opts.rateProviders)] : []),
    // The embedded database's autovacuum (PGlite has none): analyze and vacuum the tables that are
    // due, with autovacuum's thresholds (lib/db/maintenance.ts). Nothing on PostgreSQL. Deployment-wide.
    ...(opts.merchantId === undefined ? [{ name: 'maintain-tables', intervalMs: 30_000, notAtStart: true, run: maintainTables }] : []),
  ];
}

function refreshRatesTask(now: () => number, providers: RateProvider[] | undefined): WorkerTask {
  return {
    name: 'refresh-rates',
    // Read when the loop schedules the next run, not when this module loads (TASKS is built at import).
    get intervalMs() {
      return config().RATE_REFRESH_SECONDS * 1000;
    },
    run: async (db) => ((await liveRatesNeeded(db)) ? refreshRates(db, now(), { providers }) : 0),
  };
}

export const TASKS: WorkerTask[] = workerTasks();
