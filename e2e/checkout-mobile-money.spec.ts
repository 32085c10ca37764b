import { expect, test } from '@playwright/test';
import { amountRe, expectAccessible, intentSession, priceSession, watchCsp } from './checkout-helpers';
import { api } from './fixtures';
import { eventTypesAbout, expectPaidOnce } from './money';

// MTN MoMo (mobile_money_a) is a push operator: the prompt goes to the phone. Orange Money and Wave
// send the payer to their own page or app: e2e/checkout-redirect.spec.ts.
test('[CHECKOUT]: mobile money in French with JavaScript: number checked, approve on the phone, success, back to the merchant', async ({
  page,
  request,
  baseURL,
}) => {
  const csp = watchCsp(page);
  const successUrl = `${baseURL}/?paid=1`;
  const { intent, session } = await intentSession(
    request,
    { amount: 5000, currency: 'XOF', rail: 'mobile_money_a', description: 'Sac en pagne', reference: 'CMD-42' },
    { locale: 'fr', successUrl, cancelUrl: `${baseURL}/?canceled=1` },
  );
  await page.goto(session.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Payer Boutique Awa' })).toBeVisible();
  await expect(page.getByText('Sac en pagne')).toBeVisible();
  await expect(page.getByText(amountRe('5 000 F CFA')).first()).toBeVisible();
  await expect(page.getByText('Mode test', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /MTN MoMo.*sélectionné/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Annuler et revenir chez Boutique Awa' })).toHaveAttribute('href', `${baseURL}/?canceled=1`);
  await expectAccessible(page);
  await page.evaluate(() => ((window as any).__noReload = true));

  const phone = page.getByLabel('Numéro MTN MoMo');
  await expect(page.getByText('+225 · Numéro Côte d’Ivoire')).toBeVisible();
  // The browser refuses a malformed number before anything is sent...
  await phone.fill('08 07 12 00 00');
  expect(await phone.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
  // ...and so does the server, in French, if the browser check is bypassed.
  await page.locator('form:has(#phone)').evaluate((f: HTMLFormElement) => (f.noValidate = true));
  await page.getByRole('button', { name: /Payer 5/ }).click();
  await expect(page.locator('#phone-error')).toContainText('n’est pas un numéro Côte d’Ivoire valide pour MTN MoMo');
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).status).toBe('requires_payment_method');

  await page.getByLabel('Numéro MTN MoMo').fill('05 54 12 00 00');
  await page.getByRole('button', { name: /Payer 5/ }).click();
  await expect(page.getByRole('heading', { name: 'Approuvez le paiement sur votre téléphone' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Approuvez le paiement sur votre téléphone.');
  await expect(page.getByText('Composez le *133#')).toBeVisible();
  await expect(page.getByText(/\+2250554120000/)).toBeVisible();
  await expect(page.locator('.co-timer time')).toHaveText(/^[23]:\d\d$/);
  await expect(page.getByRole('button', { name: 'Renvoyer la demande' })).toBeVisible();
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).status).toBe('pending');
  await expectAccessible(page);

  await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveText('Paiement reçu.');
  expect(await page.evaluate(() => (window as any).__noReload)).toBe(true); // no reload with JavaScript
  await expect(page.getByRole('link', { name: 'Revenir chez Boutique Awa' })).toHaveAttribute('href', successUrl);
  await expectAccessible(page);
  await page.waitForURL(successUrl, { timeout: 10_000 }); // automatic return after 5 s
  expect(csp).toEqual([]);
  // The number ends in 0000: the simulator approves about 3 s after the push, and only the worker
  // asks it (the page's status poll only reads), so the real worker paid this, once.
  expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 5000 })).toEqual([
    'payment_intent.created',
    'payment_intent.pending',
    'payment_intent.succeeded',
  ]);
});

test('[CHECKOUT]: mobile money in English from a price: declined, the reason, retry with the keyboard alone, success', async ({ page, request }) => {
  const { session } = await priceSession(request, { name: 'Pagne wax', description: '6 yards, cotton' }, { currency: 'XOF', unitAmount: 12500 });
  await page.goto(session.url); // Accept-Language en-US, session locale auto
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Boutique Awa' })).toBeVisible();
  await expect(page.getByText('Pagne wax')).toBeVisible();
  await expect(page.getByText('6 yards, cotton')).toBeVisible();
  await expect(page.getByText(amountRe('12,500 F CFA')).first()).toBeVisible();
  await page.getByRole('button', { name: /MTN MoMo/ }).click();
  await page.getByLabel('MTN MoMo phone number').fill('05 54 12 11 11');
  await page.getByRole('button', { name: /^Pay 12/ }).click();
  await expect(page.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
  await expect(page.getByText('You declined the payment request.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Try again' })).toBeVisible();
  const cs = await api(request, 'GET', `/v1/checkout_sessions/${session.id}`);
  const declined = await api(request, 'GET', `/v1/payment_intents/${cs.paymentIntentId}`);
  expect(declined.status).toBe('requires_payment_method');
  expect(declined.lastPaymentError.code).toBe('payment_declined');

  // Keyboard only: Tab to the number field (prefilled with the last number), edit it, Enter.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let i = 0; i < 30 && (await page.evaluate(() => document.activeElement?.id)) !== 'phone'; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('phone');
  await expect(page.locator('#phone')).toHaveValue('0554121111');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0554120000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 });
  // The declined attempt paid nothing; the second one paid the price once.
  expect(await expectPaidOnce(request, { intentId: cs.paymentIntentId, sessionId: session.id, paid: 12500 })).toEqual([
    'payment_intent.created',
    'payment_intent.payment_failed',
    'payment_intent.pending',
    'payment_intent.pending',
    'payment_intent.succeeded',
  ]);
});

