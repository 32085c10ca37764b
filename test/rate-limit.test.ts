// The token bucket, on an injected clock (setRateLimitClockForTests): refill is checked to the
// millisecond instead of racing the real clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { resetRateLimitsForTests, setRateLimitClockForTests, takeToken } from '@/lib/api/rate-limit';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
const saved = { rate: process.env.RATE_LIMIT_PER_SECOND, burst: process.env.RATE_LIMIT_BURST };
let nowMs = 1_000_000;

beforeAll(() => {
  process.env.RATE_LIMIT_PER_SECOND = '2';
  process.env.RATE_LIMIT_BURST = '5';
  resetConfigForTests();
});
beforeEach(() => {
  resetRateLimitsForTests();
  nowMs = 1_000_000;
  setRateLimitClockForTests(() => nowMs);
});
afterAll(() => {
  setRateLimitClockForTests(undefined);
  resetRateLimitsForTests();
  process.env.RATE_LIMIT_PER_SECOND = saved.rate;
  process.env.RATE_LIMIT_BURST = saved.burst;
  resetConfigForTests();
});

const products = (key: string) => call('GET', '/v1/products', { key });

describe('rate limiting', () => {
  it('allows a burst per key, then answers 429 with Retry-After; other keys and modes are not affected', async () => {
    const a = await newMerchant(db());
    const b = await newMerchant(db());
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await products(a.keys.test)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await products(a.keys.test);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect(limited.headers.get('retry-after')).toBe('1'); // 0 tokens at 2/s: one is back in 0.5 s, rounded up
    expect((await products(b.keys.test)).status).toBe(200);
    // The test key and the live key of one merchant have their own buckets.
    expect((await products(a.keys.live)).status).toBe(200);
  });

  it('through the API: a refused key is served again exactly when a token is back', async () => {
    const a = await newMerchant(db());
    for (let i = 0; i < 5; i++) expect((await products(a.keys.test)).status).toBe(200);
    expect((await products(a.keys.test)).status).toBe(429);
    nowMs += 499;
    expect((await products(a.keys.test)).status).toBe(429);
    nowMs += 1;
    expect((await products(a.keys.test)).status).toBe(200);
    expect((await products(a.keys.test)).status).toBe(429);
  });

  it('refills at the configured rate, up to the burst and no further', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) takeToken('key_refill', t0);
    expect(() => takeToken('key_refill', t0)).toThrow(/Too many requests/);
    expect(() => takeToken('key_refill', t0 + 499)).toThrow(); // 2/s: 0.998 of a token
    expect(() => takeToken('key_refill', t0 + 500)).not.toThrow(); // one token after 0.5 s
    expect(() => takeToken('key_refill', t0 + 500)).toThrow();
    // An hour idle refills to the burst, not to 7200 tokens.
    const later = t0 + 3_600_000;
    for (let i = 0; i < 5; i++) expect(() => takeToken('key_refill', later)).not.toThrow();
    expect(() => takeToken('key_refill', later)).toThrow();
  });

  it('Retry-After is the time until one token is back, in whole seconds, rounded up', () => {
    process.env.RATE_LIMIT_PER_SECOND = '0.25'; // one token every 4 s
    resetConfigForTests();
    try {
      const retryAfter = (at: number) => {
        try {
          takeToken('key_retry', at);
          return 'served';
        } catch (err) {
          expect(err).toMatchObject({ status: 429, code: 'rate_limited' });
          return (err as { headers: Record<string, string> }).headers['Retry-After'];
        }
      };
      for (let i = 0; i < 5; i++) expect(retryAfter(0)).toBe('served');
      expect(retryAfter(0)).toBe('4');
      expect(retryAfter(1000)).toBe('3'); // a quarter of a token back
      expect(retryAfter(3001)).toBe('1');
      expect(retryAfter(4000)).toBe('served');
    } finally {
      process.env.RATE_LIMIT_PER_SECOND = '2';
      resetConfigForTests();
    }
  });
});
