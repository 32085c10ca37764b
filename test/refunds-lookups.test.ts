// What only a send or a pay may decide (an attack review's findings): a lookup that fails, or that
// says the merchant must act, never fails a sent refund or hands it back (the money may have gone);
// a lost Lightning payment is paid again while its invoice lives, by the same hash, else the payer is
// asked again; a preimage still proves an invoice the merchant paid just before it expired.

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { railAdapter } from '@/lib/rails/registry';
import { BackendError } from '@/lib/rails/types';
import { advanceRefund } from '@/lib/refunds/advance';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { testClaimRefund } from '@/lib/refunds/test-helpers';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
const scope = () => ({ merchantId: m.merchant.id, livemode: false });
beforeAll(async () => {
  m = await newMerchant(db(), 'Refund lookups shop');
});
afterEach(() => vi.restoreAllMocks());
const post = (path: string, body: object = {}) => call('POST', path, { key: m.keys.test, body });
const get = (path: string) => call('GET', path, { key: m.keys.test });

async function paid(rail: string, currency: string, amount: number) {
  const pi = await newIntent(m.keys.test, { amount, currency, rail });
  expect((await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`)).status).toBe(200);
  return pi.id as string;
}

describe('a lookup never decides against a sent refund', () => {
  it('a lookup that throws a refusal (an answer that does not add up) or asks for action: still pending, then its real answer', async () => {
    const pi = await paid('mobile_money_a', 'XOF', 5000);
    const r = (await post('/v1/refunds', { paymentIntentId: pi, amount: 3000 })).body;
    expect(r.status).toBe('pending');
    const rr = railAdapter('mobile_money_a', false)!.refunds!;
    const check = vi.spyOn(rr, 'check');
    check.mockRejectedValueOnce(new BackendError('mobile_money_a', 'refund status: SUCCESSFUL for 2999 XOF, asked 3000', { kind: 'request' }));
    check.mockResolvedValueOnce({ state: 'requires_action', instructions: 'add your Disbursement settings' });
    const t = now() + 10;
    await pollDueRefunds(db(), t + 400, { merchantId: m.merchant.id });
    expect((await get(`/v1/refunds/${r.id}`)).body).toMatchObject({ status: 'pending', nextAction: null });
    await advanceRefund(db(), r.id, t + 800);
    expect((await get(`/v1/refunds/${r.id}`)).body).toMatchObject({ status: 'pending', nextAction: null });
    expect(check).toHaveBeenCalledTimes(2);
    check.mockRestore();
    await advanceRefund(db(), r.id, t + 1200);
    expect((await get(`/v1/refunds/${r.id}`)).body.status).toBe('succeeded');
    // The amount stayed held all along: nothing more than the rest could be refunded meanwhile.
    await assertMoneyInvariant(db(), pi, { paid: 5000, refunded: 3000, noRepoll: true });
  });
});

describe('sent once', () => {
  it('two steps that both believe they hold the refund (a request and the worker past a lease) send it once', async () => {
    const pi = await paid('mobile_money_a', 'XOF', 5000);
    const rr = railAdapter('mobile_money_a', false)!.refunds!;
    // The first send's answer is lost before it arrives: the refund is pending and not yet sent.
    const send = vi.spyOn(rr, 'send').mockRejectedValueOnce(new BackendError('mobile_money_a', 'connection refused'));
    const r = (await post('/v1/refunds', { paymentIntentId: pi, amount: 2000 })).body;
    await db().query(`update refunds set sent_at = null, locked_until = null where id = $1`, [r.id]);
    send.mockClear();
    const t = now() + 5;
    await Promise.all([advanceRefund(db(), r.id, t, { leased: true }), advanceRefund(db(), r.id, t, { leased: true })]);
    expect(send).toHaveBeenCalledTimes(1);
    await advanceRefund(db(), r.id, t + 10);
    expect((await get(`/v1/refunds/${r.id}`)).body.status).toBe('succeeded');
    await assertMoneyInvariant(db(), pi, { paid: 5000, refunded: 2000, noRepoll: true });
  });
});

describe('Lightning: the account pays a claimed invoice', () => {
  it('a payment the node has no record of is paid again while the invoice lives (same hash), else the payer is asked again', async () => {
    const pi = await paid('btc_lightning', 'BTC', 40_000);
    const r = (await post('/v1/refunds', { paymentIntentId: pi, amount: 10_000 })).body;
    const rr = railAdapter('btc_lightning', false)!.refunds!;
    // The pay's answer is lost: the node has no record of it afterwards.
    const pay = vi.spyOn(rr, 'pay').mockRejectedValueOnce(new BackendError('btc_lightning', 'timeout', { maybeSent: true }));
    const claimed = await testClaimRefund(db(), scope(), r.id, {});
    expect(claimed.status).toBe('pending');
    const row = (await db().query<{ sent_at: number; destination_expires_at: number; destination: string }>(`select * from refunds where id = $1`, [r.id]))[0]!;
    await advanceRefund(db(), r.id, row.sent_at + 40);
    // Paid again (the simulated node pays it this time), then confirmed.
    expect(pay).toHaveBeenCalledTimes(2);
    await advanceRefund(db(), r.id, row.sent_at + 50);
    expect((await get(`/v1/refunds/${r.id}`)).body.status).toBe('succeeded');

    // A second one whose pay never reached the node, found only after its invoice expired: the payer is asked again.
    const r2 = (await post('/v1/refunds', { paymentIntentId: pi, amount: 10_000 })).body;
    vi.spyOn(rr, 'pay').mockRejectedValueOnce(new BackendError('btc_lightning', 'timeout', { maybeSent: true }));
    await testClaimRefund(db(), scope(), r2.id, {});
    const row2 = (await db().query<{ destination_expires_at: number; destination: string }>(`select * from refunds where id = $1`, [r2.id]))[0]!;
    await advanceRefund(db(), r2.id, row2.destination_expires_at + 1);
    const back = (await get(`/v1/refunds/${r2.id}`)).body;
    expect(back).toMatchObject({ status: 'requires_action', nextAction: { type: 'refund_claim' } });
    expect(await post(`/v1/refunds/${r2.id}/cancel`).then((x) => x.body.status)).toBe('canceled');
    await assertMoneyInvariant(db(), pi, { paid: 40_000, refunded: 10_000, noRepoll: true });
  });

  it('the merchant paid an invoice just before it expired: its preimage still proves the refund after the payer was asked again', async () => {
    const pi = await paid('btc_lightning', 'BTC', 30_017);
    const r = (await post('/v1/refunds', { paymentIntentId: pi, amount: 10_017 })).body; // 17: the simulated node cannot pay
    const claimed = await testClaimRefund(db(), scope(), r.id, {});
    expect(claimed.nextAction?.type).toBe('send_payment');
    const ends = (claimed.nextAction as { expiresAt: number }).expiresAt;
    await pollDueRefunds(db(), ends, { merchantId: m.merchant.id });
    expect((await get(`/v1/refunds/${r.id}`)).body.nextAction.type).toBe('refund_claim');
    const proof = 'cd'.repeat(16) + Math.random().toString(16).slice(2, 10).padEnd(32, '0');
    const marked = await post(`/v1/refunds/${r.id}/mark_succeeded`, { operatorReference: proof });
    expect(marked.body).toMatchObject({ status: 'succeeded', operatorReference: proof });
    await assertMoneyInvariant(db(), pi, { paid: 30_017, refunded: 10_017, noRepoll: true });
  });
});
