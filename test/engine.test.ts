// The payment engine's promise (issue 10): an attempt that was ever payable is watched until its
// backend can no longer pay it, whichever path closed it, and money that reaches it is recorded:
// it pays the intent while the intent is open, and is a late payment on a closed one. Here with the
// test-mode Lightning simulator (a real BOLT11 invoice whose settlement the test controls); the
// live LND and MTN MoMo versions are in live-lightning.test.ts and adapters-momo.test.ts.
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { expireDueSessions } from '@/lib/payments/expire';
import { pollDueAttempts } from '@/lib/payments/poll';
import { INVOICE_GRACE_SECONDS } from '@/lib/payments/watch';
import { railAdapter } from '@/lib/rails/registry';
import { attemptView, writeAttempt } from '@/lib/store/attempts';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant, intentEvents } from './invariant';
import { newIntent } from './lifecycle-helpers';

const { db } = useDatabase();
/** The test's clock: sessions are validated against the real one, so it starts there and is then injected. */
const T0 = Math.floor(Date.now() / 1000);

/** The payer pays this invoice at the (simulated) node, whatever Caisse thinks of it. */
async function payInvoiceAtNode(database: Db, attemptId: string, amount: number, now: number) {
  const row = (await database.query(`select * from payment_attempts where id = $1`, [attemptId]))[0]!;
  const sim = railAdapter('btc_lightning', false)!.simulator!;
  await writeAttempt(database, attemptId, { set: { details: JSON.stringify(sim.pay(attemptView(row), amount, now)) } });
}

async function lightningIntent(withSession = true) {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: false };
  const pi = await newIntent(m.keys.test, { amount: 5_000, currency: 'BTC', rail: 'btc_lightning' });
  let cs: { id: string; expiresAt: number } | undefined;
  if (withSession) {
    const r = await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: pi.id, expiresAt: T0 + 3600 } });
    expect(r.status).toBe(200);
    cs = r.body;
  }
  const confirmed = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: T0 });
  expect(confirmed.nextAction?.type).toBe('lightning_invoice');
  const invoice = (
    await db().query<{ id: string; expires_at: number }>(`select id, expires_at from payment_attempts where payment_intent_id = $1`, [pi.id])
  )[0]!;
  return { m, scope, pi, cs, invoice };
}

const attemptsOf = (id: string) =>
  db().query<{ rail: string; status: string; amount_received: number; watch_until: number | null; next_poll_at: number | null }>(
    `select rail, status, amount_received, watch_until, next_poll_at from payment_attempts where payment_intent_id = $1 order by seq`,
    [id],
  );

describe('an invoice closed by Caisse stays watched until the node can no longer pay it', () => {
  it('rail switch: the old invoice paid afterwards pays the intent; the on-chain attempt closes', async () => {
    const { m, scope, pi, invoice } = await lightningIntent(false);
    await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_onchain' }, { now: T0 + 10 });
    const [closed, onchain] = await attemptsOf(pi.id);
    expect(closed).toMatchObject({ rail: 'btc_lightning', status: 'canceled', watch_until: invoice.expires_at + INVOICE_GRACE_SECONDS });
    expect(closed!.next_poll_at).not.toBeNull();
    expect(onchain).toMatchObject({ rail: 'btc_onchain', status: 'awaiting_payment' });

    await payInvoiceAtNode(db(), invoice.id, 5_000, T0 + 20);
    await pollDueAttempts(db(), T0 + 120, { merchantId: m.merchant.id });
    expect(await attemptsOf(pi.id)).toMatchObject([
      { rail: 'btc_lightning', status: 'succeeded', amount_received: 5_000, watch_until: null, next_poll_at: null },
      { rail: 'btc_onchain', status: 'canceled' },
    ]);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 5_000, now: T0 + 200 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('cancel: the invoice paid afterwards is recorded as a late payment', async () => {
    const { m, scope, pi, invoice } = await lightningIntent(false);
    await cancelPaymentIntent(db(), scope, pi.id);
    await payInvoiceAtNode(db(), invoice.id, 5_000, T0 + 30);
    await pollDueAttempts(db(), T0 + 120, { merchantId: m.merchant.id });
    const after = (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.test })).body;
    expect(after).toMatchObject({ status: 'canceled', amountReceived: 5_000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 5_000, now: T0 + 200 });
    expect(events).toEqual(['payment_intent.canceled', 'payment_intent.created', 'payment_intent.late_payment']);
  });

  it('session expiry: an invoice settled at its last second is still counted (late payment on the failed intent)', async () => {
    const { m, pi, invoice } = await lightningIntent(true);
    await expireDueSessions(db(), T0 + 3600, { merchantId: m.merchant.id });
    expect((await attemptsOf(pi.id))[0]).toMatchObject({ status: 'expired', watch_until: invoice.expires_at + INVOICE_GRACE_SECONDS });
    await payInvoiceAtNode(db(), invoice.id, 5_000, invoice.expires_at - 1);
    await pollDueAttempts(db(), invoice.expires_at + 60, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.test })).body).toMatchObject({ status: 'failed', amountReceived: 5_000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 5_000, now: invoice.expires_at + 120 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.failed', 'payment_intent.late_payment']);
  });

  it('an invoice nobody paid stops being watched once the node says it expired', async () => {
    const { m, scope, pi, invoice } = await lightningIntent(false);
    await cancelPaymentIntent(db(), scope, pi.id);
    await pollDueAttempts(db(), invoice.expires_at + 1, { merchantId: m.merchant.id });
    expect((await attemptsOf(pi.id))[0]).toMatchObject({ status: 'canceled', watch_until: null, next_poll_at: null });
    expect(await intentEvents(db(), pi.id)).toEqual(['payment_intent.canceled', 'payment_intent.created']);
  });
});

describe('attempt rows change only through the transition table', () => {
  it('a succeeded attempt cannot be closed or reopened; a closed one can still succeed', async () => {
    const { invoice } = await lightningIntent(false);
    expect(await writeAttempt(db(), invoice.id, { to: 'creating' })).toBeNull();
    expect(await writeAttempt(db(), invoice.id, { to: 'canceled', set: { updated_at: T0 } })).toMatchObject({ status: 'canceled' });
    expect(await writeAttempt(db(), invoice.id, { to: 'expired' })).toBeNull();
    expect(await writeAttempt(db(), invoice.id, { to: 'succeeded' })).toMatchObject({ status: 'succeeded' });
    for (const to of ['awaiting_payment', 'pending', 'failed', 'expired', 'canceled'] as const)
      expect(await writeAttempt(db(), invoice.id, { to }), to).toBeNull();
  });

  it('`where` conditions are renumbered after the update parameters', async () => {
    const { invoice } = await lightningIntent(false);
    expect(await writeAttempt(db(), invoice.id, { set: { locked_until: 5 }, where: { sql: 'locked_until is distinct from $1', params: [5] } })).not.toBeNull();
    expect(await writeAttempt(db(), invoice.id, { set: { locked_until: 6 }, where: { sql: 'locked_until = $1', params: [7] } })).toBeNull();
    expect(await writeAttempt(db(), invoice.id, { set: { locked_until: 6 }, where: { sql: 'locked_until = $1', params: [5] } })).toMatchObject({
      locked_until: 6,
    });
  });
});
