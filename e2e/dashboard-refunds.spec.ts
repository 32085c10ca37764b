// The dashboard's refunds in Chromium at 360 px, in French, against the built server and its
// in-process worker: the shopkeeper refunds 1 000 XOF of a paid test payment from its page, sees
// the refund in the payment's timeline and, once the simulated operator said yes, in the refunds
// list (filtered) and its CSV; the same form without JavaScript; a Lightning refund's claim link as
// a QR code that decodes. Each step is checked against the API too.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { decodeQr, expectAccessible, expectAccessibleWithoutJs, fitsWidth, watchCsp } from './checkout-helpers';
import { signIn } from './dashboard-helpers';
import { api } from './fixtures';

const SHOTS = path.join(process.cwd(), 'test-results', 'dashboard');
const run = Math.random().toString(36).slice(2, 8);

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** A French browser at 360 px (the dashboard's language cookie set), with or without JavaScript. */
async function frenchPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const ctx = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'fr-FR', javaScriptEnabled });
  await ctx.addCookies([{ name: 'caisse_locale', value: 'fr', url: baseURL }]);
  return ctx.newPage();
}

/** A test payment the simulator has paid (through the API's test helper). */
async function paidPayment(request: Parameters<typeof api>[0], body: Record<string, unknown>) {
  const pi = await api(request, 'POST', '/v1/payment_intents', body);
  await api(request, 'POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, {});
  await expect.poll(async () => (await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).status, { timeout: 30_000 }).toBe('succeeded');
  return pi as { id: string };
}

test('[DASHBOARD]: at 360 px the shopkeeper refunds 1 000 XOF of a paid payment, sees it in the timeline and the refunds list', async ({
  browser,
  request,
}) => {
  const ref = `remb-${run}`;
  const pi = await paidPayment(request, { amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: ref });
  const page = await frenchPage(browser);
  const csp = watchCsp(page);
  await signIn(page);
  await page.goto(`/dashboard/payments/${pi.id}`);
  await expect(page.getByRole('heading', { name: 'Remboursements', level: 2 })).toBeVisible();
  await expect(page.getByText(/Vous pouvez encore rembourser 5\s000\sF\sCFA\./)).toBeVisible();
  const amount = page.getByLabel('Montant à rembourser (XOF)');
  await expect(amount).toHaveValue('5000');
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'refund-form-360-fr.png'), fullPage: true });

  await amount.fill('1 000');
  await page.getByLabel('Motif').selectOption({ label: 'Demandé par le client' });
  await page.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/^Remboursement de 1\s000\sF\sCFA créé/);
  await expect(page.getByText(/Vous pouvez encore rembourser 4\s000\sF\sCFA\./)).toBeVisible();
  const refunds = (await api(request, 'GET', `/v1/refunds?paymentIntentId=${pi.id}`)).data;
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ amount: 1000, currency: 'XOF', reason: 'requested_by_customer', rail: 'mobile_money_a' });
  const refundId: string = refunds[0].id;
  const card = page.locator(`#refund-${refundId}`);
  await expect(card.getByRole('heading', { name: /Remboursement de 1\s000\sF\sCFA/ })).toBeVisible();
  // In the payment's timeline: the refund's events, linked to it.
  await expect(page.getByRole('link', { name: 'refund.created' })).toHaveAttribute('href', `#refund-${refundId}`);

  // The simulated operator answers in a few seconds; the worker records it.
  await expect.poll(async () => (await api(request, 'GET', `/v1/refunds/${refundId}`)).status, { timeout: 30_000 }).toBe('succeeded');
  await page.reload();
  await expect(card.getByText('Remboursé', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'refund.succeeded' })).toBeVisible();
  expect(await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).toMatchObject({ amountReceived: 5000, amountRefunded: 1000 });
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'refund-done-360-fr.png'), fullPage: true });

  // The refunds list, from the menu: filtered by status, the row links to its payment.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Remboursements' }).click();
  await expect(page).toHaveURL(/\/dashboard\/refunds$/);
  await expect(page.getByRole('heading', { name: 'Remboursements', level: 1 })).toBeVisible();
  await page.getByLabel('Statut').selectOption({ label: 'Remboursé' });
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/status=succeeded/);
  const row = page.getByRole('row').filter({ hasText: refundId });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(/1\s000\sF\sCFA/)).toBeVisible();
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'refunds-360-fr.png'), fullPage: true });
  const csv = await page.request.get('/dashboard/refunds/export?status=succeeded');
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n').find((l) => l.startsWith(`${refundId},`))).toContain(
    `,succeeded,1000,XOF,1000,XOF,,,requested_by_customer,${pi.id},`,
  );
  await row.getByRole('link', { name: ref }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${pi.id}#refund-${refundId}$`));
  expect(csp).toEqual([]);
  await page.context().close();
});

