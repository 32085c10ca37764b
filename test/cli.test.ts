// The operator's CLI, run as a real process: `npm run caisse -- ...` is `tsx scripts/caisse.ts ...`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '@/lib/api/auth';
import { verifyPassword } from '@/lib/dashboard/passwords';
import { signIn } from '@/lib/dashboard/sessions';
import { openDatabase } from '@/lib/db/client';
import { newKeySpec, parseKeyRing, sealedKeyId } from '@/lib/secrets';
import { newAccountKey, ZPUB } from './adapter-helpers';

/** The test-mode wallet key of this file's accounts (a testnet vpub). */
const VPUB = newAccountKey('testnet').key;

import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { ownPostgresDatabase } from './own-database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-cli-'));
const env = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: dir, DATABASE_URL: '' };
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/caisse.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
/** The same, with `input` on stdin. */
const cliWithStdin = (input: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/caisse.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', input });
const openCliDatabase = () => openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir });

// The database every test below uses exists before any of them (the tests run in any order: none
// may count on another having made it), with a merchant of its own.
const SETUP_MERCHANT = 'Boutique CLI setup';
beforeAll(() => {
  const made = cli('merchants', 'create', '--name', SETUP_MERCHANT);
  if (made.status !== 0) throw new Error(`merchants create: ${made.stderr}`);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('CLI', () => {
  it.runIf(!process.env.DATABASE_URL)(
    'a command other than merchants create, on an embedded database folder that does not exist, refuses and creates nothing',
    () => {
      const missing = path.join(dir, 'not-here');
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/caisse.ts', 'merchants', 'list'], {
        env: { ...process.env, DATA_DIR: missing, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`no database at ${missing}`);
      expect(fs.existsSync(missing)).toBe(false);
    },
  );

  it('merchants create prints exactly the contract JSON; keys are stored hashed; keys roll revokes the old ones', async () => {
    const made = cli('merchants', 'create', '--name', 'Boutique CLI');
    expect(made.status, made.stderr).toBe(0);
    const out = JSON.parse(made.stdout);
    expect(Object.keys(out).sort()).toEqual(['keys', 'merchant']);
    expect(out.merchant).toEqual({ id: expect.stringMatching(/^acct_[0-9A-Za-z]{22}$/) });
    expect(out.keys).toEqual({ test: expect.stringMatching(/^sk_test_[0-9A-Za-z]{43}$/), live: expect.stringMatching(/^sk_live_[0-9A-Za-z]{43}$/) });

    const rolled = cli('keys', 'roll', '--merchant', out.merchant.id);
    expect(rolled.status, rolled.stderr).toBe(0);
    const next = JSON.parse(rolled.stdout);
    expect(next.merchant.id).toBe(out.merchant.id);
    expect(next.keys.test).not.toBe(out.keys.test);

    const h = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir });
    try {
      const rows = await h.db.query<{ key_hash: string; revoked_at: number | null }>(`select key_hash, revoked_at from api_keys where merchant_id = $1`, [
        out.merchant.id,
      ]);
      expect(rows).toHaveLength(4);
      const byHash = new Map(rows.map((r) => [r.key_hash, r.revoked_at]));
      expect(byHash.get(hashKey(out.keys.test))).not.toBeNull();
      expect(byHash.get(hashKey(out.keys.live))).not.toBeNull();
      expect(byHash.get(hashKey(next.keys.test))).toBeNull();
      expect(JSON.stringify(rows)).not.toContain(next.keys.test);
    } finally {
      await h.close();
    }
  }, 60_000);

  it('users create prints exactly the contract JSON (a generated password, shown once); list and disable print JSON', async () => {
    const merchant = JSON.parse(cli('merchants', 'create', '--name', 'Boutique Users').stdout).merchant.id as string;
    const email = `ana-${process.pid}-${Date.now()}@shop.example`;
    const made = cli('users', 'create', '--merchant', merchant, '--email', email.replace('ana', 'Ana'));
    expect(made.status, made.stderr).toBe(0);
    const out = JSON.parse(made.stdout);
    expect(out).toEqual({
      user: { id: expect.stringMatching(/^user_[0-9A-Za-z]{22}$/), email, merchantId: merchant, role: 'owner' },
      password: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
    });
    expect(Object.keys(out)).toEqual(['user', 'password']);

    // --password-stdin: the operator's own password (one line from stdin), not echoed back.
    const email2 = `bob-${process.pid}-${Date.now()}@shop.example`;
    // --role: any of the five (owner by default; two owners here, so one can be disabled below); anything else is refused.
    const chosen = cliWithStdin('une phrase de passe\n', 'users', 'create', '--merchant', merchant, '--email', email2, '--password-stdin', '--role', 'owner');
    expect(chosen.status, chosen.stderr).toBe(0);
    const out2 = JSON.parse(chosen.stdout);
    expect(out2).toEqual({ user: { id: expect.stringMatching(/^user_/), email: email2, merchantId: merchant, role: 'owner' }, password: null });
    const badRole = cli('users', 'create', '--merchant', merchant, '--email', `r-${email2}`, '--role', 'cashier');
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/--role must be one of owner, admin, developer, support, viewer/);
    const weak = cliWithStdin('short\n', 'users', 'create', '--merchant', merchant, '--email', `c-${email2}`, '--password-stdin');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/at least 10 characters/);

    const taken = cli('users', 'create', '--merchant', merchant, '--email', email.toUpperCase());
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain(`'${email}' is already a user of this merchant.`);

    const listed = cli('users', 'list', '--merchant', merchant);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({
      users: [
        { id: out2.user.id, email: email2, merchantId: merchant, role: 'owner', twoFactor: false, disabled: false, createdAt: expect.any(Number) },
        { id: out.user.id, email, merchantId: merchant, role: 'owner', twoFactor: false, disabled: false, createdAt: expect.any(Number) },
      ],
    });
    expect(listed.stdout).not.toMatch(/scrypt|password/);

    // The passwords work, and only their hashes are stored; then disable ends the user's session.
    const h = await openCliDatabase();
    let token = '';
    try {
      const [row] = await h.db.query<{ password_hash: string }>(`select password_hash from users where id = $1`, [out2.user.id]);
      expect(await verifyPassword('une phrase de passe', row!.password_hash)).toBe(true);
      const r = await signIn(h.db, { email, password: out.password, clientAddress: '192.0.2.10', now: Math.floor(Date.now() / 1000) });
      expect(r.ok).toBe(true);
      if (r.ok) token = r.token;
    } finally {
      await h.close();
    }
    const disabled = cli('users', 'disable', '--user', out.user.id);
    expect(disabled.status, disabled.stderr).toBe(0);
    expect(JSON.parse(disabled.stdout)).toEqual({
      user: { id: out.user.id, email, merchantId: merchant, role: 'owner', twoFactor: false, disabled: true, createdAt: expect.any(Number) },
      sessionsRevoked: 1,
    });
    const h2 = await openCliDatabase();
    try {
      const rows = await h2.db.query<{ revoked_at: number | null }>(`select revoked_at from dashboard_sessions where user_id = $1`, [out.user.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.revoked_at).not.toBeNull();
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await h2.close();
    }
  }, 120_000);

  it('users commands refuse bad arguments with a message and exit code 1', () => {
    const cases: [string[], RegExp][] = [
      [['users', 'create', '--email', 'a@shop.example'], /--merchant acct_/],
      [['users', 'create', '--merchant', 'acct_doesnotexist000000000'], /--email/],
      [['users', 'create', '--merchant', 'acct_doesnotexist000000000', '--email', 'not-an-email'], /invalid email address/],
      [['users', 'create', '--merchant', 'acct_doesnotexist000000000', '--email', 'x@shop.example'], /No such merchant: 'acct_doesnotexist000000000'/],
      [['users', 'list'], /--merchant acct_/],
      [['users', 'list', '--merchant', 'acct_doesnotexist000000000'], /No such merchant/],
      [['users', 'disable'], /--user user_/],
      [['users', 'disable', '--user', 'user_doesnotexist000000000'], /No such user: 'user_doesnotexist000000000'/],
    ];
    for (const [args, message] of cases) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
  }, 120_000);

  it('refuses bad arguments with a message and exit code 1', () => {
    const r = cli('merchants', 'create');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--name/);
    const u = cli('frobnicate');
    expect(u.status).toBe(1);
    expect(u.stderr).toMatch(/unknown command/);
    const m = cli('keys', 'roll', '--merchant', 'acct_doesnotexist000000000');
    expect(m.status).toBe(1);
    expect(m.stderr).toMatch(/No such merchant/);
  }, 60_000);

  it.runIf(!process.env.DATABASE_URL)(
    'refuses, without hanging or corrupting, while another process holds the embedded database',
    async () => {
      const holder = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/http-server.ts'], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        await new Promise<void>((resolve, reject) => {
          holder.stdout.on('data', (d) => String(d).includes('PORT') && resolve());
          holder.once('exit', (c) => reject(new Error(`holder exited ${c}`)));
        });
        const r = cli('merchants', 'list');
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`in use by another process \\(pid ${holder.pid}\\)`));
      } finally {
        const gone = new Promise((done) => holder.once('exit', done));
        holder.kill('SIGKILL');
        await gone;
      }
      const after = cli('merchants', 'list'); // the holder died: its stale lock is taken over
      expect(after.status, after.stderr).toBe(0);
      expect(JSON.parse(after.stdout).merchants.map((m: { name: string }) => m.name)).toContain(SETUP_MERCHANT);
    },
    60_000,
  );
});

