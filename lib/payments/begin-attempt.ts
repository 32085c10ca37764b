// Step 1 of starting an attempt, in the caller's transaction: the attempt row (status creating) and
// the prompt's input (start-attempt.ts then calls the backend and records its answer). What the
// prompt needs comes from the rail's family (families/): the payer's phone (push, redirect), a
// receive address (address), an expiry of its own (invoice), return URLs (redirect).
// May call lib/store, lib/domain (phone-limits, conversion), lib/rails, addresses.ts, families.
import { randomUUID } from 'node:crypto';
import { config } from '../config';
import type { Db } from '../db/client';
import { lockQuote, type Quote } from '../domain/conversion';
import { accountOwner } from '../domain/merchant-rails';
import { reservePrompt } from '../domain/phone-limits';
import { invalid, unexpectedState } from '../errors';
import { createId } from '../ids';
import { type Currency, isMobileMoneyRail, type Rail } from '../money';
import { normalizePhone, type OperatorInfo, operatorInfo } from '../rails/mobile-money/operators';
import type { PromptInput, RailAdapter } from '../rails/types';
import { insertAttempt, lastDetailsOnAddress, lockWatchedOnAddress, moneySeenOnAddress, writeAttempt } from '../store/attempts';
import type { PaymentIntentRow } from '../store/intents';
import { type CheckoutSessionRow, openSessionOf } from '../store/sessions';
import { notifyUrlOf, operatorOf } from './adapters';
import { addressFor } from './addresses';
import { familyOf, type RailFamily } from './families';
import { attemptAmount } from './watch';

/** An attempt still `creating` after this long lost its request (crash): it is failed by the worker. */
export const STUCK_CREATING_SECONDS = 300;
/** A payment window when the intent has no checkout session (API-only confirm). */
export const DEFAULT_WINDOW_SECONDS = 24 * 3600;
/** Where a redirect operator sends a payer back when neither a session nor a returnUrl says where. */
export const OPERATOR_RETURN_PATH = '/operator-return';

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

/** E.164 for the operator's market in the intent's currency, or a 400 naming `phone`. */
export function normalizeBuyerPhone(rail: Rail, currency: Currency, phone: string | undefined, operator?: OperatorInfo | null): string {
  if (!isMobileMoneyRail(rail)) throw new Error('not a mobile-money rail');
  // The operator as the account that takes the payment describes it; the deployment's by default.
  const op = operator ?? operatorInfo(rail);
  const market = op.markets[currency];
  if (!market) throw invalid('rail_currency_mismatch', `Rail ${rail} does not take ${currency}.`, 'rail');
  if (phone === undefined)
    throw invalid(
      'parameter_missing',
      `Missing required param: phone. ${op.displayName} needs the payer's number (E.164 ${market.dialCode}..., or national format).`,
      'phone',
    );
  const e164 = normalizePhone(phone, market);
  if (!e164)
    throw invalid(
      'parameter_invalid',
      `phone must be a ${market.countryName} mobile number for ${op.displayName}: ${market.dialCode} followed by the national number, or the national number (${market.nationalPattern.source}); got '${phone}'.`,
      'phone',
    );
  return e164;
}

/** What a new attempt is made of, gathered step by step. */
interface Draft {
  id: string;
  intent: PaymentIntentRow;
  rail: Rail;
  adapter: RailAdapter;
  family: RailFamily;
  session: CheckoutSessionRow | null;
  now: number;
  details: Record<string, unknown>;
  expiresAt: number;
  phone?: string;
  address?: string;
  reference?: string;
  redirect: Pick<PromptInput, 'returnUrl' | 'notifyUrl' | 'locale'>;
}

/** Step 1, in the caller's transaction: the attempt row (status creating) and the prompt's input. */
export async function beginAttempt(tx: Db, intent: PaymentIntentRow, adapter: RailAdapter, opts: StartOptions, now: number): Promise<PromptInput> {
  const rail = intent.rail;
  const family = familyOf(adapter);
  const session = await openSessionOf(tx, intent.id);
  const d: Draft = {
    id: createId('att'),
    intent,
    rail,
    adapter,
    family,
    session,
    now,
    details: {},
    expiresAt: session ? session.expires_at : now + DEFAULT_WINDOW_SECONDS,
    redirect: {},
  };
  await takePhone(tx, d, opts);
  if (family.receivesOnAddress) await takeAddress(tx, d, adapter, opts);
  // An invoice never outlives its session, and lasts at most the configured expiry.
  if (family.invoice) d.expiresAt = Math.min(d.expiresAt, now + config().LIGHTNING_INVOICE_EXPIRY_SECONDS);
  // Which operator API this attempt lives at: a later change of MOMO_<X>_PROTOCOL must not make
  // another protocol's adapter ask about it (refreshAttempt).
  const op = operatorOf(adapter);
  if (family.pinsProtocol && op) d.details.protocol = op.protocol;
  // The operator's name as this account says it (the payer is told where to approve).
  if (op && adapter.account) d.details.operatorName = op.displayName;
  // A push: our reference for it is made and stored now, before the call, so a push whose answer
  // is lost (timeout, crash) can still be looked up at the operator. A redirect's reference is the
  // attempt id itself (Orange's order_id, Wave's client_reference).
  if (family.pushesToPhone) {
    d.reference = randomUUID();
    Object.assign(d.details, { referenceIds: [d.reference], resends: 0, lastPushAt: now });
  }
  if (family.redirects) takeReturn(d, adapter, opts);
  const quote = await takeQuote(tx, d);
  const due = attemptAmount({ amount: intent.amount, amountReceived: intent.amount_received });
  const amount = quote ? quote.amount : due;
  const payIn = quote ? quote.currency : intent.currency;
  await insertOnce(tx, d, amount, payIn, quote);
  return {
    attemptId: d.id,
    intentId: intent.id,
    rail,
    amount,
    currency: payIn,
    description: intent.description ?? `Payment ${intent.id}`,
    expiresAt: d.expiresAt,
    now,
    phone: d.phone,
    address: d.address,
    reference: d.reference,
    ...d.redirect,
  };
}

