// The payment lifecycle's public API: what the /v1 routes, the hosted page's server actions and
// the worker call. One domain function per action; the API and the page share them.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { invalid, notFound, railUnavailable, testModeOnly, unexpectedState } from '../errors';
import type { Db, Row } from '../db/client';
import { nowSeconds } from '../ids';
import { log } from '../log';
import { railPolicy } from '../rails/catalog';
import { operatorInfo } from '../rails/mobile-money/operators';
import { railAdapter } from '../rails/registry';
import { BackendError, type PromptInput, type RailAdapter, type RailKind } from '../rails/types';
import {
  type WorkScope,
  activeAttempt,
  attemptView,
  beginAttempt,
  cancelClosedAtBackend,
  configuredAdapter,
  finishAttempt,
  lockIntent,
  normalizeBuyerPhone,
  paymentRefused,
  refreshAttempt,
  reuseOpenInvoice,
  settle,
  startAttempt,
  usableAdapter,
} from './attempts';
import { assertNoAttemptStarting, closeActiveAttempts, closeAttempt, isAddressRail, PUSH_WATCH_SECONDS, writeAttempt } from './attempt-states';
import { assertResendSpacing, releasePrompt, reservePrompt } from './phone-limits';
import { admitRequest, backendKey, downBackends, isBackendDown, recordBackendFailure, recordBackendSuccess } from './rail-health';
import { closeSessionsOfIntent, expireSession, intentMetadataOf, toCheckoutSession, type CheckoutSession } from './checkout-sessions';
import { urlInput, type Scope } from './common';
import { ADDRESS_RAILS, boundsFor, isMobileMoneyRail, RAILS, type Currency, type MobileMoneyRail, type Rail } from '../money';
import type { MobileMoneySimulator, TestOperatorAnswer } from '../rails/mobile-money/simulator';
import { amountInput } from './prices';
import { assertPayable, createPaymentIntent, getIntentRow, railInput, serializeIntent, type PaymentIntent } from './payment-intents';
import { recordEvent } from './events';
import { transitionIntent } from './transitions';
import { assertRateAvailable, convertsTo, quoteOf, settlementDue } from './conversion';
import { settlementAmount } from '../rates/quotes';
import { currentRates } from '../rates/store';

export { pollDueAttempts, claimDueAttempts, refreshAttempt, MAX_FAILED_ATTEMPTS, type WorkScope } from './attempts';
export type { NextAction } from './next-action';

export interface Clock {
  /** Unix seconds; tests pass their own. */
  now?: number;
  /**
   * Unix milliseconds, for what is counted finer than a second (the phone prompt limits,
   * phone-limits.ts). When given, `now` is read from it; else it is `now` x 1000, or the real clock.
   */
  nowMs?: number;
}

/** The time of a call, read once: `now` (unix seconds) and `nowMs` (unix ms) of the same instant. */
function timeOf(clock: Clock): { now: number; nowMs: number } {
  const nowMs = clock.nowMs ?? (clock.now !== undefined ? clock.now * 1000 : Date.now());
  return { now: clock.nowMs === undefined && clock.now !== undefined ? clock.now : Math.floor(nowMs / 1000), nowMs };
}

const TERMINAL = ['succeeded', 'failed', 'canceled'];

// ---------------------------------------------------------------------------------------------
// confirm

export const confirmPaymentIntentInput = z
  .strictObject({
    rail: railInput.optional(),
    phone: z.string({ error: 'phone must be a string' }).max(32, 'phone must be at most 32 characters').optional(),
    returnUrl: urlInput('returnUrl', { httpsOnly: true })
      .optional()
      .describe('Redirect operators (Orange Money, Wave) without a checkout session: where the operator sends the payer back'),
    resend: z
      .literal(true, { error: 'resend must be true' })
      .optional()
      .describe('Send the pending mobile-money push again (push operators only); no other parameter with it'),
  })
  .check((ctx) => {
    if (ctx.value.resend && (ctx.value.rail !== undefined || ctx.value.phone !== undefined || ctx.value.returnUrl !== undefined))
      ctx.issues.push({ code: 'custom', message: 'resend takes no other parameter', input: ctx.value, path: ['resend'] });
  });
export type ConfirmInput = z.output<typeof confirmPaymentIntentInput>;

/**
 * Start (or return) the payer's attempt and answer the intent with nextAction. Confirming again
 * returns the current attempt unless it failed or expired (then a new one). `rail` switches to
 * another rail of the intent's currency while requires_payment_method.
 */
