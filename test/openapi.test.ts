import { beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_OBJECTS, OPERATIONS } from '@/lib/api/openapi';
import * as openapi from '@/app/v1/openapi.json/route';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document without auth, with every operation', async () => {
    const res = await openapi.GET(new Request('http://localhost/v1/openapi.json'), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const op of OPERATIONS) expect(doc.paths[op.path][op.method], `${op.method} ${op.path}`).toBeDefined();
    const create = doc.paths['/v1/payment_intents'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(['amount', 'currency', 'rail']);
    expect(create.additionalProperties).toBe(false);
  });

  it('describes the objects exactly as the API returns them', async () => {
    const product = (await call('POST', '/v1/products', { key, body: { name: 'Doc' } })).body;
    const price = (await call('POST', '/v1/prices', { key, body: { productId: product.id, currency: 'XOF', unitAmount: 1000 } })).body;
    const pi = (await call('POST', '/v1/payment_intents', { key, body: { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    const cs = (await call('POST', '/v1/checkout_sessions', { key, body: { priceId: price.id } })).body;
    const err = (await call('POST', '/v1/products', { key, body: {} })).body;
    expect(RESPONSE_OBJECTS.Product.safeParse(product).success).toBe(true);
    expect(RESPONSE_OBJECTS.Price.safeParse(price).success).toBe(true);
    expect(RESPONSE_OBJECTS.PaymentIntent.safeParse(pi).error).toBeUndefined();
    expect(RESPONSE_OBJECTS.CheckoutSession.safeParse(cs).error).toBeUndefined();
    expect(RESPONSE_OBJECTS.Error.safeParse(err).error).toBeUndefined();
  });
});
