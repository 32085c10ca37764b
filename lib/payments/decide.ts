// Settlement as a pure decision: what a backend's report about one attempt does to the attempt,
// its intent and its session. No I/O here, so a table-driven test walks every combination
// (decide.test.ts); apply-decision.ts loads the facts, calls `decide`, and applies the Decision in
// one transaction (`applyDecision`). A Decision names what happens, never SQL.
// May import lib/store (types), lib/domain (types, pure valuation), watch.ts, bottom. No I/O.
//
// Money rules, in the order they apply:
//   1. New money is counted once: by difference with what the attempt already recorded, or for an
//      address, with what the address already credited (several attempts may share it).
//   2. Money on a closed intent (succeeded, failed, canceled) is recorded and is a late payment.
//   3. While the intent is open, money on ANY of its attempts pays it, even on one that was closed
//      (a switched-away address, an invoice paid after a rail switch, an older push approved late).
//   4. Enough money succeeds the intent (and completes its session); too little asks for the rest.
//   5. No money: the report moves the live attempt (pending, failed, expired) and the intent with it.

import { attemptWorth, LATE_GRACE_SECONDS } from '../domain/conversion';
import type { EventType } from '../domain/events';
import { toDecimalString } from '../money';
import type { RailStatus } from '../rails/types';
import { type AttemptStatus, isPromptOut } from '../store/attempts';
import type { AttemptFacts, Decision, Effect, IntentFacts, PaymentError } from './decision';
import { familyOfRail } from './families';
import { PUSH_WATCH_SECONDS, watchUntilAfterClose } from './watch';

/**
 * Money is first seen when a poll finds it: a payment made just before a quote ended may be found a
 * poll later. Within this margin it is not called late (it counts at the quote either way).
 */
export { LATE_GRACE_SECONDS };

/** After this many failed attempts (not counting our backend's own refusals) the intent fails. */
export const MAX_FAILED_ATTEMPTS = 10;

export type { AttemptFacts, Decision, Effect, IntentFacts, PaymentError } from './decision';

/** Can anything at the backend still change for this attempt? An address can always receive. */
export function isBackendFinal(rail: string, report: RailStatus): boolean {
  if (familyOfRail(rail).receivesOnAddress) return false;
  return (report.state === 'confirmed' || report.state === 'failed' || report.state === 'expired') && report.final !== false;
}

const emit = (type: EventType): Effect => ({ do: 'emit', type });

/**
 * A report that cannot change anything: the backend has seen nothing for an attempt that is waiting
 * for its money, has none, and still has time. `decide` gives no credit and no effect for it, whatever
 * the intent (test: decide.test.ts), so the worker only records when to ask again (one write,
 * no transaction: lib/payments/apply-report.ts `quietPoll`). The caller's write re-checks, in the same
 * statement, that the attempt is still as read and that its address has credited nothing.
 */
export function isQuietReport(
  attempt: { status: AttemptStatus; amountReceived: number; amountSeen: number; expiresAt: number | null },
  report: RailStatus,
  now: number,
): boolean {
  return (
    report.state === 'waiting' &&
    report.received === 0 &&
    report.seen === 0 &&
    report.error === undefined &&
    attempt.status === 'awaiting_payment' &&
    attempt.amountReceived === 0 &&
    attempt.amountSeen === 0 &&
    attempt.expiresAt !== null &&
    attempt.expiresAt > now
  );
}

/** What the decision is about, computed once. */
interface Ctx {
  intent: IntentFacts;
  attempt: AttemptFacts;
  now: number;
  address: boolean;
  /** The attempt is out to the payer (awaiting_payment, pending). */
  active: boolean;
  /** The intent can still be paid (requires_payment_method, pending). */
  open: boolean;
  /** How long this attempt stays watched once it closes now. */
  watch: number | null;
  /** What the attempt's own money is worth in the intent's currency. */
  worth: (n: number) => number;
}

