// Issue 29, refund approvals: a refund asked for by `support`, or above the merchant's threshold,
// waits in `pending_approval`, holding its money (no racing refund can take it) and sending nothing
// (the worker's passes leave it alone); an owner or admin other than its author approves it (then
// the engine sends it, as a new refund) or rejects it (canceled, its money refundable again). Its
// author never can, even racing itself; two approvers racing: one wins. The money invariant holds
// throughout (test/invariant.ts).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/dashboard/users';
import type { Scope } from '@/lib/domain/common';
import { type Role, roleCan } from '@/lib/domain/permissions';
import { createRefundInput } from '@/lib/domain/refunds';
import { pollDueAttempts } from '@/lib/payments/poll';
import { approveRefund, rejectRefund } from '@/lib/refunds/approve';
import { createRefund } from '@/lib/refunds/create';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
const people = new Map<string, { id: string; role: Role; scope: Scope }>();

beforeAll(async () => {
  m = await newMerchant(db(), 'Approval shop');
  for (const [name, role] of [
    ['ana', 'owner'],
    ['ben', 'admin'],
    ['sia', 'support'],
  ] as const) {
    const made = await createUser(db(), { merchantId: m.merchant.id, email: `${name}-${randomBytes(3).toString('hex')}@approvals.example`, role });
    people.set(name, {
      id: made.user.id,
      role,
      scope: { merchantId: m.merchant.id, livemode: false, actor: { type: 'user', id: made.user.id, label: made.user.email } },
    });
  }
}, 120_000);

const who = (name: string) => people.get(name)!;
const get = (path: string) => call('GET', path, { key: m.keys.test });

