// The operator's CLI: `npm run caisse -- <command>`. Honours DATA_DIR and DATABASE_URL like the
// server. The embedded database can be opened by one process at a time: while the server holds it,
// the CLI refuses with a clear message instead of corrupting it or waiting forever.

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../lib/config';
import { passwordProblem } from '../lib/dashboard/passwords';
import { createUser, disableUser, findUser, listUsers, normalizeEmail } from '../lib/dashboard/users';
import { type DbHandle, openDatabase } from '../lib/db/client';
import { DataDirLockedError } from '../lib/db/lock';
import { createMerchant, listMerchants, rollKeys } from '../lib/domain/merchants';
import { DomainError } from '../lib/errors';

const USAGE = `Usage: npm run caisse -- <command>

Commands:
  merchants create --name "Shop"      create a merchant; prints its id and both secret keys (shown once)
  merchants list                      list merchants (ids and names; never keys)
  keys roll --merchant acct_...       issue new test and live keys; every older key stops working at once
  users create --merchant acct_... --email ana@shop.example [--password-stdin]
                                      create a dashboard user; prints it and a generated password (shown
                                      once). With --password-stdin the password is read from stdin (one
                                      line, 10 to 200 characters) and "password" is printed as null
  users list --merchant acct_...      list a merchant's dashboard users (never passwords or hashes)
  users disable --user user_...       disable a user: it cannot sign in, and its sessions end at once
  migrate                             apply pending database migrations and exit

Environment: DATA_DIR (embedded database folder, default ./.data) or DATABASE_URL (PostgreSQL).`;

function fail(message: string): never {
  process.stderr.write(`caisse: ${message}\n`);
  process.exit(1);
}

/** A DomainError (bad email, taken email, unknown merchant...) is the operator's mistake: its message, exit 1. */
function failOnDomainError(err: unknown): never {
  if (err instanceof DomainError) fail(err.message);
  throw err;
}

/** The password piped on stdin: everything up to EOF, without the one line ending `echo` or a file adds. */
async function readPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      merchant: { type: 'string' },
      email: { type: 'string' },
      user: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const known = ['merchants create', 'merchants list', 'keys roll', 'users create', 'users list', 'users disable', 'migrate'];
  if (!known.includes(command)) fail(`unknown command "${command}".\n\n${USAGE}`);
  if (command === 'merchants create' && !values.name?.trim()) fail('merchants create needs --name "Shop name".');
  if (['keys roll', 'users create', 'users list'].includes(command) && !/^acct_[0-9A-Za-z]+$/.test(values.merchant ?? ''))
    fail(`${command} needs --merchant acct_...`);
  if (command === 'users create' && !values.email) fail('users create needs --email ana@shop.example');
  if (command === 'users create' && !normalizeEmail(values.email!)) fail(`invalid email address: '${values.email}'.`);
  if (command === 'users disable' && !/^user_[0-9A-Za-z]+$/.test(values.user ?? '')) fail('users disable needs --user user_...');
  // Read before the database is opened: the embedded database is not held while stdin is awaited.
  let password: string | undefined;
  if (command === 'users create' && values['password-stdin']) {
    password = await readPassword();
    const problem = passwordProblem(password);
    if (problem) fail(`${problem} (read from stdin)`);
  }

  // The embedded database is a folder: a command run from another directory, or with DATA_DIR
  // unset, would otherwise make an empty one silently and answer from it.
  const cfg = config();
  if (!cfg.DATABASE_URL && cfg.DATA_DIR !== 'memory') {
    const dir = path.resolve(cfg.DATA_DIR);
    const exists = fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
    if (!exists && !['merchants create', 'migrate'].includes(command))
      fail(
        `no database at ${dir}. Run this from the folder where \`npm start\` runs, or set DATA_DIR to its database folder (default ./.data), or DATABASE_URL.`,
      );
    if (!exists) process.stderr.write(`caisse: a new embedded database is created at ${dir} (set DATA_DIR to use another)\n`);
  }

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
    } else if (command === 'users create') {
      const r = await createUser(handle.db, { merchantId: values.merchant!, email: values.email!, password }).catch(failOnDomainError);
      // A generated password is shown this once; one read from stdin is the operator's own: not echoed.
      out = { user: { id: r.user.id, email: r.user.email, merchantId: r.user.merchantId }, password: r.generated ? r.password : null };
    } else if (command === 'users list') {
      const merchant = await handle.db.query(`select 1 from merchants where id = $1`, [values.merchant!]);
      if (!merchant.length) fail(`No such merchant: '${values.merchant}'.`);
      out = { users: await listUsers(handle.db, values.merchant!) };
    } else if (command === 'users disable') {
      const user = (await findUser(handle.db, values.user!)) ?? fail(`No such user: '${values.user}'.`);
      const r = await disableUser(handle.db, user.merchantId, user.id).catch(failOnDomainError);
      out = { user: r.user, sessionsRevoked: r.sessionsRevoked };
    } else {
      out = { migrated: true };
    }
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(`caisse: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
