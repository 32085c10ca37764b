// Database round trips per API operation, counted by wrapping the database client the routes use
// (a transaction counts its begin and its commit). The counts are ARCHITECTURE.md's table of
// operations: a change that adds a round trip to a hot path fails here, on purpose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { type Db, type DbHandle, openDatabase, setDbHandle } from '@/lib/db/client';
import { createRailAccount } from '@/lib/domain/rail-accounts';
import { call, newMerchant } from './api';
import { startFakeLnd } from './fakes/lnd';

let handle: DbHandle;
let count = 0;

function counting(db: Db): Db {
  const self: Db = {
    ...db,
    query: (text: string, params?: unknown[]) => {
      count++;
      return db.query(text, params);
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>) => {
      if (db.inTransaction) return fn(self);
      count += 2; // begin, commit
      return db.transaction((tx) => fn(counting(tx)));
    },
  } as Db;
  return self;
}

beforeAll(async () => {
  handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory' });
  setDbHandle({ db: counting(handle.db), close: () => handle.close() });
});
afterAll(async () => {
  setDbHandle(undefined);
  await handle.close();
});

async function trips(method: string, path: string, opts: Parameters<typeof call>[2]): Promise<number> {
  count = 0;
  const r = await call(method, path, opts);
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return count;
}

describe('round trips per operation', () => {
  it('the hot paths: one key lookup, then one statement', async () => {
    const m = await newMerchant(handle.db);
    const key = m.keys.test;
    const body = { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' };
    const measured: Record<string, number> = {};
    // A key's first request of the minute also records its last use (one write, at most once a
    // minute per key and process), and leases this process's first batch of the key's tokens (one
    // write); the requests after it are the hot path.
    measured['first request of a key (its last use recorded, its first lease)'] = await trips('GET', '/v1/payment_intents?limit=1', { key });
    measured['POST /v1/payment_intents'] = await trips('POST', '/v1/payment_intents', { key, body });
    measured['POST /v1/payment_intents (Idempotency-Key)'] = await trips('POST', '/v1/payment_intents', { key, body, headers: { 'idempotency-key': 'rt-1' } });
    measured['POST /v1/payment_intents (replay)'] = await trips('POST', '/v1/payment_intents', { key, body, headers: { 'idempotency-key': 'rt-1' } });
    const pi = (await call('POST', '/v1/payment_intents', { key, body })).body;
    measured['GET /v1/payment_intents/:id'] = await trips('GET', `/v1/payment_intents/${pi.id}`, { key });
    measured['GET /v1/payment_intents'] = await trips('GET', '/v1/payment_intents?limit=10', { key });
    measured['GET /v1/payment_intents?startingAfter'] = await trips('GET', `/v1/payment_intents?limit=10&startingAfter=${pi.id}`, { key });
    measured['POST /v1/products'] = await trips('POST', '/v1/products', { key, body: { name: 'Pagne' } });
    const prod = (await call('POST', '/v1/products', { key, body: { name: 'Sac' } })).body;
    measured['POST /v1/prices'] = await trips('POST', '/v1/prices', { key, body: { productId: prod.id, currency: 'XOF', unitAmount: 5000 } });
    measured['POST /v1/prices (Idempotency-Key)'] = await trips('POST', '/v1/prices', {
      key,
      body: { productId: prod.id, currency: 'XOF', unitAmount: 7000 },
      headers: { 'idempotency-key': 'rt-2' },
    });
    measured['GET /v1/events'] = await trips('GET', '/v1/events?limit=10', { key });
    measured['GET /v1/events?type'] = await trips('GET', '/v1/events?type=payment_intent.late_payment', { key });
    console.log(
      Object.entries(measured)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    );
    expect(measured).toEqual({
      'first request of a key (its last use recorded, its first lease)': 4,
      'POST /v1/payment_intents': 2,
      'POST /v1/payment_intents (Idempotency-Key)': 2,
      'POST /v1/payment_intents (replay)': 5,
      'GET /v1/payment_intents/:id': 2,
      'GET /v1/payment_intents': 2,
      'GET /v1/payment_intents?startingAfter': 2,
      'POST /v1/products': 2,
      'POST /v1/prices': 2,
      'POST /v1/prices (Idempotency-Key)': 2,
      'GET /v1/events': 2,
      'GET /v1/events?type': 2,
    });
  });

  it('the per-key limit: one write per batch of tokens (25 at the default 25/s), a failed authentication one write', async () => {
    // The defaults (vitest.config.ts raises them for the other files).
    const saved = { rate: process.env.RATE_LIMIT_PER_SECOND, burst: process.env.RATE_LIMIT_BURST };
    Object.assign(process.env, { RATE_LIMIT_PER_SECOND: '25', RATE_LIMIT_BURST: '100' });
    resetConfigForTests();
    try {
      const m = await newMerchant(handle.db);
      await call('GET', '/v1/products', { key: m.keys.test }); // its last use and its first lease
      count = 0;
      for (let i = 0; i < 50; i++) expect((await call('GET', '/v1/products', { key: m.keys.test })).status).toBe(200);
      expect(count).toBe(50 * 2 + 2); // key lookup + the page each; two leases (the first batch had 24 left)
    } finally {
      Object.assign(process.env, { RATE_LIMIT_PER_SECOND: saved.rate, RATE_LIMIT_BURST: saved.burst });
      resetConfigForTests();
    }
    count = 0;
    const refused = await call('GET', '/v1/products', {
      key: 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { 'x-forwarded-for': `10.9.${process.pid % 250}.${Date.now() % 250}` },
    });
    expect(refused.status).toBe(401);
    expect(count).toBe(2); // key lookup; the failure counted for the client address
  });

  it("a merchant's own rail account costs no round trip on create: the key lookup reads the enabled accounts, the adapter is made once per process", async () => {
    const lnd = await startFakeLnd('0201036c6e64aa');
    try {
      const m = await newMerchant(handle.db);
      const key = m.keys.test;
      await createRailAccount(
        handle.db,
        { merchantId: m.merchant.id, livemode: false },
        {
          rail: 'btc_lightning',
          settings: { restUrl: lnd.url, macaroon: '0201036c6e64aa' },
        },
      );
      const body = { amount: 5000, currency: 'BTC', rail: 'btc_lightning' };
      await trips('GET', '/v1/payment_intents?limit=1', { key });
      // The first use in this process reads the account's version (its secrets opened once).
      expect(await trips('POST', '/v1/payment_intents', { key, body })).toBe(3);
      expect(await trips('POST', '/v1/payment_intents', { key, body })).toBe(2);
      expect(await trips('POST', '/v1/payment_intents', { key, body, headers: { 'idempotency-key': 'rt-ra-1' } })).toBe(2);
    } finally {
      await lnd.close();
    }
  });
});
