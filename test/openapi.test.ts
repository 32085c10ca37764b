import { beforeAll, describe, expect, it } from 'vitest';
import * as openapi from '@/app/v1/openapi.json/route';
import { RESPONSE_OBJECTS } from '@/lib/api/openapi';
import { loadApiRoutes } from '@/lib/api/router';
import { call, newMerchant, useDatabase } from './api';
import { checkResponse, findOperation, responseViolations, stats } from './openapi-ajv';

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
        expect(
          (op.parameters ?? [])
            .filter((x) => x.in === 'path')
            .map((x) => x.name)
            .sort(),
          `${method} ${p}: path parameters`,
        ).toEqual(inPath);
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
    check('WebhookEndpointWithSecret', we);
    check('WebhookEndpoint', (await call('GET', `/v1/webhook_endpoints/${we.id}`, { key })).body);
    check('WebhookEndpointWithSecret', (await call('POST', `/v1/webhook_endpoints/${we.id}/roll_secret`, { key, body: {} })).body);
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

// test/api.ts checks every answer of the integration suite against the document with ajv
// (test/openapi-ajv.ts). The check must be able to fail: wrong answers, made here by hand, are caught.
describe('the ajv check of every answer (test/openapi-ajv.ts)', () => {
  const headers = (h: Record<string, string> = {}) =>
    new Headers({ 'content-type': 'application/json; charset=utf-8', 'request-id': 'req_5Vn2Kq8LxT3mRc7BzW9pJd', ...h });
  const answer = (status: number, body: unknown, h?: Record<string, string>) => ({ status, headers: headers(h), text: JSON.stringify(body) });

  it('passes a real answer, and finds the operation by method and path template', async () => {
    const before = stats.validated;
    const product = await call('POST', '/v1/products', { key, body: { name: 'Checked' } });
    expect(product.status).toBe(200);
    expect(stats.validated).toBe(before + 1);
    expect(findOperation('GET', `/v1/products/${product.body.id}`)?.op.operationId).toBe('retrieveProduct');
    expect(findOperation('POST', '/v1/webhook_endpoints/we_1/deliveries/whd_1/retry')?.op.operationId).toBe('retryWebhookDelivery');
    expect(findOperation('PUT', '/v1/products')).toBeUndefined();
    expect(responseViolations('GET', `/v1/products/${product.body.id}`, answer(200, product.body))?.violations).toEqual([]);
  });

  it('fails a body off its schema, naming the operation, the status and what ajv found', () => {
    const pi = { id: 'pi_1', object: 'payment_intent', amount: '5000' }; // a string amount, and most fields missing
    const r = responseViolations('GET', '/v1/payment_intents/pi_1', answer(200, pi));
    expect(r?.operation).toBe('retrievePaymentIntent (GET /v1/payment_intents/{id})');
    expect(r?.violations.join('\n')).toMatch(/body: .*\/amount must be integer/);
    expect(r?.violations.join('\n')).toMatch(/must have required property 'currency'/);
    expect(() => checkResponse('GET', '/v1/payment_intents/pi_1', answer(200, pi))).toThrow(
      /OpenAPI: the 200 answer of retrievePaymentIntent .* does not match the document/,
    );
    // A nextAction of a made-up type, an error code nobody documented, an event whose object is another's.
    const intent = {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 5000,
      amountReceived: 0,
      amountRefunded: 0,
      currency: 'XOF',
      status: 'pending',
      rail: 'mobile_money_a',
      reference: null,
      description: null,
      metadata: {},
      lastPaymentError: null,
      canceledAt: null,
      livemode: false,
      createdAt: 1,
      latestQuote: null,
      railAccountId: null,
    };
    expect(responseViolations('GET', '/v1/payment_intents/pi_1', answer(200, { ...intent, nextAction: null }))?.violations).toEqual([]);
    expect(
      responseViolations(
        'GET',
        '/v1/payment_intents/pi_1',
        answer(200, { ...intent, nextAction: { type: 'card_redirect', url: 'x', expiresAt: null, quote: null } }),
      )?.violations,
    ).not.toEqual([]);
    expect(
      responseViolations(
        'GET',
        '/v1/products',
        answer(400, { error: { type: 'invalid_request_error', code: 'made_up', message: 'x', param: null, requestId: 'req_1' } }),
      )?.violations,
    ).not.toEqual([]);
    const event = { id: 'evt_1', object: 'event', type: 'product.created', data: { object: intent }, livemode: false, createdAt: 1 };
    expect(responseViolations('GET', '/v1/events/evt_1', answer(200, event))?.violations).not.toEqual([]);
  });

  it('fails an undocumented status, a missing required header, a wrong content type', () => {
    const error = { error: { type: 'invalid_request_error', code: 'unexpected_state', message: 'x', param: null, requestId: 'req_1' } };
    // GET /v1/products has no 409.
    expect(responseViolations('GET', '/v1/products', answer(409, error))?.violations).toEqual([expect.stringMatching(/status 409 is not documented/)]);
    // Request-Id on every answer; Retry-After on every 429.
    const noRequestId = {
      status: 404,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: JSON.stringify({ error: { ...error.error, code: 'resource_missing' } }),
    };
    expect(responseViolations('GET', '/v1/products/prod_1', noRequestId)?.violations).toEqual(['header Request-Id is required but absent']);
    const limited = { error: { type: 'rate_limit_error', code: 'rate_limited', message: 'x', param: null, requestId: 'req_1' } };
    expect(responseViolations('GET', '/v1/products', answer(429, limited))?.violations).toEqual(['header Retry-After is required but absent']);
    expect(responseViolations('GET', '/v1/products', answer(429, limited, { 'retry-after': '2' }))?.violations).toEqual([]);
    expect(responseViolations('GET', '/v1/products', answer(429, limited, { 'retry-after': 'soon' }))?.violations).toEqual([
      expect.stringMatching(/^header Retry-After: "soon" .*must be integer/),
    ]);
    expect(responseViolations('GET', '/v1/products', { ...answer(200, {}), headers: headers({ 'content-type': 'text/html' }) })?.violations).toEqual([
      expect.stringMatching(/content type "text\/html" is not documented/),
    ]);
  });

  it('skips, and counts, requests the document has no operation for and those a test exempts', async () => {
    expect(responseViolations('GET', '/v1/nothing_here', answer(404, {}))).toBeUndefined();
    const before = { ...stats };
    const unknown = await call('GET', '/v1/nothing_here', { key });
    expect(unknown.status).toBe(404);
    expect(stats.skipped).toBe(before.skipped + 1);
    // The escape hatch, for a request outside the protocol on purpose, is counted too.
    await call('GET', '/v1/products', { key, skipOpenApiCheck: 'this test checks the counter of the escape hatch' });
    expect(stats.skippedByOption).toBe(before.skippedByOption + 1);
    expect(stats.validated).toBe(before.validated);
  });
});
