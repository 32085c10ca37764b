// Paying a 5,000 F CFA session in USDT and over Lightning at a locked quote (issue 14; api-contract
// "Paying in another currency: quotes"). Test mode's fixed rates (lib/rates: 1 USDT = 600 F CFA,
// 1 BTC = 60,000,000 F CFA) make every number exact:
//   5,000 / 600       = 8.3333333... USDT -> 8.333334 USDT locked (rounded up), "≈ 8,34 USDT" on the choice
//   5,000 / 60,000,000 = 0.0000833333... BTC -> 8,334 sats locked (rounded up)
// The payer pays the quote; the intent records 5,000 F CFA received (the full quote is the full
// amount). After every step the API says what the database holds; each payment ends with the
// money check (e2e/money.ts). A quote running out is made to happen now by the page's test control
// ("Simulate rate expiry": the attempt's quote ends, the engine decides what that means).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { decode as decodeBolt11 } from 'light-bolt11-decoder';
import { amountRe, decodeQr, expectAccessible, expectAccessibleWithoutJs, fitsWidth, intentOfSession, priceSession, watchCsp } from './checkout-helpers';
import { api } from './fixtures';
import { eventsAbout, expectPaidOnce } from './money';

const USDT_QUOTE = { amount: 8_333_334, currency: 'USDT', rate: '600' };
const BTC_QUOTE = { amount: 8334, currency: 'BTC', rate: '60000000' };
/** QUOTE_TTL_SECONDS' default: a quote made now ends about this far ahead (never past the session). */
const TTL = 900;

const PAID_AT_ONCE_LN = ['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded'];

// Without JavaScript the waiting screens refresh themselves (<meta http-equiv="refresh">): axe's
// meta-refresh rule flags it, known and reported (see e2e/checkout-redirect.spec.ts).
const NO_JS_WAITING = { allow: ['meta-refresh'] };

const fiveThousand = (request: APIRequestContext, locale: 'fr' | 'en') =>
  priceSession(request, { name: 'Panier du marché', description: 'Légumes de saison' }, { currency: 'XOF', unitAmount: 5000 }, { locale });

/** The intent's open quote, as the API gives it, checked against what test mode's rates make. */
async function expectQuote(request: APIRequestContext, intentId: string, want: { amount: number; currency: string; rate: string }, rail: string): Promise<any> {
  const pi = await api(request, 'GET', `/v1/payment_intents/${intentId}`);
  expect(pi.rail, 'rail').toBe(rail);
  expect(pi.currency, 'the intent keeps its currency').toBe('XOF');
  expect(pi.amount, 'the intent keeps its amount').toBe(5000);
  expect(pi.nextAction, 'a payment is asked for').not.toBeNull();
  const q = pi.nextAction.quote;
  expect({ amount: q.amount, currency: q.currency, rate: q.rate }, 'nextAction.quote').toEqual(want);
  const now = Math.floor(Date.now() / 1000);
  expect(q.expiresAt, 'the quote lives QUOTE_TTL_SECONDS').toBeGreaterThan(now + TTL - 120);
  expect(q.expiresAt).toBeLessThanOrEqual(now + TTL + 5);
  return pi;
}

/** The rail buttons of the choice screen: the converting ones with their approximate amount, mobile money without. */
async function expectApproxOnChoice(page: Page, locale: 'fr' | 'en') {
  const usdt = page.getByRole('button', { name: /^USDT/ });
  const ln = page.getByRole('button', { name: /^Bitcoin Lightning/ });
  const btc = page.getByRole('button', { name: /^Bitcoin(?! Lightning)/ });
  if (locale === 'fr') {
    await expect(usdt).toContainText(amountRe('≈ 8,34 USDT'));
    await expect(ln).toContainText(amountRe('≈ 0,00008334 BTC (8 334 sats)'));
    await expect(btc).toContainText(amountRe('≈ 0,00008334 BTC (8 334 sats)'));
  } else {
    await expect(usdt).toContainText(amountRe('≈ 8.34 USDT'));
    await expect(ln).toContainText(amountRe('≈ 0.00008334 BTC (8,334 sats)'));
    await expect(btc).toContainText(amountRe('≈ 0.00008334 BTC (8,334 sats)'));
  }
  // Mobile money is in the session's own currency: no conversion, no "≈".
  const mtn = page.getByRole('button', { name: /^MTN MoMo/ });
  await expect(mtn).toBeVisible();
  await expect(mtn).not.toContainText('≈');
}

