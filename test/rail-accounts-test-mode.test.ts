// Test mode with and without a merchant's own account. Without one, a rail is Caisse's simulator
// (as before rail accounts existed): the test helpers and the hosted page's test buttons pay it.
// With one (a sandbox account: here a fake LND, test/fakes/lnd.ts), test payments go to that
// backend, the helpers say they drive simulators only, and the page shows no test buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCheckout } from '@/lib/checkout/load';
import { createRailAccount } from '@/lib/domain/rail-accounts';
import { call, newMerchant, useDatabase } from './api';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { newIntent } from './lifecycle-helpers';

const { db } = useDatabase();
const MAC = '0201036c6e64cafe';
let lnd: FakeLnd;

beforeAll(async () => {
  // A test-mode account's node is on a test network (its invoices lntb...).
  lnd = await startFakeLnd(MAC, { network: 'tb' });
});
afterAll(async () => {
  await lnd.close();
});

async function sessionOn(key: string) {
  const pi = await newIntent(key, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
  const cs = await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id, successUrl: 'https://shop.example/ok' } });
  expect(cs.status).toBe(200);
  return { pi, cs: cs.body as { id: string } };
}

describe('test mode: the simulators, or the merchant’s own sandbox account', () => {
  it('without an account: the simulator, paid by the test helper; the page shows its test buttons', async () => {
    const m = await newMerchant(db());
    const { pi, cs } = await sessionOn(m.keys.test);
    expect((await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: {} })).status).toBe(200);
    expect((await loadCheckout(db(), cs.id))!.simulated).toBe(true);
    const paid = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
    expect(paid.body).toMatchObject({ status: 'succeeded', amountReceived: 25_000 });
  });

  it('with its own test-mode account: the invoice is made at its node, the helper refuses with a clear message, the page has no test buttons', async () => {
    const m = await newMerchant(db());
    const account = await createRailAccount(
      db(),
      { merchantId: m.merchant.id, livemode: false },
      { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC } },
    );
    expect(account).toMatchObject({ livemode: false, status: 'active' });
    const { pi, cs } = await sessionOn(m.keys.test);
    const confirmed = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: {} });
    expect(confirmed.status).toBe(200);
    const invoice = confirmed.body.nextAction.invoice as string;
    expect([...lnd.invoices.values()].some((i) => i.request === invoice)).toBe(true);
    const [att] = await db().query(`select rail_account_id, account_owner from payment_attempts where payment_intent_id = $1`, [pi.id]);
    expect(att).toEqual({ rail_account_id: account.id, account_owner: 'merchant' });
    expect((await loadCheckout(db(), cs.id))!.simulated).toBe(false);
    const refused = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/own test-mode rail account/);
  });

  it('a test-mode account whose node is on mainnet: no invoice is shown (it would take real bitcoin)', async () => {
    const mainnet = await startFakeLnd(MAC);
    try {
      const m = await newMerchant(db());
      await createRailAccount(
        db(),
        { merchantId: m.merchant.id, livemode: false },
        { rail: 'btc_lightning', settings: { restUrl: mainnet.url, macaroon: MAC } },
      );
      const pi = await newIntent(m.keys.test, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
      const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: {} });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('rail_unavailable');
      expect(JSON.stringify(res.body)).not.toContain('lnbc');
    } finally {
      await mainnet.close();
    }
  });
});
