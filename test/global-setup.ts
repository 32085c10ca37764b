// vitest globalSetup, once per run before any test file: on the embedded database, one in-memory
// database is migrated and dumped to a temporary file named by PGLITE_TEST_TEMPLATE; every
// in-memory database a test file opens starts from that copy (lib/db/client.ts memoryTemplate)
// instead of running initdb and every migration again (about 1.5 s per file). On PostgreSQL
// (DATABASE_URL set) nothing is done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpMigratedMemoryDatabase } from '@/lib/db/client';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  delete process.env.PGLITE_TEST_TEMPLATE;
  fs.writeFileSync(file, await dumpMigratedMemoryDatabase());
  process.env.PGLITE_TEST_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
