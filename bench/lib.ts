// What both benchmarks need: run a command, wait for a server, stop a server's process group.
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function sh(cmd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(cmd, args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** Stop a server started with `detached: true`: the whole group (next start forks next-server). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/**
 * Run a benchmark on the embedded database (a data folder of its own), then on a throwaway
 * PostgreSQL database when one answers on 127.0.0.1:5432 (created and dropped here).
 */
export async function onEachDatabase(name: string, run: (label: string, opts: { dataDir?: string; databaseUrl?: string }) => Promise<void>): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `caisse-${name}-`));
  try {
    await run('embedded PGlite', { dataDir: path.join(tmp, 'db') });
    let pg = false;
    try {
      sh('pg_isready', ['-h', '127.0.0.1', '-p', '5432']);
      pg = true;
    } catch {
      console.log('\nPostgreSQL: not answering on 127.0.0.1:5432, skipped');
    }
    if (pg) {
      const db = `caisse_${name}_${process.pid}`;
      sh('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', `create database ${db}`]);
      try {
        await run('PostgreSQL', { databaseUrl: `postgres://postgres@127.0.0.1:5432/${db}` });
      } finally {
        sh('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', `drop database ${db}`]);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
