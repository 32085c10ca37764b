// Attempts: each try on a rail is a row. This file starts attempts (write the row, call the
// backend outside any transaction, record the result) and applies what a backend reports
// (applyRailStatus) under row locks, in one transaction with the events. The intent's status
// follows from its attempts and its session's window, as the contract says.
import { ApiError, invalid, railUnavailable, unexpectedState } from '../api/errors';
import { config } from '../config';
import type { Db, Row } from '../db/client';
import { randomUUID } from 'node:crypto';
import { createId } from '../ids';
import { log } from '../log';
import { normalizePhone, operatorInfo } from '../rails/mobile-money/operators';
import { isRailDown, markRailDown, markRailUp, railAdapter } from '../rails/registry';
import { BackendError, type AttemptView, type PromptInput, type RailAdapter, type RailPrompt, type RailStatus } from '../rails/types';
import { ACTIVE_ATTEMPT_STATUSES, ADDRESS_RAILS, closeActiveAttempts, PUSH_WATCH_SECONDS, WATCH_POLL_SECONDS, WATCH_SECONDS } from './attempts-store';
import { toCheckoutSession } from './checkout-sessions';
import type { Scope } from './common';
import { recordEvent } from './events';
import { isMobileMoneyRail, toDecimalString, type Currency, type MobileMoneyRail, type Rail } from './money';
import { serializeIntent } from './payment-intents';
import { transitionIntent, transitionSession } from './transitions';

/** After this many failed attempts the intent fails ("attempts ran out"). */
export const MAX_FAILED_ATTEMPTS = 10;
/** An attempt still `creating` after this long lost its request (crash): it is failed by the worker. */
export const STUCK_CREATING_SECONDS = 300;
/** A payment window when the intent has no checkout session (API-only confirm). */
export const DEFAULT_WINDOW_SECONDS = 24 * 3600;

const isAddressRail = (rail: string) => (ADDRESS_RAILS as readonly string[]).includes(rail);
const isActive = (status: unknown) => (ACTIVE_ATTEMPT_STATUSES as readonly string[]).includes(status as string);
const scopeOf = (row: Row): Scope => ({ merchantId: row.merchant_id as string, livemode: row.livemode as boolean });

export function attemptView(row: Row): AttemptView {
  return {
    id: row.id as string,
    rail: row.rail as Rail,
    amount: row.amount as number,
    currency: row.currency as Currency,
    destination: (row.destination as string | null) ?? '',
    backendRef: (row.backend_ref as string | null) ?? '',
    details: (row.details as Record<string, unknown>) ?? {},
    createdAt: row.created_at as number,
    expiresAt: (row.expires_at as number | null) ?? null,
  };
}

/** The adapter for a rail, or rail_unavailable (not configured in this mode, or known-down). */
export function usableAdapter(rail: Rail, livemode: boolean): RailAdapter {
  const adapter = railAdapter(rail, livemode);
  if (!adapter) throw railUnavailable(rail, `not configured in ${livemode ? 'live' : 'test'} mode`);
  if (isRailDown(rail, livemode)) throw railUnavailable(rail, 'its backend is failing');
  return adapter;
}

export async function lockIntent(tx: Db, id: string): Promise<Row> {
  const rows = await tx.query(`select * from payment_intents where id = $1 for update`, [id]);
  if (!rows[0]) throw new Error(`payment intent ${id} vanished`);
  return rows[0];
}

async function lockAttempt(tx: Db, id: string): Promise<Row> {
  const rows = await tx.query(`select * from payment_attempts where id = $1 for update`, [id]);
  if (!rows[0]) throw new Error(`attempt ${id} vanished`);
  return rows[0];
}

export async function activeAttempt(db: Db, intentId: string): Promise<Row | null> {
  const rows = await db.query(`select * from payment_attempts where payment_intent_id = $1 and status = any($2::text[]) order by seq desc limit 1`, [
    intentId,
    ACTIVE_ATTEMPT_STATUSES,
  ]);
  return rows[0] ?? null;
}

