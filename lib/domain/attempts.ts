// Attempts: each try on a rail is a row. This file starts attempts (write the row, call the
// backend outside any transaction, record the result) and applies what a backend reports: the
// facts are loaded under row locks, settle.ts decides (pure), applyDecision writes the rows and
// events in one transaction. Attempt rows are written only through attempt-states.ts.
import { DomainError, invalid, railUnavailable, unexpectedState } from '../errors';
import { config } from '../config';
import { claimDue } from '../db/claim';
import type { Db, Row } from '../db/client';
import { randomUUID } from 'node:crypto';
import { attemptWorth, lateRate, lateValuation, lockQuote, needsLateRate, quoteOf, trimValuation, valuationOf, type Valuation } from './conversion';
import { createId } from '../ids';
import { log } from '../log';
import { normalizePhone, operatorInfo } from '../rails/mobile-money/operators';
import { railAdapter } from '../rails/registry';
import { BackendError, type AttemptView, type PromptInput, type RailAdapter, type RailPrompt, type RailStatus } from '../rails/types';
import { addressFor } from './addresses';
import { releasePrompt, reservePrompt } from './phone-limits';
import { admitRequest, recordBackendFailure, recordBackendSuccess } from './rail-health';
import {
  ACTIVE_ATTEMPT_STATUSES,
  activeAttempt,
  attemptAmount,
  attemptFacts,
  type AttemptStatus,
  closeActiveAttempts,
  closeAttempt,
  isActiveAttempt,
  isAddressRail,
  nextPollAt,
  transitionAttempt,
  watchUntilAfterClose,
  WATCH_POLL_SECONDS,
  WATCH_SECONDS,
  writeAttempt,
} from './attempt-states';
import { closeSessionsOfIntent, failIntent } from './checkout-sessions';
import type { Scope } from './common';
import { recordEvent, type EventType } from './events';
import { isMobileMoneyRail, type Currency, type MobileMoneyRail, type Rail } from '../money';
import { assertRailConfigured, serializeIntent } from './payment-intents';
import { decide, isQuietReport, type AttemptFacts as SettleAttemptFacts, type Decision, type IntentFacts } from './settle';
import { transitionIntent, type IntentStatus } from './transitions';

export { activeAttempt } from './attempt-states';
export { REUSE_GRACE_SECONDS } from './addresses';
export { MAX_FAILED_ATTEMPTS } from './settle';

/** An attempt still `creating` after this long lost its request (crash): it is failed by the worker. */
export const STUCK_CREATING_SECONDS = 300;
/** A payment window when the intent has no checkout session (API-only confirm). */
export const DEFAULT_WINDOW_SECONDS = 24 * 3600;

/** An attempt whose rail has no adapter in this process is asked about again after this long. */
export const UNCONFIGURED_RETRY_SECONDS = 60;
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

/** The adapter for a rail, or rail_unavailable when the rail is not configured in this mode. */
/** The rail's adapter in this mode, or 400 rail_not_configured (503 is for a configured rail whose backend is down). */
export function configuredAdapter(rail: Rail, livemode: boolean): RailAdapter {
  assertRailConfigured(rail, livemode);
  return railAdapter(rail, livemode)!;
}

/**
 * The adapter to send a new request to (a new attempt, a resend), or rail_unavailable: not
 * configured in this mode, or its backend is down (rail-health.ts; while it is being probed, this
 * request may be the probe).
 */
export async function usableAdapter(db: Db, rail: Rail, livemode: boolean, now: number): Promise<RailAdapter> {
  const adapter = configuredAdapter(rail, livemode);
  await admitRequest(db, adapter, now);
  return adapter;
}

/** A refusal of one request by its backend (a 4xx about its content): that attempt fails, the rail is fine. */
export const paymentRefused = (rail: Rail, err: BackendError) => {
  // Only a push operator was sent the payer's number: only there can the number be the cause.
  const push = isMobileMoneyRail(rail) && operatorInfo(rail).flow === 'push';
  return new DomainError(
    'payment_refused',
    `The ${rail} backend refused this payment request${err.status ? ` (HTTP ${err.status})` : ''}.${push ? " Check the payer's phone number." : ''} Try again or use another rail.`,
    push ? 'phone' : undefined,
  );
};

export async function lockIntent(tx: Db, id: string): Promise<Row> {
  const rows = await tx.query(`select * from payment_intents where id = $1 for update`, [id]);
  if (!rows[0]) throw new Error(`payment intent ${id} vanished`);
  return rows[0];
}

export async function lockAttempt(tx: Db, id: string): Promise<Row> {
  const rows = await tx.query(`select * from payment_attempts where id = $1 for update`, [id]);
  if (!rows[0]) throw new Error(`attempt ${id} vanished`);
  return rows[0];
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
  /** Redirect protocols, without a checkout session: where the operator sends the payer back (https). */
  returnUrl?: string;
  /** The payer's language, when the session leaves it to the page ('auto'). */
  locale?: 'fr' | 'en';
  /** The hosted page's client address (address rails: how many unpaid addresses it holds, addresses.ts). */
  client?: string | null;
  /** When a push is counted toward the phone's limits (unix ms, phone-limits.ts); `now` x 1000 when not given. */
  promptAtMs?: number;
}

/** Where a redirect operator sends a payer back when neither a session nor a returnUrl says where. */
export const OPERATOR_RETURN_PATH = '/operator-return';

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

