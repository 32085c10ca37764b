import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['lib/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // The embedded database of every test file starts from one migrated copy (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One confirmation keeps simulated chains short; the default (2) is tested in lib/rails/registry.test.ts.
    env: { BASE_URL: 'http://localhost:3000', DATA_DIR: 'memory', LOG_LEVEL: 'error', RATE_LIMIT_PER_SECOND: '100000', RATE_LIMIT_BURST: '100000', BTC_CONFIRMATIONS: '1' },
  },
});
