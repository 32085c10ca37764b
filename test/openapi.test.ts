import { beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_OBJECTS } from '@/lib/api/openapi';
import { loadApiRoutes } from '@/lib/api/router';
import * as openapi from '@/app/v1/openapi.json/route';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
let key: string;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document without auth', async () => {
    const res = await openapi.GET(new Request('http://localhost/v1/openapi.json'), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/v1/payment_intents'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(['amount', 'currency', 'rail']);
    expect(create.additionalProperties).toBe(false);
  });

  // The document against what the server really serves (the route files, found as server.ts finds
  // them), not against the list it was generated from: a route nobody documented, a documented
  // operation nobody serves, or a path parameter named differently fails here.
  it('documents exactly the operations the routes serve, both ways', async () => {
    const doc = await (await openapi.GET(new Request('http://localhost/v1/openapi.json'), { params: Promise.resolve({}) })).json();
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>))
      for (const [method, op] of Object.entries(ops)) {
        documented.add(`${method.toUpperCase()} ${p}`);
        const inPath = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect((op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name).sort(), `${method} ${p}: path parameters`).toEqual(inPath);
      }

    const served = new Set<string>();
    for (const route of await loadApiRoutes()) {
      // /^\/v1\/prices\/(?<id>[^/]+)$/ -> /v1/prices/{id}
      const template = route.pattern.source
        .replace(/^\^|\$$/g, '')
        .replace(/\(\?<(\w+)>\[\^\/\]\+\)/g, '{$1}')
        .replace(/\\(.)/g, '$1');
      if (template.includes('(?<')) continue; // the catch-all JSON 404 for unknown paths: no operation
      const url = `http://localhost${template.replace(/\{(\w+)\}/g, '$1_doc00000000000000000')}`;
      for (const [method, handler] of Object.entries(route.module)) {
        if (typeof handler !== 'function') continue;
        // A method the module does not serve answers 405 (lib/api/route.ts `methods`), before any auth.
        const res = await (handler as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>)(new Request(url, { method }), {
          params: Promise.resolve({}),
        });
        if (res.status !== 405) served.add(`${method} ${template}`);
      }
    }
    // The document itself is served (without auth) but is not one of the operations it describes.
    served.delete('GET /v1/openapi.json');

    expect([...served].filter((op) => !documented.has(op)).sort(), 'served but not documented').toEqual([]);
    expect([...documented].filter((op) => !served.has(op)).sort(), 'documented but not served').toEqual([]);
    expect(served.size).toBeGreaterThanOrEqual(30); // the walk above really found the routes
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

  it('describes the lifecycle, events and webhook objects exactly as the API returns them', async () => {
    const check = (name: keyof typeof RESPONSE_OBJECTS, value: unknown) => expect(RESPONSE_OBJECTS[name].safeParse(value).error, name).toBeUndefined();
    for (const [rail, currency, amount, body] of [
      ['mobile_money_a', 'XOF', 1000, { phone: '+2250700000000' }],
      ['btc_lightning', 'BTC', 5000, {}],
      ['btc_onchain', 'BTC', 5000, {}],
      ['usdt_trc20', 'USDT', 2_000_000, {}],
    ] as const) {
      const pi = (await call('POST', '/v1/payment_intents', { key, body: { amount, currency, rail } })).body;
      const confirmed = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key, body });
      expect(confirmed.status, rail).toBe(200);
      check('PaymentIntent', confirmed.body);
      check('PaymentIntent', (await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key, body: {} })).body);
    }
    const events = (await call('GET', '/v1/events?limit=5', { key })).body;
    expect(events.data.length).toBeGreaterThan(0);
    for (const e of events.data) check('Event', e);
    const we = (await call('POST', '/v1/webhook_endpoints', { key, body: { url: 'http://127.0.0.1:9/hooks', enabledEvents: ['*'] } })).body;
    check('WebhookEndpoint', we);
    check('WebhookEndpoint', (await call('POST', `/v1/webhook_endpoints/${we.id}/roll_secret`, { key, body: {} })).body);
    await call('POST', '/v1/products', { key, body: { name: 'after endpoint' } });
    const deliveries = (await call('GET', `/v1/webhook_endpoints/${we.id}/deliveries`, { key })).body;
    expect(deliveries.data.length).toBe(1);
    check('WebhookDelivery', deliveries.data[0]);
    // A delivery with an attempt (the endpoint does not answer: an error, no status).
    const retried = await call('POST', `/v1/webhook_endpoints/${we.id}/deliveries/${deliveries.data[0].id}/retry`, { key, body: {} });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.attempts.length).toBeGreaterThan(0);
    check('WebhookDelivery', retried.body);
    check('DeletedWebhookEndpoint', (await call('DELETE', `/v1/webhook_endpoints/${we.id}`, { key })).body);
  });
});
