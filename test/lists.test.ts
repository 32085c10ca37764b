import { beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
let ids: string[]; // newest first, as the API orders them

beforeAll(async () => {
  const m = await newMerchant(db());
  key = m.keys.test;
  // 25 products made one after the other within the same second: newest first must still hold
  // (the order they were made, not the random ids), total and stable.
  const bodies = [];
  for (let i = 0; i < 25; i++) bodies.push((await call('POST', '/v1/products', { key, body: { name: `P${i}` } })).body);
  await db().query(`update products set created_at = $1 where merchant_id = $2`, [bodies[0].createdAt, m.merchant.id]);
  ids = bodies.map((b) => b.id).reverse(); // the last made first
});

describe('lists', () => {
  it('an object and its events list in the order they happened, within one second', async () => {
    const m = await newMerchant(db());
    const pi = (await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: { phone: '0554121111' } });
    await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/fail`, { key: m.keys.test, body: {} });
    await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
    await db().query(`update events set created_at = $1 where merchant_id = $2`, [pi.createdAt, m.merchant.id]);
    const events = (await call('GET', '/v1/events?limit=100', { key: m.keys.test })).body.data.map((e: { type: string }) => e.type);
    expect(events).toEqual([
      'payment_intent.succeeded',
      'payment_intent.pending',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.created',
    ]);
  });

  it('orders newest first, in the order made within a second, and pages forward with startingAfter without gap or duplicate', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await call('GET', `/v1/products?limit=7${cursor ? `&startingAfter=${cursor}` : ''}`, { key });
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((p: any) => p.id));
      if (!r.body.hasMore) break;
      cursor = r.body.data.at(-1).id;
    }
    expect(seen).toEqual(ids);
  });

  it('pages backward with endingBefore without gap or duplicate', async () => {
    const seen: string[] = [];
    let cursor = ids.at(-1)!;
    seen.unshift(cursor);
    for (let page = 0; page < 10; page++) {
      const r = await call('GET', `/v1/products?limit=4&endingBefore=${cursor}`, { key });
      const pageIds = r.body.data.map((p: any) => p.id);
      seen.unshift(...pageIds);
      if (!r.body.hasMore) break;
      cursor = pageIds[0];
    }
    expect(seen).toEqual(ids);
  });

  it('defaults to 10, caps at 100, validates limit and cursors', async () => {
    const r = await call('GET', '/v1/products', { key });
    expect(r.body.data).toHaveLength(10);
    expect(r.body.hasMore).toBe(true);
    expect((await call('GET', '/v1/products?limit=100', { key })).body.data).toHaveLength(25);
    // A page reads limit + 1 rows rounded up to 11, 26, 51 or 101 (lib/domain/list.ts fetchSize):
    // each side of a bucket's edge keeps exactly `limit` and says hasMore right.
    for (const [limit, length, hasMore] of [
      [24, 24, true],
      [25, 25, false],
      [26, 25, false],
      [9, 9, true],
      [11, 11, true],
    ] as const) {
      const page = (await call('GET', `/v1/products?limit=${limit}`, { key })).body;
      expect([page.data.length, page.hasMore], `limit=${limit}`).toEqual([length, hasMore]);
      expect(page.data.map((p: any) => p.id)).toEqual(ids.slice(0, length));
    }
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5']) {
      const bad = await call('GET', `/v1/products?${q}`, { key });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error, q).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
    }
    const unknownCursor = await call('GET', '/v1/products?startingAfter=prod_nope0000000000000000', { key });
    expect(unknownCursor.status).toBe(400);
    expect(unknownCursor.body.error).toMatchObject({ code: 'resource_missing', param: 'startingAfter' });
    const both = await call('GET', `/v1/products?startingAfter=${ids[0]}&endingBefore=${ids[3]}`, { key });
    expect(both.body.error.code).toBe('parameters_exclusive');
    const twice = await call('GET', '/v1/products?limit=2&limit=3', { key });
    expect(twice.body.error).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
  });

  it('filters on createdAt[gte] and createdAt[lt]', async () => {
    const { body: first } = await call('GET', '/v1/products?limit=1', { key });
    const t = first.data[0].createdAt;
    expect((await call('GET', `/v1/products?limit=100&createdAt[gte]=${t}`, { key })).body.data).toHaveLength(25);
    expect((await call('GET', `/v1/products?limit=100&createdAt[lt]=${t}`, { key })).body.data).toHaveLength(0);
    expect((await call('GET', `/v1/products?createdAt[gt]=${t}`, { key })).body.error.code).toBe('parameter_unknown');
  });
});
