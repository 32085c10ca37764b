// Worker claims: `for update skip locked` and a lease. The concurrent claims only mean something on
// PostgreSQL (PGlite runs one query at a time, so there they are sequential and pass trivially);
// `npm test` runs this file on both databases. The lease holds on both. Claims are scoped to the
// test's merchant: the PostgreSQL database is shared with the other test files.
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { claimDueAttempts, pollDueAttempts } from '@/lib/payments/poll';
import { call, newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

describe('worker concurrency', () => {
  it('two workers never claim the same attempt', async () => {
    const m = await newMerchant(db());
    const t0 = now();
    for (let i = 0; i < 30; i++) {
      const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
      await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '0554122222' } });
    }
    const far = t0 + 100;
    await db().query(`update payment_attempts set locked_until = null, next_poll_at = $2 where merchant_id = $1`, [m.merchant.id, far - 1]);
    const [a, b, c] = await Promise.all([
      claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }),
      claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }),
      claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }),
    ]);
    const all = [...a, ...b, ...c];
    expect(new Set(all).size).toBe(all.length);
    const mine = await db().query<{ id: string }>(`select id from payment_attempts where merchant_id = $1`, [m.merchant.id]);
    expect(mine).toHaveLength(30);
    expect([...all].sort()).toEqual(mine.map((r) => r.id).sort()); // every row once, by one of the workers
    // Leased rows are not handed out again until the lease ends.
    expect(await claimDueAttempts(db(), far, 100, { merchantId: m.merchant.id })).toEqual([]);
    expect(await claimDueAttempts(db(), far + 59, 100, { merchantId: m.merchant.id })).toEqual([]);
    // When it ends (a worker died holding them), they are handed out again.
    expect((await claimDueAttempts(db(), far + 60, 100, { merchantId: m.merchant.id })).sort()).toEqual(mine.map((r) => r.id).sort());
  });

  it('a worker told to stop (SIGTERM) releases the leases of the attempts it claimed and has not polled: another worker takes them at once', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id };
    for (let i = 0; i < 3; i++) {
      const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
      await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '0554122222' } });
    }
    const far = now() + 100;
    await db().query(`update payment_attempts set locked_until = null, next_poll_at = $2 where merchant_id = $1`, [m.merchant.id, far - 1]);
    // The stop comes right after the worker's claim, before it polls the first one.
    const stopping = new AbortController();
    const worker: Db = {
      ...db(),
      query: async (text, params) => {
        const rows = await db().query(text, params);
        if (text.includes('skip locked')) stopping.abort();
        return rows as never;
      },
    };
    expect(await pollDueAttempts(worker, far, { ...scope, signal: stopping.signal })).toBe(0);
    const mine = await db().query<{ id: string }>(`select id from payment_attempts where merchant_id = $1`, [m.merchant.id]);
    expect((await claimDueAttempts(db(), far, 100, scope)).sort()).toEqual(mine.map((r) => r.id).sort());
  });

  // PostgreSQL only: on PGlite an open transaction blocks every other query, so a claim held open
  // while another worker claims cannot be played there at all.
  it.runIf(!!process.env.DATABASE_URL)('a claim still being made (rows locked, not committed) is skipped, not waited for nor taken twice', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id };
    for (let i = 0; i < 6; i++) {
      const pi = await newIntent(m.keys.test, { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' });
      await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '0554122222' } });
    }
    const far = now() + 100;
    await db().query(`update payment_attempts set locked_until = null, next_poll_at = $2 where merchant_id = $1`, [m.merchant.id, far - 1]);
    const [first, second] = await db().transaction(async (tx) => {
      const a = await claimDueAttempts(tx, far, 4, scope); // locked by this open transaction
      // Another worker, on another connection, meanwhile: it must not block on (or take) those rows.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error("the second claim waited for the first one's locks")), 5_000)),
      );
      try {
        return [a, await Promise.race([claimDueAttempts(db(), far, 100, scope), deadline])];
      } finally {
        clearTimeout(timer);
      }
    });
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(2);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });
});
