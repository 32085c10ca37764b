// The payment lifecycle's hard cases with live adapters: money on reused addresses and ended attempts,
// pushes whose fate is unknown, attempts being started, resends, lock order, worker leases, an invoice
// paid at the last moment; each block names the behaviour it holds. Live adapters against fake
// backends (test/fakes, written from each vendor's own documentation), time passed as a clock
// (`t0 + n`), every worker pass scoped to the test's merchant, and every test where money moves ends
// with the money invariant (test/invariant.ts) and the exact event list.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { beginAttempt, STUCK_CREATING_SECONDS } from '@/lib/payments/begin-attempt';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { MAX_FAILED_ATTEMPTS } from '@/lib/payments/decide';
import { expireCheckoutSession, expireDueSessions } from '@/lib/payments/expire';
import { claimDueAttempts, pollDueAttempts } from '@/lib/payments/poll';
import { resendMobileMoneyPrompt } from '@/lib/payments/resend';
import { finishAttempt } from '@/lib/payments/start-attempt';
import { testFail, testPay } from '@/lib/payments/test-helpers';
import { PUSH_WATCH_SECONDS, WATCH_POLL_SECONDS } from '@/lib/payments/watch';
import { railAdapter, resetRailsForTests } from '@/lib/rails/registry';
import type { AttemptView } from '@/lib/rails/types';
import { attemptView } from '@/lib/store/attempts';
import { lockIntent } from '@/lib/store/intents';
import { call, newMerchant, useDatabase } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeMomo, startFakeMomo } from './fakes/momo';
import { assertMoneyInvariant } from './invariant';
import { amountCredited, attemptsOf, eventTypes, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const DAY = 24 * 3600;

let esplora: FakeEsplora;
let momo: FakeMomo;
let lnd: FakeLnd;
const saved = { ...process.env };
beforeAll(async () => {
  esplora = await startFakeEsplora();
  momo = await startFakeMomo();
  lnd = await startFakeLnd('abcdef0123');
  Object.assign(process.env, {
    LND_REST_URL: lnd.url,
    LND_MACAROON: 'abcdef0123',
    BTC_XPUB: ZPUB,
    ESPLORA_URL: esplora.url,
    MOMO_A_BASE_URL: momo.url,
    MOMO_A_SUBSCRIPTION_KEY: 'sub-key',
    MOMO_A_API_USER: 'api-user',
    MOMO_A_API_KEY: 'api-key',
    MOMO_A_TARGET_ENVIRONMENT: 'sandbox',
    RAIL_HTTP_TIMEOUT_MS: '300',
  });
  resetConfigForTests();
  resetRailsForTests();
});
afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  resetConfigForTests();
  resetRailsForTests();
  await esplora.close();
  await momo.close();
  await lnd.close();
});

const confirm = (key: string, id: string, body: object = {}) => call('POST', `/v1/payment_intents/${id}/confirm`, { key, body });
const get = async (key: string, id: string) => (await call('GET', `/v1/payment_intents/${id}`, { key })).body;

