// [PAYMENT METHODS] The dashboard's Payment methods page (issue 26, item 7) in Chromium at 360 px:
// every rail with who takes its payments and a connect form, no horizontal scroll, axe-clean; then,
// without JavaScript, connect an on-chain account in test mode (the published BIP84 vector's zpub,
// on the fake Esplora of test/fakes/esplora.ts, which this spec starts), see its first receive
// addresses, never the key, and disable it behind its confirmation box.
//
// Then approvals (issue 29), with JavaScript: the owner invites a second owner by link, turns on
// "another owner's approval", connects an account: nothing is connected until the second owner,
// having compared its first receive address, approves it in her own browser; then he asks to
// disable it: it waits (still taking payments) until she approves it too; turning approval off
// waits for her too. The audit log has each step.
//
// The dashboard user is the one e2e/serve.sh made (.data-e2e/user.json). The accounts this spec
// connects (test mode) are disabled before it ends, and approval is off again, so later specs see
// the simulator and the merchant as before.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type FakeEsplora, startFakeEsplora } from '../test/fakes/esplora';
import { expectAccessible, expectAccessibleWithoutJs, fitsWidth } from './checkout-helpers';
import { acceptInvitation, englishContext, inviteByLink, signIn } from './dashboard-helpers';
import { api } from './fixtures';

const SHOTS = path.join(process.cwd(), 'test-results', 'dashboard');
// A test-mode account takes a testnet key (a vpub of a wallet made for this spec) and shows its first addresses.
const ZPUB = 'vpub5ZMGqWnzwfRVXPJbzdseh3GeZZxxp9apgA2iRcgWb3uiFk2knV9unkD8uZgX95e3vdLLjZP86BUxY6p8svtcCGndq8aPwM6AccgQfk1KZb3';
const FIRST_ADDRESS = 'tb1q72xweewm4uvlkgzevmewy0dk3mmpymgr3n58qx';

let esplora: FakeEsplora;
test.beforeAll(async () => {
  esplora = await startFakeEsplora();
});
test.afterAll(async () => {
  await esplora.close();
});

