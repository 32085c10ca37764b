// vitest setupFiles: runs in each test file's process before the file is loaded. On PostgreSQL,
// the file's DATABASE_URL becomes its worker's copy of the database (test/global-setup.ts).
import { workerDatabaseUrl } from './worker-database';

const url = process.env.DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;
if (url && poolId && process.env.PG_TEST_WORKER_DATABASES === '1') process.env.DATABASE_URL = workerDatabaseUrl(url, poolId);

// The dashboard's 403 page (forbidden(), next.config.mjs experimental.authInterrupts) as Next.js enables it for a build.
process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
