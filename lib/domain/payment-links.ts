// Payment links: a shareable URL under {checkout_url} (a chat message, a QR code on a shop counter)
// that makes a fresh checkout session from one price on every visit. Created and updated here, each
// change with its event; a visit (visitPaymentLink) is public, counted per client address, and makes
// a price session like POST /v1/checkout_sessions would, carrying paymentLinkId.
import { z } from 'zod';
import { config } from '../config';
import type { Db, Row } from '../db/client';
import { invalid } from '../errors';
import { createId, isIdOf, nowSeconds } from '../ids';
import { takeLinkVisit } from './action-limits';
import { type CheckoutSession, createSessionFromLink, LOCALES } from './checkout-sessions';
import { type Companion, getOwnedRow, idParam, mergeMetadata, metadataInput, metadataPatch, type Scope, urlInput } from './common';
import { insertWithEvent, recordEvent } from './events';
import { booleanParam, listObjects, listQuery } from './list';
import { getPayablePrice } from './prices';

export const createPaymentLinkInput = z.strictObject({
  priceId: idParam('priceId'),
  // The session's return addresses, checked and stored exactly as a session's (checkout-sessions.ts).
  successUrl: urlInput('successUrl').optional(),
  cancelUrl: urlInput('cancelUrl').optional(),
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).default('auto'),
  metadata: metadataInput.default({}),
});
export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkInput>;

const fixed = (name: string) =>
  z.never({ error: `${name} cannot be changed: a payment link's price, URLs and locale are fixed. Create a new link and deactivate this one.` }).optional();

export const updatePaymentLinkInput = z.strictObject({
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  metadata: metadataPatch.optional(),
  priceId: fixed('priceId'),
  successUrl: fixed('successUrl'),
  cancelUrl: fixed('cancelUrl'),
  locale: fixed('locale'),
});
export type UpdatePaymentLinkInput = z.output<typeof updatePaymentLinkInput>;

export const listPaymentLinksQuery = listQuery({ active: booleanParam.optional() });

export interface PaymentLink {
  id: string;
  object: 'payment_link';
  url: string;
  priceId: string;
  active: boolean;
  successUrl: string | null;
  cancelUrl: string | null;
  locale: (typeof LOCALES)[number];
  metadata: Record<string, string>;
  livemode: boolean;
  createdAt: number;
}

/** The public address of a link: {checkout_url}/link/<id> (app/checkout/link/[id]/route.ts). */
export const paymentLinkUrl = (id: string): string => `${config().checkoutUrl}/link/${id}`;

