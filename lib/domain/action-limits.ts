// Rate limits of the hosted page's server actions (lib/checkout/actions.ts), per checkout
// session and per client address, and of payment link visits (app/checkout/link/[id], each of
// which makes a session row) per client address: fixed one-minute windows counted in the database
// (action_limits, 0007), so they hold across instances. The page is public: these keep one URL,
// or one client, from driving the engine (and the backends behind it) at machine speed. The
// phones themselves are protected by phone-limits.ts whatever these allow.
import type { Db } from '../db/client';

/** Actions that change something (pick a rail, send a number, resend, simulate), per session per minute. */
export const ACTIONS_PER_SESSION_PER_MINUTE = 20;
/** The same, per client address per minute (all the sessions it opens). */
export const ACTIONS_PER_CLIENT_PER_MINUTE = 60;

/** Payment link visits (each makes a checkout session) per client address per minute, all links together. */
export const LINK_VISITS_PER_CLIENT_PER_MINUTE = 30;

const WINDOW_SECONDS = 60;

async function hit(db: Db, key: string, windowStart: number): Promise<number> {
  const rows = await db.query<{ hits: number }>(
    `insert into action_limits (key, window_start, hits) values ($1, $2, 1)
     on conflict (key) do update set
       hits = case when action_limits.window_start = excluded.window_start then action_limits.hits + 1 else 1 end,
       window_start = excluded.window_start
     returning hits`,
    [key, windowStart],
  );
  return Number(rows[0]?.hits ?? 1);
}

/**
 * Count one hit of `key` in its fixed window of `windowSeconds` (action_limits), in ONE statement
 * that also drops windows long past (other keys' only: an index range, usually empty). Returns the
 * hits of the current window, this one included, and when the window ends (unix seconds).
 */
export async function hitInWindow(db: Db, key: string, now: number, windowSeconds: number): Promise<{ hits: number; windowEnd: number }> {
  const windowStart = now - (now % windowSeconds);
  const rows = await db.query<{ hits: number }>(
    `with gone as (delete from action_limits where window_start < $3 and key <> $1)
     insert into action_limits (key, window_start, hits) values ($1, $2, 1)
     on conflict (key) do update set
       hits = case when action_limits.window_start = excluded.window_start then action_limits.hits + 1 else 1 end,
       window_start = excluded.window_start
     returning hits`,
    [key, windowStart, windowStart - 2 * windowSeconds],
  );
  return { hits: Number(rows[0]?.hits ?? 1), windowEnd: windowStart + windowSeconds };
}

/**
 * The client's address from an X-Forwarded-For value: its last hop, the one our side of the
 * connection wrote (lib/api/router.ts replaces the header with the socket's address unless
 * TRUST_PROXY, where the proxy in front appends it). Null when there is none.
 */
export function lastHop(forwardedFor: string | null): string | null {
  if (!forwardedFor) return null;
  const comma = forwardedFor.lastIndexOf(',');
  return forwardedFor.slice(comma + 1).trim() || null;
}

/**
 * Who counts as one client: an IPv4 address, or an IPv6 /64 (every IPv6 client holds at least a
 * /64 and could take a new address per request). An IPv4-mapped IPv6 address is its IPv4.
 */
export function clientKey(address: string): string {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!a.includes(':')) return a.slice(0, 64);
  const [head = '', tail = ''] = a.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Count one action of `session` from `client` at `now`: 0 when allowed, else the seconds to wait.
 * Both counters move either way (a client over its limit keeps being counted).
 */
export async function takeAction(db: Db, who: { session: string; client?: string | null }, now: number): Promise<number> {
  const windowStart = now - (now % WINDOW_SECONDS);
  const wait = windowStart + WINDOW_SECONDS - now;
  let over = (await hit(db, `session:${who.session}`, windowStart)) > ACTIONS_PER_SESSION_PER_MINUTE;
  if (who.client) over = (await hit(db, `client:${clientKey(who.client)}`, windowStart)) > ACTIONS_PER_CLIENT_PER_MINUTE || over;
  // Windows long past are of no use: dropped as we go (an index range, usually empty).
  await db.query(`delete from action_limits where window_start < $1`, [windowStart - 2 * WINDOW_SECONDS]);
  return over ? wait : 0;
}

/**
 * Count one payment link visit from `client` at `now`: 0 when allowed, else the seconds to wait.
 * Per client address only, never per link: a per-link limit would let anyone shut a shop's link
 * for its buyers. A request without an address (no X-Forwarded-For: the server in front of Next
 * always sets one, lib/api/router.ts) shares one counter, so leaving the header out is no way around.
 */
export async function takeLinkVisit(db: Db, client: string | null, now: number): Promise<number> {
  const windowStart = now - (now % WINDOW_SECONDS);
  const over = (await hit(db, `link-visit:${client ? clientKey(client) : 'unknown'}`, windowStart)) > LINK_VISITS_PER_CLIENT_PER_MINUTE;
  await db.query(`delete from action_limits where window_start < $1`, [windowStart - 2 * WINDOW_SECONDS]);
  return over ? windowStart + WINDOW_SECONDS - now : 0;
}

