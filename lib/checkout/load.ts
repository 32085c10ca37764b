// What the hosted checkout page may show, read from the database in one place. A plain view
// model: no raw rows, no key data, no metadata, only this session's merchant's name. The page is
// public (the session id is the capability), so the scope comes from the session row itself.

import type { MomoProtocol } from '../config';
import type { Db, Row } from '../db/client';
import { buyerReturnUrl } from '../domain/checkout-sessions';
import { merchantRail } from '../domain/merchant-rails';
import type { NextAction } from '../domain/next-action';
import { serializeIntent } from '../domain/payment-intents';
import type { IntentStatus, SessionStatus } from '../domain/transitions';
import { nowSeconds } from '../ids';
import type { Currency, Rail } from '../money';
import { isMobileMoneyRail } from '../money';
import { type AvailableRail, availableRails } from '../payments/available-rails';
import { operatorInfo } from '../rails/mobile-money/operators';

export type Phase =
  | 'choose' // no rail started: pick one (and, for mobile money, give a number)
  | 'awaiting' // instructions shown, waiting for the payer (crypto address/invoice)
  | 'approve' // mobile money request pending on the phone
  | 'seen' // crypto payment seen, confirming
  | 'succeeded'
  | 'expired'
  | 'failed'
  | 'canceled';

/** A rail's cost at the current rate, before any quote (availableRails' `approx`): settlement minor units. */
export interface Approx {
  amount: number;
  /** BTC or USDT: the converting rail's own currency. */
  currency: Currency;
  rate: string;
}

/** A locked quote (nextAction.quote, and the attempt row's `quote`): settlement minor units, until expiresAt. */
export interface Quote extends Approx {
  expiresAt: number;
}

/** A rail on offer with its approximate amount (null for a rail in the session's own currency). */
export const approxOf = (r: AvailableRail): Approx | null => r.approx ?? null;

/** The quote a nextAction carries, or null (none: no conversion). */
export const quoteOf = (a: NextAction | null | undefined): Quote | null => a?.quote ?? null;

export interface CheckoutView {
  id: string;
  livemode: boolean;
  sessionStatus: SessionStatus;
  phase: Phase;
  expiresAt: number;
  merchantName: string;
  title: string | null;
  description: string | null;
  amount: number;
  currency: Currency;
  /** Where the buyer is sent back, `{CHECKOUT_SESSION_ID}` replaced (buyerReturnUrl in lib/domain/checkout-sessions.ts). */
  successUrl: string | null;
  cancelUrl: string | null;
  sessionLocale: string;
  rails: AvailableRail[];
  /** The rail the buyer is on: the intent's rail (preselected), or null for a price session not started. */
  rail: Rail | null;
  /**
   * Test mode on Caisse's simulator for that rail: the page's test buttons can pay it. False in
   * live mode, and on a merchant's own test-mode (sandbox) account, which is paid in the operator's sandbox.
   */
  simulated: boolean;
  intent: {
    id: string;
    status: IntentStatus;
    amountReceived: number;
    lastErrorCode: string | null;
    nextAction: NextAction | null;
    /** National number of the last mobile-money attempt, to prefill a retry. */
    lastPhone: string | null;
    /** The mobile money operator's timeout (seconds), for the countdown's scale. */
    timeoutSeconds: number | null;
    /** The mobile-money operator's protocol (how the payer is asked), null for other rails. */
    protocol: MomoProtocol | null;
    /** The operator's USSD code in the intent's market ('' when none). */
    ussdCode: string;
  } | null;
  /**
   * The buyer's quote ran out with nothing paid: the intent waits for a payment method again on a
   * converting rail whose current attempt expired with its quote. The page offers a new rate (the
   * same rail chosen again: a new attempt, a new quote). Null otherwise.
   */
  expiredQuote: (Quote & { rail: Rail }) | null;
  /** Changes whenever anything the page shows changes (polling compares it). */
  version: string;
}

