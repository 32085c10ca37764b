// The operator's CLI: `npm run caisse -- <command>`. Honours DATA_DIR and DATABASE_URL like the
// server. The embedded database can be opened by one process at a time: while the server holds it,
// the CLI refuses with a clear message instead of corrupting it or waiting forever.
import { parseArgs } from 'node:util';
import { openDatabase, type DbHandle } from '../lib/db/client';
import { DataDirLockedError } from '../lib/db/lock';
import { createMerchant, listMerchants, rollKeys } from '../lib/domain/merchants';

const USAGE = `Usage: npm run caisse -- <command>

Commands:
  merchants create --name "Shop"      create a merchant; prints its id and both secret keys (shown once)
  merchants list                      list merchants (ids and names; never keys)
  keys roll --merchant acct_...       issue new test and live keys; every older key stops working at once
  migrate                             apply pending database migrations and exit

Environment: DATA_DIR (embedded database folder, default ./.data) or DATABASE_URL (PostgreSQL).`;

function fail(message: string): never {
  process.stderr.write(`caisse: ${message}\n`);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, merchant: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals.join(' ');
  if (values.help || !command) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const known = ['merchants create', 'merchants list', 'keys roll', 'migrate'];
  if (!known.includes(command)) fail(`unknown command "${command}".\n\n${USAGE}`);
  if (command === 'merchants create' && !values.name?.trim()) fail('merchants create needs --name "Shop name".');
  if (command === 'keys roll' && !/^acct_[0-9A-Za-z]+$/.test(values.merchant ?? '')) fail('keys roll needs --merchant acct_...');

  let handle: DbHandle;
  try {
    handle = await openDatabase();
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }
  try {
    let out: unknown;
    if (command === 'merchants create') {
      const r = await createMerchant(handle.db, values.name!);
      out = { merchant: { id: r.merchant.id }, keys: r.keys };
    } else if (command === 'merchants list') {
      out = { merchants: await listMerchants(handle.db) };
    } else if (command === 'keys roll') {
      const r = await rollKeys(handle.db, values.merchant!).catch((e: Error) => fail(e.message));
      out = { merchant: { id: r.merchant.id }, keys: r.keys };
    } else {
      out = { migrated: true };
    }
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(`caisse: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
