// Events: one row per change, written in the change's own transaction (the outbox). The event
// carries the object exactly as the API shows it right after the change. The same transaction
// writes one webhook delivery row per matching endpoint (./fanout.ts); lib/webhooks sends them.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { notFound } from '../errors';
import { createId, nowSeconds } from '../ids';
import type { Companion, Scope } from './common';
import { fanOutEvent, matchingEndpointsSql } from './fanout';
import { listObjects, listQuery } from './list';

export const EVENT_TYPES = [
  'payment_intent.created',
  'payment_intent.pending',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.failed',
  'payment_intent.canceled',
  'payment_intent.partially_paid',
  'payment_intent.overpaid',
  'payment_intent.late_payment',
  'payment_intent.payment_reversed',
  'checkout_session.completed',
  'checkout_session.expired',
  'product.created',
  'product.updated',
  'price.created',
  'price.updated',
  'payment_link.created',
  'payment_link.updated',
  'rail_account.created',
  'rail_account.updated',
  'rail_account.disabled',
  'refund.created',
  'refund.updated',
  'refund.succeeded',
  'refund.failed',
  'refund.canceled',
  // Reconciliation against the backends (lib/reconcile/): a run's outcome, and one event per difference found.
  'reconciliation.succeeded',
  'reconciliation.failed',
  'reconciliation_item.created',
  // Reports (lib/reports): a run completed by the worker, its file ready; or given up.
  'report_run.succeeded',
  'report_run.failed',
  // Approvals (issue 29): a refund that waits for an owner's or admin's approval, and its decision.
  'refund.pending_approval',
  'refund.approved',
  'refund.rejected',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface Event {
  id: string;
  object: 'event';
  type: EventType;
  data: { object: unknown };
  livemode: boolean;
  createdAt: number;
}

export async function recordEvent(db: Db, scope: Scope, type: EventType, object: unknown): Promise<Event> {
  if (!db.inTransaction) throw new Error('recordEvent must run inside the transaction of the change it records');
  const event: Event = { id: createId('evt'), object: 'event', type, data: { object }, livemode: scope.livemode, createdAt: nowSeconds() };
  await db.query(`insert into events (id, merchant_id, livemode, type, data, created_at) values ($1, $2, $3, $4, $5, $6)`, [
    event.id,
    scope.merchantId,
    scope.livemode,
    type,
    JSON.stringify(event.data),
    event.createdAt,
  ]);
  await fanOutEvent(db, scope.merchantId, event);
  return event;
}

/**
 * Create an object, its event and its webhook deliveries in ONE statement (data-modifying CTEs:
 * PostgreSQL and PGlite run a statement atomically, so no begin/commit round trips). `insert` is
 * the object's `insert ... values (...)` or `insert ... select ... where <primary key> = ...`
 * (parameters $1..$n): it writes one row or none, and the event depends on it: when it inserts
 * nothing (its `where` failed), nothing else is written and 0 is returned. `object` is the object
 * as the API shows it, built by the caller from the values it inserts (never read back).
 */
export async function insertWithEvent(
  db: Db,
  scope: Scope,
  insert: { sql: string; params: unknown[] },
  type: EventType,
  object: unknown,
  createdAt: number,
  companion?: Companion,
): Promise<number> {
  const n = insert.params.length;
  const p = (i: number) => `$${n + i}`;
  const eventId = createId('evt');
  // One random id for the event's deliveries, each suffixed with its endpoint id's random part
  // (unique per endpoint; not its `seq`, a counter shared by every merchant that an id would show).
  const deliveryBase = createId('whd');
  const objectJson = JSON.stringify(object);
  const params = [...insert.params, eventId, scope.merchantId, scope.livemode, type, `{"object":${objectJson}}`, createdAt, deliveryBase];
  const extra = companion?.(params.length + 1, objectJson, 'obj');
  // A whole statement `insert into t (...) values (<one flat row>)` writes its row or fails: nothing
  // to count. Anything else (`insert ... select ... where`) may write none, which the caller must
  // know (counting costs ~10 µs a statement).
  const conditional = !/^\s*insert\s+into\s+[a-z_]+\s*\([^()]*\)\s*values\s*\([^()]*\)\s*$/i.test(insert.sql);
  const rows = await db.query<{ inserted: number }>(
    `with obj as (${insert.sql} returning 1),
     ev as (
       insert into events (id, merchant_id, livemode, type, data, created_at)
       select ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, ${p(6)} from obj
       returning id),
     eps as (${matchingEndpointsSql(p(2), p(3), p(4))}),
     wd as (
       insert into webhook_deliveries (id, merchant_id, livemode, event_id, endpoint_id, event_type, status, next_attempt_at, created_at, updated_at)
       select ${p(7)}::text || substr(eps.id, 4), ${p(2)}, ${p(3)}, ev.id, eps.id, ${p(4)}, 'pending', ${p(6)}, ${p(6)}, ${p(6)}
         from ev cross join eps)${
           extra
             ? `,
     companion as (${extra.sql})`
             : ''
         }
     select ${conditional ? '(select count(*) from obj)::int' : '1'} as inserted`,
    extra ? [...params, ...extra.params] : params,
  );
  return Number(rows[0]?.inserted ?? 0);
}

/** The event as the API (and every webhook body) shows it. */
export function toEvent(r: Row): Event {
  return {
    id: r.id as string,
    object: 'event',
    type: r.type as EventType,
    data: r.data as { object: unknown },
    livemode: r.livemode as boolean,
    createdAt: r.created_at as number,
  };
}

export const listEventsQuery = listQuery({
  type: z.enum(EVENT_TYPES, { error: `type must be one of ${EVENT_TYPES.join(', ')}` }).optional(),
});

export async function retrieveEvent(db: Db, scope: Scope, id: string): Promise<Event> {
  const rows = await db.query(`select * from events where id = $1 and merchant_id = $2 and livemode = $3`, [id, scope.merchantId, scope.livemode]);
  if (!rows[0]) throw notFound('event', id);
  return toEvent(rows[0]);
}

export async function listEvents(db: Db, scope: Scope, query: z.output<typeof listEventsQuery>) {
  return listObjects({ db, merchant: scope, table: 'events', url: '/v1/events', query, filters: { type: query.type }, map: toEvent });
}