describe('money on a reused address is counted once', () => {
  it('a new attempt on the same address does not count the earlier payment again', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const poll = (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    const pi = await newIntent(m.keys.live, { amount: 100_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    const address = ((await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 })).nextAction as { address: string }).address;
    esplora.send(address, 60_000, esplora.tip);
    await poll(t0 + 30);
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: 60_000 });
    expect(await amountCredited(db(), address)).toBe(60_000);
    await poll(t0 + DAY); // the API-only attempt's 24 h are up
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.status, a.amount_received])).toEqual([['expired', 60_000]]);
    const again = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 + DAY + 50 });
    expect(again.nextAction).toMatchObject({ address, amount: '0.0004' });
    await poll(t0 + DAY + 100);
    await poll(t0 + DAY + 200);
    // The new attempt sees the address's 60 000 sat, which the address already credited: nothing new.
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: 60_000 });
    expect(await amountCredited(db(), address)).toBe(60_000);
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.status, a.amount_received])).toEqual([
      ['expired', 60_000],
      ['awaiting_payment', 0],
    ]);
    esplora.send(address, 40_000, esplora.tip);
    await poll(t0 + DAY + 300);
    await poll(t0 + DAY + 400);
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 100_000 });
    expect(await amountCredited(db(), address)).toBe(100_000);
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.status, a.amount_received])).toEqual([
      ['expired', 60_000],
      ['succeeded', 40_000],
    ]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 100_000, now: t0 + DAY + 500 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.partially_paid', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

describe('money on an ended attempt pays the intent while it is open', () => {
  it('an API-only intent paid in full after its 24 h attempt expired succeeds', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const poll = (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    const pi = await newIntent(m.keys.live, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    const address = ((await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 })).nextAction as { address: string }).address;
    await poll(t0 + DAY);
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
    expect((await attemptsOf(db(), pi.id)).map((a) => a.status)).toEqual(['expired']);
    esplora.send(address, 50_000, esplora.tip);
    await poll(t0 + DAY + 100);
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 50_000 });
    expect(await amountCredited(db(), address)).toBe(50_000);
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.status, a.amount_received])).toEqual([['succeeded', 50_000]]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 50_000, now: t0 + DAY + 100 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('paid to the address the buyer switched away from: succeeds, the new attempt closes, the session completes', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, expiresAt: t0 + 3600 } })).body;
    await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
    await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_lightning' }, { now: t0 + 1 });
    const old = (await db().query(`select * from payment_attempts where payment_intent_id = $1 and rail = 'btc_onchain'`, [pi.id]))[0]!;
    expect(old.status).toBe('canceled');
    // The payer still pays the address shown first (the simulated chain of that attempt).
    const details = railAdapter('btc_onchain', false)!.simulator!.pay(attemptView(old), 5000, t0 + 2);
    await db().query(`update payment_attempts set details = $2 where id = $1`, [old.id, JSON.stringify(details)]);
    await pollDueAttempts(db(), t0 + 70, { merchantId: m.merchant.id });
    expect(await get(m.keys.test, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    expect(await amountCredited(db(), old.destination as string)).toBe(5000);
    const attempts = await attemptsOf(db(), pi.id);
    expect(attempts.map((a) => `${a.rail}:${a.status}:${a.amount_received}`)).toEqual(['btc_onchain:succeeded:5000', 'btc_lightning:canceled:0']);
    expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key: m.keys.test })).body.status).toBe('complete');
    expect(await eventTypes(db(), cs.id)).toEqual(['checkout_session.completed']);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 5000, now: t0 + 70 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

