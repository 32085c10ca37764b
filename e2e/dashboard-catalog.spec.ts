// The dashboard's catalog pages, end to end: products, prices, payment links (URL, QR code, a buyer
// paying the link in another browser), webhook endpoints (the secret shown once), API keys (roll:
// the old key gets 401 at once), users (invite: a one-time link shown once, opened in another browser), at 360 px, axe-clean.
//
// These tests roll a merchant's API keys, so they must not use the merchant every other spec shares
// (e2e/serve.sh): they run their own server (the same build, dist/server.mjs) on E2E_PORT + 1 with
// two fresh merchants and a user each, made with the operator's CLI before it starts: on the
// embedded database its own data folder (only one process may open one), on PostgreSQL the same
// database as the main server (DATABASE_URL). After every step the API (with the merchant's own
// key) says what the database holds.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { amountRe, decodeQr, fitsWidth } from './checkout-helpers';
import { acceptInvitation, axe, axeWithoutJs, inviteByLink } from './dashboard-helpers';

// A free port, chosen when the server starts (another run may hold E2E_PORT + 1).
let PORT = 0;
let BASE = '';
/** An absolute URL on the catalog server. */
const at = (p: string) => `${BASE}${p}`;
const DIR = path.join(process.cwd(), '.data-e2e', 'catalog');

interface Account {
  merchantId: string;
  keys: { test: string; live: string };
  email: string;
  password: string;
}

const env = () => ({ ...process.env, DATA_DIR: path.join(DIR, 'db'), BASE_URL: BASE, LOG_LEVEL: 'warn' });
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
const cli = (...args: string[]) => JSON.parse(execFileSync('npx', ['tsx', 'scripts/caisse.ts', ...args], { env: env(), encoding: 'utf8' }));

function account(name: string, email: string): Account {
  const m = cli('merchants', 'create', '--name', name);
  const u = cli('users', 'create', '--merchant', m.merchant.id, '--email', email);
  return { merchantId: m.merchant.id, keys: m.keys, email: u.user.email, password: u.password };
}

