// Redirect operators on the hosted page: Orange Money (mobile_money_b: "Continue to Orange Money"
// opens the operator's page at once) and Wave (mobile_money_d, XOF only: a launch link, and a QR
// code of it on wide screens). In test mode the operator is Caisse's own test operator page,
// /test-operator/<attempt id>, whose buttons (Approve / Decline / Insufficient funds) answer like
// the operator and send the payer back. After every step the API says what the database holds;
// each payment ends with the money check (e2e/money.ts).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { amountRe, decodeQr, expectAccessible, expectAccessibleWithoutJs, intentSession, watchCsp } from './checkout-helpers';
import { api } from './fixtures';
import { eventsAbout, eventTypesAbout, expectPaidOnce, workerRanAgain } from './money';

const OPERATOR_URL = /\/test-operator\/att_[A-Za-z0-9]+$/;

interface Want {
  status: string;
  rail?: string;
  /** The nextAction's type, or null for none. */
  next: 'redirect_to_url' | 'mobile_money_prompt' | null;
  /** The redirect's URL (exact), when known. */
  url?: string;
  /** lastPaymentError.code, or null for none. */
  error: string | null;
}

/** The intent as the API gives it, checked against `want`; returned for more checks. */
async function expectIntent(request: APIRequestContext, id: string, want: Want): Promise<any> {
  const pi = await api(request, 'GET', `/v1/payment_intents/${id}`);
  expect(pi.status, `intent ${id} status`).toBe(want.status);
  if (want.rail) expect(pi.rail, 'rail').toBe(want.rail);
  expect(pi.nextAction?.type ?? null, 'nextAction.type').toBe(want.next);
  if (want.next === 'redirect_to_url') {
    expect(pi.nextAction.url, 'nextAction.url is the test operator page').toMatch(OPERATOR_URL);
    if (want.url) expect(pi.nextAction.url).toBe(want.url);
  }
  expect(pi.lastPaymentError?.code ?? null, 'lastPaymentError.code').toBe(want.error);
  return pi;
}

