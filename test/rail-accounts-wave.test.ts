// Two merchants, each with its own Wave account (its own API key and webhook secret, its own fake
// Wave: test/fakes/wave.ts, written from Wave's documentation). Wave posts its signed webhooks to
// the URL each account shows (`/callbacks/ra_...`, through the real route): each is verified with
// that account's secret. A webhook signed by one merchant's Wave and posted to the other's URL is
// refused and changes nothing; each merchant's Wave session is created with its own key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as accountCallback } from '@/app/callbacks/[account]/route';
import { createRailAccount, type RailAccount, updateRailAccount } from '@/lib/domain/rail-accounts';
import { pollDueAttempts } from '@/lib/payments/poll';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeWave, startFakeWave } from './fakes/wave';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';
import { type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();
const RAIL = 'mobile_money_d';

interface Shop {
  wave: FakeWave;
  apiKey: string;
  secret: string;
  receiver: Receiver;
  /** The account whose URL this shop's Wave posts to (set once the account exists). */
  account?: RailAccount;
  /** Where this Wave's webhooks are delivered: its own account's URL, unless a test points them elsewhere. */
  deliverTo?: () => string;
}

const shops: Shop[] = [];

/** What our server answers a webhook posted to an account's URL (the real route). */
async function deliver(accountId: string, r: { headers: Record<string, string>; body: string }): Promise<number> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) if (!['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers.set(k, v);
  const url = `http://127.0.0.1:3000/callbacks/${accountId}`;
  const res = await accountCallback(new Request(url, { method: 'POST', headers, body: r.body }), { params: Promise.resolve({ account: accountId }) });
  return res.status;
}

beforeAll(async () => {
  for (const name of ['a', 'b']) {
    const apiKey = `wave_sn_prod_${name}${'k'.repeat(30)}`;
    const secret = `wave_sn_WHS_${name}${'s'.repeat(50)}`;
    const shop: Shop = { wave: await startFakeWave({ apiKey, webhookSecret: secret }), apiKey, secret, receiver: undefined as never };
    shop.receiver = await startReceiver({ respond: (r) => deliver(shop.deliverTo?.() ?? shop.account!.id, r) });
    shop.wave.webhookUrl = `http://127.0.0.1:${shop.receiver.port}/`;
    shops.push(shop);
  }
});
// Our address as Wave sees it: loopback (the check takes only https or loopback). No platform rails.
useLiveConfig(() => ({ BASE_URL: 'http://127.0.0.1:3000', PLATFORM_RAILS: 'off', RAIL_HTTP_TIMEOUT_MS: '1000' }));
afterAll(async () => {
  for (const s of shops) {
    await s.receiver.close();
    await s.wave.close();
  }
});

async function merchant(shop: Shop) {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: true };
  shop.account = await createRailAccount(db(), scope, {
    rail: RAIL,
    displayName: 'Wave Boutique',
    settings: { baseUrl: shop.wave.url, apiKey: shop.apiKey, webhookSecret: shop.secret },
  });
  return { m, key: m.keys.live, account: shop.account };
}

async function confirmed(key: string) {
  const pi = await newIntent(key, { amount: 2000, currency: 'XOF', rail: RAIL });
  const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key, body: {} });
  expect(res.status).toBe(200);
  const [att] = await db().query<{ backend_ref: string; rail_account_id: string }>(
    `select backend_ref, rail_account_id from payment_attempts where payment_intent_id = $1`,
    [pi.id],
  );
  return { pi, res, sessionId: att!.backend_ref, accountId: att!.rail_account_id };
}

describe("two merchants' own Wave accounts", () => {
  it("each session is made with its merchant's key; each signed webhook, posted to its account's URL, pays its own merchant's intent", async () => {
    const [a, b] = shops as [Shop, Shop];
    const A = await merchant(a);
    const B = await merchant(b);
    expect(A.account.notifyUrl).toBe(`http://127.0.0.1:3000/callbacks/${A.account.id}`);
    const ca = await confirmed(A.key);
    const cb = await confirmed(B.key);
    expect(ca.accountId).toBe(A.account.id);
    expect(a.wave.sessions.has(ca.sessionId)).toBe(true);
    expect(b.wave.sessions.has(ca.sessionId)).toBe(false);
    expect(b.wave.sessions.has(cb.sessionId)).toBe(true);
    // The operator's name the payer is told is the account's own.
    expect(ca.res.body.nextAction).toMatchObject({ type: 'redirect_to_url', operator: 'Wave Boutique' });
    expect(await a.wave.pay(ca.sessionId)).toBe(200);
    expect(await b.wave.pay(cb.sessionId)).toBe(200);
    // No worker pass: each webhook made us ask its own Wave.
    expect((await call('GET', `/v1/payment_intents/${ca.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    expect((await call('GET', `/v1/payment_intents/${cb.pi.id}`, { key: B.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    await assertMoneyInvariant(db(), ca.pi.id, { paid: 2000, now: now() + 5 });
    await assertMoneyInvariant(db(), cb.pi.id, { paid: 2000, now: now() + 5 });
  });

  it("A's Wave webhook posted to B's URL is refused (B's secret does not verify it) and changes nothing; A's own URL takes it", async () => {
    const [a, b] = shops as [Shop, Shop];
    const A = await merchant(a);
    const B = await merchant(b);
    const ca = await confirmed(A.key);
    const lookups = () => a.wave.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${ca.sessionId}`).length;
    // A's Wave delivers to B's account URL (a forged route, or a misconfigured portal).
    a.deliverTo = () => B.account.id;
    try {
      expect(await a.wave.pay(ca.sessionId)).toBe(400);
    } finally {
      a.deliverTo = undefined;
    }
    expect(lookups()).toBe(0);
    expect((await call('GET', `/v1/payment_intents/${ca.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'pending', amountReceived: 0 });
    // Wave retries, to the right URL this time: verified with A's secret, A asks A's Wave.
    const last = a.wave.webhooks.at(-1)!;
    expect(await deliver(A.account.id, { headers: last.headers, body: last.rawBody })).toBe(200);
    expect((await call('GET', `/v1/payment_intents/${ca.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    // The worker would have found it too; nothing is counted twice.
    await pollDueAttempts(db(), now() + 60, { merchantId: A.m.merchant.id });
    await assertMoneyInvariant(db(), ca.pi.id, { paid: 2000, now: now() + 70 });
  });

  it('an account made before its webhook (no secret yet): notifications are refused, the worker finds the payment; once the secret is added, they are verified', async () => {
    const [a] = shops as [Shop, Shop];
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    a.account = await createRailAccount(db(), scope, { rail: RAIL, settings: { baseUrl: a.wave.url, apiKey: a.apiKey } });
    expect(a.account.secrets).toEqual({ apiKey: expect.any(Object) });
    const first = await confirmed(m.keys.live);
    expect(await a.wave.pay(first.sessionId)).toBe(400);
    expect((await call('GET', `/v1/payment_intents/${first.pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'pending' });
    await pollDueAttempts(db(), now() + 60, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${first.pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    await assertMoneyInvariant(db(), first.pi.id, { paid: 2000, now: now() + 70 });
    // The merchant registers the webhook at callbackUrl and adds the secret Wave shows: a new version.
    a.account = await updateRailAccount(db(), scope, a.account.id, { settings: { webhookSecret: a.secret } });
    expect(a.account.version).toBe(2);
    const second = await confirmed(m.keys.live);
    expect(await a.wave.pay(second.sessionId)).toBe(200);
    expect((await call('GET', `/v1/payment_intents/${second.pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
  });
});
