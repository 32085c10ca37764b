// Applying a report about one attempt: the facts are loaded under row locks, decide.ts decides
// (pure), applyDecision writes the rows and events in the caller's transaction, in the Decision's
// order. `applyReport` is the three in a row. May call lib/store, lib/domain (events, transitions,
// payment-intents, conversion), decide.ts, close.ts, watch.ts, families.
import type { Db } from '../db/client';
import { attemptWorth, lateRate, lateValuation, needsLateRate, quoteOf, trimValuation, type Valuation, valuationOf } from '../domain/conversion';
import { type EventType, recordEvent } from '../domain/events';
import { serializeIntent } from '../domain/payment-intents';
import { releaseRefundsBeyondReceived } from '../domain/refunds';
import { transitionIntent } from '../domain/transitions';
import type { RailStatus } from '../rails/types';
import { addCredited, lockCredited, markMoneySeen } from '../store/addresses';
import {
  countPayerFailures,
  getAttempt,
  invoiceReceived,
  isActiveAttempt,
  lockCreditedOnAddress,
  type PaymentAttemptRow,
  transitionAttempt,
  writeAttempt,
} from '../store/attempts';
import { addReceived, type PaymentIntentRow, parseIntent, setLastPaymentError } from '../store/intents';
import { appendLedger, type BalanceTransactionType, type LedgerEntry, splitCredit } from '../store/ledger';
import { openSessionOf, windowClosed } from '../store/sessions';
import { scopeOf } from './adapters';
import { closeActiveAttempts, closeSessionsOfIntent, failIntent } from './close';
import { type AttemptFacts, type Decision, decide, type Effect, type IntentFacts } from './decide';
import { familyOfRail } from './families';
import { nextPollAt, WATCH_SECONDS, watchFacts } from './watch';

/** The facts `decide` needs, read under the intent's and the attempt's row locks. */
export async function loadFacts(
  tx: Db,
  intent: PaymentIntentRow,
  attempt: PaymentAttemptRow,
  now: number,
): Promise<{ intent: IntentFacts; attempt: AttemptFacts }> {
  const id = intent.id;
  const family = familyOfRail(attempt.rail);
  const session = await openSessionOf(tx, id);
  const addressCredited = family.receivesOnAddress ? await lockCredited(tx, attempt.destination, attempt.rail) : null;
  // An invoice handed out again (reuse-invoice.ts) is shared by several attempts: what it already
  // credited, on any of them, is counted (like an address's amount_credited).
  let amountReceived = attempt.amount_received;
  if (family.invoice && attempt.backend_ref) amountReceived = Math.max(amountReceived, await invoiceReceived(tx, id, attempt.backend_ref));
  return {
    intent: {
      status: intent.status,
      amount: intent.amount,
      amountReceived: intent.amount_received,
      currency: intent.currency,
      windowClosed: await windowClosed(tx, id, now),
      payerFailures: await countPayerFailures(tx, id, attempt.id),
      sessionOpenUntil: session ? session.expires_at : null,
    },
    attempt: {
      rail: attempt.rail,
      status: attempt.status,
      amountReceived,
      expiresAt: attempt.expires_at,
      backendRef: watchFacts(attempt).backendRef,
      addressCredited,
      quote: quoteOf(attempt),
      firstSeenAt: firstSeenAt(attempt),
      valuation: valuationOf(attempt),
    },
  };
}

/** When money was first seen on an attempt: recorded in its details, or known from its amounts. */
function firstSeenAt(attempt: PaymentAttemptRow): number | null {
  const at = attempt.details.firstSeenAt;
  if (typeof at === 'number') return at;
  return Number(attempt.amount_received) > 0 || Number(attempt.amount_seen) > 0 ? attempt.updated_at : null;
}

async function emitIntent(tx: Db, type: EventType, row: PaymentIntentRow) {
  await recordEvent(tx, scopeOf(row), type, await serializeIntent(tx, row));
}

/**
 * Carry out a Decision: the one place where a backend's report writes rows and events. The report is
 * recorded on the attempt (money seen, its details, when money was first seen, a late valuation) in
 * the same statement as the attempt's part of the credit, the first effect; then the effects, in
 * order; then when to ask again.
 */