/** The page fits its width: no horizontal scrolling. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

// Without JavaScript the waiting screens refresh themselves every 3 s (<meta http-equiv="refresh">
// in <noscript>): axe's meta-refresh rule (WCAG 2.2.1, level A) flags it. Known and reported (the
// page, app/checkout/[id]/page.tsx); every other rule must pass on those screens.
const NO_JS_WAITING = { allow: ['meta-refresh'] };

const PAID_AFTER_A_RETRY = [
  'payment_intent.created',
  'payment_intent.payment_failed',
  'payment_intent.pending',
  'payment_intent.pending',
  'payment_intent.succeeded',
];
const PAID_AT_ONCE = ['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded'];

test.describe('Orange Money', () => {
  test('[CHECKOUT]: Orange Money in French with JavaScript: explained, straight to the operator page, approve, back: success', async ({
    page,
    request,
    baseURL,
  }) => {
    const csp = watchCsp(page);
    const successUrl = `${baseURL}/?paid=om`;
    const { intent, session } = await intentSession(
      request,
      { amount: 5000, currency: 'XOF', rail: 'mobile_money_b', description: 'Sac en pagne' },
      { locale: 'fr', successUrl, cancelUrl: `${baseURL}/?canceled=om` },
    );
    await page.goto(session.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Payer Boutique Awa' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Orange Money.*sélectionné/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Orange Money' })).toBeVisible();
    // The number is optional, and the page says why and how the one-time code is obtained.
    const phone = page.getByLabel('Numéro Orange Money (facultatif)');
    await expect(phone).toBeVisible();
    await expect(phone).not.toHaveAttribute('required', /.*/);
    await expect(page.locator('#phone-hint')).toContainText('Vous pouvez le laisser vide : Orange Money le demande sur sa propre page.');
    await expect(page.locator('#mm-explain')).toHaveText(
      'Vous allez sur la page Orange Money. Saisissez-y votre numéro Orange Money, puis le code à usage unique : pour l’obtenir, composez le #144# sur votre téléphone et choisissez l’option de code de paiement. Vous revenez ensuite ici automatiquement.',
    );
    const go = page.getByRole('button', { name: 'Continuer vers Orange Money' });
    await expect(go).toBeVisible();
    await expect(page.getByRole('button', { name: /^Payer 5/ })).toHaveCount(0);
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await expectIntent(request, intent.id, { status: 'requires_payment_method', next: null, error: null });

    // One press: the payment is made and the browser is at the operator's page.
    await go.click();
    await page.waitForURL(OPERATOR_URL);
    const pending = await expectIntent(request, intent.id, {
      status: 'pending',
      rail: 'mobile_money_b',
      next: 'redirect_to_url',
      url: page.url(),
      error: null,
    });
    expect(pending.nextAction.operator).toBe('Orange Money');
    expect(pending.nextAction.phone).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'Opérateur de test : Orange Money' })).toBeVisible();
    await expect(page.getByText(amountRe('Payer 5 000 F CFA à Boutique Awa'))).toBeVisible();
    await expect(page.getByText('Numéro donné', { exact: false })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(session.url);
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Paiement reçu.');
    await expect(page.getByRole('link', { name: 'Revenir chez Boutique Awa' })).toHaveAttribute('href', successUrl);
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
    await expectAccessible(page);
    expect(csp).toEqual([]);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 5000 })).toEqual(PAID_AT_ONCE);
  });

  test('[CHECKOUT]: Orange Money declined on the operator page: back with the reason, then paid', async ({ page, request }) => {
    const csp = watchCsp(page);
    const { intent, session } = await intentSession(request, { amount: 7500, currency: 'XOF', rail: 'mobile_money_b' }, { locale: 'fr' });
    await page.goto(session.url);
    await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
    await page.waitForURL(OPERATOR_URL);
    const first = page.url();
    await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: first, error: null });
    await page.getByRole('button', { name: 'Refuser' }).click();

    await page.waitForURL(session.url);
    await expect(page.getByRole('heading', { name: 'Réessayer' })).toBeVisible();
    await expect(page.locator('.co-alert')).toHaveText('Vous avez refusé la demande de paiement.');
    await expect(page.getByRole('status')).toHaveText('Choisissez un moyen de paiement.');
    await expectIntent(request, intent.id, { status: 'requires_payment_method', next: null, error: 'payment_declined' });
    await expectAccessible(page);

    // Again: a new attempt, at a new operator page.
    await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
    await page.waitForURL(OPERATOR_URL);
    expect(page.url()).not.toBe(first);
    await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: page.url(), error: null }); // a new attempt clears the last error
    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(session.url);
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
    // The declined attempt's page is answered: a late press there changes nothing.
    await page.goto(first);
    await expect(page.getByRole('status')).toHaveText('Ce paiement de test a déjà sa réponse.');
    await expect(page.getByRole('button')).toHaveCount(0);
    expect(csp).toEqual([]);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 7500 })).toEqual(PAID_AFTER_A_RETRY);
  });

  test('[CHECKOUT]: Orange Money with a number ending 0000: nothing pressed at the operator, back to the waiting screen, success without a reload', async ({
    page,
    request,
  }) => {
    const csp = watchCsp(page);
    const { intent, session } = await intentSession(request, { amount: 4000, currency: 'XOF', rail: 'mobile_money_b' }, { locale: 'fr' });
    await page.goto(session.url);
    await page.getByLabel('Numéro Orange Money (facultatif)').fill('07 07 12 00 00');
    await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
    await page.waitForURL(OPERATOR_URL);
    const operatorUrl = page.url();
    const pi = await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: operatorUrl, error: null });
    expect(pi.nextAction.phone).toBe('+2250707120000');
    await expect(page.getByText('Numéro donné : +2250707120000')).toBeVisible();

    // Back on the checkout page without pressing anything: the waiting screen.
    await page.goto(session.url);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
    await page.evaluate(() => ((window as any).__noReload = true));
    await expect(page.getByRole('status')).toHaveText('En attente de la confirmation d’Orange Money.');
    await expect(page.getByRole('heading', { name: 'Terminez le paiement sur Orange Money' })).toBeVisible();
    await expect(page.getByTestId('operator-link')).toHaveAttribute('href', operatorUrl);
    await expect(page.getByTestId('operator-link')).toHaveText('Continuer vers Orange Money');
    await expect(page.getByText('composez le #144# sur votre téléphone pour l’obtenir')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as any).__noReload)).toBe(true); // no reload with JavaScript
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
    expect(csp).toEqual([]);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 4000 })).toEqual(PAID_AT_ONCE);
  });

  test('[CHECKOUT]: leaving Orange Money for MTN MoMo from the waiting screen: abandoned, then paid once by push', async ({ page, context, request }) => {
    const csp = watchCsp(page);
    const { intent, session } = await intentSession(request, { amount: 6000, currency: 'XOF', rail: 'mobile_money_b' }, { locale: 'fr' });
    await page.goto(session.url);
    await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
    await page.waitForURL(OPERATOR_URL);
    const operatorUrl = page.url();
    // The operator's page stays open in another tab (the payer may press there later).
    const stale = await context.newPage();
    await stale.goto(operatorUrl);
    await expect(stale.getByRole('button', { name: 'Approuver' })).toBeVisible();

    await page.goto(session.url);
    await expect(page.getByRole('status')).toHaveText('En attente de la confirmation d’Orange Money.');
    await expect(page.getByText('Rien payé pour l’instant ? Choisissez un autre moyen de paiement ci-dessous.')).toBeVisible();
    await expect(page.locator('.co-timer time')).toHaveText(/^(10|9):\d\d$/);
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: /MTN MoMo/ }).click();

    // Another operator: the Orange attempt is abandoned, not declined by the payer.
    await expect(page.getByRole('button', { name: /MTN MoMo.*sélectionné/ })).toBeVisible();
    await expect(page.getByLabel('Numéro MTN MoMo')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Réessayer' })).toHaveCount(0);
    await expect(page.locator('.co-alert')).toHaveCount(0);
    await expectIntent(request, intent.id, { status: 'requires_payment_method', rail: 'mobile_money_a', next: null, error: 'payment_abandoned' });
    await expectAccessible(page);

    // A press on the old operator page now changes nothing.
    await stale.getByRole('button', { name: 'Approuver' }).click();
    await stale.waitForURL(session.url);
    await expectIntent(request, intent.id, { status: 'requires_payment_method', rail: 'mobile_money_a', next: null, error: 'payment_abandoned' });
    await stale.goto(operatorUrl);
    await expect(stale.getByRole('status')).toHaveText('Le payeur a choisi un autre moyen de paiement : ce paiement de test ne prend plus de réponse.');
    await stale.close();

    await page.getByLabel('Numéro MTN MoMo').fill('05 54 12 00 00');
    await page.getByRole('button', { name: /^Payer 6/ }).click();
    await expect(page.getByRole('heading', { name: 'Approuvez le paiement sur votre téléphone' })).toBeVisible();
    await expect(page.getByText('Composez le *133#')).toBeVisible();
    await expectIntent(request, intent.id, { status: 'pending', rail: 'mobile_money_a', next: 'mobile_money_prompt', error: null });
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 20_000 });
    await expectIntent(request, intent.id, { status: 'succeeded', rail: 'mobile_money_a', next: null, error: null });
    expect(csp).toEqual([]);
    const failed = await eventsAbout(request, intent.id, intent.createdAt, 'payment_intent.payment_failed');
    expect(failed.map((e: any) => e.data.object.lastPaymentError?.code)).toEqual(['payment_abandoned']);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 6000 })).toEqual(PAID_AFTER_A_RETRY);
  });

  test('[CHECKOUT]: the test operator page: test banner, operator, amount, number; a second press after the answer changes nothing', async ({
    page,
    context,
    request,
  }) => {
    const csp = watchCsp(page);
    const { intent, session } = await intentSession(request, { amount: 2500, currency: 'XOF', rail: 'mobile_money_b' }, { locale: 'fr' });
    await page.goto(session.url);
    // 2222: the number alone never decides; only the buttons do.
    await page.getByLabel('Numéro Orange Money (facultatif)').fill('0707122222');
    await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
    await page.waitForURL(OPERATOR_URL);
    const operatorUrl = page.url();
    await expect(page.locator('.co-testbanner')).toHaveText(
      'Mode test · Ceci est la page de test de Caisse qui remplace Orange Money. Aucun argent réel ne circule.',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Opérateur de test : Orange Money' })).toBeVisible();
    await expect(page.getByText(amountRe('Payer 2 500 F CFA à Boutique Awa'))).toBeVisible();
    await expect(page.getByText('Numéro donné : +2250707122222')).toBeVisible();
    await expect(page.getByRole('button')).toHaveText(['Approuver', 'Refuser', 'Solde insuffisant']);
    await expect(page).toHaveTitle(/· Caisse$/);
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: operatorUrl, error: null });

    const second = await context.newPage();
    await second.goto(operatorUrl);
    await page.getByRole('button', { name: 'Approuver' }).click();
    await page.waitForURL(session.url);
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });

    // The same page, still open in another tab: "Refuser" after the answer changes nothing.
    await second.getByRole('button', { name: 'Refuser' }).click();
    await second.waitForURL(session.url);
    await expect(second.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
    await second.goto(operatorUrl);
    await expect(second.getByRole('status')).toHaveText('Ce paiement de test a déjà sa réponse.');
    await expect(second.getByRole('button')).toHaveCount(0);
    await expect(second.getByRole('link', { name: 'Retour à la page de paiement' })).toHaveAttribute('href', session.url);
    await expectAccessible(second);
    await second.close();
    expect(csp).toEqual([]);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 2500 })).toEqual(PAID_AT_ONCE);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('[CHECKOUT]: Orange Money in English without JavaScript: operator page, back to a self-refreshing waiting screen, approve, success', async ({
      page,
      request,
      browser,
    }) => {
      const csp = watchCsp(page);
      const { intent, session } = await intentSession(request, { amount: 3000, currency: 'XAF', rail: 'mobile_money_b' }, { locale: 'en' });
      await page.goto(session.url);
      await expect(page.getByText(amountRe('3,000 F CFA')).first()).toBeVisible();
      await expect(page.getByLabel('Orange Money phone number (optional)')).toBeVisible();
      await expect(page.getByText('+237 · Cameroon number')).toBeVisible();
      await expect(page.locator('#mm-explain')).toContainText('dial #150# on your phone and choose the payment code option');
      await expectAccessibleWithoutJs(page, browser);
      await page.getByRole('button', { name: 'Continue to Orange Money' }).click();
      await page.waitForURL(OPERATOR_URL);
      const operatorUrl = page.url();
      await expect(page.getByRole('heading', { level: 1, name: 'Test operator: Orange Money' })).toBeVisible();
      await expect(page.getByText(amountRe('Pay 3,000 F CFA to Boutique Awa'))).toBeVisible();
      await expect(page.locator('.co-testbanner')).toHaveText('Test mode · This is Caisse’s test page standing in for Orange Money. No real money moves.');
      await expectAccessibleWithoutJs(page, browser);
      await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: operatorUrl, error: null });

      // The payer comes back without paying: the waiting screen refreshes itself.
      await page.goto(session.url);
      await expect(page.getByRole('status')).toHaveText('Waiting for Orange Money to confirm your payment.');
      await expect(page.getByRole('heading', { name: 'Finish paying on Orange Money' })).toBeVisible();
      await expect(page.getByText('Back from Orange Money? We are waiting for its confirmation.')).toBeVisible();
      await expect(page.getByText('The Orange Money page asks for a one-time code: dial #150# on your phone to get it.')).toBeVisible();
      await expect(page.locator('.co-timer')).toHaveText(/^Time left to pay (10|9):\d\d$/);
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', `3;url=/checkout/${session.id}`);
      expect(await fits(page)).toBe(true);
      await expectAccessibleWithoutJs(page, browser, NO_JS_WAITING);
      await page.getByRole('link', { name: 'Continue to Orange Money' }).click();
      await page.waitForURL(operatorUrl);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(session.url);
      await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
      await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
      await expectAccessibleWithoutJs(page, browser); // no successUrl: no refresh to the merchant
      await page.goto(operatorUrl);
      await expect(page.getByRole('status')).toHaveText('This test payment already has its answer.');
      await expect(page.getByRole('link', { name: 'Back to the payment page' })).toHaveAttribute('href', session.url);
      await expectAccessibleWithoutJs(page, browser);
      expect(csp).toEqual([]);
      expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 3000 })).toEqual(PAID_AT_ONCE);
    });

    test('[CHECKOUT]: Orange Money without JavaScript: insufficient funds, the reason, then a number ending 0000 pays by itself', async ({
      page,
      request,
      browser,
    }) => {
      const { intent, session } = await intentSession(request, { amount: 9000, currency: 'XOF', rail: 'mobile_money_b' }, { locale: 'fr' });
      await page.goto(session.url);
      await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
      await page.waitForURL(OPERATOR_URL);
      await page.getByRole('button', { name: 'Solde insuffisant' }).click();
      await page.waitForURL(session.url);
      await expect(page.getByRole('heading', { name: 'Réessayer' })).toBeVisible();
      await expect(page.locator('.co-alert')).toHaveText('Votre solde est insuffisant.');
      await expectIntent(request, intent.id, { status: 'requires_payment_method', next: null, error: 'insufficient_funds' });
      await expectAccessibleWithoutJs(page, browser);

      await page.getByLabel('Numéro Orange Money (facultatif)').fill('+225 07 07 12 00 00');
      await page.getByRole('button', { name: 'Continuer vers Orange Money' }).click();
      await page.waitForURL(OPERATOR_URL);
      await expect(page.getByText('Numéro donné : +2250707120000')).toBeVisible();
      await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: page.url(), error: null });
      await page.goto(session.url); // nothing pressed: the number decides, the page refreshes itself
      await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 20_000 });
      await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
      expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 9000 })).toEqual(PAID_AFTER_A_RETRY);
    });
  });
});

