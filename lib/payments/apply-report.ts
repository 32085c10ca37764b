// Asking a backend about one attempt and applying its answer (the worker's poll, callbacks, a
// confirm's recheck): the backend call happens with no transaction open; the answer is applied under
// row locks (apply-decision.ts). The poll only records: when the answer calls for a new invoice, it
// says so (`replaceInvoice` in the outcome) and the worker starts it through the confirm path
// (replace-invoice.ts). May call lib/store, lib/domain (rail-health, events, transitions,
// payment-intents), lib/rails, apply-decision.ts, close.ts, watch.ts, families.
import { config } from '../config';
import type { Db, Row } from '../db/client';
import { recordEvent } from '../domain/events';
import { serializeIntent } from '../domain/payment-intents';
import { recordBackendFailure, recordBackendSuccess } from '../domain/rail-health';
import { transitionIntent } from '../domain/transitions';
import { DomainError } from '../errors';
import { log } from '../log';
import { isMobileMoneyRail, type MobileMoneyRail, type Rail } from '../money';
import { operatorInfo } from '../rails/mobile-money/operators';
import { BackendError, type RailAdapter, type RailStatus } from '../rails/types';
import { markMoneySeen } from '../store/addresses';
import { attemptView, getAttempt, isActiveAttempt, lockAttempt, type PaymentAttemptRow, parseAttempt, writeAttempt, writeQuietPoll } from '../store/attempts';
import { lockIntent, parseIntent } from '../store/intents';
import { adapterOfAttempt, operatorOf, scopeOf } from './adapters';
import { applyReport } from './apply-decision';
import { STUCK_CREATING_SECONDS } from './begin-attempt';
import { cancelAtBackend } from './close';
import { isQuietReport } from './decide';
import { familyOfRail } from './families';
import { abortAttempt } from './start-attempt';
import { nextPollAt, WATCH_POLL_SECONDS } from './watch';

/** An attempt whose rail has no adapter in this process is asked about again after this long. */
export const UNCONFIGURED_RETRY_SECONDS = 60;
/** A history read in part (RailStatus.complete false) goes on after this long. */
export const PARTIAL_READ_SECONDS = 5;

/** What a refresh leaves to its caller: an expired invoice to replace (intent id), started on the confirm path. */
export interface RefreshOutcome {
  replaceInvoice?: { intentId: string; rail: Rail };
}

/**
 * Ask the backend about one attempt and apply the answer (worker, callbacks). The backend call
 * happens with no transaction open; the answer is applied under row locks.
 */
export async function refreshAttempt(db: Db, attemptId: string, now: number, read?: Row): Promise<RefreshOutcome> {
  let row = read ? parseAttempt(read) : await getAttempt(db, attemptId);
  if (!row) return {};
  if (row.status === 'creating') {
    row = await unstick(db, row, now);
    if (!row) return {};
  }
  const watching = row.watch_until !== null && row.watch_until > now;
  if (!isActiveAttempt(row.status) && !watching) {
    await writeAttempt(db, attemptId, { set: { next_poll_at: null, locked_until: null } });
    return {};
  }
  const adapter = await askable(db, row, now);
  if (!adapter) return {};
  row = await cancelAtBackend(db, adapter, row, now);
  const st = await ask(db, adapter, row, now);
  if (!st) return {};
  // Nothing at the backend for an attempt waiting for its money: when to ask again, one write.
  if (await quietPoll(db, row, st, now, adapter.pollSeconds)) return {};
  const settled = await applyAnswer(db, row, st, now, adapter);
  if (!settled) return {};
  // Closed by this answer (our timeout): made unpayable at the backend now, not at the next watch
  // poll a minute later (meanwhile the payer may start another attempt and pay both).
  if (settled.after && !isActiveAttempt(settled.after.status) && settled.after.watch_until !== null) await cancelAtBackend(db, adapter, settled.after, now);
  return settled.replace ? { replaceInvoice: { intentId: row.payment_intent_id, rail: row.rail } } : {};
}

/**
 * An attempt still `creating` after STUCK_CREATING_SECONDS lost its request. Without a push
 * reference it fails; a push may have gone out: it is pending, looked up by its stored reference
 * (unknown to the operator for long enough: never arrived). Returns the row to go on with, or null.
 */
