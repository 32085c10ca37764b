// Each live adapter against its fake server: the happy path, a backend that times out, one that
// answers garbage, and a callback sent twice. Plus live mode end to end through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { handleMobileMoneyCallback } from '@/lib/domain/callbacks';
import { availableRails, claimDueAttempts, pollDueAttempts } from '@/lib/domain/lifecycle';
import { LndAdapter } from '@/lib/rails/lightning/lnd';
import { MomoAdapter } from '@/lib/rails/mobile-money/momo';
import { isP2wpkhAddress } from '@/lib/rails/onchain/bip84';
import { EsploraAdapter } from '@/lib/rails/onchain/esplora';
import { resetRailsForTests } from '@/lib/rails/registry';
import { TronGridAdapter } from '@/lib/rails/tron/trongrid';
import { isTronAddress } from '@/lib/rails/tron/address';
import { BackendError, type AttemptView, type PromptInput } from '@/lib/rails/types';
import { call, newMerchant, useDatabase } from './api';
import { startFakeEsplora } from './fakes/esplora';
import { startFakeLnd } from './fakes/lnd';
import { startFakeMomo } from './fakes/momo';
import { startFakeTronGrid } from './fakes/trongrid';
import { eventTypes, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const TRON_XPUB = 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

function input(over: Partial<PromptInput>): PromptInput {
  const t = now();
  return { attemptId: 'att_test1234567890', intentId: 'pi_test1234567890', rail: 'mobile_money_a', amount: 1500, currency: 'XOF', description: 'Test', expiresAt: t + 3600, now: t, ...over };
}
const view = (p: { destination: string; backendRef: string; details: Record<string, unknown>; expiresAt: number | null }, over: Partial<AttemptView> = {}): AttemptView => ({
  id: 'att_test1234567890', rail: 'mobile_money_a', amount: 1500, currency: 'XOF', createdAt: now(), ...p, ...over,
});

describe('MoMo RequestToPay adapter (fake server)', () => {
  it('sends the request, maps PENDING / SUCCESSFUL / FAILED, and reads the callback', async () => {
    const fake = await startFakeMomo();
    try {
      const a = new MomoAdapter('mobile_money_a', { baseUrl: fake.url, subscriptionKey: 'sub-key', apiUser: 'api-user', apiKey: 'api-key', targetEnvironment: 'sandbox', timeoutMs: 2000 });
      const p = await a.createPrompt(input({ phone: '+2250554120000' }));
      expect(p.backendRef).toMatch(/^[0-9a-f-]{36}$/);
      const sent = fake.payments.get(p.backendRef)!;
      expect(sent.body).toMatchObject({ amount: '1500', currency: 'XOF', externalId: 'att_test1234567890', payer: { partyIdType: 'MSISDN', partyId: '2250554120000' } });
      expect(await a.getStatus(view(p))).toMatchObject({ state: 'pending' });
      fake.settle('0000', 'SUCCESSFUL');
      expect(await a.getStatus(view(p))).toMatchObject({ state: 'confirmed', received: 1500 });

      const q = await a.createPrompt(input({ phone: '+2250554123333' }));
      fake.settle('3333', 'FAILED', 'NOT_ENOUGH_FUNDS');
      expect(await a.getStatus(view(q))).toMatchObject({ state: 'failed', error: { code: 'insufficient_funds' } });

      // A resend makes a new reference; success on either counts.
      const r = await a.createPrompt(input({ phone: '+2250554124444' }));
      const r2 = await a.resend(view(r), now());
      expect(r2.backendRef).not.toBe(r.backendRef);
      expect(fake.payments.size).toBe(4);
      fake.payments.get(r.backendRef)!.status = 'SUCCESSFUL';
      expect(await a.getStatus(view(r2))).toMatchObject({ state: 'confirmed' });

      const cb = JSON.stringify({ externalId: 'att_abc', status: 'SUCCESSFUL' });
      expect(await a.parseCallback({ headers: new Headers(), rawBody: cb })).toEqual({ attemptId: 'att_abc' });
      await expect(a.parseCallback({ headers: new Headers(), rawBody: 'nope' })).rejects.toBeInstanceOf(BackendError);
    } finally {
      await fake.close();
    }
  });

  it('a backend that times out, answers garbage, or refuses the credentials is a BackendError', async () => {
    const fake = await startFakeMomo();
    try {
      const cfg = { baseUrl: fake.url, subscriptionKey: 'sub-key', apiUser: 'api-user', apiKey: 'api-key', targetEnvironment: 'sandbox', timeoutMs: 300 };
      fake.mode = 'timeout';
      const t = Date.now();
      await expect(new MomoAdapter('mobile_money_a', cfg).createPrompt(input({ phone: '+2250554120000' }))).rejects.toBeInstanceOf(BackendError);
      expect(Date.now() - t).toBeLessThan(2000);
      fake.mode = 'garbage';
      await expect(new MomoAdapter('mobile_money_a', cfg).createPrompt(input({ phone: '+2250554120000' }))).rejects.toThrow(/not JSON/);
      fake.mode = 'ok';
      await expect(new MomoAdapter('mobile_money_a', { ...cfg, apiKey: 'wrong' }).createPrompt(input({ phone: '+2250554120000' }))).rejects.toThrow(/401/);
    } finally {
      await fake.close();
    }
  });
});

describe('LND REST adapter (fake LND)', () => {
  it('creates an invoice, looks it up, maps OPEN / SETTLED / CANCELED and expiry', async () => {
    const fake = await startFakeLnd('abcdef0123');
    try {
      const a = new LndAdapter({ restUrl: fake.url, macaroonHex: 'abcdef0123', timeoutMs: 2000 });
      const t = now();
      const p = await a.createPrompt(input({ rail: 'btc_lightning', currency: 'BTC', amount: 2100, expiresAt: t + 600, now: t }));
      expect(p.backendRef).toMatch(/^[0-9a-f]{64}$/);
      expect(p.expiresAt).toBe(t + 600);
      expect(fake.invoices.get(p.backendRef)).toMatchObject({ value: 2100, expiry: 600 });
      const v = view(p, { rail: 'btc_lightning', currency: 'BTC', amount: 2100 });
      expect(await a.getStatus(v, t)).toMatchObject({ state: 'waiting' });
      expect(await a.getStatus(v, t + 601)).toMatchObject({ state: 'expired' });
      fake.settle(p.backendRef);
      expect(await a.getStatus(v, t)).toMatchObject({ state: 'confirmed', received: 2100 });
      fake.invoices.get(p.backendRef)!.state = 'CANCELED';
      expect(await a.getStatus(v, t)).toMatchObject({ state: 'expired' });
      await expect(new LndAdapter({ restUrl: fake.url, macaroonHex: 'ff', timeoutMs: 2000 }).createPrompt(input({ rail: 'btc_lightning', currency: 'BTC' }))).rejects.toBeInstanceOf(BackendError);
    } finally {
      await fake.close();
    }
  });

  it('times out and rejects garbage', async () => {
    const fake = await startFakeLnd('aa');
    try {
      const a = new LndAdapter({ restUrl: fake.url, macaroonHex: 'aa', timeoutMs: 300 });
      fake.mode = 'timeout';
      await expect(a.createPrompt(input({ rail: 'btc_lightning', currency: 'BTC' }))).rejects.toThrow(/timed out/);
      fake.mode = 'garbage';
      await expect(a.getStatus(view({ destination: 'ln', backendRef: '00'.repeat(32), details: {}, expiresAt: null }), now())).rejects.toBeInstanceOf(BackendError);
    } finally {
      await fake.close();
    }
  });
});

describe('Esplora adapter (fake Esplora)', () => {
  it('derives mainnet addresses and counts outputs with the configured confirmations', async () => {
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 3, timeoutMs: 2000 });
      expect(a.deriveAddress(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
      const address = a.deriveAddress(5);
      expect(isP2wpkhAddress(address, 'mainnet')).toBe(true);
      const p = await a.createPrompt(input({ rail: 'btc_onchain', currency: 'BTC', amount: 50_000, address }));
      const v = view(p, { rail: 'btc_onchain', currency: 'BTC', amount: 50_000 });
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting', received: 0, seen: 0 });
      const txid = fake.send(address, 50_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 50_000, confirmations: 0 });
      fake.confirm(txid, fake.tip); // 1 confirmation of 3
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', seen: 50_000, confirmations: 1 });
      fake.tip += 2;
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 50_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('refuses testnet keys for live, times out, and rejects garbage', async () => {
    expect(() => new EsploraAdapter({ url: 'http://127.0.0.1:1', xpub: 'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc', confirmations: 1, timeoutMs: 100 })).toThrow(/mainnet/);
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 1, timeoutMs: 300 });
      const v = view({ destination: a.deriveAddress(1), backendRef: '', details: {}, expiresAt: null }, { rail: 'btc_onchain' });
      fake.mode = 'garbage';
      await expect(a.getStatus(v)).rejects.toBeInstanceOf(BackendError);
      fake.mode = 'timeout';
      await expect(a.getStatus(v)).rejects.toThrow(/timed out/);
    } finally {
      await fake.close();
    }
  });
});

