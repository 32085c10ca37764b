// Server start-up, shared by `next start` (instrumentation.ts) and the standalone worker.
import { config, type Config } from './config';
import { getDbHandle, type Db } from './db/client';
import { ensureDemoMerchant } from './domain/merchants';
import { log } from './log';
import { loadRails, setTestKeySeed } from './rails/registry';
import { releaseDeadClaims } from './api/idempotency';
import { startWorker } from './worker';

/**
 * Settings that cannot work together, refused before anything starts. WORKER=off on the embedded
 * database would leave no worker at all: `npm run worker` cannot open the data folder this server
 * holds (one process per folder), so no payment would ever settle and no webhook go out.
 */
export function assertStartable(cfg: Pick<Config, 'WORKER' | 'DATABASE_URL'>): void {
  if (cfg.WORKER === 'off' && !cfg.DATABASE_URL)
    throw new Error(
      'Invalid configuration: WORKER=off needs DATABASE_URL (PostgreSQL). On the embedded database (no DATABASE_URL) ' +
        'only this server can open the data folder, so `npm run worker` cannot run beside it and nothing would poll ' +
        'payments or deliver webhooks: leave WORKER unset (on), or set DATABASE_URL.',
    );
}

/**
 * This deployment's test-mode address keys: the seed migration 0009 made in the database, handed to
 * the rail registry (unless BTC_TEST_XPUB / TRON_TEST_XPUB name keys of their own). Every process
 * that serves requests or runs the worker calls this once the database is open.
 */
export async function loadTestKeys(db: Db): Promise<void> {
  const [row] = await db.query<{ seed: string }>(`select seed from deployment_keys where name = 'test_rails'`);
  if (!row) throw new Error('The database has no test-mode key seed (deployment_keys, migration 0009_test_keys.sql).');
  setTestKeySeed(row.seed);
}

/** The rails, once the database is open: this deployment's test keys, then every rail's configuration. */
export async function loadRailsWith(db: Db): Promise<void> {
  await loadTestKeys(db);
  loadRails();
}

export async function boot(): Promise<void> {
  const cfg = config();
  assertStartable(cfg);
  // Every rail's configuration is parsed now: a bad key or a half-configured rail stops start-up.
  loadRails();
  const { db } = await getDbHandle();
  // Again with this deployment's test keys (a rebuild: parsing is cheap).
  await loadRailsWith(db);
  if (db.kind === 'pglite') {
    // The embedded database belongs to this one process (the data folder's lock): an idempotency
    // claim still `running` was left by a process that died, so its retry may run at once.
    await releaseDeadClaims(db);
    const demo = await ensureDemoMerchant(db);
    if (demo) {
      // Printed once, on the first start of an empty embedded database; only its hash is stored.
      process.stdout.write(
        [
          '',
          '  Caisse is ready. A demo merchant was created on this new embedded database:',
          `    merchant:      ${demo.merchant.id}`,
          `    test API key:  ${demo.keys.test}`,
          '  This key is shown once. Try:',
          `    curl ${cfg.BASE_URL}/v1/products -u ${demo.keys.test}:`,
          '',
        ].join('\n') + '\n',
      );
    }
  }
  if (cfg.WORKER === 'on') startWorker(db);
  log('info', 'caisse started', { database: db.kind, baseUrl: cfg.BASE_URL, checkoutUrl: cfg.checkoutUrl });
}
