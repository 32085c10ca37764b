// The worker's task list. Each module that needs background work adds its task here.
import { purgeExpiredKeys } from '../api/idempotency';
import type { WorkerTask } from './index';

export const TASKS: WorkerTask[] = [
  { name: 'purge-idempotency-keys', intervalMs: 10 * 60_000, run: (db) => purgeExpiredKeys(db) },
];
