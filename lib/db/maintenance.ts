// What PostgreSQL's autovacuum does, for the embedded database. PGlite runs PostgreSQL in
// single-user mode, where autovacuum never runs: without this, no table is ever analyzed, vacuumed
// or frozen in the life of the data folder.
//   - Plans go stale. A prepared statement keeps the generic plan it chose while its tables were
//     small until the table is analyzed. Measured: GET /v1/payment_intents/:id, first run on a
//     fresh database, kept a plan that scans the merchant's intents by another index (planned
//     with one row); after 50,000 intents it took 10.5 ms (95 req/s under load) instead of 0.3 ms,
//     and would have stayed so for the life of the process.
//   - Dead rows (every update: attempts' leases, webhook deliveries) are never reclaimed.
//   - Transaction ids are never frozen: after about two billion write transactions PostgreSQL
//     stops taking writes.
// So the worker runs this pass (lib/worker/tasks.ts `maintain-tables`), with autovacuum's own
// default thresholds: analyze a table once more than 50 + 10 % of its rows changed since the last
// analyze; vacuum it once more than 50 + 20 % of its rows are dead, or 1,000 + 20 % of its rows
// were inserted since the last vacuum, or its oldest unfrozen transaction id is 150 million
// transactions old. ANALYZE also invalidates the cached plans that read the table, so the next
// execution plans again with what the table now holds.
//   On PostgreSQL this pass does nothing: the server's autovacuum does the same (its settings are
// the operator's).
import type { Db } from './types';

/** autovacuum's defaults (autovacuum_*_threshold, *_scale_factor; vacuum_freeze_table_age). */
export const MAINTENANCE_THRESHOLDS = {
  analyze: { base: 50, scale: 0.1 },
  vacuumDead: { base: 50, scale: 0.2 },
  vacuumInserted: { base: 1000, scale: 0.2 },
  freezeAge: 150_000_000,
} as const;

export interface MaintenanceAction {
  table: string;
  action: 'analyze' | 'vacuum (analyze)' | 'vacuum';
}

/** The tables that are due, and what each needs (read from the cumulative statistics). */
export async function dueMaintenance(db: Db): Promise<MaintenanceAction[]> {
  const t = MAINTENANCE_THRESHOLDS;
  // Statistics are flushed at most once a second; a pass reads them as they are now.
  await db.query('select pg_stat_force_next_flush()');
  const rows = await db.query<{ relname: string; analyze: boolean; vacuum: boolean }>(
    `select s.relname,
            s.n_mod_since_analyze > ${t.analyze.base} + ${t.analyze.scale} * greatest(c.reltuples, 0) as analyze,
            (s.n_dead_tup > ${t.vacuumDead.base} + ${t.vacuumDead.scale} * greatest(c.reltuples, 0)
             or s.n_ins_since_vacuum > ${t.vacuumInserted.base} + ${t.vacuumInserted.scale} * greatest(c.reltuples, 0)
             or age(c.relfrozenxid) > ${t.freezeAge}) as vacuum
       from pg_stat_user_tables s
       join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by s.relname`,
  );
  return rows
    .filter((r) => r.analyze || r.vacuum)
    .map((r) => ({ table: r.relname, action: r.vacuum && r.analyze ? 'vacuum (analyze)' : r.vacuum ? 'vacuum' : 'analyze' }));
}

/** One pass: each due table analyzed and/or vacuumed. Returns how many tables it worked on. */
export async function maintainTables(db: Db): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const due = await dueMaintenance(db);
  for (const { table, action } of due) {
    // The name comes from pg_stat_user_tables, quoted as an identifier all the same.
    await db.query(`${action} "${table.replace(/"/g, '""')}"`);
  }
  return due.length;
}
