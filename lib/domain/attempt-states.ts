// A payment attempt's states, in one table beside the intent's and the session's
// (transitions.ts), the facts derived from an attempt (is it active, can its backend still pay it,
// until when it is watched, how much is due), and the ONE function that writes attempt rows.
//
//   creating          the row is written before the backend call (a push may be in flight)
//   awaiting_payment  an invoice or address is out, nothing seen yet
//   pending           the payer acted (push sent, payment seen), not final
//   succeeded         its money paid the intent
//   failed            declined, refused, or timed out on our side
//   expired           its time (or the intent's window) ran out
//   canceled          closed by a rail switch, a cancel, or a payment through another attempt
//
// The rule this file exists for: an attempt that was ever payable is watched until its backend can
// no longer pay it (`watchUntilAfterClose`), whichever path closes it. Money that lands on a closed
// attempt is then still seen: it pays the intent while the intent is open, and is a late payment
// on a closed one (settle.ts).
import type { Db, Row } from '../db/client';
import { unexpectedState } from '../errors';
import { ADDRESS_RAILS, type Rail } from '../money';

export const ATTEMPT_STATUSES = ['creating', 'awaiting_payment', 'pending', 'succeeded', 'failed', 'expired', 'canceled'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Allowed status changes. A closed attempt (failed, expired, canceled) may still become succeeded:
 * money that reaches it while the intent is open pays the intent. `succeeded` is final.
 */
export const ATTEMPT_TRANSITIONS: Record<AttemptStatus, readonly AttemptStatus[]> = {
  // creating -> canceled: the intent was paid through another attempt while this one's request was
  // in flight; its prompt is still recorded when the backend answers, and watched (finishAttempt).
  creating: ['awaiting_payment', 'pending', 'failed', 'canceled'],
  awaiting_payment: ['pending', 'succeeded', 'failed', 'expired', 'canceled'],
  pending: ['awaiting_payment', 'succeeded', 'failed', 'expired', 'canceled'],
  succeeded: [],
  failed: ['succeeded'],
  expired: ['succeeded'],
  canceled: ['succeeded'],
};

export const ACTIVE_ATTEMPT_STATUSES = ['creating', 'awaiting_payment', 'pending'] as const satisfies readonly AttemptStatus[];
export const isActiveAttempt = (status: unknown): boolean => (ACTIVE_ATTEMPT_STATUSES as readonly unknown[]).includes(status);
/** A prompt is out and the payer can act on it now (what nextAction shows). */
export const isPromptOut = (status: unknown): boolean => status === 'awaiting_payment' || status === 'pending';
export const canTransitionAttempt = (from: AttemptStatus, to: AttemptStatus): boolean => ATTEMPT_TRANSITIONS[from].includes(to);

export const isAddressRail = (rail: string): boolean => (ADDRESS_RAILS as readonly string[]).includes(rail);

/** How long an address stays watched after its attempt ended, so late money is recorded. */
export const WATCH_SECONDS = 7 * 24 * 3600;
/** How often a closed but watched attempt is asked about. */
export const WATCH_POLL_SECONDS = 60;
/** How long a mobile-money push that ended on our side stays watched for the operator's final answer. */
export const PUSH_WATCH_SECONDS = 24 * 3600;
/** A Lightning invoice is watched this long past its expiry (a payment settled at the last second). */
export const INVOICE_GRACE_SECONDS = 600;

/** The attempt as the rules below need it. */
export interface AttemptFacts {
  rail: Rail | string;
  status: AttemptStatus;
  /** The backend's handle (push reference, payment hash, address); null if the backend never got the request. */
  backendRef: string | null;
  expiresAt: number | null;
}

export function attemptFacts(row: Row): AttemptFacts {
  return {
    rail: row.rail as Rail,
    status: row.status as AttemptStatus,
    backendRef: (row.backend_ref as string | null) ?? (isAddressRail(row.rail as string) ? (row.destination as string | null) : null),
    expiresAt: (row.expires_at as number | null) ?? null,
  };
}

/**
 * Until when an attempt closed at `now` must still be asked about: as long as its backend can
 * still pay it. An address can receive forever (watched a week); a Lightning invoice until its
 * expiry at the node (closing also cancels it there, see attempts.ts); a mobile-money push until
 * the operator's final word (at most a day). An attempt whose request never reached a backend: null.
 */
export function watchUntilAfterClose(a: AttemptFacts, now: number): number | null {
  if (isAddressRail(a.rail)) return now + WATCH_SECONDS;
  if (!a.backendRef) return null;
  if (a.rail === 'btc_lightning') return Math.max(now, a.expiresAt ?? now) + INVOICE_GRACE_SECONDS;
  if (String(a.rail).startsWith('mobile_money_')) return now + PUSH_WATCH_SECONDS;
  return null;
}

/**
 * When the worker should ask next about an attempt in this state (null: never again). A live
 * attempt, or a watched one with money on its way (seen, not final), at the rail's pace; a watched
 * one otherwise every minute.
 */
export function nextPollAt(status: AttemptStatus, watchUntil: number | null, now: number, pollSeconds: number, moneySeen = false): number | null {
  if (isActiveAttempt(status)) return now + pollSeconds;
  if (watchUntil !== null && watchUntil > now) return now + (moneySeen ? Math.min(pollSeconds, WATCH_POLL_SECONDS) : WATCH_POLL_SECONDS);
  return null;
}

/** What is still due on an intent (never negative). */
export function amountDue(intent: { amount: number; amountReceived: number }): number {
  return Math.max(0, intent.amount - intent.amountReceived);
}

/** The amount a new attempt asks for: what is due, or the whole amount when nothing is (never 0). */
export function attemptAmount(intent: { amount: number; amountReceived: number }): number {
  return amountDue(intent) || intent.amount;
}

// ---------------------------------------------------------------------------------------------
// The one writer of payment_attempts rows.

export interface AttemptWrite {
  /** New status: the update only happens from a state that allows it (`from` narrows further). */
  to?: AttemptStatus;
  from?: readonly AttemptStatus[];
  /** Other columns to set. */
  set?: Record<string, unknown>;
  /** Merged into the row's details (jsonb ||). */
  mergeDetails?: Record<string, unknown>;
  /** Extra condition on the row, as SQL over its columns, with its own parameters ($n placeholders are renumbered). */
  where?: { sql: string; params: unknown[] };
}

const COLUMN = /^[a-z_]+$/;

/**
 * Update one attempt row. With `to`, a conditional update: `status = any(allowed from-states)`, so
 * two racing changes cannot both win. Returns the row after the change, or null when the row is not
 * in an allowed state (or `where` did not hold): the caller decides whether that is a conflict.
 */
export async function writeAttempt(db: Db, id: string, w: AttemptWrite): Promise<Row | null> {
  const params: unknown[] = [id];
  const p = (v: unknown) => `$${params.push(v)}`;
  const sets: string[] = [];
  if (w.to) sets.push(`status = ${p(w.to)}`);
  for (const [col, v] of Object.entries(w.set ?? {})) {
    if (!COLUMN.test(col)) throw new Error(`bad column ${col}`);
    sets.push(`${col} = ${p(v)}`);
  }
  if (w.mergeDetails) sets.push(`details = details || ${p(JSON.stringify(w.mergeDetails))}::jsonb`);
  if (sets.length === 0) throw new Error('writeAttempt: nothing to write');
  const conds = ['id = $1'];
  if (w.to) {
    const allowed = (w.from ?? ATTEMPT_STATUSES).filter((f) => canTransitionAttempt(f, w.to!));
    conds.push(`status = any(${p(allowed)}::text[])`);
  }
  if (w.where) {
    const base = params.length;
    conds.push(`(${w.where.sql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + base}`)})`);
    params.push(...w.where.params);
  }
  const rows = await db.query(`update payment_attempts set ${sets.join(', ')} where ${conds.join(' and ')} returning *`, params);
  return rows[0] ?? null;
}

/** Like writeAttempt with `to`, but a refused change is a 409 naming the attempt's status. */
export async function transitionAttempt(db: Db, id: string, to: AttemptStatus, w: Omit<AttemptWrite, 'to'> = {}): Promise<Row> {
  const row = await writeAttempt(db, id, { ...w, to });
  if (row) return row;
  const cur = await db.query<{ status: string }>(`select status from payment_attempts where id = $1`, [id]);
  throw unexpectedState(`This payment attempt's status is ${cur[0]?.status ?? 'unknown'}; it cannot become ${to}.`);
}

