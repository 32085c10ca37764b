// What can be refunded, and how much leaves on the rail: pure arithmetic, no I/O (tested alone in
// lib/refunds/amounts.test.ts). Refundable = money received on the intent (over- and late
// payments included) minus refunds that hold money (not failed, not canceled). A refund takes from
// one payment attempt: the one with the most left; its settlement is that attempt's money back at
// its quote (the buyer gets what they sent for that part) or at today's rate.
import { type Currency, toDecimalString } from '../money';
import { settlementAmount } from '../rates/quotes';

/** One attempt that received money, as the refund rules see it. */
export interface RefundSource {
  attemptId: string;
  /** What it received, in the settlement currency's minor units (its own currency without conversion). */
  received: number;
  /** What that is worth in the intent's currency (conversion.ts attemptWorth). */
  worth: number;
  /** Refunds holding money from it: their intent-currency amounts and settlement amounts. */
  refunded: number;
  refundedSettlement: number;
  /** Its quote's rate (intent units per settlement unit), or null without conversion. */
  rate: string | null;
  settlementCurrency: Currency;
  /** The attempt's creation order (ties go to the newest). */
  seq: number;
}

export type RefundPlanError =
  | { code: 'nothing_received' }
  | { code: 'nothing_left'; received: number; held: number }
  | { code: 'over_refundable'; refundable: number }
  | { code: 'over_one_payment'; max: number; refundable: number }
  | { code: 'too_small' }
  /** At the quote, the payment's money is all given back already (refunds at today's rate took more than their share). */
  | { code: 'settlement_spent' };

export interface RefundPlan {
  attemptId: string;
  amount: number;
  settlementAmount: number;
  settlementCurrency: Currency;
  rate: string | null;
  /** All that attempt received, none refunded before. */
  whole: boolean;
}

const left = (s: RefundSource) => Math.max(0, s.worth - s.refunded);

/** What is refundable: received less what refunds hold, and never more than the payments have left. */
export function refundableOf(sources: RefundSource[], received: number, held: number): number {
  return Math.max(
    0,
    Math.min(
      received - held,
      sources.reduce((t, s) => t + left(s), 0),
    ),
  );
}

/**
 * The refund of `requested` (intent minor units; default all that one payment can give back).
 * `received`: the intent's amount received; `held`: what refunds hold already; `currentRate`: today's
 * rate for `rate: "current"` (null: at the quote).
 */
export function planRefund(input: {
  sources: RefundSource[];
  intentCurrency: Currency;
  received: number;
  held: number;
  requested: number | undefined;
  currentRate: string | null;
}): RefundPlan | RefundPlanError {
  const { sources, intentCurrency, received, held, requested, currentRate } = input;
  if (received <= 0 || sources.length === 0) return { code: 'nothing_received' };
  const refundable = Math.max(
    0,
    Math.min(
      received - held,
      sources.reduce((t, s) => t + left(s), 0),
    ),
  );
  if (refundable === 0) return { code: 'nothing_left', received, held };
  if (requested !== undefined && requested > refundable) return { code: 'over_refundable', refundable };
  const source = [...sources].sort((a, b) => left(b) - left(a) || b.seq - a.seq)[0]!;
  const max = Math.min(left(source), refundable);
  const amount = requested ?? max;
  if (amount > max) return { code: 'over_one_payment', max, refundable };
  const settlement = settlementOf(source, amount, intentCurrency, currentRate);
  if (settlement < 1 && source.rate !== null && currentRate === null && source.received - source.refundedSettlement <= 0) return { code: 'settlement_spent' };
  if (settlement < 1) return { code: 'too_small' };
  return {
    attemptId: source.attemptId,
    amount,
    settlementAmount: settlement,
    settlementCurrency: source.settlementCurrency,
    rate: source.rate === null ? null : (currentRate ?? source.rate),
    whole: source.refunded === 0 && amount === source.worth && settlement === source.received,
  };
}

/**
 * What leaves on the rail for `amount` of `source`. Without conversion: the amount itself. At the
 * quote: the attempt's money in proportion (the rest of it exactly, for the last part, so the parts
 * add up to what the buyer sent). At today's rate: `amount` converted now, rounded up.
 */
export function settlementOf(source: RefundSource, amount: number, intentCurrency: Currency, currentRate: string | null): number {
  if (source.rate === null) return amount;
  if (currentRate !== null) return settlementAmount(amount, intentCurrency, source.settlementCurrency, currentRate);
  const worthLeft = left(source);
  const settlementLeft = Math.max(0, source.received - source.refundedSettlement);
  if (amount >= worthLeft) return settlementLeft;
  return Number((BigInt(amount) * BigInt(settlementLeft)) / BigInt(worthLeft));
}

/** The plan's refusal as a sentence (the API's message). */
export function planErrorMessage(e: RefundPlanError, currency: Currency): string {
  const f = (n: number) => `${toDecimalString(n, currency)} ${currency}`;
  switch (e.code) {
    case 'nothing_received':
      return 'Nothing was received on this payment intent yet: there is nothing to refund.';
    case 'nothing_left':
      return `Nothing is left to refund: ${f(e.held)} of the ${f(e.received)} received is refunded or being refunded.`;
    case 'over_refundable':
      return `amount is more than is refundable: at most ${f(e.refundable)}.`;
    case 'over_one_payment':
      return `This payment intent was paid in several payments: one refund gives back at most ${f(e.max)} (one payment's money); refund the rest (${f(e.refundable - e.max)}) in another refund.`;
    case 'too_small':
      return 'amount is too small: it is less than one unit of what leaves on the rail.';
    case 'settlement_spent':
      return "All that this payment sent is already given back at its quote's rate (an earlier refund at today's rate gave back more than its share): refund the rest at today's rate (rate: current), or not at all.";
  }
}
