// `npm run worker`: the background worker alone (poll attempts, expire sessions, ...), for
// deployments that run it apart from the web server. Several copies may run at once on PostgreSQL.

import { assertRailAccountsReadable, loadRailsWith } from '../lib/boot';
import { config } from '../lib/config';
import { getDbHandle } from '../lib/db/client';
import { log } from '../lib/log';
import { startWorker } from '../lib/worker';

async function main() {
  config();
  const handle = await getDbHandle();
  // The same rails, and test keys, as the server's (per-deployment test keys live in the database).
  await loadRailsWith(handle.db);
  // Like the server, it refuses rail accounts its key ring cannot open (CAISSE_ENCRYPTION_KEY).
  await assertRailAccountsReadable(handle.db);
  const worker = startWorker(handle.db);
  log('info', 'worker started', { database: handle.db.kind });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'worker stopping', { signal });
    await worker.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`worker failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