test.describe('Wave', () => {
  test('[CHECKOUT]: Wave in French at 360 px with JavaScript: the launch link, no QR code, approve in the app, success without a reload', async ({
    page,
    context,
    request,
  }) => {
    const csp = watchCsp(page);
    const { intent, session } = await intentSession(
      request,
      { amount: 3000, currency: 'XOF', rail: 'mobile_money_d', description: 'Pagne tissé' },
      { locale: 'fr' },
    );
    await page.goto(session.url);
    await expect(page.getByRole('button', { name: /Wave.*sélectionné/ })).toBeVisible();
    await expect(page.getByLabel('Numéro Wave (facultatif)')).not.toHaveAttribute('required', /.*/);
    await expect(page.locator('#mm-explain')).toHaveText(
      'Sur ce téléphone, le bouton ouvre l’application Wave pour approuver le paiement. Sur un ordinateur, vous scannez un QR code avec votre téléphone.',
    );
    await expect(page.locator('#phone-hint')).toContainText('Si vous donnez un numéro, seul ce compte Wave pourra payer.');
    await expectAccessible(page);
    await expectIntent(request, intent.id, { status: 'requires_payment_method', next: null, error: null });

    await page.getByRole('button', { name: 'Payer avec Wave' }).click();
    const launch = page.getByTestId('wave-launch');
    await expect(launch).toBeVisible();
    expect(page.url()).toBe(session.url); // Wave's session is made; the page stays
    await expect(launch).toHaveText('Payer avec Wave');
    await expect(page.getByRole('heading', { name: amountRe('Payez 3 000 F CFA avec Wave') })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('En attente de votre paiement dans Wave.');
    const url = (await launch.getAttribute('href'))!;
    const pi = await expectIntent(request, intent.id, { status: 'pending', rail: 'mobile_money_d', next: 'redirect_to_url', url, error: null });
    expect(pi.nextAction.operator).toBe('Wave');
    // A phone: the QR code is not shown (it is for a computer's screen).
    await expect(page.getByRole('img', { name: 'QR code pour payer avec Wave' })).toBeHidden();
    await expect(page.locator('.co-wide-only')).toBeHidden();
    expect(await fits(page)).toBe(true);
    await expectAccessible(page);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
    await page.evaluate(() => ((window as any).__noReload = true));

    // The Wave "app": the launch URL, opened apart from this page.
    const app = await context.newPage();
    await app.goto(url);
    await expect(app.getByRole('heading', { level: 1, name: 'Opérateur de test : Wave' })).toBeVisible();
    await expect(app.getByText(amountRe('Payer 3 000 F CFA à Boutique Awa'))).toBeVisible();
    await expectAccessible(app);
    await app.getByRole('button', { name: 'Approuver' }).click();
    await app.waitForURL(session.url);
    await app.close();

    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status')).toHaveText('Paiement reçu.');
    expect(await page.evaluate(() => (window as any).__noReload)).toBe(true);
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
    expect(csp).toEqual([]);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 3000 })).toEqual(PAID_AT_ONCE);
  });

  test('[CHECKOUT]: Wave in English on a wide screen: the QR code is the launch URL, hidden at 360 px; declined, then a number ending 0000 pays', async ({
    page,
    context,
    request,
  }) => {
    const csp = watchCsp(page);
    await page.setViewportSize({ width: 1024, height: 800 });
    const { intent, session } = await intentSession(request, { amount: 10_000, currency: 'XOF', rail: 'mobile_money_d' }, { locale: 'en' });
    await page.goto(session.url);
    await page.getByRole('button', { name: 'Pay with Wave' }).click();
    const launch = page.getByTestId('wave-launch');
    await expect(launch).toBeVisible();
    const url = (await launch.getAttribute('href'))!;
    await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url, error: null });
    await expect(page.getByRole('status')).toHaveText('Waiting for your payment in Wave.');
    await expect(page.getByText('On a computer? Scan this code with your phone’s camera or the Wave app to pay.')).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code to pay with Wave' });
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe(url);
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(qr).toBeHidden();
    await expect(launch).toBeVisible();
    expect(await fits(page)).toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(qr).toBeVisible();

    // The phone scans the code and declines.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
    await page.evaluate(() => ((window as any).__noReload = true));
    const phone = await context.newPage();
    await phone.goto(url);
    await expect(phone.getByRole('heading', { level: 1, name: 'Test operator: Wave' })).toBeVisible();
    await phone.getByRole('button', { name: 'Decline' }).click();
    await phone.waitForURL(session.url);
    await phone.close();
    await expect(page.getByRole('heading', { name: 'Try again' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.co-alert')).toHaveText('You declined the payment request.');
    expect(await page.evaluate(() => (window as any).__noReload)).toBe(true);
    await expectIntent(request, intent.id, { status: 'requires_payment_method', next: null, error: 'payment_declined' });
    await expectAccessible(page);

    // Again, with a number: only that Wave account can pay; 0000 pays by itself after ~3 s.
    await page.getByLabel('Wave phone number (optional)').fill('07 58 12 00 00');
    await page.getByRole('button', { name: 'Pay with Wave' }).click();
    await expect(page.getByTestId('wave-launch')).not.toHaveAttribute('href', url);
    const pi = await expectIntent(request, intent.id, {
      status: 'pending',
      next: 'redirect_to_url',
      url: (await page.getByTestId('wave-launch').getAttribute('href'))!,
      error: null,
    });
    expect(pi.nextAction.phone).toBe('+2250758120000');
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
    await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
    expect(csp).toEqual([]);
    expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 10_000 })).toEqual(PAID_AFTER_A_RETRY);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('[CHECKOUT]: Wave in French without JavaScript: the launch link to the operator page, approve, back: success', async ({ page, request, browser }) => {
      const { intent, session } = await intentSession(request, { amount: 1500, currency: 'XOF', rail: 'mobile_money_d' }, { locale: 'fr' });
      await page.goto(session.url);
      await page.getByRole('button', { name: 'Payer avec Wave' }).click();
      const launch = page.getByRole('link', { name: 'Payer avec Wave' });
      await expect(launch).toBeVisible();
      const url = (await launch.getAttribute('href'))!;
      await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url, error: null });
      await expect(page.getByRole('status')).toHaveText('En attente de votre paiement dans Wave.');
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', `3;url=/checkout/${session.id}`);
      await expect(page.getByRole('img', { name: 'QR code pour payer avec Wave' })).toBeHidden();
      await expectAccessibleWithoutJs(page, browser, NO_JS_WAITING);
      await launch.click();
      await page.waitForURL(url);
      await expect(page.getByRole('heading', { level: 1, name: 'Opérateur de test : Wave' })).toBeVisible();
      await page.getByRole('button', { name: 'Approuver' }).click();
      await page.waitForURL(session.url);
      await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
      await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
      expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 1500 })).toEqual(PAID_AT_ONCE);
    });

    test('[CHECKOUT]: Wave in English without JavaScript: leaving it for Moov Money, paid once by push', async ({ page, request }) => {
      const { intent, session } = await intentSession(request, { amount: 2000, currency: 'XOF', rail: 'mobile_money_d' }, { locale: 'en' });
      await page.goto(session.url);
      await page.getByRole('button', { name: 'Pay with Wave' }).click();
      await expect(page.getByTestId('wave-launch')).toBeVisible();
      await expectIntent(request, intent.id, { status: 'pending', rail: 'mobile_money_d', next: 'redirect_to_url', error: null });
      await expect(page.getByText('Paid nothing yet? Choose another payment method below.')).toBeVisible();
      await page.getByRole('button', { name: /Moov Money/ }).click(); // a plain form post
      await expect(page.getByRole('button', { name: /Moov Money.*selected/ })).toBeVisible();
      await expect(page.locator('.co-alert')).toHaveCount(0);
      await expectIntent(request, intent.id, { status: 'requires_payment_method', rail: 'mobile_money_c', next: null, error: 'payment_abandoned' });
      await page.getByLabel('Moov Money phone number').fill('01 01 12 00 00');
      await page.getByRole('button', { name: /^Pay 2/ }).click();
      await expect(page.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
      await expectIntent(request, intent.id, { status: 'pending', rail: 'mobile_money_c', next: 'mobile_money_prompt', error: null });
      await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
      await expectIntent(request, intent.id, { status: 'succeeded', rail: 'mobile_money_c', next: null, error: null });
      expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 2000 })).toEqual(PAID_AFTER_A_RETRY);
    });
  });
});

