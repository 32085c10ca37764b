// The hosted page's view model: what it shows in each state, and what it never shows.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckout } from '@/lib/checkout/load';
import { nowSeconds } from '@/lib/ids';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testFail, testPay } from '@/lib/payments/test-helpers';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';

const { db } = useDatabase();
let key: string;
let merchantId: string;
beforeAll(async () => {
  const m = await newMerchant(db());
  key = m.keys.test;
  merchantId = m.merchant.id;
  await newMerchant(db(), 'Autre Boutique');
});

async function session(body: Record<string, unknown>, sessionBody: Record<string, unknown> = {}) {
  const pi = (await call('POST', '/v1/payment_intents', { key, body })).body;
  const cs = (await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id, ...sessionBody } })).body;
  return { pi, cs };
}
const scope = () => ({ merchantId, livemode: false });

describe('loadCheckout', () => {
  it('is null for an unknown or malformed id', async () => {
    expect(await loadCheckout(db(), 'cs_missing')).toBeNull();
    expect(await loadCheckout(db(), "cs_x' or 1=1 --")).toBeNull();
  });

  it('shows the merchant, the item and the rails, and nothing secret', async () => {
    const { pi, cs } = await session({
      amount: 5000,
      currency: 'XOF',
      rail: 'mobile_money_b',
      description: 'Sac',
      reference: 'CMD-1',
      metadata: { note: 'private' },
    });
    const view = (await loadCheckout(db(), cs.id))!;
    expect(view).toMatchObject({ phase: 'choose', rail: 'mobile_money_b', title: 'Sac', description: 'CMD-1', amount: 5000, currency: 'XOF', livemode: false });
    expect(view.rails.map((r) => r.rail)).toEqual([
      'mobile_money_a',
      'mobile_money_b',
      'mobile_money_c',
      'mobile_money_d',
      'btc_lightning',
      'btc_onchain',
      'usdt_trc20',
    ]);
    expect(view.intent?.id).toBe(pi.id);
    const json = JSON.stringify(view);
    for (const s of ['private', 'sk_test_', 'key_hash', 'Autre Boutique', merchantId]) expect(json).not.toContain(s);
  });

  it('follows a mobile-money attempt: approve, declined (retry with the last number), paid', async () => {
    const { pi, cs } = await session({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    await confirmPaymentIntent(db(), scope(), pi.id, { phone: '0554121111' });
    const approve = (await loadCheckout(db(), cs.id))!;
    expect(approve.phase).toBe('approve');
    expect(approve.intent?.nextAction).toMatchObject({ type: 'mobile_money_prompt', ussdCode: '*133#' });
    await testFail(db(), scope(), pi.id);
    const declined = (await loadCheckout(db(), cs.id))!;
    expect(declined).toMatchObject({ phase: 'choose', intent: { lastErrorCode: 'payment_declined', lastPhone: '0554121111' } });
    expect(declined.version).not.toBe(approve.version);
    await testPay(db(), scope(), pi.id);
    expect((await loadCheckout(db(), cs.id))!).toMatchObject({
      phase: 'succeeded',
      sessionStatus: 'complete',
      intent: { status: 'succeeded', amountReceived: 5000 },
    });
    expect(await assertMoneyInvariant(db(), pi.id, { paid: 5000 })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending', // the first prompt
      'payment_intent.pending', // the second, paid
      'payment_intent.succeeded',
    ]);
  });

  it('a price session has no rail until one is picked; crypto shows its instructions, then seen', async () => {
    const prod = (await call('POST', '/v1/products', { key, body: { name: 'Montre', description: 'Acier' } })).body;
    const price = (await call('POST', '/v1/prices', { key, body: { productId: prod.id, currency: 'BTC', unitAmount: 50_000 } })).body;
    const cs = (await call('POST', '/v1/checkout_sessions', { key, body: { priceId: price.id } })).body;
    const first = (await loadCheckout(db(), cs.id))!;
    expect(first).toMatchObject({ phase: 'choose', rail: null, intent: null, title: 'Montre', description: 'Acier' });
    expect(first.rails.map((r) => r.rail)).toEqual(['btc_lightning', 'btc_onchain']);
    const { intent } = await chooseSessionRail(db(), cs.id, 'btc_onchain');
    await confirmPaymentIntent(db(), scope(), intent.id);
    const awaiting = (await loadCheckout(db(), cs.id))!;
    expect(awaiting.phase).toBe('awaiting');
    expect(awaiting.intent?.nextAction).toMatchObject({ type: 'bitcoin_address', amount: '0.0005' });
    await testPay(db(), scope(), intent.id);
    expect((await loadCheckout(db(), cs.id))!).toMatchObject({ phase: 'seen', intent: { status: 'pending', amountReceived: 0 } });
    // Seen in the mempool, not confirmed: the chain has paid nothing yet that counts.
    expect(await assertMoneyInvariant(db(), intent.id, { paid: 0 })).toEqual(['payment_intent.created', 'payment_intent.pending']);
  });

  it('an expired session is expired, also before the worker marks it', async () => {
    const { cs } = await session({ amount: 700, currency: 'XOF', rail: 'mobile_money_a' });
    expect((await loadCheckout(db(), cs.id, cs.expiresAt + 1))!.phase).toBe('expired');
    await call('POST', `/v1/checkout_sessions/${cs.id}/expire`, { key, body: {} });
    expect((await loadCheckout(db(), cs.id))!.phase).toBe('expired');
  });
});

describe("simulateOutcome (the page's test-mode buttons)", () => {
  it('refuses a session past its expiry even before the worker expires it, and under/over on a fixed-amount rail', async () => {
    const { simulateOutcome } = await import('@/lib/checkout/steps');
    const { cs } = await session({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    await chooseSessionRail(db(), cs.id, 'mobile_money_a');
    await expect(simulateOutcome(db(), cs.id, 'under')).rejects.toMatchObject({ code: 'parameter_invalid', param: 'outcome' });
    await db().query(`update checkout_sessions set expires_at = $2 where id = $1`, [cs.id, Math.floor(Date.now() / 1000) - 1]);
    await expect(simulateOutcome(db(), cs.id, 'pay')).rejects.toMatchObject({ code: 'unexpected_state' });
    const { cs: btc, pi } = await session({ amount: 20_000, currency: 'BTC', rail: 'btc_onchain' });
    await chooseSessionRail(db(), btc.id, 'btc_onchain');
    const seen = await simulateOutcome(db(), btc.id, 'under');
    // Half of what is due, seen in the mempool: nothing counts before it confirms.
    expect(seen).toMatchObject({
      id: pi.id,
      status: 'pending',
      amountReceived: 0,
      nextAction: { type: 'bitcoin_address', amount: '0.0002', confirmations: 0 },
    });
    // Confirmed (the simulated chain has mined every block by then): 10,000 sats count, the intent
    // is back to waiting for a payment, underpaid, and the page asks for the other half.
    const later = nowSeconds() + 3600;
    await pollDueAttempts(db(), later, { merchantId });
    const after = (await call('GET', `/v1/payment_intents/${pi.id}`, { key })).body;
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 10_000,
      lastPaymentError: { code: 'underpaid', rail: 'btc_onchain' },
      nextAction: { type: 'bitcoin_address', amount: '0.0001', confirmations: 1 },
    });
    expect((await loadCheckout(db(), btc.id, later))!).toMatchObject({
      phase: 'awaiting',
      sessionStatus: 'open',
      intent: { status: 'requires_payment_method', amountReceived: 10_000, lastErrorCode: 'underpaid', nextAction: { amount: '0.0001' } },
    });
    expect(await assertMoneyInvariant(db(), pi.id, { paid: 10_000, now: later })).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
    ]);
  });
});
