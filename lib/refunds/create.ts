// createRefund: POST /v1/refunds. Under the intent's row lock (two refunds racing on one intent
// wait for each other, so together they never exceed what is refundable): the money each attempt
// received and what refunds already hold, the plan (amounts.ts), the refund's row and its
// refund.created event. Then, with no transaction open, its first step (advance.ts): a `send`
// refund goes to the backend; a `claim` refund waits for the payer at its claim link. May call
// amounts.ts, shared.ts, advance.ts, lib/domain, lib/store, lib/rates.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { auditIn } from '../domain/audit';
import type { Scope } from '../domain/common';
import { recordEvent } from '../domain/events';
import { attemptAdapter } from '../domain/merchant-rails';
import { getIntentRow } from '../domain/payment-intents';
import { type CreateRefundInput, type Refund, toRefund } from '../domain/refunds';
import { invalid, railUnavailable, unexpectedState } from '../errors';
import { createId, nowSeconds } from '../ids';
import { currentRate } from '../rates/store';
import { insertRefund, type RefundRow } from '../store/refunds';
import { advanceRefund } from './advance';
import { planErrorMessage, planRefund } from './amounts';
import { CLAIM_SECONDS, claimAction, LEASE_SECONDS } from './shared';
import { loadRefundSources } from './sources';

/**
 * `requireApproval`: the refund waits in `pending_approval` whatever its amount (a `support` user's,
 * issue 29). Otherwise it waits only when it takes the payment's refunds (it and those still holding
 * money) above the merchant's threshold for its currency (merchants.refund_approval_thresholds). A waiting refund holds its money (REFUND_HOLDING_STATUSES)
 * but nothing is sent: the engine acts only on `pending` and `requires_action` (advance.ts), and its
 * row is never due (next_check_at null) until approveRefund (approve.ts).
 */
export async function createRefund(
  db: Db,
  scope: Scope,
  input: CreateRefundInput,
  now = nowSeconds(),
  opts: { requireApproval?: boolean } = {},
): Promise<Refund> {
  const row = await db.transaction((tx) => insertPlannedRefund(tx, scope, input, now, opts.requireApproval === true));
  // A send refund goes out now, under the lease its row was made with; the worker takes over if this stops.
  const after = row.status === 'pending' ? await advanceRefund(db, row.id, now, { leased: true }).catch(() => row) : row;
  return toRefund(after);
}

async function insertPlannedRefund(tx: Db, scope: Scope, input: CreateRefundInput, now: number, requireApproval: boolean): Promise<RefundRow> {
  const intent = await getIntentRow(tx, scope, input.paymentIntentId, { param: 'paymentIntentId', forUpdate: true });
  const { attempts, sources, held: heldTotal } = await loadRefundSources(tx, intent);
  const base = { sources, intentCurrency: intent.currency, received: intent.amount_received, held: heldTotal, requested: input.amount, currentRate: null };
  let plan = planRefund(base);
  if (!('code' in plan) && plan.rate !== null && input.rate === 'current') {
    const rate = await currentRate(tx, intent.currency, plan.settlementCurrency, scope.livemode, now);
    if (!rate)
      throw railUnavailable(
        attempts.find((a) => a.id === (plan as { attemptId: string }).attemptId)!.rail,
        `no fresh ${plan.settlementCurrency}/${intent.currency} exchange rate is available right now; refund at the quote's rate, or try again shortly`,
      );
    plan = planRefund({ ...base, currentRate: rate.rate });
  }
  if ('code' in plan) {
    const message = planErrorMessage(plan, intent.currency);
    if (plan.code === 'nothing_received') throw unexpectedState(message);
    if (plan.code === 'settlement_spent') throw invalid('parameter_invalid', message, 'rate');
    throw invalid(plan.code === 'too_small' ? 'amount_too_small' : 'amount_too_large', message, 'amount');
  }
  const attempt = attempts.find((a) => a.id === plan.attemptId)!;
  const adapter = await attemptAdapter(tx, attempt);
  const rr = adapter?.refunds;
  if (!rr) throw invalid('refund_unsupported', `Refunds on ${attempt.rail} are not available for this payment on this deployment.`);
  // Counted per payment: this refund with those of the intent that still hold money (a refund split
  // in parts under the threshold waits as the whole would).
  const waits = requireApproval || (await aboveThreshold(tx, scope.merchantId, intent.currency, plan.amount + heldTotal));
  // A waiting claim refund gets its claim link when approved (approve.ts): none is handed out before.
  const claim = rr.method === 'claim' && !waits;
  const token = claim ? randomBytes(24).toString('base64url') : null;
  const claimExpires = claim ? now + CLAIM_SECONDS : null;
  const row = await insertRefund(tx, {
    id: createId('re'),
    merchant_id: scope.merchantId,
    livemode: scope.livemode,
    payment_intent_id: intent.id,
    payment_attempt_id: attempt.id,
    amount: plan.amount,
    currency: intent.currency,
    settlement_amount: plan.settlementAmount,
    settlement_currency: plan.settlementCurrency,
    rate: plan.rate,
    rate_source: plan.rate === null ? null : input.rate,
    status: waits ? 'pending_approval' : claim ? 'requires_action' : 'pending',
    reason: input.reason ?? null,
    rail: attempt.rail,
    rail_account_id: attempt.rail_account_id ?? null,
    rail_account_version: attempt.rail_account_version ?? null,
    account_owner: attempt.account_owner ?? (scope.livemode ? 'platform' : 'simulator'),
    method: rr.method,
    reference: randomUUID(),
    next_action: claim ? claimAction(token!, claimExpires!) : null,
    claim_token: token,
    claim_expires_at: claimExpires,
    details: { whole: plan.whole },
    metadata: input.metadata,
    next_check_at: waits ? null : claim ? claimExpires : now + LEASE_SECONDS,
    locked_until: waits || claim ? null : now + LEASE_SECONDS,
    created_at: now,
    updated_at: now,
    created_by: scope.actor?.id ?? null,
  });
  const refund = toRefund(row);
  await recordEvent(tx, scope, 'refund.created', refund);
  if (waits) await recordEvent(tx, scope, 'refund.pending_approval', refund);
  await auditIn(
    tx,
    scope,
    'refund.created',
    { object: 'refund', id: row.id },
    { after: { paymentIntentId: row.payment_intent_id, amount: row.amount, currency: row.currency, status: row.status, reason: row.reason } },
  );
  return row;
}

/** Whether `amount` (a payment's refunds, this one included) is above the merchant's approval threshold for `currency` (none by default). */
async function aboveThreshold(tx: Db, merchantId: string, currency: string, amount: number): Promise<boolean> {
  const rows = await tx.query<{ t: string | null }>(`select refund_approval_thresholds ->> $2 as t from merchants where id = $1`, [merchantId, currency]);
  const t = rows[0]?.t;
  return t !== null && t !== undefined && /^\d{1,15}$/.test(t) && amount > Number(t);
}
