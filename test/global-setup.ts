// vitest globalSetup, once per run before any test file.
//  - Embedded database: one in-memory database is migrated and dumped to a temporary file named by
//    PGLITE_TEST_TEMPLATE; every in-memory database a test file opens starts from that copy
//    (lib/db/client.ts memoryTemplate) instead of running initdb and every migration again.
//  - PostgreSQL (DATABASE_URL): the database is migrated, then copied once per vitest worker
//    (CREATE DATABASE <name>_w<N> TEMPLATE <name>, N = 1..maxWorkers); test/setup-file.ts points
//    each worker's files at their copy. The files of one worker run one after another on one
//    database, as the whole suite did with one worker; two workers never share a database. The
//    copies are dropped at the end (scripts/with-postgres.sh drops any left by a killed run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedMemoryDatabase, openDatabase } from '@/lib/db/client';
import { workerDatabaseUrl } from './worker-database';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) return perWorkerDatabases(url, project.config.maxWorkers, project.config.env);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  delete process.env.PGLITE_TEST_TEMPLATE;
  fs.writeFileSync(file, await dumpMigratedMemoryDatabase());
  process.env.PGLITE_TEST_TEMPLATE = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function perWorkerDatabases(url: string, workers: number, env: Partial<NodeJS.ProcessEnv>): Promise<() => Promise<void>> {
  // The configuration the test files see (vite's own BASE_URL=/ is no URL for lib/config.ts).
  Object.assign(process.env, env);
  const migrated = await openDatabase({ databaseUrl: url });
  await migrated.close();
  const { default: postgres } = await import('postgres');
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const names = Array.from({ length: workers }, (_, i) => new URL(workerDatabaseUrl(url, String(i + 1))).pathname.slice(1));
  const base = new URL(url).pathname.slice(1);
  const drop = () => Promise.all(names.map((n) => admin.unsafe(`drop database if exists "${n}" with (force)`)));
  await drop();
  for (const name of names) {
    // The migrating connections above may still be closing on the server: "being accessed by other users".
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${base}"`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  process.env.PG_TEST_WORKER_DATABASES = '1';
  return async () => {
    await drop();
    await admin.end();
  };
}
