// Rate limits of the hosted page's server actions (app/checkout/[id]/actions.ts), per checkout
// session and per client address: fixed one-minute windows counted in the database
// (action_limits, 0007), so they hold across instances. The page is public: these keep one URL,
// or one client, from driving the engine (and the backends behind it) at machine speed. The
// phones themselves are protected by phone-limits.ts whatever these allow.
import type { Db } from '../db/client';

/** Actions that change something (pick a rail, send a number, resend, simulate), per session per minute. */
export const ACTIONS_PER_SESSION_PER_MINUTE = 20;
/** The same, per client address per minute (all the sessions it opens). */
export const ACTIONS_PER_CLIENT_PER_MINUTE = 60;

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
