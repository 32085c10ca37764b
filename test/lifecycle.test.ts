import { decode } from 'light-bolt11-decoder';
import { describe, expect, it } from 'vitest';
import { runWorkerOnce } from '@/lib/worker';
import { TASKS } from '@/lib/worker/tasks';
import { call, newMerchant, useDatabase } from './api';
import { eventTypes, newIntent, now } from './lifecycle-helpers';
import { isP2wpkhAddress } from '@/lib/rails/onchain/bip84';
import { isTronAddress } from '@/lib/rails/tron/address';
import { expireDueSessions, pollDueAttempts, testPay, chooseSessionRail, availableRails, resendMobileMoneyPrompt, confirmPaymentIntent } from '@/lib/domain/lifecycle';

const { db } = useDatabase();

async function momoIntent(key: string, amount = 1000, currency = 'XOF', rail = 'mobile_money_a') {
  return newIntent(key, { amount, currency, rail });
}

const confirm = (key: string, id: string, body: object = {}) => call('POST', `/v1/payment_intents/${id}/confirm`, { key, body });
const get = (key: string, id: string) => call('GET', `/v1/payment_intents/${id}`, { key });

describe('mobile money simulator (test numbers)', () => {
  const cases: [string, string, string | null][] = [
    ['0554120000', 'succeeded', null],
    ['0554121111', 'requires_payment_method', 'payment_declined'],
    ['0554123333', 'requires_payment_method', 'insufficient_funds'],
    ['0554125678', 'succeeded', null],
  ];
  for (const [phone, status, code] of cases) {
    it(`${phone.slice(-4)} -> ${status}${code ? ` (${code})` : ''} after ~3 s`, async () => {
      const m = await newMerchant(db());
      const pi = await momoIntent(m.keys.test);
      const t0 = now();
      const r = await confirm(m.keys.test, pi.id, { phone });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('pending');
      expect(r.body.nextAction).toMatchObject({ type: 'mobile_money_prompt', phone: `+225${phone}`, operator: 'MTN MoMo', ussdCode: '*133#' });
      expect(typeof r.body.nextAction.expiresAt).toBe('number');
      await pollDueAttempts(db(), t0 + 1, { merchantId: m.merchant.id }); // too early: still pending
      expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
      await pollDueAttempts(db(), t0 + 4, { merchantId: m.merchant.id });
      const after = (await get(m.keys.test, pi.id)).body;
      expect(after.status).toBe(status);
      expect(after.lastPaymentError?.code ?? null).toBe(code);
      if (status === 'succeeded') {
        expect(after.amountReceived).toBe(1000);
        expect(await eventTypes(db(), pi.id)).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
      } else {
        expect(after.nextAction).toBeNull();
        expect(await eventTypes(db(), pi.id)).toContain('payment_intent.payment_failed');
      }
    });
  }

  it('2222 never answers: the attempt times out', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    const t0 = now();
    await confirm(m.keys.test, pi.id, { phone: '+2250554122222' });
    await pollDueAttempts(db(), t0 + 60, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 181, { merchantId: m.merchant.id });
    const b = (await get(m.keys.test, pi.id)).body;
    expect(b.status).toBe('requires_payment_method');
    expect(b.lastPaymentError).toMatchObject({ code: 'timeout', rail: 'mobile_money_a' });
    // The customer may retry with another number.
    const again = await confirm(m.keys.test, pi.id, { phone: '0554120000' });
    expect(again.body.status).toBe('pending');
  });

  it('4444 succeeds only after a resend', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    const t0 = now();
    await confirm(m.keys.test, pi.id, { phone: '0554124444' });
    await pollDueAttempts(db(), t0 + 30, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    const scope = { merchantId: m.merchant.id, livemode: false };
    const resent = await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 31 });
    expect(resent.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 33, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 40, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('succeeded');
  });

  it('validates the phone for the operator country and normalises to E.164', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test, 1000, 'XAF', 'mobile_money_b');
    const missing = await confirm(m.keys.test, pi.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'phone' });
    const wrongCountry = await confirm(m.keys.test, pi.id, { phone: '+2250554120000' });
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.body.error).toMatchObject({ code: 'parameter_invalid', param: 'phone' });
    const ok = await confirm(m.keys.test, pi.id, { phone: '6 90 12 00 00' });
    expect(ok.body.nextAction).toMatchObject({ phone: '+237690120000', operator: 'Orange Money', ussdCode: '#150#' });
    // Confirming again returns the same attempt; another number while pending is refused.
    expect((await confirm(m.keys.test, pi.id, {})).body.nextAction.phone).toBe('+237690120000');
    expect((await confirm(m.keys.test, pi.id, { phone: '690121111' })).status).toBe(409);
  });

  it('unknown params and bad rails are 400s', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    expect((await confirm(m.keys.test, pi.id, { foo: 1 })).body.error.code).toBe('parameter_unknown');
    const mismatch = await confirm(m.keys.test, pi.id, { rail: 'btc_lightning' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe('rail_currency_mismatch');
    expect((await confirm(m.keys.test, 'pi_doesnotexist12345', {})).status).toBe(404);
  });
});