// Issue 26 items 2 and 8: a merchant's own rail accounts from the CLI, the key ring's rotation,
// and start-up refusing accounts it cannot read. Each case has a database of its own (it counts
// every version in it): a folder, or a PostgreSQL database made and dropped here. The commands run
// as async child processes: the fake Esplora they check against answers from this process.
describe('CLI rail-accounts, key rotation and start-up', () => {
  const KEY1 = newKeySpec('one');
  const KEY2 = newKeySpec('two');
  const drops: (() => Promise<void>)[] = [];
  let esplora: FakeEsplora;
  beforeAll(async () => {
    esplora = await startFakeEsplora();
  });
  afterAll(async () => {
    await esplora.close();
    for (const drop of drops) await drop();
  });

  let dbCount = 0;
  /** A database of this case's own, with the environment that names it (no key ring, no rail settings of the parent's). */
  async function ownDatabase(): Promise<Record<string, string>> {
    const { DATABASE_URL: _a, DATA_DIR: _b, CAISSE_ENCRYPTION_KEY: _c, ...base } = process.env;
    const clean = Object.fromEntries(
      Object.entries(base).filter(([k, v]) => v !== undefined && !/^(MOMO_|LND_|BTC_XPUB|ESPLORA|TRON_XPUB|TRONGRID)/.test(k)),
    ) as Record<string, string>;
    if (!process.env.DATABASE_URL) return { ...clean, DATA_DIR: path.join(dir, `own-${++dbCount}`), DATABASE_URL: '' };
    const own = await ownPostgresDatabase(process.env.DATABASE_URL, 'caisse_cli');
    drops.push(own.drop);
    return { ...clean, DATABASE_URL: own.url };
  }

  interface Ran {
    status: number | null;
    stdout: string;
    stderr: string;
  }
  /** A child process (`args` after node), awaited without blocking this process (the fakes answer from it). */
  function run(args: string[], env: Record<string, string>, input?: string): Promise<Ran> {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(input ?? '');
    return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
  }
  const caisse = (env: Record<string, string>, ...args: string[]) => run(['scripts/caisse.ts', ...args], env);
  /** lib/boot.ts startProcess() in a process of its own (test/fixtures/boot.ts): exit 0 after STARTED, or 1. */
  const boot = (env: Record<string, string>) =>
    run(['test/fixtures/boot.ts'], { ...env, RATE_KRAKEN_URL: 'http://127.0.0.1:9', RATE_BITSTAMP_URL: 'http://127.0.0.1:9' });
  async function newMerchantIn(env: Record<string, string>): Promise<string> {
    const made = await caisse(env, 'merchants', 'create', '--name', 'Boutique Rails');
    if (made.status !== 0) throw new Error(`merchants create: ${made.stderr}`);
    return JSON.parse(made.stdout).merchant.id as string;
  }
  // A test-mode account takes a testnet key, a live one a mainnet key; one key serves one mode.
  const settings = (mode: 'test' | 'live' = 'test', url = esplora.url) => JSON.stringify({ accountKey: mode === 'live' ? ZPUB : VPUB, esploraUrl: url });
  const create = (env: Record<string, string>, merchant: string, mode: string, ...more: string[]) =>
    caisse(env, 'rail-accounts', 'create', '--merchant', merchant, '--mode', mode, '--rail', 'btc_onchain', ...more);
  /** Nothing a process printed holds a secret: the account key, or a key of the ring. */
  const expectNoSecret = (...outputs: string[]) => {
    for (const o of outputs) for (const secret of [ZPUB, VPUB, KEY1.split(':')[1]!, KEY2.split(':')[1]!]) expect(o).not.toContain(secret);
  };

  it('new-key prints a key CAISSE_ENCRYPTION_KEY takes, a new one each time, under an id the ring does not have yet', async () => {
    const env = await ownDatabase();
    const a = await caisse(env, 'rail-accounts', 'new-key');
    const b = await caisse(env, 'rail-accounts', 'new-key', '--key-id', 'k2');
    expect(a.status, a.stderr).toBe(0);
    const first = JSON.parse(a.stdout);
    expect(first).toEqual({ keyId: expect.stringMatching(/^k\d{8}$/), key: expect.stringMatching(/^k\d{8}:[A-Za-z0-9+/]{43}=$/) });
    expect(first.key.startsWith(`${first.keyId}:`)).toBe(true);
    expect(parseKeyRing(first.key).current.id).toBe(first.keyId);
    expect(JSON.parse(b.stdout).keyId).toBe('k2');
    expect(JSON.parse(b.stdout).key).not.toBe(first.key);
    // Today's id is taken by the ring in use: the next one is numbered.
    const c = await caisse({ ...env, CAISSE_ENCRYPTION_KEY: first.key }, 'rail-accounts', 'new-key');
    expect(JSON.parse(c.stdout).keyId).toBe(`${first.keyId}-2`);
    expect(fs.existsSync(env.DATA_DIR ?? path.join(dir, 'never'))).toBe(false); // no database opened or made
  }, 60_000);

  it('create (checked at the backend first), list and disable print JSON; the secret is read, never printed back', async () => {
    const env = { ...(await ownDatabase()), CAISSE_ENCRYPTION_KEY: KEY1 };
    const merchant = await newMerchantIn(env);
    const file = path.join(dir, `settings-${process.pid}.json`);
    fs.writeFileSync(file, settings());
    const before = esplora.requests.length;
    const made = await create(env, merchant, 'test', '--display-name', 'Mon portefeuille', '--settings-file', file);
    expect(made.status, made.stderr).toBe(0);
    const out = JSON.parse(made.stdout);
    expect(Object.keys(out)).toEqual(['railAccount']);
    expect(out.railAccount).toEqual({
      id: expect.stringMatching(/^ra_[0-9A-Za-z]{22}$/),
      object: 'rail_account',
      rail: 'btc_onchain',
      protocol: null,
      displayName: 'Mon portefeuille',
      status: 'active',
      version: 1,
      currencies: ['BTC'],
      minAmount: null,
      maxAmount: null,
      amountStep: null,
      settings: { esploraUrl: esplora.url },
      secrets: { accountKey: { last4: VPUB.slice(-4), fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) } },
      notifyUrl: null,
      receiveAddresses: expect.arrayContaining([expect.stringMatching(/^tb1q/)]),
      metadata: {},
      livemode: false,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      disabledAt: null,
      pendingChange: null,
    });
    expect(out.railAccount.receiveAddresses).toHaveLength(3);
    // The backend was asked the way the adapter will (a read of the chain's tip).
    expect(esplora.requests.slice(before).map((r) => r.path)).toContain('/blocks/tip/height');
    const testId = out.railAccount.id as string;

    // From stdin (`--settings-file -`), in live mode.
    const live = await run(
      ['scripts/caisse.ts', 'rail-accounts', 'create', '--merchant', merchant, '--mode', 'live', '--rail', 'btc_onchain', '--settings-file', '-'],
      env,
      settings('live'),
    );
    expect(live.status, live.stderr).toBe(0);
    const liveId = JSON.parse(live.stdout).railAccount.id as string;
    expect(JSON.parse(live.stdout).railAccount.livemode).toBe(true);

    // The operator's mistakes: a message, exit 1, nothing printed on stdout, no secret echoed.
    // One at a time (the embedded database is one process's at a time).
    const refused: [() => Promise<Ran>, RegExp][] = [
      [() => create(env, merchant, 'test', '--settings', settings()), /already has an active btc_onchain rail account in test mode/],
      [() => create(env, merchant, 'test', '--settings', `{"accountKey": "${ZPUB}"`), /--settings is not valid JSON/],
      [
        () => create(env, merchant, 'test', '--settings', JSON.stringify({ accountKey: ZPUB })),
        /Missing required setting for btc_onchain: settings\.esploraUrl/,
      ],
      [() => create(env, merchant, 'test'), /--settings '<json>' or --settings-file/],
      [() => caisse(env, 'rail-accounts', 'create', '--merchant', merchant, '--rail', 'btc_onchain', '--settings', settings()), /--mode test or --mode live/],
      [() => caisse(env, 'rail-accounts', 'create', '--merchant', merchant, '--mode', 'test', '--rail', 'paypal', '--settings', '{}'), /rail must be one of/],
      [() => create(env, 'acct_doesnotexist000000000', 'test', '--settings', settings()), /No such merchant: 'acct_doesnotexist000000000'/],
    ];
    for (const [p, message] of refused) {
      const r = await p();
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
      expectNoSecret(r.stderr);
    }
    // A backend that refuses (here: none listening): 400 rail_account_invalid, nothing saved.
    const other = await newMerchantIn(env);
    const down = await create(env, other, 'test', '--settings', settings('test', 'http://127.0.0.1:9'));
    expect(down.status).toBe(1);
    expect(down.stderr).toMatch(/The btc_onchain backend did not accept these settings: .*Nothing was saved/);
    expectNoSecret(down.stderr);
    expect(JSON.parse((await caisse(env, 'rail-accounts', 'list', '--merchant', other)).stdout)).toEqual({ railAccounts: [] });

    const all = await caisse(env, 'rail-accounts', 'list', '--merchant', merchant);
    expect(all.status, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout).railAccounts.map((a: { id: string }) => a.id)).toEqual([testId, liveId]);
    const testOnly = JSON.parse((await caisse(env, 'rail-accounts', 'list', '--merchant', merchant, '--mode', 'test')).stdout);
    expect(testOnly.railAccounts).toEqual([out.railAccount]);
    expectNoSecret(all.stdout, all.stderr);

    const wrongMode = await caisse(env, 'rail-accounts', 'disable', '--merchant', merchant, '--mode', 'live', testId);
    expect(wrongMode.status).toBe(1);
    expect(wrongMode.stderr).toContain(`No such rail_account: '${testId}'`);
    const disabled = await caisse(env, 'rail-accounts', 'disable', '--merchant', merchant, '--mode', 'test', testId);
    expect(disabled.status, disabled.stderr).toBe(0);
    expect(JSON.parse(disabled.stdout).railAccount).toMatchObject({ id: testId, status: 'disabled', disabledAt: expect.any(Number) });
    const enabled = JSON.parse((await caisse(env, 'rail-accounts', 'list', '--merchant', merchant, '--status', 'active')).stdout);
    expect(enabled.railAccounts.map((a: { id: string }) => a.id)).toEqual([liveId]);
    const noId = await caisse(env, 'rail-accounts', 'disable', '--merchant', merchant, '--mode', 'test');
    expect(noId.status).toBe(1);
    expect(noId.stderr).toMatch(/needs the account id/);
    // About fifteen CLI processes, each a start of tsx and of the migrations on its own database.
  }, 360_000);

  it('re-encrypt seals every version under the first key, once, even run twice at once; then the old key can go', async () => {
    const env = await ownDatabase();
    const merchant = await newMerchantIn(env);
    for (const mode of ['test', 'live']) {
      const r = await create({ ...env, CAISSE_ENCRYPTION_KEY: KEY1 }, merchant, mode, '--settings', settings(mode as 'test' | 'live'));
      expect(r.status, r.stderr).toBe(0);
    }
    // Before: the new key alone opens nothing.
    const withoutOld = await caisse({ ...env, CAISSE_ENCRYPTION_KEY: KEY2 }, 'rail-accounts', 'list', '--merchant', merchant);
    expect(withoutOld.status).toBe(1);
    expect(withoutOld.stderr).toMatch(/sealed with the key one, which CAISSE_ENCRYPTION_KEY does not list/);

    // The new key first, the old one after it: two runs at once reseal each version once between them
    // (on the embedded database one of them may find the folder in use and refuse).
    const both = { ...env, CAISSE_ENCRYPTION_KEY: `${KEY2},${KEY1}` };
    const runs = await Promise.all([caisse(both, 'rail-accounts', 're-encrypt'), caisse(both, 'rail-accounts', 're-encrypt')]);
    let resealed = 0;
    for (const r of runs) {
      if (r.status !== 0 && !process.env.DATABASE_URL && /in use by another process/.test(r.stderr)) continue;
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toEqual({ resealed: expect.any(Number), keyId: 'two' });
      resealed += out.resealed;
    }
    expect(resealed).toBe(2);
    const again = await caisse(both, 'rail-accounts', 're-encrypt');
    expect(JSON.parse(again.stdout)).toEqual({ resealed: 0, keyId: 'two' });

    const h = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
    try {
      const rows = await h.db.query<{ key_id: string; secrets: string }>(`select key_id, secrets from rail_account_versions`);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.key_id).toBe('two');
        expect(sealedKeyId(row.secrets)).toBe('two');
        expect(row.secrets).not.toContain(ZPUB);
      }
    } finally {
      await h.close();
    }
    // After: the old key removed, every version opens (the list serializes each with its key), and the server starts.
    const newOnly = { ...env, CAISSE_ENCRYPTION_KEY: KEY2 };
    const listed = await caisse(newOnly, 'rail-accounts', 'list', '--merchant', merchant);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).railAccounts).toHaveLength(2);
    const started = await boot(newOnly);
    expect(started.status, started.stderr).toBe(0);
    expect(started.stdout).toContain('STARTED');
    expectNoSecret(...runs.map((r) => r.stdout + r.stderr), listed.stdout, started.stdout, started.stderr);
  }, 180_000);

  it('start-up refuses a key ring that cannot open a version: exit 1, naming the account and the key id, never the secret', async () => {
    const env = await ownDatabase();
    const merchant = await newMerchantIn(env);
    const made = await create({ ...env, CAISSE_ENCRYPTION_KEY: KEY1 }, merchant, 'live', '--settings', settings('live'));
    expect(made.status, made.stderr).toBe(0);
    const id = JSON.parse(made.stdout).railAccount.id as string;

    // The old key missing from the ring.
    const missing = await boot({ ...env, CAISSE_ENCRYPTION_KEY: KEY2 });
    expect(missing.status).toBe(1);
    expect(missing.stdout).not.toContain('STARTED');
    expect(missing.stderr).toContain('Caisse did not start');
    expect(missing.stderr).toContain(`${id} version 1, sealed with the key "one": CAISSE_ENCRYPTION_KEY does not list that key`);
    expect(missing.stderr).toContain('Put the keys "one" back in CAISSE_ENCRYPTION_KEY');
    expect(missing.stderr).toContain('rail-accounts re-encrypt');
    // Another key under the same id.
    const wrong = await boot({ ...env, CAISSE_ENCRYPTION_KEY: `${newKeySpec('one')}` });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(new RegExp(`${id} version 1, sealed with the key "one": the key CAISSE_ENCRYPTION_KEY lists under that id does not open it`));
    // On PostgreSQL without any key ring.
    if (env.DATABASE_URL) {
      const none = await boot(env);
      expect(none.status).toBe(1);
      expect(none.stderr).toMatch(new RegExp(`${id} version 1, sealed with the key "one": CAISSE_ENCRYPTION_KEY is not set`));
    }
    // With both keys it starts.
    const ok = await boot({ ...env, CAISSE_ENCRYPTION_KEY: `${KEY2},${KEY1}` });
    expect(ok.status, ok.stderr).toBe(0);
    expectNoSecret(missing.stdout, missing.stderr, wrong.stdout, wrong.stderr, ok.stdout, ok.stderr);
  }, 120_000);

  it('start-up warns when the environment configures live platform rails that PLATFORM_RAILS=off keeps from merchants', async () => {
    const env = { ...(await ownDatabase()), LOG_LEVEL: 'warn', BTC_XPUB: ZPUB, ESPLORA_URL: 'http://127.0.0.1:9' };
    const off = await boot({ ...env, PLATFORM_RAILS: 'off' });
    expect(off.status, off.stderr).toBe(0);
    const warning = off.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'platform rails configured but not offered; set PLATFORM_RAILS=on (aggregator model, needs a licence)');
    expect(warning).toMatchObject({ level: 'warn', rails: ['btc_onchain'] });
    const on = await boot({ ...env, PLATFORM_RAILS: 'on' });
    expect(on.status, on.stderr).toBe(0);
    expect(on.stderr).not.toContain('platform rails configured but not offered');
  }, 120_000);

  it.runIf(!process.env.DATABASE_URL)(
    'on the embedded database without CAISSE_ENCRYPTION_KEY, the key is made once in DATA_DIR/encryption-key, readable by its owner only',
    async () => {
      const env = await ownDatabase();
      const merchant = await newMerchantIn(env);
      const file = path.join(env.DATA_DIR!, 'encryption-key');
      expect(fs.existsSync(file)).toBe(false); // made on first use, not before
      const made = await create(env, merchant, 'test', '--settings', settings());
      expect(made.status, made.stderr).toBe(0);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(file, 'utf8');
      const ring = parseKeyRing(key, 'file');
      const h = await openDatabase({ dataDir: env.DATA_DIR! });
      try {
        const [row] = await h.db.query<{ key_id: string }>(`select key_id from rail_account_versions`);
        expect(row!.key_id).toBe(ring.current.id);
      } finally {
        await h.close();
      }
      // Used again, not made again: the next start reads the same key and opens the account.
      const started = await boot(env);
      expect(started.status, started.stderr).toBe(0);
      expect(fs.readFileSync(file, 'utf8')).toBe(key);
      expect(fs.readdirSync(env.DATA_DIR!).filter((f) => f.startsWith('encryption-key'))).toEqual(['encryption-key']);
    },
    120_000,
  );
});
