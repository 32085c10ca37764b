// Payment intents: create, read, list, cancel. Status changes go through transitions.ts.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { invalid, notFound } from '../errors';
import { createId, nowSeconds } from '../ids';
import { assertAmountInBounds, assertRailTakesCurrency, boundsFor, CURRENCIES, type Currency, RAILS, type Rail, settlementCurrency } from '../money';
import type { OperatorInfo } from '../rails/mobile-money/operators';
import { railPolicy } from '../rails/policy';
import { type PaymentIntentRow, parseIntent } from '../store/intents';
import { type Companion, getOwnedRow, metadataInput, type Scope, shortText } from './common';
import { assertRateAvailable, quoteOf } from './conversion';
import { insertWithEvent } from './events';
import { listObjects, listQuery } from './list';
import { merchantRail, operatorOf, railNotConfigured } from './merchant-rails';
import { type NextAction, nextActionFor, type QuoteView } from './next-action';
import { amountInput, currencyInput } from './prices';
import { INTENT_STATUSES, type IntentStatus } from './transitions';

export const railInput = z.enum(RAILS, { error: `rail must be one of ${RAILS.join(', ')}` });

export const createPaymentIntentInput = z.strictObject({
  amount: amountInput('amount'),
  currency: currencyInput,
  rail: railInput,
  reference: shortText('reference', 255).optional(),
  description: shortText('description', 1000).optional(),
  metadata: metadataInput.default({}),
});
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentInput>;

