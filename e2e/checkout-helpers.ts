// Helpers for the checkout specs: sessions made through the API, QR decoding from a screenshot
// (jsqr + pngjs), axe-core, and a watch on CSP violations.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { api } from './fixtures';

export interface Made {
  intent?: any;
  session: any;
}

export async function intentSession(
  request: APIRequestContext,
  intent: Record<string, unknown>,
  session: Record<string, unknown> = {},
): Promise<Made & { intent: any }> {
  const pi = await api(request, 'POST', '/v1/payment_intents', intent);
  const cs = await api(request, 'POST', '/v1/checkout_sessions', { paymentIntentId: pi.id, ...session });
  return { intent: pi, session: cs };
}

export async function priceSession(
  request: APIRequestContext,
  product: { name: string; description?: string },
  price: { currency: string; unitAmount: number },
  session: Record<string, unknown> = {},
): Promise<Made> {
  const prod = await api(request, 'POST', '/v1/products', product);
  const pr = await api(request, 'POST', '/v1/prices', { productId: prod.id, ...price });
  const cs = await api(request, 'POST', '/v1/checkout_sessions', { priceId: pr.id, ...session });
  return { session: cs };
}

/** The text of the QR code shown in `locator`, read back from pixels. */
export async function decodeQr(locator: Locator): Promise<string> {
  await locator.scrollIntoViewIfNeeded();
  const png = PNG.sync.read(await locator.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  expect(code, 'the QR code decodes').not.toBeNull();
  return code!.data;
}

export async function expectAccessible(page: Page, opts: { allow?: string[] } = {}): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const violations = results.violations.filter((v) => !opts.allow?.includes(v.id));
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * axe for a page opened without JavaScript. axe needs timers, and such a page runs none (axe would
 * hang): the DOM the browser built without JavaScript (scripts gone, <noscript> content parsed as
 * markup, as it was) is checked in a page of its own with JavaScript on, at the same URL and width.
 * A self-refresh (<meta http-equiv="refresh">, 3 s on the waiting screens) is pushed to an hour so
 * it cannot navigate under axe; it stays a delayed refresh for axe's meta-refresh rule.
 * `allow`: rule ids of known violations, reported elsewhere (see the caller).
 */
export async function expectAccessibleWithoutJs(page: Page, browser: Browser, opts: { allow?: string[] } = {}): Promise<void> {
  const url = page.url();
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?noscript>/gi, '')
    .replace(/(<meta http-equiv="refresh" content=")\d+;/gi, '$13600;');
  const ctx = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? { width: 360, height: 740 } });
  try {
    const copy = await ctx.newPage();
    await copy.route(url, (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await copy.goto(url);
    await expectAccessible(copy, opts);
  } finally {
    await ctx.close();
  }
}

/** Collects Content-Security-Policy violations reported on the console. */
export function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** Amounts are formatted with (narrow) no-break spaces; match them with \s. */
export const amountRe = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

/** The page fits its width (360 px in these specs): no horizontal scrolling. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The id of the payment intent a checkout session has now (a price session gets one when a rail is chosen). */
export async function intentOfSession(request: APIRequestContext, sessionId: string): Promise<string> {
  const cs = await api(request, 'GET', `/v1/checkout_sessions/${sessionId}`);
  expect(cs.paymentIntentId, 'the session has its payment intent').toBeTruthy();
  return cs.paymentIntentId as string;
}