describe('lightning (test mode)', () => {
  it('gives a real lntb BOLT11 invoice matching the intent; pay settles it', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning', description: 'Two coffees' });
    const r = await confirm(m.keys.test, pi.id);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('requires_payment_method');
    const na = r.body.nextAction;
    expect(na.type).toBe('lightning_invoice');
    expect(na.uri).toBe(`lightning:${na.invoice}`);
    const dec = decode(na.invoice);
    const sec = Object.fromEntries(dec.sections.map((s: any) => [s.name, s.value]));
    expect(na.invoice.startsWith('lntb')).toBe(true);
    expect(sec.amount).toBe('25000000'); // msat
    expect(sec.description).toBe('Two coffees');
    expect(sec.timestamp + dec.expiry).toBe(na.expiresAt);
    expect(sec.payment_hash).toMatch(/^[0-9a-f]{64}$/);
    const att = (await db().query<{ backend_ref: string }>(`select backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
    expect(att.backend_ref).toBe(sec.payment_hash);
    const paid = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
    expect(paid.body).toMatchObject({ status: 'succeeded', amountReceived: 25_000, nextAction: null });
  });

  it('an invoice never outlives its session, and an expired one is replaced while the session is open', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'BTC', rail: 'btc_lightning' });
    const t0 = now();
    const cs = await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, expiresAt: t0 + 1900 } });
    expect(cs.status).toBe(200);
    const first = (await confirm(m.keys.test, pi.id)).body.nextAction;
    expect(first.expiresAt).toBeLessThanOrEqual(t0 + 1900);
    // The invoice lasts min(1 h, session) = the session here; shorten it to see a replacement.
    await db().query(`update payment_attempts set expires_at = $2 where payment_intent_id = $1`, [pi.id, t0 + 100]);
    await db().query(`update checkout_sessions set expires_at = $2 where id = $1`, [cs.body.id, t0 + 1900]);
    await pollDueAttempts(db(), t0 + 101, { merchantId: m.merchant.id });
    const second = (await get(m.keys.test, pi.id)).body;
    expect(second.status).toBe('requires_payment_method');
    expect(second.nextAction.type).toBe('lightning_invoice');
    expect(second.nextAction.invoice).not.toBe(first.invoice);
    const decoded = decode(second.nextAction.invoice);
    const ts = (decoded.sections.find((s: any) => s.name === 'timestamp') as any).value;
    expect(ts + decoded.expiry).toBeLessThanOrEqual(t0 + 1900);
  });

  it('a Lightning invoice cannot be underpaid', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_lightning' });
    const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: { amount: 10 } });
    expect(r.status).toBe(400);
  });
});

describe('on-chain (test mode)', () => {
  it('derives a fresh tb1 address per intent; payment goes mempool -> confirmed', async () => {
    const m = await newMerchant(db());
    const a = await newIntent(m.keys.test, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const b = await newIntent(m.keys.test, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const na = (await confirm(m.keys.test, a.id)).body.nextAction;
    const nb = (await confirm(m.keys.test, b.id)).body.nextAction;
    expect(na).toMatchObject({ type: 'bitcoin_address', amount: '0.0005', confirmations: 0, requiredConfirmations: 1 });
    expect(na.uri).toBe(`bitcoin:${na.address}?amount=0.0005`);
    expect(isP2wpkhAddress(na.address, 'testnet')).toBe(true);
    expect(nb.address).not.toBe(na.address);
    // Confirming again keeps the address.
    expect((await confirm(m.keys.test, a.id)).body.nextAction.address).toBe(na.address);
    const t0 = now();
    const scope = { merchantId: m.merchant.id, livemode: false };
    const seen = await testPay(db(), scope, a.id, {}, { now: t0 });
    expect(seen.status).toBe('pending');
    expect(seen.amountReceived).toBe(0);
    await pollDueAttempts(db(), t0 + 2, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, a.id)).body.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    const done = (await get(m.keys.test, a.id)).body;
    expect(done).toMatchObject({ status: 'succeeded', amountReceived: 50_000 });
  });

  it('records under-, over- and late payments; money is never dropped', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const t0 = now();
    // Underpaid, then the rest.
    const a = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await testPay(db(), scope, a.id, { amount: 4_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    let ra = (await get(m.keys.test, a.id)).body;
    expect(ra).toMatchObject({ status: 'requires_payment_method', amountReceived: 4_000, lastPaymentError: { code: 'underpaid' } });
    expect(ra.nextAction.amount).toBe('0.00006');
    expect(await eventTypes(db(), a.id)).toContain('payment_intent.partially_paid');
    await testPay(db(), scope, a.id, { amount: 6_000 }, { now: t0 + 10 });
    await pollDueAttempts(db(), t0 + 16, { merchantId: m.merchant.id });
    ra = (await get(m.keys.test, a.id)).body;
    expect(ra).toMatchObject({ status: 'succeeded', amountReceived: 10_000, lastPaymentError: null });
    // Overpaid.
    const b = await newIntent(m.keys.test, { amount: 10_000, currency: 'USDT' === 'USDT' ? 'BTC' : 'BTC', rail: 'btc_onchain' });
    await testPay(db(), scope, b.id, { amount: 12_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, b.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 12_000 });
    expect(await eventTypes(db(), b.id)).toEqual(expect.arrayContaining(['payment_intent.succeeded', 'payment_intent.overpaid']));
    // Late: paid to the address after the intent was canceled.
    const c = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await confirm(m.keys.test, c.id);
    expect((await call('POST', `/v1/payment_intents/${c.id}/cancel`, { key: m.keys.test })).body.status).toBe('canceled');
    await testPay(db(), scope, c.id, { amount: 10_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 120, { merchantId: m.merchant.id });
    const rc = (await get(m.keys.test, c.id)).body;
    expect(rc).toMatchObject({ status: 'canceled', amountReceived: 10_000 });
    expect(await eventTypes(db(), c.id)).toContain('payment_intent.late_payment');
  });
});

describe('USDT TRC20 (test mode)', () => {
  it('gives a base58check TRON address; a transfer solidifies then succeeds', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 12_500_000, currency: 'USDT', rail: 'usdt_trc20' });
    const na = (await confirm(m.keys.test, pi.id)).body.nextAction;
    expect(na).toMatchObject({ type: 'tron_address', amount: '12.5', network: 'TRC20', contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' });
    expect(isTronAddress(na.address)).toBe(true);
    const t0 = now();
    const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
    expect(r.body.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 12_500_000 });
  });
});

describe('test helpers', () => {
  it('live keys get 404', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    expect((await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.live, body: {} })).status).toBe(404);
    expect((await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/fail`, { key: m.keys.live })).status).toBe(404);
  });

  it('pay and fail work from requires_payment_method (an attempt is started for you)', async () => {
    const m = await newMerchant(db());
    const a = await momoIntent(m.keys.test);
    const paid = await call('POST', `/v1/test_helpers/payment_intents/${a.id}/pay`, { key: m.keys.test, body: {} });
    expect(paid.body).toMatchObject({ status: 'succeeded', amountReceived: 1000 });
    expect((await call('POST', `/v1/test_helpers/payment_intents/${a.id}/pay`, { key: m.keys.test, body: {} })).status).toBe(409);
    const b = await momoIntent(m.keys.test);
    const failed = await call('POST', `/v1/test_helpers/payment_intents/${b.id}/fail`, { key: m.keys.test });
    expect(failed.body).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'payment_declined' } });
    const c = await momoIntent(m.keys.test);
    const under = await call('POST', `/v1/test_helpers/payment_intents/${c.id}/pay`, { key: m.keys.test, body: { amount: 400 } });
    expect(under.body).toMatchObject({ status: 'requires_payment_method', amountReceived: 400, lastPaymentError: { code: 'underpaid' } });
    expect(await eventTypes(db(), c.id)).toContain('payment_intent.partially_paid');
    const bad = await call('POST', `/v1/test_helpers/payment_intents/${c.id}/pay`, { key: m.keys.test, body: { amount: -1 } });
    expect(bad.status).toBe(400);
  });

  it('50 concurrent pay calls on one intent: exactly one success and one succeeded event', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const types = await eventTypes(db(), pi.id);
    expect(types.filter((t) => t === 'payment_intent.succeeded')).toHaveLength(1);
    expect((await get(m.keys.test, pi.id)).body.amountReceived).toBe(1000);
    const attempts = await db().query(`select status from payment_attempts where payment_intent_id = $1`, [pi.id]);
    expect(attempts).toHaveLength(1);
  });
});

