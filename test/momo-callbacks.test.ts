// Operator callbacks coalesced, live mobile money against the MoMo fake (test/fakes/momo.ts, written
// from MTN's documentation; issue 11 item 4): one status lookup per attempt at a time, spaced.
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetRailHealth } from '@/lib/domain/rail-health';
import { CALLBACK_LOOKUP_SPACING_SECONDS, handleMobileMoneyCallback } from '@/lib/payments/callback';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeMomo, startFakeMomo } from './fakes/momo';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let fake: FakeMomo;

beforeAll(async () => {
  fake = await startFakeMomo();
});
useLiveConfig(() => ({
  MOMO_A_BASE_URL: fake.url,
  MOMO_A_SUBSCRIPTION_KEY: 'sub-key',
  MOMO_A_API_USER: 'api-user',
  MOMO_A_API_KEY: 'api-key',
  MOMO_A_TARGET_ENVIRONMENT: 'sandbox',
  RAIL_HTTP_TIMEOUT_MS: '500',
}));
afterEach(async () => {
  fake.mode = 'ok';
  await resetRailHealth(db(), 'mobile_money_a', true);
});
afterAll(async () => {
  await fake.close();
});

/** A Côte d'Ivoire mobile number of its own for each call (the limits are per phone, across files). */
const phone = () => `05${String(randomInt(10_000_000, 99_999_999))}`;
const lookups = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/requesttopay/')).length;

async function liveIntent() {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: true };
  const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
  return { m, scope, pi };
}

describe('operator callbacks, coalesced', () => {
  it('200 callbacks naming one attempt make one status lookup; the next waits for the spacing', async () => {
    const { m, scope, pi } = await liveIntent();
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: phone() }, { now: t0 });
    const att = (
      await db().query<{ id: string; backend_ref: string }>(`select id, backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id])
    )[0]!;
    const req = () => ({
      headers: new Headers({ 'content-type': 'application/json' }),
      url: 'http://127.0.0.1/callbacks/mobile_money/mobile_money_a',
      rawBody: JSON.stringify({ externalId: att.id, status: 'SUCCESSFUL' }),
    });
    const before = lookups();
    await Promise.all(Array.from({ length: 200 }, () => handleMobileMoneyCallback(db(), 'mobile_money_a', req(), t0 + 5)));
    expect(lookups() - before).toBe(1);
    fake.approve(att.backend_ref);
    // Within the spacing: no lookup (the worker is asked to look right after instead).
    await handleMobileMoneyCallback(db(), 'mobile_money_a', req(), t0 + 5 + CALLBACK_LOOKUP_SPACING_SECONDS - 1);
    expect(lookups() - before).toBe(1);
    await handleMobileMoneyCallback(db(), 'mobile_money_a', req(), t0 + 5 + CALLBACK_LOOKUP_SPACING_SECONDS);
    expect(lookups() - before).toBe(2);
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 60 });
  });
});