let server: ChildProcess | null = null;
let awa: Account;
let other: Account;
const run = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  PORT = await freePort();
  BASE = `http://127.0.0.1:${PORT}`;
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  awa = account('Boutique Awa Catalog', `awa-${run}@shop.example`);
  other = account('Other shop', `other-${run}@shop.example`);
  server = spawn('node', ['dist/server.mjs'], {
    env: { ...env(), PORT: String(PORT), HOSTNAME: '127.0.0.1', BTC_CONFIRMATIONS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/v1/openapi.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the catalog server did not start');
});

test.afterAll(async () => {
  if (server?.pid) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
});

/** The API of the catalog server with a key: what the database holds. */
async function v1<T = any>(key: string, pathAndQuery: string, status = 200): Promise<T> {
  const res = await fetch(`${BASE}${pathAndQuery}`, { headers: { authorization: `Bearer ${key}` } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

async function signIn(page: Page, who: Account): Promise<void> {
  await page.goto(at('/dashboard/sign-in'));
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** 360 px without horizontal scrolling, axe-clean; with `browser`, also without JavaScript. */
async function checks(page: Page, browser?: Browser): Promise<void> {
  await page.waitForLoadState('load');
  expect(await fitsWidth(page), `${page.url()} fits 360 px`).toBe(true);
  await axe(page);
  if (browser) await axeWithoutJs(page, browser);
}

test('[DASHBOARD]: a product, a price in BTC typed in major units, a payment link with its QR code; a buyer pays it in another browser; the payment is listed as succeeded', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, awa);

  // A product.
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await checks(page, browser);
  await page.getByLabel('Name').fill('Café touba');
  await page.getByLabel('Description (optional)').fill('250 g, roasted in Dakar');
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Café touba' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Product “Café touba” created.');
  const products = await v1(awa.keys.test, '/v1/products');
  expect(products.data).toHaveLength(1);
  expect(products.data[0]).toMatchObject({ name: 'Café touba', description: '250 g, roasted in Dakar', active: true, livemode: false });
  const productId = products.data[0].id as string;

  // A price: too many decimals is refused (never rounded), then 0.00012345 BTC is 12345 sats exactly.
  await page.getByLabel('Currency').selectOption('BTC');
  await page.getByLabel('Amount').fill('0.000123456');
  await page.getByRole('button', { name: 'Add the price' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'BTC takes at most 8 digit(s) after the decimal point.' })).toBeVisible();
  expect((await v1(awa.keys.test, `/v1/prices?productId=${productId}`)).data).toHaveLength(0);
  await page.getByLabel('Currency').selectOption('BTC');
  await page.getByLabel('Amount').fill('0.00012345');
  await page.getByRole('button', { name: 'Add the price' }).click();
  await expect(page.getByRole('status')).toHaveText('Price added.');
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/product.png', fullPage: true });
  await expect(page.getByRole('cell', { name: amountRe('0.00012345 BTC (12,345 sats)') }).first()).toBeVisible();
  const prices = await v1(awa.keys.test, `/v1/prices?productId=${productId}`);
  expect(prices.data).toHaveLength(1);
  expect(prices.data[0]).toMatchObject({ currency: 'BTC', unitAmount: 12345, active: true });
  const priceId = prices.data[0].id as string;
  await checks(page);

  // A payment link from that price.
  await page.getByRole('link', { name: 'Make a payment link' }).click();
  await expect(page.getByLabel('Price to sell')).toHaveValue(priceId);
  await checks(page, browser);
  await page.getByRole('button', { name: 'Create the link' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment link created.');
  const links = await v1(awa.keys.test, '/v1/payment_links');
  expect(links.data).toHaveLength(1);
  expect(links.data[0]).toMatchObject({ priceId, active: true });
  const link = links.data[0] as { id: string; url: string };
  await expect(page).toHaveURL(`${BASE}/dashboard/links/${link.id}`);
  await expect(page.getByLabel('Link address')).toHaveValue(link.url);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: /Copied/ })).toBeVisible();
  expect(await decodeQr(page.getByRole('img', { name: `QR code of the payment link ${link.url}` }))).toBe(link.url);
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/link.png', fullPage: true });
  const download = page.getByRole('link', { name: 'Download the QR code (SVG) to print' });
  const svg = await page.request.get(at((await download.getAttribute('href'))!));
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await svg.text()).toMatch(/^<svg/);
  await checks(page, browser);

  // A buyer opens the link in a fresh browser (no dashboard cookie) and pays it in test mode.
  const buyer = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const b = await buyer.newPage();
    await b.goto(link.url);
    await expect(b.getByText(amountRe('0.00012345 BTC (12,345 sats)'))).toBeVisible();
    await b.getByRole('button', { name: /Bitcoin Lightning/ }).click();
    await b.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(b.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 });
    // The QR's download is the dashboard's, not the buyer's.
    expect((await b.request.get(at(`/dashboard/links/${link.id}/qr.svg`), { maxRedirects: 0 })).status()).toBe(303);
  } finally {
    await buyer.close();
  }
  const sessions = await v1(awa.keys.test, '/v1/checkout_sessions?limit=10');
  const paid = sessions.data.find((s: any) => s.paymentLinkId === link.id);
  expect(paid).toMatchObject({ status: 'complete' });
  const intent = await v1(awa.keys.test, `/v1/payment_intents/${paid.paymentIntentId}`);
  expect(intent).toMatchObject({ status: 'succeeded', amount: 12345, currency: 'BTC', amountReceived: 12345 });

  // Back in the dashboard: the payment, succeeded.
  await page.getByRole('navigation').getByRole('link', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: amountRe('0.00012345') });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(/succeeded/i)).toBeVisible();

  // Deactivate the link: the public URL answers 410.
  await page.goto(at(`/dashboard/links/${link.id}`));
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment link updated.');
  expect((await v1(awa.keys.test, `/v1/payment_links/${link.id}`)).active).toBe(false);
  expect((await fetch(link.url, { redirect: 'manual' })).status).toBe(410);
});

