// What the hosted page's server actions do beyond one lifecycle call: find the session's scope
// (the page is public, so the scope comes from the session row) and turn a test-mode button
// (exact, under, over, fail) into the test helper call. The actions stay parse -> one call -> redirect.

import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { DomainError, invalid, notFound, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import type { Currency, Rail } from '../money';
import { ADDRESS_RAILS, isMobileMoneyRail } from '../money';
import { normalizeBuyerPhone } from '../payments/begin-attempt';
import { testExpireQuote, testFail, testPay, testPayShare } from '../payments/test-helpers';
import { operatorInfo } from '../rails/mobile-money/operators';

/** How a mobile-money rail asks the payer: 'push' (prompt on the phone) or 'redirect' (operator's page or app); null for other rails. */
export function operatorFlow(rail: Rail): { flow: 'push' | 'redirect'; protocol: string } | null {
  if (!isMobileMoneyRail(rail)) return null;
  const op = operatorInfo(rail);
  return { flow: op.flow, protocol: op.protocol };
}

export interface SessionCtx {
  id: string;
  scope: Scope;
  status: string;
  expiresAt: number;
  currency: Currency;
  intentId: string | null;
  amount: number;
}

export async function checkoutSession(db: Db, id: string): Promise<SessionCtx | null> {
  const s = (
    await db.query(`select id, merchant_id, livemode, status, expires_at, currency, payment_intent_id, amount from checkout_sessions where id = $1`, [id])
  )[0];
  if (!s) return null;
  return {
    id,
    scope: { merchantId: s.merchant_id as string, livemode: s.livemode as boolean },
    status: s.status as string,
    expiresAt: s.expires_at as number,
    currency: s.currency as Currency,
    intentId: (s.payment_intent_id as string | null) ?? null,
    amount: s.amount as number,
  };
}

export const SIMULATED_OUTCOMES = ['pay', 'under', 'over', 'fail', 'expire_quote'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

/**
 * Test mode only, and only while the session is open (a replayed form never pays a closed page):
 * pay what is due, half of it, a tenth more than the amount, make the attempt fail, or make its
 * quote run out now (a converting rail: the rate's expiry without waiting QUOTE_TTL_SECONDS).
 */
export async function simulateOutcome(db: Db, sessionId: string, outcome: SimulatedOutcome) {
  const s = await checkoutSession(db, sessionId);
  if (!s?.intentId) throw notFound('checkout_session', sessionId);
  if (s.status !== 'open' || s.scope.livemode || s.expiresAt <= nowSeconds())
    throw unexpectedState(`This checkout session is ${s.status === 'open' ? 'past its expiry' : s.status}; nothing can be simulated on it.`);
  const pi = (await db.query<{ rail: string }>(`select rail from payment_intents where id = $1`, [s.intentId]))[0]!;
  // Under- and overpayment exist only where the payer chooses the amount: the address rails.
  if ((outcome === 'under' || outcome === 'over') && !(ADDRESS_RAILS as readonly string[]).includes(pi.rail))
    throw invalid('parameter_invalid', `A ${outcome}payment cannot happen on ${pi.rail}: the operator or the invoice fixes the amount.`, 'outcome');
  if (outcome === 'fail') return testFail(db, s.scope, s.intentId);
  // In the attempt's currency: the quote's (BTC, USDT) when the rail converts the intent's.
  if (outcome === 'under' || outcome === 'over') return testPayShare(db, s.scope, s.intentId, outcome);
  if (outcome === 'expire_quote') return testExpireQuote(db, s.scope, s.intentId);
  return testPay(db, s.scope, s.intentId, {});
}

/** The buyer's number in E.164 for the operator's market, or null: the domain's own rule, for a message before any work. */
export function buyerPhone(rail: Rail, currency: Currency, raw: string): string | null {
  try {
    return normalizeBuyerPhone(rail, currency, raw);
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
}
