// Every rail's simulator x every way a refund can end, through the API in test mode: full and
// partial, succeeded, failed, canceled, and the merchant's own refund where the rail needs one.
// Each case ends with the money invariant (what the simulated backend gave back == amountRefunded).
import { beforeAll, describe, expect, it } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  m = await newMerchant(db(), 'Refund matrix shop');
});
const post = (path: string, body: object = {}) => call('POST', path, { key: m.keys.test, body });
const get = (path: string) => call('GET', path, { key: m.keys.test });

const RAILS = [
  { rail: 'mobile_money_a', currency: 'XOF', amount: 10_000, how: 'send' },
  { rail: 'mobile_money_b', currency: 'XOF', amount: 10_000, how: 'manual' }, // Orange Money: no refund API
  { rail: 'mobile_money_c', currency: 'XAF', amount: 10_000, how: 'send' },
  { rail: 'mobile_money_d', currency: 'XOF', amount: 10_000, how: 'send' }, // Wave
  { rail: 'btc_lightning', currency: 'BTC', amount: 100_000, how: 'claim' },
  { rail: 'btc_onchain', currency: 'BTC', amount: 100_000, how: 'claim' },
  { rail: 'usdt_trc20', currency: 'USDT', amount: 10_000_000, how: 'claim' },
] as const;

async function paid(rail: string, currency: string, amount: number) {
  const pi = await newIntent(m.keys.test, { amount, currency, rail });
  const r = await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`);
  expect(r.status).toBe(200);
  for (let t = now(); (await get(`/v1/payment_intents/${pi.id}`)).body.amountReceived === 0 && t < now() + 600; t += 30)
    await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
  return pi.id as string;
}

async function settle(id: string) {
  for (let t = now() + 5; t < now() + 200; t += 5) {
    await pollDueRefunds(db(), t, { merchantId: m.merchant.id });
    const r = (await get(`/v1/refunds/${id}`)).body;
    if (r.status !== 'pending') return r;
  }
  return (await get(`/v1/refunds/${id}`)).body;
}

describe.each(RAILS)('$rail', ({ rail, currency, amount, how }) => {
  it('a partial refund then the rest, both succeeded', async () => {
    const pi = await paid(rail, currency, amount);
    const part = (await post('/v1/refunds', { paymentIntentId: pi, amount: amount / 4 })).body;
    expect(part).toMatchObject({ amount: amount / 4, rail, status: how === 'send' ? 'pending' : 'requires_action' });
    expect(part.nextAction?.type ?? null).toBe(how === 'manual' ? 'manual_refund' : how === 'claim' ? 'refund_claim' : null);
    const first =
      how === 'manual'
        ? (await post(`/v1/refunds/${part.id}/mark_succeeded`, { operatorReference: `OM-${part.id}` })).body
        : how === 'claim'
          ? (await post(`/v1/test_helpers/refunds/${part.id}/claim`), await settle(part.id))
          : await settle(part.id);
    expect(first.status).toBe('succeeded');
    const rest = (await post('/v1/refunds', { paymentIntentId: pi })).body;
    expect(rest.amount).toBe(amount - amount / 4);
    expect((await post(`/v1/test_helpers/refunds/${rest.id}/succeed`)).body.status).toBe('succeeded');
    expect((await get(`/v1/payment_intents/${pi}`)).body).toMatchObject({ amountReceived: amount, amountRefunded: amount });
    await assertMoneyInvariant(db(), pi, { paid: amount, refunded: amount, noRepoll: true });
  });

  it('failed at the backend, or canceled before anything went out: refundable again, nothing recorded', async () => {
    const pi = await paid(rail, currency, amount);
    const a = (await post('/v1/refunds', { paymentIntentId: pi, amount: amount / 2 })).body;
    if (how === 'send') {
      // Sent at once: it can no longer be canceled; the backend refuses it.
      expect((await post(`/v1/refunds/${a.id}/cancel`)).status).toBe(409);
      expect((await post(`/v1/test_helpers/refunds/${a.id}/fail`)).body).toMatchObject({ status: 'failed', failureReason: 'refund_declined' });
    } else {
      expect((await post(`/v1/refunds/${a.id}/cancel`)).body).toMatchObject({ status: 'canceled', nextAction: null });
    }
    if (how === 'claim') {
      const b = (await post('/v1/refunds', { paymentIntentId: pi, amount: amount / 2 })).body;
      expect((await post(`/v1/test_helpers/refunds/${b.id}/fail`)).body).toMatchObject({ status: 'failed' });
    }
    expect((await post('/v1/refunds', { paymentIntentId: pi })).body.amount).toBe(amount);
    await assertMoneyInvariant(db(), pi, { paid: amount, refunded: 0, noRepoll: true });
  });
});
