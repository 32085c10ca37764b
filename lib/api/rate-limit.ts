// The API's request limits, both held across instances through the database without a round trip
// on an ordinary request:
//
// 1. Per key: a token bucket (RATE_LIMIT_BURST tokens, refilled at RATE_LIMIT_PER_SECOND) kept in
//    the key's row of api_rate_buckets (0021). A process does not ask the row for every request: it
//    leases a batch of tokens (`leaseSize`: a second's refill, at most a quarter of the burst) in one
//    conditional write and spends them from memory, so a request writes the row once every batch.
//    Leased tokens left the shared bucket, so instances together admit what one bucket would, plus
//    at most the batch each instance still holds unspent: over any interval, at most
//    burst + rate x time + instances x leaseSize. The approximation goes both ways by at most a
//    batch per instance: tokens another instance holds unspent are not available here.
//    Instances' clocks are compared through the row (a clock behind only refills later).
//
// 2. Per client address, for requests that fail authentication (no key, malformed, unknown,
//    revoked): AUTH_FAILURES_PER_CLIENT_PER_MINUTE a minute (fixed windows in action_limits, one
//    write per failure), then 429 with Retry-After until the window ends. The refusal is decided
//    BEFORE the key lookup, from this process's memory of the windows the database said were over:
//    a flood of bad keys costs one read and one write per request up to the limit and nothing after
//    it. A request that authenticates costs nothing more (a map lookup, and only while some address
//    is refused). Another instance learns of the refusal at its own next failure from that address.
import { config } from '../config';
import type { Db } from '../db/client';
import { clientKey, hitInWindow, lastHop } from '../domain/action-limits';
import { ApiError } from './errors';
import type { ApiIncoming } from './incoming';

// The clock, milliseconds. Tests set their own so refill is exact, not a race with real time.
let clock: () => number = Date.now;

export function setRateLimitClockForTests(now: (() => number) | undefined): void {
  clock = now ?? Date.now;
}

/** Tokens a process leases from a key's shared bucket at a time: a second's refill, at most a quarter of the burst, at least one. */
export function leaseSize(rate: number, burst: number): number {
  return Math.max(1, Math.min(Math.ceil(rate), Math.ceil(burst / 4)));
}

const tooMany = (message: string, retryAfter: number) =>
  new ApiError(429, 'rate_limit_error', 'rate_limited', `${message} Retry after ${retryAfter} s.`, undefined, { 'Retry-After': String(retryAfter) });

interface Local {
  /** Leased tokens not spent yet. */
  tokens: number;
  /** The lease on its way, shared by the requests that wait for it. */
  leasing: Promise<{ granted: number; retryAfter: number }> | null;
}

/**
 * One process's side of the per-key limit: its leased tokens per key. The server has one (`takeToken`);
 * tests make several to stand for several instances sharing one database.
 */
export class KeyRateLimiter {
  private readonly local = new Map<string, Local>();

  constructor(private readonly now: () => number = () => clock()) {}

  /**
   * Spend one of the key's tokens: nothing to await while this process holds one (the usual case),
   * else one lease from the shared bucket. Throws the 429 when the bucket has no whole token.
   */
  take(db: Db, keyId: string): void | Promise<void> {
    const l = this.local.get(keyId);
    if (l && l.tokens >= 1) {
      l.tokens -= 1;
      return;
    }
    return this.lease(db, keyId);
  }

  private async lease(db: Db, keyId: string): Promise<void> {
    let l = this.local.get(keyId);
    if (!l) {
      if (this.local.size >= 100_000) this.local.delete(this.local.keys().next().value!);
      l = { tokens: 0, leasing: null };
      this.local.set(keyId, l);
    }
    for (;;) {
      if (l.tokens >= 1) {
        l.tokens -= 1;
        return;
      }
      const mine = !l.leasing;
      if (mine) l.leasing = leaseTokens(db, keyId, this.now()).finally(() => (l.leasing = null));
      const { granted, retryAfter } = await l.leasing!;
      if (mine) l.tokens += granted;
      // Nothing left in the shared bucket (and what this lease brought went to others waiting): refused.
      if (granted === 0 && l.tokens < 1) {
        const { RATE_LIMIT_PER_SECOND: rate, RATE_LIMIT_BURST: burst } = config();
        throw tooMany(`Too many requests with this API key: the limit is ${rate} per second with bursts of ${burst}.`, retryAfter);
      }
    }
  }
}