export async function confirmPaymentIntent(
  db: Db,
  scope: Scope,
  intentId: string,
  input: ConfirmInput = {},
  clock: Clock & { locale?: 'fr' | 'en'; client?: string | null } = {},
): Promise<PaymentIntent> {
  const { now, nowMs } = timeOf(clock);
  if (input.resend) return resendMobileMoneyPrompt(db, scope, intentId, { now, nowMs });
  let rechecked = false;
  for (;;) {
    const step = await confirmStep(db, scope, intentId, input, { now, nowMs }, rechecked, clock.locale, clock.client);
    if ('recheck' in step) {
      // Our clock says the invoice expired: ask the backend once before dropping it (it may have
      // been paid at the last moment), with no transaction open; then decide again.
      rechecked = true;
      await refreshAttempt(db, step.recheck, now);
      continue;
    }
    if ('done' in step) return step.done;
    await startAttempt(db, step.start.promptInput, step.start.adapter);
    return serializeIntent(db, await getIntentRow(db, scope, intentId));
  }
}

type ConfirmStep = { done: PaymentIntent } | { recheck: string } | { start: { promptInput: PromptInput; adapter: RailAdapter } };

async function confirmStep(
  db: Db,
  scope: Scope,
  intentId: string,
  input: ConfirmInput,
  { now, nowMs }: { now: number; nowMs: number },
  rechecked: boolean,
  locale?: 'fr' | 'en',
  client?: string | null,
): Promise<ConfirmStep> {
  return db.transaction(async (tx): Promise<ConfirmStep> => {
    let intent = await getIntentRow(tx, scope, intentId, { forUpdate: true });
    const status = intent.status as string;
    if (TERMINAL.includes(status)) throw unexpectedState(`This payment intent's status is ${status}; it can no longer be confirmed.`);
    if (input.rail && input.rail !== intent.rail) {
      await assertRailCanChange(tx, intent);
      intent = await switchRail(tx, intent, input.rail, now);
    }
    const rail = intent.rail as Rail;
    const current = await activeAttempt(tx, intentId);
    if (current) {
      if (current.status === 'creating') throw unexpectedState('This payment intent is being confirmed by another request; retry in a moment.');
      if (isMobileMoneyRail(rail) && input.phone !== undefined) {
        const phone = normalizeBuyerPhone(rail, intent.currency as Currency, input.phone);
        if (phone !== current.destination)
          throw unexpectedState(
            current.destination
              ? `A payment request to ${current.destination as string} is pending; wait for its outcome${operatorInfo(rail).flow === 'push' ? ', or resend it' : ''}.`
              : `A payment request is pending at ${operatorInfo(rail).displayName}; send the payer to nextAction.url, or wait for its outcome.`,
          );
      }
      const invoiceExpired = rail === 'btc_lightning' && current.expires_at !== null && (current.expires_at as number) <= now;
      // A quote past its end (the page's "new rate" before the worker noticed): asked about first,
      // then closed (still watched) and a new quote made, as for an expired invoice.
      const quoteEnded = quoteOf(current) !== null && current.expires_at !== null && (current.expires_at as number) <= now;
      if (!invoiceExpired && !quoteEnded) return { done: await serializeIntent(tx, intent) };
      if (!rechecked) return { recheck: current.id as string };
      // Watched until the node can no longer be paid for it (and canceled there by the worker).
      await closeAttempt(tx, current, 'expired', now);
    }
    const session = (await tx.query(`select expires_at from checkout_sessions where payment_intent_id = $1 and status = 'open'`, [intentId]))[0];
    if (session && (session.expires_at as number) <= now) throw unexpectedState('The checkout session of this payment intent has expired.');
    if (session && input.returnUrl !== undefined)
      throw invalid('parameter_invalid', 'This payment intent has an open checkout session: the operator sends the payer back to its page. returnUrl is for payment intents confirmed without one.', 'returnUrl');
    const adapter = configuredAdapter(rail, scope.livemode);
    // Back from another rail: the invoice handed out before is handed out again while it is valid.
    if (await reuseOpenInvoice(tx, intent, adapter, now)) return { done: await serializeIntent(tx, await getIntentRow(tx, scope, intentId)) };
    await admitRequest(tx, adapter, now);
    const promptInput = await beginAttempt(tx, intent, adapter, { phone: input.phone, returnUrl: input.returnUrl, locale, client, promptAtMs: nowMs }, now);
    if (adapter.mode === 'test') {
      await finishAttempt(tx, promptInput, await adapter.createPrompt(promptInput), adapter);
      return { done: await serializeIntent(tx, await getIntentRow(tx, scope, intentId)) };
    }
    return { start: { promptInput, adapter } };
  });
}

/**
 * The rail may change while the intent is requires_payment_method, and while it is pending on a
 * redirect operator (Orange Money, Wave): the payer went to the operator's page and came back
 * without paying. A push (on the phone) or money on its way (an address, an invoice) keeps it.
 */
