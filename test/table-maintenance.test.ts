// The embedded database's autovacuum (lib/db/maintenance.ts): PGlite runs PostgreSQL in
// single-user mode, where autovacuum never runs. Without the worker's `maintain-tables` pass, a
// prepared statement keeps the plan it chose while its tables were small: on a fresh database,
// GET /v1/payment_intents/:id settles on a plan that walks the merchant's intents by another index
// (it was planned with one row) and reads every one of them on each call once the account has grown.
// This test runs on an embedded database of its own, whatever DATABASE_URL says (on PostgreSQL the
// server's autovacuum does this work, and the pass does nothing there).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DbHandle, openDatabase } from '@/lib/db/client';
import { dueMaintenance, maintainTables } from '@/lib/db/maintenance';
import { createMerchant } from '@/lib/domain/merchants';
import { createPaymentIntent, retrievePaymentIntent } from '@/lib/domain/payment-intents';
import { startWorker } from '@/lib/worker';
import { workerTasks } from '@/lib/worker/tasks';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory' });
});
afterAll(async () => {
  await handle?.close();
});

/**
 * Passes of maintainTables until nothing is due (at most `max`): the statements each pass ran,
 * seen through a Db that records what it is asked to run.
 */
async function passes(max: number, db = handle.db): Promise<string[][]> {
  const out: string[][] = [];
  for (let i = 0; i < max; i++) {
    const ran: string[] = [];
    const recording = {
      ...db,
      query: <T>(text: string, params?: unknown[]) => {
        if (/^(analyze|vacuum)/.test(text)) ran.push(text);
        return db.query<T>(text, params);
      },
    };
    await maintainTables(recording);
    out.push(ran);
    if (!ran.length || !(await dueMaintenance(db)).length) break;
  }
  return out;
}

/** Rows of payment_intents read (by any index or a scan) while `fn` runs. */
async function rowsRead(fn: () => Promise<unknown>): Promise<number> {
  const read = async () => {
    await handle.db.query('select pg_stat_force_next_flush()');
    const [r] = await handle.db.query<{ n: number }>(
      `select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as n from pg_stat_user_tables where relname = 'payment_intents'`,
    );
    return r!.n;
  };
  const before = await read();
  await fn();
  return (await read()) - before;
}

describe('table maintenance on the embedded database', () => {
  it('re-plans a statement that was planned on a small table, once the table has grown', async () => {
    const db = handle.db;
    const m = await createMerchant(db, 'Maintenance shop');
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await createPaymentIntent(db, scope, { amount: 5000, currency: 'XOF', rail: 'mobile_money_a', metadata: {} });
    // A fresh database: the retrieve runs prepared, and after five runs PostgreSQL keeps its generic plan.
    for (let i = 0; i < 10; i++) await retrievePaymentIntent(db, scope, pi.id);
    // The account grows (as it would over weeks, in one process that never restarts).
    await db.query(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, metadata, created_at, updated_at)
       select 'pi_grown' || g, $1, false, 1000, 'XOF', 'mobile_money_a', 'canceled', '{}'::jsonb, g, g from generate_series(1, 20000) g`,
      [m.merchant.id],
    );
    const stale = await rowsRead(() => retrievePaymentIntent(db, scope, pi.id));
    // The premise (what the pass exists for): the plan made on one row now reads the whole account.
    expect(stale, 'the retrieve planned on a small table no longer reads the account: this test no longer shows the hazard').toBeGreaterThan(10_000);

    expect((await dueMaintenance(db)).find((d) => d.table === 'public.payment_intents')).toMatchObject({ analyze: true });
    // One pass analyzes every table that is due (whatever it vacuums).
    const first = await passes(1);
    expect(first.flat().filter((q) => /^(analyze|vacuum \(analyze\)) public\.payment_intents$/.test(q))).toHaveLength(1);
    const fresh = await rowsRead(async () => {
      for (let i = 0; i < 10; i++) expect((await retrievePaymentIntent(db, scope, pi.id)).id).toBe(pi.id);
    });
    expect(fresh).toBeLessThanOrEqual(10); // one row a call: the primary key
    // The rest (vacuums, one a pass) is done in a few passes, and then nothing until the tables change.
    const rest = await passes(40);
    for (const statements of [...first, ...rest]) expect(statements.filter((q) => q.startsWith('vacuum')).length).toBeLessThanOrEqual(1);
    expect(await dueMaintenance(db)).toEqual([]);
  });

  it('vacuums a table whose dead rows pass the threshold, and analyzes it', async () => {
    // A database of its own: the re-plan test above needs a table that starts small, whatever order the tests run in.
    const own = await openDatabase({ dataDir: 'memory' });
    try {
      const db = own.db;
      const m = await createMerchant(db, 'Vacuum shop');
      await db.query(
        `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, metadata, created_at, updated_at)
         select 'pi_vacuum' || g, $1, false, 1000, 'XOF', 'mobile_money_a', 'canceled', '{}'::jsonb, g, g from generate_series(1, 20000) g`,
        [m.merchant.id],
      );
      await passes(40, db); // what the insert made due, done first
      expect(await dueMaintenance(db)).toEqual([]);
      await db.query(`update payment_intents set updated_at = updated_at + 1 where created_at <= 8000`);
      const due = await dueMaintenance(db);
      expect(due).toContainEqual({ table: 'public.payment_intents', analyze: true, vacuum: true });
      const ran = (await passes(40, db)).flat();
      expect(ran).toContain('vacuum (analyze) public.payment_intents');
      await db.query('select pg_stat_force_next_flush()');
      const [s] = await db.query<{ dead: number; mod: number }>(
        `select n_dead_tup::int as dead, n_mod_since_analyze::int as mod from pg_stat_user_tables where relname = 'payment_intents'`,
      );
      expect(s).toEqual({ dead: 0, mod: 0 });
    } finally {
      await own.close();
    }
  }, 120_000);

  it('runs in the deployment-wide worker, not at start, and does nothing on PostgreSQL or in a transaction', async () => {
    const task = workerTasks().find((t) => t.name === 'maintain-tables');
    expect(task).toMatchObject({ intervalMs: 30_000, notAtStart: true });
    expect(workerTasks({ merchantId: 'm_test' }).map((t) => t.name)).not.toContain('maintain-tables');
    const postgresLike = { ...handle.db, kind: 'postgres' as const, query: () => Promise.reject(new Error('no query expected')) };
    expect(await maintainTables(postgresLike)).toBe(0);
    const inTransaction = { ...handle.db, inTransaction: true, query: () => Promise.reject(new Error('no query expected')) };
    expect(await maintainTables(inTransaction)).toBe(0);
  });

  it('a task marked notAtStart first runs one interval after the worker starts, then every interval', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const worker = startWorker(handle.db, [{ name: 'later', intervalMs: 1000, notAtStart: true, run: async () => ++runs }]);
      await vi.advanceTimersByTimeAsync(999);
      expect(runs).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      await worker.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
