// The refunds table: its row, typed, and every statement of the refund engine on it (lib/refunds/).
// Status changes go through lib/domain/transitions.ts transitionRefund. May import lib/db, bottom.
import type { Db, Row } from '../db/client';
import type { Currency, Rail } from '../money';
import { num, numOrNull, strOrNull } from './parse';

export type RefundStatusValue = 'pending_approval' | 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export type RefundRow = {
  id: string;
  merchant_id: string;
  livemode: boolean;
  payment_intent_id: string;
  payment_attempt_id: string;
  amount: number;
  currency: Currency;
  settlement_amount: number;
  settlement_currency: Currency;
  rate: string | null;
  rate_source: 'quote' | 'current' | null;
  status: RefundStatusValue;
  reason: string | null;
  rail: Rail;
  rail_account_id: string | null;
  rail_account_version: number | null;
  account_owner: 'merchant' | 'platform' | 'simulator';
  method: 'send' | 'claim';
  reference: string;
  next_action: Record<string, unknown> | null;
  claim_token: string | null;
  claim_expires_at: number | null;
  destination: string | null;
  destination_expires_at: number | null;
  claimed_at: number | null;
  operator_reference: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  details: Record<string, unknown>;
  metadata: Record<string, string>;
  sent_at: number | null;
  next_check_at: number | null;
  created_at: number;
  updated_at: number;
  succeeded_at: number | null;
  /** Who asked for it (a user_ or key_ id; null: Caisse, or before migration 0029). */
  created_by: string | null;
  /** Who approved it, when it waited for approval. */
  approved_by: string | null;
};

export function parseRefund(r: Row): RefundRow {
  return {
    ...(r as object),
    id: String(r.id),
    merchant_id: String(r.merchant_id),
    livemode: r.livemode === true,
    payment_intent_id: String(r.payment_intent_id),
    payment_attempt_id: String(r.payment_attempt_id),
    amount: num(r.amount),
    currency: r.currency as Currency,
    settlement_amount: num(r.settlement_amount),
    settlement_currency: r.settlement_currency as Currency,
    rate: strOrNull(r.rate),
    rate_source: (r.rate_source ?? null) as RefundRow['rate_source'],
    status: r.status as RefundStatusValue,
    reason: strOrNull(r.reason),
    rail: r.rail as Rail,
    rail_account_id: strOrNull(r.rail_account_id),
    rail_account_version: numOrNull(r.rail_account_version),
    account_owner: r.account_owner as RefundRow['account_owner'],
    method: r.method as RefundRow['method'],
    reference: String(r.reference),
    next_action: (r.next_action ?? null) as Record<string, unknown> | null,
    claim_token: strOrNull(r.claim_token),
    claim_expires_at: numOrNull(r.claim_expires_at),
    destination: strOrNull(r.destination),
    destination_expires_at: numOrNull(r.destination_expires_at),
    claimed_at: numOrNull(r.claimed_at),
    operator_reference: strOrNull(r.operator_reference),
    failure_code: strOrNull(r.failure_code),
    failure_reason: strOrNull(r.failure_reason),
    details: (r.details ?? {}) as Record<string, unknown>,
    metadata: (r.metadata ?? {}) as Record<string, string>,
    sent_at: numOrNull(r.sent_at),
    next_check_at: numOrNull(r.next_check_at),
    created_at: num(r.created_at),
    updated_at: num(r.updated_at),
    succeeded_at: numOrNull(r.succeeded_at),
    created_by: strOrNull(r.created_by),
    approved_by: strOrNull(r.approved_by),
  };
}

const COLUMNS = [
  'id',
  'merchant_id',
  'livemode',
  'payment_intent_id',
  'payment_attempt_id',
  'amount',
  'currency',
  'settlement_amount',
  'settlement_currency',
  'rate',
  'rate_source',
  'status',
  'reason',
  'rail',
  'rail_account_id',
  'rail_account_version',
  'account_owner',
  'method',
  'reference',
  'next_action',
  'claim_token',
  'claim_expires_at',
  'details',
  'metadata',
  'next_check_at',
  'locked_until',
  'created_at',
  'updated_at',
  'created_by',
] as const;

/** A new refund's row (the caller's transaction holds the intent's lock). */
export async function insertRefund(tx: Db, row: Record<(typeof COLUMNS)[number], unknown>): Promise<RefundRow> {
  const json = new Set(['next_action', 'details', 'metadata']);
  const values = COLUMNS.map((c) => (json.has(c) && row[c] !== null ? JSON.stringify(row[c]) : row[c]));
  const rows = await tx.query(`insert into refunds (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning *`, values);
  return parseRefund(rows[0]!);
}