test('[PAYMENT METHODS]: every rail at 360 px with who takes its payments and its connect form; no horizontal scroll; axe', async ({ browser }) => {
  const ctx = await englishContext(browser);
  const page = await ctx.newPage();
  try {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payment methods' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment-methods$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
    for (const name of ['Mobile money A · MTN MoMo', 'Bitcoin Lightning', 'Bitcoin (on-chain)', 'USDT (TRC-20)'])
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    const btc = page.locator('#rail-btc_onchain');
    await btc.getByText('Connect your account').click();
    const key = btc.getByLabel('Extended public key (zpub, BIP84)');
    await expect(key).toBeVisible();
    await expect(key).toHaveAttribute('type', 'password');
    await expect(key).toHaveValue('');
    await expect(btc.getByLabel('Esplora URL')).toBeVisible();
    await expect(btc.getByRole('button', { name: 'Connect' })).toBeVisible();
    // A mobile-money form: the operator's words, currencies as boxes.
    const momo = page.locator('#rail-mobile_money_a');
    await momo.getByText('Connect your account').click();
    await expect(momo.getByLabel('Collection subscription key (Ocp-Apim-Subscription-Key)')).toHaveAttribute('type', 'password');
    await expect(momo.getByRole('checkbox', { name: 'XOF' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page);
  } finally {
    await ctx.close();
  }
});

test.describe('without JavaScript', () => {
  test('[PAYMENT METHODS]: connect an on-chain account, compare its first addresses, never see the key again, disable it', async ({ browser }) => {
    const ctx = await englishContext(browser, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    try {
      await signIn(page);
      await page.goto('/dashboard/payment-methods');
      const btc = page.locator('#rail-btc_onchain');
      await expect(btc.getByText('Simulator', { exact: true })).toBeVisible();
      await btc.getByText('Connect your account').click();
      await btc.getByLabel('Name (optional)').fill('Shop wallet');
      await btc.getByLabel('Extended public key (zpub, BIP84)').fill(ZPUB);
      // A backend that refuses first: its reason, the URL typed kept, the key not.
      await btc.getByLabel('Esplora URL').fill('http://127.0.0.1:9/api');
      await btc.getByRole('button', { name: 'Connect' }).click();
      await expect(page).toHaveURL(/\/dashboard\/payment-methods#rail-btc_onchain$/);
      await expect(btc.getByRole('alert')).toContainText('The backend refused these settings.');
      await expect(btc.getByRole('alert')).toContainText('Nothing was saved');
      await expect(btc.getByLabel('Esplora URL')).toHaveValue('http://127.0.0.1:9/api');
      await expect(btc.getByLabel('Name (optional)')).toHaveValue('Shop wallet');
      await expect(btc.getByLabel('Extended public key (zpub, BIP84)')).toHaveValue('');
      expect(await page.content()).not.toContain(ZPUB);

      await btc.getByLabel('Extended public key (zpub, BIP84)').fill(ZPUB);
      await btc.getByLabel('Esplora URL').fill(esplora.url);
      await btc.getByRole('button', { name: 'Connect' }).click();
      await expect(btc.getByRole('status')).toContainText('Account connected');
      await expect(btc.getByText('Your account', { exact: true })).toBeVisible();
      await expect(btc.getByText(FIRST_ADDRESS)).toBeVisible();
      await expect(btc.getByText('Compare them with your wallet before a buyer pays')).toBeVisible();
      await expect(btc.locator('dd code', { hasText: `•••• ${ZPUB.slice(-4)} (fingerprint` })).toBeVisible();
      expect(await page.content()).not.toContain(ZPUB);
      expect(await fitsWidth(page)).toBe(true);
      fs.mkdirSync(SHOTS, { recursive: true });
      await btc.screenshot({ path: path.join(SHOTS, 'payment-methods-onchain-360.png') });
      await expectAccessibleWithoutJs(page, browser);

      await btc.getByRole('button', { name: 'Test the connection' }).click();
      await expect(btc.getByRole('status')).toContainText('Connection tested');

      // Disable: a second state of the page, the box to tick (the browser asks for it), then done.
      await btc.getByRole('link', { name: 'Disable…' }).click();
      await expect(btc.getByRole('heading', { name: 'Disable this account?' })).toBeVisible();
      await btc.getByRole('checkbox', { name: /I understand new payments will no longer use this account/ }).check();
      await btc.getByRole('button', { name: 'Disable the account' }).click();
      await expect(btc.getByRole('status')).toContainText('Account disabled');
      await expect(btc.getByText('Simulator', { exact: true })).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

test('[PAYMENT METHODS]: with approval on, a connection and a disabling asked by one owner wait until another approves them; turning approval off waits too', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Math.random().toString(36).slice(2, 8);
  const aCtx = await englishContext(browser);
  const bCtx = await englishContext(browser);
  try {
    const a = await aCtx.newPage();
    await signIn(a);
    // A second owner, by a one-time link.
    await a.goto('/dashboard/users');
    const link = await inviteByLink(a, `associee-${run}@boutique-awa.test`, 'owner', 'Owner');
    const b = await bCtx.newPage();
    await acceptInvitation(b, link, `deuxieme proprietaire ${run}`);

    // Approval on; connecting an account waits for the second owner: nothing connected until then.
    await a.goto('/dashboard/payment-methods');
    const approvals = a.locator('#approvals');
    await approvals.getByRole('button', { name: 'Require another owner’s approval' }).click();
    await expect(approvals.getByRole('status')).toContainText('Approval turned on');
    expect((await api(a.request, 'GET', '/v1/account')).railAccountApproval).toBe(true);
    const btc = a.locator('#rail-btc_onchain');
    await btc.getByText('Connect your account').click();
    await btc.getByLabel('Extended public key (zpub, BIP84)').fill(ZPUB);
    await btc.getByLabel('Esplora URL').fill(esplora.url);
    await btc.getByRole('button', { name: 'Connect' }).click();
    await expect(btc.getByRole('status')).toContainText('Saved for approval: the connection waits for another owner’s approval');
    await expect(btc.getByText('Connecting an account on this rail waits for another owner’s approval.')).toBeVisible();
    await expect(btc.getByText('Simulator', { exact: true })).toBeVisible();
    expect((await api(a.request, 'GET', '/v1/rail_accounts?rail=btc_onchain&status=active')).data).toEqual([]);
    const connectTitle = 'Connection of an account for Bitcoin (on-chain)';
    await expect(approvals.getByRole('button', { name: `Approve: ${connectTitle}` })).toHaveCount(0);
    await expect(approvals.getByRole('button', { name: `Withdraw my request: ${connectTitle}` })).toBeVisible();
    await expect(approvals.getByText(FIRST_ADDRESS)).toBeVisible();
    expect(await a.content()).not.toContain(ZPUB);
    expect(await fitsWidth(a)).toBe(true);
    await expectAccessible(a);
    // The second owner compares its first receive address with the wallet's, and approves it: connected.
    await b.goto('/dashboard/payment-methods');
    await expect(b.locator('#approvals').getByText(FIRST_ADDRESS)).toBeVisible();
    await b
      .locator('#approvals')
      .getByRole('button', { name: `Approve: ${connectTitle}` })
      .click();
    await expect(b.locator('#approvals').getByRole('status')).toContainText('Change approved and applied.');
    await a.goto('/dashboard/payment-methods');
    await expect(btc.getByText('Your account', { exact: true })).toBeVisible();

    // Then its disabling asked for.
    await btc.getByRole('link', { name: 'Disable…' }).click();
    await btc.getByRole('checkbox', { name: /I understand new payments will no longer use this account/ }).check();
    await btc.getByRole('button', { name: 'Disable the account' }).click();
    await expect(btc.getByRole('status')).toContainText('The disabling waits for another owner’s approval');
    await expect(btc.getByText('A change of this account waits for another owner’s approval.')).toBeVisible();
    const [account] = (await api(a.request, 'GET', '/v1/rail_accounts?rail=btc_onchain&status=active')).data;
    expect(account).toMatchObject({ status: 'active', pendingChange: { action: 'disable', status: 'pending_approval' } });
    // Its author cannot approve it: only Withdraw.
    const title = 'Disabling of the account Bitcoin (on-chain)';
    await expect(approvals.getByRole('button', { name: `Approve: ${title}` })).toHaveCount(0);
    await expect(approvals.getByRole('button', { name: `Withdraw my request: ${title}` })).toBeVisible();
    expect(await fitsWidth(a)).toBe(true);
    await expectAccessible(a);
    fs.mkdirSync(SHOTS, { recursive: true });
    await approvals.screenshot({ path: path.join(SHOTS, 'payment-methods-approvals-360.png') });

    // The second owner approves it: disabled.
    await b.goto('/dashboard/payment-methods');
    await b
      .locator('#approvals')
      .getByRole('button', { name: `Approve: ${title}` })
      .click();
    await expect(b.locator('#approvals').getByRole('status')).toContainText('Change approved and applied.');
    expect((await api(a.request, 'GET', `/v1/rail_accounts/${account.id}`)).status).toBe('disabled');
    expect(await fitsWidth(b)).toBe(true);
    await expectAccessible(b);

    // Turning approval off waits for the second owner too.
    await a.goto('/dashboard/payment-methods');
    await approvals.getByRole('button', { name: 'Stop requiring approval' }).click();
    await expect(approvals.getByRole('status')).toContainText('Turning approval off waits for another owner’s approval');
    expect((await api(a.request, 'GET', '/v1/account')).railAccountApproval).toBe(true);
    await b.goto('/dashboard/payment-methods');
    await b.locator('#approvals').getByRole('button', { name: 'Approve: Turning approval of changes off' }).click();
    await expect(b.locator('#approvals').getByRole('status')).toContainText('Change approved and applied.');
    expect((await api(a.request, 'GET', '/v1/account')).railAccountApproval).toBe(false);

    // The audit log: asked for by one owner, approved by the other.
    await a.goto('/dashboard/audit');
    const rows = a.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: 'rail_account.change_requested' }).first()).toContainText(
      JSON.parse(fs.readFileSync(path.join(process.cwd(), '.data-e2e', 'user.json'), 'utf8')).user.email,
    );
    await expect(rows.filter({ hasText: 'rail_account.change_approved' }).first()).toContainText(`associee-${run}@boutique-awa.test`);
    await expect(rows.filter({ hasText: 'rail_account.created' }).first()).toContainText(`associee-${run}@boutique-awa.test`);
    await expect(rows.filter({ hasText: 'rail_account.disabled' }).first()).toBeVisible();
  } finally {
    await aCtx.close();
    await bCtx.close();
  }
});
