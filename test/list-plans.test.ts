// Every list filter of the contract is led by an index in the list's order: with a large history
// (seeded in SQL), the exact queries the API runs are EXPLAINed and none may scan a big table
// sequentially. A filter that matches nothing (status=pending, an event type never emitted) must
// cost an index probe, not a read of the merchant's whole history.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
const ROWS = 20_000;
let key: string;
let merchantId: string;

/** The node types of a JSON plan, with the relation each scans. */
function scans(plan: Record<string, unknown>, out: string[] = []): string[] {
  const big = plan['Node Type'] === 'Sort' && Number(plan['Plan Rows']) > 100 ? ' (big)' : '';
  out.push(`${String(plan['Node Type'])}${plan['Relation Name'] ? ` on ${String(plan['Relation Name'])}` : ''}${big}`);
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) scans(child, out);
  return out;
}

/** Run `fn` against a database that records every query it is asked. */
async function captured(fn: (db: Db) => Promise<unknown>): Promise<{ text: string; params: unknown[] }[]> {
  const seen: { text: string; params: unknown[] }[] = [];
  const base = db();
  const spy: Db = { ...base, query: (text: string, params?: unknown[]) => (seen.push({ text, params: params ?? [] }), base.query(text, params)) } as Db;
  await fn(spy);
  return seen;
}

beforeAll(async () => {
  const m = await newMerchant(db());
  key = m.keys.test;
  merchantId = m.merchant.id;
  const t0 = 1_700_000_000;
  // A merchant's long history: intents of every other status, their events, products, prices,
  // sessions; nothing pending, no late payment, no reference "none".
  await db().query(
    `insert into payment_intents (id, merchant_id, livemode, amount, currency, rail, status, reference, metadata, created_at, updated_at)
     select 'pi_seed' || g, $1, false, 1000, 'XOF', 'mobile_money_a', case when g % 2 = 0 then 'succeeded' else 'canceled' end,
            'ref-' || g, '{}'::jsonb, $2 + g, $2 + g
       from generate_series(1, $3) g`,
    [merchantId, t0, ROWS],
  );
  await db().query(
    `insert into events (id, merchant_id, livemode, type, data, created_at)
     select 'evt_seed' || g, $1, false, case when g % 2 = 0 then 'payment_intent.succeeded' else 'payment_intent.created' end, '{}'::jsonb, $2 + g
       from generate_series(1, $3) g`,
    [merchantId, t0, ROWS],
  );
  await db().query(
    `insert into products (id, merchant_id, livemode, name, active, metadata, created_at, updated_at)
     select 'prod_seed' || g, $1, false, 'P' || g, true, '{}'::jsonb, $2 + g, $2 + g from generate_series(1, $3) g`,
    [merchantId, t0, ROWS],
  );
  await db().query(
    `insert into checkout_sessions (id, merchant_id, livemode, payment_intent_id, amount, currency, status, locale, metadata, expires_at, created_at, updated_at)
     select 'cs_seed' || g, $1, false, 'pi_seed' || g, 1000, 'XOF', case when g % 2 = 0 then 'complete' else 'expired' end, 'fr', '{}'::jsonb, $2 + g + 3600, $2 + g, $2 + g
       from generate_series(1, $3) g`,
    [merchantId, t0, ROWS],
  );
  await db().query(
    `insert into payment_attempts (id, payment_intent_id, merchant_id, livemode, rail, amount, currency, status, destination, created_at, updated_at)
     select 'att_seed' || g, 'pi_seed' || g, $1, false, 'mobile_money_a', 1000, 'XOF', case when g % 2 = 0 then 'succeeded' else 'canceled' end, '+2250554120000', $2 + g, $2 + g
       from generate_series(1, $3) g`,
    [merchantId, t0, ROWS],
  );
  for (const table of ['payment_attempts', 'payment_intents', 'events', 'products', 'prices', 'checkout_sessions', 'webhook_endpoints', 'webhook_deliveries'])
    await db().query(`analyze ${table}`);
}, 120_000);

describe('list queries at scale', () => {
  const lists = [
    '/v1/payment_intents',
    '/v1/payment_intents?status=pending',
    '/v1/payment_intents?status=succeeded',
    '/v1/payment_intents?rail=btc_lightning',
    '/v1/payment_intents?currency=GNF',
    '/v1/payment_intents?reference=none',
    '/v1/payment_intents?createdAt[lt]=1700000100',
    '/v1/payment_intents?createdAt[gte]=1700019000',
    '/v1/payment_intents?startingAfter=pi_seed10000',
    '/v1/payment_intents?endingBefore=pi_seed10000&status=succeeded',
    '/v1/events',
    '/v1/events?type=payment_intent.late_payment',
    '/v1/events?type=payment_intent.succeeded',
    '/v1/events?startingAfter=evt_seed500',
    '/v1/products',
    '/v1/products?active=false',
    '/v1/checkout_sessions',
    '/v1/checkout_sessions?status=open',
    '/v1/checkout_sessions?paymentIntentId=pi_seed77',
  ];
  for (const path of lists) {
    it(`${path}: no sequential scan, answered from an index`, async () => {
      // The API's own queries, as its route runs them.
      const r = await call('GET', path, {
        key,
        ...(path.startsWith('/v1/events') ? { skipOpenApiCheck: 'events seeded in SQL with data {}: this test checks query plans, not bodies' } : {}),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const { listPaymentIntents } = await import('@/lib/domain/payment-intents');
      const { listEvents } = await import('@/lib/domain/events');
      const { listProducts } = await import('@/lib/domain/products');
      const { listCheckoutSessions } = await import('@/lib/domain/checkout-sessions');
      const url = new URL(`http://x${path}`);
      const q = Object.fromEntries(url.searchParams);
      const scope = { merchantId, livemode: false };
      const { listPaymentIntentsQuery } = await import('@/lib/domain/payment-intents');
      const { listEventsQuery } = await import('@/lib/domain/events');
      const { listProductsQuery } = await import('@/lib/domain/products');
      const { listCheckoutSessionsQuery } = await import('@/lib/domain/checkout-sessions');
      const run = url.pathname.endsWith('payment_intents')
        ? (d: Db) => listPaymentIntents(d, scope, listPaymentIntentsQuery.parse(q))
        : url.pathname.endsWith('events')
          ? (d: Db) => listEvents(d, scope, listEventsQuery.parse(q))
          : url.pathname.endsWith('products')
            ? (d: Db) => listProducts(d, scope, listProductsQuery.parse(q))
            : (d: Db) => listCheckoutSessions(d, scope, listCheckoutSessionsQuery.parse(q));
      const queries = await captured(run);
      expect(queries.length).toBeGreaterThan(0);
      for (const { text, params } of queries) {
        const [row] = await db().query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, params);
        const raw = row!['QUERY PLAN'];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
        const nodes = scans(plan[0]!.Plan);
        expect(
          nodes.filter((n) => n.startsWith('Seq Scan')),
          `${text}\n${nodes.join(' > ')}`,
        ).toEqual([]);
        // No sort of a big result either: the index gives the order (a page's few rows may be sorted).
        expect(
          nodes.filter((n) => n === 'Sort (big)'),
          `${text}\n${nodes.join(' > ')}`,
        ).toEqual([]);
      }
    });
  }
});
