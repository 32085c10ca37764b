// Checkout sessions: a hosted page for one payment, made from a payment intent or a price.
// A session made from a price has no intent until the buyer picks a rail.
import { z } from 'zod';
import { config } from '../config';
import type { Db, Row } from '../db/client';
import { invalid } from '../errors';
import { createId, nowSeconds } from '../ids';
import type { Currency } from '../money';
import { type CheckoutSessionRow, parseSession } from '../store/sessions';
import { getOwnedRow, idParam, METADATA_MAX_KEYS, metadataInput, type Scope, urlInput } from './common';
import { listObjects, listQuery } from './list';
import { getIntentRow, toPaymentIntent } from './payment-intents';
import { getPayablePrice } from './prices';
import { SESSION_STATUSES, type SessionStatus } from './transitions';

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
  expiresAt: z
    .number({ error: 'expiresAt must be an integer Unix timestamp in seconds' })
    .int('expiresAt must be an integer Unix timestamp in seconds')
    .optional(),
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
 * (lib/payments/choose-rail.ts chooseSessionRail): the session's metadata plus `checkoutSessionId`, which wins
 * over a session key of that name. The intent may carry at most METADATA_MAX_KEYS keys: when the
 * session already has that many (none of them checkoutSessionId), its first METADATA_MAX_KEYS - 1
 * keys, in the order the session object lists them, are kept.
 */
export function intentMetadataOf(sessionId: string, sessionMetadata: Record<string, string>): Record<string, string> {
  const own = Object.entries(sessionMetadata).filter(([k]) => k !== 'checkoutSessionId');
  return { ...Object.fromEntries(own.slice(0, METADATA_MAX_KEYS - 1)), checkoutSessionId: sessionId };
}

export async function createCheckoutSession(db: Db, scope: Scope, input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
  if (input.paymentIntentId && input.priceId) throw invalid('parameters_exclusive', 'Give either paymentIntentId or priceId, not both.', 'priceId');
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
        createId('cs'),
        scope.merchantId,
        scope.livemode,
        input.paymentIntentId ?? null,
        input.priceId ?? null,
        amount,
        currency,
        input.successUrl ?? null,
        input.cancelUrl ?? null,
        input.locale,
        JSON.stringify(input.metadata),
        expiresAt,
        now,
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

export async function getSessionRow(db: Db, scope: Scope, id: string, opts: { forUpdate?: boolean } = {}): Promise<CheckoutSessionRow> {
  return parseSession(await getOwnedRow(db, 'checkout_sessions', 'checkout_session', scope, id, { lock: opts.forUpdate ? 'update' : undefined }));
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

// Expiring a session closes its payment window: lib/payments/expire.ts (expireSession, expireCheckoutSession).
