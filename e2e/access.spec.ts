// Access (issue 29) in Chromium at 360 px, in English, against the built server, the issue's "done
// when" as a shopkeeper would do it: the owner invites a cashier (`support`) by a one-time link;
// the cashier sets a password in her own browser, looks up a payment and asks for a refund, which
// waits for approval and is not sent; she sees no API keys (not in the navigation; the page is a
// 403), cannot approve, cannot change where the money lands (no rail account form; the audit log is
// refused too); the owner approves the refund on the payment's page, the worker sends it, and the
// owner reads every step in the audit log: the invitation, both sign-ins, the refund asked for and
// approved. Each step is checked against the API; the new pages are axe-clean and fit 360 px.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, fitsWidth } from './checkout-helpers';
import { acceptInvitation, englishContext, inviteByLink, user } from './dashboard-helpers';
import { api } from './fixtures';

const SHOTS = path.join(process.cwd(), 'test-results', 'access');
const run = Math.random().toString(36).slice(2, 8);

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await englishContext(browser)).newPage();
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('[ACCESS]: support asks for a refund that waits, sees no keys; the owner approves it and reads every step in the audit log', async ({
  browser,
  request,
}) => {
  // Two users, a refund sent by the worker, four pages checked by axe: longer than one page's budget.
  test.setTimeout(240_000);
  const pi = await api(request, 'POST', '/v1/payment_intents', { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
  await api(request, 'POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, {});
  await expect.poll(async () => (await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).status, { timeout: 30_000 }).toBe('succeeded');

  // The owner invites the cashier by a one-time link; she joins from her own browser.
  const owner = await signedIn(browser, user());
  await owner.goto('/dashboard/users');
  const cashier = { email: `caissiere-${run}@boutique-awa.test`, password: `mot de passe ${run}` };
  const link = await inviteByLink(owner, cashier.email, 'support', 'Support');
  const support = await (await englishContext(browser)).newPage();
  await acceptInvitation(support, link, cashier.password);

  // Support: no API keys in the navigation, and the page itself is refused.
  const nav = support.getByRole('navigation', { name: /Main|Dashboard|Navigation/i });
  await expect(nav.getByRole('link', { name: 'Payments' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const refused = await support.goto('/dashboard/keys');
  expect(refused?.status()).toBe(403);
  await expect(support.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(support.getByText('sk_test_')).toHaveCount(0);
  await expectAccessible(support);
  expect(await fitsWidth(support)).toBe(true);

  // Support asks for a refund: it waits, nothing is sent, and support cannot approve it.
  await support.goto(`/dashboard/payments/${pi.id}`);
  await support.getByLabel('Amount to refund (XOF)').fill('1000');
  await support.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(support.getByRole('status')).toHaveText(/waits for an owner’s or admin’s approval/);
  const [waiting] = (await api(request, 'GET', `/v1/refunds?paymentIntentId=${pi.id}`)).data;
  expect(waiting).toMatchObject({ status: 'pending_approval', amount: 1000 });
  await expect(support.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await support.waitForTimeout(3000);
  expect((await api(request, 'GET', `/v1/refunds/${waiting.id}`)).status).toBe('pending_approval');
  expect((await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).amountRefunded).toBe(0);

  // Nor can she change where the money lands: the payment methods page has no form for her.
  await support.goto('/dashboard/payment-methods');
  await expect(support.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await expect(support.getByText('Only an owner can connect, change or disable where the money lands.').first()).toBeVisible();
  await expect(support.getByRole('button', { name: /^(Connect|Save|Disable|Test the connection)/ })).toHaveCount(0);
  await expectAccessible(support);
  expect(await fitsWidth(support)).toBe(true);

  // The owner approves it on the payment's page; then the worker sends it.
  await owner.goto(`/dashboard/payments/${pi.id}`);
  await expect(owner.getByText('Awaiting approval').first()).toBeVisible();
  await expectAccessible(owner);
  expect(await fitsWidth(owner)).toBe(true);
  await owner.screenshot({ path: path.join(SHOTS, 'approval-360-en.png'), fullPage: true });
  await owner.getByRole('button', { name: /^Approve/ }).click();
  await expect(owner.getByRole('status')).toHaveText(/Refund approved/);
  await expect.poll(async () => (await api(request, 'GET', `/v1/refunds/${waiting.id}`)).status, { timeout: 60_000 }).toBe('succeeded');

  // The audit log: every step, newest first: the refund approved by the owner, asked for by the
  // cashier, the cashier's sign-in (joining signs her in), the invitation by the owner.
  await owner.goto('/dashboard/audit');
  await expect(owner.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const table = owner.getByRole('table');
  const rowOf = (action: string) => table.getByRole('row').filter({ hasText: action }).first();
  await expect(rowOf('refund.approved')).toContainText(user().email);
  await expect(rowOf('refund.created')).toContainText(cashier.email);
  await expect(rowOf('user.invited')).toContainText(user().email);
  await expect(rowOf('user.invited')).toContainText(cashier.email);
  const actions = (await table.getByRole('row').allInnerTexts()).map((r) => r.match(/\b(refund\.\w+|user\.\w+)/)?.[1]).filter(Boolean);
  const order = ['refund.approved', 'refund.created', 'user.invited'].map((a) => actions.indexOf(a));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expectAccessible(owner);
  expect(await fitsWidth(owner)).toBe(true);
  await owner.screenshot({ path: path.join(SHOTS, 'audit-360-en.png'), fullPage: true });
  // Filtered by action, and as CSV.
  await owner.getByLabel('Action').selectOption('refund.approved');
  await owner.getByRole('button', { name: 'Filter' }).click();
  await expect(owner.getByRole('table').getByText('refund.created')).toHaveCount(0);
  const csv = await owner.request.get('/dashboard/audit/export?action=refund.created');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(waiting.id);
  // The cashier cannot read it.
  expect((await support.goto('/dashboard/audit'))?.status()).toBe(403);
  expect((await support.request.get('/dashboard/audit/export')).status()).toBe(403);

  // The owner's keys page: a restricted key made, its secret shown once; axe-clean at 360 px.
  await owner.goto('/dashboard/keys');
  await owner.getByLabel('Key name').fill('Reports');
  await owner.getByLabel('payments.read').check();
  await owner.getByRole('button', { name: 'Create the restricted key' }).click();
  await expect(owner.getByLabel('Restricted key secret')).toHaveValue(/^rk_test_[0-9A-Za-z]{40,}$/);
  await expectAccessible(owner);
  expect(await fitsWidth(owner)).toBe(true);
  await owner.screenshot({ path: path.join(SHOTS, 'keys-360-en.png'), fullPage: true });
});

test('[ACCESS]: the Team and permissions guide and the audit event object page are axe-clean and fit 360 px', async ({ browser }) => {
  const page = await (await englishContext(browser)).newPage();
  for (const url of ['/docs/guides/team', '/docs/objects/audit-events']) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await expectAccessible(page);
    expect(await fitsWidth(page), url).toBe(true);
  }
  await expect(page.getByRole('heading', { name: 'Audit event object', level: 1 })).toBeVisible();
  await page.goto('/docs/guides/team');
  await expect(page.getByRole('cell', { name: 'refunds.approve', exact: true }).first()).toBeVisible();
});