async function assertRailCanChange(tx: Db, intent: Row): Promise<void> {
  const status = intent.status as string;
  if (status === 'requires_payment_method') return;
  if (status === 'pending' && isMobileMoneyRail(intent.rail as Rail) && operatorInfo(intent.rail as MobileMoneyRail).flow === 'redirect') {
    const current = await activeAttempt(tx, intent.id as string);
    // Not while the operator says the payer confirmed and the payment is in progress (Orange's
    // PENDING): it ends in seconds, and leaving now could make the payer pay twice.
    const inProgress = (current?.details as Record<string, unknown> | undefined)?.operatorState === 'in_progress';
    if (current && current.status === 'pending' && Number(current.amount_received) === 0 && !inProgress) return;
    if (inProgress) throw unexpectedState(`The payer confirmed the payment at ${operatorInfo(intent.rail as MobileMoneyRail).displayName} and it is being processed; wait for its outcome (seconds) before choosing another rail.`);
  }
  throw unexpectedState(`This payment intent's status is ${status}; its rail can only change while it is requires_payment_method (or pending at a redirect operator).`);
}

async function switchRail(tx: Db, intent: Row, rail: Rail, now: number): Promise<Row> {
  assertPayable(rail, intent.currency as Currency, (intent.amount as number) - 0);
  await assertRateAvailable(tx, rail, intent.currency as Currency, intent.livemode as boolean, now);
  await assertNoAttemptStarting(tx, intent.id as string);
  // The attempt left behind stays watched while its operator could still be paid (closeAttempt):
  // a payment that comes in after all is counted, never lost.
  await closeActiveAttempts(tx, intent.id as string, 'canceled', now);
  if (intent.status === 'pending') {
    // The abandoned operator request is asked about (and, for Wave, expired) by the worker's next
    // pass, not a minute later: the payer is told to pay another way now.
    const left = await tx.query<{ id: string }>(
      `select id from payment_attempts where payment_intent_id = $1 and status = 'canceled' and watch_until > $2 and next_poll_at > $2`,
      [intent.id, now],
    );
    for (const a of left) await writeAttempt(tx, a.id, { set: { next_poll_at: now } });
    // Abandoned at a redirect operator: back to requires_payment_method, as a decline would.
    const error = { code: 'payment_abandoned', message: 'The payer left the operator’s page without paying and chose another payment method.', rail: intent.rail };
    const row = await transitionIntent(tx, intent.id as string, 'requires_payment_method', { last_payment_error: JSON.stringify(error) });
    await recordEvent(tx, { merchantId: row.merchant_id as string, livemode: row.livemode as boolean }, 'payment_intent.payment_failed', await serializeIntent(tx, row));
  }
  const rows = await tx.query(`update payment_intents set rail = $2, updated_at = $3 where id = $1 returning *`, [intent.id, rail, now]);
  return rows[0]!;
}

// ---------------------------------------------------------------------------------------------
// cancel

/** requires_payment_method -> canceled; its open checkout sessions expire with it. */
export async function cancelPaymentIntent(db: Db, scope: Scope, id: string, clock: Clock = {}): Promise<PaymentIntent> {
  const now = clock.now ?? nowSeconds();
  const canceled = await db.transaction(async (tx) => {
    await getIntentRow(tx, scope, id, { forUpdate: true });
    await assertNoAttemptStarting(tx, id);
    const row = await transitionIntent(tx, id, 'canceled', { canceled_at: now });
    await closeActiveAttempts(tx, id, 'canceled', now);
    const intent = await serializeIntent(tx, row);
    await recordEvent(tx, scope, 'payment_intent.canceled', intent);
    await closeSessionsOfIntent(tx, id, 'expired', now);
    return intent;
  });
  // The invoice (or Wave session) the payer was shown stops being payable now, not at the next poll.
  await cancelClosedAtBackend(db, id, now);
  return canceled;
}

// ---------------------------------------------------------------------------------------------
// hosted page: pick a rail

/**
 * The buyer picks a rail on the hosted page. A price-based session gets its intent now; an intent
 * still requires_payment_method switches rail within its currency. Public: the scope is the
 * session's own.
 */
export async function chooseSessionRail(db: Db, sessionId: string, rail: Rail, clock: Clock = {}): Promise<{ session: CheckoutSession; intent: PaymentIntent }> {
  const now = clock.now ?? nowSeconds();
  if (!(RAILS as readonly string[]).includes(rail)) throw invalid('parameter_invalid', `rail must be one of ${RAILS.join(', ')}`, 'rail');
  for (let tries = 0; ; tries++) {
    const first = (await db.query(`select * from checkout_sessions where id = $1`, [sessionId]))[0];
    if (!first) throw notFound('checkout_session', sessionId);
    try {
      return await chooseRailOnce(db, first, rail, now);
    } catch (err) {
      // Another request made the session's intent between our read and our lock: start again, so
      // the intent is locked before the session (the order everywhere; the other way deadlocks).
      if (err !== INTENT_APPEARED || tries >= 2) throw err === INTENT_APPEARED ? unexpectedState('This checkout session is being updated by another request; retry.') : err;
    }
  }
}

