// Test mode only: the payer pays, fails, underpays or overpays through the rail's simulator
// (POST /v1/test_helpers/..., the hosted page's test controls); a quote made to end now; the test
// operator page of the redirect operators. Applied like a backend's answer (apply-decision.ts).
// May call lib/store, lib/domain (payment-intents, conversion, prices), lib/rails (simulators),
// begin-attempt.ts, start-attempt.ts, reuse-invoice.ts, apply-report.ts, close.ts, families.
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { quoteOf, settlementDue } from '../domain/conversion';
import { getIntentRow, type PaymentIntent, serializeIntent } from '../domain/payment-intents';
import { amountInput } from '../domain/prices';
import { invalid, notFound, testModeOnly, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import { boundsFor, type Currency, isMobileMoneyRail } from '../money';
import { operatorInfo } from '../rails/mobile-money/operators';
import type { MobileMoneySimulator, TestOperatorAnswer } from '../rails/mobile-money/simulator';
import type { RailAdapter } from '../rails/types';
import {
  activeAttempt,
  attemptView,
  getAttempt,
  lastAttemptOn,
  lockAttempt,
  type PaymentAttemptRow,
  testAttemptWithMerchant,
  writeAttempt,
} from '../store/attempts';
import { lockIntent, type PaymentIntentRow } from '../store/intents';
import { configuredAdapter, requiredAdapterOfAttempt } from './adapters';
import { applyReport } from './apply-decision';
import { refreshAttempt } from './apply-report';
import { beginAttempt } from './begin-attempt';
import { type Clock, TERMINAL } from './clock';
import { closeAttempt } from './close';
import { familyOfRail } from './families';
import { reuseOpenInvoice } from './reuse-invoice';
import { finishAttempt } from './start-attempt';

export const testPayInput = z.strictObject({ amount: amountInput('amount').optional() });
export const testFailInput = z.strictObject({});

/** The test helpers drive simulators: a rail on the merchant's own sandbox account is paid in that sandbox. */
function simulatorOnly(adapter: RailAdapter): RailAdapter {
  if (!adapter.simulator)
    throw unexpectedState(
      `The ${adapter.rail} rail of this account is its own test-mode rail account (${adapter.account?.id ?? 'a sandbox'}): pay it in that operator's sandbox. The test helpers drive Caisse's simulators only.`,
    );
  return adapter;
}

function assertTestMode(scope: Scope): void {
  if (scope.livemode) throw testModeOnly('Test helpers exist in test mode only: use a test key (sk_test_...).');
}

/** The intent's current attempt, started on its rail if there is none (test mode: simulators only). */
async function simulatedAttempt(tx: Db, scope: Scope, intent: PaymentIntentRow, now: number): Promise<PaymentAttemptRow> {
  const rail = intent.rail;
  const current = await activeAttempt(tx, intent.id);
  if (current && current.status !== 'creating' && !(familyOfRail(rail).invoice && (current.expires_at ?? 0) <= now)) return current;
  if (current) await closeAttempt(tx, current, 'expired', now);
  if (intent.status !== 'requires_payment_method') throw unexpectedState(`This payment intent's status is ${intent.status}.`);
  const adapter = simulatorOnly(await configuredAdapter(tx, scope, rail));
  if (await reuseOpenInvoice(tx, intent, adapter, now)) return (await activeAttempt(tx, intent.id))!;
  const phone = isMobileMoneyRail(rail) ? operatorInfo(rail).markets[intent.currency]?.exampleNumber : undefined;
  const input = await beginAttempt(tx, intent, adapter, { phone }, now);
  await finishAttempt(tx, input, await adapter.createPrompt(input), adapter);
  return (await getAttempt(tx, input.attemptId))!;
}

/** The attempt a test payment goes to: the current one, or after the end the last address attempt (a late payment). */
async function targetAttempt(tx: Db, scope: Scope, intent: PaymentIntentRow, act: 'pay' | 'fail', now: number): Promise<PaymentAttemptRow> {
  if (!TERMINAL.includes(intent.status)) return simulatedAttempt(tx, scope, intent, now);
  // Money sent to an address after the end is still money: a late payment.
  const last = await lastAttemptOn(tx, intent.id, intent.rail);
  if (act !== 'pay' || !familyOfRail(intent.rail).receivesOnAddress || !last || intent.status === 'succeeded')
    throw unexpectedState(`This payment intent's status is ${intent.status}; it cannot be ${act === 'pay' ? 'paid' : 'failed'}.`);
  return last;
}

/** How much a test payment pays: `amount`, or what is due, half of it (under), or a tenth more (over). */
function paidAmount(intent: PaymentIntentRow, attempt: PaymentAttemptRow, amount: number | undefined, share?: 'under' | 'over'): number {
  // The payer pays in the attempt's currency: the quote's (BTC, USDT) when it converts.
  const quote = quoteOf(attempt);
  const payIn = attempt.currency ?? intent.currency;
  if (amount !== undefined) {
    const { max } = boundsFor(payIn);
    if (amount > max)
      throw invalid(
        'parameter_invalid',
        `amount must be at most ${max}, the largest ${payIn} amount (in minor units of ${payIn}, the attempt's currency).`,
        'amount',
      );
    return amount;
  }
  const intentDue = Math.max(0, intent.amount - intent.amount_received);
  const due = Math.max(1, quote ? settlementDue(quote, Number(attempt.amount_received), intentDue, intent.currency) : intentDue);
  if (share === 'under') return Math.max(1, Math.floor(due / 2));
  if (share === 'over') return due + Math.max(1, Math.floor((quote?.amount ?? intent.amount) / 10));
  return due;
}

async function simulate(
  db: Db,
  scope: Scope,
  intentId: string,
  now: number,
  act: 'pay' | 'fail',
  amount?: number,
  share?: 'under' | 'over',
): Promise<PaymentIntent> {
  assertTestMode(scope);
  return db.transaction(async (tx) => {
    let intent = await getIntentRow(tx, scope, intentId, { forUpdate: true });
    const terminal = TERMINAL.includes(intent.status);
    let attempt = await targetAttempt(tx, scope, intent, act, now);
    if (!terminal) intent = await lockIntent(tx, intentId);
    const adapter = simulatorOnly(await requiredAdapterOfAttempt(tx, attempt));
    const sim = adapter.simulator!;
    const paid = paidAmount(intent, attempt, amount, share);
    const details = act === 'pay' ? sim.pay(attemptView(attempt), paid, now) : sim.fail(attemptView(attempt), now);
    attempt = (await writeAttempt(tx, attempt.id, { set: { details: JSON.stringify(details) } }))!;
    const st = await adapter.getStatus(attemptView(attempt), now);
    await applyReport(tx, intent, attempt, st, now, adapter.pollSeconds);
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
    await writeAttempt(tx, a.id, { set: { expires_at: now, quote: JSON.stringify({ ...q, expiresAt: now }), next_poll_at: now, updated_at: now } });
    return a.id;
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
  const a = await testAttemptWithMerchant(db, attemptId);
  if (!a || !isMobileMoneyRail(a.rail) || !familyOfRail(a.rail).redirects || a.account_owner !== 'simulator') return null;
  const { rail, details } = a;
  return {
    attemptId,
    operator: operatorInfo(rail).displayName,
    merchantName: a.merchant_name,
    amount: a.amount,
    currency: a.currency,
    phone: a.destination || null,
    open: a.status === 'pending',
    abandoned: a.status === 'canceled',
    returnUrl: String(details.returnUrl ?? ''),
    locale: details.locale === 'en' ? 'en' : 'fr',
  };
}

/**
 * The test operator page's buttons: the payer approves, declines, or has too little money. Applied
 * like an operator's answer (applyReport, under the row locks). Returns where to send the payer back.
 * An attempt that is no longer waiting is left as it is (a replayed form changes nothing).
 */
export async function answerTestOperator(db: Db, attemptId: string, answer: TestOperatorAnswer, clock: Clock = {}): Promise<{ returnUrl: string }> {
  const now = clock.now ?? nowSeconds();
  const view = await testOperatorView(db, attemptId);
  if (!view) throw notFound('payment_attempt', attemptId);
  await db.transaction(async (tx) => {
    const first = (await getAttempt(tx, attemptId))!;
    const intent = await lockIntent(tx, first.payment_intent_id);
    let attempt = await lockAttempt(tx, attemptId);
    if (attempt.status !== 'pending') return;
    const adapter = simulatorOnly(await requiredAdapterOfAttempt(tx, attempt)) as RailAdapter & { simulator: MobileMoneySimulator };
    const details = adapter.simulator.answer(attemptView(attempt), answer);
    attempt = (await writeAttempt(tx, attemptId, { set: { details: JSON.stringify(details) } }))!;
    await applyReport(tx, intent, attempt, await adapter.getStatus(attemptView(attempt), now), now, adapter.pollSeconds);
  });
  return { returnUrl: view.returnUrl };
}
