// The payment lifecycle in test mode (simulators), through the API and the domain functions.
// Time is a clock the test passes (`t0 + n`), never the real clock compared with slack; every worker
// pass is scoped to the test's merchant; every test where money moves ends with the money invariant
// (test/invariant.ts) and the intent's exact event list.
import { decode } from 'light-bolt11-decoder';
import { describe, expect, it } from 'vitest';
import { availableRails } from '@/lib/payments/available-rails';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { expireDueSessions } from '@/lib/payments/expire';
import { pollDueAttempts } from '@/lib/payments/poll';
import { resendMobileMoneyPrompt } from '@/lib/payments/resend';
import { testPay } from '@/lib/payments/test-helpers';
import { PUSH_WATCH_SECONDS, WATCH_POLL_SECONDS, WATCH_SECONDS } from '@/lib/payments/watch';
import { MobileMoneySimulator, SIM_APPROVAL_SECONDS } from '@/lib/rails/mobile-money/simulator';
import { isP2wpkhAddress } from '@/lib/rails/onchain/bip84';
import { resetRailsForTests } from '@/lib/rails/registry';
import { isTronAddress } from '@/lib/rails/tron/address';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { amountCredited, attemptsOf, eventTypes, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

async function momoIntent(key: string, amount = 1000, currency = 'XOF', rail = 'mobile_money_a') {
  return newIntent(key, { amount, currency, rail });
}

const confirm = (key: string, id: string, body: object = {}) => call('POST', `/v1/payment_intents/${id}/confirm`, { key, body });
const get = (key: string, id: string) => call('GET', `/v1/payment_intents/${id}`, { key });
const testScope = (m: { merchant: { id: string } }) => ({ merchantId: m.merchant.id, livemode: false });

describe('mobile money simulator (test numbers)', () => {
  const cases: [string, string, string | null][] = [
    ['0554120000', 'succeeded', null],
    ['0554121111', 'requires_payment_method', 'payment_declined'],
    ['0554123333', 'requires_payment_method', 'insufficient_funds'],
    ['0554125678', 'succeeded', null],
  ];
  for (const [phone, status, code] of cases) {
    it(`${phone.slice(-4)} -> ${status}${code ? ` (${code})` : ''} ${SIM_APPROVAL_SECONDS} s after the push`, async () => {
      const m = await newMerchant(db());
      const pi = await momoIntent(m.keys.test);
      const t0 = now();
      const r = await confirmPaymentIntent(db(), testScope(m), pi.id, { phone }, { now: t0 });
      expect(r.status).toBe('pending');
      expect(r.nextAction).toEqual({
        type: 'mobile_money_prompt',
        phone: `+225${phone}`,
        operator: 'MTN MoMo',
        ussdCode: '*133#',
        expiresAt: t0 + 180,
        quote: null,
      });
      // The API shows the same prompt.
      expect((await get(m.keys.test, pi.id)).body.nextAction).toEqual(r.nextAction);
      await pollDueAttempts(db(), t0 + SIM_APPROVAL_SECONDS - 1, { merchantId: m.merchant.id }); // too early: still pending
      expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'pending', amountReceived: 0 });
      await pollDueAttempts(db(), t0 + SIM_APPROVAL_SECONDS, { merchantId: m.merchant.id });
      const after = (await get(m.keys.test, pi.id)).body;
      expect(after.status).toBe(status);
      expect(after.lastPaymentError?.code ?? null).toBe(code);
      const [att, ...more] = await attemptsOf(db(), pi.id);
      expect(more).toEqual([]);
      const t = t0 + SIM_APPROVAL_SECONDS;
      if (status === 'succeeded') {
        expect(after).toMatchObject({ amountReceived: 1000, nextAction: null });
        expect(att).toMatchObject({ status: 'succeeded', amount_received: 1000, error: null, next_poll_at: null, watch_until: null });
        const events = await assertMoneyInvariant(db(), pi.id, { paid: 1000, now: t });
        expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
      } else {
        expect(after).toMatchObject({ amountReceived: 0, nextAction: null });
        // The operator's answer is final: the push is no longer watched.
        expect(att).toMatchObject({ status: 'failed', amount_received: 0, error: { code }, next_poll_at: null, watch_until: null });
        const events = await assertMoneyInvariant(db(), pi.id, { paid: 0, now: t });
        expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
      }
    });
  }

  it('2222 never answers: the attempt times out, stays watched, and another number can pay', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    const t0 = now();
    await confirmPaymentIntent(db(), testScope(m), pi.id, { phone: '+2250554122222' }, { now: t0 });
    await pollDueAttempts(db(), t0 + 179, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 180, { merchantId: m.merchant.id });
    const b = (await get(m.keys.test, pi.id)).body;
    expect(b).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, nextAction: null });
    expect(b.lastPaymentError).toMatchObject({ code: 'timeout', rail: 'mobile_money_a' });
    // Our time is up, not the operator's: the push is watched for a late approval.
    expect(await attemptsOf(db(), pi.id)).toMatchObject([
      { status: 'failed', error: { code: 'timeout' }, next_poll_at: t0 + 180 + WATCH_POLL_SECONDS, watch_until: t0 + 180 + PUSH_WATCH_SECONDS },
    ]);
    // The customer retries with another number, which pays.
    const again = await confirmPaymentIntent(db(), testScope(m), pi.id, { phone: '0554120000' }, { now: t0 + 200 });
    expect(again.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 203, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 1000, lastPaymentError: null });
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.destination, a.status, a.amount_received])).toEqual([
      ['+2250554122222', 'failed', 0],
      ['+2250554120000', 'succeeded', 1000],
    ]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 1000, now: t0 + 203 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('4444 succeeds only after a resend, and is counted once', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    const t0 = now();
    await confirmPaymentIntent(db(), testScope(m), pi.id, { phone: '0554124444' }, { now: t0 });
    await pollDueAttempts(db(), t0 + 30, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    const resent = await resendMobileMoneyPrompt(db(), testScope(m), pi.id, { now: t0 + 31 });
    expect(resent.status).toBe('pending');
    await pollDueAttempts(db(), t0 + 31 + SIM_APPROVAL_SECONDS - 1, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'pending', amountReceived: 0 });
    await pollDueAttempts(db(), t0 + 31 + SIM_APPROVAL_SECONDS, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 1000 });
    // One attempt, two pushes, one payment.
    const [att, ...more] = await attemptsOf(db(), pi.id);
    expect(more).toEqual([]);
    expect(att).toMatchObject({ status: 'succeeded', amount_received: 1000, details: { resends: 1 } });
    expect(att!.details.referenceIds).toHaveLength(2);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 1000, now: t0 + 31 + SIM_APPROVAL_SECONDS });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('validates the phone for the operator country and normalises to E.164', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test, 1000, 'XAF', 'mobile_money_c');
    const missing = await confirm(m.keys.test, pi.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'phone' });
    const wrongCountry = await confirm(m.keys.test, pi.id, { phone: '+2250554120000' });
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.body.error).toMatchObject({ code: 'parameter_invalid', param: 'phone' });
    const ok = await confirm(m.keys.test, pi.id, { phone: '6 55 12 00 00' });
    expect(ok.status).toBe(200);
    expect(ok.body.nextAction).toMatchObject({ phone: '+237655120000', operator: 'Moov Money', ussdCode: '*155#' });
    // Confirming again returns the same attempt; another number while pending is refused.
    expect((await confirm(m.keys.test, pi.id, {})).body.nextAction.phone).toBe('+237655120000');
    expect((await confirm(m.keys.test, pi.id, { phone: '655121111' })).status).toBe(409);
  });

  it('unknown params and bad rails are 400s', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    expect((await confirm(m.keys.test, pi.id, { foo: 1 })).body.error.code).toBe('parameter_unknown');
    // XOF converts to BTC and USDT (quotes); a BTC intent never goes over mobile money.
    const btc = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_lightning' });
    const mismatch = await confirm(m.keys.test, btc.id, { rail: 'mobile_money_a' });
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
    const paid = await testPay(db(), testScope(m), pi.id, {}, { now: sec.timestamp + 10 });
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 25_000, nextAction: null });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 25_000, now: sec.timestamp + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('an invoice never outlives its session, and an expired one is replaced while the session is open', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'BTC', rail: 'btc_lightning' });
    const t0 = now();
    const cs = await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, expiresAt: t0 + 1900 } });
    expect(cs.status).toBe(200);
    const first = (await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 })).nextAction as any;
    expect(first.expiresAt).toBe(t0 + 1900);
    // The invoice lasts min(1 h, session) = the session here; shorten it to see a replacement.
    await db().query(`update payment_attempts set expires_at = $2 where payment_intent_id = $1`, [pi.id, t0 + 100]);
    await pollDueAttempts(db(), t0 + 101, { merchantId: m.merchant.id });
    const second = (await get(m.keys.test, pi.id)).body;
    expect(second.status).toBe('requires_payment_method');
    expect(second.nextAction.type).toBe('lightning_invoice');
    expect(second.nextAction.invoice).not.toBe(first.invoice);
    const decoded = decode(second.nextAction.invoice);
    const ts = (decoded.sections.find((s: any) => s.name === 'timestamp') as any).value;
    expect(ts).toBe(t0 + 101);
    expect(ts + decoded.expiry).toBe(t0 + 1900);
    expect((await attemptsOf(db(), pi.id)).map((a) => a.status)).toEqual(['expired', 'awaiting_payment']);
  });

  it('a Lightning invoice cannot be underpaid: refused, and nothing moves', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_lightning' });
    const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: { amount: 10 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'amount',
      message: 'A Lightning invoice cannot be underpaid: amount must be at least 5000.',
    });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, lastPaymentError: null });
    expect(await attemptsOf(db(), pi.id)).toEqual([]); // the refused call's attempt was rolled back with it
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 0 });
    expect(events).toEqual(['payment_intent.created']);
  });

  it('an API confirm with returnUrl after the invoice expired, its session open: a new invoice, as the worker would start', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'BTC', rail: 'btc_lightning' });
    await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, expiresAt: t0 + 1900 } });
    await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 });
    await db().query(`update payment_attempts set expires_at = $2 where payment_intent_id = $1`, [pi.id, t0 + 100]);
    const r = await confirmPaymentIntent(db(), testScope(m), pi.id, { returnUrl: 'https://shop.example/back' }, { now: t0 + 101 });
    expect(r.nextAction?.type).toBe('lightning_invoice');
    expect((await attemptsOf(db(), pi.id)).map((a) => a.status)).toEqual(['expired', 'awaiting_payment']);
  });
});