describe('checkout sessions and rails', () => {
  async function priceSession(key: string, currency = 'XOF', unitAmount = 2500) {
    const prod = await call('POST', '/v1/products', { key, body: { name: 'Thé' } });
    const price = await call('POST', '/v1/prices', { key, body: { productId: prod.body.id, currency, unitAmount } });
    return (await call('POST', '/v1/checkout_sessions', { key, body: { priceId: price.body.id } })).body;
  }

  it('a price session creates its intent when the buyer picks a rail; switching rail updates it', async () => {
    const m = await newMerchant(db());
    const cs = await priceSession(m.keys.test);
    expect(cs.paymentIntentId).toBeNull();
    const first = await chooseSessionRail(db(), cs.id, 'mobile_money_a');
    expect(first.session.paymentIntentId).toBe(first.intent.id);
    expect(first.intent).toMatchObject({ amount: 2500, currency: 'XOF', rail: 'mobile_money_a', status: 'requires_payment_method', description: 'Thé' });
    const second = await chooseSessionRail(db(), cs.id, 'mobile_money_c');
    expect(second.intent.id).toBe(first.intent.id);
    expect(second.intent.rail).toBe('mobile_money_c');
    await expect(chooseSessionRail(db(), cs.id, 'btc_lightning')).rejects.toMatchObject({ status: 400, code: 'rail_currency_mismatch' });
    // Pending: no switching.
    const scope = { merchantId: m.merchant.id, livemode: false };
    await confirmPaymentIntent(db(), scope, first.intent.id, { phone: '0101122222' });
    await expect(chooseSessionRail(db(), cs.id, 'mobile_money_a')).rejects.toMatchObject({ status: 409 });
    await expect(chooseSessionRail(db(), 'cs_nope', 'mobile_money_a')).rejects.toMatchObject({ status: 404 });
  });

  it('switching rail on a crypto intent cancels the old address attempt', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_onchain' });
    const a = await confirm(m.keys.test, pi.id);
    expect(a.body.nextAction.type).toBe('bitcoin_address');
    const b = await confirm(m.keys.test, pi.id, { rail: 'btc_lightning' });
    expect(b.body.rail).toBe('btc_lightning');
    expect(b.body.nextAction.type).toBe('lightning_invoice');
  });

  it('sessions expire by the background job; unpaid intent fails; a pending payment makes it wait', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    const a = await momoIntent(m.keys.test);
    const csA = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: a.id, expiresAt: t0 + 1800 } })).body;
    const b = await momoIntent(m.keys.test);
    const csB = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: b.id, expiresAt: t0 + 1800 } })).body;
    await confirm(m.keys.test, b.id, { phone: '0554122222' }); // never answers
    expect(await expireDueSessions(db(), t0 + 100, { merchantId: m.merchant.id })).toBe(0);
    await expireDueSessions(db(), t0 + 1801, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/checkout_sessions/${csA.id}`, { key: m.keys.test })).body.status).toBe('expired');
    expect((await get(m.keys.test, a.id)).body).toMatchObject({ status: 'failed', lastPaymentError: { code: 'session_expired' } });
    expect((await call('GET', `/v1/checkout_sessions/${csB.id}`, { key: m.keys.test })).body.status).toBe('open');
    expect((await get(m.keys.test, b.id)).body.status).toBe('pending');
    // The pending push times out after the window: the intent fails and the session expires.
    await db().query(`update payment_attempts set expires_at = $2 where payment_intent_id = $1`, [b.id, t0 + 1802]);
    await pollDueAttempts(db(), t0 + 1803, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, b.id)).body.status).toBe('failed');
    expect((await call('GET', `/v1/checkout_sessions/${csB.id}`, { key: m.keys.test })).body.status).toBe('expired');
    expect(await eventTypes(db(), csA.id)).toEqual(['checkout_session.expired']);
  });

  it('a paid intent completes its session', async () => {
    const m = await newMerchant(db());
    const cs = await priceSession(m.keys.test, 'BTC', 3000);
    const { intent } = await chooseSessionRail(db(), cs.id, 'btc_lightning');
    await call('POST', `/v1/test_helpers/payment_intents/${intent.id}/pay`, { key: m.keys.test, body: {} });
    expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key: m.keys.test })).body.status).toBe('complete');
    expect(await eventTypes(db(), cs.id)).toEqual(['checkout_session.completed']);
  });

  it('availableRails lists the rails of a currency with their operator details', () => {
    const xof = availableRails('XOF', false);
    expect(xof.map((r) => r.rail)).toEqual(['mobile_money_a', 'mobile_money_b', 'mobile_money_c', 'mobile_money_d']);
    expect(xof[0]).toMatchObject({ kind: 'mobile_money', country: 'CI', dialCode: '+225', exampleNumber: '0554120000' });
    expect(availableRails('BTC', false).map((r) => r.rail)).toEqual(['btc_lightning', 'btc_onchain']);
    // Live rails with no configuration are not offered.
    expect(availableRails('BTC', true)).toEqual([]);
  });

  it('the worker task list runs end to end', async () => {
    expect(TASKS.map((t) => t.name).sort()).toEqual(['deliver-webhooks', 'expire-sessions', 'poll-attempts', 'purge-idempotency-keys']);
    // Webhook delivery is left out here: on a shared PostgreSQL database it would race the
    // webhook tests running in parallel for their deliveries (test/webhooks*.test.ts drive it).
    const out = await runWorkerOnce(db(), TASKS.filter((t) => t.name !== 'deliver-webhooks'));
    expect(Object.keys(out).sort()).toEqual(['expire-sessions', 'poll-attempts', 'purge-idempotency-keys']);
  });

  it('list and retrieve share the serializer (nextAction)', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 2000, currency: 'BTC', rail: 'btc_onchain' });
    const c = await confirm(m.keys.test, pi.id);
    const list = await call('GET', '/v1/payment_intents', { key: m.keys.test });
    expect(list.body.data[0].nextAction).toEqual(c.body.nextAction);
  });
});