/** The payer's number: a push needs it (and counts it toward the phone's limits); a redirect takes it for the record. */
async function takePhone(tx: Db, d: Draft, opts: StartOptions): Promise<void> {
  if (d.family.phone === 'none' || (d.family.phone === 'optional' && opts.phone === undefined)) return;
  d.phone = normalizeBuyerPhone(d.rail, d.intent.currency, opts.phone, operatorOf(d.adapter));
  // Live prompts reach a real phone: counted per merchant and phone, under the phone's flood ceiling (phone-limits.ts).
  // A redirect operator asks the payer on its own page: nothing is sent to the number, no limit.
  if (d.family.pushesToPhone && d.intent.livemode)
    await reservePrompt(tx, d.phone, { merchantId: d.intent.merchant_id, attemptId: d.id }, opts.promptAtMs ?? d.now * 1000);
}

/**
 * The intent's receive address (addresses.ts). It may have served an earlier attempt of this
 * intent: the new attempt watches it from now on (the older ones stop, so a payment is looked at by
 * one attempt), and a test-mode simulated chain keeps the address's history, like a real chain.
 */
async function takeAddress(tx: Db, d: Draft, adapter: RailAdapter, opts: StartOptions): Promise<void> {
  const link = d.session?.payment_link_id ?? null;
  const { address, index } = await addressFor(tx, adapter, d.intent.id, d.now, { client: opts.client, link });
  d.address = address;
  d.details.derivationIndex = index;
  const sim = (await lastDetailsOnAddress(tx, address, d.rail))?.sim;
  if (sim) d.details.sim = { ...sim, failed: undefined };
  for (const o of await lockWatchedOnAddress(tx, address, d.rail)) await writeAttempt(tx, o.id, { set: { watch_until: null, next_poll_at: null } });
}

/** Where the redirect operator sends the payer back, and in which language. */
function takeReturn(d: Draft, adapter: RailAdapter, opts: StartOptions): void {
  const cfg = config();
  const s = d.session;
  const locale = s && (s.locale === 'fr' || s.locale === 'en') ? (s.locale as 'fr' | 'en') : (opts.locale ?? 'fr');
  const returnUrl = s ? `${cfg.checkoutUrl}/${s.id}` : (opts.returnUrl ?? `${cfg.BASE_URL}${OPERATOR_RETURN_PATH}`);
  // Notifications go to the URL of the account that made the attempt (verified with its secrets).
  d.redirect = { returnUrl, notifyUrl: notifyUrlOf(adapter), locale };
  if (adapter.maxUrlLength && returnUrl.length > adapter.maxUrlLength)
    throw invalid(
      'parameter_invalid',
      `${operatorOf(adapter)?.displayName ?? d.rail} takes return addresses of at most ${adapter.maxUrlLength} characters; this one has ${returnUrl.length}.`,
      'returnUrl',
    );
  Object.assign(d.details, { returnUrl, locale });
}

/**
 * A converting rail (francs over BTC or USDT): the attempt asks for the quote's amount, in the
 * settlement currency, until the quote ends (an invoice expires with it).
 */
async function takeQuote(tx: Db, d: Draft): Promise<Quote | null> {
  const { intent, session } = d;
  const due = attemptAmount({ amount: intent.amount, amountReceived: intent.amount_received });
  const quote = await lockQuote(tx, d.rail, intent.currency, due, intent.livemode, d.now, session ? session.expires_at : null, {
    remainder: Number(intent.amount_received) > 0,
  });
  if (!quote) return null;
  d.expiresAt = Math.min(d.expiresAt, quote.expiresAt);
  quote.expiresAt = d.expiresAt; // an invoice may end sooner (LIGHTNING_INVOICE_EXPIRY_SECONDS)
  // Money on its way to the address under an earlier quote (seen, not yet confirmed) is counted at
  // that quote when it confirms: no new quote for the same amount meanwhile (the payer would pay twice).
  if (d.address && (await moneySeenOnAddress(tx, intent.id, d.rail, d.address)))
    throw unexpectedState(
      'A payment to this address was seen on the network and is waiting for its confirmations; it is counted at its quote when it confirms. Try again after that.',
    );
  return quote;
}

/** The row, once: a second confirm racing this one hits the unique index (one creating attempt per intent). */
async function insertOnce(tx: Db, d: Draft, amount: number, currency: Currency, quote: Quote | null): Promise<void> {
  try {
    const inserted = await insertAttempt(tx, {
      id: d.id,
      intent: d.intent,
      rail: d.rail,
      amount,
      currency,
      destination: d.phone ?? d.address ?? null,
      details: d.details,
      expiresAt: d.expiresAt,
      nextPollAt: d.now + STUCK_CREATING_SECONDS,
      now: d.now,
      backendRef: d.reference ?? null,
      quote,
      account: d.adapter.account ?? null,
      accountOwner: accountOwner(d.adapter),
      requireActiveAccount: true,
    });
    if (!inserted) throw unexpectedState('This payment method was changed or disabled by the merchant a moment ago; try again to use its current settings.');
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw unexpectedState('This payment intent is being confirmed by another request; retry in a moment.');
    throw err;
  }
}
