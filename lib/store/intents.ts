// The payment_intents table: the engine's SQL on it (locks, money counted, the rail, the last error).
// Status changes go through lib/domain/transitions.ts (its rows are typed here: parseIntent).
// May import lib/db, bottom.
import type { Db, Row } from '../db/client';
import type { Currency, Rail } from '../money';
import { num, numOrNull, strOrNull } from './parse';

/** The statuses of payment_intents.status (their table of changes is lib/domain/transitions.ts). */
export type IntentStatusValue = 'requires_payment_method' | 'pending' | 'succeeded' | 'failed' | 'canceled';

export type PaymentIntentRow = {
  id: string;
  merchant_id: string;
  livemode: boolean;
  amount: number;
  currency: Currency;
  rail: Rail;
  status: IntentStatusValue;
  reference: string | null;
  description: string | null;
  metadata: Record<string, string>;
  amount_received: number;
  last_payment_error: Record<string, unknown> | null;
  canceled_at: number | null;
  created_at: number;
  updated_at: number;
};

/** The db row, typed (its other columns, e.g. a join's, are kept as they are). */
export function parseIntent(r: Row): PaymentIntentRow {
  return {
    ...r,
    id: String(r.id),
    merchant_id: String(r.merchant_id),
    livemode: r.livemode === true,
    amount: num(r.amount),
    currency: r.currency as Currency,
    rail: r.rail as Rail,
    status: r.status as IntentStatusValue,
    reference: strOrNull(r.reference),
    description: strOrNull(r.description),
    metadata: (r.metadata ?? {}) as Record<string, string>,
    amount_received: num(r.amount_received),
    last_payment_error: (r.last_payment_error ?? null) as Record<string, unknown> | null,
    canceled_at: numOrNull(r.canceled_at),
    created_at: num(r.created_at),
    updated_at: num(r.updated_at),
  };
}

export async function lockIntent(tx: Db, id: string): Promise<PaymentIntentRow> {
  const rows = await tx.query(`select * from payment_intents where id = $1 for update`, [id]);
  if (!rows[0]) throw new Error(`payment intent ${id} vanished`);
  return parseIntent(rows[0]);
}

/** Locks the intent; its status, or null when it is gone or locked by another (skipLocked). */
export async function lockIntentStatus(tx: Db, id: string, opts: { skipLocked?: boolean } = {}): Promise<string | null> {
  const rows = await tx.query<{ status: string }>(`select status from payment_intents where id = $1 for update${opts.skipLocked ? ' skip locked' : ''}`, [id]);
  return rows[0]?.status ?? null;
}

/** Money counted on (or, negative, taken back from) the intent. */
export async function addReceived(tx: Db, id: string, amount: number, now: number): Promise<PaymentIntentRow> {
  return parseIntent(
    (await tx.query(`update payment_intents set amount_received = amount_received + $2, updated_at = $3 where id = $1 returning *`, [id, amount, now]))[0]!,
  );
}

export async function setLastPaymentError(tx: Db, id: string, error: object, now: number): Promise<PaymentIntentRow> {
  return parseIntent(
    (await tx.query(`update payment_intents set last_payment_error = $2, updated_at = $3 where id = $1 returning *`, [id, JSON.stringify(error), now]))[0]!,
  );
}

export async function setRail(tx: Db, id: string, rail: string, now: number): Promise<PaymentIntentRow> {
  return parseIntent((await tx.query(`update payment_intents set rail = $2, updated_at = $3 where id = $1 returning *`, [id, rail, now]))[0]!);
}

/** What an expiring session's intent was paid: status, amounts, currency, rail. */
export async function intentMoney(tx: Db, id: string): Promise<Pick<PaymentIntentRow, 'status' | 'amount_received' | 'amount' | 'currency' | 'rail'>> {
  return (
    await tx.query<Pick<PaymentIntentRow, 'status' | 'amount_received' | 'amount' | 'currency' | 'rail'>>(
      `select status, amount_received, amount, currency, rail from payment_intents where id = $1`,
      [id],
    )
  )[0]!;
}
