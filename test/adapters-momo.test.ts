// The MTN MoMo RequestToPay adapter against its fake server, and live mobile money through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { handleMobileMoneyCallback } from '@/lib/domain/callbacks';
import { availableRails, pollDueAttempts } from '@/lib/domain/lifecycle';
import { MomoAdapter } from '@/lib/rails/mobile-money/momo';
import { resetRailsForTests } from '@/lib/rails/registry';
import { BackendError } from '@/lib/rails/types';
import { input, view } from './adapter-helpers';
import { call, newMerchant, useDatabase } from './api';
import { startFakeMomo } from './fakes/momo';
import { eventTypes, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

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
