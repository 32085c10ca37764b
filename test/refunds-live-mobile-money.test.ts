// Live refunds on the mobile-money rails, end to end: a live key pays an intent through the API at a
// fake operator (each written from the operator's own documentation: test/fakes/momo.ts, orange.ts,
// wave.ts), then refunds part of it and then the rest through POST /v1/refunds; the worker's refund
// pass (pollDueRefunds, scoped to the test's merchant, on an injected clock) drives each refund to
// its end. The deployment's rails are configured as the live tests do (useLiveConfig): MTN MoMo with
// its Disbursement product on mobile_money_a, Orange Money on mobile_money_b, Wave with a payout key
// on mobile_money_d; merchants' own accounts (POST /v1/rail_accounts with a live key) stand for an
// MTN account with or without Disbursement credentials and a Wave account without a payout key.
// Every test ends with the money invariant extended to refunds, and with what the fake paid out ==
// the succeeded refunds' settlementAmount (a manual refund leaves the operator's API untouched: the
// merchant sent it from the operator's portal, and what it recorded is checked instead).
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as accountCallbackPost } from '@/app/callbacks/[account]/route';
import { POST as callbackPost } from '@/app/callbacks/mobile_money/[rail]/route';
import { resetRailHealth } from '@/lib/domain/rail-health';
import { pollDueAttempts } from '@/lib/payments/poll';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { RESEND_AFTER_SECONDS } from '@/lib/refunds/shared';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { DISBURSEMENT_CREDS, type FakeMomo, startFakeMomo } from './fakes/momo';
import { type FakeOrange, startFakeOrange } from './fakes/orange';
import { type FakeWave, startFakeWave } from './fakes/wave';
import { assertMoneyInvariant } from './invariant';
import { type AttemptRow, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const PLATFORM_MOMO = { user: 'api-user', key: 'api-key', sub: 'sub-key' };
const MOMO_CALLBACK_URL = 'http://127.0.0.1:3000/callbacks/mobile_money/mobile_money_a';
/** A merchant's own MTN MoMo operator account (its own Collection and Disbursement credentials). */
const SHOP_MOMO = {
  user: 'shop-api-user',
  key: 'shop-api-key',
  sub: 'shop-sub-key',
  disbursement: { user: 'shop-disb-user', key: 'shop-disb-key', sub: 'shop-disb-sub' },
};
const WAVE_KEY = 'wave_sn_prod_platformcheckoutkey0123456789ab';
const WAVE_PAYOUT_KEY = 'wave_sn_prod_platformpayoutkey0123456789abc';
const WAVE_SECRET = 'wave_sn_WHS_livetestsecret0123456789abcdefghijklmnop';

let momo: FakeMomo;
let shopMomo: FakeMomo;
let orange: FakeOrange;
let wave: FakeWave;

beforeAll(async () => {
  momo = await startFakeMomo({ ...PLATFORM_MOMO, disbursement: DISBURSEMENT_CREDS });
  shopMomo = await startFakeMomo(SHOP_MOMO);
  orange = await startFakeOrange();
  wave = await startFakeWave({ apiKey: WAVE_KEY, webhookSecret: WAVE_SECRET, payoutApiKey: WAVE_PAYOUT_KEY });
});
useLiveConfig(() => ({
  // Our own address as the operators see it: a loopback address (Wave takes only https or loopback).
  BASE_URL: 'http://127.0.0.1:3000',
  MOMO_A_BASE_URL: momo.url,
  MOMO_A_SUBSCRIPTION_KEY: PLATFORM_MOMO.sub,
  MOMO_A_API_USER: PLATFORM_MOMO.user,
  MOMO_A_API_KEY: PLATFORM_MOMO.key,
  MOMO_A_TARGET_ENVIRONMENT: 'sandbox',
  MOMO_A_CALLBACK_URL: MOMO_CALLBACK_URL,
  MOMO_A_DISBURSEMENT_SUBSCRIPTION_KEY: DISBURSEMENT_CREDS.sub,
  MOMO_A_DISBURSEMENT_API_USER: DISBURSEMENT_CREDS.user,
  MOMO_A_DISBURSEMENT_API_KEY: DISBURSEMENT_CREDS.key,
  MOMO_B_BASE_URL: orange.url,
  MOMO_B_CLIENT_ID: orange.clientId,
  MOMO_B_CLIENT_SECRET: orange.clientSecret,
  MOMO_B_MERCHANT_KEY: orange.merchantKey,
  MOMO_B_WEBPAY_COUNTRY: orange.country,
  MOMO_B_WEBPAY_CURRENCY: orange.currency,
  MOMO_D_BASE_URL: wave.url,
  MOMO_D_API_KEY: WAVE_KEY,
  MOMO_D_WEBHOOK_SECRET: WAVE_SECRET,
  MOMO_D_PAYOUT_API_KEY: WAVE_PAYOUT_KEY,
  RAIL_HTTP_TIMEOUT_MS: '500',
}));
afterEach(async () => {
  for (const f of [momo, shopMomo]) {
    f.refundOutcome = 'SUCCESSFUL';
    f.mode = 'ok';
  }
  for (const rail of ['mobile_money_a', 'mobile_money_b', 'mobile_money_d'] as const) await resetRailHealth(db(), rail, true);
});
afterAll(async () => {
  await momo?.close();
  await shopMomo?.close();
  await orange?.close();
  await wave?.close();
});

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** A phone number of its own for each payment (prompt limits are per phone, across files): MTN CI numbers start with 05, Orange's and Wave's here with 07. */
const phone = (prefix: '05' | '07') => `${prefix}${String(randomInt(10_000_000, 99_999_999))}`;

interface RefundRow {
  id: string;
  status: string;
  reference: string;
  sent_at: number | null;
  next_check_at: number | null;
  operator_reference: string | null;
  details: Record<string, unknown>;
}
const refundRow = async (id: string) =>
  (await db().query<RefundRow>(`select id, status, reference, sent_at, next_check_at, operator_reference, details from refunds where id = $1`, [id]))[0]!;
/** An intent's (only) attempt, with the account it was made through. */
const attemptOf = async (intentId: string) =>
  (
    await db().query<AttemptRow & { rail_account_id: string | null }>(`select * from payment_attempts where payment_intent_id = $1 order by seq`, [intentId])
  )[0]!;
const refundEvents = async (id: string) =>
  (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by created_at, seq`, [id])).map((r) => r.type);

/** A merchant's API with its live key, and its worker passes. */
function live(m: Merchant) {
  const key = m.keys.live;
  const merchantId = m.merchant.id;
  return {
    m,
    key,
    merchantId,
    post: (path: string, body: object = {}) => call('POST', path, { key, body }),
    get: (path: string) => call('GET', path, { key }),
    /** A refund through the API (amount omitted: all that is left). */
    refund: (paymentIntentId: string, amount?: number) => call('POST', '/v1/refunds', { key, body: { paymentIntentId, ...(amount ? { amount } : {}) } }),
    refunds: async (paymentIntentId: string) => (await call('GET', `/v1/refunds?paymentIntentId=${paymentIntentId}&limit=100`, { key })).body.data as any[],
    /** One worker pass over this merchant's due refunds at `t`. */
    pass: (t: number) => pollDueRefunds(db(), t, { merchantId }),
    /** One worker pass over this merchant's due payment attempts at `t`. */
    poll: (t: number) => pollDueAttempts(db(), t, { merchantId }),
  };
}
type Live = ReturnType<typeof live>;

/** What the succeeded refunds of an intent gave back: in its currency, and in what left on the rail. */
async function succeededTotals(s: Live, piId: string) {
  const done = (await s.refunds(piId)).filter((r) => r.status === 'succeeded');
  return { count: done.length, amount: done.reduce((t, r) => t + r.amount, 0), settlement: done.reduce((t, r) => t + r.settlementAmount, 0) };
}

/** A merchant's live account through the API (checked at the fake first). */
async function railAccount(s: Live, rail: string, settings: Record<string, string>) {
  const res = await s.post('/v1/rail_accounts', { rail, settings });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

// ---------------------------------------------------------------------------------------------
// MTN MoMo

/** A live 2,000 XOF intent on mobile_money_a, confirmed with a phone, approved at `fake`, found by the worker. */
async function paidMomo(s: Live, fake: FakeMomo, amount = 2000) {
  const pi = await newIntent(s.key, { amount, currency: 'XOF', rail: 'mobile_money_a' });
  const t0 = now();
  const res = await s.post(`/v1/payment_intents/${pi.id}/confirm`, { phone: phone('05') });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const att = await attemptOf(pi.id);
  expect(fake.payments.has(att.backend_ref!)).toBe(true);
  fake.approve(att.backend_ref!);
  await s.poll(t0 + 10);
  expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: amount, amountRefunded: 0 });
  return { pi, att, t0 };
}

/** The refunds the operator holds for our refund `id` (its externalId), and the POSTs that carried its reference. */
function atMomo(fake: FakeMomo, id: string, reference: string) {
  return {
    held: [...fake.refunds.entries()].filter(([, r]) => r.body.externalId === id),
    posts: fake.requests.filter((r) => r.method === 'POST' && r.path === '/disbursement/v1_0/refund' && r.headers['x-reference-id'] === reference),
    lookups: fake.requests.filter((r) => r.method === 'GET' && r.path === `/disbursement/v1_0/refund/${reference}`).length,
  };
}

/** What the operator paid back for a payment (its SUCCESSFUL refunds), == what Caisse recorded as succeeded. */
async function expectMomoMoney(s: Live, fake: FakeMomo, pi: { id: string }, att: { backend_ref: string | null }, t: number, refunded: number) {
  const totals = await succeededTotals(s, pi.id);
  expect(fake.refunded(att.backend_ref!), 'MTN paid back == the succeeded refunds').toBe(totals.settlement);
  expect(totals.settlement).toBe(refunded);
  const paid = Number(fake.payments.get(att.backend_ref!)!.body.amount);
  return assertMoneyInvariant(db(), pi.id, { paid, refunded, refundedSettlement: refunded, now: t });
}

describe('live MTN MoMo refunds (the deployment’s Disbursement credentials)', () => {
  it('a partial then the rest: each sent once by POST /disbursement/v1_0/refund, found SUCCESSFUL by the worker; nothing more is refundable', async () => {
    const s = live(await newMerchant(db(), 'MoMo refunds'));
    const { pi, att } = await paidMomo(s, momo);
    // MTN takes the refund (202) and answers PENDING until it is processed.
    momo.refundOutcome = 'PENDING';
    const first = await s.refund(pi.id, 800);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      object: 'refund',
      paymentIntentId: pi.id,
      amount: 800,
      currency: 'XOF',
      status: 'pending',
      rail: 'mobile_money_a',
      railAccountId: null,
      settlementAmount: 800,
      settlementCurrency: 'XOF',
      nextAction: null,
      operatorReference: null,
      livemode: true,
    });
    const r1 = await refundRow(first.body.id);
    const m1 = atMomo(momo, first.body.id, r1.reference);
    expect(m1.posts).toHaveLength(1);
    expect(m1.held).toHaveLength(1);
    const [ref1, held1] = m1.held[0]!;
    expect(ref1).toBe(r1.reference);
    // What MTN documents: the amount as a string, our refund's id as externalId, the payment's own reference.
    expect(held1.body).toMatchObject({ amount: '800', currency: 'XOF', externalId: first.body.id, referenceIdToRefund: att.backend_ref });
    expect(held1.callbackUrl).toBe(MOMO_CALLBACK_URL);
    expect(m1.posts[0]!.headers['ocp-apim-subscription-key']).toBe(DISBURSEMENT_CREDS.sub);

    // The worker asks by our reference: PENDING keeps it pending; SUCCESSFUL records it, once.
    const t1 = r1.sent_at!;
    await s.pass(t1 + 5);
    expect((await refundRow(first.body.id)).status).toBe('pending');
    expect(atMomo(momo, first.body.id, r1.reference).lookups).toBe(1);
    momo.completeRefund(ref1);
    const due = (await refundRow(first.body.id)).next_check_at!;
    await s.pass(due - 1);
    expect(atMomo(momo, first.body.id, r1.reference).lookups).toBe(1); // not due yet
    await s.pass(due);
    const done1 = (await s.get(`/v1/refunds/${first.body.id}`)).body;
    expect(done1).toMatchObject({ status: 'succeeded', operatorReference: momo.refundStatusBody(ref1).financialTransactionId, nextAction: null });
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ amountReceived: 2000, amountRefunded: 800 });

    // The rest, without an amount: 1,200 XOF, which MTN processes at once.
    momo.refundOutcome = 'SUCCESSFUL';
    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ amount: 1200, settlementAmount: 1200, status: 'pending' });
    const r2 = await refundRow(rest.body.id);
    expect(atMomo(momo, rest.body.id, r2.reference).held[0]![1].body).toMatchObject({ amount: '1200', referenceIdToRefund: att.backend_ref });
    await s.pass(r2.sent_at! + 5);
    expect((await s.get(`/v1/refunds/${rest.body.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: expect.any(String) });
    const none = await s.refund(pi.id, 1);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });

    // Later passes ask nothing and send nothing more.
    const requests = momo.requests.length;
    await s.pass(r2.sent_at! + 3600);
    expect(momo.requests.length).toBe(requests);
    for (const id of [first.body.id, rest.body.id]) {
      expect(await refundEvents(id)).toEqual(['refund.created', 'refund.succeeded']);
      const row = await refundRow(id);
      expect(atMomo(momo, id, row.reference).held).toHaveLength(1);
      expect(atMomo(momo, id, row.reference).posts).toHaveLength(1);
    }
    const events = await expectMomoMoney(s, momo, pi, att, r2.sent_at! + 3600, 2000);
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('a refund whose answer was lost (MTN answers 500 after recording it) stays pending, is found by the status lookup, and is recorded once', async () => {
    const s = live(await newMerchant(db(), 'MoMo lost answer'));
    const { pi, att } = await paidMomo(s, momo);
    momo.failNext('refund', { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred.' }, record: true });
    const partial = await s.refund(pi.id, 500);
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ status: 'pending', amount: 500 });
    const r = await refundRow(partial.body.id);
    expect(r.sent_at).not.toBeNull();
    // MTN took it (and processed it): it holds one refund for it, that one POST.
    expect(atMomo(momo, partial.body.id, r.reference).held).toHaveLength(1);
    // It cannot be canceled: it may have gone out.
    expect((await s.post(`/v1/refunds/${partial.body.id}/cancel`)).status).toBe(409);
    await s.pass(r.sent_at! + 5);
    const after = atMomo(momo, partial.body.id, r.reference);
    expect(after.lookups).toBe(1);
    expect((await s.get(`/v1/refunds/${partial.body.id}`)).body).toMatchObject({ status: 'succeeded', amount: 500 });
    // Never sent twice: one POST with its reference, one refund at MTN, one refund.succeeded.
    expect(after.posts).toHaveLength(1);
    expect(after.held).toHaveLength(1);
    expect(await refundEvents(partial.body.id)).toEqual(['refund.created', 'refund.succeeded']);

    // The rest goes through normally.
    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ amount: 1500, status: 'pending' });
    await s.pass((await refundRow(rest.body.id)).sent_at! + 5);
    expect((await s.get(`/v1/refunds/${rest.body.id}`)).body.status).toBe('succeeded');
    await expectMomoMoney(s, momo, pi, att, now() + 60, 2000);
  });

  it(`a timeout before MTN recorded it: not found, then sent again after ${RESEND_AFTER_SECONDS} s with the SAME X-Reference-Id; one refund at MTN`, async () => {
    const s = live(await newMerchant(db(), 'MoMo timeout'));
    const { pi, att } = await paidMomo(s, momo);
    const partial = await s.refund(pi.id, 700);
    await s.pass((await refundRow(partial.body.id)).sent_at! + 5);
    expect((await s.get(`/v1/refunds/${partial.body.id}`)).body.status).toBe('succeeded');
    momo.failNext('refund', 'timeout');
    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ status: 'pending', amount: 1300 });
    const r = await refundRow(rest.body.id);
    const t0 = r.sent_at!;
    // Nothing reached MTN: one POST that was never answered, no refund held.
    expect(atMomo(momo, rest.body.id, r.reference)).toMatchObject({ posts: [expect.anything()], held: [] });
    // Asked: MTN does not know it (404). Too soon to send again: the answer may still be on its way.
    await s.pass(t0 + 5);
    expect(atMomo(momo, rest.body.id, r.reference)).toMatchObject({ lookups: 1, posts: [expect.anything()], held: [] });
    expect((await refundRow(rest.body.id)).status).toBe('pending');
    // Past RESEND_AFTER_SECONDS, still unknown: sent again, with the same reference.
    let t = t0 + 5;
    while (t < t0 + RESEND_AFTER_SECONDS) {
      t = Math.max(t + 1, (await refundRow(rest.body.id)).next_check_at!);
      await s.pass(t);
    }
    const resent = atMomo(momo, rest.body.id, r.reference);
    expect(resent.posts).toHaveLength(2);
    expect(resent.posts.map((p) => p.headers['x-reference-id'])).toEqual([r.reference, r.reference]);
    expect(resent.held).toHaveLength(1);
    expect(resent.held[0]![0]).toBe(r.reference);
    expect((await refundRow(rest.body.id)).details).toMatchObject({ resends: 1 });
    // The next pass finds it SUCCESSFUL.
    t = (await refundRow(rest.body.id)).next_check_at!;
    await s.pass(t);
    expect((await s.get(`/v1/refunds/${rest.body.id}`)).body).toMatchObject({ status: 'succeeded', amount: 1300 });
    await s.pass(t + 600);
    expect(atMomo(momo, rest.body.id, r.reference).posts).toHaveLength(2);
    expect(atMomo(momo, rest.body.id, r.reference).held).toHaveLength(1);
    await expectMomoMoney(s, momo, pi, att, t + 600, 2000);
  });

  it("MTN's callback for a refund (externalId = the refund's id) makes the next pass ask now; it decides nothing by itself", async () => {
    const s = live(await newMerchant(db(), 'MoMo callback'));
    const { pi, att } = await paidMomo(s, momo);
    momo.refundOutcome = 'PENDING';
    const r0 = await s.refund(pi.id, 1200);
    const r = await refundRow(r0.body.id);
    const T = r.sent_at!;
    const [ref, held] = atMomo(momo, r0.body.id, r.reference).held[0]!;
    // A long wait: the worker asks less and less often.
    await s.pass(T + 5);
    await s.pass(T + 1000);
    const due = (await refundRow(r0.body.id)).next_check_at!;
    expect(due).toBeGreaterThan(T + 1100);
    const lookups = () => atMomo(momo, r0.body.id, r.reference).lookups;
    expect(lookups()).toBe(2);
    /** MTN's callback, posted to the X-Callback-Url the refund carried (the HTTP route, on the real clock). */
    const callback = async (body: Record<string, unknown>) => {
      const req = new Request(held.callbackUrl!, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const res = await callbackPost(req, { params: Promise.resolve({ rail: 'mobile_money_a' }) });
      return { status: res.status, body: await res.json() };
    };

    // A callback that claims SUCCESSFUL while MTN still says PENDING: accepted (200), the refund is
    // asked about at the next pass, and MTN's answer, not the callback's, is recorded.
    expect(await callback({ ...momo.refundStatusBody(ref), status: 'SUCCESSFUL', financialTransactionId: '999' })).toEqual({
      status: 200,
      body: { received: true },
    });
    expect((await refundRow(r0.body.id)).status).toBe('pending');
    expect(lookups()).toBe(2);
    await s.pass(T + 1001);
    expect(lookups()).toBe(3);
    expect((await s.get(`/v1/refunds/${r0.body.id}`)).body).toMatchObject({ status: 'pending', operatorReference: null });

    // MTN processes it; without a callback the worker would not ask before its due time.
    momo.completeRefund(ref);
    await s.pass(T + 1002);
    expect(lookups()).toBe(3);
    expect((await refundRow(r0.body.id)).status).toBe('pending');
    // MTN's own callback: the next pass asks now and records what MTN says.
    expect((await callback(momo.refundStatusBody(ref))).status).toBe(200);
    await s.pass(T + 1003);
    expect(lookups()).toBe(4);
    expect((await s.get(`/v1/refunds/${r0.body.id}`)).body).toMatchObject({
      status: 'succeeded',
      operatorReference: momo.refundStatusBody(ref).financialTransactionId,
    });
    // A callback naming no refund of ours: 404; a late duplicate about a finished one changes nothing.
    expect((await callback({ ...momo.refundStatusBody(ref), externalId: 're_0000000000000000000000' })).status).toBe(404);
    expect((await callback(momo.refundStatusBody(ref))).status).toBe(200);
    await s.pass(T + 1004);
    expect(lookups()).toBe(4);
    expect(atMomo(momo, r0.body.id, r.reference).posts).toHaveLength(1);
    expect(await refundEvents(r0.body.id)).toEqual(['refund.created', 'refund.succeeded']);

    const rest = await s.refund(pi.id);
    momo.completeRefund((await refundRow(rest.body.id)).reference);
    await s.pass(T + 2000);
    expect((await s.get(`/v1/refunds/${rest.body.id}`)).body).toMatchObject({ status: 'succeeded', amount: 800 });
    await expectMomoMoney(s, momo, pi, att, T + 2000, 2000);
  });
});

