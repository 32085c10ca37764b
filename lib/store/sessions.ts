// The checkout_sessions table: the engine's SQL on it (the open session of an intent, its window,
// the rail picked, the sessions due to expire). May import lib/db, bottom.
import type { Db, Row } from '../db/client';
import type { Currency } from '../money';
import { num, numOrNull, strOrNull } from './parse';

export type CheckoutSessionRow = {
  id: string;
  merchant_id: string;
  livemode: boolean;
  payment_intent_id: string | null;
  price_id: string | null;
  payment_link_id: string | null;
  amount: number;
  currency: Currency;
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  cancel_url: string | null;
  locale: 'fr' | 'en' | 'auto';
  metadata: Record<string, string>;
  expires_at: number;
  completed_at: number | null;
  expired_at: number | null;
  created_at: number;
  updated_at: number;
};

/** The db row, typed (its other columns are kept as they are). */
export function parseSession(r: Row): CheckoutSessionRow {
  return {
    ...r,
    id: String(r.id),
    merchant_id: String(r.merchant_id),
    livemode: r.livemode === true,
    payment_intent_id: strOrNull(r.payment_intent_id),
    price_id: strOrNull(r.price_id),
    payment_link_id: strOrNull(r.payment_link_id),
    amount: num(r.amount),
    currency: r.currency as Currency,
    status: r.status as CheckoutSessionRow['status'],
    success_url: strOrNull(r.success_url),
    cancel_url: strOrNull(r.cancel_url),
    locale: r.locale as CheckoutSessionRow['locale'],
    metadata: (r.metadata ?? {}) as Record<string, string>,
    expires_at: num(r.expires_at),
    completed_at: numOrNull(r.completed_at),
    expired_at: numOrNull(r.expired_at),
    created_at: num(r.created_at),
    updated_at: num(r.updated_at),
  };
}

const one = (rows: Row[]): CheckoutSessionRow | null => (rows[0] ? parseSession(rows[0]) : null);

export async function openSessionOf(tx: Db, intentId: string, opts: { forUpdate?: boolean } = {}): Promise<CheckoutSessionRow | null> {
  return one(
    await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open'${opts.forUpdate ? ' for update' : ''}`, [intentId]),
  );
}

/** The intent's open sessions, locked (to complete or expire them). */
export async function lockOpenSessionsOf(tx: Db, intentId: string): Promise<CheckoutSessionRow[]> {
  return (await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open' for update`, [intentId])).map(parseSession);
}

/** Has the intent's payment window closed (its session expired, or is past expiresAt)? */
export async function windowClosed(tx: Db, intentId: string, now: number): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from checkout_sessions where payment_intent_id = $1 and (status = 'expired' or (status = 'open' and expires_at <= $2)) limit 1`,
    [intentId, now],
  );
  return rows.length > 0;
}

export async function getSession(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<CheckoutSessionRow | null> {
  return one(await db.query(`select * from checkout_sessions where id = $1${opts.forUpdate ? ' for update' : ''}`, [id]));
}

export async function setSessionIntent(tx: Db, id: string, intentId: string, now: number): Promise<CheckoutSessionRow> {
  return one(await tx.query(`update checkout_sessions set payment_intent_id = $2, updated_at = $3 where id = $1 returning *`, [id, intentId, now]))!;
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
export async function lockExpiringSession(tx: Db, id: string, now: number): Promise<CheckoutSessionRow | null> {
  return one(await tx.query(`select * from checkout_sessions where id = $1 and status = 'open' and expires_at <= $2 for update skip locked`, [id, now]));
}
