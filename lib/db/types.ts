// The database as everything above lib/db sees it: one interface over PGlite and PostgreSQL.
export type Row = Record<string, unknown>;

export interface Db {
  /** Run one statement with $1.. parameters and return its rows. */
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Run `fn` in one transaction. Called on a transaction, it runs `fn` in that same transaction:
   * a domain function can be composed into a larger unit of work without knowing it.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  readonly kind: 'pglite' | 'postgres';
  readonly inTransaction: boolean;
}

export interface DbHandle {
  db: Db;
  close(): Promise<void>;
  /**
   * The embedded database's WebAssembly memory, in bytes (it only grows: bench/soak.ts reports it
   * apart from the JS heap). Absent on PostgreSQL.
   */
  wasmMemoryBytes?(): number;
}