const INTENT_APPEARED = new Error('the session got its intent meanwhile');

async function chooseRailOnce(db: Db, first: Row, rail: Rail, now: number): Promise<{ session: CheckoutSession; intent: PaymentIntent }> {
  const sessionId = first.id as string;
  const scope: Scope = { merchantId: first.merchant_id as string, livemode: first.livemode as boolean };
  return db.transaction(async (tx) => {
    // Lock order everywhere: intent, then session.
    let intentRow = first.payment_intent_id ? await lockIntent(tx, first.payment_intent_id as string) : null;
    let session = (await tx.query(`select * from checkout_sessions where id = $1 for update`, [sessionId]))[0]!;
    if (!intentRow && session.payment_intent_id) throw INTENT_APPEARED;
    if (session.status !== 'open' || (session.expires_at as number) <= now)
      throw unexpectedState(`This checkout session is ${session.status === 'open' ? 'past its expiry' : session.status}; no rail can be chosen.`);
    const currency = session.currency as Currency;
    assertPayable(rail, currency, session.amount as number);
    await assertRateAvailable(tx, rail, currency, scope.livemode, now);
    const adapter = configuredAdapter(rail, scope.livemode);
    if (await isBackendDown(tx, adapter, now)) throw railUnavailable(rail, 'its backend is failing');
    if (!intentRow) {
      const price = (await tx.query<{ name: string }>(`select p.name from prices pr join products p on p.id = pr.product_id where pr.id = $1`, [session.price_id]))[0];
      const created = await createPaymentIntent(tx, scope, {
        amount: session.amount as number,
        currency,
        rail,
        description: price?.name,
        // The session's metadata (an orderId) reaches the intent and its events; checkoutSessionId wins.
        metadata: intentMetadataOf(sessionId, session.metadata as Record<string, string>),
      });
      session = (await tx.query(`update checkout_sessions set payment_intent_id = $2, updated_at = $3 where id = $1 returning *`, [sessionId, created.id, now]))[0]!;
      return { session: toCheckoutSession(session), intent: created };
    }
    if (intentRow.rail !== rail) {
      await assertRailCanChange(tx, intentRow);
      intentRow = await switchRail(tx, intentRow, rail, now);
    }
    return { session: toCheckoutSession(session), intent: await serializeIntent(tx, intentRow) };
  });
}

// ---------------------------------------------------------------------------------------------
// mobile money: send the request again

export const MAX_RESENDS = 3;

