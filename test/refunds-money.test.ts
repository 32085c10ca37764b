// The refund rules where money is at stake: two refunds racing on one intent never give back more
// than it received (50 at once; on PostgreSQL they really run together), a converted payment given
// back at its quote and at today's rate, a late payment on a canceled intent refunded, and the
// claim's timeouts (an intent paid in two payments: lib/refunds/amounts.test.ts). Each ends with the money invariant.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { createRefund } from '@/lib/refunds/create';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { testClaimRefund } from '@/lib/refunds/test-helpers';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
const scope = () => ({ merchantId: m.merchant.id, livemode: false });
beforeAll(async () => {
  m = await newMerchant(db(), 'Refund money shop');
});
afterEach(() => {
  delete process.env.TEST_RATE_XOF_PER_USDT;
  resetConfigForTests();
});

const get = (path: string) => call('GET', path, { key: m.keys.test });
const post = (path: string, body: object = {}) => call('POST', path, { key: m.keys.test, body });

describe('racing refunds', () => {
  it('50 refunds at once on one intent: together never more than was received', async () => {
    const pi = await newIntent(m.keys.test, { amount: 3000, currency: 'XOF', rail: 'mobile_money_a' });
    await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => createRefund(db(), scope(), { paymentIntentId: pi.id, amount: 100, rate: 'quote', metadata: {} })),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(made).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect((r.reason as { code?: string }).code).toBe('amount_too_large');
    const [{ held }] = (await db().query<{ held: string }>(
      `select coalesce(sum(amount), 0)::text as held from refunds where payment_intent_id = $1 and status not in ('failed', 'canceled')`,
      [pi.id],
    )) as [{ held: string }];
    expect(Number(held)).toBe(3000);
    for (let t = now() + 5; t < now() + 60; t += 5) await pollDueRefunds(db(), t, { merchantId: m.merchant.id, limit: 100 });
    await assertMoneyInvariant(db(), pi.id, { paid: 3000, refunded: 3000, noRepoll: true });
  });
});

describe('a converted payment (francs paid in USDT)', () => {
  async function paidInUsdt(amount: number) {
    const pi = await newIntent(m.keys.test, { amount, currency: 'XOF', rail: 'usdt_trc20' });
    const t0 = now();
    await testPay(db(), scope(), pi.id, {}, { now: t0 });
    await pollDueAttempts(db(), t0 + 600, { merchantId: m.merchant.id });
    const intent = (await get(`/v1/payment_intents/${pi.id}`)).body;
    expect(intent.amountReceived).toBe(amount);
    return intent;
  }

  it("at the quote's rate (the default): the buyer gets back what they sent for that part; the parts add up exactly", async () => {
    // 10,000 XOF at 600 XOF/USDT: a quote of 16.666667 USDT (rounded up).
    const pi = await paidInUsdt(10_000);
    expect(pi.latestQuote).toMatchObject({ amount: 16_666_667, rate: '600', received: 16_666_667 });
    const a = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 3000 });
    expect(a.body).toMatchObject({ amount: 3000, settlementAmount: 5_000_000, settlementCurrency: 'USDT', rate: '600', rateSource: 'quote' });
    const b = await post('/v1/refunds', { paymentIntentId: pi.id });
    // The rest of the payment's money, to the micro-unit: 3,000 + 7,000 XOF give back all 16.666667 USDT.
    expect(b.body).toMatchObject({ amount: 7000, settlementAmount: 11_666_667 });
    await post(`/v1/test_helpers/refunds/${a.body.id}/succeed`);
    await post(`/v1/test_helpers/refunds/${b.body.id}/succeed`);
    await assertMoneyInvariant(db(), pi.id, { paid: 10_000, refunded: 10_000, refundedSettlement: 16_666_667, noRepoll: true });
  });

  it("at today's rate: the same francs, converted now", async () => {
    const pi = await paidInUsdt(6000);
    process.env.TEST_RATE_XOF_PER_USDT = '500';
    resetConfigForTests();
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 6000, rate: 'current' });
    expect(r.body).toMatchObject({ amount: 6000, settlementAmount: 12_000_000, rate: '500', rateSource: 'current' });
    const atQuote = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1 });
    expect(atQuote.status).toBe(400); // all 6,000 XOF are held by the first refund
    await post(`/v1/test_helpers/refunds/${r.body.id}/succeed`);
    await assertMoneyInvariant(db(), pi.id, { paid: 6000, refunded: 6000, refundedSettlement: 12_000_000, noRepoll: true });
  });
});

describe('late money', () => {
  it('a late payment on a canceled intent is refundable (the most common reason to refund)', async () => {
    const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope(), pi.id, {}, { now: t0 });
    await cancelPaymentIntent(db(), scope(), pi.id);
    const [watched] = await attemptsOf(db(), pi.id);
    await testPay(db(), scope(), pi.id, { amount: 10_000 }, { now: watched!.next_poll_at! });
    await pollDueAttempts(db(), watched!.next_poll_at! + 60, { merchantId: m.merchant.id });
    expect((await get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'canceled', amountReceived: 10_000 });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, reason: 'other' });
    expect(r.body).toMatchObject({ amount: 10_000, status: 'requires_action', settlementAmount: 10_000 });
    expect((await post(`/v1/test_helpers/refunds/${r.body.id}/succeed`)).body.status).toBe('succeeded');
    expect((await get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'canceled', amountReceived: 10_000, amountRefunded: 10_000 });
    await assertMoneyInvariant(db(), pi.id, { paid: 10_000, refunded: 10_000, noRepoll: true });
  });
});

describe('claim timeouts', () => {
  it('an unclaimed refund is canceled when its link ends; a claimed invoice that expires unpaid goes back to the payer', async () => {
    const pi = await newIntent(m.keys.test, { amount: 30_017, currency: 'BTC', rail: 'btc_lightning' });
    await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`);
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 10_000 });
    const expires = r.body.nextAction.expiresAt;
    await pollDueRefunds(db(), expires - 1, { merchantId: m.merchant.id });
    expect((await get(`/v1/refunds/${r.body.id}`)).body.status).toBe('requires_action');
    await pollDueRefunds(db(), expires, { merchantId: m.merchant.id });
    expect((await get(`/v1/refunds/${r.body.id}`)).body).toMatchObject({ status: 'canceled', failureReason: 'claim_expired' });

    // Amount ending in 17: the simulated node cannot pay; the merchant must, before the invoice ends.
    const r2 = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 10_017 });
    const claimed = await testClaimRefund(db(), scope(), r2.body.id, {});
    expect(claimed.nextAction?.type).toBe('send_payment');
    const invoiceEnds = (claimed.nextAction as { expiresAt: number }).expiresAt;
    await pollDueRefunds(db(), invoiceEnds, { merchantId: m.merchant.id });
    const back = (await get(`/v1/refunds/${r2.body.id}`)).body;
    expect(back.status).toBe('requires_action');
    expect(back.nextAction.type).toBe('refund_claim');
    expect(back.nextAction.claimUrl).toBe(r2.body.nextAction.claimUrl);
    await assertMoneyInvariant(db(), pi.id, { paid: 30_017, refunded: 0, noRepoll: true });
  });
});
