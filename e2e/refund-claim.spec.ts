// The payer's refund claim page (app/checkout/refund/[token]) in Chromium at 360 px, against the
// e2e server (its in-process worker pays and confirms claimed refunds on the simulators): a
// test-mode payment made and refunded through the API, then the claim link opened as the payer
// opens it. Without JavaScript in French (the refusal beside the field, the value kept; claimed,
// then paid), with JavaScript in English (Lightning, the copy button), the 404, the headers.
import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { encodeInvoice } from '../lib/rails/lightning/bolt11';
import { amountRe, expectAccessible, expectAccessibleWithoutJs, fitsWidth, watchCsp } from './checkout-helpers';
import { api } from './fixtures';

/** A test-mode payment, paid (and confirmed on the simulated chain), then refunded: the refund, waiting for the payer's claim. */
async function claimRefund(request: APIRequestContext, intent: Record<string, unknown>, amount?: number) {
  const pi = await api(request, 'POST', '/v1/payment_intents', intent);
  await api(request, 'POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, {});
  await expect
    .poll(async () => (await api(request, 'GET', `/v1/payment_intents/${pi.id}`)).amountReceived, { timeout: 30_000, message: 'the payment is confirmed' })
    .toBeGreaterThan(0);
  const refund = await api(request, 'POST', '/v1/refunds', { paymentIntentId: pi.id, ...(amount ? { amount } : {}) });
  expect(refund.nextAction?.type).toBe('refund_claim');
  return { intentId: pi.id as string, refund, url: new URL(refund.nextAction.claimUrl as string).pathname };
}

/** Reload until the refund reads as sent (the worker confirms it a few seconds after paying it). */
async function waitPaid(page: Page, heading: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

const MAINNET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
// BIP 173's P2WPKH test vector on testnet.
const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

/** A signed testnet invoice for `sats`, valid a day. */
const invoice = (sats: number) =>
  encodeInvoice(
    {
      network: 'tb',
      amountSats: sats,
      timestamp: Math.floor(Date.now() / 1000),
      paymentHash: sha256(randomBytes(32)),
      paymentSecret: randomBytes(32),
      description: 'e2e refund',
      expiry: 24 * 3600,
    },
    secp256k1.utils.randomSecretKey(),
  );

test.describe('without JavaScript, in French', () => {
  test.use({ javaScriptEnabled: false, locale: 'fr-CI' });

  test('[REFUND]: on-chain: a wrong-network address refused in French, a testnet address claimed, then paid', async ({ page, request, browser }) => {
    const csp = watchCsp(page);
    const { intentId, refund, url } = await claimRefund(request, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const res = await page.goto(url);
    expect(res!.status()).toBe(200);
    // The checkout's headers (proxy.ts): a nonce CSP, no framing, no referrer, no cache.
    const h = res!.headers();
    expect(h['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy']).toContain("form-action 'self'");
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['cache-control']).toContain('no-store');
    expect(h['x-robots-tag']).toContain('noindex');

    await expect(page).toHaveTitle('Remboursement de Boutique Awa · Caisse');
    await expect(page.getByRole('heading', { level: 1, name: 'Remboursement de Boutique Awa' })).toBeVisible();
    await expect(page.getByTestId('test-banner')).toContainText('TEST');
    await expect(page.getByTestId('claim-amount')).toHaveText(amountRe('0,0005 BTC (50 000 sats)'));
    await expect(page.getByText(/^À réclamer avant le \d{1,2} \S+ \d{4} à \d\d:\d\d UTC\.$/)).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleWithoutJs(page, browser);

    const field = page.getByLabel('Votre adresse Bitcoin');
    await field.fill(MAINNET_ADDRESS);
    await page.getByRole('button', { name: 'Recevoir mon remboursement' }).click();
    await expect(page.getByRole('alert')).toHaveText('Cette adresse est sur un autre réseau : il faut une adresse qui commence par tb1.');
    await expect(field).toHaveValue(MAINNET_ADDRESS);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', 'destination-error destination-hint');
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleWithoutJs(page, browser);
    expect((await api(request, 'GET', `/v1/refunds/${refund.id}`)).nextAction.type, 'a refused claim changes nothing').toBe('refund_claim');

    await field.fill(TESTNET_ADDRESS);
    await page.getByRole('button', { name: 'Recevoir mon remboursement' }).click();
    const claimed = page.getByRole('heading', { name: 'Bien reçu : Boutique Awa vous l’envoie' });
    const paid = page.getByRole('heading', { name: 'Remboursement envoyé' });
    await expect(claimed.or(paid)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('claim-destination')).toHaveText(`${TESTNET_ADDRESS.slice(0, 12)}…${TESTNET_ADDRESS.slice(-8)}`);
    if (await claimed.isVisible()) {
      await expect(page.getByText('Le montant apparaîtra dans votre portefeuille', { exact: false })).toBeVisible();
      await expectAccessibleWithoutJs(page, browser);
      await page.getByRole('link', { name: 'Actualiser la page' }).click();
    }
    await waitPaid(page, 'Remboursement envoyé');
    await expect(page.getByText(amountRe('0,0005 BTC (50 000 sats) a été envoyé'))).toBeVisible();
    // The destination in full, one tap away (<details>), selectable; no Copy button without JavaScript.
    await page.getByText('Afficher en entier').click();
    await expect(page.getByLabel('Destination complète')).toHaveValue(TESTNET_ADDRESS);
    await expect(page.getByRole('button', { name: 'Copier' })).toHaveCount(0);
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleWithoutJs(page, browser);

    expect(await api(request, 'GET', `/v1/refunds/${refund.id}`)).toMatchObject({ status: 'succeeded', nextAction: null });
    expect((await api(request, 'GET', `/v1/payment_intents/${intentId}`)).amountRefunded).toBe(50_000);
    expect(csp).toEqual([]);
  });

  test('[REFUND]: a closed claim says so, and takes no destination', async ({ page, request }) => {
    const { refund, url } = await claimRefund(request, { amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    await api(request, 'POST', `/v1/refunds/${refund.id}/cancel`, {});
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Ce remboursement ne peut plus être réclamé' })).toBeVisible();
    await expect(page.getByText('Contactez Boutique Awa si vous attendez toujours ce remboursement.')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });
});

test('[REFUND]: an unknown claim link is a real 404, in the payer’s language, naming nothing', async ({ page, browser }) => {
  // With JavaScript: Next.js 16 draws a notFound() page's boundary on the client only (the 404's
  // HTML body is empty; vercel/next.js#98295), as for the checkout's own 404 (checkout-pages.spec.ts).
  const res = await page.goto(`/checkout/refund/${'x'.repeat(32)}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Refund link not found' })).toBeVisible();
  await expectAccessible(page);
  const ctx = await browser.newContext({ locale: 'fr-CI', baseURL: test.info().project.use.baseURL });
  const fr = await ctx.newPage();
  expect((await fr.goto('/checkout/refund/short'))!.status()).toBe(404);
  await expect(fr.getByRole('heading', { name: 'Lien de remboursement introuvable' })).toBeVisible();
  await ctx.close();
});

test('[REFUND]: Lightning with JavaScript, in English: a wrong amount refused, the invoice claimed, its Copy button', async ({ page, request }) => {
  const csp = watchCsp(page);
  const { refund, url } = await claimRefund(request, { amount: 30_000, currency: 'BTC', rail: 'btc_lightning' }, 21_000);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund from Boutique Awa' })).toBeVisible();
  await expect(page.getByTestId('claim-amount')).toHaveText(amountRe('0.00021 BTC (21,000 sats)'));
  await expectAccessible(page);
  const field = page.getByLabel('Lightning invoice for exactly 21,000 sats');
  const wrong = invoice(20_000);
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Send my refund' }).click();
  // (Next's route announcer is an alert too, once JavaScript navigates: the field's own is named.)
  await expect(page.locator('#destination-error')).toHaveText('This invoice is not for exactly 21,000 sats. Make a new invoice for exactly 21,000 sats.');
  await expect(field).toHaveValue(wrong);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  const good = invoice(21_000);
  await field.fill(good);
  await page.getByRole('button', { name: 'Send my refund' }).click();
  await expect(page.getByRole('heading', { name: /^(Received: Boutique Awa sends it|Refund sent)$/ })).toBeVisible();
  await page.getByText('Show it in full').click();
  await expect(page.getByLabel('Full destination')).toHaveValue(good);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: /Copied/ })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await expectAccessible(page);
  await waitPaid(page, 'Refund sent');
  expect((await api(request, 'GET', `/v1/refunds/${refund.id}`)).status).toBe('succeeded');
  expect(csp).toEqual([]);
});
