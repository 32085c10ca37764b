// Shared by the lifecycle tests: make intents, read events and attempt rows.
import type { Db } from '@/lib/db/client';
import { call } from './api';

export async function newIntent(key: string, body: Record<string, unknown>) {
  const r = await call('POST', '/v1/payment_intents', { key, body });
  if (r.status !== 200) throw new Error(`create intent: ${JSON.stringify(r.body)}`);
  return r.body as { id: string; [k: string]: any };
}

/** The types of the events about an object (intent, session), sorted by name. */
export async function eventTypes(db: Db, objectId: string): Promise<string[]> {
  const rows = await db.query<{ type: string }>(`select type from events where data->'object'->>'id' = $1`, [objectId]);
  return rows.map((r) => r.type).sort();
}

export interface AttemptRow {
  id: string;
  rail: string;
  status: string;
  amount: number;
  amount_received: number;
  destination: string | null;
  backend_ref: string | null;
  error: { code: string; message: string } | null;
  details: Record<string, any>;
  expires_at: number | null;
  next_poll_at: number | null;
  watch_until: number | null;
  locked_until: number | null;
}

/** An intent's attempt rows, oldest first (int8 columns are read as numbers on both databases). */
export function attemptsOf(db: Db, intentId: string): Promise<AttemptRow[]> {
  return db.query<AttemptRow>(`select * from payment_attempts where payment_intent_id = $1 order by seq`, [intentId]);
}

/** What an address has credited to its intent (derived_addresses.amount_credited). */
export async function amountCredited(db: Db, address: string): Promise<number> {
  const rows = await db.query<{ amount_credited: number }>(`select amount_credited from derived_addresses where address = $1`, [address]);
  if (!rows[0]) throw new Error(`no derived address ${address}`);
  return Number(rows[0].amount_credited);
}

/**
 * The real time, in Unix seconds, as the base of a test's own clock: tests pass `t0 + n` to the
 * functions they call and never compare the system's clock with slack.
 */
export const now = () => Math.floor(Date.now() / 1000);
