// Rail health, in the database (rail_health, 0006): shared by every process and instance, so one
// instance's view of a failing backend is every instance's, and no process memory decides.
//
// Only signs that a backend itself is down count (BackendError kind 'down': no connection, a
// timeout, a 5xx, 401/403/429, an unreadable answer). An error about one request (kind 'request':
// a 4xx about a payer's number) fails that attempt only and is never recorded here, so no buyer
// can hide a rail from everyone with bad input.
//
//   healthy   fewer than RAIL_DOWN_AFTER consecutive down-signs: offered, requests go through
//   down      RAIL_DOWN_AFTER in a row: hidden on the page, new attempts refused (rail_unavailable)
//             until down_until
//   probing   after down_until: offered again, and one request at a time goes through (a probe,
//             claimed in the row); its success makes the rail healthy, a down-sign puts it down
//             again for RAIL_DOWN_SECONDS. The worker's status checks of open attempts are probes
//             too: they go on while the rail is down, and their success heals it.
//
// Test mode (simulators) has no health: nothing is recorded for it.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { railUnavailable } from '../errors';
import type { Rail } from '../money';
import type { BackendError, RailAdapter } from '../rails/types';

/** Consecutive down-signs that put a rail down. */
export const RAIL_DOWN_AFTER = 3;
/** How long a rail stays down before a probe may go through. */
export const RAIL_DOWN_SECONDS = 60;
/** How long one probe holds the rail's probe claim (then another request may probe). */
export const PROBE_SECONDS = 30;

/**
 * The row a backend's health lives in. A merchant's account: its id and version, so one merchant's
 * failing backend never hides the rail for another, and an account fixed by an update starts
 * healthy. The deployment's: the rail, the mode and a digest of the backend's address, so a
 * reconfigured backend starts healthy and instances configured alike share one row.
 */
export function backendKey(adapter: Pick<RailAdapter, 'rail' | 'mode' | 'config' | 'account'>): string {
  if (adapter.account) return `account:${adapter.rail}:${adapter.account.id}:${adapter.account.version}`;
  const c = (adapter.config ?? {}) as Record<string, unknown>;
  const target = String(c.baseUrl ?? c.restUrl ?? c.url ?? '');
  return `${adapter.mode}:${adapter.rail}:${createHash('sha256').update(target).digest('hex').slice(0, 16)}`;
}

interface HealthRow {
  failures: number;
  down_until: number | null;
  probe_until: number | null;
}

async function row(db: Db, key: string): Promise<HealthRow | undefined> {
  const rows = await db.query<HealthRow>(`select failures, down_until, probe_until from rail_health where backend = $1`, [key]);
  const r = rows[0];
  return (
    r && {
      failures: Number(r.failures),
      down_until: r.down_until === null ? null : Number(r.down_until),
      probe_until: r.probe_until === null ? null : Number(r.probe_until),
    }
  );
}

const isDown = (r: HealthRow | undefined, now: number) => !!r && r.failures >= RAIL_DOWN_AFTER && (r.down_until ?? 0) > now;

/** Is this backend down now (hidden on the page)? Test-mode adapters never are. */
export async function isBackendDown(db: Db, adapter: RailAdapter, now: number): Promise<boolean> {
  if (adapter.mode !== 'live') return false;
  return isDown(await row(db, backendKey(adapter)), now);
}

/** Which of these backends are down now: one query for the page's list. */
export async function downBackends(db: Db, keys: readonly string[], now: number): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.query<{ backend: string }>(`select backend from rail_health where backend = any($1::text[]) and failures >= $2 and down_until > $3`, [
    keys,
    RAIL_DOWN_AFTER,
    now,
  ]);
  return new Set(rows.map((r) => r.backend));
}

/**
 * Before a new request to a backend (a new attempt, a resend): rail_unavailable while it is down;
 * while it is probing, this request becomes the probe if no other one is out, else it is refused.
 */
export async function admitRequest(db: Db, adapter: RailAdapter, now: number): Promise<void> {
  if (adapter.mode !== 'live') return;
  const key = backendKey(adapter);
  const r = await row(db, key);
  if (!r || r.failures < RAIL_DOWN_AFTER) return;
  if (isDown(r, now)) throw railUnavailable(adapter.rail, 'its backend is failing', Math.max(1, Number(r.down_until) - now));
  const claimed = await db.query(
    `update rail_health set probe_until = $2, updated_at = $3
      where backend = $1 and failures >= $4 and coalesce(down_until, 0) <= $3 and (probe_until is null or probe_until <= $3)
      returning backend`,
    [key, now + PROBE_SECONDS, now, RAIL_DOWN_AFTER],
  );
  if (claimed.length === 0) throw railUnavailable(adapter.rail, 'its backend is failing; it is being checked', PROBE_SECONDS);
}

/** A backend answered: it is healthy (no write when it already was). */
export async function recordBackendSuccess(db: Db, adapter: RailAdapter, now: number): Promise<void> {
  if (adapter.mode !== 'live') return;
  await db.query(
    `update rail_health set failures = 0, down_until = null, probe_until = null, last_error = null, updated_at = $2
      where backend = $1 and (failures > 0 or probe_until is not null)`,
    [backendKey(adapter), now],
  );
}

/**
 * A backend failed. A down-sign counts toward the threshold (and puts the rail down, again, for
 * RAIL_DOWN_SECONDS once reached); an error about one request only gives a probe claim back.
 */
export async function recordBackendFailure(db: Db, adapter: RailAdapter, err: BackendError, now: number): Promise<void> {
  if (adapter.mode !== 'live') return;
  const key = backendKey(adapter);
  if (err.kind !== 'down') {
    await db.query(`update rail_health set probe_until = null where backend = $1 and probe_until is not null`, [key]);
    return;
  }
  await db.query(
    `insert into rail_health (backend, rail, livemode, failures, down_until, probe_until, last_error, updated_at)
     values ($1, $2, true, 1, case when 1 >= $5 then $3::bigint + $4::bigint end, null, $6, $3)
     on conflict (backend) do update set
       failures = rail_health.failures + 1,
       down_until = case when rail_health.failures + 1 >= $5 then $3::bigint + $4::bigint else rail_health.down_until end,
       probe_until = null,
       last_error = excluded.last_error,
       updated_at = excluded.updated_at`,
    [key, adapter.rail as Rail, now, RAIL_DOWN_SECONDS, RAIL_DOWN_AFTER, err.message.slice(0, 200)],
  );
}

/** Tests and operations: forget the health of every backend of a rail in a mode. */
export async function resetRailHealth(db: Db, rail: Rail, livemode: boolean): Promise<void> {
  await db.query(`delete from rail_health where rail = $1 and livemode = $2`, [rail, livemode]);
}