export async function loadCheckout(db: Db, sessionId: string, now = nowSeconds()): Promise<CheckoutView | null> {
  if (!/^cs_[A-Za-z0-9]{1,100}$/.test(sessionId)) return null;
  const s = (await db.query(`select * from checkout_sessions where id = $1`, [sessionId]))[0];
  if (!s) return null;
  const merchant = (await db.query<{ name: string }>(`select name from merchants where id = $1`, [s.merchant_id]))[0];
  let title: string | null = null;
  let description: string | null = null;
  if (s.price_id) {
    const p = (
      await db.query<{ name: string; description: string | null }>(
        `select p.name, p.description from prices pr join products p on p.id = pr.product_id where pr.id = $1 and pr.merchant_id = $2`,
        [s.price_id, s.merchant_id],
      )
    )[0];
    title = p?.name ?? null;
    description = p?.description ?? null;
  }
  let intent: CheckoutView['intent'] = null;
  let expiredQuote: CheckoutView['expiredQuote'] = null;
  let intentRow: Row | undefined;
  if (s.payment_intent_id) {
    intentRow = (await db.query(`select * from payment_intents where id = $1 and merchant_id = $2`, [s.payment_intent_id, s.merchant_id]))[0];
  }
  if (intentRow) {
    const pi = await serializeIntent(db, intentRow);
    if (!s.price_id) {
      title = pi.description ?? pi.reference;
      description = pi.description && pi.reference ? pi.reference : null;
    }
    let lastPhone: string | null = null;
    let timeoutSeconds: number | null = null;
    let protocol: MomoProtocol | null = null;
    let ussdCode = '';
    if (isMobileMoneyRail(pi.rail)) {
      const op = operatorInfo(pi.rail);
      timeoutSeconds = op.timeoutSeconds;
      protocol = op.protocol;
      ussdCode = op.markets[pi.currency]?.ussdCode ?? '';
      const last = (
        await db.query<{ destination: string | null }>(
          `select destination from payment_attempts where payment_intent_id = $1 and rail = $2 order by seq desc limit 1`,
          [pi.id, pi.rail],
        )
      )[0];
      const dial = op.markets[pi.currency]?.dialCode;
      if (last?.destination && dial && last.destination.startsWith(dial)) lastPhone = last.destination.slice(dial.length);
    }
    if (pi.status === 'requires_payment_method' && !pi.nextAction && !isMobileMoneyRail(pi.rail)) {
      // The current attempt (the latest, as nextAction reads it): expired with its quote, nothing
      // received or seen on it (an earlier part payment may have been; the rest needs a new rate too).
      const last = (await db.query(`select * from payment_attempts where payment_intent_id = $1 order by seq desc limit 1`, [pi.id]))[0];
      const q = parseQuote(last?.quote);
      if (last && q && last.status === 'expired' && last.rail === pi.rail && Number(last.amount_received) === 0 && Number(last.amount_seen ?? 0) === 0)
        expiredQuote = { ...q, rail: pi.rail as Rail };
    }
    intent = {
      id: pi.id,
      status: pi.status,
      amountReceived: pi.amountReceived,
      lastErrorCode: pi.lastPaymentError?.code ?? null,
      nextAction: pi.nextAction,
      lastPhone,
      timeoutSeconds,
      protocol,
      ussdCode,
    };
  }
  const currency = s.currency as Currency;
  const sessionStatus = s.status as SessionStatus;
  const expiresAt = s.expires_at as number;
  const phase = phaseOf(sessionStatus, expiresAt, now, intent, (intentRow?.rail as string | undefined) ?? '');
  // Health (in the database) and free receive addresses decide what is offered; the intent's own
  // address keeps its rail on offer.
  // Pending at a redirect operator, the payer may come back and choose another rail.
  const redirectPending = phase === 'approve' && intent?.nextAction?.type === 'redirect_to_url';
  const rails =
    phase === 'choose' || phase === 'awaiting' || redirectPending
      ? await availableRails(db, { merchantId: s.merchant_id as string, livemode: s.livemode as boolean }, currency, {
          now,
          intentId: (intentRow?.id as string | undefined) ?? undefined,
          // What is still due: the converting rails' approximate amounts are for it.
          amount: Math.max(0, (s.amount as number) - (intent?.amountReceived ?? 0)),
        })
      : [];
  const view: Omit<CheckoutView, 'version'> = {
    id: s.id as string,
    livemode: s.livemode as boolean,
    sessionStatus,
    phase,
    expiresAt,
    merchantName: merchant?.name ?? '',
    title,
    description,
    amount: s.amount as number,
    currency,
    // {CHECKOUT_SESSION_ID} replaced: where the buyer is sent back (the API shows the template).
    successUrl: buyerReturnUrl((s.success_url as string | null) ?? null, s.id as string),
    cancelUrl: buyerReturnUrl((s.cancel_url as string | null) ?? null, s.id as string),
    sessionLocale: s.locale as string,
    rails,
    rail: (intentRow?.rail as Rail | undefined) ?? null,
    simulated:
      !s.livemode && intentRow
        ? !!(await merchantRail(db, { merchantId: s.merchant_id as string, livemode: false }, intentRow.rail as Rail))?.simulator
        : false,
    intent,
    expiredQuote,
  };
  return { ...view, version: versionOf(view) };
}