export function toPaymentLink(r: Row): PaymentLink {
  return {
    id: r.id as string,
    object: 'payment_link',
    url: paymentLinkUrl(r.id as string),
    priceId: r.price_id as string,
    active: r.active as boolean,
    successUrl: (r.success_url as string | null) ?? null,
    cancelUrl: (r.cancel_url as string | null) ?? null,
    locale: r.locale as PaymentLink['locale'],
    metadata: r.metadata as Record<string, string>,
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

export async function createPaymentLink(db: Db, scope: Scope, input: CreatePaymentLinkInput, companion?: Companion): Promise<PaymentLink> {
  const now = nowSeconds();
  const id = createId('plink');
  const link = toPaymentLink({
    id,
    price_id: input.priceId,
    active: true,
    success_url: input.successUrl ?? null,
    cancel_url: input.cancelUrl ?? null,
    locale: input.locale,
    metadata: input.metadata,
    livemode: scope.livemode,
    created_at: now,
  });
  // One statement: the link (only if the price is this merchant's, in this mode, and payable: the
  // price and its product active), its payment_link.created event and the event's deliveries.
  const inserted = await insertWithEvent(
    db,
    scope,
    {
      sql: `insert into payment_links (id, merchant_id, livemode, price_id, active, success_url, cancel_url, locale, metadata, created_at, updated_at)
            select $1, $2, $3, p.id, true, $5, $6, $7, $8, $9, $9
              from prices p join products pr on pr.id = p.product_id
             where p.id = $4 and p.merchant_id = $2 and p.livemode = $3 and p.active and pr.active`,
      params: [
        id,
        scope.merchantId,
        scope.livemode,
        input.priceId,
        input.successUrl ?? null,
        input.cancelUrl ?? null,
        input.locale,
        JSON.stringify(input.metadata),
        now,
      ],
    },
    'payment_link.created',
    link,
    now,
    companion,
  );
  if (inserted === 0) {
    // Nothing written: say why, as a checkout session would (400 resource_missing or parameter_invalid, param priceId).
    await getPayablePrice(db, scope, input.priceId, 'priceId');
    throw invalid('parameter_invalid', `The price ${input.priceId} is not active; activate it or use an active price.`, 'priceId');
  }
  return link;
}

export function getPaymentLinkRow(db: Db, scope: Scope, id: string, opts: { forUpdate?: boolean } = {}): Promise<Row> {
  return getOwnedRow(db, 'payment_links', 'payment_link', scope, id, { lock: opts.forUpdate ? 'update' : undefined });
}

export async function retrievePaymentLink(db: Db, scope: Scope, id: string): Promise<PaymentLink> {
  return toPaymentLink(await getPaymentLinkRow(db, scope, id));
}

/** active and metadata only (metadata merged; a key set to "" or null is removed). */
export async function updatePaymentLink(db: Db, scope: Scope, id: string, input: UpdatePaymentLinkInput): Promise<PaymentLink> {
  return db.transaction(async (tx) => {
    const cur = toPaymentLink(await getPaymentLinkRow(tx, scope, id, { forUpdate: true }));
    const rows = await tx.query(`update payment_links set active = $2, metadata = $3, updated_at = $4 where id = $1 returning *`, [
      id,
      input.active ?? cur.active,
      JSON.stringify(mergeMetadata(cur.metadata, input.metadata)),
      nowSeconds(),
    ]);
    const link = toPaymentLink(rows[0]!);
    if (Object.keys(input).length > 0) await recordEvent(tx, scope, 'payment_link.updated', link);
    return link;
  });
}

export async function listPaymentLinks(db: Db, scope: Scope, query: z.output<typeof listPaymentLinksQuery>) {
  return listObjects({ db, merchant: scope, table: 'payment_links', url: '/v1/payment_links', query, filters: { active: query.active }, map: toPaymentLink });
}

// ---------------------------------------------------------------------------------------------
// The public side: a buyer (or anything else) opening the link's URL.

/** Why a visit made no session. */
export type LinkUnavailable =
  /** No such link, or not even a link id. */
  | { ok: false; reason: 'not_found' }
  /** The link, its price or the price's product is inactive: it was there, and is no more. */
  | { ok: false; reason: 'inactive' }
  /** Too many visits from this client address this minute; retry after that many seconds. */
  | { ok: false; reason: 'rate_limited'; retryAfter: number };

export type LinkVisit = { ok: true; session: CheckoutSession } | LinkUnavailable;

/** Whether a link can be paid now, read only (HEAD, and why a visit made nothing). */
export async function paymentLinkState(db: Db, id: string): Promise<'active' | 'inactive' | 'not_found'> {
  if (!isIdOf('plink', id)) return 'not_found';
  const rows = await db.query<{ active: boolean; payable: boolean | null }>(
    `select l.active, (p.active and pr.active) as payable
       from payment_links l
       left join prices p on p.id = l.price_id and p.merchant_id = l.merchant_id and p.livemode = l.livemode
       left join products pr on pr.id = p.product_id
      where l.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return 'not_found';
  return r.active && r.payable === true ? 'active' : 'inactive';
}

/**
 * One visit of link `id` from `clientAddress`: counted against the client's limit
 * (action-limits.ts takeLinkVisit), then a new checkout session from the link's price, with the
 * link's URLs and locale (one statement, createSessionFromLink). The link's id is the capability:
 * whoever has the URL may open it, so the scope comes from the link's row. An id that is not a
 * link id at all answers not_found without touching the database (nor the counter).
 */
export async function visitPaymentLink(db: Db, id: string, clientAddress: string | null, now = nowSeconds()): Promise<LinkVisit> {
  if (!isIdOf('plink', id)) return { ok: false, reason: 'not_found' };
  const wait = await takeLinkVisit(db, clientAddress, now);
  if (wait > 0) return { ok: false, reason: 'rate_limited', retryAfter: wait };
  const session = await createSessionFromLink(db, id, now);
  if (session) return { ok: true, session };
  const state = await paymentLinkState(db, id);
  // 'active' here: the link became payable between the two statements; a retry makes its session.
  return { ok: false, reason: state === 'not_found' ? 'not_found' : 'inactive' };
}

// ---------------------------------------------------------------------------------------------
// Cleanup (worker task purge-link-sessions).

/** How long an expired link session is kept after it expired, unpaid. */
export const LINK_SESSION_RETENTION_SECONDS = 24 * 3600;

/**
 * Deletes the sessions that link visits made and nobody paid: a crawler or a link preview opening a
 * link makes a session row each time (checkout_sessions has no other writer that cleans it up).
 *
 * Deleted: a session with payment_link_id set, status expired, no payment intent (the buyer never
 * picked a rail), that expired more than 24 h ago. Nothing references such a row: no intent, no
 * attempt, no quote; the action_limits counters of its page age out by themselves.
 * Kept: every session with a payment intent, whatever happened to it (the intent, its attempts,
 * events and any money received point to that history; a late payment may still arrive), every
 * session made through the API, and every open or complete session. Its events are kept too
 * (checkout_session.expired was already sent to the merchant's webhooks, and events are the
 * merchant's history); once deleted, GET /v1/checkout_sessions/:id answers 404 and its page is a 404.
 * In batches of `limit`, oldest first, so one pass stays a short statement.
 */
export async function purgeLinkSessions(db: Db, now: number, scope: { merchantId?: string } = {}, limit = 1000): Promise<number> {
  const rows = await db.query(
    `delete from checkout_sessions where id in (
       select id from checkout_sessions
        where payment_link_id is not null and status = 'expired' and payment_intent_id is null
          and coalesce(expired_at, expires_at) < $1
          and ($2::text is null or merchant_id = $2)
        order by created_at limit $3)
     returning id`,
    [now - LINK_SESSION_RETENTION_SECONDS, scope.merchantId ?? null, limit],
  );
  return rows.length;
}
