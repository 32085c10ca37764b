import { expect, test } from '@playwright/test';
import { decode as decodeBolt11 } from 'light-bolt11-decoder';
import { amountRe, decodeQr, expectAccessible, intentSession, priceSession, watchCsp } from './checkout-helpers';
import { api } from './fixtures';
import { expectPaidOnce } from './money';

test('[CHECKOUT]: Lightning: the QR is the invoice, the invoice decodes to the amount, test-mode pay, success', async ({ page, request }) => {
  const csp = watchCsp(page);
  const { session } = await priceSession(request, { name: 'Café touba', description: '250 g' }, { currency: 'BTC', unitAmount: 12345 }, { locale: 'en' });
  await page.goto(session.url);
  await expect(page.getByText(amountRe('0.00012345 BTC (12,345 sats)'))).toBeVisible();
  await page.getByRole('button', { name: /Bitcoin Lightning/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay with a Lightning wallet' })).toBeVisible();
  const invoice = await page.getByLabel('Lightning invoice', { exact: true }).inputValue();
  expect(invoice).toMatch(/^lntb/);
  expect(await decodeQr(page.getByRole('img', { name: 'QR code of the Lightning invoice' }))).toBe(`LIGHTNING:${invoice.toUpperCase()}`);
  const decoded = decodeBolt11(invoice);
  const amount = decoded.sections.find((s: any) => s.name === 'amount') as any;
  expect(amount.value).toBe(String(12345 * 1000)); // millisatoshis
  expect(decoded.expiry).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute('href', `lightning:${invoice}`);
  await expect(page.getByText(/This invoice expires in \d+:\d\d/)).toBeVisible();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: /Copied/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 10_000 });
  const cs = await api(request, 'GET', `/v1/checkout_sessions/${session.id}`);
  const pi = await api(request, 'GET', `/v1/payment_intents/${cs.paymentIntentId}`);
  expect(pi.rail).toBe('btc_lightning');
  // The settled invoice stays settled while the worker keeps running: paid once.
  expect(await expectPaidOnce(request, { intentId: cs.paymentIntentId, sessionId: session.id, paid: 12345 })).toEqual([
    'payment_intent.created',
    'payment_intent.pending',
    'payment_intent.succeeded',
  ]);
  expect(csp).toEqual([]);
});

test('[CHECKOUT]: on-chain Bitcoin: BIP21 QR, address and amount, payment seen, confirming, success', async ({ page, request }) => {
  const { intent, session } = await intentSession(request, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain', description: 'Montre' }, { locale: 'fr' });
  await page.goto(session.url);
  await expect(page.getByText(amountRe('0,0005 BTC (50 000 sats)'))).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bitcoin.*sélectionné/ })).toBeVisible();
  await page.getByRole('button', { name: 'Afficher les détails du paiement' }).click();
  await expect(page.getByRole('heading', { name: 'Envoyez des bitcoins à cette adresse' })).toBeVisible();
  const address = await page.getByLabel('Adresse', { exact: true }).inputValue();
  expect(address).toMatch(/^tb1q/);
  await expect(page.getByLabel('Montant exact (BTC)')).toHaveValue('0.0005');
  const uri = (await page.locator('#btc-uri').textContent())!;
  expect(uri).toBe(`bitcoin:${address}?amount=0.0005`);
  expect(await decodeQr(page.getByRole('img', { name: 'QR code de la demande de paiement Bitcoin' }))).toBe(uri);
  await expect(page.getByRole('link', { name: 'Ouvrir dans le portefeuille' })).toHaveAttribute('href', uri);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Simuler le paiement', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/Paiement détecté/);
  await expect(page.getByText(/Confirmations 0 \/ 1/)).toBeVisible();
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).status).toBe('pending');
  await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 20_000 });
  // The confirmation came from the worker polling the simulated chain; more blocks on the same
  // transaction must not count it again.
  expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 50_000 })).toEqual([
    'payment_intent.created',
    'payment_intent.pending',
    'payment_intent.succeeded',
  ]);
});