test('[DASHBOARD]: webhook secret shown once, keys rolled (the old key gets 401 at once), a user invited by a one-time link, in French too; sign out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, awa);

  // A webhook endpoint: its secret on the next page only.
  await page.goto(at('/dashboard/webhooks'));
  await checks(page, browser);
  await page.getByLabel('URL').fill('http://127.0.0.1:9/hooks');
  await page.getByRole('button', { name: 'Create the endpoint' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Endpoint' })).toBeVisible();
  const secret = await page.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/webhook-secret-once.png', fullPage: true });
  const endpoints = await v1(awa.keys.test, '/v1/webhook_endpoints');
  expect(endpoints.data).toHaveLength(1);
  expect(endpoints.data[0]).toMatchObject({ url: 'http://127.0.0.1:9/hooks', enabledEvents: ['*'], status: 'enabled' });
  expect(JSON.stringify(endpoints.data[0])).not.toContain(secret);
  await checks(page);
  await page.reload();
  await expect(page.getByLabel('Signing secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  // Disable, then enable again.
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status')).toHaveText('Endpoint updated.');
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  expect((await v1(awa.keys.test, `/v1/webhook_endpoints/${endpoints.data[0].id}`)).status).toBe('disabled');
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
  expect((await v1(awa.keys.test, `/v1/webhook_endpoints/${endpoints.data[0].id}`)).status).toBe('enabled');

  // API keys: prefixes only; roll behind a confirmation.
  await page.getByRole('navigation').getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText(`sk_test_…${awa.keys.test.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(`sk_live_…${awa.keys.live.slice(-4)}`)).toBeVisible();
  for (const k of [awa.keys.test, awa.keys.live]) expect(await page.content()).not.toContain(k);
  await checks(page, browser);
  await page.getByRole('link', { name: 'Roll keys' }).click();
  await expect(page.getByRole('heading', { name: 'Roll both keys?' })).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/keys-confirm.png', fullPage: true });
  await v1(awa.keys.test, '/v1/payment_intents'); // still works until confirmed
  await checks(page);
  await page.getByRole('button', { name: 'Yes, roll the keys now' }).click();
  const newTest = await page.getByLabel('New test secret key').inputValue();
  const newLive = await page.getByLabel('New live secret key').inputValue();
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/keys-rolled.png', fullPage: true });
  expect(newTest).toMatch(/^sk_test_/);
  expect(newLive).toMatch(/^sk_live_/);
  const refused = await fetch(`${BASE}/v1/payment_intents`, { headers: { authorization: `Bearer ${awa.keys.test}` } });
  expect(refused.status).toBe(401);
  expect((await fetch(`${BASE}/v1/payment_intents`, { headers: { authorization: `Bearer ${awa.keys.live}` } })).status).toBe(401);
  await v1(newTest, '/v1/payment_intents');
  awa.keys = { test: newTest, live: newLive };
  await page.reload();
  await expect(page.getByLabel('New test secret key')).toHaveCount(0);
  expect(await page.content()).not.toContain(newTest);
  await expect(page.getByText(`sk_test_…${newTest.slice(-4)}`)).toBeVisible();

  // Users: invite with a role (a one-time link, shown once); the invitee opens it, chooses a password, is signed in.
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await checks(page, browser);
  const invited = `ana-${run}@shop.example`;
  const link = await inviteByLink(page, invited, 'viewer', 'Viewer');
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/user-invited.png', fullPage: true });
  await expect(page.getByRole('cell', { name: invited, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Invitation link')).toHaveCount(0);
  expect(await page.content()).not.toContain(link.split('/').pop()!);
  expect(await page.content()).not.toMatch(/scrypt\$/);
  const password = `phrase de passe ${run}`;
  const ana = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const anaPage = await ana.newPage();
  await acceptInvitation(anaPage, link, password);
  await page.reload();
  // Oneself cannot be disabled; the invited user can.
  await expect(page.getByRole('button', { name: `Disable ${awa.email}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Disable ${invited}` }).click();
  await expect(page.getByRole('status')).toHaveText('User disabled: their sessions ended.');
  await expect(page.getByRole('row').filter({ hasText: invited }).getByText('Disabled')).toBeVisible();
  // (No API lists users: the database is checked by signing in.) The disabled user's session is
  // dead at once, and the password no longer signs in.
  await anaPage.goto(at('/dashboard/products'));
  await expect(anaPage).toHaveURL(/\/dashboard\/sign-in/);
  await ana.close();
  const gone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const p = await gone.newPage();
    await p.goto(at('/dashboard/sign-in'));
    await p.getByLabel('Email address').fill(invited);
    await p.getByLabel('Password').fill(password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    // Refused (the refusal is a one-time flash: nothing of it, nor the e-mail, in the URL).
    await expect(p.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
    await expect(p).toHaveURL(/\/dashboard\/sign-in$/);
  } finally {
    await gone.close();
  }

  // In French, at 360 px.
  await page.context().addCookies([{ name: 'caisse_locale', value: 'fr', url: BASE }]);
  for (const [url, title] of [
    ['/dashboard/products', 'Produits'],
    ['/dashboard/links', 'Liens de paiement'],
    ['/dashboard/webhooks', 'Webhooks'],
    ['/dashboard/keys', 'Clés d’API'],
    ['/dashboard/users', 'Utilisateurs'],
  ] as const) {
    await page.goto(at(url));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await checks(page);
    await page.screenshot({ path: `test-results/dashboard-catalog-360/fr${url.replaceAll('/', '-')}.png`, fullPage: true });
  }
  await page.context().clearCookies({ name: 'caisse_locale' });

  // Sign out: the pages are gone.
  await page.goto(at('/dashboard/products'));
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.goto(at('/dashboard/keys'));
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
});

test('[DASHBOARD]: another merchant’s product, price, link, endpoint and QR code are 404; a live object is invisible in test mode', async ({ page }) => {
  // Awa's objects, made through the API.
  const post = async (key: string, p: string, body: unknown) => {
    const r = await fetch(`${BASE}${p}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status).toBe(200);
    return r.json() as Promise<any>;
  };
  const prod = await post(awa.keys.test, '/v1/products', { name: 'Pagne wax' });
  const price = await post(awa.keys.test, '/v1/prices', { productId: prod.id, currency: 'XOF', unitAmount: 5000 });
  const link = await post(awa.keys.test, '/v1/payment_links', { priceId: price.id });
  const endpoint = (await v1(awa.keys.test, '/v1/webhook_endpoints')).data[0];
  const liveProd = await post(awa.keys.live, '/v1/products', { name: 'Live only' });

  await signIn(page, other);
  for (const p of [
    `/dashboard/products/${prod.id}`,
    `/dashboard/links/${link.id}`,
    `/dashboard/webhooks/${endpoint.id}`,
    `/dashboard/links/${link.id}/qr.svg`,
  ]) {
    const res = await page.goto(at(p));
    expect(res?.status(), p).toBe(404);
  }
  // An action naming Awa's product from Other's own form (the hidden id changed): 404, nothing changed.
  await page.goto(at('/dashboard/products'));
  await page.getByLabel('Name').fill('Other thing');
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Other thing' })).toBeVisible();
  await page.locator('form:has(input[name="back"][value="detail"]) input[name="productId"]').evaluate((el: HTMLInputElement, id) => (el.value = id), prod.id);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/dashboard/products/')),
    page.getByRole('button', { name: 'Deactivate' }).click(),
  ]);
  expect(answer.status()).toBe(404);
  expect((await v1(awa.keys.test, `/v1/products/${prod.id}`)).active).toBe(true);

  // Awa in test mode: her live product is a 404, and not in the list.
  await page.context().clearCookies();
  await signIn(page, awa);
  expect((await page.goto(at(`/dashboard/products/${liveProd.id}`)))?.status()).toBe(404);
  await page.goto(at('/dashboard/products'));
  await expect(page.getByRole('link', { name: 'Pagne wax' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Live only' })).toHaveCount(0);
  expect((await page.goto(at(`/dashboard/products/${prod.id}`)))?.status()).toBe(200);

  // The endpoint's deliveries (its URL refuses connections): status, response, resend.
  await page.goto(at(`/dashboard/webhooks/${endpoint.id}`));
  const deliveries = await v1(awa.keys.test, `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`);
  const created = deliveries.data.find((d: any) => d.eventType === 'product.created');
  expect(created).toBeTruthy();
  const item = page.getByRole('listitem').filter({ hasText: created.eventId });
  await expect(item).toHaveCount(1);
  await expect(item.getByText(/ECONNREFUSED|Failed|Pending/).first()).toBeVisible();
  await item.getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByRole('status')).toHaveText('Delivery resent.');
  const after = await v1(awa.keys.test, `/v1/webhook_endpoints/${endpoint.id}/deliveries/${created.id}`);
  expect(after.attemptCount).toBeGreaterThan(created.attemptCount);
  expect(after.attempts.some((a: any) => a.manual)).toBe(true);
  await checks(page);
  await page.screenshot({ path: 'test-results/dashboard-catalog-360/webhook-endpoint.png', fullPage: true });
});

test('[DASHBOARD]: without JavaScript: a product and a price, a link, a webhook secret shown once (reload: gone), in French', async ({ browser }) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
  try {
    const page = await ctx.newPage();
    await page.goto(at('/dashboard/sign-in'));
    await page.getByLabel('Adresse e-mail').fill(other.email);
    await page.getByLabel('Mot de passe').fill(other.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(at('/dashboard/products'));
    await page.getByLabel('Nom').fill('Bissap 1 L');
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bissap 1 L' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Produit « Bissap 1 L » créé.');
    const prod = (await v1(other.keys.test, '/v1/products')).data.find((p: any) => p.name === 'Bissap 1 L');
    expect(prod).toBeTruthy();

    // French amounts: "1 500" XOF is 1500; "1 500,5" is refused (XOF has no decimals).
    await page.getByLabel('Montant').fill('1 500,5');
    await page.getByRole('button', { name: 'Ajouter le prix' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'XOF n’a pas de décimales : écrivez un nombre entier.' })).toBeVisible();
    await page.getByLabel('Montant').fill('1 500');
    await page.getByRole('button', { name: 'Ajouter le prix' }).click();
    await expect(page.getByRole('status')).toHaveText('Prix ajouté.');
    const prices = (await v1(other.keys.test, `/v1/prices?productId=${prod.id}`)).data;
    expect(prices.map((p: any) => [p.currency, p.unitAmount])).toEqual([['XOF', 1500]]);

    await page.getByRole('link', { name: 'Créer un lien de paiement' }).click();
    await page.getByRole('button', { name: 'Créer le lien' }).click();
    await expect(page.getByRole('status')).toHaveText('Lien de paiement créé.');
    const link = (await v1(other.keys.test, '/v1/payment_links')).data[0];
    expect(link.priceId).toBe(prices[0].id);
    await expect(page.getByLabel('Adresse du lien')).toHaveValue(link.url);
    await expect(page.getByRole('button', { name: 'Copier' })).toHaveCount(0); // the Copy button needs JavaScript; the text is selectable
    await expect(page.getByRole('img', { name: `QR code du lien de paiement ${link.url}` })).toBeVisible();

    await page.goto(at('/dashboard/webhooks'));
    await page.getByLabel('URL').fill('http://127.0.0.1:9/nojs');
    await page.getByRole('button', { name: 'Créer le point de terminaison' }).click();
    const secret = await page.getByLabel('Secret de signature').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect((await v1(other.keys.test, '/v1/webhook_endpoints')).data.map((e: any) => e.url)).toEqual(['http://127.0.0.1:9/nojs']);
    await page.reload();
    await expect(page.getByLabel('Secret de signature')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
  } finally {
    await ctx.close();
  }
});