describe('a mobile-money push that may have gone out is not a failure', () => {
  it('the push is accepted but its answer times out: pending, and the approval is counted', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    const before = momo.payments.size;
    momo.failNext('requesttopay', 'lost'); // the operator records the push and never answers
    const r = await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554127000' }, { now: t0 });
    expect(r.status).toBe('pending');
    expect(momo.payments.size).toBe(before + 1);
    const [att, ...more] = await attemptsOf(db(), pi.id);
    expect(more).toEqual([]);
    expect(att).toMatchObject({ status: 'pending', error: null, details: { pushUnconfirmed: true } });
    expect(momo.payments.has(att!.backend_ref!)).toBe(true);
    momo.approve(att!.backend_ref!);
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('a crash between the push and recording it: the stuck attempt is polled by its stored reference', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const adapter = railAdapter('mobile_money_a', true)!;
    const t0 = now();
    const input = await db().transaction(async (tx) => beginAttempt(tx, await lockIntent(tx, pi.id), adapter, { phone: '0554127100' }, t0));
    await adapter.createPrompt(input); // the push goes out; the process dies before finishAttempt
    momo.settle('7100', 'SUCCESSFUL');
    await pollDueAttempts(db(), t0 + STUCK_CREATING_SECONDS + 1, { merchantId: m.merchant.id });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + STUCK_CREATING_SECONDS + 1 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('a crash before the push: unknown to the operator for longer than the approval window, the attempt fails', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const adapter = railAdapter('mobile_money_a', true)!;
    const t0 = now();
    await db().transaction(async (tx) => beginAttempt(tx, await lockIntent(tx, pi.id), adapter, { phone: '0554127200' }, t0));
    await pollDueAttempts(db(), t0 + 60, { merchantId: m.merchant.id }); // not stuck yet: left alone
    expect((await db().query(`select status from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!.status).toBe('creating');
    await pollDueAttempts(db(), t0 + STUCK_CREATING_SECONDS + 1, { merchantId: m.merchant.id });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, lastPaymentError: { code: 'payment_failed' } });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 0, now: t0 + STUCK_CREATING_SECONDS + 1 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });
});

describe('an attempt being started is never closed under its request', () => {
  it('switch, chooseSessionRail, cancel and session expiry answer 409 / wait while an attempt is creating', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, expiresAt: t0 + 1800 } })).body;
    const adapter = railAdapter('mobile_money_a', false)!;
    const input = await db().transaction(async (tx) => beginAttempt(tx, await lockIntent(tx, pi.id), adapter, { phone: '0554120000' }, t0));
    // The push is in flight now.
    await expect(confirmPaymentIntent(db(), scope, pi.id, { rail: 'mobile_money_c', phone: '0101120000' })).rejects.toMatchObject({ code: 'unexpected_state' });
    await expect(chooseSessionRail(db(), cs.id, 'mobile_money_c')).rejects.toMatchObject({ code: 'unexpected_state' });
    expect((await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key: m.keys.test })).status).toBe(409);
    expect((await call('POST', `/v1/checkout_sessions/${cs.id}/expire`, { key: m.keys.test })).status).toBe(409);
    expect(await expireDueSessions(db(), t0 + 1801, { merchantId: m.merchant.id })).toBe(0);
    expect((await db().query(`select status from payment_attempts where id = $1`, [input.attemptId]))[0]!.status).toBe('creating');
    // The push's answer is recorded.
    await db().transaction(async (tx) => finishAttempt(tx, input, await adapter.createPrompt(input), adapter));
    expect(await get(m.keys.test, pi.id)).toMatchObject({ status: 'pending', rail: 'mobile_money_a' });
  });
});

describe("our mobile-money timeout is not the operator's", () => {
  it('an approval after our timeout pays the open intent; after the end it is a late payment; then the watch stops', async () => {
    const m = await newMerchant(db());
    const poll = (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    const t0 = now();
    const a = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const b = await newIntent(m.keys.live, { amount: 3000, currency: 'XOF', rail: 'mobile_money_a' });
    await confirmPaymentIntent(db(), { merchantId: m.merchant.id, livemode: true }, a.id, { phone: '0554127300' }, { now: t0 });
    await confirmPaymentIntent(db(), { merchantId: m.merchant.id, livemode: true }, b.id, { phone: '0554127400' }, { now: t0 });
    await poll(t0 + 181);
    expect(await get(m.keys.live, a.id)).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'timeout' } });
    expect((await get(m.keys.live, b.id)).status).toBe('requires_payment_method');
    expect((await call('POST', `/v1/payment_intents/${b.id}/cancel`, { key: m.keys.live })).body.status).toBe('canceled');
    momo.settle('7300', 'SUCCESSFUL');
    momo.settle('7400', 'SUCCESSFUL');
    await poll(t0 + 600);
    expect(await get(m.keys.live, a.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000, lastPaymentError: null });
    expect(await get(m.keys.live, b.id)).toMatchObject({ status: 'canceled', amountReceived: 3000 });
    // a: paid after our timeout, while open; b: paid after it was canceled, never a success.
    expect(await assertMoneyInvariant(db(), a.id, { paid: 2000, now: t0 + 600 })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
    expect(await assertMoneyInvariant(db(), b.id, { paid: 3000, now: t0 + 600 })).toEqual([
      'payment_intent.canceled',
      'payment_intent.created',
      'payment_intent.late_payment',
      'payment_intent.payment_failed',
      'payment_intent.pending',
    ]);
    const watched = await db().query(`select next_poll_at, watch_until from payment_attempts where payment_intent_id = any($1::text[])`, [[a.id, b.id]]);
    expect(watched).toEqual([
      { next_poll_at: null, watch_until: null },
      { next_poll_at: null, watch_until: null },
    ]);
  });
});

describe('approving both the push and its resend records both payments', () => {
  it('both approved before the poll: both counted (overpaid)', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554127500' }, { now: t0 });
    await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 30 });
    momo.settle('7500', 'SUCCESSFUL');
    await pollDueAttempts(db(), t0 + 40, { merchantId: m.merchant.id });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 4000 });
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.status, a.amount_received])).toEqual([['succeeded', 4000]]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 4000, now: t0 + 40 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.overpaid', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('the resend approved after the intent succeeded: still watched, recorded as a late payment', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554127600' }, { now: t0 });
    await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 30 });
    const [first, second] = (await attemptsOf(db(), pi.id))[0]!.details.referenceIds as string[];
    momo.approve(first!);
    await pollDueAttempts(db(), t0 + 40, { merchantId: m.merchant.id });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    // The resend is still open at the operator: the attempt stays watched.
    expect(await attemptsOf(db(), pi.id)).toMatchObject([
      { status: 'succeeded', amount_received: 2000, next_poll_at: t0 + 40 + WATCH_POLL_SECONDS, watch_until: t0 + 40 + PUSH_WATCH_SECONDS },
    ]);
    momo.approve(second!);
    await pollDueAttempts(db(), t0 + 130, { merchantId: m.merchant.id });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 4000 });
    // Both pushes have their final answer: the watch ends.
    expect(await attemptsOf(db(), pi.id)).toMatchObject([{ status: 'succeeded', amount_received: 4000, next_poll_at: null, watch_until: null }]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 4000, now: t0 + 230 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.late_payment', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

describe('expiring a session locks intent, then session (like every other path)', () => {
  it('POST /v1/checkout_sessions/:id/expire takes the intent row lock first', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id } })).body;
    const locks: string[] = [];
    const expired = await expireCheckoutSession(recording(db(), locks), scope, cs.id);
    expect(expired.status).toBe('expired');
    const order = locks.filter((q) => /for update/i.test(q)).map((q) => /from (\w+)/i.exec(q)?.[1] ?? '?');
    expect(order[0]).toBe('payment_intents');
    expect(order.indexOf('checkout_sessions')).toBeGreaterThan(0);
    expect((await get(m.keys.test, pi.id)).status).toBe('failed');
  });
});

/** A Db that logs every statement it runs (also inside its transactions). */
function recording(inner: Db, log: string[]): Db {
  return {
    kind: inner.kind,
    inTransaction: inner.inTransaction,
    query: (text, params) => {
      log.push(text);
      return inner.query(text, params);
    },
    transaction: (fn) => inner.transaction((tx) => fn(recording(tx, log))),
  };
}

describe('a stale status answer never undoes a resend; resends are counted under the lock', () => {
  it("a poll that raced a resend does not apply the old pushes' answer", async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554127700' }, { now: t0 });
    momo.settle('7700', 'FAILED', 'APPROVAL_REJECTED'); // the payer declined the first push...
    const real = railAdapter('mobile_money_a', true)!;
    const racing = Object.create(real);
    let resent = false;
    racing.getStatus = async (a: AttemptView, n: number) => {
      const st = await real.getStatus(a, n);
      if (!resent) {
        resent = true; // ...and asks for it again while the worker is between its poll and its update
        await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 30 });
      }
      return st;
    };
    resetRailsForTests({ live: { mobile_money_a: racing } });
    try {
      await pollDueAttempts(db(), t0 + 30, { merchantId: m.merchant.id });
      expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'pending', amountReceived: 0, lastPaymentError: null });
      const [att, ...more] = await attemptsOf(db(), pi.id);
      expect(more).toEqual([]);
      expect(att).toMatchObject({ status: 'pending', error: null, next_poll_at: t0 + 30 });
      const refs = att!.details.referenceIds as string[];
      expect(refs).toHaveLength(2);
      expect(att!.backend_ref).toBe(refs[1]);
      await pollDueAttempts(db(), t0 + 40, { merchantId: m.merchant.id }); // the new push is pending
      expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'pending', amountReceived: 0 });
      // The resend is the live one: its approval pays the intent.
      momo.approve(refs[1]!);
      await pollDueAttempts(db(), t0 + 50, { merchantId: m.merchant.id });
      expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
      const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 50 });
      expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    } finally {
      resetRailsForTests();
    }
  });

  // Concurrency: only PostgreSQL runs the two resends at once (PGlite runs one query at a time, so
  // there they are sequential). `npm test` runs this file on both databases.
  it('two concurrent resends at the limit: one goes out, the other is refused; no reference is lost', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    await confirm(m.keys.test, pi.id, { phone: '0554124444' });
    await db().query(`update payment_attempts set details = details || '{"resends": 2}'::jsonb where payment_intent_id = $1`, [pi.id]);
    const results = await Promise.allSettled([resendMobileMoneyPrompt(db(), scope, pi.id), resendMobileMoneyPrompt(db(), scope, pi.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'unexpected_state' } });
    const att = (await db().query(`select backend_ref, details from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
    const details = att.details as { resends: number; referenceIds: string[] };
    expect(details.resends).toBe(3);
    expect(details.referenceIds).toHaveLength(2);
    expect(details.referenceIds[1]).toBe(att.backend_ref);
  });
});

describe('every transition back to requires_payment_method has its event, with the object after the change', () => {
  it('a seen payment that leaves the mempool: payment_failed with lastPaymentError', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    expect((await testPay(db(), scope, pi.id, {}, { now: t0 })).status).toBe('pending');
    // The transaction is replaced before it confirms: the simulated chain forgets it.
    await db().query(`update payment_attempts set details = details || '{"sim": {"txs": []}}'::jsonb where payment_intent_id = $1`, [pi.id]);
    await pollDueAttempts(db(), t0 + 3, { merchantId: m.merchant.id });
    expect(await get(m.keys.test, pi.id)).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      lastPaymentError: { code: 'payment_dropped' },
    });
    const ev = await db().query<{ data: any }>(`select data from events where type = 'payment_intent.payment_failed' and data->'object'->>'id' = $1`, [pi.id]);
    expect(ev.map((e) => e.data.object.status)).toEqual(['requires_payment_method']);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 0, now: t0 + 3 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('partially_paid carries the status after the change', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    await testPay(db(), scope, pi.id, { amount: 4_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 6, { merchantId: m.merchant.id });
    const ev = await db().query<{ data: any }>(`select data from events where type = 'payment_intent.partially_paid' and data->'object'->>'id' = $1`, [pi.id]);
    expect(ev.map((e) => e.data.object)).toMatchObject([{ status: 'requires_payment_method', amountReceived: 4_000, lastPaymentError: { code: 'underpaid' } }]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 4_000, now: t0 + 6 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.partially_paid', 'payment_intent.pending']);
  });
});

describe("attempts our backend could not start do not use up the payer's tries", () => {
  it('rail_unavailable attempts are not counted toward MAX_FAILED_ATTEMPTS', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    for (let i = 0; i < MAX_FAILED_ATTEMPTS - 1; i++)
      await db().query(
        `insert into payment_attempts (id, payment_intent_id, merchant_id, livemode, rail, amount, currency, status, error, created_at, updated_at)
         values ($1, $2, $3, false, 'mobile_money_a', 1000, 'XOF', 'failed', $4, $5, $5)`,
        [`att_down${i}${t0}`, pi.id, m.merchant.id, JSON.stringify({ code: 'rail_unavailable', message: 'down' }), t0],
      );
    const r = await testFail(db(), scope, pi.id, { now: t0 });
    expect(r).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'payment_declined' } });
  });
});

