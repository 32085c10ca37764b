// Per-key token bucket, in this process's memory. Behind a load balancer each instance keeps its
// own buckets, so the effective limit is per instance (documented in the README).
import { config } from '../config';
import { ApiError } from './errors';

interface Bucket {
  tokens: number;
  updated: number;
}

const buckets = new Map<string, Bucket>();

// The refill clock, milliseconds. Tests set their own so refill is exact, not a race with real time.
let clock: () => number = Date.now;

export function setRateLimitClockForTests(now: (() => number) | undefined): void {
  clock = now ?? Date.now;
}

export function takeToken(keyId: string, now = clock()): void {
  const { RATE_LIMIT_PER_SECOND: rate, RATE_LIMIT_BURST: burst } = config();
  let b = buckets.get(keyId);
  if (!b) {
    b = { tokens: burst, updated: now };
    buckets.set(keyId, b);
    if (buckets.size > 100_000) buckets.delete(buckets.keys().next().value!);
  }
  b.tokens = Math.min(burst, b.tokens + ((now - b.updated) / 1000) * rate);
  b.updated = now;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return;
  }
  const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / rate));
  throw new ApiError(
    429,
    'rate_limit_error',
    'rate_limited',
    `Too many requests with this API key: the limit is ${rate} per second with bursts of ${burst}. Retry after ${retryAfter} s.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

export function resetRateLimitsForTests(): void {
  buckets.clear();
}