async function unstick(db: Db, row: PaymentAttemptRow, now: number): Promise<PaymentAttemptRow | null> {
  const attemptId = row.id;
  const rail = row.rail;
  if (row.created_at > now - STUCK_CREATING_SECONDS) return null;
  if (!(isMobileMoneyRail(rail) && row.backend_ref)) {
    await abortAttempt(db, attemptId, 'the request that started this attempt did not finish', now);
    return null;
  }
  return db.transaction(async (tx) => {
    const intent = await lockIntent(tx, row.payment_intent_id);
    const a = await writeAttempt(tx, attemptId, {
      to: 'pending',
      from: ['creating'],
      set: { expires_at: row.created_at + (await pushTimeout(tx, row)), updated_at: now },
    });
    if (a && intent.status === 'requires_payment_method') {
      const pi = parseIntent(await transitionIntent(tx, intent.id, 'pending', { last_payment_error: null }));
      await recordEvent(tx, scopeOf(pi), 'payment_intent.pending', await serializeIntent(tx, pi));
    }
    return a;
  });
}

/** How long a push lasts at the operator of the account that sent it. */
async function pushTimeout(db: Db, row: PaymentAttemptRow): Promise<number> {
  const adapter = await adapterOfAttempt(db, row).catch(() => null);
  return ((adapter && operatorOf(adapter)) ?? operatorInfo(row.rail as MobileMoneyRail)).timeoutSeconds;
}

/** The adapter to ask about this attempt, or null (asked again later: none here, or another protocol's). */
async function askable(db: Db, row: PaymentAttemptRow, now: number): Promise<RailAdapter | null> {
  const rail = row.rail;
  // The account and version that made the attempt, whatever became of the account since.
  const adapter = await adapterOfAttempt(db, row).catch((err: Error) => {
    log('error', 'the adapter of an attempt could not be made', { rail, attemptId: row.id, account: row.rail_account_id, error: err.message });
    return null;
  });
  const protocol = row.details.protocol;
  const op = adapter && operatorOf(adapter);
  const pinned = op && familyOfRail(rail).pinsProtocol && typeof protocol === 'string' ? op.protocol : null;
  if (pinned !== null && protocol !== pinned) {
    // The rail now speaks another operator API than the one this attempt lives at: asking it would
    // be asking the wrong operator (and a "never heard of it" would end the watch). Kept, asked
    // again later, the rail's health untouched, until the configuration matches again.
    log('warn', 'attempt of another protocol than its rail speaks now', { rail, attemptId: row.id, protocol, now: pinned });
  }
  // This process has no adapter for the rail (another instance may, or the configuration will be
  // fixed): the attempt is never dropped while money can still reach it; ask again later.
  if (!adapter || (pinned !== null && protocol !== pinned)) {
    await writeAttempt(db, row.id, { set: { next_poll_at: now + UNCONFIGURED_RETRY_SECONDS, locked_until: null } });
    return null;
  }
  return adapter;
}

/** The backend's answer, or null when there is nothing to decide yet (unreadable, or read in part). */
async function ask(db: Db, adapter: RailAdapter, row: PaymentAttemptRow, now: number): Promise<RailStatus | null> {
  let st: RailStatus;
  try {
    st = await adapter.getStatus(attemptView(row), now);
    // A status check is a probe too: its answer heals a rail that was down.
    await recordBackendSuccess(db, adapter, now);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    await recordBackendFailure(db, adapter, err, now);
    log('warn', 'rail status check failed', { rail: adapter.rail, attemptId: row.id, error: err.message });
    await unreadable(db, row, err, now, now + Math.max(adapter.pollSeconds * 2, 10));
    return null;
  }
  // A read that succeeds ends the recorded read error.
  if (row.details.readError) st = { ...st, details: { ...st.details, readError: null } };
  if (st.complete === false) {
    // A long history read in part: where the reading got to is kept, nothing is decided, and the
    // next part is read soon (one poll's pages at a time, never given up).
    await writeAttempt(db, row.id, { set: { next_poll_at: now + PARTIAL_READ_SECONDS, locked_until: null }, mergeDetails: st.details ?? {} });
    return null;
  }
  return st;
}