async function openSessionOf(tx: Db, intentId: string): Promise<Row | null> {
  const rows = await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open'`, [intentId]);
  return rows[0] ?? null;
}

/** Has the intent's payment window closed (its session expired, or is past expiresAt)? */
async function windowClosed(tx: Db, intentId: string, now: number): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from checkout_sessions where payment_intent_id = $1 and (status = 'expired' or (status = 'open' and expires_at <= $2)) limit 1`,
    [intentId, now],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Starting an attempt

export interface StartOptions {
  phone?: string;
}

/** E.164 for the operator's market in the intent's currency, or a 400 naming `phone`. */
export function normalizeBuyerPhone(rail: Rail, currency: Currency, phone: string | undefined): string {
  if (!isMobileMoneyRail(rail)) throw new Error('not a mobile-money rail');
  const op = operatorInfo(rail);
  const market = op.markets[currency];
  if (!market) throw invalid('rail_currency_mismatch', `Rail ${rail} does not take ${currency}.`, 'rail');
  if (phone === undefined)
    throw invalid('parameter_missing', `Missing required param: phone. ${op.displayName} needs the payer's number (E.164 ${market.dialCode}..., or national format).`, 'phone');
  const e164 = normalizePhone(phone, market);
  if (!e164)
    throw invalid(
      'parameter_invalid',
      `phone must be a ${market.countryName} mobile number for ${op.displayName}: ${market.dialCode} followed by the national number, or the national number (${market.nationalPattern.source}); got '${phone}'.`,
      'phone',
    );
  return e164;
}

async function addressFor(tx: Db, adapter: RailAdapter, intentId: string): Promise<{ address: string; index: number }> {
  if (!adapter.deriveAddress || !adapter.derivationKeyId) throw new Error(`${adapter.rail} derives no addresses`);
  const existing = await tx.query<{ address: string; derivation_index: number }>(
    `select address, derivation_index from derived_addresses where payment_intent_id = $1 and rail = $2 and key_id = $3`,
    [intentId, adapter.rail, adapter.derivationKeyId],
  );
  if (existing[0]) return { address: existing[0].address, index: existing[0].derivation_index };
  // The counter row is the serialization point: every caller gets its own index, never reused.
  const [counter] = await tx.query<{ idx: number }>(
    `insert into derivation_counters (key_id, next_index) values ($1, 1)
     on conflict (key_id) do update set next_index = derivation_counters.next_index + 1
     returning next_index - 1 as idx`,
    [adapter.derivationKeyId],
  );
  const index = Number(counter!.idx);
  const address = adapter.deriveAddress(index);
  await tx.query(
    `insert into derived_addresses (key_id, derivation_index, address, rail, payment_intent_id, created_at) values ($1, $2, $3, $4, $5, $6)`,
    [adapter.derivationKeyId, index, address, adapter.rail, intentId, Math.floor(Date.now() / 1000)],
  );
  return { address, index };
}