describe('a worker whose batch outlived its lease does not refresh rows another worker took', () => {
  it('the lease is renewed (if still held) before each row of the batch', async () => {
    const m = await newMerchant(db());
    const a = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const b = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    await confirm(m.keys.live, a.id, { phone: '0554127801' });
    await confirm(m.keys.live, b.id, { phone: '0554127802' });
    const t0 = now();
    const [attA] = await db().query<{ id: string }>(`select id from payment_attempts where payment_intent_id = $1`, [a.id]);
    const [attB] = await db().query<{ id: string }>(`select id from payment_attempts where payment_intent_id = $1`, [b.id]);
    await db().query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [attA!.id, t0 - 2]);
    await db().query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [attB!.id, t0 - 1]);
    const real = railAdapter('mobile_money_a', true)!;
    const slow = Object.create(real);
    const polled: string[] = [];
    let other: string[] = [];
    const realNow = Date.now.bind(Date);
    slow.getStatus = async (att: AttemptView, n: number) => {
      polled.push(att.id);
      if (polled.length === 1) {
        // This refresh takes 90 s: meanwhile another worker claims what is due and unleased.
        const base = realNow();
        vi.spyOn(Date, 'now').mockImplementation(() => base + 90_000);
        other = await claimDueAttempts(db(), t0 + 90, 100, { merchantId: m.merchant.id });
      }
      return real.getStatus(att, n);
    };
    resetRailsForTests({ live: { mobile_money_a: slow } });
    try {
      await pollDueAttempts(db(), t0, { merchantId: m.merchant.id });
    } finally {
      vi.restoreAllMocks();
      resetRailsForTests();
    }
    // The first row took 90 s; the second was taken by the other worker meanwhile: it is theirs.
    expect(polled).toHaveLength(1);
    const second = [attA!.id, attB!.id].find((id) => id !== polled[0])!;
    expect(other).toContain(second);
    const row = (await db().query(`select locked_until from payment_attempts where id = $1`, [second]))[0]!;
    expect(row.locked_until).toBe(t0 + 90 + 60);
  });
});

describe('an invoice past our expiry is checked with the backend before it is dropped', () => {
  it('confirming again after expiry finds the invoice paid at the last moment: the intent succeeds', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
    const t0 = now();
    const first = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
    const att = (
      await db().query<{ backend_ref: string; expires_at: number }>(`select backend_ref, expires_at from payment_attempts where payment_intent_id = $1`, [
        pi.id,
      ])
    )[0]!;
    expect(first.nextAction).toMatchObject({ type: 'lightning_invoice' });
    lnd.settle(att.backend_ref); // paid just before it expired; the worker has not looked yet
    await expect(confirmPaymentIntent(db(), scope, pi.id, {}, { now: att.expires_at + 5 })).rejects.toMatchObject({ code: 'unexpected_state' });
    expect(await get(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 25_000 });
    expect((await attemptsOf(db(), pi.id)).map((a) => [a.status, a.amount_received])).toEqual([['succeeded', 25_000]]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 25_000, now: att.expires_at + 5 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});
