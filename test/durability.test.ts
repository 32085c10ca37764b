// An object acknowledged with a 2xx is on disk: kill -9 the server right after the answer, open
// the database again, and the object is there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { createMerchant } from '@/lib/domain/merchants';

function startServer(env: Record<string, string>): Promise<{ port: number; kill(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/http-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m)
        resolve({
          port: Number(m[1]),
          kill: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGKILL');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

describe('durability', () => {
  it('keeps every acknowledged write across kill -9', async () => {
    const pg = process.env.DATABASE_URL;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-durable-'));
    const env: Record<string, string> = pg ? { DATABASE_URL: pg } : { DATA_DIR: dir };
    const setup = await openDatabase(pg ? { databaseUrl: pg } : { dataDir: dir });
    const m = await createMerchant(setup.db, 'Durable');
    await setup.close();

    const server = await startServer(env);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await fetch(`http://127.0.0.1:${server.port}/v1/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.keys.test}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `durable ${i}` }),
      });
      expect(r.status).toBe(200);
      ids.push((await r.json()).id);
    }
    await server.kill(); // SIGKILL right after the last 200: no shutdown, no flush

    const reopened = await openDatabase(pg ? { databaseUrl: pg } : { dataDir: dir });
    try {
      const rows = await reopened.db.query<{ id: string }>(`select id from products where id = any($1::text[])`, [ids]);
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    } finally {
      await reopened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
