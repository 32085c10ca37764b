// The worker's task list. Each module that needs background work adds its task here.
import { purgeExpiredKeys } from '../api/idempotency';
import { expireDueSessions, pollDueAttempts } from '../domain/lifecycle';
import { deliverDueWebhooks } from '../webhooks/deliveries';
import type { Db } from '../db/client';

export interface WorkerTask {
  name: string;
  /** Pause between two runs, in milliseconds. */
  intervalMs: number;
  /** One pass; returns how many items it handled (for logs and tests). */
  run(db: Db): Promise<number>;
}

export const TASKS: WorkerTask[] = [
  // Every second: claim due webhook deliveries (leased, skip locked) and send them.
  { name: 'deliver-webhooks', intervalMs: 1000, run: (db) => deliverDueWebhooks(db) },
  { name: 'purge-idempotency-keys', intervalMs: 10 * 60_000, run: (db) => purgeExpiredKeys(db) },
  // Ask rails about pending attempts whose time has come (next_poll_at), claimed with skip locked.
  { name: 'poll-attempts', intervalMs: 1_000, run: (db) => pollDueAttempts(db) },
  // Open sessions past expiresAt -> expired; their unpaid intents fail.
  { name: 'expire-sessions', intervalMs: 5_000, run: (db) => expireDueSessions(db) },
];
