// The background worker: one pass of every task (runWorkerOnce), the real loop (startWorker), and
// an attempt whose rail this process has no adapter for. The tasks run on this test's clock and on
// its merchant's rows only (workerTasks({ merchantId, now })): the PostgreSQL database is shared with
// the other test files running at the same time, whose rows a pass must never touch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_SECONDS } from '@/lib/api/idempotency';
import type { MerchantKeys } from '@/lib/domain/merchants';
import { UNCONFIGURED_RETRY_SECONDS } from '@/lib/payments/apply-report';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { PUSH_WATCH_SECONDS, WATCH_POLL_SECONDS } from '@/lib/payments/watch';
import { MobileMoneySimulator } from '@/lib/rails/mobile-money/simulator';
import { railAdapter, resetRailsForTests } from '@/lib/rails/registry';
import { createRefund } from '@/lib/refunds/create';
import { runWorkerOnce, startWorker } from '@/lib/worker';
import { workerTasks } from '@/lib/worker/tasks';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, eventTypes, newIntent, now } from './lifecycle-helpers';
import { type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();

let receiver: Receiver;
const merchants: string[] = [];
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  // No endpoint of ours is left for a later run to deliver to.
  await db().query(`delete from webhook_endpoints where merchant_id = any($1::text[])`, [merchants]);
});

async function merchant(): Promise<MerchantKeys> {
  const m = await newMerchant(db());
  merchants.push(m.merchant.id);
  return m;
}

interface Seeded {
  m: MerchantKeys;
  paid: string;
  unpaid: string;
  session: string;
  idemKey: string;
  refund: string;
  deliveries: string[];
  eventIds: string[];
}

/**
 * One of each kind of work, all due at `t`: an attempt to poll (a push the payer approves 3 s after
 * it went out), an open session past its expiry (its intent unpaid), an idempotency key past its 24 h,
 * a refund sent and not yet answered (the simulator answers 3 s after the send), and webhook
 * deliveries (payment_intent.created, to the receiver).
 */
async function seed(t: number): Promise<Seeded> {
  const m = await merchant();
  const scope = { merchantId: m.merchant.id, livemode: false };
  // Before the endpoint exists: its intent's event makes no delivery.
  const refunded = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
  await testPay(db(), scope, refunded.id, {}, { now: t - 20 });
  const refund = await createRefund(db(), scope, { paymentIntentId: refunded.id, amount: 500, rate: 'quote', metadata: {} }, t - 10);
  expect(refund.status).toBe('pending');
  const we = await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: receiver.url, enabledEvents: ['payment_intent.created'] } });
  expect(we.status, JSON.stringify(we.body)).toBe(200);
  const paid = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
  await confirmPaymentIntent(db(), scope, paid.id, { phone: '0554120000' }, { now: t - 10 });
  const unpaid = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
  const cs = await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { paymentIntentId: unpaid.id } });
  expect(cs.status).toBe(200);
  await db().query(`update checkout_sessions set expires_at = $2 where id = $1`, [cs.body.id, t - 1]);
  const idemKey = `old-${m.merchant.id}`;
  const product = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Old' }, headers: { 'idempotency-key': idemKey } });
  expect(product.status).toBe(200);
  await db().query(`update idempotency_keys set created_at = $3 where merchant_id = $1 and key = $2`, [
    m.merchant.id,
    idemKey,
    t - IDEMPOTENCY_TTL_SECONDS - 1,
  ]);
  const rows = await db().query<{ id: string; event_id: string }>(
    `update webhook_deliveries set next_attempt_at = $2 where merchant_id = $1 and status = 'pending' returning id, event_id`,
    [m.merchant.id, t - 1],
  );
  expect(rows).toHaveLength(2); // one payment_intent.created per intent
  return {
    m,
    paid: paid.id,
    unpaid: unpaid.id,
    session: cs.body.id,
    idemKey,
    refund: refund.id,
    deliveries: rows.map((r) => r.id).sort(),
    eventIds: rows.map((r) => r.event_id).sort(),
  };
}

