// What PostgreSQL's autovacuum does, for the embedded database. PGlite runs PostgreSQL in
// single-user mode, where autovacuum never runs: without this, no table is ever analyzed, vacuumed
// or frozen in the life of the data folder.
//   - Plans go stale. A prepared statement keeps the generic plan it chose while its tables were
//     small until the table is analyzed. Measured: GET /v1/payment_intents/:id, first run on a
//     fresh database, kept a plan that scans the merchant's intents by another index (planned
//     with one row); after 50,000 intents it took 10.5 ms (95 req/s under load) instead of 0.3 ms,
//     and would have stayed so for the life of the process.
//   - Dead rows (every update: attempts' leases, webhook deliveries) are never reclaimed.
//   - Transaction ids are never frozen. Single-user mode does not even stop writes before the
//     counter wraps around (only a postmaster enforces that limit): after about two billion write
//     transactions, old rows would silently become invisible.
// So the worker runs this pass (lib/worker/tasks.ts `maintain-tables`, every 30 s, its first pass
// one interval after start), with autovacuum's default thresholds: analyze a table once more than
// 50 + 10 % of its rows changed since its last analyze; vacuum it once more than 50 + 20 % of its
// rows are dead, or 1,000 + 20 % of its rows were inserted since its last vacuum, or its oldest
// unfrozen transaction id is 150 million transactions old. The system catalogs count too
// (pg_statistic gets dead rows from every analyze; the database's oldest id moves only when they
// are frozen as well).
//   PGlite runs every statement on this process's main thread: while one runs, nothing else does
// (no request is answered). So a pass does every ANALYZE that is due (a fixed cost: a sample of at
// most 30,000 rows; it also invalidates the cached plans that read the table, so the next execution
// plans again) but at most one VACUUM (its cost grows with the table; a large one waits for later
// passes), and logs what it did and how long it took.
//   On PostgreSQL this pass does nothing: the server's autovacuum does the same, in the background
// (its settings are the operator's).
import { log } from '../log';
import type { Db } from './types';

/** autovacuum's defaults (autovacuum_*_threshold, *_scale_factor; vacuum_freeze_table_age). */
export const MAINTENANCE_THRESHOLDS = {
  analyze: { base: 50, scale: 0.1 },
  vacuumDead: { base: 50, scale: 0.2 },
  vacuumInserted: { base: 1000, scale: 0.2 },
  freezeAge: 150_000_000,
} as const;

export interface DueTable {
  /** Schema-qualified and quoted (`format('%I.%I')`): ready to put in a statement. */
  table: string;
  analyze: boolean;
  vacuum: boolean;
}

/** The tables (ours and the system catalogs) that are due, and what each needs. */
export async function dueMaintenance(db: Db): Promise<DueTable[]> {
  const t = MAINTENANCE_THRESHOLDS;
  // Statistics are flushed at most once a second; a pass reads them as they are now.
  await db.query('select pg_stat_force_next_flush()');
  const rows = await db.query<DueTable>(
    `select table_name as "table", "analyze", "vacuum" from (
       select format('%I.%I', s.schemaname, s.relname) as table_name,
              s.schemaname = 'public'
                and s.n_mod_since_analyze > ${t.analyze.base} + ${t.analyze.scale} * greatest(c.reltuples, 0) as "analyze",
              (s.n_dead_tup > ${t.vacuumDead.base} + ${t.vacuumDead.scale} * greatest(c.reltuples, 0)
               or s.n_ins_since_vacuum > ${t.vacuumInserted.base} + ${t.vacuumInserted.scale} * greatest(c.reltuples, 0)
               or age(c.relfrozenxid) > ${t.freezeAge}) as "vacuum",
              s.schemaname, s.relname
         from pg_stat_all_tables s
         join pg_class c on c.oid = s.relid
        where s.schemaname in ('public', 'pg_catalog') and c.relkind = 'r') due
      where "analyze" or "vacuum"
      order by schemaname desc, relname`,
  );
  return rows;
}

/**
 * One pass: every due ANALYZE, and at most one VACUUM (the first due table, ours before the
 * catalogs; with its ANALYZE when that is due too). Returns how many statements it ran. Never
 * inside a transaction (VACUUM cannot be).
 */
export async function maintainTables(db: Db): Promise<number> {
  if (db.kind !== 'pglite' || db.inTransaction) return 0;
  const due = await dueMaintenance(db);
  let ran = 0;
  const timed = async (statement: string) => {
    const started = performance.now();
    await db.query(statement);
    ran++;
    log('info', 'table maintenance', { statement, ms: Math.round(performance.now() - started) });
  };
  const vacuum = due.find((d) => d.vacuum);
  for (const d of due) if (d.analyze && d !== vacuum) await timed(`analyze ${d.table}`);
  if (vacuum) await timed(vacuum.analyze ? `vacuum (analyze) ${vacuum.table}` : `vacuum ${vacuum.table}`);
  return ran;
}
