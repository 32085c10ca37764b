// /docs, end to end in Chromium at 360 px: every page fits the screen, is axe-clean and light (its
// DOM elements and HTML bytes are printed and bounded); the navigation's links land on anchors
// that exist; every operation of the OpenAPI document has its section with a curl; and the curl
// shown for "Create a payment intent" is run as it is, by bash and curl, with the e2e merchant's
// test key: the example works.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './checkout-helpers';
import { api, keys } from './fixtures';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const GUIDES = ['authentication', 'errors', 'pagination', 'idempotency', 'test-mode', 'webhooks', 'quotes', 'payment-links', 'rail-accounts', 'team', 'sdk'];
/** Bounds for the heaviest page (the complaint: 1,475 DOM elements on one page). */
const MAX_ELEMENTS = 1000;
const MAX_HTML_BYTES = 150_000;

type Doc = { paths: Record<string, Record<string, { operationId: string; tags: string[] }>>; tags: { name: string }[] };
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function documentOps(request: import('@playwright/test').APIRequestContext) {
  const doc = (await (await request.get('/v1/openapi.json')).json()) as Doc;
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, o]) => ({ method: m.toUpperCase(), path, id: o.operationId, tag: slug(o.tags[0]!) })),
  );
  return { doc, ops, tags: [...new Set(ops.map((o) => o.tag))] };
}

async function measure(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(200);
  const bytes = (await res!.body()).byteLength;
  const { elements, width } = await page.evaluate(() => ({ elements: document.getElementsByTagName('*').length, width: document.documentElement.scrollWidth }));
  return { bytes, elements, width };
}