/** Where each seeded row stands. */
async function state(s: Seeded) {
  const [paid] = await db().query<{ status: string; amount_received: number }>(`select status, amount_received from payment_intents where id = $1`, [s.paid]);
  const [unpaid] = await db().query<{ status: string; last_payment_error: { code: string } | null }>(
    `select status, last_payment_error from payment_intents where id = $1`,
    [s.unpaid],
  );
  const [session] = await db().query<{ status: string }>(`select status from checkout_sessions where id = $1`, [s.session]);
  const keys = await db().query(`select 1 from idempotency_keys where merchant_id = $1 and key = $2`, [s.m.merchant.id, s.idemKey]);
  const [refund] = await db().query<{ status: string }>(`select status from refunds where id = $1`, [s.refund]);
  const deliveries = await db().query<{ status: string }>(`select status from webhook_deliveries where id = any($1::text[]) order by id`, [s.deliveries]);
  return {
    paid: [paid!.status, Number(paid!.amount_received)],
    unpaid: [unpaid!.status, unpaid!.last_payment_error?.code ?? null],
    session: session!.status,
    idempotencyKey: keys.length > 0,
    refund: refund!.status,
    deliveries: deliveries.map((d) => d.status),
  };
}

const BEFORE = {
  paid: ['pending', 0],
  unpaid: ['requires_payment_method', null],
  session: 'open',
  idempotencyKey: true,
  refund: 'pending',
  deliveries: ['pending', 'pending'],
};
const AFTER = {
  paid: ['succeeded', 1000],
  unpaid: ['failed', 'session_expired'],
  session: 'expired',
  idempotencyKey: false,
  refund: 'succeeded',
  deliveries: ['succeeded', 'succeeded'],
};

const receivedEventIds = (s: Seeded) =>
  receiver.received
    .map((r) => r.headers['webhook-id'])
    .filter((id): id is string => !!id && s.eventIds.includes(id))
    .sort();

