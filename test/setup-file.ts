// vitest setupFiles: runs in each test file's process before the file is loaded. On PostgreSQL,
// the file's DATABASE_URL becomes its worker's copy of the database (test/global-setup.ts).
import { vi } from 'vitest';
import { workerDatabaseUrl } from './worker-database';

const url = process.env.DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;
if (url && poolId && process.env.PG_TEST_WORKER_DATABASES === '1') process.env.DATABASE_URL = workerDatabaseUrl(url, poolId);

// The dashboard's 403 page (forbidden(), next.config.mjs experimental.authInterrupts) as Next.js enables it for a build.
process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';

// next/cache's refresh() (the dashboard's actions: lib/dashboard/payment-methods.ts backToRail,
// components/dashboard/catalog/server.ts finish) works only inside a Server Action Next.js runs; the
// tests call the actions as functions. The browser tests (e2e/) see what it does.
vi.mock('next/cache', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/cache')>()), refresh: () => {} }));
