// Watching open address attempts stays cheap however many there are (bench/watch.ts measures it):
//   - a free receive address is found through `derived_addresses.free_at`, kept by a trigger on
//     every attempt write (migration 0016); here the trigger's value is checked against the rule
//     evaluated from the attempts themselves, over attempts in every state;
//   - a poll whose answer is "nothing yet" is one write (settle.ts isQuietReport), and a payment
//     that lands between the read and that write is never lost.
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { ADDRESS_RAILS } from '@/lib/money';
import { REUSE_GRACE_SECONDS } from '@/lib/payments/addresses';
import { refreshAttempt } from '@/lib/payments/apply-report';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { WATCH_SECONDS } from '@/lib/payments/watch';
import { railAdapter } from '@/lib/rails/registry';
import { ACTIVE_ATTEMPT_STATUSES, attemptView, writeAttempt } from '@/lib/store/attempts';
import { newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

/** The rule of lib/store/addresses.ts lockFreeAddress, from the attempts (what the trigger must keep). */
async function freeAtByRule(d: Db, address: string, rail: string): Promise<number | null> {
  const rows = await d.query<{ status: string; watch_until: number | null; expires_at: number | null; amount_received: number; amount_seen: number }>(
    `select status, watch_until, expires_at, amount_received, amount_seen from payment_attempts where destination = $1 and rail = $2`,
    [address, rail],
  );
  if (rows.length === 0) return null;
  const held = rows.some(
    (a) => (ACTIVE_ATTEMPT_STATUSES as readonly string[]).includes(a.status) || Number(a.amount_received) > 0 || Number(a.amount_seen) > 0,
  );
  return held ? null : Math.max(0, ...rows.map((a) => Math.min(Number(a.watch_until ?? 0), Number(a.expires_at ?? 0))));
}

async function checkAllAddresses(d: Db, merchantId: string): Promise<number> {
  const addresses = await d.query<{ address: string; rail: string; free_at: number | null }>(
    `select d.address, d.rail, d.free_at from derived_addresses d join payment_intents p on p.id = d.payment_intent_id where p.merchant_id = $1`,
    [merchantId],
  );
  for (const a of addresses) expect(a.free_at === null ? null : Number(a.free_at), a.address).toBe(await freeAtByRule(d, a.address, a.rail));
  return addresses.length;
}

describe('receive addresses: free_at follows every attempt write', () => {
  it('the trigger knows the same open statuses as the engine', async () => {
    const [fn] = await db().query<{ def: string }>(`select pg_get_functiondef('derived_address_free_at(text, text)'::regprocedure) as def`);
    const listed = [...fn!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([...ACTIVE_ATTEMPT_STATUSES].sort());
  });

  it('the triggers fire for exactly the address rails of lib/money.ts', async () => {
    const triggers = await db().query<{ def: string }>(
      `select pg_get_triggerdef(oid) as def from pg_trigger where tgname like 'payment_attempts_track_address%' order by tgname`,
    );
    expect(triggers).toHaveLength(2);
    for (const t of triggers) {
      const rails = [...t.def.matchAll(/'((?:btc|usdt|mobile)_[a-z0-9_]+)'/g)].map((m) => m[1]).sort();
      expect(rails).toEqual([...ADDRESS_RAILS].sort());
    }
  });

  it('open, switched away (watched), paid in part, paid, expired and reused: free_at is the rule each time', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const t0 = now();
    const open = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await confirmPaymentIntent(db(), scope, open.id, {}, { now: t0 });
    const switched = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await confirmPaymentIntent(db(), scope, switched.id, {}, { now: t0 });
    await confirmPaymentIntent(db(), scope, switched.id, { rail: 'btc_lightning' }, { now: t0 + 1 });
    const part = await newIntent(m.keys.test, { amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    await confirmPaymentIntent(db(), scope, part.id, {}, { now: t0 });
    await testPay(db(), scope, part.id, { amount: 1_000_000 }, { now: t0 + 2 });
    const paid = await newIntent(m.keys.test, { amount: 5000, currency: 'XOF', rail: 'usdt_trc20' });
    await confirmPaymentIntent(db(), scope, paid.id, {}, { now: t0 });
    await testPay(db(), scope, paid.id, {}, { now: t0 + 2 });
    expect(await checkAllAddresses(db(), scope.merchantId)).toBe(4);
    const [sw] = await db().query<{ free_at: number; expires_at: number; watch_until: number }>(
      `select d.free_at, a.expires_at, a.watch_until from derived_addresses d join payment_attempts a on a.destination = d.address where d.payment_intent_id = $1`,
      [switched.id],
    );
    // Free once the payer's time is up (the attempt's expiry), though still watched for the week.
    expect(Number(sw!.free_at)).toBe(Number(sw!.expires_at));
    expect(Number(sw!.watch_until)).toBeGreaterThan(t0 + WATCH_SECONDS - 10);
    // That time passes: the switched intent's address is handed to a new intent, held again.
    const later = Number(sw!.expires_at) + REUSE_GRACE_SECONDS + 60;
    const next = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const reused = await confirmPaymentIntent(db(), scope, next.id, {}, { now: later });
    const [addr] = await db().query<{ address: string; payment_intent_id: string; free_at: number | null }>(
      `select address, payment_intent_id, free_at from derived_addresses where address = $1`,
      [(reused.nextAction as { address: string }).address],
    );
    expect(addr!.payment_intent_id).toBe(next.id);
    expect(addr!.free_at).toBeNull();
    expect(await checkAllAddresses(db(), scope.merchantId)).toBeGreaterThanOrEqual(4);
  });
});

describe('a quiet poll is one write, and never loses a payment', () => {
  it('polls of open attempts that saw nothing change only when to ask again; a payment landing mid-poll is counted', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const t0 = now();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const pi = await newIntent(
        m.keys.test,
        i % 2 ? { amount: 5000, currency: 'XOF', rail: 'usdt_trc20' } : { amount: 2000, currency: 'BTC', rail: 'btc_onchain' },
      );
      await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
      ids.push(pi.id);
    }
    const before = await db().query(
      `select id, status, amount_received, amount_seen, expires_at, updated_at from payment_attempts where merchant_id = $1 order by id`,
      [scope.merchantId],
    );
    await db().query(`update payment_attempts set next_poll_at = $2 where merchant_id = $1`, [scope.merchantId, t0 + 5]);
    expect(await pollDueAttempts(db(), t0 + 5, { merchantId: scope.merchantId })).toBe(6);
    const after = await db().query(
      `select id, status, amount_received, amount_seen, expires_at, updated_at, next_poll_at, locked_until from payment_attempts where merchant_id = $1 order by id`,
      [scope.merchantId],
    );
    expect(after.map(({ next_poll_at: _n, locked_until: _l, ...rest }) => rest)).toEqual(before);
    for (const a of after) {
      expect(Number(a.next_poll_at)).toBeGreaterThan(t0 + 5);
      expect(a.locked_until).toBeNull();
    }
    // A payment reaches the backend after the worker read the attempt, before its write: the write
    // sees the attempt changed and takes the long way; the money is counted by the next poll at the latest.
    const intentId = ids[1]!;
    const [row] = await db().query(`select * from payment_attempts where payment_intent_id = $1`, [intentId]);
    const adapter = railAdapter('usdt_trc20', false)!;
    const due = Number((row!.quote as { amount: number }).amount);
    await writeAttempt(db(), row!.id as string, { set: { details: JSON.stringify(adapter.simulator!.pay(attemptView(row!), due, t0 + 6)) } });
    await refreshAttempt(db(), row!.id as string, t0 + 6, row);
    await refreshAttempt(db(), row!.id as string, t0 + 30);
    const [intent] = await db().query(`select status, amount_received from payment_intents where id = $1`, [intentId]);
    expect(intent).toEqual({ status: 'succeeded', amount_received: 5000 });
    await assertMoneyInvariant(db(), intentId, { paid: 5000, paidSettlement: due, now: t0 + 30 });
  });
});
