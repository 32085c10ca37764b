import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectAccessibleWithoutJs, fitsWidth, watchCsp } from './checkout-helpers';
import { englishContext, signIn, user } from './dashboard-helpers';
import { api, keys } from './fixtures';

const SHOTS = path.join(process.cwd(), 'test-results', 'dashboard');
const run = Math.random().toString(36).slice(2, 8);

/** A webhook receiver on loopback (test-mode endpoints may target it): answers 200 to everything. */
let receiver: http.Server;
let hookUrl: string;
test.beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
test.afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

test('[DASHBOARD]: sign-in and the payments list work without JavaScript; one message for a wrong password', async ({ browser, request }) => {
  const ref = `nojs-${run}`;
  const pi = await api(request, 'POST', '/v1/payment_intents', { amount: 1500, currency: 'XOF', rail: 'mobile_money_a', reference: ref });
  const ctx = await englishContext(browser, { javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in to the dashboard' })).toBeVisible();
  await page.getByLabel('Email address').fill(user().email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expectAccessibleWithoutJs(page, browser);
  // An unknown email reads the same.
  await page.getByLabel('Email address').fill(`nobody-${run}@example.test`);
  await page.getByLabel('Password').fill('whatever-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

  await page.getByLabel('Email address').fill(user().email);
  await page.getByLabel('Password').fill(user().password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const cookie = (await ctx.cookies()).find((c) => c.name === 'caisse_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });

  // The search box and the filters are a GET form.
  await page.getByRole('searchbox', { name: /Id \(pi_, cs_\) or reference/ }).fill(ref);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${ref}`));
  await expect(page.getByRole('link', { name: ref })).toBeVisible();
  await expectAccessibleWithoutJs(page, browser);
  await page.getByRole('link', { name: ref }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${pi.id}$`));
  await expect(page.getByRole('heading', { name: `Payment ${ref}` })).toBeVisible();
  expect((await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).reference).toBe(ref);
  await ctx.close();
});

test('[DASHBOARD]: test mode is marked on every page; the switch goes live and back', async ({ page, request }) => {
  const pi = await api(request, 'POST', '/v1/payment_intents', { amount: 2500, currency: 'XOF', rail: 'mobile_money_a', reference: `mode-${run}` });
  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await signIn(page);
  await expect(page.getByRole('note')).toHaveText(/Test mode/);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: path.join(SHOTS, 'payments-360-test-en.png'), fullPage: true });
  await page.goto(`/dashboard/payments/${pi.id}`);
  await expect(page.getByRole('note')).toHaveText(/Test mode/);

  await page.getByRole('button', { name: 'Switch to live' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Switch to test mode' })).toBeVisible();
  // The test payment is not there in live mode, and its page is a 404.
  await expect(page.getByRole('link', { name: `mode-${run}` })).toHaveCount(0);
  const res = await page.goto(`/dashboard/payments/${pi.id}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Switch to test mode' }).click();
  await expect(page.getByRole('note')).toHaveText(/Test mode/);
  await expect(page.getByRole('link', { name: `mode-${run}` })).toBeVisible();
  expect((await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).livemode).toBe(false);
});

test('[DASHBOARD]: find a payment by reference, see its timeline, resend a delivery, cancel it', async ({ page, request }) => {
  const ep = await api(request, 'POST', '/v1/webhook_endpoints', { url: hookUrl, enabledEvents: ['*'] });
  const ref = `order-${run}`;
  const pi = await api(request, 'POST', '/v1/payment_intents', {
    amount: 12_500,
    currency: 'XOF',
    rail: 'mobile_money_a',
    reference: ref,
    metadata: { table: '12' },
  });
  // The worker delivers the creation event to the receiver.
  let delivery: any;
  await expect
    .poll(
      async () => {
        const list = await api(request, 'GET', `/v1/webhook_endpoints/${ep.id}/deliveries?limit=100`);
        delivery = list.data.find((d: any) => d.eventType === 'payment_intent.created' && d.status === 'succeeded' && d.eventId);
        if (!delivery) return false;
        const ev = await api(request, 'GET', `/v1/events/${delivery.eventId}`);
        return ev.data.object.id === pi.id;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await signIn(page);
  await page.getByRole('searchbox').fill(ref);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: ref });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(/12,500\sF\sCFA/);
  await expect(row.getByText('Awaiting customer')).toBeVisible();
  await row.getByRole('link', { name: ref }).click();

  await expect(page.getByRole('heading', { name: `Payment ${ref}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  const created = page.getByRole('listitem').filter({ hasText: 'payment_intent.created' }).first();
  await expect(created.getByText('Delivered')).toBeVisible();
  await expect(created.getByText('Response: 200')).toBeVisible();
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'payment-detail-360-en.png'), fullPage: true });

  // Resend: one more attempt of the same delivery, marked manual.
  const before = (await api(request, 'GET', `/v1/webhook_endpoints/${ep.id}/deliveries/${delivery.id}`)).attemptCount;
  await created.getByRole('button', { name: /^Resend payment_intent\.created/ }).click();
  await expect(page.getByRole('status')).toHaveText('Event resent: Delivered.');
  const after = await api(request, 'GET', `/v1/webhook_endpoints/${ep.id}/deliveries/${delivery.id}`);
  expect(after.attemptCount).toBe(before + 1);
  expect(after.attempts.at(-1)).toMatchObject({ manual: true, responseStatus: 200 });

  // Cancel: allowed while the customer has not started paying.
  await page.getByRole('button', { name: 'Cancel this payment' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment canceled.');
  await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this payment' })).toHaveCount(0);
  expect((await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).status).toBe('canceled');
  await expect(page.getByText('payment_intent.canceled')).toBeVisible();
});

test('[DASHBOARD]: the CSV export of the filtered list escapes formulas', async ({ page, request }) => {
  const ref = `=HYPERLINK("http://evil.example","x${run}")`;
  const pi = await api(request, 'POST', '/v1/payment_intents', {
    amount: 900,
    currency: 'XOF',
    rail: 'mobile_money_b',
    reference: ref,
    description: 'Pagne, "wax"',
  });
  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await signIn(page);
  await page.getByRole('searchbox').fill(ref);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: ref })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^payments-test-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  // Dates in the merchant's time zone with its offset (the demo merchant's: Africa/Abidjan, +00:00).
  expect(lines[0]).toBe('id,createdAt,status,amount,amountReceived,currency,rail,reference,description');
  expect(lines.length).toBe(3);
  expect(lines[1]).toBe(
    `${pi.id},${new Date(pi.createdAt * 1000).toISOString().slice(0, 19)}+00:00,requires_payment_method,900,0,XOF,mobile_money_b,"'=HYPERLINK(""http://evil.example"",""x${run}"")","Pagne, ""wax"""`,
  );
  expect((await api(request, 'GET', `/v1/payment_intents?reference=${encodeURIComponent(ref)}`)).data.map((p: any) => p.id)).toEqual([pi.id]);
  // The unfiltered export has every payment of the list, in the list's order.
  const all = await page.request.get('/dashboard/payments/export');
  expect(all.status()).toBe(200);
  const rows = (await all.text()).trim().split('\r\n').slice(1);
  const list = await api(request, 'GET', '/v1/payment_intents?limit=100');
  if (!list.hasMore) expect(rows.map((r) => r.split(',')[0])).toEqual(list.data.map((p: any) => p.id));
});

test('[DASHBOARD]: French and English, readable at 360 px, axe-clean', async ({ page, request }) => {
  await api(request, 'POST', '/v1/payment_intents', {
    amount: 250_000,
    currency: 'XOF',
    rail: 'mobile_money_c',
    reference: `fr-${run}`,
    description: 'Réfrigérateur deux portes',
  });
  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await page.goto('/dashboard/sign-in');
  await expectAccessible(page);
  await page.screenshot({ path: path.join(SHOTS, 'sign-in-360-en.png'), fullPage: true });
  await signIn(page);
  await page.getByRole('button', { name: /Français/ }).click();
  await expect(page.getByRole('heading', { name: 'Paiements', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(/Mode test/);
  expect((await page.context().cookies()).find((c) => c.name === 'caisse_locale')?.value).toBe('fr');
  const row = page.getByRole('row').filter({ hasText: `fr-${run}` });
  await expect(row.getByRole('cell').nth(1)).toHaveText(/250\s000\sF\sCFA/);
  await expect(row.getByText('En attente du client')).toBeVisible();
  await page.getByText('Filtres').click();
  await expect(page.getByLabel('Statut')).toBeVisible();
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'payments-360-fr.png'), fullPage: true });
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: `Paiement fr-${run}` })).toBeVisible();
  await expect(page.getByText('Aucune tentative pour l’instant.')).toBeVisible();
  // The customer starts paying (a mobile-money push): the attempt shows with its rail, destination and state.
  const id = page.url().split('/').pop()!;
  const confirmed = await page.request.post(`/v1/payment_intents/${id}/confirm`, {
    headers: { authorization: `Bearer ${keys().test}`, 'content-type': 'application/json' },
    data: JSON.stringify({ rail: 'mobile_money_a', phone: '+2250700000001' }),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.reload();
  const attempts = page.getByRole('table', { name: 'Tentatives' });
  await expect(attempts.getByRole('row')).toHaveCount(2);
  await expect(attempts.getByRole('cell').first()).toHaveText('Mobile money A');
  await expect(attempts.getByRole('cell', { name: /\+?2250700000001/ })).toBeVisible();
  expect((await api(request, 'GET', `/v1/payment_intents/${id}`)).status).toBe('pending');
  await expect(page.getByRole('button', { name: 'Annuler ce paiement' })).toHaveCount(0);
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'payment-detail-360-fr.png'), fullPage: true });
  // Keyboard: the skip link comes first and lands on the content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: `Payment fr-${run}` })).toBeVisible();
});