export function decide(intent: IntentFacts, attempt: AttemptFacts, report: RailStatus, now: number): Decision {
  const d = decideStatuses(intent, attempt, report, now);
  // Money first: the credit is the first effect, applied before the status changes it brings.
  if (d.credit !== 0) d.effects.unshift({ do: 'credit', amount: d.credit, intentAmount: d.intentCredit });
  return d;
}

function decideStatuses(intent: IntentFacts, attempt: AttemptFacts, report: RailStatus, now: number): Decision {
  const address = familyOfRail(attempt.rail).receivesOnAddress;
  const counted = address ? (attempt.addressCredited ?? 0) : attempt.amountReceived;
  const credit = Math.max(0, report.received - counted);
  // In the intent's currency: what the attempt's own money is worth after minus before (the quote's
  // rule is not linear: the full quote is exactly the amount due).
  const worth = (n: number) => attemptWorth(attempt.quote, attempt.valuation ?? null, n, intent.currency);
  const intentCredit = (n: number) => (attempt.quote ? worth(attempt.amountReceived + n) - worth(attempt.amountReceived) : n);
  const backendFinal = isBackendFinal(attempt.rail, report);
  const d: Decision = { credit, intentCredit: intentCredit(credit), seen: Math.max(0, report.seen), effects: [], backendFinal, replace: false };
  const c: Ctx = {
    intent,
    attempt,
    now,
    address,
    worth,
    active: isPromptOut(attempt.status),
    open: intent.status === 'requires_payment_method' || intent.status === 'pending',
    watch: backendFinal ? null : watchUntilAfterClose({ ...attempt, rail: attempt.rail }, now),
  };
  if (address && report.received + report.seen < counted) return decideReversal(c, d, report.received + report.seen - counted);
  if (credit > 0) return decideMoney(c, d);
  // No new money. A closed attempt is only watched for money: nothing else to do.
  if (!c.active) return d;
  if (!c.open) {
    // A live attempt of an intent that already ended (paid through another attempt while this one
    // was being started): the report moves the attempt only. A closed intent changes through money
    // alone (late payment), never through another attempt's decline or expiry.
    const own = decideAttempt(intent, attempt, report, now, d);
    d.effects.push(...own.effects.filter((e) => e.do === 'attempt'));
    return d;
  }
  return decideAttempt(intent, attempt, report, now, d);
}

/**
 * Money counted earlier is gone from the chain, confirmed and mempool alike (a double spend, or a
 * reorganisation that dropped it): the credit is reversed, never left standing, and the merchant is
 * told. Money only back in the mempool, or short of its confirmations for a moment (a node behind),
 * stays counted. A succeeded intent stays succeeded (a final state) with the event; an open one asks
 * for the rest.
 */
function decideReversal(c: Ctx, d: Decision, credit: number): Decision {
  const { intent, attempt } = c;
  d.credit = credit;
  d.intentCredit = attempt.quote ? c.worth(Math.max(0, attempt.amountReceived + d.credit)) - c.worth(attempt.amountReceived) : d.credit;
  const fmt = (n: number) => `${toDecimalString(n, intent.currency)} ${intent.currency}`;
  if (c.open) {
    const reversed: PaymentError = {
      code: 'payment_reversed',
      message: `${fmt(-d.intentCredit)} counted earlier was reversed on the network (reorganisation or double spend); ${fmt(intent.amount - (intent.amountReceived + d.intentCredit))} is due.`,
      rail: attempt.rail,
    };
    d.effects.push({ do: 'intentError', lastPaymentError: reversed });
  }
  d.effects.push(emit('payment_intent.payment_reversed'));
  return d;
}