/** A refund another merchant made through the deployment's MTN account, succeeded: MTN's transaction id of it. */
async function platformRefundReference(): Promise<string> {
  const other = live(await newMerchant(db(), 'Another shop on the deployment'));
  const { pi } = await paidMomo(other, momo, 500);
  const r = await other.refund(pi.id);
  await other.pass((await refundRow(r.body.id)).sent_at! + 5);
  const done = (await other.get(`/v1/refunds/${r.body.id}`)).body;
  expect(done).toMatchObject({ status: 'succeeded', operatorReference: expect.any(String) });
  return done.operatorReference;
}

describe("live MTN MoMo refunds through a merchant's own account", () => {
  const settings = (disbursement: boolean) => ({
    baseUrl: shopMomo.url,
    subscriptionKey: SHOP_MOMO.sub,
    apiUser: SHOP_MOMO.user,
    apiKey: SHOP_MOMO.key,
    targetEnvironment: 'sandbox',
    ...(disbursement
      ? {
          disbursementSubscriptionKey: SHOP_MOMO.disbursement.sub,
          disbursementApiUser: SHOP_MOMO.disbursement.user,
          disbursementApiKey: SHOP_MOMO.disbursement.key,
        }
      : {}),
  });

  it("with Disbursement settings: partial and rest go out of the merchant's own MTN account, the deployment's is never asked", async () => {
    const s = live(await newMerchant(db(), 'Own MTN account'));
    const account = await railAccount(s, 'mobile_money_a', settings(true));
    const { pi, att } = await paidMomo(s, shopMomo);
    expect(att).toMatchObject({ rail_account_id: account.id });
    shopMomo.refundOutcome = 'PENDING';
    const first = await s.refund(pi.id, 600);
    expect(first.body).toMatchObject({ status: 'pending', railAccountId: account.id, amount: 600 });
    const r1 = await refundRow(first.body.id);
    const [ref1, held1] = atMomo(shopMomo, first.body.id, r1.reference).held[0]!;
    expect(held1.body).toMatchObject({ amount: '600', referenceIdToRefund: att.backend_ref });
    expect(atMomo(shopMomo, first.body.id, r1.reference).posts[0]!.headers['ocp-apim-subscription-key']).toBe(SHOP_MOMO.disbursement.sub);
    await s.pass(r1.sent_at! + 5);
    expect((await refundRow(first.body.id)).status).toBe('pending');
    // The merchant's MTN account numbers its transactions on its own: its refund may carry the id
    // a transaction of the deployment's account has. Two transfers, two refunds, both recorded.
    const taken = await platformRefundReference();
    shopMomo.refunds.get(ref1)!.financialTransactionId = taken;
    shopMomo.completeRefund(ref1);
    await s.pass(r1.sent_at! + 1000);
    expect((await s.get(`/v1/refunds/${first.body.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: taken });

    // The rest, with MTN's callback to the account's own URL making the next pass ask at once.
    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ amount: 1400, railAccountId: account.id, status: 'pending' });
    const r2 = await refundRow(rest.body.id);
    await s.pass(r2.sent_at! + 1000);
    const due = (await refundRow(rest.body.id)).next_check_at!;
    // Its own transaction id (the fake's counter may have reached the one the first refund was given above).
    shopMomo.refunds.get(r2.reference)!.financialTransactionId = `shop-${r2.reference}`;
    shopMomo.completeRefund(r2.reference);
    const cb = await accountCallbackPost(
      new Request(`http://127.0.0.1:3000/callbacks/${account.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(shopMomo.refundStatusBody(r2.reference)),
      }),
      { params: Promise.resolve({ account: account.id }) },
    );
    expect(cb.status).toBe(200);
    // The same callback at the deployment's URL names no refund of the deployment's: 404.
    const platformCb = await callbackPost(
      new Request(MOMO_CALLBACK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(shopMomo.refundStatusBody(r2.reference)),
      }),
      { params: Promise.resolve({ rail: 'mobile_money_a' }) },
    );
    expect(platformCb.status).toBe(404);
    await s.pass(r2.sent_at! + 1001);
    expect(r2.sent_at! + 1001).toBeLessThan(due);
    expect((await s.get(`/v1/refunds/${rest.body.id}`)).body).toMatchObject({ status: 'succeeded', amount: 1400 });
    const ours = new Set([first.body.id, rest.body.id]);
    expect([...momo.refunds.values()].filter((x) => ours.has(x.body.externalId) || x.paymentRef === att.backend_ref)).toEqual([]);
    await expectMomoMoney(s, shopMomo, pi, att, r2.sent_at! + 1001, 2000);
  });

  it('without Disbursement credentials: requires_action manual_refund naming the amount and the payer, nothing sent to MTN; then mark_succeeded', async () => {
    const s = live(await newMerchant(db(), 'MTN without Disbursement'));
    const account = await railAccount(s, 'mobile_money_a', settings(false));
    const { pi, att } = await paidMomo(s, shopMomo);
    const disbursementCalls = () => shopMomo.requests.filter((r) => r.path.startsWith('/disbursement/')).length;
    const before = disbursementCalls();
    const first = await s.refund(pi.id, 900);
    expect(first.body).toMatchObject({ status: 'requires_action', railAccountId: account.id, amount: 900, nextAction: { type: 'manual_refund' } });
    const instructions = first.body.nextAction.instructions as string;
    expect(instructions).toContain('900 XOF');
    expect(instructions).toContain(att.destination!);
    expect(instructions).toContain(att.backend_ref!);
    expect(instructions).toContain("this rail account's settings disbursementSubscriptionKey");
    // The worker has nothing to ask: it waits for the merchant.
    await s.pass(now() + 3600);
    expect((await s.get(`/v1/refunds/${first.body.id}`)).body.status).toBe('requires_action');
    // A transaction id of the deployment's MTN account is no proof about this account's books: accepted here.
    const taken = await platformRefundReference();
    const marked = await s.post(`/v1/refunds/${first.body.id}/mark_succeeded`, { operatorReference: taken });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'succeeded', operatorReference: taken, nextAction: null });
    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ status: 'requires_action', amount: 1100, nextAction: { type: 'manual_refund' } });
    expect(rest.body.nextAction.instructions).toContain('1100 XOF');
    // One MTN transaction proves one refund.
    const reused = await s.post(`/v1/refunds/${rest.body.id}/mark_succeeded`, { operatorReference: taken });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ code: 'operator_reference_invalid', param: 'operatorReference' });
    expect((await s.post(`/v1/refunds/${rest.body.id}/mark_succeeded`, { operatorReference: '81569102' })).body.status).toBe('succeeded');
    for (const id of [first.body.id, rest.body.id]) expect(await refundEvents(id)).toEqual(['refund.created', 'refund.updated', 'refund.succeeded']);
    // Nothing went through MTN's API: the merchant sent both from its portal, with the references it recorded.
    expect(disbursementCalls()).toBe(before);
    expect(shopMomo.refunded(att.backend_ref!)).toBe(0);
    const totals = await succeededTotals(s, pi.id);
    expect(totals).toEqual({ count: 2, amount: 2000, settlement: 2000 });
    expect((await s.refunds(pi.id)).map((r) => r.operatorReference).sort()).toEqual([taken, '81569102'].sort());
    await assertMoneyInvariant(db(), pi.id, { paid: 2000, refunded: 2000, refundedSettlement: 2000, now: now() + 60 });
  });
});