test('[API]: confirm with a returnUrl, the operator page approves and sends the payer to the merchant', async ({ page, request, baseURL }) => {
  const csp = watchCsp(page);
  const back = 'https://shop.example/back';
  const left: string[] = [];
  // Nothing leaves the machine: the merchant's site is answered here.
  await page.route('https://shop.example/**', (route) => {
    left.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Back at the shop</h1>' });
  });
  const intent = await api(request, 'POST', '/v1/payment_intents', { amount: 8000, currency: 'XOF', rail: 'mobile_money_b', description: 'Commande 77' });
  await expectIntent(request, intent.id, { status: 'requires_payment_method', next: null, error: null });
  const confirmed = await api(request, 'POST', `/v1/payment_intents/${intent.id}/confirm`, { returnUrl: back });
  expect(confirmed.status).toBe('pending');
  expect(confirmed.nextAction.type).toBe('redirect_to_url');
  expect(confirmed.nextAction.url).toMatch(new RegExp(`^${baseURL!.replace(/[.]/g, '\\.')}/test-operator/att_`));
  await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: confirmed.nextAction.url, error: null });

  await page.goto(confirmed.nextAction.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Opérateur de test : Orange Money' })).toBeVisible();
  await expect(page.getByText(amountRe('Payer 8 000 F CFA à Boutique Awa'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approuver' }).click();
  await page.waitForURL(back);
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  expect(left).toEqual([back]);
  const paid = await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
  expect(paid.amountReceived).toBe(8000);
  expect(csp).toEqual([]);

  // Paid once, and still once after the worker ran again.
  const succeeded = await eventsAbout(request, intent.id, intent.createdAt, 'payment_intent.succeeded');
  expect(succeeded.length).toBe(1);
  expect(succeeded[0]!.data.object.amountReceived).toBe(8000);
  await workerRanAgain(request);
  expect((await eventsAbout(request, intent.id, intent.createdAt, 'payment_intent.succeeded')).map((e) => e.id)).toEqual(succeeded.map((e) => e.id));
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).amountReceived).toBe(8000);
  expect(await eventTypesAbout(request, intent.id, intent.createdAt)).toEqual(PAID_AT_ONCE);
});

test('[API]: Wave, no returnUrl: the payer lands on Caisse’s operator-return page', async ({ page, request }) => {
  const intent = await api(request, 'POST', '/v1/payment_intents', { amount: 1200, currency: 'XOF', rail: 'mobile_money_d' });
  const confirmed = await api(request, 'POST', `/v1/payment_intents/${intent.id}/confirm`, {});
  await expectIntent(request, intent.id, { status: 'pending', next: 'redirect_to_url', url: confirmed.nextAction.url, error: null });
  await page.goto(confirmed.nextAction.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Opérateur de test : Wave' })).toBeVisible();
  await page.getByRole('button', { name: 'Approuver' }).click();
  await page.waitForURL(/\/operator-return$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You can return to the merchant' })).toBeVisible();
  await expectAccessible(page);
  await expectIntent(request, intent.id, { status: 'succeeded', next: null, error: null });
  expect(await eventTypesAbout(request, intent.id, intent.createdAt)).toEqual(PAID_AT_ONCE);
});