/** Step 1, in the caller's transaction: the attempt row (status creating) and the prompt's input. */
export async function beginAttempt(tx: Db, intent: Row, adapter: RailAdapter, opts: StartOptions, now: number): Promise<PromptInput> {
  const rail = intent.rail as Rail;
  const currency = intent.currency as Currency;
  const attemptId = createId('att');
  let phone: string | undefined;
  let address: string | undefined;
  let index: number | undefined;
  const push = isMobileMoneyRail(rail) && adapter.flow !== 'redirect';
  if (push) {
    phone = normalizeBuyerPhone(rail, currency, opts.phone);
    // Live prompts reach a real phone: counted per merchant and phone, under the phone's flood ceiling (phone-limits.ts).
    if (intent.livemode) await reservePrompt(tx, phone, { merchantId: intent.merchant_id as string, attemptId }, opts.promptAtMs ?? now * 1000);
  } else if (isMobileMoneyRail(rail) && opts.phone !== undefined) {
    // A redirect operator asks the payer on its own page: the number is optional (for the record,
    // the test numbers, and Wave's restrict_payer_mobile). Nothing is sent to it: no phone limit.
    phone = normalizeBuyerPhone(rail, currency, opts.phone);
  }
  const session = await openSessionOf(tx, intent.id as string);
  if (isAddressRail(rail))
    ({ address, index } = await addressFor(tx, adapter, intent.id as string, now, { client: opts.client, link: (session?.payment_link_id as string | null) ?? null }));
  let expiresAt = session ? (session.expires_at as number) : now + DEFAULT_WINDOW_SECONDS;
  // A Lightning invoice never outlives its session, and lasts at most the configured expiry.
  if (rail === 'btc_lightning') expiresAt = Math.min(expiresAt, now + config().LIGHTNING_INVOICE_EXPIRY_SECONDS);
  const details: Record<string, unknown> = index !== undefined ? { derivationIndex: index } : {};
  // Which operator API this attempt lives at: a later change of MOMO_<X>_PROTOCOL must not make
  // another protocol's adapter ask about it (refreshAttempt).
  if (isMobileMoneyRail(rail)) details.protocol = operatorInfo(rail).protocol;
  if (address) {
    // The address may have served an earlier attempt of this intent: the new attempt watches it
    // from now on (the older ones stop, so a payment is looked at by one attempt), and a test-mode
    // simulated chain keeps the address's history, like a real chain.
    const prev = (await tx.query(`select details from payment_attempts where destination = $1 and rail = $2 order by seq desc limit 1`, [address, rail]))[0];
    const sim = (prev?.details as Record<string, unknown> | undefined)?.sim as Record<string, unknown> | undefined;
    if (sim) details.sim = { ...sim, failed: undefined };
    const older = await tx.query<{ id: string }>(
      `select id from payment_attempts where destination = $1 and rail = $2 and not (status = any($3::text[])) and watch_until is not null for update`,
      [address, rail, ACTIVE_ATTEMPT_STATUSES],
    );
    for (const o of older) await writeAttempt(tx, o.id, { set: { watch_until: null, next_poll_at: null } });
  }
  // Mobile money: our reference for the push is made and stored now, before the call, so a push
  // whose answer is lost (timeout, crash) can still be looked up at the operator. A redirect's
  // reference is the attempt id itself (Orange's order_id, Wave's client_reference).
  const reference = push ? randomUUID() : undefined;
  if (reference) Object.assign(details, { referenceIds: [reference], resends: 0, lastPushAt: now });
  let redirect: Pick<PromptInput, 'returnUrl' | 'notifyUrl' | 'locale'> = {};
  if (isMobileMoneyRail(rail) && !push) {
    const cfg = config();
    const locale = session && (session.locale === 'fr' || session.locale === 'en') ? (session.locale as 'fr' | 'en') : (opts.locale ?? 'fr');
    redirect = {
      returnUrl: session ? `${cfg.checkoutUrl}/${session.id as string}` : (opts.returnUrl ?? `${cfg.BASE_URL}${OPERATOR_RETURN_PATH}`),
      notifyUrl: `${cfg.BASE_URL}/callbacks/mobile_money/${rail}`,
      locale,
    };
    if (adapter.maxUrlLength && redirect.returnUrl!.length > adapter.maxUrlLength)
      throw invalid('parameter_invalid', `${operatorInfo(rail).displayName} takes return addresses of at most ${adapter.maxUrlLength} characters; this one has ${redirect.returnUrl!.length}.`, 'returnUrl');
    Object.assign(details, { returnUrl: redirect.returnUrl, locale });
  }
  const due = attemptAmount({ amount: intent.amount as number, amountReceived: intent.amount_received as number });
  // A converting rail (francs over BTC or USDT): the attempt asks for the quote's amount, in the
  // settlement currency, until the quote ends (a Lightning invoice expires with it).
  const quote = await lockQuote(tx, rail, currency, due, intent.livemode as boolean, now, session ? (session.expires_at as number) : null, {
    remainder: Number(intent.amount_received) > 0,
  });
  if (quote) {
    expiresAt = Math.min(expiresAt, quote.expiresAt);
    quote.expiresAt = expiresAt; // a Lightning invoice may end sooner (LIGHTNING_INVOICE_EXPIRY_SECONDS)
    // Money on its way to the address under an earlier quote (seen, not yet confirmed) is counted
    // at that quote when it confirms: no new quote for the same amount meanwhile (the payer would
    // pay twice).
    if (address) {
      const seen = await tx.query(`select 1 from payment_attempts where payment_intent_id = $1 and rail = $2 and destination = $3 and amount_seen > 0 limit 1`, [
        intent.id,
        rail,
        address,
      ]);
      if (seen.length)
        throw unexpectedState('A payment to this address was seen on the network and is waiting for its confirmations; it is counted at its quote when it confirms. Try again after that.');
    }
  }
  const amount = quote ? quote.amount : due;
  const payIn = quote ? quote.currency : currency;
  try {
    await tx.query(
      `insert into payment_attempts (id, payment_intent_id, merchant_id, livemode, rail, amount, currency, status, destination, details,
         expires_at, next_poll_at, created_at, updated_at, backend_ref, quote)
       values ($1, $2, $3, $4, $5, $6, $7, 'creating', $8, $9, $10, $11, $12, $12, $13, $14)`,
      [
        attemptId, intent.id, intent.merchant_id, intent.livemode, rail, amount, payIn, phone ?? address ?? null,
        JSON.stringify(details), expiresAt, now + STUCK_CREATING_SECONDS, now, reference ?? null, quote ? JSON.stringify(quote) : null,
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
    currency: payIn,
    description: (intent.description as string | null) ?? `Payment ${intent.id as string}`,
    expiresAt,
    now,
    phone,
    address,
    reference,
    ...redirect,
  };
}

/** Step 3, in a transaction: record the backend's prompt; a mobile-money push makes the intent pending. */
export async function finishAttempt(tx: Db, input: PromptInput, prompt: RailPrompt, adapter: RailAdapter): Promise<'recorded' | 'closed'> {
  const intent = await lockIntent(tx, input.intentId);
  const attempt = await lockAttempt(tx, input.attemptId);
  const status: AttemptStatus = adapter.kind === 'mobile_money' ? 'pending' : 'awaiting_payment';
  if (attempt.status === 'canceled' && (attempt.backend_ref === null || attempt.backend_ref === prompt.backendRef)) {
    // The intent was paid through another attempt while this request was in flight: the prompt
    // exists at the backend all the same. Recorded on the closed attempt, never reopened, and
    // watched while the backend can pay it (a closed invoice is canceled at the node by the worker).
    const watchUntil = watchUntilAfterClose({ rail: input.rail, status: 'canceled', backendRef: prompt.backendRef, expiresAt: prompt.expiresAt }, input.now);
    await writeAttempt(tx, input.attemptId, {
      set: { destination: prompt.destination, backend_ref: prompt.backendRef, expires_at: prompt.expiresAt, watch_until: watchUntil, next_poll_at: watchUntil === null ? null : input.now + 1, updated_at: input.now },
      mergeDetails: prompt.details,
    });
    return 'closed';
  }
  // A push recorded as possibly sent (pending, same reference) may be recorded again when its answer comes.
  const samePush = attempt.status === 'pending' && attempt.backend_ref === prompt.backendRef;
  if (attempt.status !== 'creating' && !samePush) throw railUnavailable(input.rail, 'the attempt was abandoned before the backend answered');
  const set = { destination: prompt.destination, backend_ref: prompt.backendRef, expires_at: prompt.expiresAt, next_poll_at: input.now + adapter.pollSeconds, updated_at: input.now };
  if (samePush) await writeAttempt(tx, input.attemptId, { set, mergeDetails: prompt.details });
  else await transitionAttempt(tx, input.attemptId, status, { from: ['creating'], set, mergeDetails: prompt.details });
  if (status === 'pending' && intent.status === 'requires_payment_method') {
    const row = await transitionIntent(tx, input.intentId, 'pending', { last_payment_error: null });
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
function unconfirmedPush(input: PromptInput): RailPrompt {
  return {
    destination: input.phone!,
    backendRef: input.reference!,
    expiresAt: input.now + operatorInfo(input.rail as MobileMoneyRail).timeoutSeconds,
    details: { referenceIds: [input.reference!], resends: 0, lastPushAt: input.now, pushUnconfirmed: true },
  };
}

async function abortAttempt(db: Db, attemptId: string, message: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAttempt(tx, attemptId);
    // The backend surely did not take the request: only an address (which can receive anyway) stays watched.
    await closeAttempt(tx, row, 'failed', now, {
      from: ['creating'],
      error: { code: 'rail_unavailable', message },
      ...(isAddressRail(row.rail as string) ? {} : { watchUntil: null }),
    });
  });
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
    await recordPrompt(db, input, prompt, adapter);
    return;
  }
  let prompt: RailPrompt;
  try {
    prompt = await adapter.createPrompt(input);
  } catch (err) {
    if (err instanceof BackendError) await recordBackendFailure(db, adapter, err, input.now);
    if (err instanceof BackendError && err.maybeSent && input.reference && input.phone) {
      // The push may have gone out: it is pending, and polling its reference decides.
      log('warn', 'rail push outcome unknown', { rail: adapter.rail, attemptId: input.attemptId, error: err.message });
      await recordPrompt(db, input, unconfirmedPush(input), adapter);
      return;
    }
    // Surely not sent: the phone's prompt is given back (a push's: a redirect reserved none).
    if (err instanceof BackendError && input.phone && input.reference) await releasePrompt(db, input.phone, input.attemptId);
    if (err instanceof BackendError && err.kind === 'request') {
      // The backend refused this one request (a 4xx about its content): the attempt fails as the
      // payer's failure (it counts toward the attempt cap); the rail stays healthy.
      log('warn', 'rail backend refused the request', { rail: adapter.rail, attemptId: input.attemptId, status: err.status });
      await refuseAttempt(db, input, adapter, err);
      throw paymentRefused(adapter.rail, err);
    }
    await abortAttempt(db, input.attemptId, (err as Error).message, input.now);
    if (err instanceof BackendError) {
      log('warn', 'rail backend failed', { rail: adapter.rail, error: err.message });
      throw railUnavailable(adapter.rail);
    }
    throw err;
  }
  await recordBackendSuccess(db, adapter, input.now);
  await recordPrompt(db, input, prompt, adapter);
}

/**
 * The backend refused the attempt's request: the attempt fails through the same rules as a payer's
 * decline (settle.ts decide: the intent's lastPaymentError, payment_failed, the attempt cap), as an
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

/** A Lightning invoice handed out again must still be payable for at least this long. */
export const INVOICE_REUSE_MIN_SECONDS = 120;

/**
 * A new Lightning attempt reuses the intent's open invoice when an earlier attempt of it was closed
 * (a rail switch and back) with nothing paid, for the same amount, and the invoice is still valid
 * and not being canceled at the node (never leased by the worker, never canceled): one invoice per
 * amount, not one per round trip. The old attempt stops being watched; the new one watches the
 * invoice (and an invoice's money is counted once across its attempts, see loadFacts). Returns
 * whether it did; in the caller's transaction, under the intent's row lock.
 */
export async function reuseOpenInvoice(tx: Db, intent: Row, adapter: RailAdapter, now: number): Promise<boolean> {
  // A converting intent's invoice belongs to its quote: a new attempt gets a new quote and invoice.
  if (intent.rail !== 'btc_lightning' || intent.currency !== 'BTC') return false;
  const amount = attemptAmount({ amount: intent.amount as number, amountReceived: intent.amount_received as number });
  const session = await openSessionOf(tx, intent.id as string);
  const until = session ? (session.expires_at as number) : now + DEFAULT_WINDOW_SECONDS;
  const prev = (await tx.query(
    `select * from payment_attempts
      where payment_intent_id = $1 and rail = 'btc_lightning' and status = 'canceled' and amount = $2
        and amount_received = 0 and amount_seen = 0 and backend_ref is not null
        and expires_at > $3 and expires_at <= $4
        and not (details ? 'backendCanceledAt') and (locked_until is null or locked_until <= $5)
      order by seq desc limit 1 for update`,
    [intent.id, amount, now + INVOICE_REUSE_MIN_SECONDS, until, now],
  ))[0];
  if (!prev) return false;
  const attemptId = createId('att');
  await tx.query(
    `insert into payment_attempts (id, payment_intent_id, merchant_id, livemode, rail, amount, currency, status, destination, details,
       expires_at, next_poll_at, created_at, updated_at, backend_ref)
     values ($1, $2, $3, $4, $5, $6, $7, 'creating', $8, $9, $10, $11, $12, $12, $13)`,
    [attemptId, intent.id, intent.merchant_id, intent.livemode, 'btc_lightning', amount, intent.currency, prev.destination,
      JSON.stringify({ ...(prev.details as Record<string, unknown>), reusedFrom: prev.id }), prev.expires_at, now + adapter.pollSeconds, now, prev.backend_ref],
  );
  await writeAttempt(tx, prev.id as string, { set: { watch_until: null, next_poll_at: null, updated_at: now } });
  await transitionAttempt(tx, attemptId, 'awaiting_payment', { from: ['creating'], set: { updated_at: now } });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Applying what a backend reports: load the facts, decide (settle.ts, pure), apply.

const scopeOfRow = scopeOf;

/** The facts `decide` needs, read under the intent's and the attempt's row locks. */
async function loadFacts(tx: Db, intent: Row, attempt: Row, now: number): Promise<{ intent: IntentFacts; attempt: SettleAttemptFacts }> {
  const id = intent.id as string;
  const failures = await tx.query<{ n: number }>(
    `select count(*)::int as n from payment_attempts
      where payment_intent_id = $1 and id <> $2 and status = 'failed' and coalesce(error->>'code', '') <> 'rail_unavailable'`,
    [id, attempt.id],
  );
  const session = await openSessionOf(tx, id);
  let addressCredited: number | null = null;
  if (isAddressRail(attempt.rail as string)) {
    const credit = (await tx.query<{ amount_credited: number }>(
      `select amount_credited from derived_addresses where address = $1 and rail = $2 for update`,
      [attempt.destination, attempt.rail],
    ))[0];
    addressCredited = credit ? Number(credit.amount_credited) : 0;
  }
  // A Lightning invoice handed out again (reuseOpenInvoice) is shared by several attempts: what it
  // already credited, on any of them, is counted (like an address's amount_credited).
  let amountReceived = attempt.amount_received as number;
  if (attempt.rail === 'btc_lightning' && attempt.backend_ref) {
    const paid = (await tx.query<{ n: number }>(
      `select coalesce(sum(amount_received), 0)::bigint as n from payment_attempts where rail = 'btc_lightning' and backend_ref = $1 and payment_intent_id = $2`,
      [attempt.backend_ref, id],
    ))[0];
    amountReceived = Math.max(amountReceived, Number(paid?.n ?? 0));
  }
  return {
    intent: {
      status: intent.status as IntentStatus,
      amount: intent.amount as number,
      amountReceived: intent.amount_received as number,
      currency: intent.currency as Currency,
      windowClosed: await windowClosed(tx, id, now),
      payerFailures: Number(failures[0]!.n),
      sessionOpenUntil: session ? (session.expires_at as number) : null,
    },
    attempt: {
      rail: attempt.rail as string,
      status: attempt.status as AttemptStatus,
      amountReceived,
      expiresAt: (attempt.expires_at as number | null) ?? null,
      backendRef: attemptFacts(attempt).backendRef,
      addressCredited,
      quote: quoteOf(attempt),
      firstSeenAt: firstSeenAt(attempt),
      valuation: valuationOf(attempt),
    },
  };
}

/** When money was first seen on an attempt: recorded in its details, or known from its amounts. */
function firstSeenAt(attempt: Row): number | null {
  const at = (attempt.details as Record<string, unknown> | null)?.firstSeenAt;
  if (typeof at === 'number') return at;
  return Number(attempt.amount_received) > 0 || Number(attempt.amount_seen) > 0 ? (attempt.updated_at as number) : null;
}

async function emitIntent(tx: Db, type: EventType, row: Row) {
  await recordEvent(tx, scopeOfRow(row), type, await serializeIntent(tx, row));
}

/** Carry out a Decision: the one place where a backend's report writes rows and events. */
export async function applyDecision(tx: Db, intentIn: Row, attemptIn: Row, d: Decision, report: RailStatus, now: number, pollSeconds: number, valuation?: Valuation): Promise<Row> {
  let intent = intentIn;
  const id = intent.id as string;
  const attemptId = attemptIn.id as string;
  const rail = attemptIn.rail as string;
  // Money first: the attempt, its address, the intent, each counted once.
  // When money was first seen on the attempt (a quote's late payments are judged by it).
  const firstSeen = firstSeenAt(attemptIn) === null && (d.seen > 0 || d.credit > 0) ? { firstSeenAt: now } : {};
  let attempt = (await writeAttempt(tx, attemptId, {
    set: {
      amount_received: (attemptIn.amount_received as number) + Math.max(0, d.credit),
      amount_seen: d.seen,
      updated_at: now,
      ...(valuation ? { valuation: JSON.stringify(valuation) } : {}),
    },
    mergeDetails: { ...(report.details ?? {}), ...firstSeen },
  }))!;
  if (d.credit < 0) {
    // A reversal (money gone from the chain): taken back from the attempts that counted it, newest
    // first (an address belongs to one intent), then from the address and the intent.
    // Each attempt's part is taken back at its own quote (what it was counted for in the intent).
    let left = -d.credit;
    let intentTaken = 0;
    const onAddress = await tx.query<{ id: string; amount_received: number; quote: unknown; valuation: unknown }>(
      `select id, amount_received, quote, valuation from payment_attempts where destination = $1 and rail = $2 and amount_received > 0 order by seq desc for update`,
      [attempt.destination, rail],
    );
    for (const a of onAddress) {
      if (left === 0) break;
      const before = Number(a.amount_received);
      const take = Math.min(left, before);
      const q = quoteOf(a as unknown as Row);
      const v = valuationOf(a);
      intentTaken += attemptWorth(q, v, before, intent.currency as Currency) - attemptWorth(q, v, before - take, intent.currency as Currency);
      await writeAttempt(tx, a.id, { set: { amount_received: before - take, updated_at: now } });
      left -= take;
    }
    await tx.query(`update derived_addresses set amount_credited = amount_credited + $3 where address = $1 and rail = $2`, [attempt.destination, rail, d.credit]);
    intent = (await tx.query(`update payment_intents set amount_received = amount_received - $2, updated_at = $3 where id = $1 returning *`, [id, intentTaken, now]))[0]!;
    attempt = (await tx.query(`select * from payment_attempts where id = $1`, [attemptId]))[0]!;
  }
  if (isAddressRail(rail) && (d.credit > 0 || d.seen > 0 || report.received > 0))
    // Money was seen on the address: it is used for good (never reused; the gap counts from it).
    await tx.query(`update derived_addresses set money_seen_at = $3 where address = $1 and rail = $2 and money_seen_at is null`, [attempt.destination, rail, now]);
  if (d.credit > 0) {
    if (isAddressRail(rail))
      await tx.query(`update derived_addresses set amount_credited = amount_credited + $3 where address = $1 and rail = $2`, [attempt.destination, rail, d.credit]);
    intent = (await tx.query(`update payment_intents set amount_received = amount_received + $2, updated_at = $3 where id = $1 returning *`, [id, d.intentCredit, now]))[0]!;
  }
  for (const e of d.effects) {
    switch (e.do) {
      case 'intent':
        intent = await transitionIntent(tx, id, e.to, e.lastPaymentError === undefined ? {} : { last_payment_error: e.lastPaymentError && JSON.stringify(e.lastPaymentError) });
        break;
      case 'intentError':
        intent = (await tx.query(`update payment_intents set last_payment_error = $2, updated_at = $3 where id = $1 returning *`, [id, JSON.stringify(e.lastPaymentError), now]))[0]!;
        break;
      case 'emit':
        await emitIntent(tx, e.type, intent);
        break;
      case 'attempt':
        attempt = await transitionAttempt(tx, attemptId, e.to, {
          set: { updated_at: now, ...(e.error ? { error: JSON.stringify(e.error) } : {}), ...(e.watchUntil !== undefined ? { watch_until: e.watchUntil } : {}) },
        });
        break;
      case 'closeActive':
        await closeActiveAttempts(tx, id, e.to, now);
        break;
      case 'sessions':
        await closeSessionsOfIntent(tx, id, e.to, now);
        break;
      case 'failIntent':
        intent = await failIntent(tx, id, e.error, now);
        break;
    }
  }
  // Then when to ask again: a closed attempt whose backend gave its final word is no longer watched.
  attempt = (await tx.query(`select * from payment_attempts where id = $1`, [attemptId]))[0]!;
  const status = attempt.status as AttemptStatus;
  let watchUntil = d.backendFinal && !isActiveAttempt(status) ? null : ((attempt.watch_until as number | null) ?? null);
  // Money on its way to a closed attempt's address (in the mempool): watched until it confirms, even
  // past the end of the watch it had (seen a second before it, it would never be counted).
  if (!isActiveAttempt(status) && d.seen > 0 && watchUntil !== null && watchUntil < now + WATCH_SECONDS) watchUntil = now + WATCH_SECONDS;
  return (await writeAttempt(tx, attemptId, { set: { watch_until: watchUntil, next_poll_at: nextPollAt(status, watchUntil, now, pollSeconds, d.seen > 0), locked_until: null } }))!;
}

/**
 * Decide and apply a report about an attempt. Both rows must be locked by the caller (intent
 * first). Returns the decision and the attempt row as it now is.
 */
export async function settle(tx: Db, intent: Row, attempt: Row, report: RailStatus, now: number, pollSeconds: number): Promise<Decision & { attempt: Row }> {
  const facts = await loadFacts(tx, intent, attempt, now);
  // Money first seen after the quote ended is valued at the rate of now (conversion.ts): the part
  // it adds is recorded before it is counted, so every later poll values it the same way.
  const a = facts.attempt;
  const counted = a.addressCredited ?? a.amountReceived;
  const before = a.amountReceived + Number(attempt.amount_seen);
  const total = a.amountReceived + Math.max(0, report.received - counted) + Math.max(0, report.seen);
  let valuation: Valuation | undefined;
  // Money the valuation covered that is gone now (dropped before it was counted) is valued afresh
  // when it is seen again (conversion.ts trimValuation).
  const trimmed = a.valuation ? trimValuation(a.valuation, total) : null;
  if (trimmed && trimmed !== a.valuation) a.valuation = valuation = trimmed;
  if (a.quote && needsLateRate(a.quote, a.valuation ?? null, before, total, now)) {
    const rate = await lateRate(tx, attempt.rail as Rail, facts.intent.currency, a.quote, intent.livemode as boolean, now);
    valuation = lateValuation(a.quote, a.valuation ?? null, before, total, now, rate);
    a.valuation = valuation;
  }
  const d = decide(facts.intent, a, report, now);
  return { ...d, attempt: await applyDecision(tx, intent, attempt, d, report, now, pollSeconds, valuation) };
}


/**
 * Ask the backend about one attempt and apply the answer (worker, callbacks). The backend call
 * happens with no transaction open; the answer is applied under row locks.
 */
export async function refreshAttempt(db: Db, attemptId: string, now: number, read?: Row): Promise<void> {
  let row = read ?? (await db.query(`select * from payment_attempts where id = $1`, [attemptId]))[0];
  if (!row) return;
  const livemode = row.livemode as boolean;
  const rail = row.rail as Rail;
  if (row.status === 'creating') {
    if ((row.created_at as number) > now - STUCK_CREATING_SECONDS) return;
    if (!(isMobileMoneyRail(rail) && row.backend_ref)) {
      await abortAttempt(db, attemptId, 'the request that started this attempt did not finish', now);
      return;
    }
    // The request that sent this push did not finish: the push may have gone out. It is pending,
    // looked up by its stored reference (unknown to the operator for long enough: never arrived).
    const moved = await db.transaction(async (tx) => {
      const intent = await lockIntent(tx, row!.payment_intent_id as string);
      const a = await writeAttempt(tx, attemptId, {
        to: 'pending',
        from: ['creating'],
        set: { expires_at: (row!.created_at as number) + operatorInfo(rail as MobileMoneyRail).timeoutSeconds, updated_at: now },
      });
      if (a && intent.status === 'requires_payment_method') {
        const pi = await transitionIntent(tx, intent.id as string, 'pending', { last_payment_error: null });
        await emitIntent(tx, 'payment_intent.pending', pi);
      }
      return a;
    });
    if (!moved) return;
    row = moved;
  }
  const watching = row.watch_until !== null && (row.watch_until as number) > now;
  if (!isActiveAttempt(row.status) && !watching) {
    await writeAttempt(db, attemptId, { set: { next_poll_at: null, locked_until: null } });
    return;
  }
  const adapter = railAdapter(rail, livemode);
  const protocol = (row.details as Record<string, unknown> | null)?.protocol;
  if (adapter && isMobileMoneyRail(rail) && typeof protocol === 'string' && protocol !== operatorInfo(rail).protocol) {
    // The rail now speaks another operator API than the one this attempt lives at: asking it would
    // be asking the wrong operator (and a "never heard of it" would end the watch). Kept, asked
    // again later, the rail's health untouched, until the configuration matches again.
    log('warn', 'attempt of another protocol than its rail speaks now', { rail, attemptId, protocol, now: operatorInfo(rail).protocol });
    await writeAttempt(db, attemptId, { set: { next_poll_at: now + UNCONFIGURED_RETRY_SECONDS, locked_until: null } });
    return;
  }
  if (!adapter) {
    // This process has no adapter for the rail (another instance may, or the configuration will
    // be fixed): the attempt is never dropped while money can still reach it; ask again later.
    await writeAttempt(db, attemptId, { set: { next_poll_at: now + UNCONFIGURED_RETRY_SECONDS, locked_until: null } });
    return;
  }
  row = await cancelAtBackend(db, adapter, row, now);
  let st: RailStatus;
  try {
    st = await adapter.getStatus(attemptView(row), now);
    // A status check is a probe too: its answer heals a rail that was down.
    await recordBackendSuccess(db, adapter, now);
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    await recordBackendFailure(db, adapter, err, now);
    log('warn', 'rail status check failed', { rail, attemptId, error: err.message });
    await unreadable(db, row, err, now, now + Math.max(adapter.pollSeconds * 2, 10));
    return;
  }
  // A read that succeeds ends the recorded read error.
  if ((row.details as Record<string, unknown> | null)?.readError) st = { ...st, details: { ...st.details, readError: null } };
  if (st.complete === false) {
    // A long history read in part: where the reading got to is kept, nothing is decided, and the
    // next part is read soon (one poll's pages at a time, never given up).
    await writeAttempt(db, attemptId, { set: { next_poll_at: now + PARTIAL_READ_SECONDS, locked_until: null }, mergeDetails: st.details ?? {} });
    return;
  }
  // Nothing at the backend for an attempt waiting for its money: when to ask again, one write.
  if (await quietPoll(db, row, st, now, adapter.pollSeconds)) return;
  const polled = row;
  const settled = await db.transaction(async (tx) => {
    const intent = await lockIntent(tx, polled.payment_intent_id as string);
    const attempt = await lockAttempt(tx, attemptId);
    if (pushOf(attempt) !== pushOf(polled)) {
      // A resend changed what is out there while we asked: this answer is about the old pushes.
      await writeAttempt(tx, attemptId, { set: { next_poll_at: now, locked_until: null } });
      return { replace: false, after: null };
    }
    const d = await settle(tx, intent, attempt, st, now, adapter.pollSeconds);
    return { replace: d.replace, after: d.attempt };
  }).catch(async (err) => {
    // Money seen after its quote ended waits for a fresh rate to be valued (conversion.ts lateRate):
    // nothing is written, the attempt is asked about again after the next rate refresh.
    if (!(err instanceof DomainError) || err.code !== 'rail_unavailable') throw err;
    log('warn', 'late payment waits for a fresh exchange rate', { rail, attemptId, error: err.message });
    const retryAt = now + config().RATE_REFRESH_SECONDS;
    // The money is on the address all the same: the address is used for good (never handed to
    // another intent, whose attempt would then count this payer's money), and the attempt stays
    // watched however long the rates stay stale (its watch would otherwise end with the money
    // never recorded).
    if (isAddressRail(rail) && st.received + st.seen > 0)
      await db.query(`update derived_addresses set money_seen_at = $3 where address = $1 and rail = $2 and money_seen_at is null`, [polled.destination, rail, now]);
    const watched = !isActiveAttempt(polled.status) && polled.watch_until !== null ? { watch_until: Math.max(Number(polled.watch_until), retryAt + WATCH_POLL_SECONDS) } : {};
    await writeAttempt(db, attemptId, { set: { next_poll_at: retryAt, locked_until: null, ...watched } });
    return null;
  });
  if (!settled) return;
  const { replace, after } = settled;
  // Closed by this answer (our timeout): made unpayable at the backend now, not at the next watch
  // poll a minute later (meanwhile the payer may start another attempt and pay both).
  if (after && !isActiveAttempt(after.status) && after.watch_until !== null) await cancelAtBackend(db, adapter, after, now);
  if (replace) {
    // An expired invoice is replaced while the session is open.
    const input = await db.transaction(async (tx) => {
      const intent = await lockIntent(tx, row.payment_intent_id as string);
      if (intent.status !== 'requires_payment_method' || intent.rail !== rail || (await activeAttempt(tx, intent.id as string))) return null;
      return beginAttempt(tx, intent, adapter, {}, now);
    });
    if (input) await startAttempt(db, input, adapter).catch((err) => {
      if (!(err instanceof DomainError)) throw err;
    });
  }
}

/** A history read in part (RailStatus.complete false) goes on after this long. */
export const PARTIAL_READ_SECONDS = 5;

/**
 * The backend could not answer about this attempt: asked again at `retryAt`, and the failure is
 * recorded on the attempt (details.readError: since when, how many times, the last message), where
 * the dashboard shows it, until a read succeeds. An address stays watched while it cannot be read:
 * its watch ends only after a read that succeeded past its end (money may have come meanwhile).
 */
async function unreadable(db: Db, row: Row, err: BackendError, now: number, retryAt: number): Promise<void> {
  const prev = (row.details as Record<string, unknown> | null)?.readError as { since?: number; failures?: number } | null | undefined;
  const readError = { message: err.message.slice(0, 200), since: prev?.since ?? now, at: now, failures: (prev?.failures ?? 0) + 1 };
  // (held past the retry by a watch poll's interval, so a worker a little late still finds it watched)
  const watched = isAddressRail(row.rail as string) && !isActiveAttempt(row.status) && row.watch_until !== null;
  const watchUntil = watched ? { watch_until: Math.max(Number(row.watch_until), retryAt + WATCH_POLL_SECONDS) } : {};
  await writeAttempt(db, row.id as string, { set: { next_poll_at: retryAt, locked_until: null, ...watchUntil }, mergeDetails: { readError } });
}

/**
 * A quiet answer (settle.ts `isQuietReport`: nothing seen, the attempt waiting, its time not up)
 * changes nothing but when to ask again (and the report's details, merged as the long way would):
 * written in one statement that re-checks the attempt is as it was read (a payment, a resend or a test helper in between sends it the long way) and that its
 * address has credited nothing (money counted on it earlier would make an empty answer a reversal).
 * Most polls of open address attempts are these; each costs one write instead of a transaction.
 */
async function quietPoll(db: Db, row: Row, report: RailStatus, now: number, pollSeconds: number): Promise<boolean> {
  const attempt = { status: row.status as AttemptStatus, amountReceived: Number(row.amount_received), amountSeen: Number(row.amount_seen), expiresAt: (row.expires_at as number | null) ?? null };
  if (!isQuietReport(attempt, report, now)) return false;
  const done = await db.query(
    `update payment_attempts a set next_poll_at = $3, locked_until = null, details = a.details || $6::jsonb
      where a.id = $1 and a.status = 'awaiting_payment' and a.amount_received = 0 and a.amount_seen = 0 and a.expires_at > $2
        and a.details = $4::jsonb and a.backend_ref is not distinct from $5
        and not exists (select 1 from derived_addresses d where d.address = a.destination and d.rail = a.rail and d.amount_credited > 0)
      returning a.id`,
    [row.id, now, nextPollAt('awaiting_payment', null, now, pollSeconds), JSON.stringify(row.details ?? {}), (row.backend_ref as string | null) ?? null, JSON.stringify(report.details ?? {})],
  );
  return done.length === 1;
}

/**
 * A closed attempt is canceled at the backend where the protocol allows it (LND: cancel the
 * invoice; Wave: expire the checkout session), once; it stays watched until the backend confirms
 * it can no longer be paid (a payment may have won the race). A failed cancel is tried again at
 * the next poll.
 */
async function cancelAtBackend(db: Db, adapter: RailAdapter, row: Row, now: number): Promise<Row> {
  if (isActiveAttempt(row.status) || !adapter.cancel || (row.details as Record<string, unknown>).backendCanceledAt) return row;
  try {
    await adapter.cancel(attemptView(row));
    return (await writeAttempt(db, row.id as string, { mergeDetails: { backendCanceledAt: now } })) ?? row;
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    log('warn', 'rail cancel failed', { rail: row.rail, attemptId: row.id, error: err.message });
    return row;
  }
}

/**
 * The attempts of an intent that was just canceled, made unpayable at their backend now (an LND
 * invoice canceled, a Wave session expired) rather than at the worker's next watch poll up to a
 * minute later, while the payer may still pay them. After the closing transaction committed, with
 * none open; a failed cancel is tried again by the worker (cancelAtBackend). Live adapters only.
 * Not after a rail switch: the open intent is still paid by the switched-away invoice (settle.ts
 * rule 3), and switching back hands the same invoice out again (reuseOpenInvoice).
 */
export async function cancelClosedAtBackend(db: Db, intentId: string, now: number): Promise<void> {
  const rows = await db.query(
    `select * from payment_attempts
      where payment_intent_id = $1 and status in ('canceled', 'expired', 'failed') and watch_until > $2
        and backend_ref is not null and not (details ? 'backendCanceledAt')`,
    [intentId, now],
  );
  for (const row of rows) {
    const adapter = railAdapter(row.rail as Rail, row.livemode as boolean);
    if (!adapter?.cancel || adapter.mode !== 'live') continue;
    // Leased first, as the worker's cancel is: a confirm back to this rail meanwhile must not hand
    // the invoice out again (reuseOpenInvoice skips a leased one), and if it already did (the
    // attempt no longer watched), it is not ours to cancel.
    const claimed = await writeAttempt(db, row.id as string, {
      set: { locked_until: now + LEASE_SECONDS },
      where: { sql: `(locked_until is null or locked_until <= $1) and watch_until > $1 and not (details ? 'backendCanceledAt')`, params: [now] },
    });
    if (!claimed) continue;
    await cancelAtBackend(db, adapter, claimed, now);
    await writeAttempt(db, row.id as string, { set: { locked_until: null }, where: { sql: 'locked_until = $1', params: [now + LEASE_SECONDS] } });
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
  return claimDue(db, { table: 'payment_attempts', dueColumn: 'next_poll_at', now, limit, leaseSeconds: opts.leaseSeconds ?? LEASE_SECONDS, merchantId: opts.merchantId });
}

/** Limit a worker pass to one merchant (tests sharing a database; operations). */
export interface WorkScope {
  merchantId?: string;
}

/**
 * Worker task: poll every due attempt once. When `signal` aborts (the worker stops), the attempt
 * being asked about is finished and the leases of the claimed ones not yet begun are released, so
 * another worker polls them at once instead of after LEASE_SECONDS.
 */
export async function pollDueAttempts(db: Db, now = Math.floor(Date.now() / 1000), scope: WorkScope & { signal?: AbortSignal } = {}): Promise<number> {
  if (scope.signal?.aborted) return 0;
  const ids = await claimDueAttempts(db, now, 25, { merchantId: scope.merchantId, leaseSeconds: LEASE_SECONDS });
  const startedMs = Date.now();
  const lease = now + LEASE_SECONDS;
  for (const [i, id] of ids.entries()) {
    if (scope.signal?.aborted) {
      for (const rest of ids.slice(i)) await writeAttempt(db, rest, { set: { locked_until: null }, where: { sql: 'locked_until = $1', params: [lease] } });
      return i;
    }
    try {
      // The batch is refreshed one by one: renew this row's lease first, if it is still ours (a
      // slow batch may have let it expire and another worker take it: then it is theirs).
      const at = now + Math.max(0, Math.floor((Date.now() - startedMs) / 1000));
      const renewed = await writeAttempt(db, id, { set: { locked_until: at + LEASE_SECONDS }, where: { sql: 'locked_until = $1', params: [lease] } });
      if (!renewed) continue;
      await refreshAttempt(db, id, now, renewed);
    } catch (err) {
      log('error', 'attempt refresh failed', { attemptId: id, error: err instanceof Error ? err.stack : String(err) });
    }
  }
  return ids.length;
}
