// When a receive address may be handed on to another intent: an attempt moved off an address frees
// it; a payment seen by a poll in flight when the watch ends keeps it (the address is not handed on
// for REUSE_GRACE_SECONDS, and money seen on a closed attempt extends its watch until it confirms);
// a quiet-looking answer on a credited address is a reversal. Checked against the free_at rule
// evaluated from the attempts themselves. The migration splitter's cases are in migration-splitter.test.ts.
import { expect, it } from 'vitest';
import { refreshAttempt } from '@/lib/payments/apply-report';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { WATCH_SECONDS } from '@/lib/payments/watch';
import { railAdapter } from '@/lib/rails/registry';
import { ACTIVE_ATTEMPT_STATUSES, attemptView, writeAttempt } from '@/lib/store/attempts';
import { newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

/** free_at as the rule says, from the attempts themselves. */
async function ruleFreeAt(address: string): Promise<number | null> {
  const rows = await db().query<{ status: string; watch_until: number | null; expires_at: number | null; amount_received: number; amount_seen: number }>(
    `select status, watch_until, expires_at, amount_received, amount_seen from payment_attempts where destination = $1`,
    [address],
  );
  if (rows.length === 0) return null;
  if (rows.some((a) => (ACTIVE_ATTEMPT_STATUSES as readonly string[]).includes(a.status) || Number(a.amount_received) > 0 || Number(a.amount_seen) > 0))
    return null;
  return Math.max(0, ...rows.map((a) => Math.min(Number(a.watch_until ?? 0), Number(a.expires_at ?? 0))));
}

it('an attempt moved off an address (to a non-derived destination) frees the address it left', async () => {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: false };
  const t0 = now();
  const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
  const r = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
  const address = (r.nextAction as { address: string }).address;
  await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_lightning' }, { now: t0 + 1 });
  await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_onchain' }, { now: t0 + 2 });
  // No code path moves an address attempt today (finishAttempt writes destination = input.address).
  await db().query(
    `update payment_attempts set destination = 'not-derived' where payment_intent_id = $1 and rail = 'btc_onchain' and status = 'awaiting_payment'`,
    [pi.id],
  );
  const [d] = await db().query<{ free_at: number | null }>(`select free_at from derived_addresses where address = $1`, [address]);
  expect(d!.free_at === null ? null : Number(d!.free_at)).toBe(await ruleFreeAt(address));
});

it.runIf(process.env.DATABASE_URL)(
  'PostgreSQL: concurrent confirms, switches back, cancels and polls never give one address to two open intents; free_at stays the rule',
  async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const t0 = now();
    const K = 10;
    const olds: string[] = [];
    const addresses: string[] = [];
    for (let i = 0; i < K; i++) {
      const pi = await newIntent(m.keys.test, { amount: 10_000 + i, currency: 'BTC', rail: 'btc_onchain' });
      const r = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
      addresses.push((r.nextAction as { address: string }).address);
      await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_lightning' }, { now: t0 + 1 });
      olds.push(pi.id);
    }
    const t = t0 + WATCH_SECONDS + 10;
    // Only these K addresses are free for the key.
    await db().query(
      `update derived_addresses set money_seen_at = $2 where key_id = (select key_id from derived_addresses where address = $1) and not (address = any($3::text[])) and money_seen_at is null`,
      [addresses[0], t, addresses],
    );
    const news: string[] = [];
    for (let i = 0; i < K; i++) news.push((await newIntent(m.keys.test, { amount: 20_000 + i, currency: 'BTC', rail: 'btc_onchain' })).id);
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < K; i++) {
      ops.push(confirmPaymentIntent(db(), scope, news[i]!, {}, { now: t }).catch((e) => e));
      ops.push(confirmPaymentIntent(db(), scope, olds[i]!, { rail: 'btc_onchain' }, { now: t }).catch((e) => e));
      if (i % 2) ops.push(cancelPaymentIntent(db(), scope, olds[i]!, { now: t }).catch((e) => e));
      ops.push(pollDueAttempts(db(), t, { merchantId: scope.merchantId }).catch((e) => e));
      if (i % 3 === 0) ops.push(testPay(db(), scope, news[i]!, { amount: 1 }, { now: t }).catch((e) => e));
      if (i % 3 === 1) ops.push(confirmPaymentIntent(db(), scope, news[i]!, { rail: 'btc_lightning' }, { now: t }).catch((e) => e));
    }
    const results = await Promise.all(ops);
    const unexpected = results.filter((r) => r instanceof Error && !(r as { code?: string }).code?.match(/^[a-z_]+$/));
    expect(unexpected.map((e) => String((e as Error).message))).toEqual([]);
    const open = await db().query<{ destination: string; n: number }>(
      `select destination, count(distinct payment_intent_id)::int as n from payment_attempts
      where merchant_id = $1 and rail = 'btc_onchain' and status = any($2::text[]) group by destination`,
      [scope.merchantId, ACTIVE_ATTEMPT_STATUSES],
    );
    for (const o of open) expect(o.n, o.destination).toBe(1);
    const owners = await db().query<{ address: string; payment_intent_id: string; free_at: number | null }>(
      `select d.address, d.payment_intent_id, d.free_at from derived_addresses d join payment_intents p on p.id = d.payment_intent_id where p.merchant_id = $1`,
      [scope.merchantId],
    );
    for (const o of owners) expect(o.free_at === null ? null : Number(o.free_at), o.address).toBe(await ruleFreeAt(o.address));
    // Every open attempt's address belongs to its intent.
    const mism = await db().query(
      `select a.id from payment_attempts a join derived_addresses d on d.address = a.destination
      where a.merchant_id = $1 and a.status = any($2::text[]) and d.payment_intent_id <> a.payment_intent_id`,
      [scope.merchantId, ACTIVE_ATTEMPT_STATUSES],
    );
    expect(mism).toEqual([]);
  },
);