export async function resendMobileMoneyPrompt(db: Db, scope: Scope, intentId: string, clock: Clock = {}): Promise<PaymentIntent> {
  const { now, nowMs } = timeOf(clock);
  // 1. Under the row locks: check, and reserve the resend (count and our reference for the push),
  //    so two concurrent resends cannot both pass MAX_RESENDS and no push goes out unrecorded.
  const { attempt, reference, adapter } = await db.transaction(async (tx) => {
    const intent = await getIntentRow(tx, scope, intentId, { forUpdate: true });
    const rail = intent.rail as Rail;
    if (!isMobileMoneyRail(rail)) throw unexpectedState(`This payment intent's rail is ${rail}; only a mobile-money request can be sent again.`);
    if (operatorInfo(rail).flow === 'redirect')
      throw unexpectedState(`${operatorInfo(rail).displayName} asks the payer on its own page: nothing is sent to the phone. Send the payer to nextAction.url again; it stays valid until nextAction.expiresAt.`);
    const current = await activeAttempt(tx, intentId);
    const locked = current ? (await tx.query(`select * from payment_attempts where id = $1 for update`, [current.id]))[0] : undefined;
    if (intent.status !== 'pending' || !locked || locked.status !== 'pending')
      throw unexpectedState(`This payment intent's status is ${intent.status as string}; a request can be sent again only while one is pending.`);
    const details = locked.details as Record<string, unknown>;
    const resends = Number(details.resends ?? 0);
    if (resends >= MAX_RESENDS)
      throw unexpectedState(`The request was already sent again ${MAX_RESENDS} times; wait for it to time out, then confirm again.`);
    if (scope.livemode) {
      // A real phone: resends spaced, and the phone's own limits (phone-limits.ts).
      assertResendSpacing(Number(details.lastPushAt ?? locked.created_at), now);
      await reservePrompt(tx, locked.destination as string, { merchantId: scope.merchantId, attemptId: locked.id as string }, nowMs);
    }
    const adapter = await usableAdapter(tx, rail, scope.livemode, now);
    const reference = randomUUID();
    const refs = [...((details.referenceIds as string[] | undefined) ?? (locked.backend_ref ? [locked.backend_ref as string] : [])), reference];
    // The new push is out from now on: the operator's "no record of it" window and our own timeout
    // restart now, not when its answer comes back (a poll during the call must not end the attempt).
    const row = (await writeAttempt(tx, locked.id as string, {
      set: { updated_at: now, expires_at: now + operatorInfo(rail).timeoutSeconds },
      mergeDetails: { referenceIds: refs, resends: resends + 1, lastPushAt: now, previousPushAt: details.lastPushAt ?? null },
    }))!;
    return { attempt: row, reference, adapter };
  });
  const rail = attempt.rail as Rail;
  // 2. The push, with no transaction open.
  let prompt;
  try {
    prompt = await adapter.resend!(attemptView(attempt), now, reference);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    await recordBackendFailure(db, adapter, err, now);
    if (err.maybeSent) return serializeIntent(db, await getIntentRow(db, scope, intentId)); // pending: polling decides
    // Surely not sent: give the reservation (and the phone's prompt) back.
    if (scope.livemode) await releasePrompt(db, attempt.destination as string, attempt.id as string, nowMs);
    await db.transaction(async (tx) => {
      await lockIntent(tx, intentId);
      const row = (await tx.query(`select details from payment_attempts where id = $1 for update`, [attempt.id]))[0]!;
      const details = row.details as Record<string, unknown>;
      const refs = (details.referenceIds as string[] | undefined) ?? [];
      if (!refs.includes(reference)) return;
      await writeAttempt(tx, attempt.id as string, {
        mergeDetails: {
          referenceIds: refs.filter((r) => r !== reference),
          resends: Math.max(0, Number(details.resends ?? 1) - 1),
          ...(details.lastPushAt === now && details.previousPushAt != null ? { lastPushAt: details.previousPushAt } : {}),
        },
      });
    });
    // The operator refused this one push (a 4xx about it): the pending request goes on, the rail is fine.
    throw err.kind === 'request' ? paymentRefused(rail, err) : railUnavailable(rail);
  }
  await recordBackendSuccess(db, adapter, now);
  // 3. Record the push: only its own fields, on the attempt as it is now (no lost update).
  const recorded = await db.transaction(async (tx) => {
    await lockIntent(tx, intentId);
    const row = await writeAttempt(tx, attempt.id as string, {
      set: { backend_ref: prompt.backendRef, expires_at: prompt.expiresAt, next_poll_at: now, updated_at: now },
      mergeDetails: { lastPushAt: now },
      where: { sql: `status = 'pending' and details->'referenceIds' @> jsonb_build_array($1::text)`, params: [prompt.backendRef] },
    });
    if (!row) {
      // The attempt ended while this push went out (a decline of the older push, our timeout): the
      // new push reached the payer all the same, so the attempt is watched for its answer.
      await writeAttempt(tx, attempt.id as string, {
        set: { watch_until: now + PUSH_WATCH_SECONDS, next_poll_at: now + 1, updated_at: now },
        where: { sql: `status <> 'pending' and (watch_until is null or watch_until < $1)`, params: [now + PUSH_WATCH_SECONDS] },
      });
    }
    return row;
  });
  if (!recorded) throw unexpectedState('The pending request ended while it was being sent again; its answer is still watched. Confirm again to start a new request.');
  return serializeIntent(db, await getIntentRow(db, scope, intentId));
}

// ---------------------------------------------------------------------------------------------
// test helpers (test mode only)

export const testPayInput = z.strictObject({ amount: amountInput('amount').optional() });
export const testFailInput = z.strictObject({});

function assertTestMode(scope: Scope): void {
  if (scope.livemode)
    throw testModeOnly('Test helpers exist in test mode only: use a test key (sk_test_...).');
}

/** The intent's current attempt, started on its rail if there is none (test mode: simulators only). */
async function simulatedAttempt(tx: Db, scope: Scope, intent: Row, now: number): Promise<Row> {
  const rail = intent.rail as Rail;
  const current = await activeAttempt(tx, intent.id as string);
  if (current && current.status !== 'creating' && !(rail === 'btc_lightning' && (current.expires_at as number) <= now)) return current;
  if (current) await closeAttempt(tx, current, 'expired', now);
  if (intent.status !== 'requires_payment_method') throw unexpectedState(`This payment intent's status is ${intent.status as string}.`);
  const adapter = configuredAdapter(rail, scope.livemode);
  if (await reuseOpenInvoice(tx, intent, adapter, now)) return (await activeAttempt(tx, intent.id as string))!;
  const phone = isMobileMoneyRail(rail) ? operatorInfo(rail).markets[intent.currency as Currency]?.exampleNumber : undefined;
  const input = await beginAttempt(tx, intent, adapter, { phone }, now);
  await finishAttempt(tx, input, await adapter.createPrompt(input), adapter);
  return (await tx.query(`select * from payment_attempts where id = $1`, [input.attemptId]))[0]!;
}

