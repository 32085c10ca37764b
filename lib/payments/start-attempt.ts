// Starting an attempt at its backend (steps 2 and 3; step 1 is begin-attempt.ts): the row is
// committed first, the backend called with no transaction open, its prompt recorded in a new
// transaction; a failed call fails the attempt (abort, or refuse: the payer's failure) and answers
// rail_unavailable or payment_refused. Simulators are pure: all in the caller's transaction.
// May call lib/store, lib/domain (events, transitions, payment-intents, phone-limits, rail-health),
// lib/rails, apply-decision.ts, close.ts, adapters.ts, families.
import type { Db } from '../db/client';
import { recordEvent } from '../domain/events';
import { serializeIntent } from '../domain/payment-intents';
import { releasePrompt } from '../domain/phone-limits';
import { recordBackendFailure, recordBackendSuccess } from '../domain/rail-health';
import { transitionIntent } from '../domain/transitions';
import { railUnavailable, unexpectedState } from '../errors';
import { log } from '../log';
import { BackendError, type PromptInput, type RailAdapter, type RailPrompt, type RailStatus } from '../rails/types';
import { lockAttempt, transitionAttempt, writeAttempt } from '../store/attempts';
import { lockIntent, parseIntent } from '../store/intents';
import { operatorOf, paymentRefused, scopeOf } from './adapters';
import { applyDecision, loadFacts } from './apply-decision';
import { closeAttempt } from './close';
import { decide } from './decide';
import { familyOf, familyOfRail } from './families';
import { watchUntilAfterClose } from './watch';

/** Step 3, in a transaction: record the backend's prompt; a mobile-money prompt makes the intent pending. */
export async function finishAttempt(tx: Db, input: PromptInput, prompt: RailPrompt, adapter: RailAdapter): Promise<'recorded' | 'closed'> {
  const intent = await lockIntent(tx, input.intentId);
  const attempt = await lockAttempt(tx, input.attemptId);
  const status = familyOf(adapter).promptStatus;
  if (attempt.status === 'canceled' && (attempt.backend_ref === null || attempt.backend_ref === prompt.backendRef)) {
    // The intent was paid through another attempt while this request was in flight: the prompt
    // exists at the backend all the same. Recorded on the closed attempt, never reopened, and
    // watched while the backend can pay it (a closed invoice is canceled at the node by the worker).
    const watchUntil = watchUntilAfterClose({ rail: input.rail, backendRef: prompt.backendRef, expiresAt: prompt.expiresAt }, input.now);
    await writeAttempt(tx, input.attemptId, {
      set: {
        destination: prompt.destination,
        backend_ref: prompt.backendRef,
        expires_at: prompt.expiresAt,
        watch_until: watchUntil,
        next_poll_at: watchUntil === null ? null : input.now + 1,
        updated_at: input.now,
      },
      mergeDetails: prompt.details,
    });
    return 'closed';
  }
  // A push recorded as possibly sent (pending, same reference) may be recorded again when its answer comes.
  const samePush = attempt.status === 'pending' && attempt.backend_ref === prompt.backendRef;
  if (attempt.status !== 'creating' && !samePush) throw railUnavailable(input.rail, 'the attempt was abandoned before the backend answered');
  const set = {
    destination: prompt.destination,
    backend_ref: prompt.backendRef,
    expires_at: prompt.expiresAt,
    next_poll_at: input.now + adapter.pollSeconds,
    updated_at: input.now,
  };
  if (samePush) await writeAttempt(tx, input.attemptId, { set, mergeDetails: prompt.details });
  else await transitionAttempt(tx, input.attemptId, status, { from: ['creating'], set, mergeDetails: prompt.details });
  if (status === 'pending' && intent.status === 'requires_payment_method') {
    const row = parseIntent(await transitionIntent(tx, input.intentId, 'pending', { last_payment_error: null }));
    await recordEvent(tx, scopeOf(row), 'payment_intent.pending', await serializeIntent(tx, row));
  }
  return 'recorded';
}

/** Record a live backend's prompt (after commit, a 409 when the intent ended while it was being made). */
async function recordPrompt(db: Db, input: PromptInput, prompt: RailPrompt, adapter: RailAdapter): Promise<void> {
  if ((await db.transaction((tx) => finishAttempt(tx, input, prompt, adapter))) === 'closed')
    throw unexpectedState('This payment intent ended (it was paid) while the payment request was being made; nothing more is due.');
}

