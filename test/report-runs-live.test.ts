// Issue 28's "Done when", for reports: a merchant downloads yesterday's daily summary and it matches,
// to the unit, what the fakes' own records say was received and refunded on each account. Live mode,
// through the API with a live key: a merchant's own MTN MoMo account (POST /v1/rail_accounts, backed
// by a fake MTN with its Disbursement product) takes two payments and gives part of one back; the
// deployment's Wave account (the platform's, a fake Wave with a payout key) takes one payment and
// refunds it whole. The worker passes (payments, refunds, reports) run on the tasks' clock, and the
// report is completed "tomorrow": the day of the payments is the summary's yesterday.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { addDays, zonedDate } from '@/lib/time-zone';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { DISBURSEMENT_CREDS, type FakeMomo, startFakeMomo } from './fakes/momo';
import { type FakeWave, startFakeWave } from './fakes/wave';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';
import { download, noonZone, parseCsv, reportPass } from './report-helpers';

const { db } = useDatabase();

const PLATFORM_MOMO = { user: 'api-user', key: 'api-key', sub: 'sub-key' };
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
let wave: FakeWave;
beforeAll(async () => {
  momo = await startFakeMomo({ ...PLATFORM_MOMO, disbursement: DISBURSEMENT_CREDS });
  shopMomo = await startFakeMomo(SHOP_MOMO);
  wave = await startFakeWave({ apiKey: WAVE_KEY, webhookSecret: WAVE_SECRET, payoutApiKey: WAVE_PAYOUT_KEY });
});
useLiveConfig(() => ({
  BASE_URL: 'http://127.0.0.1:3000',
  MOMO_A_BASE_URL: momo.url,
  MOMO_A_SUBSCRIPTION_KEY: PLATFORM_MOMO.sub,
  MOMO_A_API_USER: PLATFORM_MOMO.user,
  MOMO_A_API_KEY: PLATFORM_MOMO.key,
  MOMO_A_TARGET_ENVIRONMENT: 'sandbox',
  MOMO_A_CALLBACK_URL: 'http://127.0.0.1:3000/callbacks/mobile_money/mobile_money_a',
  MOMO_D_BASE_URL: wave.url,
  MOMO_D_API_KEY: WAVE_KEY,
  MOMO_D_WEBHOOK_SECRET: WAVE_SECRET,
  MOMO_D_PAYOUT_API_KEY: WAVE_PAYOUT_KEY,
  RAIL_HTTP_TIMEOUT_MS: '500',
}));
afterAll(async () => {
  await momo?.close();
  await shopMomo?.close();
  await wave?.close();
});

const phone = (prefix: '05' | '07') => `${prefix}${String(randomInt(10_000_000, 99_999_999))}`;