function phaseOf(status: SessionStatus, expiresAt: number, now: number, intent: CheckoutView['intent'], rail: string): Phase {
  if (status === 'complete' || intent?.status === 'succeeded') return 'succeeded';
  if (intent?.status === 'canceled') return 'canceled';
  if (intent?.status === 'failed') return intent.lastErrorCode === 'session_expired' ? 'expired' : 'failed';
  if (status === 'expired') return 'expired';
  if (intent?.status === 'pending') return isMobileMoneyRail(rail) ? 'approve' : 'seen';
  // Past expiresAt and nothing pending: the worker is about to expire it; nobody may pay now.
  if (expiresAt <= now) return 'expired';
  if (intent?.nextAction) return 'awaiting';
  return 'choose';
}

/** An attempt row's `quote` column ({amount, currency, rate, expiresAt, due}), checked; null when absent or malformed. */
function parseQuote(raw: unknown): Quote | null {
  const q = (typeof raw === 'string' ? safeJson(raw) : raw) as Record<string, unknown> | null | undefined;
  if (!q || typeof q !== 'object') return null;
  const { amount, currency, rate, expiresAt } = q;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return null;
  if (currency !== 'BTC' && currency !== 'USDT') return null;
  if (typeof rate !== 'string' || !/^\d+(\.\d+)?$/.test(rate)) return null;
  if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt)) return null;
  return { amount, currency, rate, expiresAt };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

function versionOf(v: Omit<CheckoutView, 'version'>): string {
  const a = v.intent?.nextAction;
  const q = quoteOf(a);
  return [
    v.phase,
    v.sessionStatus,
    v.rail ?? '',
    v.intent?.status ?? '',
    v.intent?.amountReceived ?? 0,
    v.intent?.lastErrorCode ?? '',
    a ? a.type : '',
    a && 'invoice' in a ? a.invoice.slice(-12) : '',
    a && 'address' in a ? a.address : '',
    a && 'url' in a ? a.url.slice(-16) : '',
    a && 'expiresAt' in a ? (a.expiresAt ?? '') : '',
    a && a.type === 'bitcoin_address' ? a.confirmations : '',
    a && 'amount' in a ? a.amount : '',
    q ? `${q.amount}@${q.rate}<${q.expiresAt}` : '',
    v.expiredQuote ? `x${v.expiredQuote.expiresAt}` : '',
  ].join('|');
}