test('[DASHBOARD]: after sign-out the old cookie is useless; sign out everywhere ends every session', async ({ browser, page }) => {
  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await signIn(page);
  const stolen = (await page.context().cookies()).find((c) => c.name === 'caisse_session')!;
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?signedOut=1$/);
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  expect((await page.context().cookies()).find((c) => c.name === 'caisse_session')).toBeUndefined();

  const thief = await englishContext(browser);
  await thief.addCookies([stolen]);
  const tp = await thief.newPage();
  await tp.goto('/dashboard');
  await expect(tp).toHaveURL(/\/dashboard\/sign-in$/);
  const csv = await tp.request.get('/dashboard/payments/export', { maxRedirects: 0 });
  expect(csv.status()).toBe(303);
  expect(csv.headers().location).toBe('/dashboard/sign-in');

  // Two devices; "sign out everywhere" on one ends the other.
  await signIn(page);
  const other = await englishContext(browser);
  const op = await other.newPage();
  await signIn(op);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('status')).toHaveText('All your sessions are closed.');
  await op.goto('/dashboard');
  await expect(op).toHaveURL(/\/dashboard\/sign-in$/);
  await thief.close();
  await other.close();
});

test('[DASHBOARD]: keyset pagination, Next and Previous, like the API', async ({ page, request }) => {
  for (let i = 0; i < 26; i++)
    await api(request, 'POST', '/v1/payment_intents', { amount: 100 + i, currency: 'XOF', rail: 'mobile_money_a', reference: `page-${run}-${i}` });
  const apiFirst = await api(request, 'GET', '/v1/payment_intents?limit=25');
  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  await signIn(page);
  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
  await expect(rows).toHaveCount(26);
  // Each row links to its payment (a row shows its reference, or its id when it has none).
  const shownIds = () => rows.locator('a[href^="/dashboard/payments/pi_"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('/').pop()!));
  // The page is the API's first page, in its order.
  const ids = await shownIds();
  expect(ids).toEqual(apiFirst.data.map((p: any) => p.id));
  await expect(page.getByRole('link', { name: /Previous/ })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`after=${apiFirst.data[24].id}`));
  const apiSecond = await api(request, 'GET', `/v1/payment_intents?limit=25&startingAfter=${apiFirst.data[24].id}`);
  // The URL changes before a client-side navigation has rendered the new page: poll the rows.
  await expect.poll(shownIds).toEqual(apiSecond.data.map((p: any) => p.id));
  await page.getByRole('link', { name: /Previous/ }).click();
  await expect(page).toHaveURL(new RegExp(`before=${apiSecond.data[0].id}`));
  await expect.poll(shownIds).toEqual(ids);
});