/** The answer applied under the intent's and the attempt's row locks; null when it waits for a fresh rate. */
async function applyAnswer(
  db: Db,
  polled: PaymentAttemptRow,
  st: RailStatus,
  now: number,
  adapter: RailAdapter,
): Promise<{ replace: boolean; after: PaymentAttemptRow | null } | null> {
  const attemptId = polled.id;
  return db
    .transaction(async (tx) => {
      const intent = await lockIntent(tx, polled.payment_intent_id);
      const attempt = await lockAttempt(tx, attemptId);
      if (pushOf(attempt) !== pushOf(polled)) {
        // A resend changed what is out there while we asked: this answer is about the old pushes.
        await writeAttempt(tx, attemptId, { set: { next_poll_at: now, locked_until: null } });
        return { replace: false, after: null };
      }
      const d = await applyReport(tx, intent, attempt, st, now, adapter.pollSeconds);
      return { replace: d.replace, after: d.attempt };
    })
    .catch(async (err) => {
      if (!(err instanceof DomainError) || err.code !== 'rail_unavailable') throw err;
      await waitForRate(db, polled, st, now, err);
      return null;
    });
}

/**
 * Money seen after its quote ended waits for a fresh rate to be valued (conversion.ts lateRate):
 * nothing is decided, the attempt is asked about again after the next rate refresh. The money is on
 * the address all the same: the address is used for good (never handed to another intent, whose
 * attempt would then count this payer's money), and the attempt stays watched however long the
 * rates stay stale (its watch would otherwise end with the money never recorded).
 */
async function waitForRate(db: Db, polled: PaymentAttemptRow, st: RailStatus, now: number, err: DomainError): Promise<void> {
  const rail = polled.rail;
  log('warn', 'late payment waits for a fresh exchange rate', { rail, attemptId: polled.id, error: err.message });
  const retryAt = now + config().RATE_REFRESH_SECONDS;
  if (familyOfRail(rail).receivesOnAddress && st.received + st.seen > 0) await markMoneySeen(db, polled.destination, rail, now);
  const watched =
    !isActiveAttempt(polled.status) && polled.watch_until !== null ? { watch_until: Math.max(Number(polled.watch_until), retryAt + WATCH_POLL_SECONDS) } : {};
  await writeAttempt(db, polled.id, { set: { next_poll_at: retryAt, locked_until: null, ...watched } });
}

/**
 * The backend could not answer about this attempt: asked again at `retryAt`, and the failure is
 * recorded on the attempt (details.readError: since when, how many times, the last message), where
 * the dashboard shows it, until a read succeeds. An address stays watched while it cannot be read:
 * its watch ends only after a read that succeeded past its end (money may have come meanwhile).
 */
async function unreadable(db: Db, row: PaymentAttemptRow, err: BackendError, now: number, retryAt: number): Promise<void> {
  const prev = row.details.readError;
  const readError = { message: err.message.slice(0, 200), since: prev?.since ?? now, at: now, failures: (prev?.failures ?? 0) + 1 };
  // (held past the retry by a watch poll's interval, so a worker a little late still finds it watched)
  const watched = familyOfRail(row.rail).receivesOnAddress && !isActiveAttempt(row.status) && row.watch_until !== null;
  const watchUntil = watched ? { watch_until: Math.max(Number(row.watch_until), retryAt + WATCH_POLL_SECONDS) } : {};
  await writeAttempt(db, row.id, { set: { next_poll_at: retryAt, locked_until: null, ...watchUntil }, mergeDetails: { readError } });
}

/**
 * A quiet answer (decide.ts `isQuietReport`: nothing seen, the attempt waiting, its time not up)
 * changes nothing but when to ask again (and the report's details, merged as the long way would):
 * written in one statement that re-checks the attempt is as it was read (a payment, a resend or a
 * test helper in between sends it the long way) and that its address has credited nothing (money
 * counted on it earlier would make an empty answer a reversal). Most polls of open address attempts
 * are these; each costs one write instead of a transaction.
 */
async function quietPoll(db: Db, row: PaymentAttemptRow, report: RailStatus, now: number, pollSeconds: number): Promise<boolean> {
  const attempt = { status: row.status, amountReceived: Number(row.amount_received), amountSeen: Number(row.amount_seen), expiresAt: row.expires_at };
  if (!isQuietReport(attempt, report, now)) return false;
  return writeQuietPoll(db, row, { now, nextPollAt: nextPollAt('awaiting_payment', null, now, pollSeconds), details: report.details ?? {} });
}

/** What a status answer is about: the backend reference(s) of the attempt. */
function pushOf(row: PaymentAttemptRow): string {
  return `${row.backend_ref ?? ''}|${JSON.stringify(row.details.referenceIds ?? null)}`;
}