/** Close an attempt (canceled / expired / failed), watched while its backend can still pay it. */
export async function closeAttempt(
  db: Db,
  row: Row,
  to: 'canceled' | 'expired' | 'failed',
  now: number,
  opts: { error?: object; watchUntil?: number | null; from?: readonly AttemptStatus[] } = {},
): Promise<Row | null> {
  const watchUntil = opts.watchUntil !== undefined ? opts.watchUntil : watchUntilAfterClose(attemptFacts(row), now);
  return writeAttempt(db, row.id as string, {
    to,
    from: opts.from ?? ACTIVE_ATTEMPT_STATUSES,
    set: {
      updated_at: now,
      locked_until: null,
      watch_until: watchUntil,
      next_poll_at: nextPollAt(to, watchUntil, now, 0),
      ...(opts.error ? { error: JSON.stringify(opts.error) } : {}),
    },
  });
}

/**
 * End every live attempt of an intent (cancel, expiry, rail switch, paid through another attempt).
 * Each stays watched while its backend can still pay it (watchUntilAfterClose).
 */
export async function closeActiveAttempts(tx: Db, intentId: string, to: 'canceled' | 'expired', now: number): Promise<void> {
  const rows = await tx.query(`select * from payment_attempts where payment_intent_id = $1 and status = any($2::text[]) for update`, [
    intentId,
    ACTIVE_ATTEMPT_STATUSES,
  ]);
  for (const row of rows) {
    // A creating attempt can only be canceled (its request is in flight; it is watched by its
    // reference); every row must close, or the whole change is refused.
    const target = row.status === 'creating' ? 'canceled' : to;
    if (!(await closeAttempt(tx, row, target, now))) throw unexpectedState(`Payment attempt ${row.id as string} could not be closed from ${row.status as string}.`);
  }
}

/**
 * 409 while an attempt of the intent is `creating`: its request to the backend is in flight (a
 * push may be going out), so the attempt must not be closed under it (switch, cancel, expiry).
 */
export async function assertNoAttemptStarting(tx: Db, intentId: string): Promise<void> {
  const rows = await tx.query(`select 1 from payment_attempts where payment_intent_id = $1 and status = 'creating' limit 1`, [intentId]);
  if (rows.length > 0) throw unexpectedState('A payment attempt for this payment intent is being started; retry in a moment.');
}

/** The intent's live attempt (creating, awaiting_payment or pending), newest first. */
export async function activeAttempt(db: Db, intentId: string, opts: { forUpdate?: boolean } = {}): Promise<Row | null> {
  const rows = await db.query(
    `select * from payment_attempts where payment_intent_id = $1 and status = any($2::text[]) order by seq desc limit 1${opts.forUpdate ? ' for update' : ''}`,
    [intentId, ACTIVE_ATTEMPT_STATUSES],
  );
  return rows[0] ?? null;
}