test('[DASHBOARD]: repeated failures for an account from one address wait longer each time, the wait shown, the e-mail kept out of the URL', async ({
  browser,
}) => {
  const ctx = await englishContext(browser);
  const page = await ctx.newPage();
  const email = `throttle-${run}@example.test`;
  await page.goto('/dashboard/sign-in');
  // Three free failures (lib/domain/action-limits.ts SIGN_IN_PAIR_FREE), then a wait.
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(`wrong-password-${i}`);
    // Each attempt's answer is awaited: the alert already says the same thing after the first, so
    // it alone would let the next click go while this one is still on its way.
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Sign in' }).click()]);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect email or password.');
    // The e-mail typed is shown again, but never in the URL (history, logs, Referer).
    await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    // The form action's transition ends with React resetting the form: typing before it ends loses
    // the password (the browser then refuses to submit an empty required field, and no POST goes).
    await page.waitForLoadState('networkidle');
  }
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('wrong-password-3');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Try again in \d+ s\.$/);
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
  // The flash is read once: a reload shows a clean form.
  await page.reload();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Email address')).toHaveValue('');
  await ctx.close();
});

test('[DASHBOARD]: security headers, no secret on the pages, no CSP violation', async ({ page, request }) => {
  const pi = await api(request, 'POST', '/v1/payment_intents', { amount: 700, currency: 'XOF', rail: 'mobile_money_a', reference: `hdr-${run}` });
  const csp = watchCsp(page);
  await page.context().addCookies([{ name: 'caisse_locale', value: 'en', url: test.info().project.use.baseURL! }]);
  const signInRes = await page.goto('/dashboard/sign-in');
  for (const res of [signInRes!]) {
    const h = res.headers();
    expect(h['content-security-policy']).toContain("form-action 'self'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).not.toContain('unsafe-inline');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['cache-control']).toContain('no-store');
    expect(h['referrer-policy']).toBe('no-referrer');
  }
  await signIn(page);
  for (const url of ['/dashboard', `/dashboard/payments/${pi.id}`]) {
    const res = await page.goto(url);
    expect(res!.headers()['content-security-policy']).toContain("form-action 'self'");
    const html = await res!.text();
    for (const secret of [keys().test, keys().live, 'sk_test_', 'sk_live_', 'whsec_', 'password_hash', 'token_hash', 'scrypt$'])
      expect(html).not.toContain(secret);
  }
  expect(csp).toEqual([]);
});
