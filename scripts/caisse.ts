// The operator's CLI: `npm run caisse -- <command>`. Honours DATA_DIR and DATABASE_URL like the
// server. The embedded database can be opened by one process at a time: while the server holds it,
// the CLI refuses with a clear message instead of corrupting it or waiting forever.

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zodToApiError } from '../lib/api/request';
import { config } from '../lib/config';
import { passwordProblem } from '../lib/dashboard/passwords';
import { isRole, ROLES } from '../lib/dashboard/roles';
import { createUser, disableUser, findUser, listUsers, normalizeEmail } from '../lib/dashboard/users';
import { type DbHandle, openDatabase } from '../lib/db/client';
import { DataDirLockedError } from '../lib/db/lock';
import type { Scope } from '../lib/domain/common';
import { createMerchant, listMerchants, rollKeys } from '../lib/domain/merchants';
import { reencryptRailAccounts } from '../lib/domain/rail-account-keys';
import {
  createRailAccount,
  createRailAccountInput,
  disableRailAccount,
  listRailAccounts,
  listRailAccountsQuery,
  type RailAccount,
} from '../lib/domain/rail-accounts';
import { DomainError } from '../lib/errors';
import { newKeySpec, parseKeyRing, SecretsError } from '../lib/secrets';

const USAGE = `Usage: npm run caisse -- <command>

Commands:
  merchants create --name "Shop"      create a merchant; prints its id and both secret keys (shown once)
  merchants list                      list merchants (ids and names; never keys)
  keys roll --merchant acct_...       issue new test and live keys; every older key stops working at once
  users create --merchant acct_... --email ana@shop.example [--role owner] [--password-stdin]
                                      create a dashboard user; prints it and a generated password (shown
                                      once). --role: owner (the default), admin, developer, support or
                                      viewer. With --password-stdin the password is read from stdin (one
                                      line, 10 to 200 characters) and "password" is printed as null
  users list --merchant acct_...      list a merchant's dashboard users (never passwords or hashes)
  users disable --user user_...       disable a user: it cannot sign in, and its sessions end at once
  migrate                             apply pending database migrations and exit

  rail-accounts create --merchant acct_... --mode test|live --rail <rail> [--display-name "Name"]
                       (--settings '<json>' | --settings-file <path, or - for stdin>)
                       [--currencies XOF,XAF] [--min-amount N] [--max-amount N] [--amount-step N]
                                      (mobile money: what your contract with the operator takes)
                                      connect a merchant's own account on a rail: checked at its backend,
                                      then saved with its secrets sealed; prints it (a secret only as its
                                      last four characters and a fingerprint)
  rail-accounts list --merchant acct_... [--mode test|live] [--rail <rail>] [--status active|disabled]
                                      list a merchant's rail accounts (both modes unless --mode)
  rail-accounts disable --merchant acct_... --mode test|live ra_...
                                      no new payment goes to it; its open payments are still watched
  rail-accounts re-encrypt            seal every rail account's secrets again under the first key of
                                      CAISSE_ENCRYPTION_KEY; prints {"resealed": n, "keyId": "..."}
                                      (safe to run again, and from several processes at once)
  rail-accounts new-key [--key-id k2] print a new key for CAISSE_ENCRYPTION_KEY (nothing is stored)

Environment: DATA_DIR (embedded database folder, default ./.data) or DATABASE_URL (PostgreSQL);
CAISSE_ENCRYPTION_KEY (the key ring rail accounts' secrets are sealed with; see the README).`;

function fail(message: string): never {
  process.stderr.write(`caisse: ${message}\n`);
  process.exit(1);
}

/**
 * A DomainError (bad email, taken email, unknown merchant, settings a backend refused...) is the
 * operator's mistake, and a SecretsError a key ring that cannot open a rail account: the message
 * (never a secret), exit 1.
 */
function failOnDomainError(err: unknown): never {
  if (err instanceof DomainError) fail(err.message);
  if (err instanceof SecretsError) fail(`a rail account's secrets cannot be read: ${err.message}`);
  throw err;
}