// ---------------------------------------------------------------------------------------------
// Orange Money

describe('live Orange Money refunds (no refund API: the merchant sends it from its portal)', () => {
  it('requires_action manual_refund with the amount; mark_succeeded; the same operatorReference on another refund is refused', async () => {
    const s = live(await newMerchant(db(), 'Orange refunds'));
    const pi = await newIntent(s.key, { amount: 2000, currency: 'XOF', rail: 'mobile_money_b' });
    const t0 = now();
    expect((await s.post(`/v1/payment_intents/${pi.id}/confirm`, { phone: phone('07') })).status).toBe(200);
    const att = await attemptOf(pi.id);
    const pay = orange.byOrder(att.id)!;
    orange.confirm(pay.payToken);
    await orange.complete(pay.payToken, 'SUCCESS', { notify: false });
    await s.poll(t0 + 10);
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const requestsBefore = orange.requests.length;

    const first = await s.refund(pi.id, 750);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'requires_action', amount: 750, settlementAmount: 750, nextAction: { type: 'manual_refund' } });
    const steps = first.body.nextAction.instructions as string;
    expect(steps).toContain('Send 750 XOF (CFA francs)');
    expect(steps).toContain(`Orange transaction id ${pay.txnid}`);
    expect(steps).toContain(`POST /v1/refunds/${first.body.id}/mark_succeeded`);
    await s.pass(now() + 3600);
    expect((await s.get(`/v1/refunds/${first.body.id}`)).body.status).toBe('requires_action');
    const marked = await s.post(`/v1/refunds/${first.body.id}/mark_succeeded`, { operatorReference: 'MP240611.1012.B12345' });
    expect(marked.body).toMatchObject({ status: 'succeeded', operatorReference: 'MP240611.1012.B12345', nextAction: null });
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ amountRefunded: 750 });

    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ status: 'requires_action', amount: 1250, nextAction: { type: 'manual_refund' } });
    expect(rest.body.nextAction.instructions).toContain('Send 1250 XOF (CFA francs)');
    const reused = await s.post(`/v1/refunds/${rest.body.id}/mark_succeeded`, { operatorReference: 'MP240611.1012.B12345' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ type: 'invalid_request_error', code: 'operator_reference_invalid', param: 'operatorReference' });
    expect((await s.get(`/v1/refunds/${rest.body.id}`)).body).toMatchObject({ status: 'requires_action', operatorReference: null });
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ amountRefunded: 750 });
    const ok = await s.post(`/v1/refunds/${rest.body.id}/mark_succeeded`, { operatorReference: 'MP240611.1013.B12346' });
    expect(ok.body).toMatchObject({ status: 'succeeded', operatorReference: 'MP240611.1013.B12346' });
    // Marking a finished refund again: 409, nothing changes.
    expect((await s.post(`/v1/refunds/${rest.body.id}/mark_succeeded`, { operatorReference: 'MP240611.1014.B12347' })).status).toBe(409);
    for (const id of [first.body.id, rest.body.id]) expect(await refundEvents(id)).toEqual(['refund.created', 'refund.updated', 'refund.succeeded']);

    // Orange's API was not asked anything for the refunds; what the merchant recorded is what went back.
    expect(orange.requests.length).toBe(requestsBefore);
    expect(await succeededTotals(s, pi.id)).toEqual({ count: 2, amount: 2000, settlement: 2000 });
    const paid = orange.payments.get(pay.payToken)!.status === 'SUCCESS' ? Number(orange.payments.get(pay.payToken)!.body.amount) : 0;
    const events = await assertMoneyInvariant(db(), pi.id, { paid, refunded: 2000, refundedSettlement: 2000, now: now() + 60 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

// ---------------------------------------------------------------------------------------------
// Wave

/** A live XOF intent on Wave, confirmed with the payer's number (the session is restricted to it), paid at Wave, found by the worker. */
async function paidWave(s: Live, amount = 2000) {
  const pi = await newIntent(s.key, { amount, currency: 'XOF', rail: 'mobile_money_d' });
  const t0 = now();
  expect((await s.post(`/v1/payment_intents/${pi.id}/confirm`, { phone: phone('07') })).status).toBe(200);
  const att = await attemptOf(pi.id);
  const sessionId = att.backend_ref!;
  expect(wave.sessions.get(sessionId)!.body.restrict_payer_mobile).toBe(att.destination);
  await wave.pay(sessionId, { webhook: false });
  await s.poll(t0 + 5);
  expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: amount });
  return { pi, att, sessionId, paid: () => (wave.sessions.get(sessionId)!.session.payment_status === 'succeeded' ? amount : 0) };
}