/** The quote as the page shows it (locked amount, rate in words, time left with its end, the explanation). */
async function expectQuoteBox(page: Page, want: { amount: string; rate: string; explain: string; until: RegExp; timeLeft: RegExp }) {
  const box = page.getByTestId('quote');
  await expect(box.getByRole('definition').filter({ hasText: amountRe(want.amount) })).toBeVisible();
  await expect(box.getByRole('definition').filter({ hasText: amountRe(want.rate) })).toBeVisible();
  await expect(box.locator('time')).toHaveText(want.timeLeft);
  await expect(box.getByText(want.until)).toBeVisible();
  await expect(box.getByText(amountRe(want.explain))).toBeVisible();
}

/**
 * Where a merchant reads the quote afterwards: the intent's `latestQuote` (what the latest
 * converting attempt locked and received, after the payment too), and the `payment_intent.pending`
 * event's object, whose nextAction carried the quote the money was seen under.
 */
async function expectQuoteRecorded(request: APIRequestContext, intentId: string, since: number, want: { amount: number; currency: string; rate: string }) {
  const pi = await api(request, 'GET', `/v1/payment_intents/${intentId}`);
  expect(pi.nextAction, 'nothing more to pay').toBeNull();
  expect(pi.latestQuote, 'latestQuote: the quote the payment was made at, and what it received').toMatchObject({ ...want, received: want.amount });
  const pending = await eventsAbout(request, intentId, since, 'payment_intent.pending');
  expect(pending.length, 'a pending event').toBeGreaterThan(0);
  const q = (pending.at(-1)!.data.object as any).nextAction?.quote;
  expect(q && { amount: q.amount, currency: q.currency, rate: q.rate }, 'the pending event carries the quote').toEqual(want);
}

