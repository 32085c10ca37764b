import { beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
});

const create = (body: unknown, k = key) => call('POST', '/v1/payment_intents', { key: k, body });

describe('payment intents', () => {
  it('creates an intent with every field', async () => {
    const r = await create({
      amount: 5000,
      currency: 'XOF',
      rail: 'mobile_money_a',
      reference: 'CMD-42',
      description: 'Commande 42',
      metadata: { orderId: '42' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^pi_[0-9A-Za-z]{22}$/),
      object: 'payment_intent',
      amount: 5000,
      amountReceived: 0,
      currency: 'XOF',
      status: 'requires_payment_method',
      rail: 'mobile_money_a',
      reference: 'CMD-42',
      description: 'Commande 42',
      metadata: { orderId: '42' },
      lastPaymentError: null,
      canceledAt: null,
      livemode: false,
      createdAt: expect.any(Number),
    });
    expect((await call('GET', `/v1/payment_intents/${r.body.id}`, { key })).body).toEqual(r.body);
  });

  it('accepts each rail with its currency', async () => {
    const ok: [string, string, number][] = [
      ['mobile_money_a', 'XOF', 100],
      ['mobile_money_b', 'XAF', 5_000_000],
      ['mobile_money_c', 'GNF', 1000],
      ['mobile_money_d', 'XOF', 2500],
      ['btc_lightning', 'BTC', 1],
      ['btc_onchain', 'BTC', 1000],
      ['usdt_trc20', 'USDT', 1_000_000],
    ];
    for (const [rail, currency, amount] of ok) {
      const r = await create({ amount, currency, rail });
      expect(r.status, `${rail} ${currency}`).toBe(200);
      expect(r.body).toMatchObject({ rail, currency, amount, reference: null, metadata: {} });
    }
  });

  it('enforces the money rules: bounds per currency and rail, rail-currency table', async () => {
    const bad: [unknown, string, string][] = [
      [{ amount: 99, currency: 'XOF', rail: 'mobile_money_a' }, 'amount_too_small', 'amount'],
      [{ amount: 5_000_001, currency: 'XAF', rail: 'mobile_money_b' }, 'amount_too_large', 'amount'],
      [{ amount: 999, currency: 'GNF', rail: 'mobile_money_c' }, 'amount_too_small', 'amount'],
      [{ amount: 50_000_001, currency: 'GNF', rail: 'mobile_money_c' }, 'amount_too_large', 'amount'],
      [{ amount: 999, currency: 'BTC', rail: 'btc_onchain' }, 'amount_too_small', 'amount'],
      [{ amount: 1_000_000_001, currency: 'BTC', rail: 'btc_lightning' }, 'amount_too_large', 'amount'],
      [{ amount: 999_999, currency: 'USDT', rail: 'usdt_trc20' }, 'amount_too_small', 'amount'],
      [{ amount: 1_000_000_000_001, currency: 'USDT', rail: 'usdt_trc20' }, 'amount_too_large', 'amount'],
      [{ amount: 5000, currency: 'BTC', rail: 'mobile_money_a' }, 'rail_currency_mismatch', 'rail'],
      [{ amount: 5000, currency: 'USDT', rail: 'btc_lightning' }, 'rail_currency_mismatch', 'rail'],
      [{ amount: 50, currency: 'XOF', rail: 'btc_lightning' }, 'amount_too_small', 'amount'],
      [{ amount: 5_000_000, currency: 'USDT', rail: 'btc_onchain' }, 'rail_currency_mismatch', 'rail'],
      [{ amount: 5000, currency: 'XOF', rail: 'paypal' }, 'parameter_invalid', 'rail'],
      [{ amount: 5000, currency: 'EUR', rail: 'mobile_money_a' }, 'parameter_invalid', 'currency'],
      [{ amount: 0, currency: 'XOF', rail: 'mobile_money_a' }, 'parameter_invalid', 'amount'],
      [{ amount: 100.5, currency: 'XOF', rail: 'mobile_money_a' }, 'parameter_invalid', 'amount'],
      [{ currency: 'XOF', rail: 'mobile_money_a' }, 'parameter_missing', 'amount'],
      [{ amount: 5000, rail: 'mobile_money_a' }, 'parameter_missing', 'currency'],
      [{ amount: 5000, currency: 'XOF' }, 'parameter_missing', 'rail'],
      [{ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', customer: 'x' }, 'parameter_unknown', 'customer'],
      [{ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'r'.repeat(256) }, 'parameter_invalid', 'reference'],
    ];
    for (const [body, code, param] of bad) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error, JSON.stringify(body)).toMatchObject({ type: 'invalid_request_error', code, param });
    }
    const msg = (await create({ amount: 99, currency: 'XOF', rail: 'mobile_money_a' })).body.error.message;
    expect(msg).toContain('100');
    const mismatch = (await create({ amount: 5000, currency: 'BTC', rail: 'mobile_money_a' })).body.error.message;
    expect(mismatch).toContain('XOF');
  });

  it('cancels from requires_payment_method only, once', async () => {
    const { body: pi } = await create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    const c = await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ id: pi.id, status: 'canceled', canceledAt: expect.any(Number) });
    const again = await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ type: 'invalid_request_error', code: 'unexpected_state' });
    expect(again.body.error.message).toContain('canceled');
    const withParam = await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key, body: { reason: 'x' } });
    expect(withParam.body.error.code).toBe('parameter_unknown');
    expect((await call('POST', '/v1/payment_intents/pi_nope00000000000000000/cancel', { key })).status).toBe(404);
  });

  it('records an event for creation and cancellation in the same transaction', async () => {
    const { body: pi } = await create({ amount: 7000, currency: 'XAF', rail: 'mobile_money_b' });
    await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key });
    const rows = await db().query<{ type: string; data: any }>(`select type, data from events where data->'object'->>'id' = $1 order by created_at, type`, [
      pi.id,
    ]);
    expect(rows.map((r) => r.type).sort()).toEqual(['payment_intent.canceled', 'payment_intent.created']);
    expect(rows.find((r) => r.type === 'payment_intent.created')!.data.object).toEqual(pi);
  });

  it('filters the list by status, rail, currency and reference', async () => {
    const k = (await newMerchant(db())).keys.test;
    const a = (await create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'R1' }, k)).body;
    const b = (await create({ amount: 5000, currency: 'BTC', rail: 'btc_lightning', reference: 'R2' }, k)).body;
    await call('POST', `/v1/payment_intents/${a.id}/cancel`, { key: k });
    const ids = async (q: string) => (await call('GET', `/v1/payment_intents${q}`, { key: k })).body.data.map((x: any) => x.id);
    expect(await ids('?status=canceled')).toEqual([a.id]);
    expect(await ids('?rail=btc_lightning')).toEqual([b.id]);
    expect(await ids('?currency=XOF')).toEqual([a.id]);
    expect(await ids('?reference=R2')).toEqual([b.id]);
    expect((await ids('')).sort()).toEqual([a.id, b.id].sort());
    const bad = await call('GET', '/v1/payment_intents?status=done', { key: k });
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'status' });
    const unknown = await call('GET', '/v1/payment_intents?colour=red', { key: k });
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });
});
