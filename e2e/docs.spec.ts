import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, keys } from './fixtures';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

test('[DOCS]: the API reference lists every endpoint and the OpenAPI document is public', async ({ page, request }) => {
  const res = await request.get('/v1/openapi.json'); // no Authorization header
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toBe('3.1.0');
  const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`),
  );
  // The endpoints these specs drive must be in the document (an empty document lists nothing).
  for (const op of ['POST /v1/payment_intents', 'GET /v1/payment_intents/{id}', 'POST /v1/payment_intents/{id}/confirm', 'POST /v1/checkout_sessions', 'POST /v1/checkout_sessions/{id}/expire', 'GET /v1/events', 'POST /v1/products', 'POST /v1/prices'])
    expect(ops).toContain(op);
  // Each documented operation is served: the server does not answer it as an unknown URL. Path
  // parameters get an id that names nothing, and bodies are empty: nothing is created.
  for (const op of ops) {
    const [method, path] = op.split(' ') as [string, string];
    const r = await request.fetch(path.replace(/\{[^}]+\}/g, 'x_doesNotExist1'), {
      method,
      headers: { authorization: `Bearer ${keys().test}`, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
      data: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    const body = await r.text();
    expect(body, `${op} is served`).not.toContain('Unrecognized request URL');
    expect(r.status(), `${op} is served`).not.toBe(405);
  }

  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Caisse API reference' })).toBeVisible();
  // One heading per operation, named exactly "METHOD /path", and no heading for an operation the
  // document does not have.
  for (const op of ops) await expect(page.getByRole('heading', { level: 2, name: op, exact: true }), op).toBeVisible();
  const shown = (await page.getByRole('heading', { level: 2 }).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => /^[A-Z]+ \//.test(t));
  expect(shown.sort()).toEqual([...ops].sort());
});

test('[API]: a merchant creates a product, a price, an intent and a session over HTTP', async ({ request }) => {
  const product = await api(request, 'POST', '/v1/products', { name: 'Sac' });
  const price = await api(request, 'POST', '/v1/prices', { productId: product.id, currency: 'XOF', unitAmount: 15000 });
  expect(price.productId).toBe(product.id);
  expect(price.unitAmount).toBe(15000);
  const reference = `docs-${randomUUID()}`; // this spec's own intent, whatever other specs made
  const intent = await api(request, 'POST', '/v1/payment_intents', { amount: 15000, currency: 'XOF', rail: 'mobile_money_a', reference });
  expect(intent.status).toBe('requires_payment_method');
  const session = await api(request, 'POST', '/v1/checkout_sessions', { paymentIntentId: intent.id });
  expect(session.url).toBe(new URL(`/checkout/${session.id}`, test.info().project.use.baseURL).href);
  expect(session.paymentIntentId).toBe(intent.id);
  expect(session.status).toBe('open');

  // Listed by its own reference: exactly this intent.
  const byRef = await api(request, 'GET', `/v1/payment_intents?reference=${encodeURIComponent(reference)}`);
  expect(byRef.data.map((pi: any) => pi.id)).toEqual([intent.id]);
  expect(byRef.hasMore).toBe(false);
  // And found by paging the whole list (newest first, small pages), however many intents exist.
  let after: string | undefined;
  let found: any;
  for (let n = 0; n < 1000 && !found; n++) {
    const page = await api(request, 'GET', `/v1/payment_intents?limit=5${after ? `&startingAfter=${after}` : ''}`);
    found = page.data.find((pi: any) => pi.id === intent.id);
    if (!page.hasMore) break;
    after = page.data.at(-1).id;
  }
  expect(found, 'the intent is in the paged list').toBeDefined();
  expect(found.reference).toBe(reference);
  expect(found.amount).toBe(15000);
});
