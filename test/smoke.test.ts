import { describe, expect, it } from 'vitest';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();

describe('smoke', () => {
  it('creates a product', async () => {
    const m = await newMerchant(db());
    const r = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'T-shirt', metadata: { a: 'b' } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'product', name: 'T-shirt', metadata: { a: 'b' }, livemode: false, active: true, description: null });
  });
});