describe('yesterday’s daily summary against the fakes’ own records', () => {
  it('per account and currency: payments == what the operator received, refunds == what it gave back, to the unit', async () => {
    const m = await newMerchant(db(), 'Reports live shop');
    const key = m.keys.live;
    const merchantId = m.merchant.id;
    const post = (path: string, body: object = {}) => call('POST', path, { key, body });
    const get = (path: string) => call('GET', path, { key });
    const zone = noonZone();
    expect((await post('/v1/account', { timeZone: zone })).status).toBe(200);
    const attemptOf = async (pi: string) =>
      (await db().query<{ backend_ref: string; rail_account_id: string | null }>(`select * from payment_attempts where payment_intent_id = $1`, [pi]))[0]!;
    const refundSentAt = async (id: string) => Number((await db().query(`select sent_at from refunds where id = $1`, [id]))[0]!.sent_at);

    // The merchant's own MTN MoMo account, checked at its fake.
    const account = await post('/v1/rail_accounts', {
      rail: 'mobile_money_a',
      settings: {
        baseUrl: shopMomo.url,
        subscriptionKey: SHOP_MOMO.sub,
        apiUser: SHOP_MOMO.user,
        apiKey: SHOP_MOMO.key,
        targetEnvironment: 'sandbox',
        disbursementSubscriptionKey: SHOP_MOMO.disbursement.sub,
        disbursementApiUser: SHOP_MOMO.disbursement.user,
        disbursementApiKey: SHOP_MOMO.disbursement.key,
      },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const ra = account.body.id as string;

    // Two MTN payments, approved at the operator, found by the worker.
    const momoIntents: string[] = [];
    for (const amount of [2000, 3500]) {
      const pi = await newIntent(key, { amount, currency: 'XOF', rail: 'mobile_money_a' });
      const t0 = now();
      expect((await post(`/v1/payment_intents/${pi.id}/confirm`, { phone: phone('05') })).status).toBe(200);
      const att = await attemptOf(pi.id);
      expect(att.rail_account_id).toBe(ra);
      shopMomo.approve(att.backend_ref);
      await pollDueAttempts(db(), t0 + 10, { merchantId });
      expect((await get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: amount });
      momoIntents.push(pi.id);
    }
    // Part of the first given back through the merchant's Disbursement product.
    const r1 = await post('/v1/refunds', { paymentIntentId: momoIntents[0], amount: 800 });
    expect(r1.body).toMatchObject({ status: 'pending', railAccountId: ra });
    await pollDueRefunds(db(), (await refundSentAt(r1.body.id)) + 5, { merchantId });
    expect((await get(`/v1/refunds/${r1.body.id}`)).body.status).toBe('succeeded');

    // A Wave payment into the deployment's account, refunded whole.
    const wpi = await newIntent(key, { amount: 2500, currency: 'XOF', rail: 'mobile_money_d' });
    const tw = now();
    expect((await post(`/v1/payment_intents/${wpi.id}/confirm`, { phone: phone('07') })).status).toBe(200);
    const watt = await attemptOf(wpi.id);
    expect(watt.rail_account_id).toBeNull();
    await wave.pay(watt.backend_ref, { webhook: false });
    await pollDueAttempts(db(), tw + 5, { merchantId });
    expect((await get(`/v1/payment_intents/${wpi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: 2500 });
    const r2 = await post('/v1/refunds', { paymentIntentId: wpi.id });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    for (let i = 0; i < 5 && (await get(`/v1/refunds/${r2.body.id}`)).body.status !== 'succeeded'; i++)
      await pollDueRefunds(db(), now() + 60 * (i + 1), { merchantId });
    expect((await get(`/v1/refunds/${r2.body.id}`)).body.status).toBe('succeeded');
    for (const pi of momoIntents)
      await assertMoneyInvariant(db(), pi, { paid: pi === momoIntents[0] ? 2000 : 3500, refunded: pi === momoIntents[0] ? 800 : 0, noRepoll: true });

    // Tomorrow, on the tasks' clock: yesterday's summary.
    const tomorrow = now() + 86_400;
    const yesterday = addDays(zonedDate(tomorrow, zone), -1);
    const made = await post('/v1/report_runs', { type: 'daily_summary', from: yesterday, to: yesterday });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ status: 'pending', livemode: true });
    expect(await reportPass(db(), merchantId, tomorrow)).toBe(1);
    const run = (await get(`/v1/report_runs/${made.body.id}`)).body;
    expect(run).toMatchObject({ status: 'succeeded', rowCount: 2 });
    const file = await download(key, run.id);
    expect(file.status).toBe(200);
    const [header = [], ...rows] = parseCsv(file.text);
    const line = (accountId: string) => {
      const r = rows.find((x) => x[header.indexOf('railAccountId')] === accountId)!;
      return Object.fromEntries(header.map((h, i) => [h, r[i]]));
    };

    // What the fakes recorded: MTN's successful requests to pay and its successful refunds; Wave's
    // paid sessions and its session refunds (or payouts).
    const mtnReceived = [...shopMomo.payments.values()].filter((p) => p.status === 'SUCCESSFUL').reduce((a, p) => a + Number(p.amount ?? p.body.amount), 0);
    const mtnRefunded = shopMomo.refunded();
    const mtnCount =
      [...shopMomo.payments.values()].filter((p) => p.status === 'SUCCESSFUL').length +
      [...shopMomo.refunds.values()].filter((r) => r.status === 'SUCCESSFUL').length;
    expect([mtnReceived, mtnRefunded]).toEqual([5500, 800]);
    expect(line(ra)).toMatchObject({
      date: yesterday,
      rail: 'mobile_money_a',
      platformAccount: 'false',
      currency: 'XOF',
      opening: '0',
      payments: String(mtnReceived),
      refunds: String(mtnRefunded),
      closing: String(mtnReceived - mtnRefunded),
      count: String(mtnCount),
      intentCurrency: 'XOF',
      paymentsInIntentCurrency: String(mtnReceived),
      refundsInIntentCurrency: String(mtnRefunded),
    });
    const paidSessions = [...wave.sessions.values()].filter((s) => s.session.payment_status === 'succeeded');
    const waveReceived = paidSessions.reduce((a, s) => a + Number(s.session.amount), 0);
    const waveRefunded =
      wave.refunds.reduce((a, r) => a + Number(r.amount), 0) +
      [...wave.payouts.values()].filter((p) => p.payout.status === 'succeeded').reduce((a, p) => a + Number(p.body.receive_amount), 0);
    expect([waveReceived, waveRefunded]).toEqual([2500, 2500]);
    expect(line('')).toMatchObject({
      rail: 'mobile_money_d',
      platformAccount: 'true',
      currency: 'XOF',
      payments: String(waveReceived),
      refunds: String(waveRefunded),
      closing: String(waveReceived - waveRefunded),
      count: '2',
    });
    // Nothing the fakes did not see, and an MTN payment the platform's own account never took.
    expect(momo.payments.size).toBe(0);
  });
});
