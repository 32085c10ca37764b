import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['lib/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time even on two cores (the default is cores - 1): a file often waits (on a
    // child process, a socket, PostgreSQL). Embedded databases are in memory, one per file; on
    // PostgreSQL each worker has a database of its own (test/global-setup.ts, test/setup-file.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One confirmation keeps simulated chains short; the default (2) is tested in lib/rails/registry.test.ts.
    env: {
      BASE_URL: 'http://localhost:3000',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '100000',
      BTC_CONFIRMATIONS: '1',
      // The live tests configure the deployment's rails (platform accounts): offered on PostgreSQL too.
      PLATFORM_RAILS: 'on',
      // Rail accounts' secrets are sealed under it (lib/secrets.ts); PostgreSQL has no default key.
      CAISSE_ENCRYPTION_KEY: 'test:dGVzdC1vbmx5LWtleS1vZi0zMi1ieXRlcy0xMjM0NTY=',
    },
  },
});
