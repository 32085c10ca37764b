// vitest setupFiles: runs in each test file's process before the file is loaded. On PostgreSQL,
// the file's DATABASE_URL becomes its worker's copy of the database (test/global-setup.ts).
import { afterAll, vi } from 'vitest';
import { workerDatabaseUrl } from './worker-database';

const url = process.env.DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;
if (url && poolId && process.env.PG_TEST_WORKER_DATABASES === '1') process.env.DATABASE_URL = workerDatabaseUrl(url, poolId);

// The files of a worker share its database, one after another: a file must leave it as start-up
// accepts it. A rail account version the suite's key ring cannot open (sealed under another key, or
// copied to another version) stops every server a later file starts on it; the file that left one
// fails here, named, rather than a later one at random.
if (url && poolId && process.env.PG_TEST_WORKER_DATABASES === '1')
  afterAll(async () => {
    const { openDatabase } = await import('@/lib/db/client');
    const { unreadableVersions } = await import('@/lib/domain/rail-account-keys');
    const h = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
    try {
      const left = await unreadableVersions(h.db);
      if (left.length) throw new Error(`this file left rail account versions the suite's key ring cannot open: ${JSON.stringify(left)}`);
    } finally {
      await h.close();
    }
  });

// The dashboard's 403 page (forbidden(), next.config.mjs experimental.authInterrupts) as Next.js enables it for a build.
process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';

// next/cache's refresh() (the dashboard's actions: lib/dashboard/payment-methods.ts backToRail,
// components/dashboard/catalog/server.ts finish) works only inside a Server Action Next.js runs; the
// tests call the actions as functions. The browser tests (e2e/) see what it does.
vi.mock('next/cache', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/cache')>()), refresh: () => {} }));
