// [DASHBOARD] cross-site: every dashboard server action, replayed from another site with the
// signed-in user's cookie, is refused and changes nothing (issue 24).
//
// The replay is what a foreign page's <form method=post action="https://caisse/dashboard/...">
// sends: a multipart form naming the action (`$ACTION_ID_<id>`, React's no-JavaScript form post),
// with valid fields. The actions come from the build's own list (.next/server/server-reference-
// manifest.json), so a new dashboard action is replayed too (and needs its fields below). Three
// cross-site shapes:
//   - no Origin, `Sec-Fetch-Site: cross-site` (a browser that leaves Origin out);
//   - no Origin and no Fetch Metadata, a foreign Referer (an older browser);
//   - a foreign Origin (Next.js refuses it before the action runs).
// The first two pass Next.js's own check (it compares Origin only) and reach ours,
// dashboardAction() (lib/dashboard/context.ts): each must answer the redirect to
// /dashboard/sign-in?error=origin. A same-origin replay of one action, last, goes through: the
// replays are well formed. Then the API and the pages say that nothing changed.
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { api, keys } from './fixtures';

interface ManifestAction {
  filename: string;
  exportedName: string;
  workers: Record<string, unknown>;
}

const run = Math.random().toString(36).slice(2, 8);
/** The published BIP84 vector's account key (test/adapter-helpers.ts): what a connect form would carry. */
const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FOREIGN = 'https://shop-attacker.example';
/** A well-formed invitation token (43 base64url characters): the accept action would try it. */
const INVITE_TOKEN = 'x'.repeat(43);

function dashboardActions(): { id: string; file: string; name: string; pages: string[] }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, ManifestAction>;
  };
  return Object.entries(manifest.node)
    .filter(([, a]) => a.filename.startsWith('app/dashboard/'))
    .map(([id, a]) => ({ id, file: a.filename, name: a.exportedName, pages: Object.keys(a.workers) }));
}

function user(): { id: string; email: string; password: string } {
  const j = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.data-e2e', 'user.json'), 'utf8'));
  return { id: j.user.id, email: j.user.email, password: j.password };
}

interface Objects {
  product: string;
  price: string;
  link: string;
  endpoint: string;
  intent: string;
  /** A paid intent and a refund of it waiting for the merchant (a manual refund). */
  paid: string;
  refund: string;
}