/** What Wave paid back for our refunds of an intent: its session refunds, and the succeeded payouts naming them. */
async function atWave(s: Live, piId: string, sessionId: string) {
  const ids = new Set((await s.refunds(piId)).map((r) => r.id));
  const sessionRefunds = wave.refunds.filter((r) => r.sessionId === sessionId);
  const payouts = [...wave.payouts.values()].filter((p) => ids.has(p.body.client_reference));
  const paidOut =
    sessionRefunds.reduce((t, r) => t + Number(r.amount), 0) +
    payouts.filter((p) => p.payout.status === 'succeeded').reduce((t, p) => t + Number(p.payout.receive_amount), 0);
  return { sessionRefunds, payouts, paidOut };
}

describe('live Wave refunds', () => {
  it('the whole payment: the checkout session refund (Idempotency-Key = our reference); an answer lost after Wave refunded is sent again and refunds once', async () => {
    const s = live(await newMerchant(db(), 'Wave whole refund'));
    const { pi, sessionId, paid } = await paidWave(s);
    wave.fail('refund', 'recorded-500');
    const whole = await s.refund(pi.id);
    expect(whole.body).toMatchObject({ status: 'pending', amount: 2000, settlementAmount: 2000 });
    const r = await refundRow(whole.body.id);
    expect((await atWave(s, pi.id, sessionId)).sessionRefunds).toEqual([{ sessionId, amount: '2000', currency: 'XOF', idempotencyKey: r.reference }]);
    // Wave documents no refund mark on a session: asked, not known; sent again after RESEND_AFTER_SECONDS.
    await s.pass(r.sent_at! + 5);
    expect((await refundRow(whole.body.id)).status).toBe('pending');
    let t = r.sent_at! + 5;
    while ((await refundRow(whole.body.id)).status === 'pending' && t < r.sent_at! + 600) {
      t = Math.max(t + 1, (await refundRow(whole.body.id)).next_check_at!);
      await s.pass(t);
    }
    expect(t).toBeGreaterThanOrEqual(r.sent_at! + RESEND_AFTER_SECONDS);
    expect((await s.get(`/v1/refunds/${whole.body.id}`)).body).toMatchObject({ status: 'succeeded', amount: 2000 });
    const posts = wave.requests.filter((q) => q.method === 'POST' && q.path === `/v1/checkout/sessions/${sessionId}/refund`);
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual([r.reference, r.reference]);
    const w = await atWave(s, pi.id, sessionId);
    expect(w.sessionRefunds).toHaveLength(1); // Wave refunds a session once
    expect(w.payouts).toEqual([]);
    await s.pass(t + 3600);
    expect(wave.requests.filter((q) => q.path.endsWith('/refund'))).toHaveLength(posts.length);
    expect(w.paidOut).toBe((await succeededTotals(s, pi.id)).settlement);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: paid(), refunded: 2000, refundedSettlement: w.paidOut, now: t + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('a partial, then the rest: each a payout to the payer’s number with the payout key (a lost answer found by client_reference); never a session refund', async () => {
    const s = live(await newMerchant(db(), 'Wave partial refunds'));
    const { pi, att, sessionId, paid } = await paidWave(s);
    const balance = wave.balance;
    // Wave makes the payout, then its answer is lost (5xx): pending, then found by the search.
    wave.fail('payout', 'recorded-500');
    const first = await s.refund(pi.id, 800);
    expect(first.body).toMatchObject({ status: 'pending', amount: 800 });
    const r1 = await refundRow(first.body.id);
    let w = await atWave(s, pi.id, sessionId);
    expect(w.payouts).toHaveLength(1);
    expect(w.payouts[0]!.body).toMatchObject({ currency: 'XOF', receive_amount: '800', mobile: att.destination, client_reference: first.body.id });
    expect(w.payouts[0]!.idempotencyKey).toBe(r1.reference);
    expect(wave.requests.filter((q) => q.path === '/v1/payout').at(-1)!.headers.authorization).toBe(`Bearer ${WAVE_PAYOUT_KEY}`);
    await s.pass(r1.sent_at! + 5);
    expect((await s.get(`/v1/refunds/${first.body.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: w.payouts[0]!.id });
    expect(wave.requests.filter((q) => q.path.startsWith('/v1/payouts/search')).length).toBeGreaterThanOrEqual(1);

    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ amount: 1200, status: 'succeeded' }); // Wave answered succeeded at once
    await s.pass(now() + 3600);
    w = await atWave(s, pi.id, sessionId);
    expect(w.payouts.map((p) => p.body.receive_amount)).toEqual(['800', '1200']);
    expect(w.sessionRefunds).toEqual([]);
    // Wave's wallet paid the amounts and its 1% fee; the payer got the amounts.
    expect(balance - wave.balance).toBe(2000 + 8 + 12);
    expect(w.paidOut).toBe((await succeededTotals(s, pi.id)).settlement);
    expect(await refundEvents(first.body.id)).toEqual(['refund.created', 'refund.succeeded']);
    await assertMoneyInvariant(db(), pi.id, { paid: paid(), refunded: 2000, refundedSettlement: w.paidOut, now: now() + 10 });
  });

  it("a partial refund on an account without a payout key: requires_action manual_refund (the Wave portal), then mark_succeeded; Wave's API untouched", async () => {
    const s = live(await newMerchant(db(), 'Wave without payouts'));
    const account = await railAccount(s, 'mobile_money_d', { baseUrl: wave.url, apiKey: WAVE_KEY });
    const { pi, att, sessionId, paid } = await paidWave(s);
    expect(att.rail_account_id).toBe(account.id);
    const moving = () => wave.requests.filter((q) => q.method === 'POST' && (q.path === '/v1/payout' || q.path.endsWith('/refund'))).length;
    const before = moving();
    const first = await s.refund(pi.id, 500);
    expect(first.body).toMatchObject({ status: 'requires_action', railAccountId: account.id, nextAction: { type: 'manual_refund' } });
    expect(first.body.nextAction.instructions).toContain(`Send 500 XOF from the Wave Business portal to the payer's Wave number, ${att.destination}`);
    expect(first.body.nextAction.instructions).toContain('no payout API key');
    expect((await s.post(`/v1/refunds/${first.body.id}/mark_succeeded`, { operatorReference: 'T_WAVE_MANUAL_1' })).body.status).toBe('succeeded');
    const rest = await s.refund(pi.id);
    expect(rest.body).toMatchObject({ status: 'requires_action', amount: 1500, nextAction: { type: 'manual_refund' } });
    expect((await s.post(`/v1/refunds/${rest.body.id}/mark_succeeded`, { operatorReference: 'T_WAVE_MANUAL_2' })).body.status).toBe('succeeded');
    expect(moving()).toBe(before);
    expect(await atWave(s, pi.id, sessionId)).toMatchObject({ sessionRefunds: [], payouts: [], paidOut: 0 });
    expect(await succeededTotals(s, pi.id)).toEqual({ count: 2, amount: 2000, settlement: 2000 });
    await assertMoneyInvariant(db(), pi.id, { paid: paid(), refunded: 2000, refundedSettlement: 2000, now: now() + 10 });
  });
});