/** Step 1, in the caller's transaction: the attempt row (status creating) and the prompt's input. */
export async function beginAttempt(tx: Db, intent: Row, adapter: RailAdapter, opts: StartOptions, now: number): Promise<PromptInput> {
  const rail = intent.rail as Rail;
  const currency = intent.currency as Currency;
  const attemptId = createId('att');
  let phone: string | undefined;
  let address: string | undefined;
  let index: number | undefined;
  if (isMobileMoneyRail(rail)) phone = normalizeBuyerPhone(rail, currency, opts.phone);
  if (isAddressRail(rail)) ({ address, index } = await addressFor(tx, adapter, intent.id as string));
  const session = await openSessionOf(tx, intent.id as string);
  let expiresAt = session ? (session.expires_at as number) : now + DEFAULT_WINDOW_SECONDS;
  // A Lightning invoice never outlives its session, and lasts at most the configured expiry.
  if (rail === 'btc_lightning') expiresAt = Math.min(expiresAt, now + config().LIGHTNING_INVOICE_EXPIRY_SECONDS);
  const details: Record<string, unknown> = index !== undefined ? { derivationIndex: index } : {};
  if (address) {
    // The address may have served an earlier attempt of this intent: the new attempt watches it
    // from now on (the older ones stop, so a payment is looked at by one attempt), and a test-mode
    // simulated chain keeps the address's history, like a real chain.
    const prev = (await tx.query(`select details from payment_attempts where destination = $1 and rail = $2 order by seq desc limit 1`, [address, rail]))[0];
    const sim = (prev?.details as Record<string, unknown> | undefined)?.sim as Record<string, unknown> | undefined;
    if (sim) details.sim = { ...sim, failed: undefined };
    await tx.query(
      `update payment_attempts set watch_until = null, next_poll_at = null where destination = $1 and rail = $2 and status <> all($3::text[])`,
      [address, rail, ACTIVE_ATTEMPT_STATUSES],
    );
  }
  // Mobile money: our reference for the push is made and stored now, before the call, so a push
  // whose answer is lost (timeout, crash) can still be looked up at the operator.
  const reference = phone !== undefined ? randomUUID() : undefined;
  if (reference) Object.assign(details, { referenceIds: [reference], resends: 0, lastPushAt: now });
  const due = (intent.amount as number) - (intent.amount_received as number);
  const amount = due > 0 ? due : (intent.amount as number);
  try {
    await tx.query(
      `insert into payment_attempts (id, payment_intent_id, merchant_id, livemode, rail, amount, currency, status, destination, details,
         expires_at, next_poll_at, created_at, updated_at, backend_ref)
       values ($1, $2, $3, $4, $5, $6, $7, 'creating', $8, $9, $10, $11, $12, $12, $13)`,
      [
        attemptId, intent.id, intent.merchant_id, intent.livemode, rail, amount, currency, phone ?? address ?? null,
        JSON.stringify(details), expiresAt, now + STUCK_CREATING_SECONDS, now, reference ?? null,
      ],
    );
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw unexpectedState('This payment intent is being confirmed by another request; retry in a moment.');
    throw err;
  }
  return {
    attemptId,
    intentId: intent.id as string,
    rail,
    amount,
    currency,
    description: (intent.description as string | null) ?? `Payment ${intent.id as string}`,
    expiresAt,
    now,
    phone,
    address,
    reference,
  };
}

/** Step 3, in a transaction: record the backend's prompt; a mobile-money push makes the intent pending. */
export async function finishAttempt(tx: Db, input: PromptInput, prompt: RailPrompt, adapter: RailAdapter): Promise<void> {
  const intent = await lockIntent(tx, input.intentId);
  const status = adapter.kind === 'mobile_money' ? 'pending' : 'awaiting_payment';
  const rows = await tx.query(
    `update payment_attempts set status = $2, destination = $3, backend_ref = $4, details = details || $5::jsonb, expires_at = $6,
        next_poll_at = $7, updated_at = $8
      where id = $1 and (status = 'creating' or (status = 'pending' and backend_ref = $4)) returning *`,
    [input.attemptId, status, prompt.destination, prompt.backendRef, JSON.stringify(prompt.details), prompt.expiresAt, input.now + adapter.pollSeconds, input.now],
  );
  if (!rows[0]) throw railUnavailable(input.rail, 'the attempt was abandoned before the backend answered');
  if (status === 'pending' && intent.status === 'requires_payment_method') {
    const row = await transitionIntent(tx, input.intentId, 'pending', { last_payment_error: null });
    await recordEvent(tx, scopeOf(row), 'payment_intent.pending', await serializeIntent(tx, row));
  }
}

/** The prompt of a push whose answer we did not get: looked up by the reference made before the call. */
function unconfirmedPush(input: PromptInput): RailPrompt {
  return {
    destination: input.phone!,
    backendRef: input.reference!,
    expiresAt: input.now + operatorInfo(input.rail as MobileMoneyRail).timeoutSeconds,
    details: { referenceIds: [input.reference!], resends: 0, lastPushAt: input.now, pushUnconfirmed: true },
  };
}

