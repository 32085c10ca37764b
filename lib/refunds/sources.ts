// What a refund can take from, read from the rows: each attempt that received money on the intent,
// worth what in the intent's currency, and what refunds holding money already take from it. The
// engine reads it under the intent's row lock (create.ts); the dashboard without one, to show it.
import type { Db } from '../db/client';
import { attemptWorth, quoteOf, valuationOf } from '../domain/conversion';
import { REFUND_HOLDING_STATUSES } from '../domain/transitions';
import type { Currency } from '../money';
import { type PaymentAttemptRow, parseAttempt } from '../store/attempt-row';
import type { RefundSource } from './amounts';

export interface RefundSources {
  attempts: PaymentAttemptRow[];
  sources: RefundSource[];
  /** What refunds holding money take from the intent, in its currency. */
  held: number;
}

export async function loadRefundSources(db: Db, intent: { id: string; currency: Currency }): Promise<RefundSources> {
  const attempts = (await db.query(`select * from payment_attempts where payment_intent_id = $1 and amount_received > 0 order by seq`, [intent.id])).map(
    parseAttempt,
  );
  const rows = await db.query<{ payment_attempt_id: string; amount: string; settlement: string }>(
    `select payment_attempt_id, sum(amount)::text as amount, sum(settlement_amount)::text as settlement
       from refunds where payment_intent_id = $1 and status = any($2::text[]) group by payment_attempt_id`,
    [intent.id, REFUND_HOLDING_STATUSES],
  );
  const heldBy = new Map(rows.map((h) => [h.payment_attempt_id, { amount: Number(h.amount), settlement: Number(h.settlement) }]));
  const sources: RefundSource[] = attempts.map((a) => {
    const quote = quoteOf(a);
    return {
      attemptId: a.id,
      received: a.amount_received,
      worth: attemptWorth(quote, valuationOf(a), a.amount_received, intent.currency),
      refunded: heldBy.get(a.id)?.amount ?? 0,
      refundedSettlement: heldBy.get(a.id)?.settlement ?? 0,
      rate: quote?.rate ?? null,
      settlementCurrency: (quote?.currency ?? a.currency) as Currency,
      seq: Number(a.seq ?? 0),
    };
  });
  return { attempts, sources, held: [...heldBy.values()].reduce((t, h) => t + h.amount, 0) };
}
