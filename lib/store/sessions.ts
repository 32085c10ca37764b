// The checkout_sessions table: the engine's SQL on it (the open session of an intent, its window,
// the rail picked, the sessions due to expire). May import lib/db, bottom.
import type { Db, Row } from '../db/client';

export async function openSessionOf(tx: Db, intentId: string, opts: { forUpdate?: boolean } = {}): Promise<Row | null> {
  const rows = await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open'${opts.forUpdate ? ' for update' : ''}`, [intentId]);
  return rows[0] ?? null;
}

/** The intent's open sessions, locked (to complete or expire them). */
export function lockOpenSessionsOf(tx: Db, intentId: string): Promise<Row[]> {
  return tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open' for update`, [intentId]);
}

/** Has the intent's payment window closed (its session expired, or is past expiresAt)? */
export async function windowClosed(tx: Db, intentId: string, now: number): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from checkout_sessions where payment_intent_id = $1 and (status = 'expired' or (status = 'open' and expires_at <= $2)) limit 1`,
    [intentId, now],
  );
  return rows.length > 0;
}

export async function getSession(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Row | null> {
  return (await db.query(`select * from checkout_sessions where id = $1${opts.forUpdate ? ' for update' : ''}`, [id]))[0] ?? null;
}

export async function setSessionIntent(tx: Db, id: string, intentId: string, now: number): Promise<Row> {
  return (await tx.query(`update checkout_sessions set payment_intent_id = $2, updated_at = $3 where id = $1 returning *`, [id, intentId, now]))[0]!;
}

/** The name of the product a price session sells (the intent's description). */
export async function productNameOf(tx: Db, priceId: unknown): Promise<string | undefined> {
  return (await tx.query<{ name: string }>(`select p.name from prices pr join products p on p.id = pr.product_id where pr.id = $1`, [priceId]))[0]?.name;
}

/**
 * Open sessions past their end whose payment is not pending nor being started (the worker expires
 * them), oldest first.
 */
export function dueToExpire(db: Db, now: number, limit: number, merchantId: string | null): Promise<{ id: string; payment_intent_id: string | null }[]> {
  return db.query<{ id: string; payment_intent_id: string | null }>(
    `select cs.id, cs.payment_intent_id from checkout_sessions cs
      where cs.status = 'open' and cs.expires_at <= $1
        and not exists (select 1 from payment_intents pi where pi.id = cs.payment_intent_id and pi.status = 'pending')
        and not exists (select 1 from payment_attempts a where a.payment_intent_id = cs.payment_intent_id and a.status = 'creating')
        and ($3::text is null or cs.merchant_id = $3)
      order by cs.expires_at limit $2`,
    [now, limit, merchantId],
  );
}

/** The session, locked, if it is still open and past its end (skip locked: another worker has it). */
export async function lockExpiringSession(tx: Db, id: string, now: number): Promise<Row | null> {
  return (await tx.query(`select * from checkout_sessions where id = $1 and status = 'open' and expires_at <= $2 for update skip locked`, [id, now]))[0] ?? null;
}