/** Fields that would make each action do its work if it ran (the ids are real objects of the merchant). */
function fieldsOf(o: Objects): Record<string, Record<string, string>> {
  const u = user();
  return {
    'app/dashboard/actions.ts#setModeAction': { mode: 'live' },
    'app/dashboard/actions.ts#setLocaleAction': { locale: 'fr', back: '/dashboard' },
    'app/dashboard/actions.ts#signOutAction': {},
    'app/dashboard/actions.ts#signOutEverywhereAction': {},
    'app/dashboard/sign-in/actions.ts#signInAction': { email: u.email, password: u.password },
    'app/dashboard/keys/actions.ts#rollKeysAction': { confirm: 'yes' },
    'app/dashboard/products/actions.ts#createProductAction': { name: `Cross-site ${run}` },
    'app/dashboard/products/actions.ts#setProductActiveAction': { productId: o.product, active: 'false' },
    'app/dashboard/products/actions.ts#createPriceAction': { productId: o.product, currency: 'XOF', amount: '777' },
    'app/dashboard/products/actions.ts#setPriceActiveAction': { productId: o.product, priceId: o.price, active: 'false' },
    'app/dashboard/links/actions.ts#createLinkAction': { priceId: o.price },
    'app/dashboard/links/actions.ts#setLinkActiveAction': { linkId: o.link, active: 'false' },
    'app/dashboard/webhooks/actions.ts#createEndpointAction': { url: `http://127.0.0.1:9/cross-site-${run}` },
    'app/dashboard/webhooks/actions.ts#setEndpointEnabledAction': { endpointId: o.endpoint, enabled: 'false' },
    'app/dashboard/webhooks/actions.ts#rollEndpointSecretAction': { endpointId: o.endpoint },
    'app/dashboard/webhooks/actions.ts#resendDeliveryAction': { endpointId: o.endpoint, deliveryId: 'whd_crosssite0000000000' },
    'app/dashboard/users/actions.ts#inviteUserAction': { email: `invited-${run}@attacker.example`, role: 'owner' },
    'app/dashboard/users/actions.ts#disableUserAction': { userId: u.id },
    'app/dashboard/users/actions.ts#revokeInvitationAction': { invitationId: 'inv_crosssite0000000000' },
    'app/dashboard/users/actions.ts#changeRoleAction': { userId: u.id, role: 'viewer' },
    'app/dashboard/users/actions.ts#setRequireTwoFactorAction': { require: 'on' },
    'app/dashboard/users/actions.ts#resetTwoFactorAction': { userId: u.id },
    'app/dashboard/account/actions.ts#startTwoFactorAction': {},
    'app/dashboard/account/actions.ts#confirmTwoFactorAction': { code: '123456', password: 'a password' },
    'app/dashboard/account/actions.ts#disableTwoFactorAction': { password: u.password },
    'app/dashboard/account/actions.ts#regenerateRecoveryCodesAction': { code: '123456', password: u.password },
    'app/dashboard/invite/[token]/actions.ts#acceptInviteAction': {
      token: INVITE_TOKEN,
      password: `Cross-site ${run} pass`,
      confirm: `Cross-site ${run} pass`,
    },
    'app/dashboard/sign-in/code/actions.ts#verifyCodeAction': { code: '123456' },
    'app/dashboard/payments/[id]/actions.ts#cancelPaymentAction': { intent: o.intent },
    'app/dashboard/payments/[id]/actions.ts#resendDeliveryAction': { intent: o.intent, delivery: 'whd_crosssite0000000000' },
    'app/dashboard/payments/[id]/refund-actions.ts#createRefundAction': { intent: o.paid, amount: '500', reason: 'duplicate' },
    'app/dashboard/payments/[id]/refund-actions.ts#cancelRefundAction': { refund: o.refund },
    'app/dashboard/payments/[id]/refund-actions.ts#markRefundSucceededAction': { refund: o.refund, operatorReference: `XSITE-${run}` },
    'app/dashboard/payment-methods/actions.ts#connectRailAction': { rail: 'btc_onchain', 's.accountKey': ZPUB, 's.esploraUrl': 'http://127.0.0.1:9' },
    'app/dashboard/payment-methods/actions.ts#updateRailAction': {
      rail: 'btc_onchain',
      accountId: 'ra_crosssite0000000000',
      's.esploraUrl': 'http://127.0.0.1:9',
    },
    'app/dashboard/payment-methods/actions.ts#testRailAction': { accountId: 'ra_crosssite0000000000' },
    'app/dashboard/payment-methods/actions.ts#disableRailAction': { rail: 'btc_onchain', accountId: 'ra_crosssite0000000000', understood: 'yes' },
    'app/dashboard/balances/actions.ts#setTimeZoneAction': { timeZone: 'Pacific/Kiritimati' },
    'app/dashboard/reports/actions.ts#createReportAction': { type: 'daily_summary', from: '2026-01-02', to: '2026-01-02' },
    'app/dashboard/reconciliations/actions.ts#createReconciliationAction': { from: '2026-01-02', to: '2026-01-02' },
    // Access (issue 29).
    'app/dashboard/actions.ts#dismissBannerAction': { audit: 'audit_crosssite0000000000', back: '/dashboard' },
    'app/dashboard/keys/actions.ts#createRestrictedKeyAction': { name: `Cross-site ${run}`, mode: 'test', permissions: 'payments.read' },
    'app/dashboard/keys/actions.ts#revokeRestrictedKeyAction': { keyId: 'key_crosssite0000000000' },
    'app/dashboard/payments/[id]/refund-actions.ts#approveRefundAction': { refund: o.refund },
    'app/dashboard/payments/[id]/refund-actions.ts#rejectRefundAction': { refund: o.refund, reason: 'cross-site' },
    'app/dashboard/refunds/actions.ts#setApprovalThresholdsAction': { 'threshold.XOF': '1' },
    // Rail account approvals (issue 29, item 4).
    'app/dashboard/payment-methods/actions.ts#setRailApprovalAction': { approval: 'off' },
    'app/dashboard/payment-methods/actions.ts#approveRailChangeAction': { change: 'rachg_crosssite0000000000' },
    'app/dashboard/payment-methods/actions.ts#rejectRailChangeAction': { change: 'rachg_crosssite0000000000', reason: 'cross-site' },
    'app/dashboard/payment-methods/actions.ts#withdrawRailChangeAction': { change: 'rachg_crosssite0000000000' },
  };
}

