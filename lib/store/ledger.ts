// The ledger's one writer (balance_transactions, migration 0024): a row per money movement, in the
// caller's transaction, which is the movement's own. Append-only (a trigger refuses the rest).
// May import lib/db, bottom.
import type { Db } from '../db/client';
import { createId } from '../ids';
import type { Currency, Rail } from '../money';

export const BALANCE_TRANSACTION_TYPES = ['payment', 'late_payment', 'overpayment', 'refund', 'refund_reversal', 'adjustment'] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export interface LedgerEntry {
  merchantId: string;
  livemode: boolean;
  type: BalanceTransactionType;
  source: string;
  paymentIntentId: string;
  paymentAttemptId: string | null;
  refundId: string | null;
  rail: Rail;
  railAccountId: string | null;
  accountOwner: 'merchant' | 'platform' | 'simulator';
  /** As moved on the rail: money in positive, out negative. */
  amount: number;
  currency: Currency;
  amountInIntentCurrency: number;
  intentCurrency: Currency;
  rate: string | null;
  createdAt: number;
}

export async function appendLedger(tx: Db, entries: LedgerEntry[]): Promise<void> {
  if (!tx.inTransaction) throw new Error('the ledger is written in the transaction of the movement it records');
  for (const e of entries) {
    if (e.amount === 0 && e.amountInIntentCurrency === 0) continue;
    await tx.query(
      `insert into balance_transactions (id, merchant_id, livemode, type, source, payment_intent_id, payment_attempt_id, refund_id, rail, rail_account_id,
         account_owner, amount, currency, amount_in_intent_currency, intent_currency, rate, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        createId('txn'),
        e.merchantId,
        e.livemode,
        e.type,
        e.source,
        e.paymentIntentId,
        e.paymentAttemptId,
        e.refundId,
        e.rail,
        e.railAccountId,
        e.accountOwner,
        e.amount,
        e.currency,
        e.amountInIntentCurrency,
        e.intentCurrency,
        e.rate,
        e.createdAt,
      ],
    );
  }
}

/**
 * A credit of new money, split as the merchant's books read it: money on an intent that had ended
 * (canceled, failed, or already paid) is a late payment; on an open one, what the intent still owed
 * is a payment and the rest an overpayment (the rail's amount split in proportion, the last part the
 * rest, so the parts add up exactly). Pure.
 */
export function splitCredit(
  intent: { status: string; amount: number; amountReceived: number },
  credit: { amount: number; intentAmount: number },
): { type: BalanceTransactionType; amount: number; intentAmount: number }[] {
  const open = intent.status === 'requires_payment_method' || intent.status === 'pending';
  if (!open) return [{ type: 'late_payment', amount: credit.amount, intentAmount: credit.intentAmount }];
  const due = Math.max(0, intent.amount - intent.amountReceived);
  if (credit.intentAmount <= due || credit.intentAmount === 0) return [{ type: 'payment', amount: credit.amount, intentAmount: credit.intentAmount }];
  if (due === 0) return [{ type: 'overpayment', amount: credit.amount, intentAmount: credit.intentAmount }];
  const paid = Number((BigInt(credit.amount) * BigInt(due)) / BigInt(credit.intentAmount));
  const parts: { type: BalanceTransactionType; amount: number; intentAmount: number }[] = [
    { type: 'payment', amount: paid, intentAmount: due },
    { type: 'overpayment', amount: credit.amount - paid, intentAmount: credit.intentAmount - due },
  ];
  return parts.filter((p) => p.amount !== 0 || p.intentAmount !== 0);
}