describe('on-chain (test mode)', () => {
  it('derives a fresh tb1 address per intent; payment goes mempool -> confirmed', async () => {
    const m = await newMerchant(db());
    const a = await newIntent(m.keys.test, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const b = await newIntent(m.keys.test, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    const na = (await confirmPaymentIntent(db(), testScope(m), a.id, {}, { now: t0 })).nextAction as any;
    const nb = (await confirm(m.keys.test, b.id)).body.nextAction;
    expect(na).toMatchObject({ type: 'bitcoin_address', amount: '0.0005', confirmations: 0, requiredConfirmations: 1 });
    expect(na.uri).toBe(`bitcoin:${na.address}?amount=0.0005`);
    expect(isP2wpkhAddress(na.address, 'testnet')).toBe(true);
    expect(nb.address).not.toBe(na.address);
    // Confirming again keeps the address.
    expect((await confirm(m.keys.test, a.id)).body.nextAction.address).toBe(na.address);
    const seen = await testPay(db(), testScope(m), a.id, {}, { now: t0 });
    expect(seen).toMatchObject({ status: 'pending', amountReceived: 0 });
    await pollDueAttempts(db(), t0 + 2, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, a.id)).body).toMatchObject({ status: 'pending', amountReceived: 0 });
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    const done = (await get(m.keys.test, a.id)).body;
    expect(done).toMatchObject({ status: 'succeeded', amountReceived: 50_000 });
    expect(await amountCredited(db(), na.address)).toBe(50_000);
    const events = await assertMoneyInvariant(db(), a.id, { paid: 50_000, now: t0 + 6 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('underpaid, then the rest: the address asks for what is due, then succeeds', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    const a = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await testPay(db(), testScope(m), a.id, { amount: 4_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    let ra = (await get(m.keys.test, a.id)).body;
    expect(ra).toMatchObject({ status: 'requires_payment_method', amountReceived: 4_000, lastPaymentError: { code: 'underpaid' } });
    expect(ra.nextAction.amount).toBe('0.00006');
    expect(await eventTypes(db(), a.id)).toEqual(['payment_intent.created', 'payment_intent.partially_paid', 'payment_intent.pending']);
    await testPay(db(), testScope(m), a.id, { amount: 6_000 }, { now: t0 + 10 });
    await pollDueAttempts(db(), t0 + 16, { merchantId: m.merchant.id });
    ra = (await get(m.keys.test, a.id)).body;
    expect(ra).toMatchObject({ status: 'succeeded', amountReceived: 10_000, lastPaymentError: null });
    const [att, ...more] = await attemptsOf(db(), a.id);
    expect(more).toEqual([]);
    expect(att).toMatchObject({ status: 'succeeded', amount_received: 10_000 });
    expect(await amountCredited(db(), att!.destination!)).toBe(10_000);
    const events = await assertMoneyInvariant(db(), a.id, { paid: 10_000, now: t0 + 16 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('overpaid: succeeds, the whole amount is recorded, with an overpaid event', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    const b = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await testPay(db(), testScope(m), b.id, { amount: 12_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, b.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 12_000 });
    const events = await assertMoneyInvariant(db(), b.id, { paid: 12_000, now: t0 + 6 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.overpaid', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('late: paid to the address after the intent was canceled, recorded and never a success', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    const c = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await confirmPaymentIntent(db(), testScope(m), c.id, {}, { now: t0 });
    expect((await cancelPaymentIntent(db(), testScope(m), c.id)).status).toBe('canceled');
    // Cancel runs on the real clock (it takes none): the address's watch starts then.
    const [watched] = await attemptsOf(db(), c.id);
    expect(watched).toMatchObject({ status: 'canceled' });
    expect(watched!.watch_until).toBe(watched!.next_poll_at! - WATCH_POLL_SECONDS + WATCH_SECONDS);
    const tc = watched!.next_poll_at!;
    await testPay(db(), testScope(m), c.id, { amount: 10_000 }, { now: tc });
    await pollDueAttempts(db(), tc + 6, { merchantId: m.merchant.id });
    const rc = (await get(m.keys.test, c.id)).body;
    expect(rc).toMatchObject({ status: 'canceled', amountReceived: 10_000 });
    expect(await amountCredited(db(), watched!.destination!)).toBe(10_000);
    const events = await assertMoneyInvariant(db(), c.id, { paid: 10_000, now: tc + 6 });
    expect(events).toEqual(['payment_intent.canceled', 'payment_intent.created', 'payment_intent.late_payment']);
  });
});

describe('USDT TRC20 (test mode)', () => {
  it('gives a base58check TRON address; a transfer solidifies then succeeds', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 12_500_000, currency: 'USDT', rail: 'usdt_trc20' });
    const t0 = now();
    const na = (await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 })).nextAction as any;
    expect(na).toMatchObject({ type: 'tron_address', amount: '12.5', network: 'TRC20', contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' });
    expect(isTronAddress(na.address)).toBe(true);
    const r = await testPay(db(), testScope(m), pi.id, {}, { now: t0 });
    expect(r).toMatchObject({ status: 'pending', amountReceived: 0 });
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 12_500_000 });
    expect(await amountCredited(db(), na.address)).toBe(12_500_000);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 12_500_000, now: t0 + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('overpaid: succeeds, the whole transfer is recorded, with an overpaid event', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 10_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const t0 = now();
    await testPay(db(), testScope(m), pi.id, { amount: 12_000_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 12_000_000 });
    const [att] = await attemptsOf(db(), pi.id);
    expect(await amountCredited(db(), att!.destination!)).toBe(12_000_000);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 12_000_000, now: t0 + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.overpaid', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

describe('test helpers', () => {
  it('live keys get 404, and nothing moves', async () => {
    const m = await newMerchant(db());
    // A live intent needs a configured live rail (the simulator stands in for the operator).
    resetRailsForTests({ live: { mobile_money_a: new MobileMoneySimulator('mobile_money_a') } });
    let pi: Awaited<ReturnType<typeof newIntent>>;
    try {
      pi = await newIntent(m.keys.live, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    } finally {
      resetRailsForTests();
    }
    for (const path of ['pay', 'fail']) {
      const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/${path}`, { key: m.keys.live, body: {} });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
      expect(r.body.error.message).toMatch(/test mode only/);
    }
    expect((await get(m.keys.live, pi.id)).body).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, lastPaymentError: null });
    expect(await attemptsOf(db(), pi.id)).toEqual([]);
    expect(await eventTypes(db(), pi.id)).toEqual(['payment_intent.created']);
  });

  it('pay works from requires_payment_method (an attempt is started for you); paying again is refused', async () => {
    const m = await newMerchant(db());
    const a = await momoIntent(m.keys.test);
    const paid = await call('POST', `/v1/test_helpers/payment_intents/${a.id}/pay`, { key: m.keys.test, body: {} });
    expect(paid.body).toMatchObject({ status: 'succeeded', amountReceived: 1000 });
    expect(await attemptsOf(db(), a.id)).toMatchObject([{ status: 'succeeded', amount: 1000, amount_received: 1000, destination: '+2250554120000' }]);
    const again = await call('POST', `/v1/test_helpers/payment_intents/${a.id}/pay`, { key: m.keys.test, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'unexpected_state' });
    expect(again.body.error.message).toMatch(/status is succeeded/);
    const events = await assertMoneyInvariant(db(), a.id, { paid: 1000 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('fail declines the attempt: back to requires_payment_method, nothing received', async () => {
    const m = await newMerchant(db());
    const b = await momoIntent(m.keys.test);
    const failed = await call('POST', `/v1/test_helpers/payment_intents/${b.id}/fail`, { key: m.keys.test });
    expect(failed.body).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      lastPaymentError: { code: 'payment_declined', rail: 'mobile_money_a' },
    });
    expect(await attemptsOf(db(), b.id)).toMatchObject([{ status: 'failed', amount_received: 0, error: { code: 'payment_declined' } }]);
    const events = await assertMoneyInvariant(db(), b.id, { paid: 0 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('an underpayment is recorded; a negative amount is refused and changes nothing', async () => {
    const m = await newMerchant(db());
    const c = await momoIntent(m.keys.test);
    const under = await call('POST', `/v1/test_helpers/payment_intents/${c.id}/pay`, { key: m.keys.test, body: { amount: 400 } });
    expect(under.body).toMatchObject({ status: 'requires_payment_method', amountReceived: 400, lastPaymentError: { code: 'underpaid' } });
    // The push was answered (with too little): the attempt ends, the rest is asked for anew.
    const underEvents = ['payment_intent.created', 'payment_intent.partially_paid', 'payment_intent.payment_failed', 'payment_intent.pending'];
    expect(await eventTypes(db(), c.id)).toEqual(underEvents);
    const bad = await call('POST', `/v1/test_helpers/payment_intents/${c.id}/pay`, { key: m.keys.test, body: { amount: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    expect((await get(m.keys.test, c.id)).body).toMatchObject({ status: 'requires_payment_method', amountReceived: 400 });
    expect(await attemptsOf(db(), c.id)).toMatchObject([{ status: 'failed', amount_received: 400, error: { code: 'underpaid' } }]);
    expect(await assertMoneyInvariant(db(), c.id, { paid: 400 })).toEqual(underEvents);
  });

  // Concurrency: only PostgreSQL runs these 50 requests at once (PGlite runs one query at a time,
  // so there it passes trivially). `npm test` runs this file on both databases.
  it('50 concurrent pay calls on one intent: exactly one success and one succeeded event', async () => {
    const m = await newMerchant(db());
    const pi = await momoIntent(m.keys.test);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect((await get(m.keys.test, pi.id)).body.amountReceived).toBe(1000);
    expect(await attemptsOf(db(), pi.id)).toMatchObject([{ status: 'succeeded', amount_received: 1000 }]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 1000 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
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
    // An XOF session takes the converting rails too (at a quote); the choice comes back.
    expect((await chooseSessionRail(db(), cs.id, 'usdt_trc20')).intent.rail).toBe('usdt_trc20');
    await chooseSessionRail(db(), cs.id, 'mobile_money_c');
    // Pending: no switching.
    await confirmPaymentIntent(db(), testScope(m), first.intent.id, { phone: '0101122222' });
    await expect(chooseSessionRail(db(), cs.id, 'mobile_money_a')).rejects.toMatchObject({ code: 'unexpected_state' });
    await expect(chooseSessionRail(db(), 'cs_nope', 'mobile_money_a')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('switching rail on a crypto intent cancels the old address attempt', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_onchain' });
    const a = await confirm(m.keys.test, pi.id);
    expect(a.body.nextAction.type).toBe('bitcoin_address');
    const b = await confirm(m.keys.test, pi.id, { rail: 'btc_lightning' });
    expect(b.body.rail).toBe('btc_lightning');
    expect(b.body.nextAction.type).toBe('lightning_invoice');
    expect((await attemptsOf(db(), pi.id)).map((x) => `${x.rail}:${x.status}`)).toEqual(['btc_onchain:canceled', 'btc_lightning:awaiting_payment']);
  });

  it('sessions expire by the background job; unpaid intent fails; a pending payment makes it wait', async () => {
    const m = await newMerchant(db());
    // A minute beyond the 30-minute minimum: the API checks expiresAt against its own clock, a moment later.
    const t0 = now();
    const a = await momoIntent(m.keys.test);
    const csA = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: a.id, expiresAt: t0 + 1860 } })).body;
    const b = await momoIntent(m.keys.test);
    const csB = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: b.id, expiresAt: t0 + 1860 } })).body;
    await confirmPaymentIntent(db(), testScope(m), b.id, { phone: '0554122222' }, { now: t0 }); // never answers
    expect(await expireDueSessions(db(), t0 + 100, { merchantId: m.merchant.id })).toBe(0);
    expect(await expireDueSessions(db(), t0 + 1860, { merchantId: m.merchant.id })).toBe(1);
    expect((await call('GET', `/v1/checkout_sessions/${csA.id}`, { key: m.keys.test })).body.status).toBe('expired');
    expect((await get(m.keys.test, a.id)).body).toMatchObject({ status: 'failed', lastPaymentError: { code: 'session_expired' } });
    expect((await call('GET', `/v1/checkout_sessions/${csB.id}`, { key: m.keys.test })).body.status).toBe('open');
    expect((await get(m.keys.test, b.id)).body.status).toBe('pending');
    // The pending push times out at the end of the window: the intent fails and the session expires.
    await pollDueAttempts(db(), t0 + 1860, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, b.id)).body).toMatchObject({ status: 'failed', amountReceived: 0, lastPaymentError: { code: 'timeout' } });
    expect((await call('GET', `/v1/checkout_sessions/${csB.id}`, { key: m.keys.test })).body.status).toBe('expired');
    expect(await eventTypes(db(), csA.id)).toEqual(['checkout_session.expired']);
    expect(await eventTypes(db(), csB.id)).toEqual(['checkout_session.expired']);
    expect(await eventTypes(db(), a.id)).toEqual(['payment_intent.created', 'payment_intent.failed']);
    expect(await assertMoneyInvariant(db(), b.id, { paid: 0, now: t0 + 1860 })).toEqual([
      'payment_intent.created',
      'payment_intent.failed',
      'payment_intent.pending',
    ]);
  });

  it('a paid intent completes its session', async () => {
    const m = await newMerchant(db());
    const cs = await priceSession(m.keys.test, 'BTC', 3000);
    const { intent } = await chooseSessionRail(db(), cs.id, 'btc_lightning');
    const t0 = now();
    const paid = await testPay(db(), testScope(m), intent.id, {}, { now: t0 });
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 3000 });
    const session = (await call('GET', `/v1/checkout_sessions/${cs.id}`, { key: m.keys.test })).body;
    expect(session).toMatchObject({ status: 'complete', paymentIntentId: intent.id });
    expect(await db().query(`select status, completed_at from checkout_sessions where id = $1`, [cs.id])).toEqual([{ status: 'complete', completed_at: t0 }]);
    expect(await eventTypes(db(), cs.id)).toEqual(['checkout_session.completed']);
    const events = await assertMoneyInvariant(db(), intent.id, { paid: 3000, now: t0 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('availableRails lists the rails of a currency with their operator details', async () => {
    const xof = await availableRails(db(), { merchantId: 'acct_none', livemode: false }, 'XOF');
    // The four operators, and the converting rails at the test rates (no amount: no approximation).
    expect(xof.map((r) => r.rail)).toEqual([
      'mobile_money_a',
      'mobile_money_b',
      'mobile_money_c',
      'mobile_money_d',
      'btc_lightning',
      'btc_onchain',
      'usdt_trc20',
    ]);
    expect(xof.every((r) => r.approx === null)).toBe(true);
    const priced = await availableRails(db(), { merchantId: 'acct_none', livemode: false }, 'XOF', { amount: 5000 });
    expect(priced.filter((r) => r.approx).map((r) => [r.rail, r.approx])).toEqual([
      ['btc_lightning', { amount: 8334, currency: 'BTC', rate: '60000000' }],
      ['btc_onchain', { amount: 8334, currency: 'BTC', rate: '60000000' }],
      ['usdt_trc20', { amount: 8333334, currency: 'USDT', rate: '600' }],
    ]);
    expect(xof[0]).toMatchObject({ kind: 'mobile_money', country: 'CI', dialCode: '+225', exampleNumber: '0554120000' });
    expect((await availableRails(db(), { merchantId: 'acct_none', livemode: false }, 'BTC')).map((r) => r.rail)).toEqual(['btc_lightning', 'btc_onchain']);
    // Live rails with no configuration are not offered.
    expect(await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'BTC')).toEqual([]);
  });

  it('list and retrieve share the serializer (nextAction)', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 2000, currency: 'BTC', rail: 'btc_onchain' });
    const c = await confirm(m.keys.test, pi.id);
    const list = await call('GET', '/v1/payment_intents', { key: m.keys.test });
    expect(list.body.data[0].nextAction).toEqual(c.body.nextAction);
  });
});
