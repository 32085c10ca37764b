// Events: one row per change, written in the change's own transaction (the outbox). The event
// carries the object exactly as the API shows it right after the change.
import type { Db } from '../db/client';
import { createId, nowSeconds } from '../ids';
import type { Scope } from './common';

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
  'checkout_session.completed',
  'checkout_session.expired',
  'product.created',
  'product.updated',
  'price.created',
  'price.updated',
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
  return event;
}
