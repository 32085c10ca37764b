// The worker's task list. Each module that needs background work adds its task here.
import { purgeExpiredKeys } from '../api/idempotency';
import { deliverDueWebhooks } from '../webhooks/deliveries';
import type { WorkerTask } from './index';

export const TASKS: WorkerTask[] = [
  // Every second: claim due webhook deliveries (leased, skip locked) and send them.
  { name: 'deliver-webhooks', intervalMs: 1000, run: (db) => deliverDueWebhooks(db) },
  { name: 'purge-idempotency-keys', intervalMs: 10 * 60_000, run: (db) => purgeExpiredKeys(db) },
];