export const listPaymentIntentsQuery = listQuery({
  status: z.enum(INTENT_STATUSES, { error: `status must be one of ${INTENT_STATUSES.join(', ')}` }).optional(),
  rail: railInput.optional(),
  currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(', ')}` }).optional(),
  reference: z.string().max(255).optional(),
});

export interface LastPaymentError {
  code: string;
  message: string;
  rail: Rail | null;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amountReceived: number;
  /** What succeeded refunds gave back, in the intent's currency (lib/refunds/). */
  amountRefunded: number;
  currency: Currency;
  status: IntentStatus;
  rail: Rail;
  reference: string | null;
  description: string | null;
  metadata: Record<string, string>;
  lastPaymentError: LastPaymentError | null;
  canceledAt: number | null;
  /** What the payer must do now (contract: "nextAction"); null when nothing. */
  nextAction: NextAction | null;
  /**
   * The quote of the latest attempt when it converted (francs paid in BTC or USDT), and what that
   * attempt received in the settlement currency: stays after the payment (nextAction.quote only
   * while the payer has something to do). Null when the latest attempt is in the intent's currency.
   */
  latestQuote: (QuoteView & { received: number }) | null;
  /** The merchant's rail account its latest attempt went to; null for the deployment's (a platform account, or a test-mode simulator) or before any attempt. */
  railAccountId: string | null;
  livemode: boolean;
  createdAt: number;
}

/**
 * The one serializer of a payment intent (API responses, events, the hosted page). `attempt` is the
 * intent's current attempt row (currentAttemptRow); without it nextAction is null.
 */
export function toPaymentIntent(r: Row, attempt?: Row | null): PaymentIntent {
  return {
    id: r.id as string,
    object: 'payment_intent',
    amount: r.amount as number,
    amountReceived: r.amount_received as number,
    amountRefunded: Number(r.amount_refunded ?? 0),
    currency: r.currency as Currency,
    status: r.status as IntentStatus,
    rail: r.rail as Rail,
    reference: (r.reference as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    metadata: r.metadata as Record<string, string>,
    lastPaymentError: (r.last_payment_error as LastPaymentError | null) ?? null,
    canceledAt: (r.canceled_at as number | null) ?? null,
    nextAction: nextActionFor(r, attempt),
    latestQuote: latestQuoteOf(attempt),
    railAccountId: (attempt?.rail_account_id as string | null | undefined) ?? null,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

function latestQuoteOf(attempt: Row | null | undefined): PaymentIntent['latestQuote'] {
  const q = quoteOf(attempt);
  return q && { amount: q.amount, currency: q.currency, rate: q.rate, expiresAt: q.expiresAt, received: Number(attempt!.amount_received ?? 0) };
}

/**
 * The currency, rail and amount rules, in the order a developer would fix them. A rail that
 * converts the currency (XOF over USDT, ...) takes any amount of it; the settlement amount's own
 * bounds are checked when the quote is made (lib/rates/quotes.ts, beginAttempt).
 */
export function assertPayable(rail: Rail, currency: Currency, amount: number, operator?: OperatorInfo | null): void {
  const policy = railPolicy(rail, operator);
  const settlement = settlementCurrency(rail, currency, policy.currencies);
  if (settlement === null) assertRailTakesCurrency(rail, currency, policy.currencies);
  if (settlement !== currency) {
    assertAmountInBounds(amount, currency, boundsFor(currency));
    return;
  }
  assertAmountInBounds(amount, currency, policy.bounds(currency));
  const step = policy.amountStep(currency);
  if (amount % step !== 0) throw invalid('parameter_invalid', `Rail ${rail} takes ${currency} amounts in multiples of ${step}; got ${amount}.`, 'amount');
}

export async function createPaymentIntent(db: Db, scope: Scope, input: CreatePaymentIntentInput, companion?: Companion): Promise<PaymentIntent> {
  // The merchant's adapter for the rail (its own account, else the deployment's): its operator's limits apply.
  const adapter = await merchantRail(db, scope, input.rail);
  assertPayable(input.rail, input.currency, input.amount, adapter && operatorOf(adapter));
  if (!adapter) throw railNotConfigured(input.rail, scope.livemode);
  const now = nowSeconds();
  // Francs over a BTC or USDT rail: only while a fresh rate exists (no query in test mode).
  await assertRateAvailable(db, input.rail, input.currency, scope.livemode, now);
  const row: Row = {
    id: createId('pi'),
    merchant_id: scope.merchantId,
    livemode: scope.livemode,
    amount: input.amount,
    currency: input.currency,
    rail: input.rail,
    status: 'requires_payment_method',
    reference: input.reference ?? null,
    description: input.description ?? null,
    metadata: input.metadata,
    amount_received: 0,
    amount_refunded: 0,
    last_payment_error: null,
    canceled_at: null,
    created_at: now,
    updated_at: now,
  };
  const intent = toPaymentIntent(row);
  // One statement: the intent, its payment_intent.created event and the event's webhook deliveries.
  await insertWithEvent(
    db,
    scope,
    {
      sql: `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, reference, description, metadata, created_at, updated_at)
            values ($1, $2, $3, $4, $5, $6, 'requires_payment_method', $7, $8, $9, $10, $10)`,
      params: [
        row.id,
        scope.merchantId,
        scope.livemode,
        input.amount,
        input.currency,
        input.rail,
        row.reference,
        row.description,
        JSON.stringify(input.metadata),
        now,
      ],
    },
    'payment_intent.created',
    intent,
    now,
    companion,
  );
  return intent;
}

export async function getIntentRow(db: Db, scope: Scope, id: string, opts: { param?: string; forUpdate?: boolean } = {}): Promise<PaymentIntentRow> {
  return parseIntent(await getOwnedRow(db, 'payment_intents', 'payment_intent', scope, id, { param: opts.param, lock: opts.forUpdate ? 'update' : undefined }));
}

/** The latest attempt of an intent (what nextAction is about), or null. */
export async function currentAttemptRow(db: Db, intentId: string): Promise<Row | null> {
  const rows = await db.query(`select * from payment_attempts where payment_intent_id = $1 order by seq desc limit 1`, [intentId]);
  return rows[0] ?? null;
}

/** Serialize an intent row with its current attempt. */
export async function serializeIntent(db: Db, row: Row): Promise<PaymentIntent> {
  return toPaymentIntent(row, await currentAttemptRow(db, row.id as string));
}

/** The intent row with its current attempt as `current_attempt` (jsonb): one query for what nextAction needs. */
const WITH_CURRENT_ATTEMPT = `*, (select to_jsonb(a) from payment_attempts a where a.payment_intent_id = payment_intents.id order by a.seq desc limit 1) as current_attempt`;

/** One query: the intent (scoped to the merchant and mode) and its current attempt. */
export async function retrievePaymentIntent(db: Db, scope: Scope, id: string): Promise<PaymentIntent> {
  const rows = await db.query(`select ${WITH_CURRENT_ATTEMPT} from payment_intents where id = $1 and merchant_id = $2 and livemode = $3`, [
    id,
    scope.merchantId,
    scope.livemode,
  ]);
  if (!rows[0]) throw notFound('payment_intent', id);
  return toPaymentIntent(rows[0], (rows[0].current_attempt as Row | null) ?? null);
}

export async function listPaymentIntents(db: Db, scope: Scope, query: z.output<typeof listPaymentIntentsQuery>) {
  // One query: the page and each intent's current attempt.
  return listObjects({
    db,
    merchant: scope,
    table: 'payment_intents',
    select: WITH_CURRENT_ATTEMPT,
    url: '/v1/payment_intents',
    query,
    filters: { status: query.status, rail: query.rail, currency: query.currency, reference: query.reference },
    map: (r) => toPaymentIntent(r, (r.current_attempt as Row | null) ?? null),
  });
}
