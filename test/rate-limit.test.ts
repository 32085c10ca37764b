// The per-key token bucket, shared by every instance through the database (each process leases
// tokens in batches), on an injected clock (setRateLimitClockForTests): refill is checked to the
// millisecond instead of racing the real clock. Key ids are unique to the run (test files share one
// PostgreSQL database, and the buckets live there).

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KeyRateLimiter, leaseSize, resetRateLimitsForTests, setRateLimitClockForTests } from '@/lib/api/rate-limit';
import { resetConfigForTests } from '@/lib/config';
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

  it("holds across instances: a new process (its leases forgotten) finds the key's shared bucket spent", async () => {
    const a = await newMerchant(db());
    for (let i = 0; i < 5; i++) expect((await products(a.keys.test)).status).toBe(200);
    expect((await products(a.keys.test)).status).toBe(429);
    resetRateLimitsForTests(); // another instance: its own memory, the same database
    expect((await products(a.keys.test)).status).toBe(429);
    nowMs += 500;
    expect((await products(a.keys.test)).status).toBe(200);
    expect((await products(a.keys.test)).status).toBe(429);
  });

  // Each "process" below is a KeyRateLimiter of its own (its leases in its memory) over the one database.
  const outcome = (p: void | Promise<void>) =>
    Promise.resolve(p).then(
      () => 'served',
      (err: unknown) => {
        expect(err).toMatchObject({ status: 429, code: 'rate_limited' });
        return (err as { headers: Record<string, string> }).headers['Retry-After']!;
      },
    );
  const keyId = () => `key_${randomBytes(8).toString('hex')}`;

  it("leases a second's refill at a time, at most a quarter of the burst: one write per batch", async () => {
    expect(leaseSize(2, 5)).toBe(2);
    expect(leaseSize(25, 100)).toBe(25);
    expect(leaseSize(1_000_000, 1_000_000)).toBe(250_000);
    expect(leaseSize(0.25, 5)).toBe(1);
    let writes = 0;
    const counting = { ...db(), query: (text: string, params?: unknown[]) => (writes++, db().query(text, params)) } as ReturnType<typeof db>;
    const p = new KeyRateLimiter(() => nowMs);
    const id = keyId();
    for (let i = 0; i < 5; i++) expect(await outcome(p.take(counting, id))).toBe('served');
    expect(writes).toBe(3); // 2 + 2 + 1
    // A token in hand is spent with nothing to await.
    nowMs += 1000;
    expect(await outcome(p.take(counting, id))).toBe('served'); // a lease of 2
    expect(p.take(counting, id)).toBeUndefined();
    expect(writes).toBe(4);
  });

  it('two processes sharing one database admit together at most burst + rate x time + one batch each', async () => {
    const lease = leaseSize(2, 5);
    const procs = [new KeyRateLimiter(() => nowMs), new KeyRateLimiter(() => nowMs)];
    const id = keyId();
    let served = 0;
    const start = nowMs;
    // 20 seconds of 4 requests every 100 ms (20x the rate), alternating processes, each batch in parallel.
    for (let step = 0; step < 200; step++) {
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => outcome(procs[(step + i) % 2]!.take(db(), id))));
      served += results.filter((r) => r === 'served').length;
      nowMs += 100;
    }
    const allowed = 5 + 2 * ((nowMs - start) / 1000);
    console.log(`two processes: ${served} served, bucket allows ${allowed}, lease ${lease}`);
    expect(served).toBeLessThanOrEqual(allowed + procs.length * lease);
    expect(served).toBeGreaterThanOrEqual(allowed - procs.length * lease);
  });

  it('refills at the configured rate, up to the burst and no further', async () => {
    const p = new KeyRateLimiter(() => nowMs);
    const id = keyId();
    const t0 = nowMs;
    const at = (t: number) => {
      nowMs = t;
      return outcome(p.take(db(), id));
    };
    for (let i = 0; i < 5; i++) expect(await at(t0)).toBe('served');
    expect(await at(t0)).toBe('1');
    expect(await at(t0 + 499)).toBe('1'); // 2/s: 0.998 of a token
    expect(await at(t0 + 500)).toBe('served'); // one token after 0.5 s
    expect(await at(t0 + 500)).toBe('1');
    // An hour idle refills to the burst, not to 7200 tokens.
    const later = t0 + 3_600_000;
    for (let i = 0; i < 5; i++) expect(await at(later)).toBe('served');
    expect(await at(later)).toBe('1');
  });

  it('Retry-After is the time until one token is back, in whole seconds, rounded up', async () => {
    process.env.RATE_LIMIT_PER_SECOND = '0.25'; // one token every 4 s
    resetConfigForTests();
    try {
      const p = new KeyRateLimiter(() => nowMs);
      const id = keyId();
      const retryAfter = (at: number) => {
        nowMs = at;
        return outcome(p.take(db(), id));
      };
      for (let i = 0; i < 5; i++) expect(await retryAfter(0)).toBe('served');
      expect(await retryAfter(0)).toBe('4');
      expect(await retryAfter(1000)).toBe('3'); // a quarter of a token back
      expect(await retryAfter(3001)).toBe('1');
      expect(await retryAfter(4000)).toBe('served');
    } finally {
      process.env.RATE_LIMIT_PER_SECOND = '2';
      resetConfigForTests();
    }
  });
});
