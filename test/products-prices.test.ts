import { beforeAll, describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
});

describe('products', () => {
  it('creates a product with every field', async () => {
    const r = await call('POST', '/v1/products', { key, body: { name: 'T-shirt', description: 'Coton bio', active: false, metadata: { sku: 'TS-1' } } });
    expect(r.status).toBe(200);
    expect(r.headers.get('request-id')).toMatch(/^req_/);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^prod_[0-9A-Za-z]{22}$/),
      object: 'product',
      name: 'T-shirt',
      description: 'Coton bio',
      active: false,
      metadata: { sku: 'TS-1' },
      livemode: false,
      createdAt: expect.any(Number),
    });
    expect(Math.abs(r.body.createdAt - Date.now() / 1000)).toBeLessThan(5);
  });

  it('defaults active to true, metadata to {}, description to null', async () => {
    const r = await call('POST', '/v1/products', { key, body: { name: 'Mug' } });
    expect(r.body).toMatchObject({ active: true, metadata: {}, description: null });
  });

  it('retrieves and updates a product; metadata merges and "" removes a key', async () => {
    const { body: p } = await call('POST', '/v1/products', { key, body: { name: 'Cap', metadata: { a: '1', b: '2' } } });
    expect((await call('GET', `/v1/products/${p.id}`, { key })).body).toEqual(p);
    const u = await call('POST', `/v1/products/${p.id}`, {
      key,
      body: { name: 'Casquette', description: 'Rouge', active: false, metadata: { a: '', c: '3' } },
    });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ ...p, name: 'Casquette', description: 'Rouge', active: false, metadata: { b: '2', c: '3' } });
    const cleared = await call('POST', `/v1/products/${p.id}`, { key, body: { description: null } });
    expect(cleared.body.description).toBeNull();
    expect((await call('GET', `/v1/products/${p.id}`, { key })).body).toEqual(cleared.body);
  });

  it('rejects bad input with the param named', async () => {
    const cases: [unknown, number, string, string | undefined][] = [
      [{}, 400, 'parameter_missing', 'name'],
      [{ name: '' }, 400, 'parameter_invalid', 'name'],
      [{ name: '   ' }, 400, 'parameter_invalid', 'name'],
      [{ name: 'x'.repeat(251) }, 400, 'parameter_invalid', 'name'],
      [{ name: 5 }, 400, 'parameter_invalid', 'name'],
      [{ name: 'x', active: 'yes' }, 400, 'parameter_invalid', 'active'],
      [{ name: 'x', colour: 'red' }, 400, 'parameter_unknown', 'colour'],
      [{ name: 'x', metadata: { n: 1 } }, 400, 'parameter_invalid', 'metadata[n]'],
      [{ name: 'x', metadata: { ['k'.repeat(41)]: 'v' } }, 400, 'parameter_invalid', undefined],
      [{ name: 'x', metadata: { k: 'v'.repeat(501) } }, 400, 'parameter_invalid', 'metadata[k]'],
      [{ name: 'x', metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 400, 'parameter_invalid', 'metadata'],
      [{ name: 'x', metadata: 'nope' }, 400, 'parameter_invalid', 'metadata'],
      [[1, 2], 400, 'parameter_invalid', undefined],
    ];
    for (const [body, status, code, param] of cases) {
      const r = await call('POST', '/v1/products', { key, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.body.error.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(r.body.error.type).toBe('invalid_request_error');
      expect(r.body.error.requestId).toBe(r.headers.get('request-id'));
      if (param) expect(r.body.error.param).toBe(param);
      expect(r.body.error.message.length).toBeGreaterThan(10);
    }
  });

  it('404s an unknown product, with a message naming it', async () => {
    const r = await call('GET', '/v1/products/prod_doesnotexist0000000', { key });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    expect(r.body.error.message).toContain('prod_doesnotexist0000000');
    expect((await call('POST', '/v1/products/prod_doesnotexist0000000', { key, body: { name: 'x' } })).status).toBe(404);
  });

  it('filters the list by active', async () => {
    const m = (await newMerchant(db())).keys.test;
    await call('POST', '/v1/products', { key: m, body: { name: 'on' } });
    await call('POST', '/v1/products', { key: m, body: { name: 'off', active: false } });
    const all = await call('GET', '/v1/products', { key: m });
    expect(all.body).toMatchObject({ object: 'list', hasMore: false, url: '/v1/products' });
    expect(all.body.data).toHaveLength(2);
    const off = await call('GET', '/v1/products?active=false', { key: m });
    expect(off.body.data.map((p: any) => p.name)).toEqual(['off']);
    expect((await call('GET', '/v1/products?active=maybe', { key: m })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'active' });
  });
});

describe('prices', () => {
  it('creates, retrieves, updates and lists prices of a product', async () => {
    const { body: p } = await call('POST', '/v1/products', { key, body: { name: 'Abonnement' } });
    const r = await call('POST', '/v1/prices', { key, body: { productId: p.id, currency: 'XOF', unitAmount: 5000, metadata: { plan: 'm' } } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^price_[0-9A-Za-z]{22}$/),
      object: 'price',
      productId: p.id,
      currency: 'XOF',
      unitAmount: 5000,
      active: true,
      metadata: { plan: 'm' },
      livemode: false,
      createdAt: expect.any(Number),
    });
    expect((await call('GET', `/v1/prices/${r.body.id}`, { key })).body).toEqual(r.body);
    const u = await call('POST', `/v1/prices/${r.body.id}`, { key, body: { active: false, metadata: { plan: null } } });
    expect(u.body).toEqual({ ...r.body, active: false, metadata: {} });
    const other = await call('POST', '/v1/prices', { key, body: { productId: p.id, currency: 'USDT', unitAmount: 12_500_000 } });
    expect(other.body.unitAmount).toBe(12_500_000);
    const list = await call('GET', `/v1/prices?productId=${p.id}`, { key });
    expect(list.body.data.map((x: any) => x.id).sort()).toEqual([other.body.id, r.body.id].sort());
    expect(list.body.data).toHaveLength(2);
    const active = await call('GET', `/v1/prices?productId=${p.id}&active=true`, { key });
    expect(active.body.data.map((x: any) => x.id)).toEqual([other.body.id]);
  });

  it('never changes amount, currency or product', async () => {
    const { body: p } = await call('POST', '/v1/products', { key, body: { name: 'X' } });
    const { body: price } = await call('POST', '/v1/prices', { key, body: { productId: p.id, currency: 'XAF', unitAmount: 1000 } });
    for (const body of [{ unitAmount: 2000 }, { currency: 'XOF' }, { productId: p.id }]) {
      const r = await call('POST', `/v1/prices/${price.id}`, { key, body });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('parameter_invalid');
      expect(r.body.error.message).toMatch(/cannot be changed/);
    }
    expect((await call('GET', `/v1/prices/${price.id}`, { key })).body.unitAmount).toBe(1000);
  });

  it('validates currency, amount bounds and the product', async () => {
    const { body: p } = await call('POST', '/v1/products', { key, body: { name: 'Y' } });
    const bad: [unknown, string, string][] = [
      [{ productId: p.id, currency: 'xof', unitAmount: 500 }, 'parameter_invalid', 'currency'],
      [{ productId: p.id, currency: 'EUR', unitAmount: 500 }, 'parameter_invalid', 'currency'],
      [{ productId: p.id, currency: 'XOF', unitAmount: 99 }, 'amount_too_small', 'unitAmount'],
      [{ productId: p.id, currency: 'XOF', unitAmount: 5_000_001 }, 'amount_too_large', 'unitAmount'],
      [{ productId: p.id, currency: 'XOF', unitAmount: 10.5 }, 'parameter_invalid', 'unitAmount'],
      [{ productId: p.id, currency: 'XOF', unitAmount: '500' }, 'parameter_invalid', 'unitAmount'],
      [{ productId: p.id, currency: 'XOF', unitAmount: -5 }, 'parameter_invalid', 'unitAmount'],
      [{ productId: p.id, unitAmount: 500 }, 'parameter_missing', 'currency'],
      [{ currency: 'XOF', unitAmount: 500 }, 'parameter_missing', 'productId'],
      [{ productId: 'prod_missing000000000000', currency: 'XOF', unitAmount: 500 }, 'resource_missing', 'productId'],
    ];
    for (const [body, code, param] of bad) {
      const r = await call('POST', '/v1/prices', { key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error, JSON.stringify(body)).toMatchObject({ code, param });
    }
  });
});
