// The payment_intents table: the engine's SQL on it (locks, money counted, the rail, the last error).
// Status changes go through lib/domain/transitions.ts. May import lib/db, bottom.
import type { Db, Row } from '../db/client';

export async function lockIntent(tx: Db, id: string): Promise<Row> {
  const rows = await tx.query(`select * from payment_intents where id = $1 for update`, [id]);
  if (!rows[0]) throw new Error(`payment intent ${id} vanished`);
  return rows[0];
}

/** Locks the intent; its status, or null when it is gone or locked by another (skipLocked). */
export async function lockIntentStatus(tx: Db, id: string, opts: { skipLocked?: boolean } = {}): Promise<string | null> {
  const rows = await tx.query<{ status: string }>(`select status from payment_intents where id = $1 for update${opts.skipLocked ? ' skip locked' : ''}`, [id]);
  return rows[0]?.status ?? null;
}

/** Money counted on (or, negative, taken back from) the intent. */
export async function addReceived(tx: Db, id: string, amount: number, now: number): Promise<Row> {
  return (await tx.query(`update payment_intents set amount_received = amount_received + $2, updated_at = $3 where id = $1 returning *`, [id, amount, now]))[0]!;
}

export async function setLastPaymentError(tx: Db, id: string, error: object, now: number): Promise<Row> {
  return (await tx.query(`update payment_intents set last_payment_error = $2, updated_at = $3 where id = $1 returning *`, [id, JSON.stringify(error), now]))[0]!;
}

export async function setRail(tx: Db, id: string, rail: string, now: number): Promise<Row> {
  return (await tx.query(`update payment_intents set rail = $2, updated_at = $3 where id = $1 returning *`, [id, rail, now]))[0]!;
}

/** What an expiring session's intent was paid: status, amounts, currency, rail. */
export async function intentMoney(tx: Db, id: string): Promise<{ status: string; amount_received: number; amount: number; currency: string; rail: string }> {
  return (await tx.query<{ status: string; amount_received: number; amount: number; currency: string; rail: string }>(
    `select status, amount_received, amount, currency, rail from payment_intents where id = $1`,
    [id],
  ))[0]!;
}