test('[DOCS]: the OpenAPI document is public and every documented operation is served', async ({ request }) => {
  const res = await request.get('/v1/openapi.json'); // no Authorization header
  expect(res.status()).toBe(200);
  const { doc, ops } = await documentOps(request);
  expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  const names = ops.map((o) => `${o.method} ${o.path}`);
  for (const op of [
    'POST /v1/payment_intents',
    'GET /v1/payment_intents/{id}',
    'POST /v1/payment_intents/{id}/confirm',
    'POST /v1/checkout_sessions',
    'POST /v1/checkout_sessions/{id}/expire',
    'GET /v1/events',
    'POST /v1/products',
    'POST /v1/prices',
  ])
    expect(names).toContain(op);
  // Each documented operation is served: the server does not answer it as an unknown URL. Path
  // parameters get an id that names nothing, and bodies are empty: nothing is created.
  for (const { method, path } of ops) {
    const r = await request.fetch(path.replace(/\{[^}]+\}/g, 'x_doesNotExist1'), {
      method,
      headers: { authorization: `Bearer ${keys().test}`, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
      data: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    const body = await r.text();
    expect(body, `${method} ${path} is served`).not.toContain('Unrecognized request URL');
    expect(r.status(), `${method} ${path} is served`).not.toBe(405);
  }
});

test('[DOCS]: every operation has its section, at its operationId, with a curl, its response and its errors', async ({ page, request }) => {
  const { ops, tags } = await documentOps(request);
  for (const tag of tags) {
    await page.goto(`/docs/api/${tag}`);
    for (const op of ops.filter((o) => o.tag === tag)) {
      const section = page.locator(`section#${op.id}`);
      await expect(section, op.id).toHaveCount(1);
      await expect(section.locator('p', { hasText: op.path }).first(), op.id).toContainText(`${op.method} ${op.path}`);
      const curl = section.locator('pre[aria-label^="curl"]');
      await expect(curl, op.id).toHaveCount(1);
      expect(await curl.innerText(), op.id).toMatch(/^curl .*\n\s+-H "Authorization: Bearer \$CAISSE_KEY"/);
      await expect(section.getByRole('heading', { level: 3, name: 'Errors' }), op.id).toBeVisible();
      await expect(section.locator('li', { hasText: 'invalid_api_key' }), op.id).toHaveCount(1);
      // A JSON example (a CSV file's example is its header and lines).
      await expect(section.locator('pre[aria-label^="Response example"]').first(), op.id).toContainText(/"|,/);
    }
    // No section for an operation the document does not have.
    const shown = await page.locator('section[id]').evaluateAll((s) => s.map((e) => e.id));
    expect(shown.sort(), tag).toEqual(
      ops
        .filter((o) => o.tag === tag)
        .map((o) => o.id)
        .sort(),
    );
  }
});

test('[DOCS]: the curl shown for "Create a payment intent" works as it is, with a test key', async ({ page, request }) => {
  await page.goto('/docs/api/payment-intents#createPaymentIntent');
  const command = await page.locator('#createPaymentIntent pre[aria-label^="curl"]').innerText();
  expect(command).toContain(`${test.info().project.use.baseURL}/v1/payment_intents`);
  const out = execFileSync('bash', ['-c', `${command} --silent --show-error`], {
    env: { ...process.env, BASH_ENV: undefined, CAISSE_KEY: keys().test },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const intent = JSON.parse(out);
  expect(intent).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', livemode: false });
  // The API's own view: that intent exists.
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).id).toBe(intent.id);
  // The Copy button (JavaScript on) copies the command as shown.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy curl: Create a payment intent' }).click();
  await expect(page.locator('#createPaymentIntent [role="status"]')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
});

test('[DOCS]: every page fits 360 px, is axe-clean and light; the navigation lands on anchors that exist', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { tags } = await documentOps(request);
  const pages = [
    '/docs',
    ...GUIDES.map((g) => `/docs/guides/${g}`),
    ...tags.map((t) => `/docs/api/${t}`),
    '/docs/objects',
    '/docs/objects/rail-accounts',
    '/docs/objects/refunds',
    '/docs/objects/balance',
    '/docs/objects/report-runs',
    '/docs/objects/reconciliations',
    '/docs/objects/webhooks',
    '/docs/objects/audit-events',
    '/docs/search?q=payment+intent',
  ];
  const report: string[] = [];
  let heaviest = { elements: 0, bytes: 0 };
  for (const url of pages) {
    const m = await measure(page, url);
    report.push(`${url.padEnd(36)} ${String(m.bytes).padStart(7)} B  ${String(m.elements).padStart(5)} elements`);
    console.log(`[DOCS] ${report.at(-1)}`);
    expect(m.width, `${url} is ${m.width} px wide at 360 px`).toBeLessThanOrEqual(360);
    expect(m.elements, url).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(m.bytes, url).toBeLessThanOrEqual(MAX_HTML_BYTES);
    heaviest = { elements: Math.max(heaviest.elements, m.elements), bytes: Math.max(heaviest.bytes, m.bytes) };
    await expect(page.getByRole('heading', { level: 1 }), url).toHaveCount(1);
    await expect(page.getByRole('main'), url).toHaveCount(1);
    await expectAccessible(page);
  }
  test.info().annotations.push({ type: 'docs-sizes', description: report.join('; ') });

  // The navigation: every link of the sidebar resolves, to a page and an element with its anchor.
  await page.goto('/docs');
  const links = await page
    .getByRole('navigation', { name: 'Documentation' })
    .locator('a')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThan(30);
  const byPage = new Map<string, string[]>();
  for (const href of links) {
    const u = new URL(href);
    if (!u.pathname.startsWith('/docs')) continue;
    byPage.set(u.pathname, [...(byPage.get(u.pathname) ?? []), ...(u.hash ? [decodeURIComponent(u.hash.slice(1))] : [])]);
  }
  for (const [path, anchors] of byPage) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    for (const a of anchors) await expect(page.locator(`[id="${a}"]`), `${path}#${a}`).toHaveCount(1);
  }
  // And the links inside the pages that point at anchors (type links to objects, the guides' links).
  for (const url of [
    '/docs/api/payment-intents',
    '/docs/api/rail-accounts',
    '/docs/objects',
    '/docs/objects/rail-accounts',
    '/docs/objects/refunds',
    '/docs/objects/balance',
    '/docs/objects/report-runs',
    '/docs/objects/reconciliations',
    '/docs/objects/webhooks',
    '/docs/objects/audit-events',
    '/docs/guides/webhooks',
    '/docs/guides/rail-accounts',
    '/docs/guides/team',
  ]) {
    await page.goto(url);
    const hrefs = await page.locator('main a[href*="#"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of new Set(hrefs)) {
      const u = new URL(href);
      if (!u.pathname.startsWith('/docs')) continue;
      const res = await request.get(u.pathname + u.search);
      expect(res.status(), href).toBe(200);
      expect(await res.text(), href).toContain(`id="${decodeURIComponent(u.hash.slice(1))}"`);
    }
  }
});

test('[DOCS]: the navigation is a disclosure on a phone and works without JavaScript; search answers on the server', async ({ browser }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  try {
    const page = await ctx.newPage();
    await page.goto('/docs');
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    const link = nav.getByRole('link', { name: 'Webhooks', exact: true });
    await expect(link).toBeHidden();
    await nav.getByText('Contents').click();
    await expect(link).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the open menu fits 360 px').toBeLessThanOrEqual(360);
    await link.click();
    await expect(page).toHaveURL(/\/docs\/guides\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.locator('main')).toContainText("from 'standardwebhooks'");

    await page.getByRole('searchbox', { name: 'Search the documentation' }).fill('confirm');
    await page.getByRole('search', { name: 'Search the documentation' }).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/docs\/search\?q=confirm$/);
    await page.getByRole('link', { name: /Confirm a payment intent/ }).click();
    await expect(page).toHaveURL(/\/docs\/api\/payment-intents#confirmPaymentIntent$/);
    await expect(page.locator('#confirmPaymentIntent')).toBeInViewport();
    const res = await page.goto('/docs/api/no-such-tag');
    expect(res?.status()).toBe(404);
  } finally {
    await ctx.close();
  }
});

test('[DOCS]: the test numbers and error codes guides show the tables the code defines', async ({ page }) => {
  await page.goto('/docs/guides/test-mode');
  const numbers = page.getByRole('table', { name: 'Test numbers' });
  for (const [digits, outcome] of [
    ['0000', 'succeeds'],
    ['1111', 'payment_declined'],
    ['2222', 'timeout'],
    ['3333', 'insufficient_funds'],
    ['4444', 'resend'],
  ] as const)
    await expect(numbers.getByRole('row').filter({ hasText: digits }), digits).toContainText(outcome);
  await expect(page.getByRole('table', { name: 'Example numbers' })).toContainText('+2250554120000');
  await page.goto('/docs/guides/errors');
  for (const code of ['rail_unavailable', 'idempotency_key_reused', 'invalid_api_key', 'phone_rate_limited'])
    await expect(page.getByRole('table', { name: 'Error codes', exact: true }).getByRole('cell', { name: code, exact: true }), code).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'lastPaymentError codes' })).toContainText('session_expired');
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
