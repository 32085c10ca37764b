// Rate limits of the hosted page's server actions (app/checkout/[id]/actions.ts), per checkout
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
 * Who counts as one client: an IPv4 address, or an IPv6 /64 (every IPv6 client holds at least a
 * /64 and could take a new address per request). An IPv4-mapped IPv6 address is its IPv4.
 */
export function clientKey(address: string): string {
  const a = address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!a.includes(':')) return a.slice(0, 64);
  const [head = '', tail = ''] = a.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (g || '0').replace(/^0+(?=.)/, '')).join(':')}::/64`;
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

// Dashboard sign-in (lib/dashboard/sessions.ts): failed attempts per account and per client address
// over 15 minutes, in the same table. The window starts at the first counted attempt (not on a
// clock boundary, so nobody gets twice the allowance across one), and for these keys `window_start`
// holds when the window ENDS: the pruning above (rows whose `window_start` is over two minutes
// old) then drops a sign-in row only once its window is over, never in the middle of it.

/** Failed sign-ins per account (whatever the address) per window: slows guessing one password. */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 5;
/** Failed sign-ins per client address (all accounts) per window: slows trying one password on many accounts. */
export const SIGN_IN_FAILURES_PER_CLIENT = 20;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/** `account`: an opaque key of the account tried (sessions.ts passes a hash of the normalized email, known or not). */
export interface SignInWho {
  account: string;
  client: string | null;
}

const signInKeys = (who: SignInWho): [string, string] => [`signin:account:${who.account}`, `signin:client:${who.client ? clientKey(who.client) : 'unknown'}`];

/**
 * Count a sign-in attempt BEFORE its password is checked: 0 when it may go on, else the seconds to
 * wait. Counting first makes the limit hold under concurrency (ten parallel guesses cannot all pass
 * a check made before any of them failed). A refused attempt is not counted (it is forgiven here),
 * and a successful one is forgiven by `forgiveSignInAttempt`: the counters count failures.
 */
export async function takeSignInAttempt(db: Db, who: SignInWho, now: number): Promise<number> {
  const [accountKey, clientKey_] = signInKeys(who);
  const rows = await db.query<{ key: string; window_start: number; hits: number }>(
    `insert into action_limits (key, window_start, hits) values ($1, $3, 1), ($2, $3, 1)
     on conflict (key) do update set
       hits = case when action_limits.window_start > $4 then action_limits.hits + 1 else 1 end,
       window_start = case when action_limits.window_start > $4 then action_limits.window_start else excluded.window_start end
     returning key, window_start, hits`,
    [accountKey, clientKey_, now + SIGN_IN_WINDOW_SECONDS, now],
  );
  let wait = 0;
  for (const r of rows) {
    const limit = r.key === accountKey ? SIGN_IN_FAILURES_PER_ACCOUNT : SIGN_IN_FAILURES_PER_CLIENT;
    if (Number(r.hits) > limit) wait = Math.max(wait, Number(r.window_start) - now);
  }
  if (wait > 0) await forgiveSignInAttempt(db, who, now);
  // Windows over for more than two minutes are of no use: dropped as we go (an index range).
  await db.query(`delete from action_limits where key like 'signin:%' and window_start < $1`, [now - 2 * 60]);
  return wait;
}

/** Take back the attempt `takeSignInAttempt` counted (it succeeded, or it was refused before any check). */
export async function forgiveSignInAttempt(db: Db, who: SignInWho, now: number): Promise<void> {
  const [accountKey, clientKey_] = signInKeys(who);
  await db.query(`update action_limits set hits = greatest(hits - 1, 0) where (key = $1 or key = $2) and window_start > $3`, [accountKey, clientKey_, now]);
}