test('[QUOTES]: USDT in French with JavaScript: ≈ amounts on the choice, the locked quote, pay, 5 000 F CFA received', async ({ page, request }) => {
  const csp = watchCsp(page);
  const { session } = await fiveThousand(request, 'fr');
  await page.goto(session.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Payer Boutique Awa' })).toBeVisible();
  await expect(page.getByText(amountRe('5 000 F CFA')).first()).toBeVisible();
  await expectApproxOnChoice(page, 'fr');
  expect(await fitsWidth(page)).toBe(true);
  await expectAccessible(page);

  await page.getByRole('button', { name: /^USDT/ }).click();
  await expect(page.getByRole('heading', { name: 'Envoyez des USDT sur le réseau TRON (TRC20)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^USDT.*sélectionné/ })).toBeVisible();
  await expectQuoteBox(page, {
    amount: '8,333334 USDT',
    rate: '1 USDT = 600 F CFA',
    timeLeft: /^1[45]:\d\d$/,
    until: /^\(jusqu’à \d\d:\d\d UTC\)$/,
    explain: 'Le prix reste de 5 000 F CFA ; le montant en USDT ci-dessus est bloqué jusque-là.',
  });
  // The amount to send, as a wallet takes it, is the quote's.
  await expect(page.getByLabel('Montant exact (USDT)')).toHaveValue('8.333334');
  const address = await page.getByLabel('Adresse (TRC20)').inputValue();
  expect(await decodeQr(page.getByRole('img', { name: 'QR code de l’adresse TRON' }))).toBe(address);
  const intentId = await intentOfSession(request, session.id);
  const pi = await expectQuote(request, intentId, USDT_QUOTE, 'usdt_trc20');
  expect(pi.nextAction.type).toBe('tron_address');
  expect(pi.nextAction.amount, 'the TRC20 amount is the quote').toBe('8.333334');
  expect(pi.nextAction.address).toBe(address);
  expect(await fitsWidth(page)).toBe(true);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Simuler le paiement', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(amountRe('Boutique Awa a bien reçu votre paiement de 5 000 F CFA.'))).toBeVisible();
  await expectAccessible(page);
  expect(csp).toEqual([]);
  // The full quote (8.333334 USDT) counts as the full 5,000 F CFA, once.
  const types = await expectPaidOnce(request, { intentId, sessionId: session.id, paid: 5000 });
  expect(types).toContain('payment_intent.succeeded');
  await expectQuoteRecorded(request, intentId, pi.createdAt, USDT_QUOTE);
});

test('[QUOTES]: Lightning in English with JavaScript: the invoice is the quote (8,334 sats), the rate in words, pay, success', async ({ page, request }) => {
  const csp = watchCsp(page);
  const { session } = await fiveThousand(request, 'en');
  await page.goto(session.url);
  await expect(page.getByText(amountRe('5,000 F CFA')).first()).toBeVisible();
  await expectApproxOnChoice(page, 'en');

  await page.getByRole('button', { name: /^Bitcoin Lightning/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay with a Lightning wallet' })).toBeVisible();
  await expectQuoteBox(page, {
    amount: '0.00008334 BTC (8,334 sats)',
    rate: '1 BTC = 60,000,000 F CFA',
    timeLeft: /^1[45]:\d\d$/,
    until: /^\(until \d\d:\d\d GMT\)$/,
    explain: 'The price stays 5,000 F CFA; the BTC amount above is locked until then.',
  });
  // The page's own invoice line ("a new one is made while the page is open") is not the quote's: gone.
  await expect(page.getByText(/This invoice expires in/)).toHaveCount(0);
  const invoice = await page.getByLabel('Lightning invoice', { exact: true }).inputValue();
  expect(await decodeQr(page.getByRole('img', { name: 'QR code of the Lightning invoice' }))).toBe(`LIGHTNING:${invoice.toUpperCase()}`);
  const decoded = decodeBolt11(invoice);
  const msat = decoded.sections.find((s: any) => s.name === 'amount') as any;
  expect(msat.value, 'the invoice is for the quote').toBe(String(8334 * 1000));
  const intentId = await intentOfSession(request, session.id);
  const pi = await expectQuote(request, intentId, BTC_QUOTE, 'btc_lightning');
  expect(pi.nextAction.type).toBe('lightning_invoice');
  expect(pi.nextAction.invoice).toBe(invoice);
  // A Lightning invoice expires with its quote.
  const ts = decoded.sections.find((s: any) => s.name === 'timestamp') as any;
  expect(Number(ts.value) + decoded.expiry, 'the invoice ends when the quote does').toBe(pi.nextAction.quote.expiresAt);
  expect(await fitsWidth(page)).toBe(true);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 });
  expect(csp).toEqual([]);
  expect(await expectPaidOnce(request, { intentId, sessionId: session.id, paid: 5000 })).toEqual(PAID_AT_ONCE_LN);
  await expectQuoteRecorded(request, intentId, pi.createdAt, BTC_QUOTE);
});

test('[QUOTES]: a quote runs out on Lightning: "This rate has expired", a new rate is a new invoice, then paid', async ({ page, request }) => {
  const csp = watchCsp(page);
  const { session } = await fiveThousand(request, 'en');
  await page.goto(session.url);
  await page.getByRole('button', { name: /^Bitcoin Lightning/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay with a Lightning wallet' })).toBeVisible();
  const firstInvoice = await page.getByLabel('Lightning invoice', { exact: true }).inputValue();
  const intentId = await intentOfSession(request, session.id);
  const first = await expectQuote(request, intentId, BTC_QUOTE, 'btc_lightning');

  await page.getByRole('button', { name: 'Simulate rate expiry' }).click();
  await expect(page.getByRole('heading', { name: 'This rate has expired' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('This rate has expired. Get a new rate to pay.');
  await expect(page.getByText(/The BTC amount was guaranteed until \d\d:\d\d GMT only\. Do not send the old amount: get a new rate first\./)).toBeVisible();
  // Nothing to pay until a new rate: no invoice, no test payment.
  await expect(page.getByLabel('Lightning invoice', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Simulate payment' })).toHaveCount(0);
  const expired = await api(request, 'GET', `/v1/payment_intents/${intentId}`);
  expect(expired.status).toBe('requires_payment_method');
  expect(expired.nextAction).toBeNull();
  expect(expired.lastPaymentError?.code).toBe('timeout');
  expect(expired.amountReceived).toBe(0);
  expect(await fitsWidth(page)).toBe(true);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Get a new rate' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with a Lightning wallet' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Waiting for your payment.');
  const secondInvoice = await page.getByLabel('Lightning invoice', { exact: true }).inputValue();
  expect(secondInvoice, 'a new attempt: a new invoice').not.toBe(firstInvoice);
  const second = await expectQuote(request, intentId, BTC_QUOTE, 'btc_lightning');
  expect(second.nextAction.quote.expiresAt, 'a new quote, from now').toBeGreaterThanOrEqual(first.nextAction.quote.expiresAt);
  expect(second.nextAction.invoice).toBe(secondInvoice);

  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 });
  expect(csp).toEqual([]);
  await expectPaidOnce(request, { intentId, sessionId: session.id, paid: 5000 });
  await expectQuoteRecorded(request, intentId, first.createdAt, BTC_QUOTE);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('[QUOTES]: USDT and Lightning without JavaScript: plain form posts, the quote with its end time, the page refreshes itself to success', async ({
    page,
    request,
    browser,
  }) => {
    const { session } = await fiveThousand(request, 'fr');
    await page.goto(session.url);
    await expectApproxOnChoice(page, 'fr');
    await expectAccessibleWithoutJs(page, browser);

    await page.getByRole('button', { name: /^USDT/ }).click(); // a plain form post
    await expect(page.getByRole('heading', { name: 'Envoyez des USDT sur le réseau TRON (TRC20)' })).toBeVisible();
    await expectQuoteBox(page, {
      amount: '8,333334 USDT',
      rate: '1 USDT = 600 F CFA',
      timeLeft: /^1[45]:\d\d$/,
      until: /^\(jusqu’à \d\d:\d\d UTC\)$/,
      explain: 'Le prix reste de 5 000 F CFA ; le montant en USDT ci-dessus est bloqué jusque-là.',
    });
    await expect(page.getByLabel('Montant exact (USDT)')).toHaveValue('8.333334');
    const intentId = await intentOfSession(request, session.id);
    const pi = await expectQuote(request, intentId, USDT_QUOTE, 'usdt_trc20');
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleWithoutJs(page, browser, NO_JS_WAITING);
    await page.getByRole('button', { name: 'Simuler le paiement', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 25_000 }); // the page refreshes itself
    await expectPaidOnce(request, { intentId, sessionId: session.id, paid: 5000 });
    await expectQuoteRecorded(request, intentId, pi.createdAt, USDT_QUOTE);

    const ln = await fiveThousand(request, 'en');
    await page.goto(ln.session.url);
    await page.getByRole('button', { name: /^Bitcoin Lightning/ }).click();
    await expect(page.getByRole('heading', { name: 'Pay with a Lightning wallet' })).toBeVisible();
    await expectQuoteBox(page, {
      amount: '0.00008334 BTC (8,334 sats)',
      rate: '1 BTC = 60,000,000 F CFA',
      timeLeft: /^1[45]:\d\d$/,
      until: /^\(until \d\d:\d\d GMT\)$/,
      explain: 'The price stays 5,000 F CFA; the BTC amount above is locked until then.',
    });
    const invoice = await page.getByLabel('Lightning invoice', { exact: true }).inputValue();
    expect(await decodeQr(page.getByRole('img', { name: 'QR code of the Lightning invoice' }))).toBe(`LIGHTNING:${invoice.toUpperCase()}`);
    await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(0);
    const lnIntent = await intentOfSession(request, ln.session.id);
    const lnPi = await expectQuote(request, lnIntent, BTC_QUOTE, 'btc_lightning');
    await page.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 25_000 });
    expect(await expectPaidOnce(request, { intentId: lnIntent, sessionId: ln.session.id, paid: 5000 })).toEqual(PAID_AT_ONCE_LN);
    await expectQuoteRecorded(request, lnIntent, lnPi.createdAt, BTC_QUOTE);
  });

  test('[QUOTES]: an expired USDT quote renewed without JavaScript: "Ce taux a expiré", "Obtenir un nouveau taux" (a form), then paid', async ({
    page,
    request,
    browser,
  }) => {
    const { session } = await fiveThousand(request, 'fr');
    await page.goto(session.url);
    await page.getByRole('button', { name: /^USDT/ }).click();
    await expect(page.getByRole('heading', { name: 'Envoyez des USDT sur le réseau TRON (TRC20)' })).toBeVisible();
    const intentId = await intentOfSession(request, session.id);
    const first = await expectQuote(request, intentId, USDT_QUOTE, 'usdt_trc20');

    await page.getByRole('button', { name: 'Simuler l’expiration du taux' }).click();
    await expect(page.getByRole('heading', { name: 'Ce taux a expiré' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Ce taux a expiré. Obtenez un nouveau taux pour payer.');
    await expect(page.getByText(amountRe('Le prix reste de 5 000 F CFA.'))).toBeVisible();
    await expect(page.getByLabel('Montant exact (USDT)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Simuler le paiement', exact: true })).toHaveCount(0);
    const expired = await api(request, 'GET', `/v1/payment_intents/${intentId}`);
    expect(expired.status).toBe('requires_payment_method');
    expect(expired.nextAction).toBeNull();
    expect(expired.lastPaymentError?.code).toBe('timeout');
    expect(expired.amountReceived).toBe(0);
    // Nothing to wait for on this screen: no self-refresh, and every axe rule passes.
    await expect(page.locator('noscript')).toHaveCount(0);
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessibleWithoutJs(page, browser);

    await page.getByRole('button', { name: 'Obtenir un nouveau taux' }).click(); // a plain form post
    await expect(page.getByRole('heading', { name: 'Envoyez des USDT sur le réseau TRON (TRC20)' })).toBeVisible();
    await expect(page.getByLabel('Montant exact (USDT)')).toHaveValue('8.333334');
    const second = await expectQuote(request, intentId, USDT_QUOTE, 'usdt_trc20');
    expect(second.nextAction.quote.expiresAt, 'a new quote, from now').toBeGreaterThanOrEqual(first.nextAction.quote.expiresAt);

    await page.getByRole('button', { name: 'Simuler le paiement', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 25_000 });
    await expectPaidOnce(request, { intentId, sessionId: session.id, paid: 5000 });
    await expectQuoteRecorded(request, intentId, first.createdAt, USDT_QUOTE);
  });
});
