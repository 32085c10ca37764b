// Issue 11, items 15, 16 and 20, in files other helpers own: these tests pass once the changes
// described in the hand-over are applied (lib/checkout/actions.ts parse(),
// lib/payments/test-helpers.ts, lib/rails/mobile-money/operators.ts normalizePhone()).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  m = await newMerchant(db(), 'Handoff shop');
});

describe('server actions called with non-form arguments (item 15)', () => {
  it('are refused with the redirect to the invalid page, not a 500', async () => {
    const actions = await import('@/lib/checkout/actions');
    for (const [name, fn] of Object.entries({
      chooseRail: actions.chooseRail,
      submitPhone: actions.submitPhone,
      resend: actions.resend,
      simulate: actions.simulate,
      setLocale: actions.setLocale,
    })) {
      for (const arg of [undefined, null, 'cs_x', 42, { session: 'cs_x' }, [['session', 'cs_x']]]) {
        const err = await (fn as (x: unknown) => Promise<void>)(arg).then(
          () => null,
          (e: unknown) => e,
        );
        expect((err as { digest?: string } | null)?.digest, `${name}(${JSON.stringify(arg)})`).toMatch(/^NEXT_REDIRECT;.*;\/checkout\/invalid;/);
      }
    }
  });
});

describe("the test helper's amount (item 16)", () => {
  it("is capped at the currency's maximum, not at 2^53-1", async () => {
    const pi = (await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 5_000, currency: 'BTC', rail: 'btc_onchain' } })).body;
    const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: { amount: 1_000_000_001 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.test })).body).toMatchObject({ amountReceived: 0 });
    // At the maximum it is an overpayment like any other.
    const ok = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: { amount: 1_000_000_000 } });
    expect(ok.status).toBe(200);
  });
});

describe('phone numbers through the API (item 20)', () => {
  it('refuses a number the old pattern took but the numbering plan does not assign to mobiles', async () => {
    const pi = (await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 500, currency: 'XAF', rail: 'mobile_money_a' } })).body;
    const bad = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '610120000' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'phone' });
    const good = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '+237 677 12 00 00' } });
    expect(good.status).toBe(200);
  });
});
