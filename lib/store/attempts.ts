// The payment_attempts table: ALL of its SQL. The one writer of its rows is `writeAttempt` (status
// changes through the table in attempt-row.ts, leases, quiet polls go through this module); the
// rest reads. The row's type and parser are attempt-row.ts. May import lib/db, lib/rails (types), bottom.

import { claimDue } from '../db/claim';
import type { Db, Row } from '../db/client';
import { unexpectedState } from '../errors';
import type { Currency, Rail } from '../money';
import {
  ACTIVE_ATTEMPT_STATUSES,
  ATTEMPT_STATUSES,
  type AttemptDetails,
  type AttemptStatus,
  canTransitionAttempt,
  type PaymentAttemptRow,
  parseAttempt,
} from './attempt-row';

export * from './attempt-row';

const one = (rows: Row[]): PaymentAttemptRow | null => (rows[0] ? parseAttempt(rows[0]) : null);

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
export async function writeAttempt(db: Db, id: string, w: AttemptWrite): Promise<PaymentAttemptRow | null> {
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
  return one(await db.query(`update payment_attempts set ${sets.join(', ')} where ${conds.join(' and ')} returning *`, params));
}

/** Like writeAttempt with `to`, but a refused change is a 409 naming the attempt's status. */
export async function transitionAttempt(db: Db, id: string, to: AttemptStatus, w: Omit<AttemptWrite, 'to'> = {}): Promise<PaymentAttemptRow> {
  const row = await writeAttempt(db, id, { ...w, to });
  if (row) return row;
  const cur = await db.query<{ status: string }>(`select status from payment_attempts where id = $1`, [id]);
  throw unexpectedState(`This payment attempt's status is ${cur[0]?.status ?? 'unknown'}; it cannot become ${to}.`);
}

/**
 * A quiet poll's one write (lib/payments/apply-report.ts): when to ask again, and the report's
 * details merged, only while the attempt is as it was read (status, amounts, details, backend
 * reference) and its address has credited nothing. Returns whether it wrote.
 */
export async function writeQuietPoll(
  db: Db,
  row: PaymentAttemptRow,
  w: { now: number; nextPollAt: number | null; details: Record<string, unknown> },
): Promise<boolean> {
  const done = await db.query(
    `update payment_attempts a set next_poll_at = $3, locked_until = null, details = a.details || $6::jsonb
      where a.id = $1 and a.status = 'awaiting_payment' and a.amount_received = 0 and a.amount_seen = 0 and a.expires_at > $2
        and a.details = $4::jsonb and a.backend_ref is not distinct from $5
        and not exists (select 1 from derived_addresses d where d.address = a.destination and d.rail = a.rail and d.amount_credited > 0)
      returning a.id`,
    [row.id, w.now, w.nextPollAt, JSON.stringify(row.details), row.backend_ref, JSON.stringify(w.details)],
  );
  return done.length === 1;
}

/** Lease due attempts (`for update skip locked` + a lease: two workers never get the same row); their ids. */
export function leaseDueAttempts(db: Db, now: number, limit: number, leaseSeconds: number, merchantId?: string): Promise<string[]> {
  return claimDue(db, { table: 'payment_attempts', dueColumn: 'next_poll_at', now, limit, leaseSeconds, merchantId });
}

/** The attempt row to insert (status creating). */
export interface NewAttempt {
  id: string;
  intent: { id: string; merchant_id: string; livemode: boolean };
  rail: Rail;
  amount: number;
  currency: Currency;
  destination: string | null;
  details: Record<string, unknown>;
  expiresAt: number | null;
  nextPollAt: number;
  now: number;
  backendRef: string | null;
  quote?: object | null;
  /** The account that makes it: the merchant's (id and version), or the deployment's. */
  account: { id: string; version: number } | null;
  accountOwner: 'merchant' | 'platform' | 'simulator';
  /** A new payment: only while the account is active at this version (insertAttempt returns false otherwise). */
  requireActiveAccount?: boolean;
}