test('[DASHBOARD]: the refund form works without JavaScript; a bad amount is refused in French', async ({ browser, request }) => {
  const pi = await paidPayment(request, { amount: 2500, currency: 'XOF', rail: 'mobile_money_a', reference: `nojs-remb-${run}` });
  const page = await frenchPage(browser, false);
  await signIn(page);
  await page.goto(`/dashboard/payments/${pi.id}`);
  await page.getByLabel('Montant à rembourser (XOF)').fill('12,5');
  await page.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Trop de décimales : les montants en XOF n’en ont pas.');
  await expect(page.getByLabel('Montant à rembourser (XOF)')).toHaveValue('12,5');
  expect((await api(request, 'GET', `/v1/refunds?paymentIntentId=${pi.id}`)).data).toEqual([]);
  await expectAccessibleWithoutJs(page, browser);
  await page.getByLabel('Montant à rembourser (XOF)').fill('2 500');
  await page.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/^Remboursement de 2\s500\sF\sCFA créé/);
  await expect(page.getByText('Tout l’argent reçu est remboursé ou en cours de remboursement.')).toBeVisible();
  expect((await api(request, 'GET', `/v1/refunds?paymentIntentId=${pi.id}`)).data.map((r: { amount: number }) => r.amount)).toEqual([2500]);
  await page.context().close();
});

test('[DASHBOARD]: a Lightning refund: the claim link to copy, as a QR code that decodes, and to share on WhatsApp', async ({ browser, request }) => {
  const pi = await paidPayment(request, { amount: 50_000, currency: 'BTC', rail: 'btc_lightning', reference: `ln-remb-${run}` });
  const page = await frenchPage(browser);
  await signIn(page);
  await page.goto(`/dashboard/payments/${pi.id}`);
  await page.getByLabel('Montant à rembourser (BTC)').fill('0,0002');
  await page.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/envoyez au client le lien ci-dessous/);
  const [refund] = (await api(request, 'GET', `/v1/refunds?paymentIntentId=${pi.id}`)).data;
  expect(refund).toMatchObject({ amount: 20_000, status: 'requires_action' });
  const url: string = refund.nextAction.claimUrl;
  await expect(page.getByLabel('Lien de remboursement', { exact: true })).toHaveValue(url);
  expect(await decodeQr(page.getByRole('img', { name: `QR code du lien de remboursement : ${url}` }))).toBe(url);
  const wa = await page.getByRole('link', { name: 'Envoyer par WhatsApp' }).getAttribute('href');
  expect(new URL(wa!).searchParams.get('text')).toContain(url);
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'refund-claim-360-fr.png'), fullPage: true });
  await page.getByRole('button', { name: /^Annuler le remboursement de 0,0002/ }).click();
  await expect(page.getByRole('status')).toHaveText('Remboursement annulé.');
  expect((await api(request, 'GET', `/v1/refunds/${refund.id}`)).status).toBe('canceled');
  await page.context().close();
});