/** Poll the database until `done` holds, or fail after `ms` (a deadline, not a sleep). */
async function until(what: string, done: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('one worker pass (runWorkerOnce)', () => {
  it('moves each kind of due work of its merchant, and nothing of another merchant', async () => {
    const t = now() + 600; // ahead of the real clock: what moves was due on the tasks' clock only
    const mine = await seed(t);
    const theirs = await seed(t);
    expect(await state(mine)).toEqual(BEFORE);
    const out = await runWorkerOnce(db(), workerTasks({ merchantId: mine.m.merchant.id, now: () => t }));
    expect(await state(mine)).toEqual(AFTER);
    expect(receivedEventIds(mine)).toEqual(mine.eventIds);
    // The purge is not per merchant (see lib/worker/tasks.ts); the rest counts this merchant's rows.
    expect(out).toEqual({
      'deliver-webhooks': 2,
      'purge-idempotency-keys': 1,
      'poll-attempts': 1,
      'poll-refunds': 1,
      'expire-sessions': 1,
      'purge-link-sessions': 0,
      'complete-report-runs': 0,
      'schedule-reconciliations': 0,
      reconcile: 0,
    });
    // Another merchant's due work is left alone by a pass scoped to this one.
    expect(await state(theirs)).toEqual(BEFORE);
    expect(receivedEventIds(theirs)).toEqual([]);
    expect(await attemptsOf(db(), theirs.paid)).toMatchObject([{ status: 'pending', next_poll_at: t - 9, locked_until: null }]);
    const events = await assertMoneyInvariant(db(), mine.paid, { paid: 1000, now: t });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    expect(await eventTypes(db(), mine.unpaid)).toEqual(['payment_intent.created', 'payment_intent.failed']);
    expect(await eventTypes(db(), mine.session)).toEqual(['checkout_session.expired']);
  });
});

describe('the worker loop (startWorker)', () => {
  it('runs every task at once and again on its interval, until stopped', async () => {
    const t = now() + 600; // ahead of the real clock: what moves was due on the tasks' clock only
    const s = await seed(t);
    const worker = startWorker(db(), workerTasks({ merchantId: s.m.merchant.id, now: () => t }));
    let second: string;
    try {
      await until('the seeded rows moved', async () => JSON.stringify(await state(s)) === JSON.stringify(AFTER));
      // The loop goes on: work that becomes due later is done by a later pass.
      const later = await newIntent(s.m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
      second = later.id;
      await confirmPaymentIntent(db(), { merchantId: s.m.merchant.id, livemode: false }, second, { phone: '0554120000' }, { now: t - 10 });
      await until('the later attempt was polled', async () => (await attemptsOf(db(), second)).some((a) => a.status === 'succeeded'));
    } finally {
      await worker.stop();
    }
    expect(await state(s)).toEqual(AFTER);
    expect(receivedEventIds(s)).toEqual(s.eventIds);
    for (const id of [s.paid, second!]) {
      const events = await assertMoneyInvariant(db(), id, { paid: 1000, now: t });
      expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    }
  });
});

describe('a rail not configured in this process', () => {
  it('its live and watched attempts stay polled (a minute later); only one neither live nor watched is dropped', async () => {
    const m = await merchant();
    const scope = { merchantId: m.merchant.id, livemode: true };
    const poll = (at: number) => pollDueAttempts(db(), at, { merchantId: m.merchant.id });
    const t = now();
    const intent = () => newIntent(m.keys.live, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
    // Another instance, with live MoMo (the simulator stands in for it), made these intents and
    // started their attempts.
    const sim = new MobileMoneySimulator('mobile_money_a');
    resetRailsForTests({ live: { mobile_money_a: sim } });
    let pending, watched, over;
    try {
      [pending, watched, over] = [await intent(), await intent(), await intent()];
      // Two pushes nobody answers: our timeout ends them, the operator's final answer is watched for.
      await confirmPaymentIntent(db(), scope, watched.id, { phone: '0554122222' }, { now: t - 1000 });
      await confirmPaymentIntent(db(), scope, over.id, { phone: '0554122222' }, { now: t - 1000 });
      await poll(t - 800);
      // A push the payer approves 3 s after it went out, not polled yet.
      await confirmPaymentIntent(db(), scope, pending.id, { phone: '0554120000' }, { now: t });
    } finally {
      resetRailsForTests();
    }
    expect(railAdapter('mobile_money_a', true)).toBeNull(); // this process has no live MoMo
    await db().query(`update payment_attempts set watch_until = $2 where payment_intent_id = $1`, [over.id, t]); // its watch is over
    for (const pi of [watched, over]) expect(await attemptsOf(db(), pi.id)).toMatchObject([{ status: 'failed', next_poll_at: t - 800 + WATCH_POLL_SECONDS }]);
    expect(await attemptsOf(db(), pending.id)).toMatchObject([{ status: 'pending', next_poll_at: t + 1 }]);

    expect(await poll(t + 1)).toBe(3);
    const later = t + 1 + UNCONFIGURED_RETRY_SECONDS;
    expect(await attemptsOf(db(), pending.id)).toMatchObject([{ status: 'pending', amount_received: 0, next_poll_at: later, locked_until: null }]);
    expect(await attemptsOf(db(), watched.id)).toMatchObject([
      { status: 'failed', next_poll_at: later, locked_until: null, watch_until: t - 800 + PUSH_WATCH_SECONDS },
    ]);
    expect(await attemptsOf(db(), over.id)).toMatchObject([{ status: 'failed', next_poll_at: null, locked_until: null }]);
    expect((await call('GET', `/v1/payment_intents/${pending.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'pending', amountReceived: 0 });

    // The rail is back in this process (restarted with its configuration): the payment is found.
    resetRailsForTests({ live: { mobile_money_a: sim } });
    try {
      expect(await poll(later - 1)).toBe(0); // not before its time
      expect(await poll(later)).toBe(2);
      expect(await attemptsOf(db(), pending.id)).toMatchObject([{ status: 'succeeded', amount_received: 1000 }]);
      const events = await assertMoneyInvariant(db(), pending.id, { paid: 1000, now: later });
      expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
      expect(await assertMoneyInvariant(db(), watched.id, { paid: 0, now: later })).toEqual([
        'payment_intent.created',
        'payment_intent.payment_failed',
        'payment_intent.pending',
      ]);
    } finally {
      resetRailsForTests();
    }
  });
});