export async function applyDecision(
  tx: Db,
  intentIn: PaymentIntentRow,
  attemptIn: PaymentAttemptRow,
  d: Decision,
  report: RailStatus,
  now: number,
  pollSeconds: number,
  valuation?: Valuation,
): Promise<PaymentAttemptRow> {
  const attemptId = attemptIn.id;
  const rail = attemptIn.rail;
  // When money was first seen on the attempt (a quote's late payments are judged by it).
  const firstSeen = firstSeenAt(attemptIn) === null && (d.seen > 0 || d.credit > 0) ? { firstSeenAt: now } : {};
  const credit = creditOf(d);
  const attempt = (await writeAttempt(tx, attemptId, {
    set: {
      amount_received: attemptIn.amount_received + Math.max(0, credit?.amount ?? 0),
      amount_seen: d.seen,
      updated_at: now,
      ...(valuation ? { valuation: JSON.stringify(valuation) } : {}),
    },
    mergeDetails: { ...(report.details ?? {}), ...firstSeen },
  }))!;
  // Money was seen on the address: it is used for good (never reused; the gap counts from it).
  if (familyOfRail(rail).receivesOnAddress && (d.credit > 0 || d.seen > 0 || report.received > 0)) await markMoneySeen(tx, attempt.destination, rail, now);
  let intent = intentIn;
  for (const e of d.effects) intent = e.do === 'credit' ? await applyCredit(tx, intent, attempt, e, now) : await applyEffect(tx, intent, attemptId, e, now);
  return whenNext(tx, attemptId, d, now, pollSeconds);
}

/**
 * The Decision's credit: at most one, its first effect, and the amount it says it moves. The
 * attempt's share is written with the report from it, the address and the intent by applyCredit:
 * a credit anywhere else would move the intent's money without the attempt's (and be counted
 * again by the next poll), so such a Decision is refused before anything is written.
 */
export function creditOf(d: Decision): Extract<Effect, { do: 'credit' }> | null {
  const credits = d.effects.filter((e) => e.do === 'credit');
  const first = d.effects[0]?.do === 'credit' ? d.effects[0] : null;
  if (credits.length > 1 || (credits.length === 1 && !first) || (first?.amount ?? 0) !== d.credit)
    throw new Error(`a decision moves money only by one credit, its first effect, of its own amount (credit ${d.credit})`);
  return first;
}

/** The credit effect beyond the attempt's own row (written with the report): the address, the intent; or a reversal. */
async function applyCredit(
  tx: Db,
  intent: PaymentIntentRow,
  attempt: PaymentAttemptRow,
  e: Extract<Effect, { do: 'credit' }>,
  now: number,
): Promise<PaymentIntentRow> {
  if (e.amount < 0) return reverse(tx, intent, attempt, e.amount, now);
  if (familyOfRail(attempt.rail).receivesOnAddress) await addCredited(tx, attempt.destination, attempt.rail, e.amount);
  // The ledger, in the credit's own transaction: a payment, an overpayment, or a late payment.
  const parts = splitCredit({ status: intent.status, amount: intent.amount, amountReceived: intent.amount_received }, e);
  await appendLedger(
    tx,
    parts.map((p) => ledgerEntry(intent, attempt, p.type, p.amount, p.intentAmount, now)),
  );
  return addReceived(tx, intent.id, e.intentAmount, now);
}

/** A ledger row of money an attempt moved (the attempt's rail, account and quote). */
function ledgerEntry(
  intent: PaymentIntentRow,
  a: PaymentAttemptRow,
  type: BalanceTransactionType,
  amount: number,
  intentAmount: number,
  now: number,
): LedgerEntry {
  const quote = quoteOf(a);
  return {
    merchantId: intent.merchant_id,
    livemode: intent.livemode,
    type,
    source: intent.id,
    paymentIntentId: intent.id,
    paymentAttemptId: a.id,
    refundId: null,
    rail: a.rail,
    railAccountId: a.rail_account_id,
    accountOwner: a.account_owner,
    amount,
    currency: (quote?.currency ?? a.currency) as LedgerEntry['currency'],
    amountInIntentCurrency: intentAmount,
    intentCurrency: intent.currency,
    rate: quote?.rate ?? null,
    createdAt: now,
  };
}

/**
 * A reversal (money gone from the chain): taken back from the attempts that counted it, newest
 * first (an address belongs to one intent), then from the address and the intent. Each attempt's
 * part is taken back at its own quote (what it was counted for in the intent).
 */