/** A key id for `rail-accounts new-key`: the day's, made unique against the ids the deployment's ring already has. */
function freshKeyId(): string {
  const cfg = config();
  const taken = new Set<string>();
  // The ring in use: the variable's, or the embedded database's key file (read, never made here).
  const file = path.join(cfg.DATA_DIR, 'encryption-key');
  const ring = cfg.CAISSE_ENCRYPTION_KEY ?? (!cfg.DATABASE_URL && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  try {
    if (ring) for (const id of parseKeyRing(ring).byId.keys()) taken.add(id);
  } catch {
    // a malformed ring: the day's id is as good as any
  }
  const base = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** Everything piped on stdin, up to EOF. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The password piped on stdin: everything up to EOF, without the one line ending `echo` or a file adds. */
async function readPassword(): Promise<string> {
  return (await readStdin()).replace(/\r?\n$/, '');
}

/**
 * A rail account's settings, from --settings or --settings-file (`-`: stdin), as a JSON object.
 * They hold secrets: a message about them never quotes them (JSON.parse's own message would).
 */
async function readSettings(inline: string | undefined, file: string | undefined): Promise<Record<string, unknown>> {
  if ((inline === undefined) === (file === undefined)) fail("rail-accounts create needs --settings '<json>' or --settings-file <path> (one of them).");
  let text = inline;
  if (file !== undefined) {
    try {
      text = file === '-' ? await readStdin() : fs.readFileSync(file, 'utf8');
    } catch (err) {
      fail(`cannot read --settings-file ${file}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}.`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text!);
  } catch {
    fail(
      `${file !== undefined ? '--settings-file' : '--settings'} is not valid JSON: give the rail's settings as one JSON object, e.g. '{"accountKey": "zpub...", "esploraUrl": "https://blockstream.info/api"}'.`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail("the settings must be one JSON object of the rail's settings.");
  return value as Record<string, unknown>;
}

const MODES = ['test', 'live'] as const;

/** Every page of a merchant's rail accounts in one mode, newest first. */
async function allRailAccounts(db: DbHandle['db'], scope: Scope, filters: { rail?: string; status?: string }): Promise<RailAccount[]> {
  const out: RailAccount[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const raw = { limit: '100', ...filters, ...(startingAfter ? { startingAfter } : {}) };
    const query = listRailAccountsQuery.safeParse(raw);
    if (!query.success) fail(zodToApiError(query.error, raw).message);
    const page = await listRailAccounts(db, scope, query.data);
    out.push(...page.data);
    if (!page.hasMore || !page.data.length) return out;
    startingAfter = page.data[page.data.length - 1]!.id;
  }
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
      role: { type: 'string' },
      mode: { type: 'string' },
      rail: { type: 'string' },
      status: { type: 'string' },
      'display-name': { type: 'string' },
      currencies: { type: 'string' },
      'min-amount': { type: 'string' },
      'max-amount': { type: 'string' },
      'amount-step': { type: 'string' },
      settings: { type: 'string' },
      'settings-file': { type: 'string' },
      'key-id': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  // `rail-accounts disable` takes the account's id after the command's two words.
  const railAccountId = positionals[0] === 'rail-accounts' && positionals[1] === 'disable' && positionals.length === 3 ? positionals.pop() : undefined;
  const command = positionals.join(' ');
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const known = [
    'merchants create',
    'merchants list',
    'keys roll',
    'users create',
    'users list',
    'users disable',
    'migrate',
    'rail-accounts create',
    'rail-accounts list',
    'rail-accounts disable',
    'rail-accounts re-encrypt',
    'rail-accounts new-key',
  ];
  if (!known.includes(command)) fail(`unknown command "${command}".\n\n${USAGE}`);
  if (command === 'merchants create' && !values.name?.trim()) fail('merchants create needs --name "Shop name".');
  if (
    ['keys roll', 'users create', 'users list', 'rail-accounts create', 'rail-accounts list', 'rail-accounts disable'].includes(command) &&
    !/^acct_[0-9A-Za-z]+$/.test(values.merchant ?? '')
  )
    fail(`${command} needs --merchant acct_...`);
  if (['rail-accounts create', 'rail-accounts disable'].includes(command) && !MODES.includes(values.mode as never))
    fail(`${command} needs --mode test or --mode live.`);
  if (command === 'rail-accounts list' && values.mode !== undefined && !MODES.includes(values.mode as never)) fail('--mode must be test or live.');
  if (command === 'rail-accounts create' && !values.rail) fail('rail-accounts create needs --rail (e.g. --rail btc_onchain).');
  if (command === 'rail-accounts disable' && !/^ra_[0-9A-Za-z]+$/.test(railAccountId ?? ''))
    fail('rail-accounts disable needs the account id: ... disable ra_...');
  if (command === 'rail-accounts new-key') {
    // No database: a key is made here and printed, nothing is stored.
    const keyId = values['key-id'] ?? freshKeyId();
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(keyId)) fail('--key-id is 1 to 32 letters, digits, - or _.');
    process.stdout.write(`${JSON.stringify({ keyId, key: newKeySpec(keyId) }, null, 2)}\n`);
    return;
  }
  let settings: Record<string, unknown> | undefined;
  if (command === 'rail-accounts create') settings = await readSettings(values.settings, values['settings-file']);
  if (command === 'users create' && !values.email) fail('users create needs --email ana@shop.example');
  if (command === 'users create' && !normalizeEmail(values.email!)) fail(`invalid email address: '${values.email}'.`);
  if (command === 'users create' && values.role !== undefined && !isRole(values.role)) fail(`--role must be one of ${ROLES.join(', ')}.`);
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
  if (command.startsWith('rail-accounts ') && cfg.CAISSE_ENCRYPTION_KEY) {
    // A malformed key ring is said before anything is opened (its message never quotes a key).
    try {
      parseKeyRing(cfg.CAISSE_ENCRYPTION_KEY);
    } catch (err) {
      fail((err as Error).message);
    }
  }
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
      const role = isRole(values.role) ? values.role : 'owner';
      const r = await createUser(handle.db, { merchantId: values.merchant!, email: values.email!, password, role }).catch(failOnDomainError);
      // A generated password is shown this once; one read from stdin is the operator's own: not echoed.
      out = { user: { id: r.user.id, email: r.user.email, merchantId: r.user.merchantId, role: r.user.role }, password: r.generated ? r.password : null };
    } else if (command === 'users list') {
      const merchant = await handle.db.query(`select 1 from merchants where id = $1`, [values.merchant!]);
      if (!merchant.length) fail(`No such merchant: '${values.merchant}'.`);
      out = { users: await listUsers(handle.db, values.merchant!) };
    } else if (command === 'users disable') {
      const user = (await findUser(handle.db, values.user!)) ?? fail(`No such user: '${values.user}'.`);
      const r = await disableUser(handle.db, user.merchantId, user.id).catch(failOnDomainError);
      out = { user: r.user, sessionsRevoked: r.sessionsRevoked };
    } else if (command === 'rail-accounts re-encrypt') {
      out = await reencryptRailAccounts(handle.db).catch(failOnDomainError);
    } else if (command.startsWith('rail-accounts ')) {
      const merchant = await handle.db.query(`select 1 from merchants where id = $1`, [values.merchant!]);
      if (!merchant.length) fail(`No such merchant: '${values.merchant}'.`);
      const scopeIn = (mode: string): Scope => ({ merchantId: values.merchant!, livemode: mode === 'live' });
      if (command === 'rail-accounts create') {
        // Numbers as numbers (the API's limits are integers); anything else is left for the API's own check to refuse.
        const num = (v: string | undefined) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : v);
        const raw = {
          rail: values.rail,
          ...(values['display-name'] !== undefined ? { displayName: values['display-name'] } : {}),
          settings,
          ...(values.currencies !== undefined ? { currencies: values.currencies.split(',') } : {}),
          ...(values['min-amount'] !== undefined ? { minAmount: num(values['min-amount']) } : {}),
          ...(values['max-amount'] !== undefined ? { maxAmount: num(values['max-amount']) } : {}),
          ...(values['amount-step'] !== undefined ? { amountStep: num(values['amount-step']) } : {}),
        };
        const input = createRailAccountInput.safeParse(raw);
        if (!input.success) fail(zodToApiError(input.error, raw).message);
        out = { railAccount: await createRailAccount(handle.db, scopeIn(values.mode!), input.data).catch(failOnDomainError) };
      } else if (command === 'rail-accounts list') {
        const filters = { ...(values.rail ? { rail: values.rail } : {}), ...(values.status ? { status: values.status } : {}) };
        const railAccounts: RailAccount[] = [];
        for (const mode of values.mode ? [values.mode] : MODES)
          railAccounts.push(...(await allRailAccounts(handle.db, scopeIn(mode), filters).catch(failOnDomainError)));
        out = { railAccounts };
      } else {
        out = { railAccount: await disableRailAccount(handle.db, scopeIn(values.mode!), railAccountId!).catch(failOnDomainError) };
      }
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
