// Worker claims: `for update skip locked` and a lease. Only meaningful on PostgreSQL (PGlite runs
// one query at a time); `npm test` runs it on both databases.
import { describe, expect, it } from 'vitest';
import { claimDueAttempts } from '@/lib/domain/lifecycle';
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
    const [a, b, c] = await Promise.all([claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }), claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id }), claimDueAttempts(db(), far, 20, { merchantId: m.merchant.id })]);
    const all = [...a, ...b, ...c];
    expect(new Set(all).size).toBe(all.length);
    const mine = await db().query<{ id: string }>(`select id from payment_attempts where merchant_id = $1`, [m.merchant.id]);
    for (const row of mine) expect(all).toContain(row.id);
    // Leased rows are not handed out again until the lease ends.
    expect((await claimDueAttempts(db(), far, 100, { merchantId: m.merchant.id })).filter((id) => mine.some((r) => r.id === id))).toEqual([]);
  });
});
