// What the payer must do now, from the intent and its current attempt (pure: the one serializer,
// toPaymentIntent, calls it). Shapes as in the API contract.
import type { Row } from '../db/client';
import { type Currency, isMobileMoneyRail, type Rail, toDecimalString } from '../money';
import { operatorInfo } from '../rails/mobile-money/operators';
import { isPromptOut } from '../store/attempts';
import { quoteOf, settlementDue } from './conversion';

/** The quote a converting attempt locked (api-contract: `nextAction.quote`); null without conversion. */
export interface QuoteView {
  amount: number;
  currency: Currency;
  rate: string;
  expiresAt: number;
}

type Action =
  | { type: 'mobile_money_prompt'; phone: string; operator: string; ussdCode: string; expiresAt: number }
  | { type: 'redirect_to_url'; url: string; operator: string; phone: string | null; expiresAt: number }
  | { type: 'lightning_invoice'; invoice: string; uri: string; expiresAt: number }
  | { type: 'bitcoin_address'; address: string; amount: string; uri: string; confirmations: number; requiredConfirmations: number; expiresAt: number | null }
  | { type: 'tron_address'; address: string; amount: string; network: 'TRC20'; contract: string; expiresAt: number | null };

export type NextAction = Action & { quote: QuoteView | null };

export function nextActionFor(intent: Row, attempt: Row | null | undefined): NextAction | null {
  const action = actionFor(intent, attempt);
  if (!action) return null;
  const q = quoteOf(attempt);
  return { ...action, quote: q && { amount: q.amount, currency: q.currency, rate: q.rate, expiresAt: q.expiresAt } };
}

function actionFor(intent: Row, attempt: Row | null | undefined): Action | null {
  if (!attempt) return null;
  if (intent.status !== 'requires_payment_method' && intent.status !== 'pending') return null;
  if (!isPromptOut(attempt.status) || attempt.rail !== intent.rail) return null;
  const rail = attempt.rail as Rail;
  const currency = intent.currency as Currency;
  const details = (attempt.details ?? {}) as Record<string, unknown>;
  const destination = attempt.destination as string;
  // Never null: an attempt is inserted with its end (the session's, the quote's or the rail's
  // window: lib/payments/begin-attempt.ts) and every later write takes a RailPrompt's, a number too.
  const expiresAt = attempt.expires_at as number;
  // What is still to pay, in what the payer pays: the quote's rest when the attempt converts.
  const quote = quoteOf(attempt);
  const intentDue = Math.max(0, (intent.amount as number) - (intent.amount_received as number));
  const due = quote ? settlementDue(quote, Number(attempt.amount_received ?? 0), intentDue, currency) : intentDue;
  if (isMobileMoneyRail(rail)) {
    const op = operatorInfo(rail);
    // The operator's name as the account that took the attempt says it (a merchant's account may name it its own way).
    const operator = typeof details.operatorName === 'string' ? details.operatorName : op.displayName;
    // A redirect operator (Orange Money, Wave): the payer goes to the operator's page or app.
    if (typeof details.redirectUrl === 'string') return { type: 'redirect_to_url', url: details.redirectUrl, operator, phone: destination || null, expiresAt };
    return { type: 'mobile_money_prompt', phone: destination, operator, ussdCode: op.markets[currency]?.ussdCode ?? '', expiresAt };
  }
  switch (rail) {
    case 'btc_lightning':
      return { type: 'lightning_invoice', invoice: destination, uri: `lightning:${destination}`, expiresAt };
    case 'btc_onchain': {
      const btc = toDecimalString(due, 'BTC');
      return {
        type: 'bitcoin_address',
        address: destination,
        amount: btc,
        uri: `bitcoin:${destination}?amount=${btc}`,
        confirmations: Number(details.confirmations ?? 0),
        requiredConfirmations: Number(details.requiredConfirmations ?? 1),
        // Until when a payment to the address counts for this attempt (the quote's end, the session's, or the rail's window).
        expiresAt,
      };
    }
    case 'usdt_trc20':
      return {
        type: 'tron_address',
        address: destination,
        amount: toDecimalString(due, 'USDT'),
        network: 'TRC20',
        contract: String(details.contract ?? ''),
        expiresAt,
      };
  }
  return null;
}
