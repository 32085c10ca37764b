// The worker's task list. Each module that needs background work adds its task here.
import { purgeExpiredKeys } from '../api/idempotency';
import { expireDueSessions, pollDueAttempts } from '../domain/lifecycle';
import { nowSeconds } from '../ids';
import { deliverDueWebhooks } from '../webhooks/deliveries';
import type { Db } from '../db/client';

export interface WorkerTask {
  name: string;
  /** Pause between two runs, in milliseconds. */
  intervalMs: number;
  /** One pass; returns how many items it handled (for logs and tests). */
  run(db: Db): Promise<number>;
}

export interface TaskOptions {
  /** Only this merchant's rows: tests share one database, and must not work on another's rows. */
  merchantId?: string;
  /** The tasks' clock, Unix seconds (tests pass their own instead of waiting). */
  now?: () => number;
}

/** The tasks, on a clock and a scope (production: the real clock, every merchant). */
export function workerTasks(opts: TaskOptions = {}): WorkerTask[] {
  const now = opts.now ?? nowSeconds;
  const scope = { merchantId: opts.merchantId };
  return [
    // Every second: claim due webhook deliveries (leased, skip locked) and send them.
    { name: 'deliver-webhooks', intervalMs: 1000, run: (db) => deliverDueWebhooks(db, { merchantId: opts.merchantId, now }) },
    // Idempotency keys past their 24 h.
    { name: 'purge-idempotency-keys', intervalMs: 10 * 60_000, run: (db) => purgeExpiredKeys(db, now(), scope) },
    // Ask rails about pending attempts whose time has come (next_poll_at), claimed with skip locked.
    { name: 'poll-attempts', intervalMs: 1_000, run: (db) => pollDueAttempts(db, now(), scope) },
    // Open sessions past expiresAt -> expired; their unpaid intents fail.
    { name: 'expire-sessions', intervalMs: 5_000, run: (db) => expireDueSessions(db, now(), scope) },
  ];
}

export const TASKS: WorkerTask[] = workerTasks();