async function abortAttempt(db: Db, attemptId: string, message: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  // An address stays watched (a new attempt stopped watching the older ones on it).
  await db.query(
    `update payment_attempts set status = 'failed', error = $2, updated_at = $3,
        watch_until = case when rail = any($4::text[]) then $3 + $5::bigint else null end,
        next_poll_at = case when rail = any($4::text[]) then $3 + $6::bigint else null end
      where id = $1 and status = 'creating'`,
    [attemptId, JSON.stringify({ code: 'rail_unavailable', message }), now, ADDRESS_RAILS, WATCH_SECONDS, WATCH_POLL_SECONDS],
  );
}

/**
 * Start an attempt on the intent's rail. Simulators are pure: all in the caller's transaction.
 * Live backends: the row is committed first, the backend called with no transaction open, the
 * result recorded in a new transaction; a failed call fails the attempt and answers rail_unavailable.
 * `prepare` runs under the intent's row lock and returns the locked row, or null to skip.
 */
export async function startAttempt(db: Db, input: PromptInput, adapter: RailAdapter): Promise<void> {
  if (adapter.mode === 'test') {
    const prompt = await adapter.createPrompt(input);
    await db.transaction((tx) => finishAttempt(tx, input, prompt, adapter));
    return;
  }
  let prompt: RailPrompt;
  try {
    prompt = await adapter.createPrompt(input);
  } catch (err) {
    if (err instanceof BackendError && err.maybeSent && input.reference && input.phone) {
      // The push may have gone out: it is pending, and polling its reference decides.
      markRailDown(adapter.rail, true);
      log('warn', 'rail push outcome unknown', { rail: adapter.rail, attemptId: input.attemptId, error: err.message });
      await db.transaction((tx) => finishAttempt(tx, input, unconfirmedPush(input), adapter));
      return;
    }
    await abortAttempt(db, input.attemptId, (err as Error).message);
    if (err instanceof BackendError) {
      markRailDown(adapter.rail, true);
      log('warn', 'rail backend failed', { rail: adapter.rail, error: err.message });
      throw railUnavailable(adapter.rail);
    }
    throw err;
  }
  markRailUp(adapter.rail, true);
  await db.transaction((tx) => finishAttempt(tx, input, prompt, adapter));
}

// ---------------------------------------------------------------------------------------------
// Applying what a backend reports

async function emitIntent(tx: Db, type: Parameters<typeof recordEvent>[2], row: Row) {
  await recordEvent(tx, scopeOf(row), type, await serializeIntent(tx, row));
}

/** The intent fails (window closed unpaid/underpaid, or attempts ran out); its sessions close. */
async function failIntent(tx: Db, intent: Row, error: object, now: number): Promise<Row> {
  const row = await transitionIntent(tx, intent.id as string, 'failed', { last_payment_error: JSON.stringify(error) });
  await closeActiveAttempts(tx, intent.id as string, 'expired', now);
  await emitIntent(tx, 'payment_intent.failed', row);
  const sessions = await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open' for update`, [intent.id]);
  for (const s of sessions) {
    const expired = await transitionSession(tx, s.id as string, 'expired', { expired_at: now });
    await recordEvent(tx, scopeOf(expired), 'checkout_session.expired', toCheckoutSession(expired));
  }
  return row;
}

/** An attempt was declined / timed out: back to requires_payment_method while the window is open. */
async function failAttempt(
  tx: Db,
  intent: Row,
  attempt: Row,
  error: { code: string; message: string },
  now: number,
  opts: { watchSeconds?: number } = {},
): Promise<Row> {
  const address = isAddressRail(attempt.rail as string);
  const watchSeconds = address ? WATCH_SECONDS : opts.watchSeconds;
  await tx.query(
    `update payment_attempts set status = 'failed', error = $2, updated_at = $3, next_poll_at = $4, watch_until = $5, locked_until = null where id = $1`,
    [attempt.id, JSON.stringify(error), now, watchSeconds ? now + WATCH_POLL_SECONDS : null, watchSeconds ? now + watchSeconds : null],
  );
  const lastError = { ...error, rail: attempt.rail };
  // Attempts our backend could not start (rail_unavailable) are not the payer's failures.
  const failures = await tx.query<{ n: number }>(
    `select count(*)::int as n from payment_attempts where payment_intent_id = $1 and status = 'failed' and coalesce(error->>'code', '') <> 'rail_unavailable'`,
    [intent.id],
  );
  if ((await windowClosed(tx, intent.id as string, now)) || Number(failures[0]!.n) >= MAX_FAILED_ATTEMPTS) {
    return failIntent(tx, intent, intent.amount_received as number > 0 ? { code: 'underpaid', message: lastError.message, rail: attempt.rail } : lastError, now);
  }
  const row =
    intent.status === 'pending'
      ? await transitionIntent(tx, intent.id as string, 'requires_payment_method', { last_payment_error: JSON.stringify(lastError) })
      : (await tx.query(`update payment_intents set last_payment_error = $2, updated_at = $3 where id = $1 returning *`, [intent.id, JSON.stringify(lastError), now]))[0]!;
  await emitIntent(tx, 'payment_intent.payment_failed', row);
  return row;
}

