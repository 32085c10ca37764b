// The worker's poll: claim the due attempts (a lease each), ask each one's backend and apply the
// answer (apply-report.ts), then start a replacement invoice where the answer calls for one
// (replace-invoice.ts, the confirm path). May call lib/store, apply-report.ts, replace-invoice.ts.
import type { Db } from '../db/client';
import { log } from '../log';
import { leaseDueAttempts, writeAttempt } from '../store/attempts';
import { refreshAttempt } from './apply-report';
import { LEASE_SECONDS } from './close';
import { replaceExpiredInvoice } from './replace-invoice';

/** Limit a worker pass to one merchant (tests sharing a database; operations). */
export interface WorkScope {
  merchantId?: string;
}

/** Worker: claim due attempts. `for update skip locked` + a lease: two workers never get the same row. */
export async function claimDueAttempts(db: Db, now: number, limit = 25, opts: WorkScope & { leaseSeconds?: number } = {}): Promise<string[]> {
  return leaseDueAttempts(db, now, limit, opts.leaseSeconds ?? LEASE_SECONDS, opts.merchantId);
}

/**
 * Worker task: poll every due attempt once. When `signal` aborts (the worker stops), the attempt
 * being asked about is finished and the leases of the claimed ones not yet begun are released, so
 * another worker polls them at once instead of after LEASE_SECONDS.
 */
export async function pollDueAttempts(db: Db, now = Math.floor(Date.now() / 1000), scope: WorkScope & { signal?: AbortSignal } = {}): Promise<number> {
  if (scope.signal?.aborted) return 0;
  const ids = await claimDueAttempts(db, now, 25, { merchantId: scope.merchantId, leaseSeconds: LEASE_SECONDS });
  const startedMs = Date.now();
  const lease = now + LEASE_SECONDS;
  for (const [i, id] of ids.entries()) {
    if (scope.signal?.aborted) {
      for (const rest of ids.slice(i)) await writeAttempt(db, rest, { set: { locked_until: null }, where: { sql: 'locked_until = $1', params: [lease] } });
      return i;
    }
    try {
      // The batch is refreshed one by one: renew this row's lease first, if it is still ours (a
      // slow batch may have let it expire and another worker take it: then it is theirs).
      const at = now + Math.max(0, Math.floor((Date.now() - startedMs) / 1000));
      const renewed = await writeAttempt(db, id, { set: { locked_until: at + LEASE_SECONDS }, where: { sql: 'locked_until = $1', params: [lease] } });
      if (!renewed) continue;
      const outcome = await refreshAttempt(db, id, now, renewed);
      if (outcome.replaceInvoice) await replaceExpiredInvoice(db, outcome.replaceInvoice.intentId, outcome.replaceInvoice.rail, now);
    } catch (err) {
      log('error', 'attempt refresh failed', { attemptId: id, error: err instanceof Error ? err.stack : String(err) });
    }
  }
  return ids.length;
}
