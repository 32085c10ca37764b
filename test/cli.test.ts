// The operator's CLI, run as a real process: `npm run caisse -- ...` is `tsx scripts/caisse.ts ...`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { hashKey } from '@/lib/api/auth';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-cli-'));
const env = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: dir, DATABASE_URL: '' };
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/caisse.ts', ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('CLI', () => {
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
      const rows = await h.db.query<{ key_hash: string; revoked_at: number | null }>(`select key_hash, revoked_at from api_keys where merchant_id = $1`, [out.merchant.id]);
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

  it.runIf(!process.env.DATABASE_URL)('refuses, without hanging or corrupting, while another process holds the embedded database', async () => {
    const holder = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/http-server.ts'], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
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
    expect(JSON.parse(after.stdout).merchants.map((m: { name: string }) => m.name)).toContain('Boutique CLI');
  }, 60_000);
});
