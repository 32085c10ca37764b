// Refunds, the resource (`re_...`): the input schemas, the one serializer, read and list. The engine
// that creates, sends, claims and confirms them is lib/refunds/ (one verb per file); their state
// table is transitions.ts (REFUND_TRANSITIONS).
import { z } from 'zod';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import type { Currency, Rail } from '../money';
import { parseRefund, type RefundRow } from '../store/refunds';
import { idParam, metadataInput, type Scope, shortText } from './common';
import { recordEvent } from './events';
import { listObjects, listQuery } from './list';
import { REFUND_STATUSES, type RefundStatus, transitionRefund } from './transitions';

export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const createRefundInput = z.strictObject({
  paymentIntentId: idParam('paymentIntentId'),
  /** The intent's currency, minor units; default: all that is refundable from one payment. */
  amount: z
    .number({ error: 'amount must be a positive integer (minor units)' })
    .int('amount must be a positive integer (minor units)')
    .positive('amount must be a positive integer (minor units)')
    .max(Number.MAX_SAFE_INTEGER, 'amount is too large')
    .optional(),
  reason: z.enum(REFUND_REASONS, { error: `reason must be one of ${REFUND_REASONS.join(', ')}` }).optional(),
  /** A converted payment (francs paid in BTC or USDT): at the payment's quote (default) or today's rate. */
  rate: z.enum(['quote', 'current'], { error: 'rate must be quote or current' }).default('quote'),
  metadata: metadataInput.default({}),
});
export type CreateRefundInput = z.output<typeof createRefundInput>;

export const markRefundSucceededInput = z.strictObject({
  operatorReference: shortText('operatorReference', 200).refine((s) => s.trim().length > 0, 'operatorReference must not be empty'),
});

export const listRefundsQuery = listQuery({
  paymentIntentId: z.string().max(100).optional(),
  status: z.enum(REFUND_STATUSES, { error: `status must be one of ${REFUND_STATUSES.join(', ')}` }).optional(),
});

/** What must happen for a `requires_action` refund. */
export type RefundNextAction =
  /** Lightning, on-chain, USDT: the payer gives an invoice or an address at `claimUrl`. */
  | { type: 'refund_claim'; claimUrl: string; expiresAt: number }
  /** The merchant refunds in the operator's portal, then POST /v1/refunds/:id/mark_succeeded. */
  | { type: 'manual_refund'; instructions: string }
  /** The payer claimed it and the account cannot pay by itself: the merchant sends it; Caisse confirms it. */
  | { type: 'send_payment'; destination: string; amount: number; currency: Currency; uri: string; expiresAt: number | null };

export interface Refund {
  id: string;
  object: 'refund';
  paymentIntentId: string;
  /** In the intent's currency, minor units. */
  amount: number;
  currency: Currency;
  status: RefundStatus;
  reason: RefundReason | null;
  rail: Rail;
  railAccountId: string | null;
  /** What leaves on the rail: francs, sats or USDT micro-units. */
  settlementAmount: number;
  settlementCurrency: Currency;
  /** A converted payment: intent-currency units for one settlement unit (decimal string), and which rate. */
  rate: string | null;
  rateSource: 'quote' | 'current' | null;
  nextAction: RefundNextAction | null;
  /** The backend's id of the transfer, or the proof the merchant recorded. */
  operatorReference: string | null;
  failureReason: string | null;
  failureMessage: string | null;
  metadata: Record<string, string>;
  livemode: boolean;
  createdAt: number;
}

/** The one serializer of a refund (API answers, events, the dashboard). */
export function toRefund(r: RefundRow): Refund {
  return {
    id: r.id,
    object: 'refund',
    paymentIntentId: r.payment_intent_id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    reason: (r.reason as RefundReason | null) ?? null,
    rail: r.rail,
    railAccountId: r.rail_account_id,
    settlementAmount: r.settlement_amount,
    settlementCurrency: r.settlement_currency,
    rate: r.rate,
    rateSource: r.rate_source,
    nextAction: r.status === 'requires_action' ? ((r.next_action as RefundNextAction | null) ?? null) : null,
    operatorReference: r.operator_reference,
    failureReason: r.failure_code,
    failureMessage: r.failure_reason,
    metadata: r.metadata,
    livemode: r.livemode,
    createdAt: r.created_at,
  };
}

/** The refund row of this merchant and mode, or 404. */
export async function getOwnedRefund(db: Db, scope: Scope, id: string, opts: { lock?: boolean } = {}): Promise<RefundRow> {
  const rows = await db.query(`select * from refunds where id = $1 and merchant_id = $2 and livemode = $3${opts.lock ? ' for update' : ''}`, [
    id,
    scope.merchantId,
    scope.livemode,
  ]);
  if (!rows[0]) throw notFound('refund', id);
  return parseRefund(rows[0]);
}

export async function retrieveRefund(db: Db, scope: Scope, id: string): Promise<Refund> {
  return toRefund(await getOwnedRefund(db, scope, id));
}

export async function listRefunds(db: Db, scope: Scope, query: z.output<typeof listRefundsQuery>) {
  return listObjects({
    db,
    merchant: scope,
    table: 'refunds',
    url: '/v1/refunds',
    query,
    filters: { payment_intent_id: query.paymentIntentId, status: query.status },
    map: (r) => toRefund(parseRefund(r)),
  });
}

/**
 * Money the intent had counted is gone (a reversal: reorganised or double-spent on chain): refunds
 * not yet sent that now hold more than the intent received are canceled, newest first, with
 * refund.canceled (`failureReason` `payment_reversed`), so nothing refunds money that never stayed.
 * Refunds already sent are the merchant's to settle with the payer. In the reversal's transaction,
 * which holds the intent's lock.
 */
export async function releaseRefundsBeyondReceived(tx: Db, intentId: string, received: number): Promise<number> {
  const rows = (
    await tx.query(`select * from refunds where payment_intent_id = $1 and status not in ('failed', 'canceled') order by seq desc for update`, [intentId])
  ).map(parseRefund);
  let held = rows.reduce((t, r) => t + r.amount, 0);
  let canceled = 0;
  for (const r of rows) {
    if (held <= Math.max(0, received)) break;
    if (r.status === 'succeeded' || r.sent_at !== null || r.operator_reference !== null) continue;
    const row = parseRefund(
      await transitionRefund(tx, r.id, 'canceled', {
        next_action: null,
        next_check_at: null,
        failure_code: 'payment_reversed',
        failure_reason: 'The payment this refund gave back was reversed on chain: there is no money left to refund.',
      }),
    );
    await recordEvent(tx, { merchantId: row.merchant_id, livemode: row.livemode }, 'refund.canceled', toRefund(row));
    held -= r.amount;
    canceled++;
  }
  return canceled;
}