/** New money: a late payment on a closed intent; on an open one, paid in full, or the rest asked. */
function decideMoney(c: Ctx, d: Decision): Decision {
  const { intent, attempt, now, open, active, watch } = c;
  const fx = d.effects;
  const total = intent.amountReceived + d.intentCredit;
  // Money first seen after the attempt's quote ended (in the mempool or confirmed: firstSeenAt) is
  // reported as a late payment, and counts at the rate of the moment it was seen, never better for
  // the payer than the quote (attempt.valuation): it pays an open intent only if it is worth enough
  // then, else the rest is asked. Money seen in time counts at the quote when it confirms.
  if (attempt.quote && (attempt.firstSeenAt ?? now) > attempt.quote.expiresAt + LATE_GRACE_SECONDS && open) fx.push(emit('payment_intent.late_payment'));
  if (!open) {
    fx.push(emit('payment_intent.late_payment'));
    return d;
  }
  if (total >= intent.amount) {
    if (intent.status === 'requires_payment_method') fx.push({ do: 'intent', to: 'pending' }, emit('payment_intent.pending'));
    fx.push({ do: 'intent', to: 'succeeded', lastPaymentError: null });
    fx.push({ do: 'attempt', to: 'succeeded', watchUntil: watch });
    // Paid through an attempt that had ended: the live one closes (still watched if money can reach it).
    if (!active) fx.push({ do: 'closeActive', to: 'canceled' });
    fx.push(emit('payment_intent.succeeded'));
    if (total > intent.amount) fx.push(emit('payment_intent.overpaid'));
    fx.push({ do: 'sessions', to: 'complete' });
    return d;
  }
  // Underpaid so far: recorded, the rest is due. partially_paid carries the intent as it is after
  // the change, so it is emitted last.
  const fmt = (n: number) => `${toDecimalString(n, intent.currency)} ${intent.currency}`;
  const underpaid: PaymentError = {
    code: 'underpaid',
    message: `Received ${fmt(total)} of ${fmt(intent.amount)}; ${fmt(intent.amount - total)} is still due.`,
    rail: attempt.rail,
  };
  if (c.address && d.seen > 0) {
    // More is on its way to the address.
  } else if (!active) {
    // Part paid on an attempt that had ended: the live attempt, if any, goes on; otherwise the
    // payer is asked for the rest (confirming again reuses the address).
    if (intent.status === 'requires_payment_method') fx.push({ do: 'intentError', lastPaymentError: underpaid });
  } else if (c.address) {
    // The address stays open for the rest.
    if (attempt.status === 'pending') fx.push({ do: 'attempt', to: 'awaiting_payment' });
    if (intent.windowClosed) fx.push(...failIntent(underpaid));
    else if (intent.status === 'pending') fx.push({ do: 'intent', to: 'requires_payment_method', lastPaymentError: underpaid });
    else fx.push({ do: 'intentError', lastPaymentError: underpaid });
  } else {
    fx.push(...failAttempt(intent, attempt, { code: 'underpaid', message: underpaid.message }, total, watch));
  }
  fx.push(emit('payment_intent.partially_paid'));
  return d;
}

