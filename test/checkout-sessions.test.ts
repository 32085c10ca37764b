import { beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
});

const intent = async (k = key) => (await call('POST', '/v1/payment_intents', { key: k, body: { amount: 2500, currency: 'XOF', rail: 'mobile_money_a' } })).body;
const price = async (opts: { active?: boolean; productActive?: boolean } = {}) => {
  const p = (await call('POST', '/v1/products', { key, body: { name: 'Panier', active: opts.productActive ?? true } })).body;
  return (await call('POST', '/v1/prices', { key, body: { productId: p.id, currency: 'USDT', unitAmount: 12_500_000, active: opts.active ?? true } })).body;
};

describe('checkout sessions', () => {
  it('creates a session from a payment intent with every field', async () => {
    const pi = await intent();
    const now = Math.floor(Date.now() / 1000);
    const r = await call('POST', '/v1/checkout_sessions', {
      key,
      body: { paymentIntentId: pi.id, successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/back', locale: 'fr', metadata: { cart: '9' } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^cs_[0-9A-Za-z]{22}$/),
      object: 'checkout_session',
      url: `http://localhost:3000/checkout/${r.body.id}`,
      status: 'open',
      paymentIntentId: pi.id,
      priceId: null,
      paymentLinkId: null,
      amount: 2500,
      currency: 'XOF',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/back',
      locale: 'fr',
      metadata: { cart: '9' },
      expiresAt: expect.any(Number),
      livemode: false,
      createdAt: expect.any(Number),
    });
    expect(r.body.expiresAt - now).toBeGreaterThanOrEqual(24 * 3600 - 5);
    expect(r.body.expiresAt - now).toBeLessThanOrEqual(24 * 3600 + 5);
    expect((await call('GET', `/v1/checkout_sessions/${r.body.id}`, { key })).body).toEqual(r.body);
  });

  it('creates a session from a price, with no intent until the buyer picks a rail', async () => {
    const pr = await price();
    const r = await call('POST', '/v1/checkout_sessions', { key, body: { priceId: pr.id } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      priceId: pr.id,
      paymentIntentId: null,
      amount: 12_500_000,
      currency: 'USDT',
      locale: 'auto',
      successUrl: null,
      cancelUrl: null,
    });
  });

  it('needs exactly one of paymentIntentId and priceId', async () => {
    const pi = await intent();
    const pr = await price();
    const both = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id, priceId: pr.id } });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('parameters_exclusive');
    const neither = await call('POST', '/v1/checkout_sessions', { key, body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.error.code).toBe('parameter_missing');
  });

  it('refuses an intent that is not awaiting payment, an inactive price, a missing object', async () => {
    const pi = await intent();
    await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key });
    const canceled = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } });
    expect(canceled.body.error).toMatchObject({ code: 'parameter_invalid', param: 'paymentIntentId' });
    const inactive = await call('POST', '/v1/checkout_sessions', { key, body: { priceId: (await price({ active: false })).id } });
    expect(inactive.body.error).toMatchObject({ code: 'parameter_invalid', param: 'priceId' });
    const inactiveProduct = await call('POST', '/v1/checkout_sessions', { key, body: { priceId: (await price({ productActive: false })).id } });
    expect(inactiveProduct.body.error).toMatchObject({ code: 'parameter_invalid', param: 'priceId' });
    const missing = await call('POST', '/v1/checkout_sessions', { key, body: { priceId: 'price_missing00000000000' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'priceId' });
  });

  it('allows one open session per intent', async () => {
    const pi = await intent();
    const first = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } });
    const second = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } });
    expect(second.status).toBe(400);
    expect(second.body.error.message).toContain(first.body.id);
  });

  it('validates expiresAt (30 min to 24 h), urls and locale', async () => {
    const now = Math.floor(Date.now() / 1000);
    const pr = await price();
    const ok = await call('POST', '/v1/checkout_sessions', { key, body: { priceId: pr.id, expiresAt: now + 3600 } });
    expect(ok.body.expiresAt).toBe(now + 3600);
    for (const body of [
      { priceId: pr.id, expiresAt: now + 60 },
      { priceId: pr.id, expiresAt: now + 25 * 3600 },
      { priceId: pr.id, expiresAt: 'tomorrow' },
      { priceId: pr.id, successUrl: 'javascript:alert(1)' },
      { priceId: pr.id, cancelUrl: 'not a url' },
      { priceId: pr.id, locale: 'de' },
    ]) {
      const r = await call('POST', '/v1/checkout_sessions', { key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.param, JSON.stringify(body)).toBe(Object.keys(body)[1]);
    }
  });

  it('expires a session; the intent fails with it; expiring twice is a 409', async () => {
    const pi = await intent();
    const { body: cs } = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } });
    const e = await call('POST', `/v1/checkout_sessions/${cs.id}/expire`, { key });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ id: cs.id, status: 'expired' });
    const after = (await call('GET', `/v1/payment_intents/${pi.id}`, { key })).body;
    expect(after.status).toBe('failed');
    expect(after.lastPaymentError).toMatchObject({ code: 'session_expired' });
    const again = await call('POST', `/v1/checkout_sessions/${cs.id}/expire`, { key });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('unexpected_state');
    const types = (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' in ($1, $2)`, [pi.id, cs.id]))
      .map((r) => r.type)
      .sort();
    expect(types).toEqual(['checkout_session.expired', 'payment_intent.created', 'payment_intent.failed']);
  });

  it('canceling the intent expires its open session', async () => {
    const pi = await intent();
    const { body: cs } = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } });
    await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key });
    expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key })).body.status).toBe('expired');
  });

  it('lists sessions filtered by status and paymentIntentId', async () => {
    const k = (await newMerchant(db())).keys.test;
    const pi = await intent(k);
    const { body: a } = await call('POST', '/v1/checkout_sessions', { key: k, body: { paymentIntentId: pi.id } });
    await call('POST', `/v1/checkout_sessions/${a.id}/expire`, { key: k });
    const pi2 = await intent(k);
    const { body: b } = await call('POST', '/v1/checkout_sessions', { key: k, body: { paymentIntentId: pi2.id } });
    const ids = async (q: string) => (await call('GET', `/v1/checkout_sessions${q}`, { key: k })).body.data.map((x: any) => x.id);
    expect(await ids('?status=open')).toEqual([b.id]);
    expect(await ids('?status=expired')).toEqual([a.id]);
    expect(await ids(`?paymentIntentId=${pi2.id}`)).toEqual([b.id]);
  });
});
