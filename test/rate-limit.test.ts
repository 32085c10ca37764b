import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { resetRateLimitsForTests, takeToken } from '@/lib/api/rate-limit';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
const saved = { rate: process.env.RATE_LIMIT_PER_SECOND, burst: process.env.RATE_LIMIT_BURST };

beforeAll(() => {
  process.env.RATE_LIMIT_PER_SECOND = '2';
  process.env.RATE_LIMIT_BURST = '5';
  resetConfigForTests();
  resetRateLimitsForTests();
});
afterAll(() => {
  process.env.RATE_LIMIT_PER_SECOND = saved.rate;
  process.env.RATE_LIMIT_BURST = saved.burst;
  resetConfigForTests();
});

describe('rate limiting', () => {
  it('allows a burst per key, then answers 429 with Retry-After; other keys are not affected', async () => {
    const a = await newMerchant(db());
    const b = await newMerchant(db());
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call('GET', '/v1/products', { key: a.keys.test })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await call('GET', '/v1/products', { key: a.keys.test });
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/v1/products', { key: b.keys.test })).status).toBe(200);
    // The test key and the live key of one merchant have their own buckets.
    expect((await call('GET', '/v1/products', { key: a.keys.live })).status).toBe(200);
  });

  it('refills at the configured rate', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) takeToken('key_refill', t0);
    expect(() => takeToken('key_refill', t0)).toThrow(/Too many requests/);
    expect(() => takeToken('key_refill', t0 + 500)).not.toThrow(); // 2/s: one token after 0.5 s
    expect(() => takeToken('key_refill', t0 + 500)).toThrow();
  });
});