export interface ApplyResult {
  /** The attempt expired while the session is still open: a new prompt should replace it. */
  replace: boolean;
}

/**
 * Apply a backend's report to an attempt. Both rows must be locked by the caller (intent first).
 * Idempotent: money is counted by difference with what the attempt already recorded, and a
 * report about an attempt that already ended changes nothing but late money.
 */
export async function applyRailStatus(tx: Db, intentIn: Row, attempt: Row, st: RailStatus, now: number): Promise<ApplyResult> {
  let intent = intentIn;
  const id = intent.id as string;
  const rail = attempt.rail as Rail;
  const currency = attempt.currency as Currency;
  const address = isAddressRail(rail);
  const prevReceived = attempt.amount_received as number;
  let received = Math.max(prevReceived, st.received);
  let delta = received - prevReceived;
  if (address) {
    // An address backend reports everything ever paid to the address, and several attempts of the
    // intent may share it: count what is above what this address already credited, once.
    const credit = (await tx.query<{ amount_credited: number }>(
      `select amount_credited from derived_addresses where address = $1 and rail = $2 for update`,
      [attempt.destination, rail],
    ))[0];
    if (credit) {
      delta = Math.max(0, st.received - Number(credit.amount_credited));
      received = prevReceived + delta;
      if (delta > 0) await tx.query(`update derived_addresses set amount_credited = amount_credited + $3 where address = $1 and rail = $2`, [attempt.destination, rail, delta]);
    }
  }
  const details = { ...((attempt.details as object) ?? {}), ...(st.details ?? {}) };
  await tx.query(`update payment_attempts set amount_received = $2, amount_seen = $3, details = $4, updated_at = $5 where id = $1`, [
    attempt.id, received, st.seen, JSON.stringify(details), now,
  ]);
  const active = attempt.status === 'awaiting_payment' || attempt.status === 'pending';

  if (delta > 0) {
    intent = (await tx.query(`update payment_intents set amount_received = amount_received + $2, updated_at = $3 where id = $1 returning *`, [id, delta, now]))[0]!;
    const total = intent.amount_received as number;
    const amount = intent.amount as number;
    const fmt = (n: number) => `${toDecimalString(n, currency)} ${currency}`;
    if (intent.status !== 'requires_payment_method' && intent.status !== 'pending') {
      // Money after the end (intent failed, canceled, or already paid): recorded, never dropped.
      await emitIntent(tx, 'payment_intent.late_payment', intent);
      return { replace: false };
    }
    // While the intent is open, money on any of its attempts pays it, even on one that ended
    // (an address the payer was switched away from, an attempt past its time).
    if (total >= amount) {
      if (intent.status === 'requires_payment_method') {
        intent = await transitionIntent(tx, id, 'pending');
        await emitIntent(tx, 'payment_intent.pending', intent);
      }
      intent = await transitionIntent(tx, id, 'succeeded', { last_payment_error: null });
      // An address, or another push of this attempt still open at the operator, stays watched.
      const watchSeconds = address ? WATCH_SECONDS : st.final === false ? PUSH_WATCH_SECONDS : null;
      await tx.query(
        `update payment_attempts set status = 'succeeded', updated_at = $2, locked_until = null,
            next_poll_at = $3, watch_until = $4 where id = $1`,
        [attempt.id, now, watchSeconds ? now + WATCH_POLL_SECONDS : null, watchSeconds ? now + watchSeconds : null],
      );
      // Paid through an attempt that had ended: the live one closes (still watched if money can reach it).
      if (!active) await closeActiveAttempts(tx, id, 'canceled', now);
      await emitIntent(tx, 'payment_intent.succeeded', intent);
      if (total > amount) await emitIntent(tx, 'payment_intent.overpaid', intent);
      const session = await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open' for update`, [id]);
      for (const s of session) {
        const done = await transitionSession(tx, s.id as string, 'complete', { completed_at: now });
        await recordEvent(tx, scopeOf(done), 'checkout_session.completed', toCheckoutSession(done));
      }
      return { replace: false };
    }
    // Underpaid so far: recorded, the rest is due. partially_paid carries the intent as it is
    // after the change (emitted last).
    const underpaid = { code: 'underpaid', message: `Received ${fmt(total)} of ${fmt(amount)}; ${fmt(amount - total)} is still due.`, rail };
    const partial = async (row: Row) => {
      await emitIntent(tx, 'payment_intent.partially_paid', row);
      return { replace: false };
    };
    if (address && st.seen > 0) return partial(intent); // more is on its way
    if (!active) {
      // Part paid on an attempt that had ended: the live attempt, if any, goes on; else the payer
      // is asked for the rest (confirming again reuses the address).
      if (intent.status === 'requires_payment_method')
        intent = (await tx.query(`update payment_intents set last_payment_error = $2, updated_at = $3 where id = $1 returning *`, [id, JSON.stringify(underpaid), now]))[0]!;
      return partial(intent);
    }
    if (address) {
      // The address stays open for the rest; the payer is asked for it.
      await tx.query(`update payment_attempts set status = 'awaiting_payment' where id = $1`, [attempt.id]);
      if (await windowClosed(tx, id, now)) return partial(await failIntent(tx, intent, underpaid, now));
      const row =
        intent.status === 'pending'
          ? await transitionIntent(tx, id, 'requires_payment_method', { last_payment_error: JSON.stringify(underpaid) })
          : (await tx.query(`update payment_intents set last_payment_error = $2 where id = $1 returning *`, [id, JSON.stringify(underpaid)]))[0]!;
      return partial(row);
    }
    return partial(await failAttempt(tx, intent, attempt, { code: 'underpaid', message: underpaid.message }, now));
  }

  if (!active) return { replace: false };
  const expired = attempt.expires_at !== null && (attempt.expires_at as number) <= now;
  switch (st.state) {
    case 'failed':
      await failAttempt(tx, intent, attempt, st.error ?? { code: 'payment_failed', message: 'The payment failed.' }, now);
      return { replace: false };
    case 'pending':
      if (isMobileMoneyRail(rail) && expired) break; // the operator never answered in time
      if (attempt.status !== 'pending') await tx.query(`update payment_attempts set status = 'pending' where id = $1`, [attempt.id]);
      if (intent.status === 'requires_payment_method') {
        intent = await transitionIntent(tx, id, 'pending', { last_payment_error: null });
        await emitIntent(tx, 'payment_intent.pending', intent);
      }
      return { replace: false };
    case 'confirmed':
    case 'waiting':
      if (attempt.status === 'pending' && address && st.seen === 0) {
        // What was seen left the mempool (replaced or dropped): waiting again.
        await tx.query(`update payment_attempts set status = 'awaiting_payment' where id = $1`, [attempt.id]);
        if (intent.status === 'pending') {
          const error = { code: 'payment_dropped', message: 'The payment seen on the network was replaced or dropped before it confirmed.', rail };
          intent = await transitionIntent(tx, id, 'requires_payment_method', { last_payment_error: JSON.stringify(error) });
          await emitIntent(tx, 'payment_intent.payment_failed', intent);
        }
      }
      if (!expired) return { replace: false };
      break;
    case 'expired':
      break;
  }
  // The attempt's time is up.
  if (isMobileMoneyRail(rail)) {
    // Our time is up, not the operator's: the buyer may retry now, and the push stays watched
    // until the operator's final answer (a late approval still pays the intent, or is recorded).
    await failAttempt(tx, intent, attempt, { code: 'timeout', message: 'The payer did not approve the payment request in time.' }, now, { watchSeconds: PUSH_WATCH_SECONDS });
    return { replace: false };
  }
  await tx.query(
    `update payment_attempts set status = 'expired', updated_at = $2, locked_until = null, next_poll_at = $3, watch_until = $4 where id = $1`,
    [attempt.id, now, address ? now + WATCH_POLL_SECONDS : null, address ? now + WATCH_SECONDS : null],
  );
  if (intent.status === 'pending') {
    const error = { code: 'timeout', message: 'The payment was not completed before the attempt expired.', rail };
    intent = await transitionIntent(tx, id, 'requires_payment_method', { last_payment_error: JSON.stringify(error) });
    await emitIntent(tx, 'payment_intent.payment_failed', intent);
  }
  const session = await openSessionOf(tx, id);
  return { replace: rail === 'btc_lightning' && intent.status === 'requires_payment_method' && !!session && (session.expires_at as number) > now + 60 };
}

