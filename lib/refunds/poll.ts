// The worker's refund pass: refunds due to be asked about (next_check_at), leased with skip locked
// (lib/db/claim.ts), each advanced one step (advance.ts).

import { claimDue } from '../db/claim';
import type { Db } from '../db/client';
import { log } from '../log';
import { advanceRefund } from './advance';
import { LEASE_SECONDS } from './shared';

export async function pollDueRefunds(db: Db, now: number, opts: { merchantId?: string; signal?: AbortSignal; limit?: number } = {}): Promise<number> {
  const ids = await claimDue(db, {
    table: 'refunds',
    dueColumn: 'next_check_at',
    now,
    limit: opts.limit ?? 20,
    leaseSeconds: LEASE_SECONDS,
    merchantId: opts.merchantId,
  });
  let done = 0;
  for (const id of ids) {
    if (opts.signal?.aborted) {
      await db.query(`update refunds set locked_until = null where id = $1`, [id]);
      continue;
    }
    try {
      await advanceRefund(db, id, now, { leased: true });
      done++;
    } catch (err) {
      log('warn', 'refund poll failed', { refundId: id, error: (err as Error).message });
    }
  }
  return done;
}