async function paidIntent(amount: number) {
  const pi = await newIntent(m.keys.test, { amount, currency: 'XOF', rail: 'mobile_money_a' });
  const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
  if (r.status !== 200) throw new Error(`pay: ${JSON.stringify(r.body)}`);
  for (let t = now(); t < now() + 600 && (await get(`/v1/payment_intents/${pi.id}`)).body.amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
  const paid = (await get(`/v1/payment_intents/${pi.id}`)).body;
  expect(paid.amountReceived).toBe(amount);
  return paid as { id: string; amountReceived: number };
}

/** As the dashboard's action does: a support user's refund always waits. */
const ask = (name: string, intentId: string, amount: number) =>
  createRefund(db(), who(name).scope, createRefundInput.parse({ paymentIntentId: intentId, amount }), undefined, {
    requireApproval: who(name).role === 'support',
  });

async function passes(from: number, seconds: number) {
  for (let t = from; t < from + seconds; t += 5) await pollDueRefunds(db(), t, { merchantId: m.merchant.id });
}

const row = async (id: string) =>
  (
    await db().query<{ status: string; sent_at: number | null; approved_by: string | null }>(`select status, sent_at, approved_by from refunds where id = $1`, [
      id,
    ])
  )[0]!;

describe('a refund waiting for approval', () => {
  it("support's refund waits, holds its money, is never sent before approval; its author cannot approve it; an admin does, then it is sent", async () => {
    expect(roleCan('support', 'refunds.approve')).toBe(false);
    const pi = await paidIntent(5000);
    const r = await ask('sia', pi.id, 3000);
    expect(r.status).toBe('pending_approval');
    // The worker's passes leave it alone: nothing goes out before approval.
    await passes(now(), 120);
    expect(await row(r.id)).toMatchObject({ status: 'pending_approval', sent_at: null });
    // It holds its money: a second refund cannot take more than the rest.
    const over = await call('POST', '/v1/refunds', { key: m.keys.test, body: { paymentIntentId: pi.id, amount: 2001 } });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('amount_too_large');
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 0, noRepoll: true });
    // Its author cannot approve it.
    await expect(approveRefund(db(), who('sia').scope, r.id, who('sia').id)).rejects.toMatchObject({ code: 'self_approval' });
    expect((await row(r.id)).status).toBe('pending_approval');
    // An admin does: it goes on as any refund.
    const approved = await approveRefund(db(), who('ben').scope, r.id, who('ben').id);
    expect(['pending', 'succeeded']).toContain(approved.status);
    expect((await row(r.id)).approved_by).toBe(who('ben').id);
    await passes(now() + 5, 200);
    expect((await get(`/v1/refunds/${r.id}`)).body.status).toBe('succeeded');
    const events = (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by seq`, [r.id])).map((e) => e.type);
    expect(events.slice(0, 3)).toEqual(['refund.created', 'refund.pending_approval', 'refund.approved']);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 3000, noRepoll: true });
  }, 300_000);

  it('above the merchant threshold (any author, the API too); rejected: canceled and its money refundable again', async () => {
    const set = await call('POST', '/v1/account', { key: m.keys.test, body: { refundApprovalThresholds: { XOF: 1000 } } });
    expect(set.status).toBe(200);
    expect(set.body.refundApprovalThresholds).toEqual({ XOF: 1000 });
    const pi = await paidIntent(5000);
    const small = await call('POST', '/v1/refunds', { key: m.keys.test, body: { paymentIntentId: pi.id, amount: 1000 } });
    expect(small.body.status).not.toBe('pending_approval');
    const big = await call('POST', '/v1/refunds', { key: m.keys.test, body: { paymentIntentId: pi.id, amount: 1500 } });
    expect(big.body.status).toBe('pending_approval');
    const mine = await ask('ana', pi.id, 1200);
    expect(mine.status).toBe('pending_approval');
    // The owner who asked cannot approve her own; the API key's can be approved by her.
    await expect(approveRefund(db(), who('ana').scope, mine.id, who('ana').id)).rejects.toMatchObject({ code: 'self_approval' });
    const rejected = await rejectRefund(db(), who('ben').scope, mine.id, who('ben').id, 'Not this customer');
    expect(rejected).toMatchObject({ status: 'canceled', failureReason: 'approval_rejected', failureMessage: 'Not this customer' });
    await expect(approveRefund(db(), who('ben').scope, mine.id, who('ben').id)).rejects.toMatchObject({ code: 'unexpected_state' });
    await rejectRefund(db(), who('ana').scope, big.body.id, who('ana').id, '');
    await passes(now() + 5, 120);
    await call('POST', '/v1/account', { key: m.keys.test, body: { refundApprovalThresholds: { XOF: null } } });
    // What the rejected ones held is refundable again: 5000 - 1000.
    const rest = await call('POST', '/v1/refunds', { key: m.keys.test, body: { paymentIntentId: pi.id, amount: 4000 } });
    expect(rest.status).toBe(200);
    await passes(now() + 5, 200);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 5000, noRepoll: true });
  }, 300_000);

  it('the threshold counts per payment: parts of a refund under it wait once together they are above it; a rejected part no longer counts', async () => {
    expect((await call('POST', '/v1/account', { key: m.keys.test, body: { refundApprovalThresholds: { XOF: 1000 } } })).status).toBe(200);
    try {
      const pi = await paidIntent(5000);
      const part = async (amount: number) => (await call('POST', '/v1/refunds', { key: m.keys.test, body: { paymentIntentId: pi.id, amount } })).body;
      expect((await part(600)).status).not.toBe('pending_approval');
      expect((await part(300)).status).not.toBe('pending_approval');
      const third = await part(200);
      expect(third.status).toBe('pending_approval');
      // Another payment's refunds do not count.
      const other = await paidIntent(5000);
      expect((await call('POST', '/v1/refunds', { key: m.keys.test, body: { paymentIntentId: other.id, amount: 900 } })).body.status).not.toBe(
        'pending_approval',
      );
      await rejectRefund(db(), who('ben').scope, third.id, who('ben').id, 'split');
      expect((await part(100)).status).not.toBe('pending_approval');
      await passes(now() + 5, 120);
      await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 1000, noRepoll: true });
    } finally {
      await call('POST', '/v1/account', { key: m.keys.test, body: { refundApprovalThresholds: { XOF: null } } });
    }
  }, 300_000);

  it('racing: two approvers, one wins; its author racing two sessions never does', async () => {
    const pi = await paidIntent(4000);
    const a = await ask('sia', pi.id, 1000);
    const settled = await Promise.allSettled([
      approveRefund(db(), who('ana').scope, a.id, who('ana').id),
      approveRefund(db(), who('ben').scope, a.id, who('ben').id),
      rejectRefund(db(), who('ben').scope, a.id, who('ben').id, 'no'),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled.filter((x) => x.status === 'rejected')) expect((s as PromiseRejectedResult).reason).toMatchObject({ code: 'unexpected_state' });
    const decisions = await db().query(`select action from audit_events where target_id = $1 and action in ('refund.approved', 'refund.rejected')`, [a.id]);
    expect(decisions).toHaveLength(1);

    // An admin's own refund (above a threshold), approved by herself twice at once: never.
    await call('POST', '/v1/account', { key: m.keys.test, body: { refundApprovalThresholds: { XOF: 100 } } });
    const own = await ask('ben', pi.id, 500);
    expect(own.status).toBe('pending_approval');
    const self = await Promise.allSettled([
      approveRefund(db(), who('ben').scope, own.id, who('ben').id),
      approveRefund(db(), who('ben').scope, own.id, who('ben').id),
    ]);
    expect(self.every((s) => s.status === 'rejected' && (s.reason as { code?: string }).code === 'self_approval')).toBe(true);
    expect((await row(own.id)).status).toBe('pending_approval');
    await call('POST', '/v1/account', { key: m.keys.test, body: { refundApprovalThresholds: { XOF: null } } });
    await rejectRefund(db(), who('ana').scope, own.id, who('ana').id, 'cleanup');
    await passes(now() + 5, 200);
    const refunded = settled[2]!.status === 'fulfilled' ? 0 : 1000;
    await assertMoneyInvariant(db(), pi.id, { paid: 4000, refunded, noRepoll: true });
  }, 300_000);
});
