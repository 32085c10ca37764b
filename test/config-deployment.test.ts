// Issue 11, items 9 and 10: what a deployment must not share with others (test-mode address keys),
// what it refuses at start (WORKER=off on the embedded database) and at creation (a live intent on a
// rail it has not configured), and the expiry a payer sees on address rails.
import { describe, expect, it } from 'vitest';
import { assertStartable, loadTestKeys } from '@/lib/boot';
import { openDatabase } from '@/lib/db/client';
import { railAdapter, resetRailsForTests } from '@/lib/rails/registry';
import { ZPUB } from './adapter-helpers';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';

const { db } = useDatabase();

// The public test vectors every installation handed out before (BIP84 vpub, "abandon ... about").
const PUBLIC_VECTOR_BTC = 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl';
const PUBLIC_VECTOR_TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describe('start-up refuses WORKER=off on the embedded database (item 10)', () => {
  it('WORKER=off without DATABASE_URL is refused with a message that says why and what to do', () => {
    expect(() => assertStartable({ WORKER: 'off', DATABASE_URL: undefined })).toThrow(/WORKER=off needs DATABASE_URL.*npm run worker/s);
    expect(() => assertStartable({ WORKER: 'off', DATABASE_URL: 'postgres://db/caisse' })).not.toThrow();
    expect(() => assertStartable({ WORKER: 'on', DATABASE_URL: undefined })).not.toThrow();
  });
});

describe("test-mode addresses come from this deployment's own key (item 9)", () => {
  it('the seed migration 0009 made is in the database; loaded, addresses are not the public vectors', async () => {
    const [row] = await db().query<{ seed: string }>(`select seed from deployment_keys where name = 'test_rails'`);
    expect(row!.seed).toMatch(/^[0-9a-f]{64}$/);
    await loadTestKeys(db());
    const btc = railAdapter('btc_onchain', false)!.deriveAddress!(0);
    const tron = railAdapter('usdt_trc20', false)!.deriveAddress!(0);
    expect(btc).toMatch(/^tb1q/);
    expect(btc).not.toBe(PUBLIC_VECTOR_BTC);
    expect(tron).not.toBe(PUBLIC_VECTOR_TRON);
    // Another instance on the same database (a restart, a second server) derives the same addresses.
    resetRailsForTests();
    await loadTestKeys(db());
    expect(railAdapter('btc_onchain', false)!.deriveAddress!(0)).toBe(btc);
    expect(railAdapter('usdt_trc20', false)!.deriveAddress!(0)).toBe(tron);
  });

  it('another deployment (another database) gets another seed, so other addresses', async () => {
    await loadTestKeys(db());
    const mine = railAdapter('btc_onchain', false)!.deriveAddress!(0);
    const other = await openDatabase({ dataDir: 'memory' });
    try {
      await loadTestKeys(other.db);
      expect(railAdapter('btc_onchain', false)!.deriveAddress!(0)).not.toBe(mine);
    } finally {
      await other.close();
      await loadTestKeys(db());
    }
  });

  it('an intent paid in test mode is given an address of that key, with the expiry of the attempt (nextAction.expiresAt)', async () => {
    await loadTestKeys(db());
    const m = await newMerchant(db());
    const expected = new Set(Array.from({ length: 200 }, (_, i) => railAdapter('btc_onchain', false)!.deriveAddress!(i)));
    for (const [rail, currency, amount] of [
      ['btc_onchain', 'BTC', 50_000],
      ['usdt_trc20', 'USDT', 1_000_000],
    ] as const) {
      const pi = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount, currency, rail } });
      const r = await call('POST', `/v1/payment_intents/${pi.body.id}/confirm`, { key: m.keys.test, body: {} });
      expect(r.status).toBe(200);
      const na = r.body.nextAction;
      expect(na.type).toBe(rail === 'btc_onchain' ? 'bitcoin_address' : 'tron_address');
      const [att] = await db().query<{ expires_at: number }>(`select expires_at from payment_attempts where payment_intent_id = $1`, [pi.body.id]);
      expect(na.expiresAt).toBe(att!.expires_at);
      expect(typeof na.expiresAt).toBe('number');
      if (rail === 'btc_onchain') expect(expected.has(na.address)).toBe(true);
      else expect(na.address).not.toBe(PUBLIC_VECTOR_TRON);
    }
  });
});

describe('a live intent on a rail this deployment has not configured is refused at creation (item 10)', () => {
  // Creating an intent calls no backend: the Esplora URL need not answer.
  useLiveConfig(() => ({ BTC_XPUB: ZPUB, ESPLORA_URL: 'http://127.0.0.1:9' }));

  it('400 rail_not_configured naming the rail; a configured live rail and every test rail are accepted', async () => {
    const m = await newMerchant(db());
    const refused = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 2000, currency: 'BTC', rail: 'btc_lightning' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rail_not_configured', param: 'rail' });
    expect(refused.body.error.message).toMatch(
      /Rail btc_lightning is not configured for live payments on this account: connect your own btc_lightning account/,
    );
    const mm = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 1500, currency: 'XOF', rail: 'mobile_money_a' } });
    expect(mm.body.error?.code).toBe('rail_not_configured');
    // Nothing was written for them.
    expect(await db().query(`select 1 from payment_intents where merchant_id = $1`, [m.merchant.id])).toHaveLength(0);
    const ok = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' } });
    expect(ok.status).toBe(200);
    const test = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 2000, currency: 'BTC', rail: 'btc_lightning' } });
    expect(test.status).toBe(200);
  });
});
