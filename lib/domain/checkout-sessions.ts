// Checkout sessions: a hosted page for one payment, made from a payment intent or a price.
// A session made from a price has no intent until the buyer picks a rail.
import { z } from 'zod';
import { invalid, unexpectedState } from '../errors';
import { listObjects, listQuery } from './list';
import { config } from '../config';
import type { Db, Row } from '../db/client';
import { createId, nowSeconds } from '../ids';
import { idParam, metadataInput, getOwnedRow, METADATA_MAX_KEYS, type Scope } from './common';
import { assertNoAttemptStarting, closeActiveAttempts } from './attempt-states';
import { recordEvent } from './events';
import { toDecimalString, type Currency } from '../money';
import { getIntentRow, serializeIntent, toPaymentIntent } from './payment-intents';
import { getPayablePrice } from './prices';
import { urlInput } from './common';
import { SESSION_STATUSES, transitionIntent, transitionSession, type SessionStatus } from './transitions';

export const SESSION_MIN_SECONDS = 30 * 60;
export const SESSION_MAX_SECONDS = 24 * 3600;
export const LOCALES = ['fr', 'en', 'auto'] as const;

/** An absolute http(s) URL, stored as the URL parser writes it (lib/domain/common.ts). */
const returnUrl = (name: string) => urlInput(name);

export const createCheckoutSessionInput = z.strictObject({
  paymentIntentId: idParam('paymentIntentId').optional(),
  priceId: idParam('priceId').optional(),
  successUrl: returnUrl('successUrl').optional(),
  cancelUrl: returnUrl('cancelUrl').optional(),
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).default('auto'),
  expiresAt: z.number({ error: 'expiresAt must be an integer Unix timestamp in seconds' }).int('expiresAt must be an integer Unix timestamp in seconds').optional(),
  metadata: metadataInput.default({}),
});
export type CreateCheckoutSessionInput = z.output<typeof createCheckoutSessionInput>;

export const listCheckoutSessionsQuery = listQuery({
  status: z.enum(SESSION_STATUSES, { error: `status must be one of ${SESSION_STATUSES.join(', ')}` }).optional(),
  paymentIntentId: z.string().max(100).optional(),
});

export interface CheckoutSession {
  id: string;
  object: 'checkout_session';
  url: string;
  status: SessionStatus;
  paymentIntentId: string | null;
  priceId: string | null;
  /** The payment link whose visit made this session (lib/domain/payment-links.ts); null when made through the API. */
  paymentLinkId: string | null;
  amount: number;
  currency: Currency;
  successUrl: string | null;
  cancelUrl: string | null;
  locale: (typeof LOCALES)[number];
  metadata: Record<string, string>;
  expiresAt: number;
  livemode: boolean;
  createdAt: number;
}