export async function getRefund(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<RefundRow | null> {
  const rows = await db.query(`select * from refunds where id = $1${opts.lock ? ' for update' : ''}`, [id]);
  return rows[0] ? parseRefund(rows[0]) : null;
}

export async function refundByClaimToken(db: Db, token: string): Promise<RefundRow | null> {
  const rows = await db.query(`select * from refunds where claim_token = $1`, [token]);
  return rows[0] ? parseRefund(rows[0]) : null;
}

/** The refunds of an intent, oldest first. */
export async function refundsOfIntent(db: Db, intentId: string): Promise<RefundRow[]> {
  const rows = await db.query(`select * from refunds where payment_intent_id = $1 order by seq`, [intentId]);
  return rows.map(parseRefund);
}

/**
 * Column updates that are not a status change (details merged, the schedule, the lease): the
 * status stays what `status` names, else nothing is written (null).
 */
export async function updateRefund(
  db: Db,
  id: string,
  status: RefundStatusValue,
  set: Record<string, unknown>,
  opts: { mergeDetails?: Record<string, unknown> } = {},
): Promise<RefundRow | null> {
  const cols = Object.keys(set);
  const params: unknown[] = [id, status, ...cols.map((c) => set[c])];
  const assignments = cols.map((c, i) => `${c} = $${i + 3}`);
  if (opts.mergeDetails) {
    params.push(JSON.stringify(opts.mergeDetails));
    assignments.push(`details = details || $${params.length}::jsonb`);
  }
  if (assignments.length === 0) return getRefund(db, id);
  const rows = await db.query(`update refunds set ${assignments.join(', ')} where id = $1 and status = $2 returning *`, params);
  return rows[0] ? parseRefund(rows[0]) : null;
}

/**
 * Mark a refund as sent, once: true for the one caller that set `sent_at` (it then calls the
 * backend); false when it was already set (someone sent it: ask, never send again).
 */
export async function markSent(db: Db, id: string, now: number): Promise<boolean> {
  const rows = await db.query(`update refunds set sent_at = $2, updated_at = $2 where id = $1 and sent_at is null and status = 'pending' returning id`, [
    id,
    now,
  ]);
  return rows.length === 1;
}

/** Lease a refund for one step (the request that made it, or the worker): true when taken. */
export async function leaseRefund(db: Db, id: string, now: number, seconds: number): Promise<boolean> {
  const rows = await db.query(
    `update refunds set locked_until = $2::bigint + $3::bigint where id = $1 and (locked_until is null or locked_until <= $2) returning id`,
    [id, now, seconds],
  );
  return rows.length === 1;
}

/**
 * Release our lease (`lease`: the locked_until we took) and say when the refund is due next (null:
 * nothing more to ask). A lease that ran out and was taken by another is left to its holder.
 */
export async function releaseRefund(db: Db, id: string, nextCheckAt: number | null, lease: number): Promise<void> {
  await db.query(`update refunds set locked_until = null, next_check_at = $2 where id = $1 and locked_until = $3`, [id, nextCheckAt, lease]);
}

/** Add a succeeded refund's amount to its intent (the intent's row is locked by the caller). */
export async function addRefunded(tx: Db, intentId: string, amount: number, now: number): Promise<Row> {
  const rows = await tx.query(`update payment_intents set amount_refunded = amount_refunded + $2, updated_at = $3 where id = $1 returning *`, [
    intentId,
    amount,
    now,
  ]);
  return rows[0]!;
}

/**
 * An operator's callback about a refund (MTN echoes the refund's id as externalId): a hint only, the
 * refund is asked about at the worker's next pass. True when it named a pending refund of this
 * rail and account (null: the deployment's); the answer itself is never trusted.
 */
export async function askRefundSoon(db: Db, id: string, rail: Rail, accountId: string | null, now: number): Promise<boolean> {
  const rows = await db.query(
    `update refunds set next_check_at = $4 where id = $1 and rail = $2 and rail_account_id is not distinct from $3 and status = 'pending'
        and (next_check_at is null or next_check_at > $4) returning id`,
    [id, rail, accountId, now],
  );
  if (rows.length) return true;
  return (await db.query(`select 1 from refunds where id = $1 and rail = $2 and rail_account_id is not distinct from $3`, [id, rail, accountId])).length > 0;
}
