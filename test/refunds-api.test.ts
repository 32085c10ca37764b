// Refunds through the API in test mode, on every rail's simulator: full and partial, the state
// table's paths (sent and confirmed, declined, manual, claimed and paid, claimed and sent by the
// merchant, canceled), the amount rules, the events, and the money invariant extended to refunds.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  m = await newMerchant(db(), 'Refund shop');
});

const post = (path: string, body: object = {}, key = m.keys.test) => call('POST', path, { key, body });
const get = (path: string) => call('GET', path, { key: m.keys.test });

async function paidIntent(body: Record<string, unknown>, pay: Record<string, unknown> = {}) {
  const pi = await newIntent(m.keys.test, body);
  const r = await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`, pay);
  if (r.status !== 200) throw new Error(`pay: ${JSON.stringify(r.body)}`);
  // Address rails count money once confirmed: the simulated chain's blocks come with time.
  for (let t = now(); t < now() + 600 && (await get(`/v1/payment_intents/${pi.id}`)).body.amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
  return (await get(`/v1/payment_intents/${pi.id}`)).body as { id: string; amountReceived: number; [k: string]: any };
}

/** Worker passes until the refund leaves `pending` (the simulators answer ~3 s after a send). */
async function settle(id: string, t0: number) {
  for (let t = t0; t < t0 + 400; t += 5) {
    await pollDueRefunds(db(), t, { merchantId: m.merchant.id });
    const r = (await get(`/v1/refunds/${id}`)).body;
    if (r.status !== 'pending') return r;
  }
  return (await get(`/v1/refunds/${id}`)).body;
}

const refundEvents = async (id: string) =>
  (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by created_at, seq`, [id])).map((r) => r.type);

describe('mobile money (MTN simulator): sent, asked about, recorded once', () => {
  it('a partial then the rest: amountRefunded follows, nothing more is refundable', async () => {
    const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    expect(pi.status).toBe('succeeded');
    const first = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 2000, reason: 'requested_by_customer', metadata: { order: 'A1' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      object: 'refund',
      paymentIntentId: pi.id,
      amount: 2000,
      currency: 'XOF',
      status: 'pending',
      reason: 'requested_by_customer',
      rail: 'mobile_money_a',
      railAccountId: null,
      settlementAmount: 2000,
      settlementCurrency: 'XOF',
      rate: null,
      nextAction: null,
      metadata: { order: 'A1' },
      livemode: false,
    });
    expect(first.body.id).toMatch(/^re_/);
    const done = await settle(first.body.id, now() + 5);
    expect(done.status).toBe('succeeded');
    expect(done.operatorReference).toMatch(/^sim_/);
    expect((await get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ amountReceived: 5000, amountRefunded: 2000 });
    const rest = await post('/v1/refunds', { paymentIntentId: pi.id });
    expect(rest.body).toMatchObject({ amount: 3000, status: 'pending' });
    expect((await settle(rest.body.id, now() + 5)).status).toBe('succeeded');
    const none = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1 });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect(await refundEvents(first.body.id)).toEqual(['refund.created', 'refund.succeeded']);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 5000, noRepoll: true });
  });

  it('more than was received: 400 amount_too_large; nothing received: 409', async () => {
    const pi = await paidIntent({ amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    const over = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1001 });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe('amount is more than is refundable: at most 1000 XOF.');
    const unpaid = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    const r = await post('/v1/refunds', { paymentIntentId: unpaid.id });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('unexpected_state');
    const missing = await post('/v1/refunds', { paymentIntentId: 'pi_nope' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'paymentIntentId' });
    await assertMoneyInvariant(db(), pi.id, { paid: 1000, refunded: 0, noRepoll: true });
  });

  it('a test amount ending in 13 is declined: failed, refundable again', async () => {
    const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1013 });
    const done = await settle(r.body.id, now() + 5);
    expect(done).toMatchObject({ status: 'failed', failureReason: 'refund_declined' });
    expect(await refundEvents(r.body.id)).toEqual(['refund.created', 'refund.failed']);
    const again = await post('/v1/refunds', { paymentIntentId: pi.id });
    expect(again.body.amount).toBe(5000);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 0, noRepoll: true });
  });

  it('a test amount ending in 17 needs the merchant: manual_refund, then mark_succeeded', async () => {
    const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1017 });
    expect(r.body.status).toBe('requires_action');
    expect(r.body.nextAction.type).toBe('manual_refund');
    expect(r.body.nextAction.instructions).toContain('1017 XOF');
    const marked = await post(`/v1/refunds/${r.body.id}/mark_succeeded`, { operatorReference: 'MP240101.1234.A00001' });
    expect(marked.body).toMatchObject({ status: 'succeeded', operatorReference: 'MP240101.1234.A00001', nextAction: null });
    expect(await refundEvents(r.body.id)).toEqual(['refund.created', 'refund.updated', 'refund.succeeded']);
    const twice = await post(`/v1/refunds/${r.body.id}/mark_succeeded`, { operatorReference: 'x' });
    expect(twice.status).toBe(409);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 1017, noRepoll: true });
  });

  it('a sent refund cannot be canceled; the test helpers decide a pending one', async () => {
    const pi = await paidIntent({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1000 });
    const cancel = await post(`/v1/refunds/${r.body.id}/cancel`);
    expect(cancel.status).toBe(409);
    const failed = await post(`/v1/test_helpers/refunds/${r.body.id}/fail`);
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'refund_declined' });
    const r2 = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1000 });
    const ok = await post(`/v1/test_helpers/refunds/${r2.body.id}/succeed`);
    expect(ok.body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 1000, noRepoll: true });
  });
});