test('[CHECKOUT]: mobile money, no prompt came: the language switch, send again, success', async ({ page, request }) => {
  const { intent, session } = await intentSession(request, { amount: 2000, currency: 'XAF', rail: 'mobile_money_c' }, { locale: 'fr' });
  await page.goto(session.url);
  await expect(page.getByText(amountRe('2 000 F CFA')).first()).toBeVisible();
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Boutique Awa' })).toBeVisible();
  await expect(page.getByText('+237 · Cameroon number')).toBeVisible();
  await expect(page.getByRole('button', { name: /Moov Money.*selected/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Wave/ })).toHaveCount(0); // Wave takes XOF only
  await page.getByLabel('Moov Money phone number').fill('+237 6 55 12 44 44');
  await page.getByRole('button', { name: /^Pay 2/ }).click();
  await expect(page.getByText('No prompt? Dial *155# on your phone')).toBeVisible();
  // The number ends in 4444: the simulator never answers the first push, only one sent again, so
  // success below proves the resend reached the rail. Wait for the page to be ready for the tap
  // (hydrated, the button enabled: not the Pay form's transition any more), not for a fixed time.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  const resend = page.getByRole('button', { name: 'Send the request again' });
  await expect(resend).toBeEnabled();
  expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).status).toBe('pending');
  await resend.click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 15_000 });
  // Two pushes for one attempt: the money is counted once.
  expect(await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 2000 })).toEqual([
    'payment_intent.created',
    'payment_intent.pending',
    'payment_intent.succeeded',
  ]);
  // The switch is remembered; French again.
  await page.getByRole('button', { name: /Français/ }).click();
  await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('[CHECKOUT]: the whole mobile-money flow works without JavaScript; the waiting screen refreshes itself', async ({ page, request }) => {
    const { intent, session } = await intentSession(request, { amount: 3000, currency: 'XOF', rail: 'mobile_money_a' }, { locale: 'fr' });
    await page.goto(session.url);
    await page.getByRole('button', { name: /Moov Money/ }).click(); // switch operator: a plain form post
    await expect(page.getByRole('button', { name: /Moov Money.*sélectionné/ })).toBeVisible();
    await page.getByLabel('Numéro Moov Money').fill('01 01 12 00 00');
    await page.getByRole('button', { name: /Payer 3/ }).click();
    await expect(page.getByRole('heading', { name: 'Approuvez le paiement sur votre téléphone' })).toBeVisible();
    await expect(page.locator('noscript')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible({ timeout: 20_000 });
    expect((await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).rail).toBe('mobile_money_c');
    await expectPaidOnce(request, { intentId: intent.id, sessionId: session.id, paid: 3000 });
  });

  test('[CHECKOUT]: a form replayed after the session expired is refused and the expired screen shows', async ({ page, request, baseURL }) => {
    const { intent, session } = await intentSession(
      request,
      { amount: 1500, currency: 'XOF', rail: 'mobile_money_a' },
      { locale: 'en', cancelUrl: `${baseURL}/?back=1` },
    );
    await page.goto(session.url);
    await page.getByLabel('MTN MoMo phone number').fill('0554120000');
    await api(request, 'POST', `/v1/checkout_sessions/${session.id}/expire`, {});
    await page.getByRole('button', { name: /^Pay 1/ }).click();
    await expect(page.getByRole('heading', { name: 'This payment link has expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Boutique Awa' })).toHaveAttribute('href', `${baseURL}/?back=1`);
    const pi = await api(request, 'GET', `/v1/payment_intents/${intent.id}`);
    expect(pi.status).toBe('failed');
    expect(pi.amountReceived).toBe(0);
    // The replayed form sent no push: no pending, no succeeded, only the end of the intent.
    expect(await eventTypesAbout(request, intent.id, intent.createdAt)).toEqual(['payment_intent.created', 'payment_intent.failed']);
  });
});
