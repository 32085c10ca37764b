// POST /v1/payment_intents/:id/confirm and the hosted page's pay button: start (or return) the
// payer's attempt and answer the intent with nextAction. A resend is resend.ts; a rail change is
// choose-rail.ts. May call lib/store, lib/domain (payment-intents, common, rail-health, conversion),
// begin-attempt.ts, start-attempt.ts, reuse-invoice.ts, apply-report.ts, choose-rail.ts, close.ts.
import { z } from 'zod';
import type { Db } from '../db/client';
import { type Scope, urlInput } from '../domain/common';
import { quoteOf } from '../domain/conversion';
import { getIntentRow, type PaymentIntent, railInput, serializeIntent } from '../domain/payment-intents';
import { admitRequest } from '../domain/rail-health';
import { invalid, unexpectedState } from '../errors';
import { isMobileMoneyRail } from '../money';
import { operatorInfo } from '../rails/mobile-money/operators';
import type { PromptInput, RailAdapter } from '../rails/types';
import { activeAttempt, type PaymentAttemptRow } from '../store/attempts';
import type { PaymentIntentRow } from '../store/intents';
import { openSessionOf } from '../store/sessions';
import { adapterOfAttempt, configuredAdapter, operatorOf } from './adapters';
import { refreshAttempt } from './apply-report';
import { beginAttempt, normalizeBuyerPhone } from './begin-attempt';
import { assertRailCanChange, switchRail } from './choose-rail';
import { type Clock, TERMINAL, timeOf } from './clock';
import { closeAttempt } from './close';
import { familyOfRail } from './families';
import { replaceExpiredInvoice } from './replace-invoice';
import { resendMobileMoneyPrompt } from './resend';
import { reuseOpenInvoice } from './reuse-invoice';
import { finishAttempt, startAttempt } from './start-attempt';

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
    const step = await confirmStep(db, { scope, intentId, input, now, nowMs, rechecked, locale: clock.locale, client: clock.client });
    if ('recheck' in step) {
      // Our clock says the invoice expired: ask the backend once before dropping it (it may have
      // been paid at the last moment), with no transaction open; then decide again.
      rechecked = true;
      const outcome = await refreshAttempt(db, step.recheck, now);
      // An expired invoice while the session is open: its replacement, as the worker starts it.
      if (outcome.replaceInvoice) await replaceExpiredInvoice(db, outcome.replaceInvoice.intentId, outcome.replaceInvoice.rail, now);
      continue;
    }
    if ('done' in step) return step.done;
    await startAttempt(db, step.start.promptInput, step.start.adapter);
    return serializeIntent(db, await getIntentRow(db, scope, intentId));
  }
}

type ConfirmStep = { done: PaymentIntent } | { recheck: string } | { start: { promptInput: PromptInput; adapter: RailAdapter } };

interface StepArgs {
  scope: Scope;
  intentId: string;
  input: ConfirmInput;
  now: number;
  nowMs: number;
  rechecked: boolean;
  locale?: 'fr' | 'en';
  client?: string | null;
}

async function confirmStep(db: Db, a: StepArgs): Promise<ConfirmStep> {
  const { scope, intentId, input, now } = a;
  return db.transaction(async (tx): Promise<ConfirmStep> => {
    let intent = await getIntentRow(tx, scope, intentId, { forUpdate: true });
    const status = intent.status;
    if (TERMINAL.includes(status)) throw unexpectedState(`This payment intent's status is ${status}; it can no longer be confirmed.`);
    if (input.rail && input.rail !== intent.rail) {
      await assertRailCanChange(tx, intent);
      intent = await switchRail(tx, intent, input.rail, now);
    }
    const current = await activeAttempt(tx, intentId);
    if (current) {
      const kept = await keepCurrent(tx, intent, current, a);
      if (kept) return kept;
    }
    const session = await openSessionOf(tx, intentId);
    if (session && session.expires_at <= now) throw unexpectedState('The checkout session of this payment intent has expired.');
    if (session && input.returnUrl !== undefined)
      throw invalid(
        'parameter_invalid',
        'This payment intent has an open checkout session: the operator sends the payer back to its page. returnUrl is for payment intents confirmed without one.',
        'returnUrl',
      );
    const adapter = await configuredAdapter(tx, scope, intent.rail);
    // Back from another rail: the invoice handed out before is handed out again while it is valid.
    if (await reuseOpenInvoice(tx, intent, adapter, now)) return { done: await serializeIntent(tx, await getIntentRow(tx, scope, intentId)) };
    await admitRequest(tx, adapter, now);
    const promptInput = await beginAttempt(
      tx,
      intent,
      adapter,
      { phone: input.phone, returnUrl: input.returnUrl, locale: a.locale, client: a.client, promptAtMs: a.nowMs },
      now,
    );
    if (adapter.mode === 'test') {
      await finishAttempt(tx, promptInput, await adapter.createPrompt(promptInput), adapter);
      return { done: await serializeIntent(tx, await getIntentRow(tx, scope, intentId)) };
    }
    return { start: { promptInput, adapter } };
  });
}

/**
 * The intent has a live attempt: it is the answer (another number is a 409), unless its invoice
 * or quote ran out: then it is asked about once (recheck), closed (still watched), and a new one made.
 * Returns the step, or null to go on and start a new attempt.
 */
async function keepCurrent(tx: Db, intent: PaymentIntentRow, current: PaymentAttemptRow, a: StepArgs): Promise<ConfirmStep | null> {
  const rail = intent.rail;
  const { input, now } = a;
  if (current.status === 'creating') throw unexpectedState('This payment intent is being confirmed by another request; retry in a moment.');
  if (familyOfRail(rail).phone !== 'none' && input.phone !== undefined) await assertSamePhone(tx, intent, current, input.phone);
  const ended = current.expires_at !== null && current.expires_at <= now;
  const invoiceExpired = familyOfRail(rail).invoice && ended;
  // A quote past its end (the page's "new rate" before the worker noticed): asked about first,
  // then closed (still watched) and a new quote made, as for an expired invoice.
  const quoteEnded = quoteOf(current) !== null && ended;
  if (!invoiceExpired && !quoteEnded) return { done: await serializeIntent(tx, intent) };
  if (!a.rechecked) return { recheck: current.id };
  // Watched until the node can no longer be paid for it (and canceled there by the worker).
  await closeAttempt(tx, current, 'expired', now);
  return null;
}

/** A confirm naming another number while a request is pending: 409 (wait, or resend). */
async function assertSamePhone(tx: Db, intent: PaymentIntentRow, current: PaymentAttemptRow, given: string): Promise<void> {
  const rail = intent.rail;
  if (!isMobileMoneyRail(rail)) return;
  const adapter = await adapterOfAttempt(tx, current);
  const op = adapter ? operatorOf(adapter) : operatorInfo(rail);
  const phone = normalizeBuyerPhone(rail, intent.currency, given, op);
  if (phone === current.destination) return;
  throw unexpectedState(
    current.destination
      ? `A payment request to ${current.destination} is pending; wait for its outcome${familyOfRail(rail).canResend ? ', or resend it' : ''}.`
      : `A payment request is pending at ${(op ?? operatorInfo(rail)).displayName}; send the payer to nextAction.url, or wait for its outcome.`,
  );
}