describe('claim rails: the payer claims, the simulated account pays, Caisse confirms', () => {
  it('Lightning: claim link, the payer pastes an invoice, paid and confirmed', async () => {
    const pi = await paidIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_lightning' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 20_000 });
    expect(r.body).toMatchObject({ status: 'requires_action', settlementAmount: 20_000, settlementCurrency: 'BTC' });
    expect(r.body.nextAction.type).toBe('refund_claim');
    expect(r.body.nextAction.claimUrl).toMatch(/\/checkout\/refund\/[A-Za-z0-9_-]{32}$/);
    const claimed = await post(`/v1/test_helpers/refunds/${r.body.id}/claim`);
    expect(claimed.body.status).toBe('pending');
    const done = await settle(r.body.id, now() + 5);
    expect(done.status).toBe('succeeded');
    expect(await refundEvents(r.body.id)).toEqual(['refund.created', 'refund.updated', 'refund.succeeded']);
    await assertMoneyInvariant(db(), pi.id, { paid: 50_000, refunded: 20_000, refundedSettlement: 20_000, noRepoll: true });
  });

  it('a wrong destination is refused and changes nothing', async () => {
    const pi = await paidIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id });
    const bad = await post(`/v1/test_helpers/refunds/${r.body.id}/claim`, { destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('wrong_network');
    expect((await get(`/v1/refunds/${r.body.id}`)).body.nextAction.type).toBe('refund_claim');
  });

  it('on-chain, the account cannot pay (test amount ending in 17): send_payment, the merchant records the txid', async () => {
    const pi = await paidIntent({ amount: 50_017, currency: 'BTC', rail: 'btc_onchain' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id });
    const claimed = await post(`/v1/test_helpers/refunds/${r.body.id}/claim`);
    expect(claimed.body.status).toBe('requires_action');
    expect(claimed.body.nextAction).toMatchObject({ type: 'send_payment', amount: 50_017, currency: 'BTC' });
    expect(claimed.body.nextAction.uri).toBe(`bitcoin:${claimed.body.nextAction.destination}?amount=0.00050017`);
    const cancelAfter = await post(`/v1/refunds/${r.body.id}/mark_succeeded`, { operatorReference: randomBytes(32).toString('hex') });
    expect(cancelAfter.body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi.id, { paid: 50_017, refunded: 50_017, noRepoll: true });
  });

  it('USDT: a claim can be canceled before the payer answers', async () => {
    const pi = await paidIntent({ amount: 10_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 4_000_000 });
    const c = await post(`/v1/refunds/${r.body.id}/cancel`);
    expect(c.body).toMatchObject({ status: 'canceled', nextAction: null });
    expect(await refundEvents(r.body.id)).toEqual(['refund.created', 'refund.canceled']);
    const again = await post('/v1/refunds', { paymentIntentId: pi.id });
    expect(again.body.amount).toBe(10_000_000);
    const claimed = await post(`/v1/test_helpers/refunds/${again.body.id}/succeed`);
    expect(claimed.body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi.id, { paid: 10_000_000, refunded: 10_000_000, noRepoll: true });
  });
});

describe('list and filters', () => {
  it('lists a payment intent’s refunds by status', async () => {
    const pi = await paidIntent({ amount: 3000, currency: 'XOF', rail: 'mobile_money_a' });
    const a = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1017 });
    const b = await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1000 });
    const all = await get(`/v1/refunds?paymentIntentId=${pi.id}`);
    expect(all.body.data.map((r: any) => r.id)).toEqual([b.body.id, a.body.id]);
    const waiting = await get(`/v1/refunds?paymentIntentId=${pi.id}&status=requires_action`);
    expect(waiting.body.data.map((r: any) => r.id)).toEqual([a.body.id]);
    const bad = await get('/v1/refunds?status=nope');
    expect(bad.status).toBe(400);
  });
});
