// The one table of allowed state changes for each state machine. Every code path that changes a
// status goes through `transitionIntent` / `transitionSession`: a conditional update that names
// the allowed from-states, so two racing transitions cannot both win, and a refused one is a 409.

import type { Db, Row } from '../db/client';
import { unexpectedState } from '../errors';
import { nowSeconds } from '../ids';

export const INTENT_STATUSES = ['requires_payment_method', 'pending', 'succeeded', 'failed', 'canceled'] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const INTENT_TRANSITIONS: Record<IntentStatus, readonly IntentStatus[]> = {
  requires_payment_method: ['pending', 'failed', 'canceled'],
  pending: ['succeeded', 'requires_payment_method', 'failed'],
  succeeded: [],
  failed: [],
  canceled: [],
};

export const SESSION_TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  open: ['complete', 'expired'],
  complete: [],
  expired: [],
};

/**
 * A refund (lib/refunds/). `pending_approval`: waits for a second person (the team issue); `pending`:
 * being sent, or sent and not final; `requires_action`: the payer must claim it (crypto rails), or
 * the merchant must send it (Orange Money, a claimed refund its account cannot pay); `succeeded`:
 * the money reached the payer; `failed`: refused, nothing went out; `canceled`: stopped before
 * anything went out. `pending -> canceled` only while nothing was sent (lib/refunds/cancel.ts checks
 * `sent_at`).
 */
export const REFUND_STATUSES = ['pending_approval', 'pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_TRANSITIONS: Record<RefundStatus, readonly RefundStatus[]> = {
  pending_approval: ['pending', 'canceled'],
  pending: ['requires_action', 'succeeded', 'failed', 'canceled'],
  requires_action: ['pending', 'succeeded', 'canceled'],
  succeeded: [],
  failed: [],
  canceled: [],
};

/** The statuses a refund may be created in (no transition: its first row). */
export const REFUND_INITIAL_STATUSES = ['pending_approval', 'pending', 'requires_action'] as const satisfies readonly RefundStatus[];

/** A refund in these holds its amount (what is refundable excludes it). */
export const REFUND_HOLDING_STATUSES = ['pending_approval', 'pending', 'requires_action', 'succeeded'] as const satisfies readonly RefundStatus[];

export const canTransitionRefund = (from: RefundStatus, to: RefundStatus) => REFUND_TRANSITIONS[from].includes(to);

export const canTransitionIntent = (from: IntentStatus, to: IntentStatus) => INTENT_TRANSITIONS[from].includes(to);
export const canTransitionSession = (from: SessionStatus, to: SessionStatus) => SESSION_TRANSITIONS[from].includes(to);

function fromStates<S extends string>(table: Record<S, readonly S[]>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

/**
 * Move a payment intent to `to`, with extra column updates, if its current status allows it.
 * Returns the updated row; throws 409 unexpected_state (naming the current status) otherwise.
 */
export async function transitionIntent(
  db: Db,
  id: string,
  to: IntentStatus,
  set: Record<string, unknown> = {},
  opts: { from?: IntentStatus[] } = {},
): Promise<Row> {
  const allowed = (opts.from ?? fromStates(INTENT_TRANSITIONS, to)).filter((f) => canTransitionIntent(f, to));
  const row = await conditionalUpdate(db, 'payment_intents', id, to, allowed, set);
  if (row) return row;
  const cur = await db.query<{ status: string }>(`select status from payment_intents where id = $1`, [id]);
  throw unexpectedState(
    `This payment intent's status is ${cur[0]?.status ?? 'unknown'}; it cannot become ${to} (only from ${allowed.join(' or ') || 'no state'}).`,
  );
}

export async function transitionSession(db: Db, id: string, to: SessionStatus, set: Record<string, unknown> = {}): Promise<Row> {
  const allowed = fromStates(SESSION_TRANSITIONS, to);
  const row = await conditionalUpdate(db, 'checkout_sessions', id, to, allowed, set);
  if (row) return row;
  const cur = await db.query<{ status: string }>(`select status from checkout_sessions where id = $1`, [id]);
  throw unexpectedState(`This checkout session's status is ${cur[0]?.status ?? 'unknown'}; it cannot become ${to} (only from ${allowed.join(' or ')}).`);
}

/**
 * Move a refund to `to` (or keep it where it is when `to` is its status and `same` allows it: a
 * new nextAction in the same status), with extra column updates. Returns the row, or throws 409.
 */
export async function transitionRefund(
  db: Db,
  id: string,
  to: RefundStatus,
  set: Record<string, unknown> = {},
  opts: { from?: readonly RefundStatus[] } = {},
): Promise<Row> {
  const allowed = (opts.from ?? fromStates(REFUND_TRANSITIONS, to)).filter((f) => canTransitionRefund(f, to));
  const row = await conditionalUpdate(db, 'refunds', id, to, allowed, set);
  if (row) return row;
  const cur = await db.query<{ status: string }>(`select status from refunds where id = $1`, [id]);
  throw unexpectedState(`This refund's status is ${cur[0]?.status ?? 'unknown'}; it cannot become ${to} (only from ${allowed.join(' or ') || 'no state'}).`);
}

async function conditionalUpdate(db: Db, table: string, id: string, to: string, from: string[], set: Record<string, unknown>) {
  const cols = Object.keys(set);
  const params: unknown[] = [id, to, from, nowSeconds(), ...cols.map((c) => set[c])];
  const assignments = cols.map((c, i) => `${c} = $${i + 5}`).join(', ');
  const rows = await db.query(
    `update ${table} set status = $2, updated_at = $4${assignments ? `, ${assignments}` : ''}
      where id = $1 and status = any($3::text[]) returning *`,
    params,
  );
  return rows[0];
}