/** The page an action is posted to: one of the pages that carry it, its [id] filled in. */
function pagePath(pages: string[], o: Objects): string {
  const p = pages.find((x) => !x.includes('[')) ?? pages[0]!;
  return p
    .replace(/^app/, '')
    .replace(/\/page$/, '')
    .replace('[id]', o.intent)
    .replace('[token]', INVITE_TOKEN);
}

async function post(request: APIRequestContext, url: string, actionId: string, fields: Record<string, string>, headers: Record<string, string>) {
  const res = await request.post(url, {
    multipart: { [`$ACTION_ID_${actionId}`]: '', ...fields },
    headers,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  return {
    status: res.status(),
    location: res.headers().location ?? null,
    setCookie: res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value),
  };
}

// The e2e specs share the demo merchant: the endpoint this spec makes (which would get a delivery of
// every later event of the merchant) is deleted after it, passed or failed.
let endpointMade: string | null = null;
test.afterEach(async ({ request }) => {
  if (!endpointMade) return;
  const res = await request.fetch(`/v1/webhook_endpoints/${endpointMade}`, { method: 'DELETE', headers: { authorization: `Bearer ${keys().test}` } });
  expect(res.status()).toBe(200);
  endpointMade = null;
});

test('[DASHBOARD]: every server action replayed cross-site with a signed-in cookie is refused, and nothing changes', async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  // Objects of the merchant that the actions would change.
  const product = await api(request, 'POST', '/v1/products', { name: `Kept ${run}` });
  const price = await api(request, 'POST', '/v1/prices', { productId: product.id, currency: 'XOF', unitAmount: 1500 });
  const link = await api(request, 'POST', '/v1/payment_links', { priceId: price.id });
  const endpoint = await api(request, 'POST', '/v1/webhook_endpoints', { url: `http://127.0.0.1:9/kept-${run}`, enabledEvents: ['*'] });
  endpointMade = endpoint.id;
  const intent = await api(request, 'POST', '/v1/payment_intents', { amount: 2500, currency: 'XOF', rail: 'mobile_money_a', reference: `cross-${run}` });
  const paid = await api(request, 'POST', '/v1/payment_intents', { amount: 3000, currency: 'XOF', rail: 'mobile_money_a', reference: `cross-paid-${run}` });
  await api(request, 'POST', `/v1/test_helpers/payment_intents/${paid.id}/pay`, {});
  // A test amount ending in 17: a manual refund, waiting for the merchant (cancel and mark would change it).
  const refund = await api(request, 'POST', '/v1/refunds', { paymentIntentId: paid.id, amount: 1017 });
  expect(refund.nextAction.type).toBe('manual_refund');
  const o: Objects = { product: product.id, price: price.id, link: link.id, endpoint: endpoint.id, intent: intent.id, paid: paid.id, refund: refund.id };
  const count = async (p: string) => (await api(request, 'GET', `${p}?limit=100`)).data.length as number;
  const before = {
    products: await count('/v1/products'),
    prices: await count('/v1/prices'),
    links: await count('/v1/payment_links'),
    endpoints: await count('/v1/webhook_endpoints'),
  };

  // Signed in through the page, as the user would be.
  const u = user();
  await page.goto('/dashboard/sign-in');
  await page.getByLabel(/Email|e-mail/).fill(u.email);
  await page.getByLabel(/Password|Mot de passe/).fill(u.password);
  await page.getByRole('button', { name: /Sign in|Se connecter/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = (await page.context().cookies()).find((c) => c.name === 'caisse_session');
  expect(session).toBeDefined();
  const cookie = `caisse_session=${session!.value}`;

  const actions = dashboardActions();
  const fields = fieldsOf(o);
  // Every action of app/dashboard is in the table (a new one must say which fields would make it act).
  expect(actions.map((a) => `${a.file}#${a.name}`).sort()).toEqual(Object.keys(fields).sort());

  for (const a of actions) {
    const url = pagePath(a.pages, o);
    const f = fields[`${a.file}#${a.name}`]!;
    const shapes: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, { referer: `${FOREIGN}/offer.html` }];
    for (const shape of shapes) {
      const r = await post(request, url, a.id, f, { cookie, ...shape });
      expect({ action: `${a.file}#${a.name}`, shape, status: r.status, location: r.location }).toEqual({
        action: `${a.file}#${a.name}`,
        shape,
        status: 303,
        location: '/dashboard/sign-in?error=origin',
      });
      expect(r.setCookie, `${a.name} set no cookie`).toEqual([]);
    }
    // A foreign Origin: Next.js refuses the request before any action runs.
    const r = await post(request, url, a.id, f, { cookie, origin: FOREIGN, 'sec-fetch-site': 'cross-site' });
    expect(r.status, `${a.name} with a foreign Origin`).toBeGreaterThanOrEqual(400);
    expect(r.setCookie).toEqual([]);
  }

  // Nothing changed: the objects, the keys (this API call uses the key a roll would revoke), the
  // session (still signed in, still in test mode, in the language it had), the users.
  expect(await api(request, 'GET', `/v1/products/${product.id}`)).toMatchObject({ active: true, name: `Kept ${run}` });
  expect(await api(request, 'GET', `/v1/prices/${price.id}`)).toMatchObject({ active: true });
  expect(await api(request, 'GET', `/v1/payment_links/${link.id}`)).toMatchObject({ active: true });
  expect(await api(request, 'GET', `/v1/webhook_endpoints/${endpoint.id}`)).toMatchObject({ status: 'enabled' });
  expect(await api(request, 'GET', `/v1/payment_intents/${intent.id}`)).toMatchObject({ status: 'requires_payment_method' });
  expect(await api(request, 'GET', `/v1/refunds/${refund.id}`)).toMatchObject({ status: 'requires_action', operatorReference: null });
  expect((await api(request, 'GET', `/v1/refunds?paymentIntentId=${paid.id}`)).data.map((r: { id: string }) => r.id)).toEqual([refund.id]);
  expect(await api(request, 'GET', `/v1/payment_intents/${paid.id}`)).toMatchObject({ amountReceived: 3000, amountRefunded: 0 });
  expect(await api(request, 'GET', '/v1/account')).toMatchObject({ timeZone: 'Africa/Abidjan' });
  expect((await api(request, 'GET', '/v1/report_runs?limit=100')).data.filter((r: { from: string }) => r.from === '2026-01-02')).toEqual([]);
  expect((await api(request, 'GET', '/v1/reconciliations?limit=100')).data.filter((r: { from: string }) => r.from === '2026-01-02')).toEqual([]);
  expect({
    products: await count('/v1/products'),
    prices: await count('/v1/prices'),
    links: await count('/v1/payment_links'),
    endpoints: await count('/v1/webhook_endpoints'),
  }).toEqual(before);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('note')).toHaveText(/Test mode|Mode test/);
  await page.goto('/dashboard/users');
  await expect(page.getByText(`invited-${run}@attacker.example`)).toHaveCount(0);
  await expect(page.getByRole('cell', { name: `${u.email} (you)` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Require two-step sign-in|Exiger la connexion en deux étapes/ })).not.toBeChecked();
  await page.goto('/dashboard/account');
  await expect(page.getByText(/^(Off|Désactivée)\.$/)).toBeVisible();

  // The same replay from our own origin goes through (the refusals above were the check, not a malformed request).
  const create = actions.find((a) => a.name === 'createProductAction')!;
  const ok = await post(request, pagePath(create.pages, o), create.id, { name: `Same-site ${run}` }, { cookie, origin: new URL(baseURL!).origin });
  expect(ok.status).toBe(303);
  expect(ok.location).toMatch(/^\/dashboard\/products\/prod_/);
  expect(await count('/v1/products')).toBe(before.products + 1);
  expect(keys().test).toMatch(/^sk_test_/);
  await request.dispose();
});