/**
 * One lease: refill the key's shared bucket for the time since its last write (up to the burst),
 * take up to `leaseSize` whole tokens from it, in one statement (the row's lock orders concurrent
 * leases). Returns what was granted, and when the bucket will next hold a whole token.
 */
async function leaseTokens(db: Db, keyId: string, nowMs: number): Promise<{ granted: number; retryAfter: number }> {
  const { RATE_LIMIT_PER_SECOND: rate, RATE_LIMIT_BURST: burst } = config();
  const want = leaseSize(rate, burst);
  const refilled = `least($2::float8, b.tokens + greatest(0, $4::bigint - b.updated_ms) / 1000.0 * $5::float8)`;
  const rows = await db.query<{ tokens: number; granted: number }>(
    `insert into api_rate_buckets as b (key_id, tokens, updated_ms, granted) values ($1, $2::float8 - least($3, floor($2::float8)), $4, least($3, floor($2::float8)))
     on conflict (key_id) do update set
       granted = least($3, floor(${refilled}))::int,
       tokens = ${refilled} - least($3, floor(${refilled})),
       updated_ms = greatest(b.updated_ms, $4::bigint)
     returning tokens, granted`,
    [keyId, burst, want, nowMs, rate],
  );
  const granted = Number(rows[0]?.granted ?? 0);
  const tokens = Number(rows[0]?.tokens ?? 0);
  return { granted, retryAfter: Math.max(1, Math.ceil((1 - tokens) / rate)) };
}

let limiter = new KeyRateLimiter();

/** The per-key limit of this process: `void` when a leased token was spent, a promise when it must lease. */
export function takeToken(db: Db, keyId: string): void | Promise<void> {
  return limiter.take(db, keyId);
}

/** Forget this process's leases and refusals, as a new process would (the shared buckets stay). */
export function resetRateLimitsForTests(): void {
  limiter = new KeyRateLimiter();
  refusedClients.clear();
}

// ---------------------------------------------------------------------------------------------
// Requests that fail authentication, per client address.

/** Requests that fail authentication from one client address (an IPv4 address or an IPv6 /64) per minute. */
export const AUTH_FAILURES_PER_CLIENT_PER_MINUTE = 20;
const AUTH_WINDOW_SECONDS = 60;

/** Client (clientKey) -> when its refusal ends, ms: the windows the database said were over, in this process. */
const refusedClients = new Map<string, number>();

const authRefusal = (retryAfter: number) =>
  tooMany(`Too many requests that failed authentication from your address: at most ${AUTH_FAILURES_PER_CLIENT_PER_MINUTE} a minute.`, retryAfter);

/** The client: X-Forwarded-For's last hop (lib/api/router.ts sets it: the socket's address unless TRUST_PROXY). */
const clientOf = (request: ApiIncoming): string | null => lastHop(request.header('x-forwarded-for'));

/**
 * Before the key lookup: the 429 for a client whose failures this process knows are over the limit.
 * Free while no client is refused (the header is not even read).
 */
export function refuseFailingClient(request: ApiIncoming): void {
  if (refusedClients.size === 0) return;
  const client = clientOf(request);
  if (!client) return;
  const key = clientKey(client);
  const until = refusedClients.get(key);
  if (until === undefined) return;
  const now = clock();
  if (until <= now) {
    refusedClients.delete(key);
    return;
  }
  throw authRefusal(Math.max(1, Math.ceil((until - now) / 1000)));
}

/**
 * A request failed authentication: count it (one write). Returns the 429 to answer
 * instead when the client is now over the limit (and remembers it until its window ends), else null.
 * A request with no client address is not counted: the production server always sets one
 * (lib/api/router.ts); only tests and `next dev` call the routes without it.
 */
export async function countAuthFailure(db: Db, request: ApiIncoming): Promise<ApiError | null> {
  const client = clientOf(request);
  if (!client) return null;
  const key = clientKey(client);
  const nowMs = clock();
  const now = Math.floor(nowMs / 1000);
  const { hits, windowEnd } = await hitInWindow(db, `api-auth:${key}`, now, AUTH_WINDOW_SECONDS);
  if (hits <= AUTH_FAILURES_PER_CLIENT_PER_MINUTE) return null;
  if (refusedClients.size >= 10_000) for (const [k, until] of refusedClients) if (until <= nowMs) refusedClients.delete(k);
  if (refusedClients.size < 10_000) refusedClients.set(key, windowEnd * 1000);
  return authRefusal(Math.max(1, windowEnd - now));
}