describe('Esplora adapter: long histories (defect 15)', () => {
  it('pages through /txs/chain/:last_seen_txid: every confirmed transaction counts', async () => {
    const fake = await startFakeEsplora();
    try {
      const a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 1, timeoutMs: 2000 });
      const address = a.deriveAddress(7);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'btc_onchain', currency: 'BTC', amount: 60_000 });
      for (let i = 0; i < 60; i++) fake.send(address, 1_000, fake.tip - i);
      fake.send(address, 500); // in the mempool
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 60_000, seen: 500 });
      expect(fake.requests.filter((r) => r.path.includes('/txs/chain/'))).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});

describe('TronGrid adapter (fake TronGrid)', () => {
  it('counts only solidified USDT transfers to the address, once each', async () => {
    const fake = await startFakeTronGrid('tg-key');
    try {
      const a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(0);
      expect(address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
      expect(isTronAddress(a.deriveAddress(9))).toBe(true);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 5_000_000 });
      expect(await a.getStatus(v)).toMatchObject({ state: 'waiting' });
      fake.send(address, 999, { contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', confirmed: true }); // another token: ignored
      const tx = fake.send(address, 5_000_000);
      expect(await a.getStatus(v)).toMatchObject({ state: 'pending', received: 0, seen: 5_000_000 });
      fake.solidify(tx);
      // The same transfer listed twice by the API is counted once.
      fake.transfers.push({ ...fake.transfers.find((t) => t.transaction_id === tx)! });
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 5_000_000, seen: 0 });
      expect(fake.requests.every((r) => r.headers['tron-pro-api-key'] === 'tg-key')).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('pages with meta.fingerprint, and counts two transfers of one transaction (defect 15)', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 2000 });
      const address = a.deriveAddress(3);
      const v = view({ destination: address, backendRef: address, details: {}, expiresAt: null }, { rail: 'usdt_trc20', currency: 'USDT', amount: 1_000_000 });
      for (let i = 0; i < 205; i++) fake.send(address, 1_000, { confirmed: true });
      const batch = fake.send(address, 2_000_000, { confirmed: true });
      fake.send(address, 3_000_000, { confirmed: true, txid: batch }); // a second transfer in the same transaction
      expect(await a.getStatus(v)).toMatchObject({ state: 'confirmed', received: 205_000 + 5_000_000, seen: 0 });
    } finally {
      await fake.close();
    }
  });

  it('times out and rejects garbage', async () => {
    const fake = await startFakeTronGrid();
    try {
      const a = new TronGridAdapter({ url: fake.url, xpub: TRON_XPUB, contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', timeoutMs: 300 });
      const v = view({ destination: a.deriveAddress(0), backendRef: '', details: {}, expiresAt: null }, { rail: 'usdt_trc20' });
      fake.mode = 'garbage';
      await expect(a.getStatus(v)).rejects.toBeInstanceOf(BackendError);
      fake.mode = 'timeout';
      await expect(a.getStatus(v)).rejects.toThrow(/timed out/);
    } finally {
      await fake.close();
    }
  });
});

