// A server killed with SIGKILL while 16 clients create payment intents with Idempotency-Keys:
// after a restart on the same database, every answered object exists once and its key replays
// it, and every unanswered request retried with its key answers 2xx at once (never 409 "in use"
// for minutes: the claim of an atomic route is a lock that dies with its transaction, not a
// committed marker). One object per key. On the embedded database (a data folder of its own) and
// on PostgreSQL (the suite's database, when DATABASE_URL is set: the database itself keeps running).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { createMerchant } from '@/lib/domain/merchants';
import { startServer } from './server-process';

const CLIENTS = 16;

async function crashUnderLoad(db: { databaseUrl?: string; dataDir?: string }) {
  const setup = await openDatabase(db);
  const m = await createMerchant(setup.db, 'Crash');
  await setup.close();
  const env: Record<string, string> = db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : { DATA_DIR: db.dataDir! };
  const post = (port: number, key: string) =>
    fetch(`http://127.0.0.1:${port}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.keys.test}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ amount: 1000, currency: 'XOF', rail: 'mobile_money_a', reference: key }),
    });

  let server = await startServer(env);
  const answered = new Map<string, string>(); // key -> id
  const unanswered: string[] = [];
  let stop = false;
  let total = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; !stop; i++) {
      const key = `crash-${c}-${i}`;
      try {
        const r = await post(server.port, key);
        const body = await r.json();
        expect(r.status, JSON.stringify(body)).toBe(200);
        answered.set(key, body.id);
        if (++total >= 150) stop = true;
      } catch {
        unanswered.push(key); // the connection died with the server
        return;
      }
    }
  });
  // Kill it mid-load, while requests are in flight.
  while (total < 120) await new Promise((r) => setTimeout(r, 5));
  await server.kill();
  stop = true;
  await Promise.all(clients);
  expect(unanswered.length, 'requests in flight when the server died').toBeGreaterThan(0);

  server = await startServer(env);
  try {
    // Every unanswered request, retried with its key: 2xx at once.
    for (const key of unanswered) {
      const r = await post(server.port, key);
      expect(r.status, `${key}: ${await r.clone().text()}`).toBe(200);
      answered.set(key, (await r.json()).id);
    }
    // Every answered key replays its object.
    for (const [key, id] of [...answered].slice(0, 40)) {
      const r = await post(server.port, key);
      expect(r.status).toBe(200);
      expect((await r.json()).id).toBe(id);
      expect(r.headers.get('idempotent-replayed')).toBe('true');
    }
  } finally {
    await server.kill();
  }
  // One object per key, and no object without its key.
  const check = await openDatabase(db);
  try {
    const rows = await check.db.query<{ reference: string; n: number }>(
      `select reference, count(*)::int as n from payment_intents where merchant_id = $1 group by reference`,
      [m.merchant.id],
    );
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(rows.map((r) => r.reference).sort()).toEqual([...answered.keys()].sort());
    const ids = await check.db.query<{ id: string; reference: string }>(`select id, reference from payment_intents where merchant_id = $1`, [m.merchant.id]);
    for (const r of ids) expect(answered.get(r.reference)).toBe(r.id);
  } finally {
    await check.close();
  }
}

describe('a crash under idempotent write load', () => {
  it.skipIf(!!process.env.DATABASE_URL)(
    'embedded database: SIGKILL with 16 clients writing; every key answers 2xx after the restart, one object each',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-crash-'));
      try {
        await crashUnderLoad({ dataDir: dir });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: SIGKILL with 16 clients writing; every key answers 2xx after the restart, one object each',
    async () => {
      await crashUnderLoad({ databaseUrl: process.env.DATABASE_URL });
    },
    120_000,
  );
});

describe('claims of routes that call a backend mid-way (confirm)', () => {
  it('embedded database: a claim left running by a process that died is released at start-up (boot), so the retry runs at once', async () => {
    const { releaseDeadClaims } = await import('@/lib/api/idempotency');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-claims-'));
    try {
      const h = await openDatabase({ dataDir: dir });
      const m = await createMerchant(h.db, 'Claims');
      const now = Math.floor(Date.now() / 1000);
      await h.db.query(
        `insert into idempotency_keys (merchant_id, livemode, key, method, path, request_hash, state, locked_at, created_at, claim_token)
         values ($1, false, 'dead', 'POST', '/v1/payment_intents/pi_x/confirm', 'h', 'running', $2, $2, 't'),
                ($1, false, 'done', 'POST', '/v1/products', 'h', 'done', $2, $2, 't')`,
        [m.merchant.id, now],
      );
      expect(await releaseDeadClaims(h.db)).toBe(1);
      expect((await h.db.query(`select key from idempotency_keys where merchant_id = $1`, [m.merchant.id])).map((r) => r.key)).toEqual(['done']);
      await h.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