export function toCheckoutSession(r: Row): CheckoutSession {
  return {
    id: r.id as string,
    object: 'checkout_session',
    url: `${config().checkoutUrl}/${r.id as string}`,
    status: r.status as SessionStatus,
    paymentIntentId: (r.payment_intent_id as string | null) ?? null,
    priceId: (r.price_id as string | null) ?? null,
    paymentLinkId: (r.payment_link_id as string | null) ?? null,
    amount: r.amount as number,
    currency: r.currency as Currency,
    successUrl: (r.success_url as string | null) ?? null,
    cancelUrl: (r.cancel_url as string | null) ?? null,
    locale: r.locale as CheckoutSession['locale'],
    metadata: r.metadata as Record<string, string>,
    expiresAt: r.expires_at as number,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

/**
 * Where the buyer is sent back: the session's successUrl or cancelUrl with `{CHECKOUT_SESSION_ID}`
 * replaced by the session's id, as Stripe does. The URL parser percent-encodes braces in a path
 * (`/ok/%7BCHECKOUT_SESSION_ID%7D`) and keeps them in a query or fragment, so both forms are
 * replaced (hex digits in either case). The API's session object keeps the stored template (as
 * Stripe's does); only the hosted page (lib/checkout/load.ts) uses the substituted URL. Null stays null.
 */
export function buyerReturnUrl(template: string | null, sessionId: string): string | null {
  return template === null ? null : template.replace(/(?:\{|%7[bB])CHECKOUT_SESSION_ID(?:\}|%7[dD])/g, sessionId);
}

/**
 * The metadata of the payment intent a price session makes when the buyer picks a rail
 * (lifecycle.ts chooseSessionRail): the session's metadata plus `checkoutSessionId`, which wins
 * over a session key of that name. The intent may carry at most METADATA_MAX_KEYS keys: when the
 * session already has that many (none of them checkoutSessionId), its first METADATA_MAX_KEYS - 1
 * keys, in the order the session object lists them, are kept.
 */
export function intentMetadataOf(sessionId: string, sessionMetadata: Record<string, string>): Record<string, string> {
  const own = Object.entries(sessionMetadata).filter(([k]) => k !== 'checkoutSessionId');
  return { ...Object.fromEntries(own.slice(0, METADATA_MAX_KEYS - 1)), checkoutSessionId: sessionId };
}

export async function createCheckoutSession(db: Db, scope: Scope, input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
  if (input.paymentIntentId && input.priceId)
    throw invalid('parameters_exclusive', 'Give either paymentIntentId or priceId, not both.', 'priceId');
  if (!input.paymentIntentId && !input.priceId)
    throw invalid('parameter_missing', 'Missing required param: give either paymentIntentId or priceId.', 'paymentIntentId');
  const now = nowSeconds();
  const expiresAt = input.expiresAt ?? now + SESSION_MAX_SECONDS;
  if (expiresAt < now + SESSION_MIN_SECONDS || expiresAt > now + SESSION_MAX_SECONDS)
    throw invalid(
      'parameter_invalid',
      `expiresAt must be between 30 minutes and 24 hours from now (${now + SESSION_MIN_SECONDS} to ${now + SESSION_MAX_SECONDS}); got ${expiresAt}.`,
      'expiresAt',
    );
  return db.transaction(async (tx) => {
    let amount: number;
    let currency: Currency;
    if (input.paymentIntentId) {
      const intent = toPaymentIntent(await getIntentRow(tx, scope, input.paymentIntentId, { param: 'paymentIntentId', forUpdate: true }));
      if (intent.status !== 'requires_payment_method')
        throw invalid(
          'parameter_invalid',
          `The payment intent ${intent.id} is ${intent.status}; a checkout session needs one that is requires_payment_method.`,
          'paymentIntentId',
        );
      const open = await tx.query<{ id: string }>(`select id from checkout_sessions where payment_intent_id = $1 and status = 'open'`, [intent.id]);
      if (open[0])
        throw invalid(
          'parameter_invalid',
          `The payment intent ${intent.id} already has an open checkout session (${open[0].id}); send the buyer to that one, or expire it first.`,
          'paymentIntentId',
        );
      amount = intent.amount;
      currency = intent.currency;
    } else {
      const price = await getPayablePrice(tx, scope, input.priceId!, 'priceId');
      amount = price.unitAmount;
      currency = price.currency;
    }
    const rows = await tx.query(
      `insert into checkout_sessions (id, merchant_id, livemode, payment_intent_id, price_id, amount, currency, status,
         success_url, cancel_url, locale, metadata, expires_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11, $12, $13, $13) returning *`,
      [
        createId('cs'), scope.merchantId, scope.livemode, input.paymentIntentId ?? null, input.priceId ?? null, amount, currency,
        input.successUrl ?? null, input.cancelUrl ?? null, input.locale, JSON.stringify(input.metadata), expiresAt, now,
      ],
    );
    return toCheckoutSession(rows[0]!);
  });
}

/**
 * A visit of payment link `linkId` (lib/domain/payment-links.ts visitPaymentLink): a new price
 * session in ONE statement, made only while the link, its price and the price's product are active.
 * It takes the link's merchant, mode, URLs and locale, the price's amount and currency, and the
 * default 24 h expiry; metadata stays empty (the link's own metadata is the link's). Null when it
 * made nothing: the caller says why.
 */
export async function createSessionFromLink(db: Db, linkId: string, now: number): Promise<CheckoutSession | null> {
  const rows = await db.query(
    `insert into checkout_sessions (id, merchant_id, livemode, payment_intent_id, price_id, payment_link_id, amount, currency, status,
       success_url, cancel_url, locale, metadata, expires_at, created_at, updated_at)
     select $1, l.merchant_id, l.livemode, null, p.id, l.id, p.unit_amount, p.currency, 'open',
            l.success_url, l.cancel_url, l.locale, '{}'::jsonb, $3, $4, $4
       from payment_links l
       join prices p on p.id = l.price_id and p.merchant_id = l.merchant_id and p.livemode = l.livemode
       join products pr on pr.id = p.product_id
      where l.id = $2 and l.active and p.active and pr.active
     returning *`,
    [createId('cs'), linkId, now + SESSION_MAX_SECONDS, now],
  );
  return rows[0] ? toCheckoutSession(rows[0]) : null;
}

export function getSessionRow(db: Db, scope: Scope, id: string, opts: { forUpdate?: boolean } = {}): Promise<Row> {
  return getOwnedRow(db, 'checkout_sessions', 'checkout_session', scope, id, { lock: opts.forUpdate ? 'update' : undefined });
}

export async function retrieveCheckoutSession(db: Db, scope: Scope, id: string): Promise<CheckoutSession> {
  return toCheckoutSession(await getSessionRow(db, scope, id));
}

export async function listCheckoutSessions(db: Db, scope: Scope, query: z.output<typeof listCheckoutSessionsQuery>) {
  return listObjects({
    db,
    merchant: scope,
    table: 'checkout_sessions',
    url: '/v1/checkout_sessions',
    query,
    filters: { status: query.status, payment_intent_id: query.paymentIntentId },
    map: toCheckoutSession,
  });
}

/**
 * open -> expired, in the caller's transaction. The payment window closes with it: an intent still
 * waiting for payment fails. Refused while a payment is pending: that payment's outcome decides.
 */
export async function expireSession(tx: Db, scope: Scope, sessionRow: Row): Promise<CheckoutSession> {
  const intentId = sessionRow.payment_intent_id as string | null;
  if (intentId) {
    const intent = (await tx.query<{ status: string }>(`select status from payment_intents where id = $1 for update`, [intentId]))[0];
    if (intent?.status === 'pending')
      throw unexpectedState('A payment for this session is pending; the session cannot expire until that payment succeeds or fails.');
    await assertNoAttemptStarting(tx, intentId);
  }
  const now = nowSeconds();
  const session = toCheckoutSession(await transitionSession(tx, sessionRow.id as string, 'expired', { expired_at: now }));
  await recordEvent(tx, scope, 'checkout_session.expired', session);
  if (intentId) {
    const paid = (await tx.query<{ status: string; amount_received: number; amount: number; currency: Currency; rail: string }>(
      `select status, amount_received, amount, currency, rail from payment_intents where id = $1`,
      [intentId],
    ))[0]!;
    if (paid.status === 'requires_payment_method') {
      // Underpaid money stays recorded (amountReceived) for the merchant to settle or refund.
      const fmt = (n: number) => `${toDecimalString(n, paid.currency)} ${paid.currency}`;
      const error = paid.amount_received > 0
        ? { code: 'underpaid', message: `The checkout session expired with ${fmt(paid.amount_received)} of ${fmt(paid.amount)} received.`, rail: paid.rail }
        : { code: 'session_expired', message: 'The checkout session expired before the payment was completed.', rail: null };
      await failIntent(tx, intentId, error, now);
    }
  }
  return session;
}

/** POST /v1/checkout_sessions/:id/expire */
export async function expireCheckoutSession(db: Db, scope: Scope, id: string): Promise<CheckoutSession> {
  return db.transaction(async (tx) => {
    // Lock order everywhere: intent, then session. Read the session unlocked to find its intent.
    const first = await getSessionRow(tx, scope, id);
    if (first.payment_intent_id) await tx.query(`select id from payment_intents where id = $1 for update`, [first.payment_intent_id]);
    const session = await getSessionRow(tx, scope, id, { forUpdate: true });
    if (session.payment_intent_id !== first.payment_intent_id)
      throw unexpectedState('The buyer started paying this checkout session while it was being expired; retry.');
    return expireSession(tx, scope, session);
  });
}

/** The intent's open sessions complete (paid) or expire (canceled, failed), each with its event. Lock order: the intent is locked first. */
export async function closeSessionsOfIntent(tx: Db, intentId: string, to: 'complete' | 'expired', now: number): Promise<void> {
  const rows = await tx.query(`select * from checkout_sessions where payment_intent_id = $1 and status = 'open' for update`, [intentId]);
  for (const row of rows) {
    const done = toCheckoutSession(await transitionSession(tx, row.id as string, to, to === 'complete' ? { completed_at: now } : { expired_at: now }));
    await recordEvent(tx, { merchantId: row.merchant_id as string, livemode: row.livemode as boolean }, to === 'complete' ? 'checkout_session.completed' : 'checkout_session.expired', done);
  }
}

/**
 * The one way an intent fails (its window closed unpaid or underpaid, or its attempts ran out): the
 * intent becomes failed with `error`, its live attempts close (each still watched while its
 * backend can pay it), its event, then its open sessions expire. Money received stays recorded.
 */
export async function failIntent(tx: Db, intentId: string, error: object, now: number): Promise<Row> {
  const row = await transitionIntent(tx, intentId, 'failed', { last_payment_error: JSON.stringify(error) });
  await closeActiveAttempts(tx, intentId, 'expired', now);
  await recordEvent(tx, { merchantId: row.merchant_id as string, livemode: row.livemode as boolean }, 'payment_intent.failed', await serializeIntent(tx, row));
  await closeSessionsOfIntent(tx, intentId, 'expired', now);
  return row;
}