async function simulate(db: Db, scope: Scope, intentId: string, now: number, act: 'pay' | 'fail', amount?: number, share?: 'under' | 'over'): Promise<PaymentIntent> {
  assertTestMode(scope);
  return db.transaction(async (tx) => {
    let intent = await getIntentRow(tx, scope, intentId, { forUpdate: true });
    const rail = intent.rail as Rail;
    const adapter = configuredAdapter(rail, false);
    let attempt: Row;
    if (TERMINAL.includes(intent.status as string)) {
      // Money sent to an address after the end is still money: a late payment.
      const last = (await tx.query(`select * from payment_attempts where payment_intent_id = $1 and rail = $2 order by seq desc limit 1`, [intentId, rail]))[0];
      if (act !== 'pay' || !(ADDRESS_RAILS as readonly string[]).includes(rail) || !last || intent.status === 'succeeded')
        throw unexpectedState(`This payment intent's status is ${intent.status as string}; it cannot be ${act === 'pay' ? 'paid' : 'failed'}.`);
      attempt = last;
    } else {
      attempt = await simulatedAttempt(tx, scope, intent, now);
      intent = await lockIntent(tx, intentId);
    }
    const sim = adapter.simulator!;
    // The payer pays in the attempt's currency: the quote's (BTC, USDT) when it converts.
    const quote = quoteOf(attempt);
    const payIn = (attempt.currency as Currency) ?? (intent.currency as Currency);
    if (amount !== undefined) {
      const { max } = boundsFor(payIn);
      if (amount > max) throw invalid('parameter_invalid', `amount must be at most ${max}, the largest ${payIn} amount (in minor units of ${payIn}, the attempt's currency).`, 'amount');
    }
    const intentDue = Math.max(0, (intent.amount as number) - (intent.amount_received as number));
    const due = Math.max(1, quote ? settlementDue(quote, Number(attempt.amount_received), intentDue, intent.currency as Currency) : intentDue);
    const paid = amount ?? (share === 'under' ? Math.max(1, Math.floor(due / 2)) : share === 'over' ? due + Math.max(1, Math.floor((quote?.amount ?? (intent.amount as number)) / 10)) : due);
    const details = act === 'pay' ? sim.pay(attemptView(attempt), paid, now) : sim.fail(attemptView(attempt), now);
    attempt = (await writeAttempt(tx, attempt.id as string, { set: { details: JSON.stringify(details) } }))!;
    const st = await adapter.getStatus(attemptView(attempt), now);
    await settle(tx, intent, attempt, st, now, adapter.pollSeconds);
    return serializeIntent(tx, await getIntentRow(tx, scope, intentId));
  });
}

/** POST /v1/test_helpers/payment_intents/:id/pay: the payer pays (amount: under/over payment). */
export function testPay(db: Db, scope: Scope, intentId: string, input: { amount?: number } = {}, clock: Clock = {}): Promise<PaymentIntent> {
  return simulate(db, scope, intentId, clock.now ?? nowSeconds(), 'pay', input.amount);
}

/**
 * Test mode: the current attempt's quote ends now, as if QUOTE_TTL_SECONDS had passed (only a quote
 * still open with nothing received or seen on it): its end is moved to now, then the attempt is asked
 * about at once, as the worker would at its next poll, so the engine itself decides what a quote
 * running out means (the attempt expires, the intent says why and asks for a method again).
 */
export async function testExpireQuote(db: Db, scope: Scope, intentId: string, clock: Clock = {}): Promise<void> {
  assertTestMode(scope);
  const now = clock.now ?? nowSeconds();
  const attemptId = await db.transaction(async (tx) => {
    await getIntentRow(tx, scope, intentId, { forUpdate: true });
    const a = await activeAttempt(tx, intentId);
    const q = quoteOf(a);
    if (!a || !q || a.status !== 'awaiting_payment' || Number(a.amount_received) > 0 || Number(a.amount_seen) > 0)
      throw unexpectedState('Only a quote still open, with nothing paid on it, can be made to expire.');
    await writeAttempt(tx, a.id as string, { set: { expires_at: now, quote: JSON.stringify({ ...q, expiresAt: now }), next_poll_at: now, updated_at: now } });
    return a.id as string;
  });
  await refreshAttempt(db, attemptId, now);
}