/** Insert an attempt row in status `creating`: the one insert of payment_attempts. */
export async function insertAttempt(tx: Db, a: NewAttempt): Promise<boolean> {
  // A new payment on a merchant's account only while that account is active at that version: a
  // request that read the account just before it was disabled or updated writes nothing (the
  // check is in the insert itself: no round trip, no window).
  const rows = await tx.query(
    `insert into payment_attempts (id, payment_intent_id, merchant_id, livemode, rail, amount, currency, status, destination, details,
       expires_at, next_poll_at, created_at, updated_at, backend_ref, quote, rail_account_id, rail_account_version, account_owner)
     select $1, $2, $3, $4, $5, $6, $7, 'creating', $8, $9, $10, $11, $12, $12, $13, $14, $15::text, $16::integer, $17
      where not $18::boolean or $15::text is null
         or exists (select 1 from rail_accounts where id = $15::text and status = 'active' and version = $16::integer)
     returning id`,
    [
      a.id,
      a.intent.id,
      a.intent.merchant_id,
      a.intent.livemode,
      a.rail,
      a.amount,
      a.currency,
      a.destination,
      JSON.stringify(a.details),
      a.expiresAt,
      a.nextPollAt,
      a.now,
      a.backendRef,
      a.quote ? JSON.stringify(a.quote) : null,
      a.account?.id ?? null,
      a.account?.version ?? null,
      a.accountOwner,
      a.requireActiveAccount === true,
    ],
  );
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Reads.

export async function getAttempt(db: Db, id: string): Promise<PaymentAttemptRow | null> {
  return one(await db.query(`select * from payment_attempts where id = $1`, [id]));
}

/** A live-mode attempt on `rail` (a callback names it). */
export async function getLiveAttemptOn(db: Db, id: string, rail: string): Promise<PaymentAttemptRow | null> {
  return one(await db.query(`select * from payment_attempts where id = $1 and rail = $2 and livemode = true`, [id, rail]));
}

export async function lockAttempt(tx: Db, id: string): Promise<PaymentAttemptRow> {
  const row = one(await tx.query(`select * from payment_attempts where id = $1 for update`, [id]));
  if (!row) throw new Error(`attempt ${id} vanished`);
  return row;
}

/** The intent's live attempt (creating, awaiting_payment or pending), newest first. */
export async function activeAttempt(db: Db, intentId: string, opts: { forUpdate?: boolean } = {}): Promise<PaymentAttemptRow | null> {
  return one(
    await db.query(
      `select * from payment_attempts where payment_intent_id = $1 and status = any($2::text[]) order by seq desc limit 1${opts.forUpdate ? ' for update' : ''}`,
      [intentId, ACTIVE_ATTEMPT_STATUSES],
    ),
  );
}

/** The intent's live attempts, locked (to close them). */
export async function lockActiveAttempts(tx: Db, intentId: string): Promise<PaymentAttemptRow[]> {
  const rows = await tx.query(`select * from payment_attempts where payment_intent_id = $1 and status = any($2::text[]) for update`, [
    intentId,
    ACTIVE_ATTEMPT_STATUSES,
  ]);
  return rows.map(parseAttempt);
}

/**
 * 409 while an attempt of the intent is `creating`: its request to the backend is in flight (a
 * push may be going out), so the attempt must not be closed under it (switch, cancel, expiry).
 */
export async function assertNoAttemptStarting(tx: Db, intentId: string): Promise<void> {
  if (await hasAttemptStarting(tx, intentId)) throw unexpectedState('A payment attempt for this payment intent is being started; retry in a moment.');
}

export async function hasAttemptStarting(tx: Db, intentId: string): Promise<boolean> {
  return (await tx.query(`select 1 from payment_attempts where payment_intent_id = $1 and status = 'creating' limit 1`, [intentId])).length > 0;
}

/** The newest attempt of the intent on `rail` (any status). */
export async function lastAttemptOn(tx: Db, intentId: string, rail: string): Promise<PaymentAttemptRow | null> {
  return one(await tx.query(`select * from payment_attempts where payment_intent_id = $1 and rail = $2 order by seq desc limit 1`, [intentId, rail]));
}

/** Failed attempts of the intent other than `exceptId`, not counting our backend's refusals (rail_unavailable). */
export async function countPayerFailures(tx: Db, intentId: string, exceptId: string): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `select count(*)::int as n from payment_attempts
      where payment_intent_id = $1 and id <> $2 and status = 'failed' and coalesce(error->>'code', '') <> 'rail_unavailable'`,
    [intentId, exceptId],
  );
  return Number(rows[0]!.n);
}