/** No new money on a live attempt: what the report does to it (and to the open intent). */
function decideAttempt(intent: IntentFacts, attempt: AttemptFacts, report: RailStatus, now: number, base: Decision): Decision {
  const d: Decision = { ...base, effects: [], replace: false };
  const fx = d.effects;
  const family = familyOfRail(attempt.rail);
  const address = family.receivesOnAddress;
  const watch = d.backendFinal ? null : watchUntilAfterClose({ ...attempt, rail: attempt.rail }, now);
  const backendFinal = d.backendFinal;
  const mobileMoney = family.mobileMoney;
  const pastExpiry = attempt.expiresAt !== null && attempt.expiresAt <= now;
  // The intent's status as this decision leaves it so far (a dropped payment moves it first).
  let status = intent.status;
  switch (report.state) {
    case 'failed':
      fx.push(...failAttempt(intent, attempt, report.error ?? { code: 'payment_failed', message: 'The payment failed.' }, intent.amountReceived, watch));
      return d;
    case 'pending':
      if (mobileMoney && pastExpiry) break; // the operator did not answer in our time
      if (attempt.status !== 'pending') fx.push({ do: 'attempt', to: 'pending' });
      if (intent.status === 'requires_payment_method') fx.push({ do: 'intent', to: 'pending', lastPaymentError: null }, emit('payment_intent.pending'));
      return d;
    case 'confirmed':
    case 'waiting':
      if (attempt.status === 'pending' && address && d.seen === 0) {
        // What was seen left the mempool (replaced, dropped, or reorganised away): waiting again.
        fx.push({ do: 'attempt', to: 'awaiting_payment' });
        if (intent.status === 'pending') {
          const dropped = {
            code: 'payment_dropped',
            message: 'The payment seen on the network was replaced or dropped before it confirmed.',
            rail: attempt.rail,
          };
          fx.push({ do: 'intent', to: 'requires_payment_method', lastPaymentError: dropped }, emit('payment_intent.payment_failed'));
          status = 'requires_payment_method';
        }
      }
      if (!pastExpiry) return d;
      break;
    case 'expired':
      break;
  }

  // The attempt's time is up.
  if (mobileMoney) {
    // Our time is up, not the operator's: the buyer may retry now, and the push stays watched until
    // the operator's final answer (a late approval still pays the intent, or is recorded).
    const timeout = { code: 'timeout', message: 'The payer did not approve the payment request in time.' };
    fx.push(...failAttempt(intent, attempt, timeout, intent.amountReceived, backendFinal ? null : now + PUSH_WATCH_SECONDS));
    return d;
  }
  fx.push({ do: 'attempt', to: 'expired', watchUntil: watch });
  if (status === 'pending') {
    const timeout = { code: 'timeout', message: 'The payment was not completed before the attempt expired.', rail: attempt.rail };
    fx.push({ do: 'intent', to: 'requires_payment_method', lastPaymentError: timeout }, emit('payment_intent.payment_failed'));
    status = 'requires_payment_method';
  }
  if (attempt.quote && status === 'requires_payment_method') {
    // A quote that ran out with nothing paid: the payer is told (the page offers a new rate).
    const ended = { code: 'timeout', message: 'The quote ended before a payment was seen; confirm again for a new quote.', rail: attempt.rail };
    if (intent.status === 'requires_payment_method') fx.push({ do: 'intentError', lastPaymentError: ended });
  }
  // An expired invoice is replaced while the session is open; a quote is renewed only when the payer asks.
  d.replace =
    !attempt.quote && family.invoice && status === 'requires_payment_method' && intent.sessionOpenUntil !== null && intent.sessionOpenUntil > now + 60;
  return d;
}

/** The attempt failed (declined, timed out, underpaid): the intent fails or asks for another try. */
function failAttempt(
  intent: IntentFacts,
  attempt: AttemptFacts,
  error: { code: string; message: string },
  received: number,
  watchUntil: number | null,
): Effect[] {
  const lastError: PaymentError = { ...error, rail: attempt.rail };
  const fx: Effect[] = [{ do: 'attempt', to: 'failed', error, watchUntil }];
  // Attempts our backend could not start (rail_unavailable) are not the payer's failures.
  const failures = intent.payerFailures + (error.code === 'rail_unavailable' ? 0 : 1);
  if (intent.windowClosed || failures >= MAX_FAILED_ATTEMPTS) {
    return [...fx, ...failIntent(received > 0 ? { code: 'underpaid', message: lastError.message, rail: attempt.rail } : lastError)];
  }
  if (intent.status === 'pending') fx.push({ do: 'intent', to: 'requires_payment_method', lastPaymentError: lastError });
  else fx.push({ do: 'intentError', lastPaymentError: lastError });
  fx.push(emit('payment_intent.payment_failed'));
  return fx;
}

/** The intent fails (window closed unpaid or underpaid, or attempts ran out). */
const failIntent = (error: PaymentError): Effect[] => [{ do: 'failIntent', error }];
