// One SQL dialect, two engines: embedded PGlite (default, persisted under DATA_DIR) or a real
// PostgreSQL (DATABASE_URL). Everything above this file sees only `Db`.
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { invalid } from '../errors';
import { isStorableText } from '../text';
import { acquireDataDirLock } from './lock';
import { migrate, migrationsDir, splitStatements } from './migrate';
import { preparedRunner } from './pglite-prepared';

export type { Db, DbHandle, Row } from './types';

import type { Db, DbHandle } from './types';

// int8 columns (amounts, timestamps) are read as JS numbers: every value we store is far below
// 2^53 (the largest amount is 10^12 USDT micro-units), so no precision is lost.
const parseInt8 = (v: string) => Number(v);

/**
 * The last line behind every entry point's own validation (lib/text.ts): a text parameter that
 * PostgreSQL would refuse (NUL) or alter (an unpaired surrogate) is bad input, refused before the
 * statement is sent, never a 500.
 */
function assertStorableParams(params: unknown[]): void {
  for (const p of params)
    if (typeof p === 'string' && !isStorableText(p)) throw invalid('parameter_invalid', 'Text may not contain NUL characters or unpaired UTF-16 surrogates.');
}

/**
 * Tests only: the file named by PGLITE_TEST_TEMPLATE holds a dump (PGlite `dumpDataDir`) of an
 * in-memory database that `migrate` has just brought up to date (test/global-setup.ts makes it
 * once per vitest run with `dumpMigratedMemoryDatabase`). An in-memory database (DATA_DIR=memory)
 * then starts from that copy instead of initdb plus every migration; `migrate` still runs after
 * and finds nothing to do. Unset (production, the CLI, e2e), nothing changes.
 */
function memoryTemplate(): Blob | undefined {
  const file = process.env.PGLITE_TEST_TEMPLATE;
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * What a migration draws at random for each database: its `insert`s that call gen_random_uuid()
 * (0009_test_keys.sql: the deployment's test-mode seed, which no two databases share). The
 * template is dumped with those tables emptied, and each copy runs the inserts itself, as
 * `migrate` would have on it.
 */
function perDatabaseInserts(): { table: string; sql: string }[] {
  const dir = migrationsDir();
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => splitStatements(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((sql) => /^insert\s+into\s/i.test(sql) && /gen_random_uuid\s*\(/i.test(sql))
    .map((sql) => ({ table: /^insert\s+into\s+("?[\w.]+"?)/i.exec(sql)![1]!, sql }));
}

async function openPglite(dataDir: string): Promise<{ handle: DbHandle; pg: import('@electric-sql/pglite').PGlite }> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  let releaseLock = () => {};
  let target: string | undefined;
  let loadDataDir: Blob | undefined;
  if (dataDir === 'memory') {
    target = undefined;
    loadDataDir = memoryTemplate();
  } else {
    const abs = path.resolve(dataDir);
    fs.mkdirSync(abs, { recursive: true });
    releaseLock = acquireDataDirLock(abs);
    target = path.join(abs, 'pgdata');
  }
  try {
    const pg = await PGlite.create({
      dataDir: target,
      loadDataDir,
      // relaxedDurability stays false: every statement is flushed before its promise resolves,
      // so an acknowledged write survives kill -9 of the process.
      relaxedDurability: false,
      parsers: { [types.INT8]: parseInt8 },
    });
    if (loadDataDir) for (const { sql } of perDatabaseInserts()) await pg.query(sql);
    const prepared = await preparedRunner(pg);
    const wrap = (q: { query: typeof pg.query }, inTransaction: boolean): Db => {
      const self: Db = {
        kind: 'pglite',
        inTransaction,
        async query<T>(text: string, params?: unknown[]) {
          // A statement with parameters runs prepared (lib/db/pglite-prepared.ts); one without
          // (a migration's DDL, which may change what a prepared statement reads) runs as is.
          if (params) assertStorableParams(params);
          if (params) return inTransaction ? prepared.queryInTransaction<T>(text, params) : prepared.query<T>(text, params);
          const r = await q.query<T>(text);
          return r.rows;
        },
        transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
          if (inTransaction) return fn(self);
          return pg.transaction((tx) => fn(wrap(tx, true)));
        },
      };
      return self;
    };
    const handle: DbHandle = {
      db: wrap(pg, false),
      async close() {
        await pg.close();
        releaseLock();
      },
      wasmMemoryBytes: () => pg.Module.HEAPU8.byteLength,
    };
    return { handle, pg };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    types: {
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: parseInt8 },
      // We pass json/jsonb parameters already serialized (as PGlite takes them): send them as is.
      jsonb: {
        to: 3802,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x),
      },
    },
  });
  type Runner = { unsafe: (q: string, p?: unknown[], o?: { prepare?: boolean }) => Promise<unknown> };
  const wrap = (runner: Runner, inTransaction: boolean): Db => {
    const self: Db = {
      kind: 'postgres',
      inTransaction,
      async query<T>(text: string, params?: unknown[]) {
        // Prepared (named) statements: parsed and planned once per connection, then only bound and
        // executed. Our statements are a bounded set of texts (parameters carry every value).
        if (params) assertStorableParams(params);
        return (await runner.unsafe(text, (params ?? []) as never[], { prepare: true })) as unknown as T[];
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        if (inTransaction) return fn(self);
        return (await sql.begin((tx) => fn(wrap(tx as unknown as Runner, true)))) as T;
      },
    };
    return self;
  };
  return { db: wrap(sql as unknown as Runner, false), close: () => sql.end({ timeout: 5 }) };
}

export async function openDatabase(opts?: { dataDir?: string; databaseUrl?: string }): Promise<DbHandle> {
  const cfg = config();
  const url = opts?.databaseUrl ?? (opts?.dataDir ? undefined : cfg.DATABASE_URL);
  const handle = url ? await openPostgres(url) : (await openPglite(opts?.dataDir ?? cfg.DATA_DIR)).handle;
  try {
    await migrate(handle.db);
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
  return handle;
}

/** The PGLITE_TEST_TEMPLATE dump: an in-memory database, migrated, checkpointed, then dumped (tar). */
export async function dumpMigratedMemoryDatabase(): Promise<Uint8Array> {
  const { handle, pg } = await openPglite('memory');
  try {
    await migrate(handle.db);
    for (const { table } of perDatabaseInserts()) await pg.query(`delete from ${table}`);
    await pg.query('checkpoint');
    return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
  } finally {
    await handle.close();
  }
}

// One database per process. A failed open clears the promise, so the next request tries again
// instead of every later request failing on a poisoned promise.
const g = globalThis as unknown as { __caisseDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  if (!g.__caisseDb) {
    g.__caisseDb = openDatabase().catch((err) => {
      g.__caisseDb = undefined;
      throw err;
    });
  }
  return g.__caisseDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and the CLI install their own handle. */
export function setDbHandle(handle: DbHandle | undefined): void {
  g.__caisseDb = handle ? Promise.resolve(handle) : undefined;
}
