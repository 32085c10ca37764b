// Merchants' own rail accounts (from the review of issue 26): an account keeps the protocol it was
// made with (rail_accounts.protocol). When the operator of the deployment changes a rail's protocol,
// a merchant's MTN account's open payment is still asked at MTN with that account's credentials, and
// the account takes no new payment while the rail speaks another protocol (merchantRail).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { createRailAccount } from '@/lib/domain/rail-accounts';
import { availableRails } from '@/lib/payments/available-rails';
import { pollDueAttempts } from '@/lib/payments/poll';
import { resetRailsForTests } from '@/lib/rails/registry';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeMomo, startFakeMomo } from './fakes/momo';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
const creds = { user: 'proto-user', key: 'proto-key-0123456789', sub: 'proto-sub-0123456789' };
let momo: FakeMomo;

beforeAll(async () => {
  momo = await startFakeMomo(creds);
});
useLiveConfig(() => ({ PLATFORM_RAILS: 'off', RAIL_HTTP_TIMEOUT_MS: '1000' }));
afterAll(async () => {
  await momo.close();
});

it("the deployment's MOMO_A_PROTOCOL changes: a merchant's MTN account's open push is still polled at MTN and credited", async () => {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: true };
  const account = await createRailAccount(db(), scope, {
    rail: 'mobile_money_a',
    settings: { baseUrl: momo.url, subscriptionKey: creds.sub, apiUser: creds.user, apiKey: creds.key, targetEnvironment: 'sandbox' },
  });
  expect(account.protocol).toBe('mtn_momo');
  const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
  const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554120000' } });
  expect(res.status).toBe(200);
  const [att] = await db().query<{ backend_ref: string }>(`select backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]);
  const saved = process.env.MOMO_A_PROTOCOL;
  process.env.MOMO_A_PROTOCOL = 'orange_money';
  resetConfigForTests();
  resetRailsForTests();
  try {
    momo.approve(att!.backend_ref);
    await pollDueAttempts(db(), now() + 10, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    // No new payment on an MTN account while the rail speaks Orange Money here (no platform rail either).
    expect((await availableRails(db(), scope, 'XOF', { now: now() })).map((r) => r.rail)).not.toContain('mobile_money_a');
    const refused = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' } });
    expect(refused.body.error).toMatchObject({ code: 'rail_not_configured' });
  } finally {
    if (saved === undefined) delete process.env.MOMO_A_PROTOCOL;
    else process.env.MOMO_A_PROTOCOL = saved;
    resetConfigForTests();
    resetRailsForTests();
  }
});