/** A due attempt whose rail this process has no adapter for is looked at again after this long. */
export const UNCONFIGURED_RETRY_SECONDS = 60;

/**
 * Ask the backend about one attempt and apply the answer (worker, callbacks). The backend call
 * happens with no transaction open; the answer is applied under row locks.
 */
export async function refreshAttempt(db: Db, attemptId: string, now: number): Promise<void> {
  let row = (await db.query(`select * from payment_attempts where id = $1`, [attemptId]))[0];
  if (!row) return;
  const livemode = row.livemode as boolean;
  const rail = row.rail as Rail;
  if (row.status === 'creating') {
    if ((row.created_at as number) > now - STUCK_CREATING_SECONDS) return;
    if (!(isMobileMoneyRail(rail) && row.backend_ref)) {
      await abortAttempt(db, attemptId, 'the request that started this attempt did not finish');
      return;
    }
    // The request that sent this push did not finish: the push may have gone out. It is pending,
    // looked up by its stored reference (unknown to the operator for long enough: never arrived).
    const moved = await db.transaction(async (tx) => {
      const intent = await lockIntent(tx, row!.payment_intent_id as string);
      const a = (await tx.query(
        `update payment_attempts set status = 'pending', expires_at = $2, updated_at = $3 where id = $1 and status = 'creating' returning *`,
        [attemptId, (row!.created_at as number) + operatorInfo(rail as MobileMoneyRail).timeoutSeconds, now],
      ))[0];
      if (a && intent.status === 'requires_payment_method') {
        const pi = await transitionIntent(tx, intent.id as string, 'pending', { last_payment_error: null });
        await emitIntent(tx, 'payment_intent.pending', pi);
      }
      return a;
    });
    if (!moved) return;
    row = moved;
  }
  const adapter = railAdapter(rail, livemode);
  const watching = row.watch_until !== null && (row.watch_until as number) > now;
  if (!isActive(row.status) && !watching) {
    // Ended and no longer watched: nothing can happen to it any more.
    await db.query(`update payment_attempts set next_poll_at = null, locked_until = null where id = $1`, [attemptId]);
    return;
  }
  if (!adapter) {
    // Its rail is not configured in this process (another instance may have it, or this one will
    // after a restart): money must never stop being watched for that. Look again later.
    await db.query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [attemptId, now + UNCONFIGURED_RETRY_SECONDS]);
    return;
  }
  let st: RailStatus;
  try {
    st = await adapter.getStatus(attemptView(row), now);
    if (adapter.mode === 'live') markRailUp(rail, true);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    if (adapter.mode === 'live') markRailDown(rail, true);
    log('warn', 'rail status check failed', { rail, attemptId, error: err.message });
    await db.query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [attemptId, now + Math.max(adapter.pollSeconds * 2, 10)]);
    return;
  }
  const polled = row;
  const result = await db.transaction(async (tx) => {
    const intent = await lockIntent(tx, polled.payment_intent_id as string);
    const attempt = await lockAttempt(tx, attemptId);
    if (pushOf(attempt) !== pushOf(polled)) {
      // A resend changed what is out there while we asked: this answer is about the old pushes.
      await tx.query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [attemptId, now]);
      return { replace: false };
    }
    const r = await applyRailStatus(tx, intent, attempt, st, now);
    let after = await lockAttempt(tx, attemptId);
    const stillActive = isActive(after.status);
    if (!stillActive && isMobileMoneyRail(rail) && (st.state === 'failed' || st.state === 'confirmed') && st.final !== false) {
      // A watched push got its final answer at the operator: nothing more can happen to it.
      after = (await tx.query(`update payment_attempts set watch_until = null where id = $1 returning *`, [attemptId]))[0]!;
    }
    const stillWatched = after.watch_until !== null && (after.watch_until as number) > now;
    await tx.query(`update payment_attempts set next_poll_at = $2, locked_until = null where id = $1`, [
      attemptId,
      stillActive ? now + adapter.pollSeconds : stillWatched ? now + WATCH_POLL_SECONDS : null,
    ]);
    return r;
  });
  if (result.replace) {
    // An expired invoice is replaced while the session is open.
    const input = await db.transaction(async (tx) => {
      const intent = await lockIntent(tx, row.payment_intent_id as string);
      if (intent.status !== 'requires_payment_method' || intent.rail !== rail || (await activeAttempt(tx, intent.id as string))) return null;
      return beginAttempt(tx, intent, adapter, {}, now);
    });
    if (input) await startAttempt(db, input, adapter).catch((err) => {
      if (!(err instanceof ApiError)) throw err;
    });
  }
}