/** What an invoice (its payment hash) already credited over the intent's attempts that share it. */
export async function invoiceReceived(tx: Db, intentId: string, backendRef: string): Promise<number> {
  const paid = (
    await tx.query<{ n: number }>(
      `select coalesce(sum(amount_received), 0)::bigint as n from payment_attempts where rail = 'btc_lightning' and backend_ref = $1 and payment_intent_id = $2`,
      [backendRef, intentId],
    )
  )[0];
  return Number(paid?.n ?? 0);
}

// Address rails: the attempts on one receive address.

/** The details of the newest attempt on an address (its simulated chain history, test mode). */
export async function lastDetailsOnAddress(tx: Db, address: string, rail: string): Promise<AttemptDetails | undefined> {
  const prev = (
    await tx.query<{ details: AttemptDetails }>(`select details from payment_attempts where destination = $1 and rail = $2 order by seq desc limit 1`, [
      address,
      rail,
    ])
  )[0];
  return prev?.details;
}

/** The closed attempts on an address still watched, locked. */
export function lockWatchedOnAddress(tx: Db, address: string, rail: string): Promise<{ id: string }[]> {
  return tx.query<{ id: string }>(
    `select id from payment_attempts where destination = $1 and rail = $2 and not (status = any($3::text[])) and watch_until is not null for update`,
    [address, rail, ACTIVE_ATTEMPT_STATUSES],
  );
}

/** Has money been seen (not confirmed) on this address for the intent? */
export async function moneySeenOnAddress(tx: Db, intentId: string, rail: string, address: string): Promise<boolean> {
  return (
    (
      await tx.query(`select 1 from payment_attempts where payment_intent_id = $1 and rail = $2 and destination = $3 and amount_seen > 0 limit 1`, [
        intentId,
        rail,
        address,
      ])
    ).length > 0
  );
}

/** The attempts that counted money on an address, newest first, locked (a reversal takes it back). */
export function lockCreditedOnAddress(tx: Db, address: string, rail: string): Promise<PaymentAttemptRow[]> {
  return tx
    .query(`select * from payment_attempts where destination = $1 and rail = $2 and amount_received > 0 order by seq desc for update`, [address, rail])
    .then((rows) => rows.map(parseAttempt));
}

/** A switched-away Lightning invoice of the intent that can be handed out again (lib/payments/reuse-invoice.ts), locked. */
export async function lockReusableInvoice(
  tx: Db,
  intentId: string,
  amount: number,
  validFrom: number,
  until: number,
  now: number,
  accountId: string | null,
): Promise<PaymentAttemptRow | null> {
  return one(
    await tx.query(
      `select * from payment_attempts
      where payment_intent_id = $1 and rail = 'btc_lightning' and status = 'canceled' and amount = $2
        and rail_account_id is not distinct from $6
        and amount_received = 0 and amount_seen = 0 and backend_ref is not null
        and expires_at > $3 and expires_at <= $4
        and not (details ? 'backendCanceledAt') and (locked_until is null or locked_until <= $5)
      order by seq desc limit 1 for update`,
      [intentId, amount, validFrom, until, now, accountId],
    ),
  );
}

/** Closed attempts of the intent still watched, whose backend has not been told to cancel them. */
export async function closedToCancel(db: Db, intentId: string, now: number): Promise<PaymentAttemptRow[]> {
  const rows = await db.query(
    `select * from payment_attempts
      where payment_intent_id = $1 and status in ('canceled', 'expired', 'failed') and watch_until > $2
        and backend_ref is not null and not (details ? 'backendCanceledAt')`,
    [intentId, now],
  );
  return rows.map(parseAttempt);
}

/** Canceled attempts of the intent still watched but not due soon (a switch makes them due now). */
export function canceledNotDue(tx: Db, intentId: string, now: number): Promise<{ id: string }[]> {
  return tx.query<{ id: string }>(
    `select id from payment_attempts where payment_intent_id = $1 and status = 'canceled' and watch_until > $2 and next_poll_at > $2`,
    [intentId, now],
  );
}

/** A test-mode attempt with its merchant's name (the test operator page). */
export async function testAttemptWithMerchant(db: Db, attemptId: string): Promise<(PaymentAttemptRow & { merchant_name: string }) | null> {
  const r = (
    await db.query(
      `select a.*, m.name as merchant_name from payment_attempts a join merchants m on m.id = a.merchant_id where a.id = $1 and a.livemode = false`,
      [attemptId],
    )
  )[0];
  return r ? { ...parseAttempt(r), merchant_name: String(r.merchant_name) } : null;
}