/**
 * The hosted page's test controls: pay half of what the attempt still asks (`under`), or that plus
 * a tenth of the whole (`over`), in the attempt's currency (the quote's when it converts).
 */
export function testPayShare(db: Db, scope: Scope, intentId: string, share: 'under' | 'over', clock: Clock = {}): Promise<PaymentIntent> {
  return simulate(db, scope, intentId, clock.now ?? nowSeconds(), 'pay', undefined, share);
}

/** POST /v1/test_helpers/payment_intents/:id/fail: the payment fails (declined). */
export function testFail(db: Db, scope: Scope, intentId: string, clock: Clock = {}): Promise<PaymentIntent> {
  return simulate(db, scope, intentId, clock.now ?? nowSeconds(), 'fail');
}

// ---------------------------------------------------------------------------------------------
// the test operator page (test mode, redirect operators)

export interface TestOperatorView {
  attemptId: string;
  operator: string;
  merchantName: string;
  amount: number;
  currency: Currency;
  phone: string | null;
  /** Whether the buttons still do something (the attempt is waiting for the payer). */
  open: boolean;
  /** The payer left this attempt for another payment method (its buttons no longer answer). */
  abandoned: boolean;
  returnUrl: string;
  locale: 'fr' | 'en';
}

/** A test-mode redirect attempt as the test operator page shows it; null for anything else (live, unknown, push). */
export async function testOperatorView(db: Db, attemptId: string): Promise<TestOperatorView | null> {
  if (!/^att_[A-Za-z0-9]{1,100}$/.test(attemptId)) return null;
  const a = (await db.query(
    `select a.*, m.name as merchant_name from payment_attempts a join merchants m on m.id = a.merchant_id where a.id = $1 and a.livemode = false`,
    [attemptId],
  ))[0];
  if (!a || !isMobileMoneyRail(a.rail as Rail) || operatorInfo(a.rail as MobileMoneyRail).flow !== 'redirect') return null;
  const details = (a.details ?? {}) as Record<string, unknown>;
  return {
    attemptId,
    operator: operatorInfo(a.rail as MobileMoneyRail).displayName,
    merchantName: a.merchant_name as string,
    amount: a.amount as number,
    currency: a.currency as Currency,
    phone: (a.destination as string | null) || null,
    open: a.status === 'pending',
    abandoned: a.status === 'canceled',
    returnUrl: String(details.returnUrl ?? ''),
    locale: details.locale === 'en' ? 'en' : 'fr',
  };
}

/**
 * The test operator page's buttons: the payer approves, declines, or has too little money. Applied
 * like an operator's answer (settle, under the row locks). Returns where to send the payer back.
 * An attempt that is no longer waiting is left as it is (a replayed form changes nothing).
 */
export async function answerTestOperator(db: Db, attemptId: string, answer: TestOperatorAnswer, clock: Clock = {}): Promise<{ returnUrl: string }> {
  const now = clock.now ?? nowSeconds();
  const view = await testOperatorView(db, attemptId);
  if (!view) throw notFound('payment_attempt', attemptId);
  await db.transaction(async (tx) => {
    const first = (await tx.query(`select payment_intent_id from payment_attempts where id = $1`, [attemptId]))[0]!;
    const intent = await lockIntent(tx, first.payment_intent_id as string);
    let attempt = (await tx.query(`select * from payment_attempts where id = $1 for update`, [attemptId]))[0]!;
    if (attempt.status !== 'pending') return;
    const adapter = configuredAdapter(attempt.rail as Rail, false) as RailAdapter & { simulator: MobileMoneySimulator };
    const details = adapter.simulator.answer(attemptView(attempt), answer);
    attempt = (await writeAttempt(tx, attemptId, { set: { details: JSON.stringify(details) } }))!;
    await settle(tx, intent, attempt, await adapter.getStatus(attemptView(attempt), now), now, adapter.pollSeconds);
  });
  return { returnUrl: view.returnUrl };
}

// ---------------------------------------------------------------------------------------------
// rails on offer

export interface AvailableRail {
  rail: Rail;
  kind: RailKind;
  displayName: string;
  country?: string;
  dialCode?: string;
  nationalPattern?: string;
  exampleNumber?: string;
  ussdCode?: string;
  network?: string;
  /** Mobile money: how the payer is asked (push on the phone, or the operator's page/app). */
  flow?: 'push' | 'redirect';
  protocol?: 'mtn_momo' | 'orange_money' | 'wave';
  /**
   * A rail that converts (francs paid in BTC or USDT): about what the payer would pay now for
   * `opts.amount` (settlement minor units, at the current rate, rounded up like a quote). Null for
   * a rail in the intent's own currency, or when no amount was given.
   */
  approx: { amount: number; currency: Currency; rate: string } | null;
}