test('[CHECKOUT]: USDT TRC20: address QR, exact amount, TRON-only warning, an underpayment, then the rest', async ({ page, request }) => {
  const { intent, session } = await intentSession(request, { amount: 12_500_000, currency: 'USDT', rail: 'usdt_trc20', reference: 'FAC-7' }, { locale: 'fr' });
  await page.goto(session.url);
  await expect(page.getByText('FAC-7')).toBeVisible();
  await expect(page.getByText(amountRe('12,50 USDT')).first()).toBeVisible();
  await page.getByRole('button', { name: 'Afficher les détails du paiement' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'Envoyez uniquement' })).toContainText('Envoyez uniquement des USDT sur le réseau TRON (TRC20)');
  // Test mode names its network: TRON's Nile test network.
  await expect(page.getByTestId('usdt-test-network')).toContainText('Nile');
  const address = await page.getByLabel('Adresse (TRC20)').inputValue();
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  expect(await decodeQr(page.getByRole('img', { name: 'QR code de l’adresse TRON' }))).toBe(address);
  await expect(page.getByLabel('Montant exact (USDT)')).toHaveValue('12.5');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Simuler un paiement partiel' }).click();
  await expect(page.getByText(/Paiement détecté/)).toBeVisible({ timeout: 10_000 });
  // After the partial transfer solidifies, the rest is due at the same address.
  await expect(page.getByLabel('Montant exact (USDT)')).toHaveValue('6.25', { timeout: 15_000 });
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).amountReceived).toBe(6_250_000);
  await page.getByRole('button', { name: 'Simuler le paiement', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 15_000 });
  // Two transfers to one address: 6.25 + 6.25, each counted once. The intent went back to
  // requires_payment_method after the part payment, so it went pending twice.
  expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 12_500_000 })).toEqual([
    'payment_intent.created',
    'payment_intent.partially_paid',
    'payment_intent.pending',
    'payment_intent.pending',
    'payment_intent.succeeded',
  ]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('[CHECKOUT]: every crypto rail shows its instructions without JavaScript', async ({ page, request }) => {
    const { session } = await priceSession(request, { name: 'Livre' }, { currency: 'BTC', unitAmount: 20_000 }, { locale: 'en' });
    await page.goto(session.url);
    await page.getByRole('button', { name: /Bitcoin Lightning/ }).click();
    const invoice = await page.getByLabel('Lightning invoice', { exact: true }).inputValue();
    expect(await decodeQr(page.getByRole('img', { name: 'QR code of the Lightning invoice' }))).toBe(`LIGHTNING:${invoice.toUpperCase()}`);
    await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(0); // the field is selectable; no dead button
    await page.getByRole('button', { name: /^Bitcoin\b.*Bitcoin network/ }).click(); // switch rail: a plain form post
    const address = await page.getByLabel('Address', { exact: true }).inputValue();
    expect(await decodeQr(page.getByRole('img', { name: 'QR code of the Bitcoin payment request' }))).toBe(`bitcoin:${address}?amount=0.0002`);

    const usdt = await intentSession(request, { amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' }, { locale: 'en' });
    await page.goto(usdt.session.url);
    await page.getByRole('button', { name: 'Show payment details' }).click();
    await expect(page.getByRole('note').filter({ hasText: 'Send only' })).toContainText('Send only USDT on the TRON network (TRC20)');
    await expect(page.getByTestId('usdt-test-network')).toContainText('Nile');
    expect(await decodeQr(page.getByRole('img', { name: 'QR code of the TRON address' }))).toBe(await page.getByLabel('Address (TRC20)').inputValue());
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 }); // the page refreshes itself
    await expectPaidOnce(request, { intentId: usdt.intent.id, sessionId: usdt.session.id, paid: 5_000_000 });
  });
});