describe('live mode through the API (fake MoMo)', () => {
  let fake: Awaited<ReturnType<typeof startFakeMomo>>;
  const saved = { ...process.env };
  beforeAll(async () => {
    fake = await startFakeMomo();
    Object.assign(process.env, {
      MOMO_A_BASE_URL: fake.url, MOMO_A_SUBSCRIPTION_KEY: 'sub-key', MOMO_A_API_USER: 'api-user', MOMO_A_API_KEY: 'api-key', RAIL_HTTP_TIMEOUT_MS: '300',
    });
    resetConfigForTests();
    resetRailsForTests();
  });
  afterAll(async () => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    resetConfigForTests();
    resetRailsForTests();
    await fake.close();
  });

  it('only configured live rails are offered', () => {
    expect(availableRails('XOF', true).map((r) => r.rail)).toEqual(['mobile_money_a']);
  });

  it('confirm sends the push; the callback (sent twice) leads to one success', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554120000' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'pending', livemode: true, nextAction: { type: 'mobile_money_prompt', phone: '+2250554120000' } });
    const attempt = (await db().query<{ id: string }>(`select id from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
    const cb = { headers: new Headers(), rawBody: JSON.stringify({ externalId: attempt.id, status: 'SUCCESSFUL' }) };
    await handleMobileMoneyCallback(db(), 'mobile_money_a', cb); // operator still says PENDING: a callback is not trusted
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body.status).toBe('pending');
    fake.settle('0000', 'SUCCESSFUL');
    await handleMobileMoneyCallback(db(), 'mobile_money_a', cb);
    await handleMobileMoneyCallback(db(), 'mobile_money_a', cb);
    await pollDueAttempts(db(), now() + 10, { merchantId: m.merchant.id });
    const after = (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body;
    expect(after).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    expect((await eventTypes(db(), pi.id)).filter((t) => t === 'payment_intent.succeeded')).toHaveLength(1);
    await expect(handleMobileMoneyCallback(db(), 'mobile_money_a', { headers: new Headers(), rawBody: '{}' })).rejects.toMatchObject({ status: 400 });
  });

  it('a backend that refuses the push answers rail_unavailable (503, never 500), and the rail is hidden', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    // A definite refusal (a timeout is not one: the push may have gone out, see lifecycle-regressions).
    fake.mode = 'unauthorized';
    const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554120000' } });
    fake.mode = 'ok';
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ type: 'api_error', code: 'rail_unavailable' });
    expect(availableRails('XOF', true)).toEqual([]);
    const rows = await db().query<{ status: string }>(`select status from payment_attempts where payment_intent_id = $1`, [pi.id]);
    expect(rows.map((x) => x.status)).toEqual(['failed']);
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body.status).toBe('requires_payment_method');
    // A live rail with no configuration is a 503 too.
    const btc = await newIntent(m.keys.live, { amount: 2000, currency: 'BTC', rail: 'btc_lightning' });
    expect((await call('POST', `/v1/payment_intents/${btc.id}/confirm`, { key: m.keys.live, body: {} })).status).toBe(503);
    resetRailsForTests();
  });
});

describe('worker concurrency', () => {
  it('two workers never claim the same attempt', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    for (let i = 0; i < 30; i++) {
      const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
      await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '0554122222' } });
    }
    const far = t0 + 100;
    await db().query(`update payment_attempts set locked_until = null, next_poll_at = $2 where merchant_id = $1`, [m.merchant.id, far - 1]);
    const [a, b, c] = await Promise.all([claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }), claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }), claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id })]);
    const all = [...a, ...b, ...c];
    expect(new Set(all).size).toBe(all.length);
    const mine = await db().query<{ id: string }>(`select id from payment_attempts where merchant_id = $1`, [m.merchant.id]);
    for (const row of mine) expect(all).toContain(row.id);
    // Leased rows are not handed out again until the lease ends.
    expect((await claimDueAttempts(db(), far, 100, { merchantId: m.merchant.id })).filter((id) => mine.some((r) => r.id === id))).toEqual([]);
  });
});