it('a payment seen by a poll in flight when the watch ends: the address is not handed on, and the payment is counted for its own intent', async () => {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: false };
  const t0 = now();
  const x = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
  const address = ((await confirmPaymentIntent(db(), scope, x.id, {}, { now: t0 })).nextAction as { address: string }).address;
  await confirmPaymentIntent(db(), scope, x.id, { rail: 'btc_lightning' }, { now: t0 + 1 });
  const [x1] = await db().query(`select * from payment_attempts where payment_intent_id = $1 and rail = 'btc_onchain'`, [x.id]);
  // The last moment X's payer was told the address is valid (its attempt's expiry): from then on
  // (plus the grace) the address may be handed on, though X's closed attempt is still watched.
  const W = Number(x1!.expires_at);
  expect(Number(x1!.watch_until)).toBeGreaterThan(W);
  // Only X's address is free for the key (as in address-never-shared.test.ts).
  await db().query(
    `update derived_addresses set money_seen_at = $2 where key_id = (select key_id from derived_addresses where address = $1) and address <> $1 and money_seen_at is null`,
    [address, t0],
  );
  // X's payer pays X's address one second before its time ends (the chain: in the mempool).
  const adapter = railAdapter('btc_onchain', false)!;
  await writeAttempt(db(), x1!.id as string, { set: { details: JSON.stringify(adapter.simulator!.pay(attemptView(x1!), 10_000, W - 1)) } });
  const y = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
  // The worker polls X's watched attempt at W - 1; while it asks the chain, Y confirms at W + 1.
  const original = adapter.getStatus.bind(adapter);
  let yAddress = '';
  adapter.getStatus = async (a, n) => {
    const st = await original(a, n);
    adapter.getStatus = original;
    yAddress = ((await confirmPaymentIntent(db(), scope, y.id, {}, { now: W + 1 })).nextAction as { address: string }).address;
    return st;
  };
  try {
    await refreshAttempt(db(), x1!.id as string, W - 1);
  } finally {
    adapter.getStatus = original;
  }
  // Y is not given X's address while a poll that started before its time ended may still bring money.
  expect(yAddress).not.toBe(address);
  // X's payment was seen (mempool): X's closed attempt stays watched past W, until it confirms.
  const [seen] = await db().query(`select amount_seen, watch_until from payment_attempts where id = $1`, [x1!.id]);
  expect(Number(seen!.amount_seen)).toBe(10_000);
  expect(Number(seen!.watch_until)).toBeGreaterThan(W + WATCH_SECONDS - 10);
  expect(await db().query(`select free_at from derived_addresses where address = $1`, [address])).toEqual([{ free_at: null }]);
  await refreshAttempt(db(), x1!.id as string, W + 100);
  const rows = await db().query<{ id: string; status: string; amount_received: number }>(
    `select id, status, amount_received from payment_intents where id = any($1::text[])`,
    [[x.id, y.id]],
  );
  const byId = Object.fromEntries(rows.map((r) => [r.id, { status: r.status, received: Number(r.amount_received) }]));
  // X's payer's money pays X, never Y.
  expect(byId[x.id]).toEqual({ status: 'succeeded', received: 10_000 });
  expect(byId[y.id]).toEqual({ status: 'requires_payment_method', received: 0 });
});

it('a quiet-looking answer on an address credited by an earlier attempt of the intent is a reversal, not a quiet poll', async () => {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: false };
  const t0 = now();
  const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
  await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
  await testPay(db(), scope, pi.id, { amount: 4000 }, { now: t0 + 1 });
  await refreshAttempt(db(), (await db().query(`select id from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!.id as string, t0 + 60);
  await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_lightning' }, { now: t0 + 61 });
  await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_onchain' }, { now: t0 + 62 });
  const [a2] = await db().query(`select * from payment_attempts where payment_intent_id = $1 and rail = 'btc_onchain' and status = 'awaiting_payment'`, [
    pi.id,
  ]);
  expect(Number(a2!.amount_received)).toBe(0);
  const [before] = await db().query<{ amount_received: number }>(`select amount_received from payment_intents where id = $1`, [pi.id]);
  expect(Number(before!.amount_received)).toBe(4000);
  // The chain drops the payment (reorganisation): the address shows nothing.
  const row = (await writeAttempt(db(), a2!.id as string, { set: { details: JSON.stringify({ ...(a2!.details as object), sim: { txs: [] } }) } }))!;
  await refreshAttempt(db(), row.id as string, t0 + 70, row);
  const [after] = await db().query<{ amount_received: number }>(`select amount_received from payment_intents where id = $1`, [pi.id]);
  expect(Number(after!.amount_received)).toBe(0);
});
