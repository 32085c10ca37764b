// The one way background work is claimed: due rows of a table are leased with
// `for update skip locked` in one statement, so any number of workers (processes, instances) never
// hold the same row, and a worker that dies leaves a lease that simply runs out.
import type { Db } from './types';

export interface ClaimSpec {
  /** The table, aliased `t` in `join` and `where`. */
  table: 'payment_attempts' | 'webhook_deliveries' | 'refunds' | 'report_runs';
  /** The column holding when the row is due (its lease is `locked_until`). */
  dueColumn: 'next_poll_at' | 'next_attempt_at' | 'next_check_at' | 'next_run_at';
  now: number;
  limit: number;
  leaseSeconds: number;
  /** Extra joins (e.g. the endpoint a delivery belongs to). */
  join?: string;
  /** Extra conditions over `t` and the joins; parameters are numbered after the claim's own four. */
  where?: string;
  whereParams?: unknown[];
  /** Only this merchant's rows (tests sharing a database; operations). */
  merchantId?: string;
  /** Extra assignments on the claimed rows (`w` is the row), e.g. a lock token or counters. */
  set?: string;
  setParams?: unknown[];
}

/** Lease due rows; returns their ids, oldest due first. */
export async function claimDue(db: Db, spec: ClaimSpec): Promise<string[]> {
  const params: unknown[] = [spec.now, spec.limit, spec.leaseSeconds];
  const p = (v: unknown) => `$${params.push(v)}`;
  const conds = [`t.${spec.dueColumn} <= $1`, `(t.locked_until is null or t.locked_until <= $1)`];
  if (spec.merchantId) conds.push(`t.merchant_id = ${p(spec.merchantId)}`);
  if (spec.where) {
    const base = params.length;
    conds.push(`(${spec.where.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + base}`)})`);
    params.push(...(spec.whereParams ?? []));
  }
  let extra = '';
  if (spec.set) {
    const base = params.length;
    extra = `, ${spec.set.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + base}`)}`;
    params.push(...(spec.setParams ?? []));
  }
  const rows = await db.query<{ id: string }>(
    `with due as (
       select t.id from ${spec.table} t ${spec.join ?? ''}
        where ${conds.join(' and ')}
        order by t.${spec.dueColumn}, t.id
        limit $2
        for update of t skip locked)
     update ${spec.table} w set locked_until = $1::bigint + $3::bigint${extra}
       from due where w.id = due.id
     returning w.id`,
    params,
  );
  return rows.map((r) => r.id);
}
