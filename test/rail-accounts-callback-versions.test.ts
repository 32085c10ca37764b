// Merchants' own rail accounts (from the review of issue 26): callbacks routed to an account, and the platform's attempts once
// PLATFORM_RAILS is turned off. Wave posts its signed webhooks through the real route.
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as accountCallback } from '@/app/callbacks/[account]/route';
import { resetConfigForTests } from '@/lib/config';
import { createRailAccount, type RailAccount, updateRailAccount } from '@/lib/domain/rail-accounts';
import { pollDueAttempts } from '@/lib/payments/poll';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeWave, startFakeWave } from './fakes/wave';
import { newIntent, now } from './lifecycle-helpers';
import { type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();
const RAIL = 'mobile_money_d';
const PLATFORM_MAC = '0201036c6e64aa55aa55';

let platformLnd: FakeLnd;
const waves: { wave: FakeWave; apiKey: string; secret: string; receiver: Receiver }[] = [];
let account: RailAccount | undefined;

async function deliver(accountId: string, r: { headers: Record<string, string>; body: string }): Promise<number> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) if (!['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers.set(k, v);
  const res = await accountCallback(new Request(`http://127.0.0.1:3000/callbacks/${accountId}`, { method: 'POST', headers, body: r.body }), {
    params: Promise.resolve({ account: accountId }),
  });
  return res.status;
}

beforeAll(async () => {
  platformLnd = await startFakeLnd(PLATFORM_MAC);
  for (const name of ['one', 'two']) {
    const apiKey = `wave_sn_prod_${name}${'k'.repeat(30)}`;
    const secret = `wave_sn_WHS_${name}${'s'.repeat(50)}`;
    const wave = await startFakeWave({ apiKey, webhookSecret: secret });
    const receiver = await startReceiver({ respond: (r) => deliver(account!.id, r) });
    wave.webhookUrl = `http://127.0.0.1:${receiver.port}/`;
    waves.push({ wave, apiKey, secret, receiver });
  }
});
// The platform's LND is configured and offered (PLATFORM_RAILS=on) until a test turns it off.
useLiveConfig(() => ({
  BASE_URL: 'http://127.0.0.1:3000',
  PLATFORM_RAILS: 'on',
  LND_REST_URL: platformLnd.url,
  LND_MACAROON: PLATFORM_MAC,
  RAIL_HTTP_TIMEOUT_MS: '1000',
}));
afterAll(async () => {
  for (const w of waves) {
    await w.receiver.close();
    await w.wave.close();
  }
  await platformLnd.close();
});

describe('callbacks of an attempt made by an earlier version', () => {
  it("the merchant moves to another Wave account (v2): v1's Wave still notifies v1's open payment, signed with v1's secret; it is taken", async () => {
    const [one, two] = waves as [(typeof waves)[0], (typeof waves)[0]];
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    account = await createRailAccount(db(), scope, { rail: RAIL, settings: { baseUrl: one.wave.url, apiKey: one.apiKey, webhookSecret: one.secret } });
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: RAIL });
    expect((await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} })).status).toBe(200);
    const [att] = await db().query<{ backend_ref: string }>(`select backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]);
    account = await updateRailAccount(db(), scope, account.id, { settings: { baseUrl: two.wave.url, apiKey: two.apiKey, webhookSecret: two.secret } });
    expect(account.version).toBe(2);
    // The payer pays the v1 session; v1's Wave posts its webhook (signed with v1's secret) to the account's URL.
    const status = await one.wave.pay(att!.backend_ref);
    expect(status, "the account's URL refused v1's webhook (verified with v2's secret only)").toBe(200);
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded' });
  });
});

describe('PLATFORM_RAILS turned off', () => {
  it('a platform attempt made while it was on is still polled and credited; new payments on that rail are refused', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
    const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
    expect(res.status).toBe(200);
    const [att] = await db().query<{ account_owner: string; rail_account_id: string | null }>(
      `select account_owner, rail_account_id from payment_attempts where payment_intent_id = $1`,
      [pi.id],
    );
    expect(att).toEqual({ account_owner: 'platform', rail_account_id: null });
    const hash = Object.fromEntries(decode(res.body.nextAction.invoice).sections.map((x: any) => [x.name, x.value])).payment_hash as string;
    const saved = process.env.PLATFORM_RAILS;
    process.env.PLATFORM_RAILS = 'off';
    resetConfigForTests();
    try {
      const refused = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' } });
      expect(refused.body.error).toMatchObject({ code: 'rail_not_configured' });
      platformLnd.settle(hash);
      await pollDueAttempts(db(), now() + 30, { merchantId: m.merchant.id });
      expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded', amountReceived: 25_000 });
    } finally {
      process.env.PLATFORM_RAILS = saved;
      resetConfigForTests();
    }
  });
});
