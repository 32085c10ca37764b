// Redirect operators (Orange Money on mobile_money_b, Wave on mobile_money_d by default) in test
// mode: the API's redirect_to_url, Caisse's test operator page's answers, the test numbers, the
// return addresses, leaving an operator for another rail, and "send again" through the API for push
// operators. Clocks are passed; every money test ends with the money invariant.
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { answerTestOperator, testOperatorView } from '@/lib/payments/test-helpers';
import { PUSH_WATCH_SECONDS } from '@/lib/payments/watch';
import { SIM_APPROVAL_SECONDS } from '@/lib/rails/mobile-money/simulator';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const confirm = (key: string, id: string, body: object = {}) => call('POST', `/v1/payment_intents/${id}/confirm`, { key, body });
const get = (key: string, id: string) => call('GET', `/v1/payment_intents/${id}`, { key });
const testScope = (m: { merchant: { id: string } }) => ({ merchantId: m.merchant.id, livemode: false });
const attemptIdOf = (url: string) => /\/test-operator\/(att_[A-Za-z0-9]+)$/.exec(url)![1]!;

describe('redirect operators in test mode', () => {
  it('Orange Money: confirm without a number answers redirect_to_url to the test operator page; Approve pays once', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'XOF', rail: 'mobile_money_b' });
    const t0 = now();
    const r = await confirm(m.keys.test, pi.id, { returnUrl: 'https://shop.example/back' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('pending');
    expect(r.body.nextAction).toEqual({
      type: 'redirect_to_url',
      url: expect.stringMatching(new RegExp(`^${config().BASE_URL}/test-operator/att_[A-Za-z0-9]+$`)),
      operator: 'Orange Money',
      phone: null,
      expiresAt: expect.any(Number),
      quote: null,
    });
    // Orange's payment page lasts ten minutes: so does the attempt.
    expect(r.body.nextAction.expiresAt - t0).toBeGreaterThanOrEqual(599);
    expect(r.body.nextAction.expiresAt - t0).toBeLessThanOrEqual(601);
    const attemptId = attemptIdOf(r.body.nextAction.url);
    const view = await testOperatorView(db(), attemptId);
    expect(view).toMatchObject({
      operator: 'Orange Money',
      amount: 5000,
      currency: 'XOF',
      phone: null,
      open: true,
      returnUrl: 'https://shop.example/back',
      merchantName: 'Test shop',
    });
    // Nothing happens by itself without a number: only the page's buttons decide.
    await pollDueAttempts(db(), t0 + 60, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    expect(await answerTestOperator(db(), attemptId, 'approve', { now: t0 + 61 })).toEqual({ returnUrl: 'https://shop.example/back' });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 5000, nextAction: null });
    // A second press (a replayed form) changes nothing.
    await answerTestOperator(db(), attemptId, 'decline', { now: t0 + 62 });
    expect(await testOperatorView(db(), attemptId)).toMatchObject({ open: false });
    expect(await assertMoneyInvariant(db(), pi.id, { paid: 5000, now: t0 + 62 })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('Decline and Insufficient funds return the intent to requires_payment_method with the reason; a new attempt then pays', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 2500, currency: 'XOF', rail: 'mobile_money_d' });
    const t0 = now();
    const first = await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 });
    expect(first.nextAction).toMatchObject({ type: 'redirect_to_url', operator: 'Wave', phone: null });
    await answerTestOperator(db(), attemptIdOf((first.nextAction as { url: string }).url), 'decline', { now: t0 + 5 });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'payment_declined', rail: 'mobile_money_d' },
      nextAction: null,
    });
    const second = await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 + 10 });
    await answerTestOperator(db(), attemptIdOf((second.nextAction as { url: string }).url), 'insufficient_funds', { now: t0 + 15 });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'insufficient_funds' } });
    const third = await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 + 20 });
    await answerTestOperator(db(), attemptIdOf((third.nextAction as { url: string }).url), 'approve', { now: t0 + 25 });
    const attempts = await attemptsOf(db(), pi.id);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'succeeded']);
    // (sorted by name)
    expect(await assertMoneyInvariant(db(), pi.id, { paid: 2500, now: t0 + 25 })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a number given and no button pressed: the test numbers decide (0000 pays, 1111 declines, 4444 never answers)', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    const cases: [string, string, string | null][] = [
      ['0707120000', 'succeeded', null],
      ['0707121111', 'requires_payment_method', 'payment_declined'],
      ['0707124444', 'pending', null],
    ];
    for (const [phone, status, code] of cases) {
      const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_b' });
      const r = await confirmPaymentIntent(db(), testScope(m), pi.id, { phone }, { now: t0 });
      expect(r.nextAction).toMatchObject({ type: 'redirect_to_url', phone: `+225${phone}` });
      await pollDueAttempts(db(), t0 + SIM_APPROVAL_SECONDS, { merchantId: m.merchant.id });
      const after = (await get(m.keys.test, pi.id)).body;
      expect(after.status).toBe(status);
      expect(after.lastPaymentError?.code ?? null).toBe(code);
      await assertMoneyInvariant(db(), pi.id, { paid: status === 'succeeded' ? 1000 : 0, now: t0 + SIM_APPROVAL_SECONDS });
    }
  });

  it('the number is optional for redirect operators, still checked when given, required for push operators', async () => {
    const m = await newMerchant(db());
    const orange = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_b' });
    const bad = await confirm(m.keys.test, orange.id, { phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'phone' });
    const mtn = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    expect((await confirm(m.keys.test, mtn.id, {})).body.error).toMatchObject({ code: 'parameter_missing', param: 'phone' });
    // Wave takes XOF only (its markets); another currency on it is refused up front.
    const xaf = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 1000, currency: 'XAF', rail: 'mobile_money_d' } });
    expect(xaf.status).toBe(400);
    expect(xaf.body.error.code).toBe('rail_currency_mismatch');
  });

  it('returnUrl: https only; without it and without a session the operator sends the payer to /operator-return; with a session, to its page', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_b' });
    for (const returnUrl of [
      'http://shop.example/back',
      'javascript:alert(1)',
      'not a url',
      42,
      'https:evil.example',
      'https://user:pw@shop.example/',
      'https://shop.example/\tback',
    ]) {
      const r = await confirm(m.keys.test, pi.id, { returnUrl });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ param: 'returnUrl' });
    }
    const plain = await confirm(m.keys.test, pi.id, {});
    expect((await testOperatorView(db(), attemptIdOf(plain.body.nextAction.url)))!.returnUrl).toBe(`${config().BASE_URL}/operator-return`);
    const withSession = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_d' });
    const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: withSession.id, locale: 'en' } })).body;
    // A returnUrl beside a session would be ignored: refused instead.
    const both = await confirm(m.keys.test, withSession.id, { returnUrl: 'https://shop.example/ignored' });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ code: 'parameter_invalid', param: 'returnUrl' });
    const r = await confirm(m.keys.test, withSession.id, {});
    const view = (await testOperatorView(db(), attemptIdOf(r.body.nextAction.url)))!;
    expect(view.returnUrl).toBe(cs.url);
    expect(view.locale).toBe('en');
  });

  it('the test operator page exists for test-mode redirect attempts only', async () => {
    const m = await newMerchant(db());
    const mtn = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    await confirm(m.keys.test, mtn.id, { phone: '0554120000' });
    const [push] = await attemptsOf(db(), mtn.id);
    expect(await testOperatorView(db(), push!.id)).toBeNull();
    expect(await testOperatorView(db(), 'att_unknown')).toBeNull();
    expect(await testOperatorView(db(), "att_x' or 1=1 --")).toBeNull();
    await expect(answerTestOperator(db(), push!.id, 'approve')).rejects.toMatchObject({ code: 'resource_missing' });
    await db().query(`update payment_attempts set livemode = true where id = $1`, [push!.id]);
    expect(await testOperatorView(db(), push!.id)).toBeNull();
  });

  it('a payer back from the operator may choose another rail: payment_abandoned, the old attempt stays watched, its late payment is still counted', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 3000, currency: 'XOF', rail: 'mobile_money_b' });
    const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id } })).body;
    const t0 = now();
    const r = await confirmPaymentIntent(db(), testScope(m), pi.id, {}, { now: t0 });
    const orangeAttempt = attemptIdOf((r.nextAction as { url: string }).url);
    // The page's rail picker: Wave instead.
    const { intent } = await chooseSessionRail(db(), cs.id, 'mobile_money_d', { now: t0 + 30 });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      rail: 'mobile_money_d',
      lastPaymentError: { code: 'payment_abandoned', rail: 'mobile_money_b' },
    });
    const [old] = await attemptsOf(db(), pi.id);
    expect(old).toMatchObject({ id: orangeAttempt, status: 'canceled', watch_until: t0 + 30 + PUSH_WATCH_SECONDS });
    // A push on the phone or money on its way keeps its rail: only a redirect can be left.
    const mtn = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    await confirm(m.keys.test, mtn.id, { phone: '0554122222' });
    expect((await confirm(m.keys.test, mtn.id, { rail: 'mobile_money_c' })).status).toBe(409);
    // The page's buttons no longer answer for the abandoned attempt...
    expect(await testOperatorView(db(), orangeAttempt)).toMatchObject({ open: false });
    // ...but the payer had in fact paid on Orange's page after all: the watched attempt pays the intent.
    const { MobileMoneySimulator } = await import('@/lib/rails/mobile-money/simulator');
    const sim = new MobileMoneySimulator('mobile_money_b', 'orange_money');
    const row = (await db().query(`select * from payment_attempts where id = $1`, [orangeAttempt]))[0]!;
    const { attemptView } = await import('@/lib/store/attempts');
    const details = sim.answer(attemptView(row), 'approve');
    await db().query(`update payment_attempts set details = $2, next_poll_at = $3 where id = $1`, [orangeAttempt, JSON.stringify(details), t0 + 41]);
    await pollDueAttempts(db(), t0 + 41, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body).toMatchObject({ status: 'succeeded', amountReceived: 3000 });
    // (sorted by name) pending, payment_failed (abandoned), then the late money: pending, succeeded.
    expect(await assertMoneyInvariant(db(), pi.id, { paid: 3000, now: t0 + 41 })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('send again through the API: confirm {resend: true} on a push operator (4444 answers only a resend); refused on a redirect operator', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), testScope(m), pi.id, { phone: '0554124444' }, { now: t0 });
    await pollDueAttempts(db(), t0 + SIM_APPROVAL_SECONDS + 5, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('pending');
    const resent = await confirm(m.keys.test, pi.id, { resend: true });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    const [att] = await attemptsOf(db(), pi.id);
    expect((att!.details as { resends: number }).resends).toBe(1);
    expect((await confirm(m.keys.test, pi.id, { resend: true, phone: '0554124444' })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'resend' });
    expect((await confirm(m.keys.test, pi.id, { resend: false })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'resend' });
    await pollDueAttempts(db(), now() + SIM_APPROVAL_SECONDS + 1, { merchantId: m.merchant.id });
    expect((await get(m.keys.test, pi.id)).body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi.id, { paid: 1000, now: now() + SIM_APPROVAL_SECONDS + 1 });
    // Nothing to send again: 409.
    expect((await confirm(m.keys.test, pi.id, { resend: true })).status).toBe(409);
    const orange = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_b' });
    await confirm(m.keys.test, orange.id, {});
    const refused = await confirm(m.keys.test, orange.id, { resend: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Orange Money asks the payer on its own page/);
  });

  it('the test helpers pay and fail redirect rails too', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_d' });
    expect((await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/fail`, { key: m.keys.test, body: {} })).body).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'payment_declined' },
    });
    expect((await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} })).body).toMatchObject({
      status: 'succeeded',
      amountReceived: 1000,
    });
    await assertMoneyInvariant(db(), pi.id, { paid: 1000, now: now() });
  });
});
