import { expect, test } from '@playwright/test';
import { expectAccessible, intentSession, watchCsp } from './checkout-helpers';
import { api, keys } from './fixtures';

test('[CHECKOUT]: an unknown session is a real 404 page, in the buyer’s language', async ({ page, browser }) => {
  const res = await page.goto('/checkout/cs_doesNotExist123');
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Payment page not found' })).toBeVisible();
  await expectAccessible(page);
  const ctx = await browser.newContext({ locale: 'fr-CI', baseURL: test.info().project.use.baseURL });
  const frPage = await ctx.newPage();
  const fr = await frPage.goto('/checkout/cs_nope');
  expect(fr!.status()).toBe(404);
  await expect(frPage.getByRole('heading', { name: 'Page de paiement introuvable' })).toBeVisible();
  await ctx.close();
});

test('[CHECKOUT]: an expired session shows its own screen with the way back; a canceled one too', async ({ page, request, baseURL }) => {
  const { intent, session } = await intentSession(
    request,
    { amount: 800, currency: 'XOF', rail: 'mobile_money_a' },
    { cancelUrl: `${baseURL}/?back=1`, locale: 'fr' },
  );
  await api(request, 'POST', `/v1/checkout_sessions/${session.id}/expire`, {});
  await page.goto(session.url);
  await expect(page.getByRole('heading', { name: 'Ce lien de paiement a expiré' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Ce lien de paiement a expiré.');
  await expect(page.getByRole('link', { name: 'Revenir chez Boutique Awa' })).toHaveAttribute('href', `${baseURL}/?back=1`);
  await expect(page.getByRole('button', { name: /Simuler/ })).toHaveCount(0);
  await expectAccessible(page);
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).status).toBe('failed');

  const other = await intentSession(request, { amount: 900, currency: 'XOF', rail: 'mobile_money_a' }, { cancelUrl: `${baseURL}/?back=2`, locale: 'en' });
  await api(request, 'POST', `/v1/payment_intents/${other.intent.id}/cancel`, {});
  await page.goto(other.session.url);
  await expect(page.getByRole('heading', { name: 'This payment was canceled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Boutique Awa' })).toHaveAttribute('href', `${baseURL}/?back=2`);
  await expect(page.getByRole('button', { name: /Simulate/ })).toHaveCount(0);
  expect((await api(request, 'GET', `/v1/checkout_sessions/${other.session.id}`)).status).toBe('expired');
});

test('[CHECKOUT]: security headers, no secrets on the page, no CSP violation', async ({ page, request }) => {
  const csp = watchCsp(page);
  const { session } = await intentSession(request, { amount: 5000, currency: 'XOF', rail: 'mobile_money_a', metadata: { internal: 'secret-note-42' } });
  const res = await page.goto(session.url);
  const h = res!.headers();
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(h['content-security-policy']).not.toContain('unsafe-inline');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-robots-tag']).toContain('noindex');
  expect(h['cache-control']).toContain('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const html = await res!.text();
  for (const secret of [keys().test, keys().live, 'sk_test_', 'sk_live_', 'key_hash', 'secret-note-42', 'acct_']) expect(html).not.toContain(secret);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  expect(csp).toEqual([]);
});

test('[CHECKOUT]: usable at 360 px and at 200 % zoom without horizontal scrolling', async ({ page, request }) => {
  const { session } = await intentSession(request, {
    amount: 5_000_000,
    currency: 'XOF',
    rail: 'mobile_money_c',
    description: 'Réfrigérateur deux portes, garantie deux ans, livraison comprise à Abidjan',
  });
  await page.goto(session.url);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fits()).toBe(true);
  await page.setViewportSize({ width: 180, height: 370 }); // 360 px at 200 % zoom
  expect(await fits()).toBe(true);
  await page
    .getByLabel(/Moov Money/)
    .first()
    .scrollIntoViewIfNeeded();
  await expect(page.getByLabel(/Moov Money/).first()).toBeVisible();
  // The widest instructions: a Lightning invoice with its QR code and copy field.
  const ln = await intentSession(request, { amount: 2100, currency: 'BTC', rail: 'btc_lightning' }, { locale: 'en' });
  await page.goto(ln.session.url);
  await page.getByRole('button', { name: 'Show payment details' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the Lightning invoice' })).toBeVisible();
  expect(await fits()).toBe(true);
});

test('[CHECKOUT]: the benchmark’s empty page is not served in production (404 without BENCH_PAGES=1)', async ({ request }) => {
  const r = await request.get('/bench-empty');
  expect(r.status()).toBe(404);
  expect(await r.text()).not.toContain('Empty page');
});
