// Two open intents never share a receive address, even when one comes back to its own address while
// the other looks for a free one (PostgreSQL: PGlite runs one query at a time).
import { expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS } from '@/lib/payments/addresses';
import { beginAttempt } from '@/lib/payments/begin-attempt';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { WATCH_SECONDS } from '@/lib/payments/watch';
import { railAdapter } from '@/lib/rails/registry';
import { lockIntent } from '@/lib/store/intents';
import { newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it.runIf(process.env.DATABASE_URL)('two open intents never share a receive address (PostgreSQL: PGlite runs one query at a time)', async () => {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: false };
  const t0 = now();
  const a = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
  const first = await confirmPaymentIntent(db(), scope, a.id, {}, { now: t0 });
  const address = (first.nextAction as { address: string }).address;
  // A switches away (its on-chain attempt closes, watched a week) and the week passes.
  await confirmPaymentIntent(db(), scope, a.id, { rail: 'btc_lightning' }, { now: t0 + 1 });
  const t = t0 + WATCH_SECONDS + REUSE_GRACE_SECONDS + 10;
  // Every OTHER address of the test key is made unusable (money seen on it), so X is the only free one.
  await db().query(
    `update derived_addresses set money_seen_at = $2 where key_id = (select key_id from derived_addresses where address = $1) and address <> $1 and money_seen_at is null`,
    [address, t],
  );
  const b = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
  const adapter = railAdapter('btc_onchain', false)!;
  // T1: A comes back to on-chain (its own address), and holds its transaction a moment.
  await db().query(`update payment_intents set rail = 'btc_onchain' where id = $1`, [a.id]);
  await db().query(`update payment_attempts set status = 'canceled' where payment_intent_id = $1 and status = any('{creating,awaiting_payment,pending}')`, [
    a.id,
  ]);
  let began!: () => void;
  const begun = new Promise<void>((r) => (began = r));
  const t1 = db().transaction(async (tx) => {
    const intent = await lockIntent(tx, a.id);
    const input = await beginAttempt(tx, intent, adapter, {}, t);
    expect(input.address).toBe(address);
    began();
    await sleep(500);
  });
  await begun;
  // T2, meanwhile: B confirms on-chain and looks for a free address.
  const rb = await confirmPaymentIntent(db(), scope, b.id, {}, { now: t });
  await t1;
  const live = await db().query<{ payment_intent_id: string }>(
    `select payment_intent_id from payment_attempts where destination = $1 and status = any('{creating,awaiting_payment,pending}')`,
    [address],
  );
  expect((rb.nextAction as { address: string }).address).not.toBe(address);
  expect(live.map((r) => r.payment_intent_id)).toEqual([a.id]);
});
