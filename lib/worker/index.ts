// The background worker: a set of periodic tasks (poll pending attempts, expire sessions, deliver
// webhooks, purge old idempotency keys). It runs inside `npm start` and alone as `npm run worker`.
// Every task must be safe in several copies at once: claim rows with `for update skip locked`
// (or a conditional update) so two workers never process the same job.
import type { Db } from '../db/client';
import { log } from '../log';
import { TASKS, type WorkerTask } from './tasks';

export type { WorkerTask };

export interface RunningWorker {
  /**
   * Stop (SIGTERM): no task starts again, and the running ones are told to stop (their signal):
   * they take no new work, release the leases of claimed work they have not begun, and finish or
   * hand back what is in progress (lib/payments/poll.ts pollDueAttempts, lib/webhooks/deliveries.ts
   * deliverDueWebhooks). Resolves once they have, so another worker can claim that work at once.
   */
  stop(): Promise<void>;
}

export function startWorker(db: Db, tasks: readonly WorkerTask[] = TASKS): RunningWorker {
  let stopped = false;
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  for (const task of tasks) {
    const later = () => {
      if (stopped) return;
      const t = setTimeout(() => {
        timers.delete(t);
        loop();
      }, task.intervalMs);
      t.unref?.();
      timers.add(t);
    };
    const loop = () => {
      if (stopped) return;
      const p = task
        .run(db, stopping.signal)
        .then((n) => n > 0 && log('debug', 'worker task ran', { task: task.name, handled: n }))
        .catch((err) => log('error', 'worker task failed', { task: task.name, error: err instanceof Error ? err.stack : String(err) }))
        .finally(() => {
          running.delete(p);
          later();
        });
      running.add(p);
    };
    if (task.notAtStart) later();
    else loop();
  }
  return {
    async stop() {
      stopped = true;
      stopping.abort();
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running]);
    },
  };
}

/** Run every task once, in order (tests drive the worker with this instead of timers). */
export async function runWorkerOnce(db: Db, tasks: readonly WorkerTask[] = TASKS): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const task of tasks) out[task.name] = await task.run(db);
  return out;
}
