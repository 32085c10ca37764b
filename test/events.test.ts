import { describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();

describe('[events]: the outbox through the API', () => {
  it('records an event per change, carrying the object as it was right after it', async () => {
    const m = await newMerchant(db());
    const p = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Mug' } });
    await call('POST', `/v1/products/${p.body.id}`, { key: m.keys.test, body: { name: 'Big mug' } });
    const pi = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' } });
    await call('POST', `/v1/payment_intents/${pi.body.id}/cancel`, { key: m.keys.test });

    const list = await call('GET', '/v1/events', { key: m.keys.test });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', hasMore: false, url: '/v1/events' });
    expect(list.body.data.map((e: any) => e.type).sort()).toEqual(
      ['payment_intent.canceled', 'payment_intent.created', 'product.created', 'product.updated'].sort(),
    );
    const created = list.body.data.find((e: any) => e.type === 'product.created');
    const updated = list.body.data.find((e: any) => e.type === 'product.updated');
    expect(created.data.object).toEqual({ ...p.body }); // the name it had then
    expect(updated.data.object).toMatchObject({ id: p.body.id, name: 'Big mug' });
    const canceled = list.body.data.find((e: any) => e.type === 'payment_intent.canceled');
    expect(canceled.data.object).toMatchObject({ id: pi.body.id, status: 'canceled' });
    expect(Object.keys(created)).toEqual(['id', 'object', 'type', 'data', 'livemode', 'createdAt']);
    expect(created).toMatchObject({ object: 'event', livemode: false });
    expect(created.id).toMatch(/^evt_[0-9A-Za-z]{22}$/);

    const one = await call('GET', `/v1/events/${created.id}`, { key: m.keys.test });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created);
  });

  it('filters by type, pages without skipping or repeating, and keeps modes and merchants apart', async () => {
    const m = await newMerchant(db());
    const other = await newMerchant(db());
    for (let i = 0; i < 5; i++) await call('POST', '/v1/products', { key: m.keys.test, body: { name: `P${i}` } });
    await call('POST', '/v1/products', { key: m.keys.live, body: { name: 'Live' } });
    await call('POST', '/v1/products', { key: other.keys.test, body: { name: 'Other' } });

    const filtered = await call('GET', '/v1/events?type=product.created&limit=2', { key: m.keys.test });
    expect(filtered.body.data).toHaveLength(2);
    expect(filtered.body.hasMore).toBe(true);
    const seen = [...filtered.body.data];
    let cursor = filtered.body.data[1].id;
    for (;;) {
      const page = await call('GET', `/v1/events?type=product.created&limit=2&startingAfter=${cursor}`, { key: m.keys.test });
      seen.push(...page.body.data);
      if (!page.body.hasMore) break;
      cursor = page.body.data.at(-1).id;
    }
    expect(seen.map((e) => e.data.object.name).sort()).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    expect(new Set(seen.map((e) => e.id)).size).toBe(5);

    const none = await call('GET', '/v1/events?type=price.created', { key: m.keys.test });
    expect(none.body.data).toEqual([]);
    const bad = await call('GET', '/v1/events?type=nope', { key: m.keys.test });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'type' });
    const unknown = await call('GET', '/v1/events?colour=red', { key: m.keys.test });
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'colour' });

    const live = await call('GET', '/v1/events', { key: m.keys.live });
    expect(live.body.data.map((e: any) => e.data.object.name)).toEqual(['Live']);
    expect(live.body.data[0].livemode).toBe(true);
    const otherEvent = (await call('GET', '/v1/events', { key: other.keys.test })).body.data[0];
    expect((await call('GET', `/v1/events/${otherEvent.id}`, { key: m.keys.test })).status).toBe(404);
    expect((await call('GET', `/v1/events/${live.body.data[0].id}`, { key: m.keys.test })).status).toBe(404);
    const missing = await call('GET', '/v1/events/evt_doesnotexist000000000', { key: m.keys.test });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('resource_missing');
  });

  it('writes the event with its change or not at all', async () => {
    const m = await newMerchant(db());
    const { recordEvent } = await import('@/lib/domain/events');
    await expect(recordEvent(db(), { merchantId: m.merchant.id, livemode: false }, 'product.created', {})).rejects.toThrow(/inside the transaction/);
    await expect(
      db().transaction(async (tx) => {
        await recordEvent(tx, { merchantId: m.merchant.id, livemode: false }, 'product.created', { id: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await call('GET', '/v1/events', { key: m.keys.test })).body.data).toEqual([]);
  });
});