const DISPLAY: Record<Exclude<Rail, `mobile_money_${string}`>, string> = {
  btc_lightning: 'Bitcoin Lightning',
  btc_onchain: 'Bitcoin',
  usdt_trc20: 'USDT (TRC20)',
};

/**
 * Rails that take `currency`, are configured in this mode, and whose backend is not down
 * (rail-health.ts, in the database). An address rail always has an address to give (addresses.ts).
 */
export async function availableRails(db: Db, currency: Currency, livemode: boolean, opts: { now?: number; intentId?: string; amount?: number } = {}): Promise<AvailableRail[]> {
  const now = opts.now ?? nowSeconds();
  const down = livemode ? await downBackends(db, livemode, now) : new Set<string>();
  // A converting rail is offered only with a fresh rate (one query for every pair, none in test mode).
  const rates = RAILS.some((r) => convertsTo(r, currency)) ? await currentRates(db, livemode, now) : [];
  const out: AvailableRail[] = [];
  for (const rail of RAILS) {
    const to = convertsTo(rail, currency);
    if (!railPolicy(rail).currencies.includes(currency) && to === null) continue;
    const rate = to === null ? null : rates.find((r) => r.from === currency && r.to === to);
    if (to !== null && !rate) continue;
    const adapter = railAdapter(rail, livemode);
    if (!adapter || (adapter.mode === 'live' && down.has(backendKey(adapter)))) continue;
    if (isMobileMoneyRail(rail)) {
      const op = operatorInfo(rail);
      const m = op.markets[currency]!;
      out.push({
        rail,
        kind: 'mobile_money',
        displayName: op.displayName,
        country: m.country,
        dialCode: m.dialCode,
        nationalPattern: m.nationalPattern.source,
        exampleNumber: m.exampleNumber,
        ussdCode: m.ussdCode,
        flow: op.flow,
        protocol: op.protocol,
        approx: null,
      });
    } else {
      const network = rail === 'usdt_trc20' ? (livemode ? 'tron' : 'tron-nile') : livemode ? 'bitcoin' : 'testnet';
      const approx =
        to !== null && rate && opts.amount !== undefined && opts.amount > 0
          ? { amount: settlementAmount(opts.amount, currency, to, rate.rate), currency: to, rate: rate.rate }
          : null;
      // Not offered when the amount, converted, is below what the rail takes (1,000 sats on-chain).
      if (approx && approx.amount < boundsFor(to!, rail).min) continue;
      out.push({ rail, kind: adapter.kind, displayName: DISPLAY[rail as keyof typeof DISPLAY], network, approx });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// session expiry job

/**
 * Worker task: open sessions past expiresAt become expired (their unpaid or underpaid intent
 * fails). A session whose payment is pending waits for its outcome. Safe in several copies: rows
 * are taken with `for update skip locked`, intent first, then session (the order used everywhere).
 */
export async function expireDueSessions(db: Db, now = nowSeconds(), scope: WorkScope = {}, limit = 100): Promise<number> {
  const due = await db.query<{ id: string; payment_intent_id: string | null }>(
    `select cs.id, cs.payment_intent_id from checkout_sessions cs
      where cs.status = 'open' and cs.expires_at <= $1
        and not exists (select 1 from payment_intents pi where pi.id = cs.payment_intent_id and pi.status = 'pending')
        and not exists (select 1 from payment_attempts a where a.payment_intent_id = cs.payment_intent_id and a.status = 'creating')
        and ($3::text is null or cs.merchant_id = $3)
      order by cs.expires_at limit $2`,
    [now, limit, scope.merchantId ?? null],
  );
  let n = 0;
  for (const c of due) {
    try {
      const done = await db.transaction(async (tx) => {
        if (c.payment_intent_id) {
          const i = await tx.query<{ status: string }>(`select status from payment_intents where id = $1 for update skip locked`, [c.payment_intent_id]);
          if (!i[0] || i[0].status === 'pending') return false;
          // An attempt being started: wait for it, like a pending payment.
          if ((await tx.query(`select 1 from payment_attempts where payment_intent_id = $1 and status = 'creating'`, [c.payment_intent_id])).length) return false;
        }
        const s = (await tx.query(`select * from checkout_sessions where id = $1 and status = 'open' and expires_at <= $2 for update skip locked`, [c.id, now]))[0];
        if (!s) return false;
        await expireSession(tx, { merchantId: s.merchant_id as string, livemode: s.livemode as boolean }, s);
        return true;
      });
      if (done) n++;
    } catch (err) {
      log('error', 'session expiry failed', { sessionId: c.id, error: err instanceof Error ? err.stack : String(err) });
    }
  }
  return n;
}
