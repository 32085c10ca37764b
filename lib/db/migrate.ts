// Plain SQL migrations, applied in file-name order at start-up, each in its own transaction and
// recorded in schema_migrations. An advisory lock makes concurrent starters (several instances,
// parallel test workers) apply each file exactly once.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types';

const MIGRATION_LOCK = 7_244_001;

export function migrationsDir(): string {
  return path.join(process.cwd(), 'lib', 'db', 'migrations');
}

export async function migrate(db: Db): Promise<string[]> {
  const dir = migrationsDir();
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  await db.query(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`).catch(async (err) => {
    // Two processes creating the table at the same instant: one loses the race; that is fine.
    if (!String(err?.message).includes('already exists') && err?.code !== '23505') throw err;
  });
  const applied: string[] = [];
  for (const name of files) {
    const sql = fs.readFileSync(path.join(dir, name), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock($1)`, [MIGRATION_LOCK]);
      const seen = await tx.query(`select 1 from schema_migrations where name = $1`, [name]);
      if (seen.length) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query(`insert into schema_migrations (name) values ($1)`, [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/**
 * Split a migration into statements: on semicolons at the end of a line, except inside a
 * dollar-quoted body (`$$ ... $$`, `$fn1$ ... $fn1$`: function and trigger bodies), which is kept
 * whole. Tags are looked for in the code of each line, not in its `--` comment.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    const code = line.replace(/--.*$/, '');
    for (const m of code.matchAll(/\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/g)) quote = quote === null ? m[0] : quote === m[0] ? null : quote;
    if (quote === null && /;\s*$/.test(line)) {
      out.push(current.replace(/;\s*$/, ''));
      current = '';
    }
  }
  out.push(current);
  return out.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
