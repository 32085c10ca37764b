// Server start-up, shared by `npm start` (server.ts, through instrumentation.ts) and the standalone worker.

import { releaseDeadClaims } from './api/idempotency';
import { type Config, config } from './config';
import { createUser } from './dashboard/users';
import { type Db, getDbHandle } from './db/client';
import { deploymentKeyRing } from './domain/merchant-rails';
import { ensureDemoMerchant, type MerchantKeys } from './domain/merchants';
import { unreadableMessage, unreadableVersions } from './domain/rail-account-keys';
import { log } from './log';
import type { Rail } from './money';
import { configuredRails, loadRails, setTestKeySeed } from './rails/registry';
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

/**
 * Every rail account's every version opens with this deployment's key ring (CAISSE_ENCRYPTION_KEY,
 * or the embedded database's key file): a deployment that could not read one would fail each of
 * its payments, polls and callbacks one by one. Throws, naming the accounts and the key ids (never
 * a secret) and what to do, when one does not.
 */
export async function assertRailAccountsReadable(db: Db): Promise<void> {
  const unreadable = await unreadableVersions(db);
  if (unreadable.length) throw new Error(unreadableMessage(unreadable));
}

/** What start-up warns about the platform accounts: the environment configures live rails that PLATFORM_RAILS=off keeps from merchants. */
export const PLATFORM_RAILS_WARNING = 'platform rails configured but not offered; set PLATFORM_RAILS=on (aggregator model, needs a licence)';

/** The live rails the environment configures that no merchant is offered (PLATFORM_RAILS off). */
export function unofferedPlatformRails(cfg: Pick<Config, 'platformRails'>): Rail[] {
  return cfg.platformRails ? [] : configuredRails(true);
}

/** The demo merchant's dashboard user. */
export const DEMO_USER_EMAIL = 'demo@caisse.local';

export interface Demo extends MerchantKeys {
  user: { id: string; email: string; password: string };
}

/**
 * On the first start with an empty embedded database: the demo merchant (its keys) and a dashboard
 * user with a generated password, in one transaction (a start killed half-way leaves neither, and
 * the next start makes both). Null when the database already has a merchant.
 */
export async function ensureDemo(db: Db): Promise<Demo | null> {
  return db.transaction(async (tx) => {
    const demo = await ensureDemoMerchant(tx);
    if (!demo) return null;
    const { user, password } = await createUser(tx, { merchantId: demo.merchant.id, email: DEMO_USER_EMAIL });
    return { ...demo, user: { id: user.id, email: user.email, password } };
  });
}

/** What the first start prints: the secrets are shown this once (only their hashes are stored). */
export function demoBanner(demo: Demo, baseUrl: string): string {
  return `${[
    '',
    '  Caisse is ready. A demo merchant was created on this new embedded database:',
    `    merchant:      ${demo.merchant.id}`,
    `    test API key:  ${demo.keys.test}`,
    `    dashboard:     ${baseUrl}/dashboard`,
    `      email:       ${demo.user.email}`,
    `      password:    ${demo.user.password}`,
    '  The key and the password are shown once. Try:',
    `    curl ${baseUrl}/v1/products -u ${demo.keys.test}:`,
    '',
  ].join('\n')}\n`;
}

/** What a started process holds, for its orderly stop (server.ts on SIGTERM). */
export interface Started {
  /** Stop the in-process worker and release the leases it holds (lib/worker startWorker stop). */
  stopWorker(): Promise<void>;
  /** Close the database (after the worker and the last request). */
  closeDatabase(): Promise<void>;
}

/**
 * Start-up: configuration, every rail's configuration, the database (migrations), the rail
 * accounts' secrets (each opens with the key ring), the demo merchant, the worker. Throws on the
 * first thing that cannot work.
 */
export async function boot(): Promise<Started> {
  const cfg = config();
  assertStartable(cfg);
  // A malformed CAISSE_ENCRYPTION_KEY stops start-up now, not at the first rail account saved.
  if (cfg.CAISSE_ENCRYPTION_KEY) deploymentKeyRing();
  // Every rail's configuration is parsed now: a bad key or a half-configured rail stops start-up.
  loadRails();
  const handle = await getDbHandle();
  const { db } = handle;
  // Again with this deployment's test keys (a rebuild: parsing is cheap).
  await loadRailsWith(db);
  await assertRailAccountsReadable(db);
  const unoffered = unofferedPlatformRails(cfg);
  if (unoffered.length) log('warn', PLATFORM_RAILS_WARNING, { rails: unoffered });
  if (db.kind === 'pglite') {
    // The embedded database belongs to this one process (the data folder's lock): an idempotency
    // claim still `running` was left by a process that died, so its retry may run at once.
    await releaseDeadClaims(db);
    const demo = await ensureDemo(db);
    // Printed once, on the first start of an empty embedded database.
    if (demo) process.stdout.write(demoBanner(demo, cfg.BASE_URL));
  }
  const worker = cfg.WORKER === 'on' ? startWorker(db) : null;
  log('info', 'caisse started', { database: db.kind, baseUrl: cfg.BASE_URL, checkoutUrl: cfg.checkoutUrl });
  return {
    stopWorker: async () => worker?.stop(),
    closeDatabase: () => handle.close(),
  };
}

const STARTED = Symbol.for('caisse.started');

/**
 * The process's start-up, run once however many callers ask (Next.js calls instrumentation.ts
 * register() on its own; `npm start`'s server.ts awaits the same promise before it opens its
 * port). A start-up that fails ends the process with its message and exit code 1: a server whose
 * configuration, database or rails did not come up must not serve (Next.js would only log the
 * error and answer every request with half a server).
 */
export function startProcess(): Promise<Started> {
  const g = globalThis as Record<symbol, Promise<Started> | undefined>;
  return (g[STARTED] ??= boot().catch((err: unknown): never => {
    process.stderr.write(`Caisse did not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }));
}