/** The prompt of a push whose answer we did not get: looked up by the reference made before the call. */
function unconfirmedPush(input: PromptInput, adapter: RailAdapter): RailPrompt {
  const timeout = operatorOf(adapter)?.timeoutSeconds ?? 0;
  return {
    destination: input.phone!,
    backendRef: input.reference!,
    expiresAt: input.now + timeout,
    details: { referenceIds: [input.reference!], resends: 0, lastPushAt: input.now, pushUnconfirmed: true },
  };
}

/** The request that started the attempt surely did not reach its backend: the attempt fails (rail_unavailable). */
export async function abortAttempt(db: Db, attemptId: string, message: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAttempt(tx, attemptId);
    // The backend surely did not take the request: only an address (which can receive anyway) stays watched.
    await closeAttempt(tx, row, 'failed', now, {
      from: ['creating'],
      error: { code: 'rail_unavailable', message },
      ...(familyOfRail(row.rail).receivesOnAddress ? {} : { watchUntil: null }),
    });
  });
}

/**
 * Start an attempt on the intent's rail. Simulators are pure: all in the caller's transaction.
 * Live backends: the row is committed first, the backend called with no transaction open, the
 * result recorded in a new transaction; a failed call fails the attempt and answers rail_unavailable.
 */
export async function startAttempt(db: Db, input: PromptInput, adapter: RailAdapter): Promise<void> {
  if (adapter.mode === 'test') {
    const prompt = await adapter.createPrompt(input);
    await recordPrompt(db, input, prompt, adapter);
    return;
  }
  let prompt: RailPrompt;
  try {
    prompt = await adapter.createPrompt(input);
  } catch (err) {
    await promptFailed(db, input, adapter, err);
    return;
  }
  await recordBackendSuccess(db, adapter, input.now);
  await recordPrompt(db, input, prompt, adapter);
}

/** The backend call failed: maybe sent (pending, polled by its reference), refused (the payer's failure), or down. */
async function promptFailed(db: Db, input: PromptInput, adapter: RailAdapter, err: unknown): Promise<void> {
  if (err instanceof BackendError) await recordBackendFailure(db, adapter, err, input.now);
  if (err instanceof BackendError && err.maybeSent && input.reference && input.phone) {
    // The push may have gone out: it is pending, and polling its reference decides.
    log('warn', 'rail push outcome unknown', { rail: adapter.rail, attemptId: input.attemptId, error: err.message });
    await recordPrompt(db, input, unconfirmedPush(input, adapter), adapter);
    return;
  }
  // Surely not sent: the phone's prompt is given back (a push's: a redirect reserved none).
  if (err instanceof BackendError && input.phone && input.reference) await releasePrompt(db, input.phone, input.attemptId);
  if (err instanceof BackendError && err.kind === 'request') {
    // The backend refused this one request (a 4xx about its content): the attempt fails as the
    // payer's failure (it counts toward the attempt cap); the rail stays healthy.
    log('warn', 'rail backend refused the request', { rail: adapter.rail, attemptId: input.attemptId, status: err.status });
    await refuseAttempt(db, input, adapter, err);
    throw paymentRefused(adapter, err);
  }
  await abortAttempt(db, input.attemptId, (err as Error).message, input.now);
  if (err instanceof BackendError) {
    log('warn', 'rail backend failed', { rail: adapter.rail, error: err.message });
    throw railUnavailable(adapter.rail);
  }
  throw err;
}

/**
 * The backend refused the attempt's request: the attempt fails through the same rules as a payer's
 * decline (decide.ts: the intent's lastPaymentError, payment_failed, the attempt cap), as an
 * attempt whose request reached the backend and was answered once and for all.
 */
async function refuseAttempt(db: Db, input: PromptInput, adapter: RailAdapter, err: BackendError): Promise<void> {
  await db.transaction(async (tx) => {
    const intent = await lockIntent(tx, input.intentId);
    const attempt = await lockAttempt(tx, input.attemptId);
    if (attempt.status !== 'creating') return;
    const report: RailStatus = {
      state: 'failed',
      received: 0,
      seen: 0,
      final: true,
      error: { code: 'payment_refused', message: `The backend refused the payment request${err.status ? ` (HTTP ${err.status})` : ''}.` },
    };
    const facts = await loadFacts(tx, intent, attempt, input.now);
    const d = decide(facts.intent, { ...facts.attempt, status: 'awaiting_payment' }, report, input.now);
    await applyDecision(tx, intent, attempt, d, report, input.now, adapter.pollSeconds);
  });
}
