import { expect, test } from '@playwright/test';
import { api } from './fixtures';

test('[DOCS]: the API reference lists every endpoint and the OpenAPI document is public', async ({ page, request }) => {
  const doc = await (await request.get('/v1/openapi.json')).json();
  expect(doc.openapi).toBe('3.1.0');
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Caisse API reference' })).toBeVisible();
  for (const path of Object.keys(doc.paths)) await expect(page.getByRole('heading', { name: new RegExp(path.replace(/[{}]/g, '.')) }).first()).toBeVisible();
});

test('[API]: a merchant creates a product, a price, an intent and a session over HTTP', async ({ request }) => {
  const product = await api(request, 'POST', '/v1/products', { name: 'Sac' });
  const price = await api(request, 'POST', '/v1/prices', { productId: product.id, currency: 'XOF', unitAmount: 15000 });
  const intent = await api(request, 'POST', '/v1/payment_intents', { amount: 15000, currency: 'XOF', rail: 'mobile_money_a' });
  const session = await api(request, 'POST', '/v1/checkout_sessions', { paymentIntentId: intent.id });
  expect(session.url).toBe(new URL(`/checkout/${session.id}`, test.info().project.use.baseURL).href);
  expect(price.productId).toBe(product.id);
  const list = await api(request, 'GET', '/v1/payment_intents?limit=1');
  expect(list.data[0].id).toBe(intent.id);
});
