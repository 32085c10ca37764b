// The dashboard's books (issue 28) in Chromium at 360 px, in French, against the built server and
// its in-process worker: the shopkeeper sees her balances after a paid test payment, asks for
// yesterday's report and downloads it, checks today against the operators and reads the result;
// the same pages without JavaScript, axe-clean. Each step checked against the API too.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectAccessibleWithoutJs, fitsWidth, watchCsp } from './checkout-helpers';
import { signIn } from './dashboard-helpers';
import { api } from './fixtures';

const SHOTS = path.join(process.cwd(), 'test-results', 'dashboard');
const run = Math.random().toString(36).slice(2, 8);

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function frenchPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const ctx = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'fr-FR', javaScriptEnabled });
  await ctx.addCookies([{ name: 'caisse_locale', value: 'fr', url: baseURL }]);
  return ctx.newPage();
}

test('[DASHBOARD]: at 360 px the shopkeeper reads her balances and checks the day against the operators', async ({ browser, request }) => {
  const pi = await api(request, 'POST', '/v1/payment_intents', { amount: 3500, currency: 'XOF', rail: 'mobile_money_a', reference: `books-${run}` });
  await api(request, 'POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, {});
  await expect.poll(async () => (await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).status, { timeout: 30_000 }).toBe('succeeded');
  const balance = await api(request, 'GET', '/v1/balance');
  const mm = balance.accounts.find((a: { rail: string; railAccountId: string | null }) => a.rail === 'mobile_money_a' && a.railAccountId === null);
  expect(mm.received).toBeGreaterThanOrEqual(3500);

  const page = await frenchPage(browser);
  const csp = watchCsp(page);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Soldes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/balances$/);
  await expect(page.getByRole('heading', { name: 'Soldes', level: 1 })).toBeVisible();
  const net = new Intl.NumberFormat('fr-FR').format(mm.net);
  const row = page.getByRole('row').filter({ hasText: 'Simulateur (test)' }).filter({ hasText: 'Mobile money A' });
  await expect(row.first()).toContainText(net.replace(/\s/g, '\u202f'));
  await expect(page.getByRole('combobox', { name: 'Fuseau horaire' })).toHaveValue('Africa/Abidjan');
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'balances-360-fr.png'), fullPage: true });

  // Today's report of every movement, asked from the reports page, downloaded: the API's bytes.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Rapports' }).click();
  await expect(page.getByRole('heading', { name: 'Rapports', level: 1 })).toBeVisible();
  const day = new Date().toISOString().slice(0, 10);
  await page.getByRole('combobox', { name: 'Rapport' }).selectOption({ label: 'Tous les mouvements' });
  await page.getByRole('textbox', { name: 'Du' }).fill(day);
  await page.getByRole('textbox', { name: 'Au' }).fill(day);
  await page.getByRole('button', { name: 'Préparer le rapport' }).click();
  await expect(page.getByRole('status')).toHaveText(/Rapport demandé/);
  await expect.poll(async () => (await api(request, 'GET', '/v1/report_runs?limit=1')).data[0]?.status, { timeout: 30_000 }).toBe('succeeded');
  const [report] = (await api(request, 'GET', '/v1/report_runs?limit=1')).data;
  await page.reload();
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'reports-360-fr.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await page
    .getByRole('link', { name: /Télécharger \(CSV\)/ })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`report-balance_transactions-${day}-${day}-${report.id}.csv`);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text).toContain(`,payment,${pi.id},${pi.id},mobile_money_a,,false,3500,XOF,3500,XOF,`);

  // A check of today, asked from the checks page; the worker answers within seconds.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Vérifications' }).click();
  await expect(page.getByRole('heading', { name: 'Vérification avec les opérateurs', level: 1 })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Du' }).fill(today);
  await page.getByRole('textbox', { name: 'Au' }).fill(today);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByRole('status')).toHaveText(/Vérification demandée/);
  await expect.poll(async () => (await api(request, 'GET', '/v1/reconciliations?limit=1')).data[0]?.status, { timeout: 60_000 }).not.toBe('pending');
  const [recon] = (await api(request, 'GET', '/v1/reconciliations?limit=1')).data;
  expect(recon).toMatchObject({ status: 'succeeded', from: today, to: today });
  await page.reload();
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, 'checks-360-fr.png'), fullPage: true });
  await page.getByRole('row').filter({ hasText: today }).first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reconciliations/${recon.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Vérification du ${today}`);
  await expectAccessible(page);
  expect(await fitsWidth(page)).toBe(true);
  expect(csp).toEqual([]);
  await page.context().close();
});

test('[DASHBOARD]: the books pages without JavaScript: the time zone saved and put back, axe-clean', async ({ browser, request }) => {
  const page = await frenchPage(browser, false);
  await signIn(page);
  await page.goto('/dashboard/balances');
  await page.getByRole('combobox', { name: 'Fuseau horaire' }).selectOption('Africa/Douala');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Fuseau horaire enregistré : Africa/Douala.');
  expect(await api(request, 'GET', '/v1/account')).toMatchObject({ timeZone: 'Africa/Douala' });
  await expectAccessibleWithoutJs(page, browser);
  await page.getByRole('combobox', { name: 'Fuseau horaire' }).selectOption('Africa/Abidjan');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Fuseau horaire enregistré : Africa/Abidjan.');
  expect(await api(request, 'GET', '/v1/account')).toMatchObject({ timeZone: 'Africa/Abidjan' });
  await page.goto('/dashboard/reconciliations');
  await expectAccessibleWithoutJs(page, browser);
  await page.context().close();
});
