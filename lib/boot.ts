// Server start-up, shared by `next start` (instrumentation.ts) and the standalone worker.
import { config } from './config';
import { getDbHandle } from './db/client';
import { ensureDemoMerchant } from './domain/merchants';
import { log } from './log';
import { loadRails } from './rails/registry';
import { startWorker } from './worker';

export async function boot(): Promise<void> {
  const cfg = config();
  // Every rail's configuration is parsed now: a bad key or a half-configured rail stops start-up.
  loadRails();
  const { db } = await getDbHandle();
  if (db.kind === 'pglite') {
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
