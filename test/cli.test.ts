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
      user: { id: expect.stringMatching(/^user_[0-9A-Za-z]{22}$/), email, merchantId: merchant },
      password: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
    });
    expect(Object.keys(out)).toEqual(['user', 'password']);

    // --password-stdin: the operator's own password (one line from stdin), not echoed back.
    const email2 = `bob-${process.pid}-${Date.now()}@shop.example`;
    const chosen = cliWithStdin('une phrase de passe\n', 'users', 'create', '--merchant', merchant, '--email', email2, '--password-stdin');
    expect(chosen.status, chosen.stderr).toBe(0);
    const out2 = JSON.parse(chosen.stdout);
    expect(out2).toEqual({ user: { id: expect.stringMatching(/^user_/), email: email2, merchantId: merchant }, password: null });
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
        { id: out2.user.id, email: email2, merchantId: merchant, disabled: false, createdAt: expect.any(Number) },
        { id: out.user.id, email, merchantId: merchant, disabled: false, createdAt: expect.any(Number) },
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
      user: { id: out.user.id, email, merchantId: merchant, disabled: true, createdAt: expect.any(Number) },
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