/** What a status answer is about: the backend reference(s) of the attempt. */
function pushOf(row: Row): string {
  return `${(row.backend_ref as string | null) ?? ''}|${JSON.stringify((row.details as Record<string, unknown> | null)?.referenceIds ?? null)}`;
}

/** How long a worker holds a claimed attempt before another may take it. */
const LEASE_SECONDS = 60;

/** Worker: claim due attempts. `for update skip locked` + a lease: two workers never get the same row. */
export async function claimDueAttempts(db: Db, now: number, limit = 25, opts: WorkScope & { leaseSeconds?: number } = {}): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update payment_attempts set locked_until = $1::bigint + $3::bigint
      where id in (select id from payment_attempts
                    where next_poll_at <= $1 and (locked_until is null or locked_until <= $1)
                      and ($4::text is null or merchant_id = $4)
                    order by next_poll_at limit $2 for update skip locked)
      returning id`,
    [now, limit, opts.leaseSeconds ?? 60, opts.merchantId ?? null],
  );
  return rows.map((r) => r.id);
}

/** Limit a worker pass to one merchant (tests sharing a database; operations). */
export interface WorkScope {
  merchantId?: string;
}

/** Worker task: poll every due attempt once. */
export async function pollDueAttempts(db: Db, now = Math.floor(Date.now() / 1000), scope: WorkScope = {}): Promise<number> {
  const ids = await claimDueAttempts(db, now, 25, { ...scope, leaseSeconds: LEASE_SECONDS });
  const startedMs = Date.now();
  const lease = now + LEASE_SECONDS;
  for (const id of ids) {
    try {
      // The batch is refreshed one by one: renew this row's lease first, if it is still ours (a
      // slow batch may have let it expire and another worker take it: then it is theirs).
      const at = now + Math.max(0, Math.floor((Date.now() - startedMs) / 1000));
      const renewed = await db.query(`update payment_attempts set locked_until = $2 where id = $1 and locked_until = $3 returning id`, [id, at + LEASE_SECONDS, lease]);
      if (!renewed[0]) continue;
      await refreshAttempt(db, id, now);
    } catch (err) {
      log('error', 'attempt refresh failed', { attemptId: id, error: err instanceof Error ? err.stack : String(err) });
    }
  }
  return ids.length;
}