async function reverse(tx: Db, intent: PaymentIntentRow, attempt: PaymentAttemptRow, credit: number, now: number): Promise<PaymentIntentRow> {
  const rail = attempt.rail;
  const currency = intent.currency;
  let left = -credit;
  let intentTaken = 0;
  for (const a of await lockCreditedOnAddress(tx, attempt.destination ?? '', rail)) {
    if (left === 0) break;
    const before = Number(a.amount_received);
    const take = Math.min(left, before);
    const q = quoteOf(a);
    const v = valuationOf(a);
    const worthTaken = attemptWorth(q, v, before, currency) - attemptWorth(q, v, before - take, currency);
    intentTaken += worthTaken;
    await writeAttempt(tx, a.id, { set: { amount_received: before - take, updated_at: now } });
    // The ledger: the money gone from the chain, out of the account that had received it.
    await appendLedger(tx, [ledgerEntry(intent, a, 'adjustment', -take, -worthTaken, now)]);
    left -= take;
  }
  await addCredited(tx, attempt.destination, rail, credit);
  const after = await addReceived(tx, intent.id, -intentTaken, now);
  // Refunds not yet sent never give back money that did not stay.
  await releaseRefundsBeyondReceived(tx, intent.id, after.amount_received);
  return after;
}

/** One effect of a Decision; returns the intent row as it is after it. */
async function applyEffect(tx: Db, intent: PaymentIntentRow, attemptId: string, e: Effect, now: number): Promise<PaymentIntentRow> {
  const id = intent.id;
  switch (e.do) {
    case 'intent':
      return parseIntent(
        await transitionIntent(
          tx,
          id,
          e.to,
          e.lastPaymentError === undefined ? {} : { last_payment_error: e.lastPaymentError && JSON.stringify(e.lastPaymentError) },
        ),
      );
    case 'intentError':
      return setLastPaymentError(tx, id, e.lastPaymentError, now);
    case 'emit':
      await emitIntent(tx, e.type, intent);
      return intent;
    case 'attempt':
      await transitionAttempt(tx, attemptId, e.to, {
        set: { updated_at: now, ...(e.error ? { error: JSON.stringify(e.error) } : {}), ...(e.watchUntil !== undefined ? { watch_until: e.watchUntil } : {}) },
      });
      return intent;
    case 'closeActive':
      await closeActiveAttempts(tx, id, e.to, now);
      return intent;
    case 'sessions':
      await closeSessionsOfIntent(tx, id, e.to, now);
      return intent;
    case 'failIntent':
      return failIntent(tx, id, e.error, now);
    case 'credit':
      throw new Error('the credit is applied by applyCredit');
  }
}

/** Then when to ask again: a closed attempt whose backend gave its final word is no longer watched. */
async function whenNext(tx: Db, attemptId: string, d: Decision, now: number, pollSeconds: number): Promise<PaymentAttemptRow> {
  const attempt = (await getAttempt(tx, attemptId))!;
  const status = attempt.status;
  let watchUntil = d.backendFinal && !isActiveAttempt(status) ? null : attempt.watch_until;
  // Money on its way to a closed attempt's address (in the mempool): watched until it confirms, even
  // past the end of the watch it had (seen a second before it, it would never be counted).
  if (!isActiveAttempt(status) && d.seen > 0 && watchUntil !== null && watchUntil < now + WATCH_SECONDS) watchUntil = now + WATCH_SECONDS;
  return (await writeAttempt(tx, attemptId, {
    set: { watch_until: watchUntil, next_poll_at: nextPollAt(status, watchUntil, now, pollSeconds, d.seen > 0), locked_until: null },
  }))!;
}

/**
 * Decide and apply a report about an attempt. Both rows must be locked by the caller (intent
 * first). Returns the decision and the attempt row as it now is.
 */
export async function applyReport(
  tx: Db,
  intent: PaymentIntentRow,
  attempt: PaymentAttemptRow,
  report: RailStatus,
  now: number,
  pollSeconds: number,
): Promise<Decision & { attempt: PaymentAttemptRow }> {
  const facts = await loadFacts(tx, intent, attempt, now);
  const valuation = await valueLateMoney(tx, intent, attempt, facts, report, now);
  const d = decide(facts.intent, facts.attempt, report, now);
  return { ...d, attempt: await applyDecision(tx, intent, attempt, d, report, now, pollSeconds, valuation) };
}

/**
 * Money first seen after the quote ended is valued at the rate of now (conversion.ts): the part it
 * adds is recorded before it is counted, so every later poll values it the same way. Updates
 * `facts.attempt.valuation`; returns the valuation to record, if it changed.
 */
async function valueLateMoney(
  tx: Db,
  intent: PaymentIntentRow,
  attempt: PaymentAttemptRow,
  facts: { intent: IntentFacts; attempt: AttemptFacts },
  report: RailStatus,
  now: number,
): Promise<Valuation | undefined> {
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
    const rate = await lateRate(tx, attempt.rail, facts.intent.currency, a.quote, intent.livemode, now);
    valuation = lateValuation(a.quote, a.valuation ?? null, before, total, now, rate);
    a.valuation = valuation;
  }
  return valuation;
}