// Dashboard sign-in (lib/dashboard/sessions.ts). Failures are counted in three places, each with
// the time of its last failure (sign_in_failures, 0021), and each count makes the NEXT attempt wait
// a time that grows with it. No count ever refuses the right password for longer than that wait,
// and an address that has not failed for an account is never slowed by that account's count, so
// nobody can lock the owner out from elsewhere:
//  - per (account, client address): the first SIGN_IN_PAIR_FREE failures cost nothing (typos), then
//    each failure doubles the wait (5 s, 10 s, 20 s... up to 15 min): guessing one account from one
//    address is slow. Forgotten a day after its last failure, or at once on a success from there.
//  - per account, all addresses together: past SIGN_IN_ACCOUNT_FREE failures (within an hour of each
//    other) the wait doubles from 1 s up to SIGN_IN_ACCOUNT_MAX_WAIT (60 s). It applies ONLY to
//    addresses that have themselves failed on this account: an address with no failure is not slowed
//    by the account's count (it is the owner's usual case). A spread-out guesser therefore gets one
//    free guess per new address, and then at most one a minute for the account from all its other
//    addresses together.
//  - per client address, all accounts together: past SIGN_IN_CLIENT_FREE failures (within an hour
//    of each other) the wait doubles from 5 s up to 15 min: slows one password tried on many accounts.
// An attempt is counted as a failure BEFORE its password is checked (ten parallel guesses cannot all
// pass a check made before any of them failed); a success takes it back (`forgiveSignInAttempt`).
// An attempt refused for its wait is counted nowhere.

/** Failures of one account from one address that carry no wait. */
export const SIGN_IN_PAIR_FREE = 3;
/** Failures of one account (all addresses) before the account's own wait starts. */
export const SIGN_IN_ACCOUNT_FREE = 10;
/** The longest the account's count makes an address (one that has failed on it) wait: it delays, never locks. */
export const SIGN_IN_ACCOUNT_MAX_WAIT = 60;
/** Failures from one client address (all accounts) that carry no wait. */
export const SIGN_IN_CLIENT_FREE = 20;
/** The longest wait of a pair or a client address. */
export const SIGN_IN_MAX_WAIT = 15 * 60;
/** How long a pair's failures are remembered after the last one; an account's or a client's: an hour. */
export const SIGN_IN_PAIR_MEMORY = 24 * 3600;
export const SIGN_IN_MEMORY = 3600;

/** The wait after `failures` failures: none up to `free`, then `first` seconds doubling each time, capped. */
export function growingWait(failures: number, free: number, first: number, max: number): number {
  if (failures < free) return 0;
  return Math.min(max, first * 2 ** Math.min(30, failures - free));
}

const pairWait = (n: number) => growingWait(n, SIGN_IN_PAIR_FREE, 5, SIGN_IN_MAX_WAIT);
const accountWait = (n: number) => growingWait(n, SIGN_IN_ACCOUNT_FREE, 1, SIGN_IN_ACCOUNT_MAX_WAIT);
const clientWait = (n: number) => growingWait(n, SIGN_IN_CLIENT_FREE, 5, SIGN_IN_MAX_WAIT);

/** `account`: an opaque key of the account tried (sessions.ts passes a hash of the normalized email, known or not). */
export interface SignInWho {
  account: string;
  client: string | null;
}

/** Sorted (account < client < pair): every attempt locks its rows in one order. */
function signInKeys(who: SignInWho): { account: string; client: string; pair: string } {
  const client = who.client ? clientKey(who.client) : 'unknown';
  return { account: `account:${who.account}`, client: `client:${client}`, pair: `pair:${who.account}:${client}` };
}

/**
 * Count a sign-in attempt BEFORE its password is checked: 0 when it may go on (it is then counted
 * as a failure until `forgiveSignInAttempt`), else the seconds to wait (nothing counted).
 */
export async function takeSignInAttempt(db: Db, who: SignInWho, now: number): Promise<number> {
  const keys = signInKeys(who);
  const wait = await db.transaction(async (tx) => {
    // The three rows, made if new and locked (a no-op update locks the row it meets).
    const rows = await tx.query<{ key: string; failures: number; last_failure_at: number }>(
      `insert into sign_in_failures (key, failures, last_failure_at) values ($1, 0, $4), ($2, 0, $4), ($3, 0, $4)
       on conflict (key) do update set key = excluded.key
       returning key, failures, last_failure_at`,
      [keys.account, keys.client, keys.pair, now],
    );
    const seen = new Map(rows.map((r) => [r.key, r]));
    const count = (key: string, memory: number) => {
      const r = seen.get(key);
      return r && Number(r.last_failure_at) > now - memory ? { n: Number(r.failures), last: Number(r.last_failure_at) } : { n: 0, last: now };
    };
    const pair = count(keys.pair, SIGN_IN_PAIR_MEMORY);
    const account = count(keys.account, SIGN_IN_MEMORY);
    const client = count(keys.client, SIGN_IN_MEMORY);
    const until = Math.max(
      pair.last + pairWait(pair.n),
      // The account's count slows only an address that has failed on this account.
      pair.n > 0 ? account.last + accountWait(account.n) : 0,
      client.last + clientWait(client.n),
    );
    if (until > now) return until - now;
    await tx.query(
      `update sign_in_failures f set failures = v.failures, last_failure_at = $7
       from (values ($1, $2::int), ($3, $4::int), ($5, $6::int)) v(key, failures) where f.key = v.key`,
      [keys.account, account.n + 1, keys.client, client.n + 1, keys.pair, pair.n + 1, now],
    );
    return 0;
  });
  // Counts forgotten by every rule are of no use: dropped as we go (an index range, usually empty).
  await db.query(`delete from sign_in_failures where last_failure_at < $1`, [now - SIGN_IN_PAIR_MEMORY]);
  return wait;
}

/**
 * The attempt `takeSignInAttempt` counted succeeded: the pair's failures are forgotten (this address
 * knows the password), the account's and the client's counts lose the attempt again.
 */
export async function forgiveSignInAttempt(db: Db, who: SignInWho): Promise<void> {
  const keys = signInKeys(who);
  await db.query(
    `with gone as (delete from sign_in_failures where key = $3)
     update sign_in_failures set failures = greatest(failures - 1, 0) where key = $1 or key = $2`,
    [keys.account, keys.client, keys.pair],
  );
}
