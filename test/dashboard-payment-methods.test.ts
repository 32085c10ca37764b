// The dashboard's Payment methods page (issue 26, item 7): its server actions called as a form
// post would call them, and the page rendered on the server after each, with a signed-in merchant
// in test mode (a test-mode account is built with the live definitions: here an on-chain account
// on the fake Esplora of test/fakes/esplora.ts, with the published BIP84 vector's zpub). Connect
// (its first receive addresses shown, the key never), a refused check (the backend's reason shown,
// what was typed kept but the secret), test the connection, change the settings (a secret left
// empty is kept), disable behind its confirmation. And the form reading, and testRailAccount.
import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@/lib/errors';
import { newAccountKey } from './adapter-helpers';
import { newMerchant, useDatabase } from './api';
import { formOf, postAction } from './dashboard-forms';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';

const { db } = useDatabase();

/** The signed-in session the mocked context gives every page and action. */
const session = { merchantId: '', livemode: false, locale: 'en' as 'en' | 'fr', token: '', timeZone: 'Africa/Abidjan' };

vi.mock('@/lib/dashboard/context', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/dashboard/context')>();
  const ctx = async () => ({
    db: db(),
    user: { id: 'user_test', email: 'owner@shop.example', merchantId: session.merchantId, disabled: false, createdAt: 0 },
    merchantId: session.merchantId,
    livemode: session.livemode,
    scope: { merchantId: session.merchantId, livemode: session.livemode },
    token: session.token,
    locale: session.locale,
    timeZone: session.timeZone,
  });
  return { ...real, dashboardContext: ctx, dashboardAction: ctx, currentContext: ctx, routeContext: ctx, dashboardLocale: async () => session.locale };
});

const { connectRailAction, updateRailAction, testRailAction, disableRailAction } = await import('@/app/dashboard/payment-methods/actions');
const { default: PaymentMethodsPage } = await import('@/app/dashboard/payment-methods/page');
const { readCreateForm, readUpdateForm, keptValues, settingInput } = await import('@/lib/dashboard/payment-methods');
const { testRailAccount, listRailAccounts, listRailAccountsQuery } = await import('@/lib/domain/rail-accounts');
const { paymentMethodsMessages } = await import('@/lib/i18n/payment-methods');

/** Each merchant's test-mode wallet account key (a testnet vpub; one key serves one merchant in one mode). */
const wallets = new Map<string, ReturnType<typeof newAccountKey>>();
const walletOf = (merchantId: string) => wallets.get(merchantId) ?? wallets.set(merchantId, newAccountKey('testnet')).get(merchantId)!;
/** The signed-in merchant's. */
const wallet = () => walletOf(session.merchantId);

// The suite's key ring (vitest.config.ts CAISSE_ENCRYPTION_KEY): on PostgreSQL the files of a worker
// share a database, and a server another file starts on it must open every account.

let esplora: FakeEsplora;
beforeAll(async () => {
  esplora = await startFakeEsplora();
  session.merchantId = (await newMerchant(db(), 'Methods shop')).merchant.id;
  session.token = randomBytes(24).toString('base64url');
});
afterAll(async () => {
  await esplora.close();
});

/** Run a server action; it must end in a redirect: where to. */
const post = postAction;

/** The page as the server renders it (and takes its one-time flash). */
async function page(query: Record<string, string> = {}): Promise<string> {
  return renderToStaticMarkup(createElement('div', null, await PaymentMethodsPage({ searchParams: Promise.resolve(query) })));
}

/** One rail's section of the page. */
function section(html: string, rail: string): string {
  const start = html.indexOf(`id="rail-${rail}"`);
  expect(start, rail).toBeGreaterThan(0);
  const end = html.indexOf('<section class="db-section pm-rail"', start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** The opening tag of the element whose attributes include `attr` (whatever their order). */
function tag(html: string, attr: string): string {
  const at = html.indexOf(attr);
  expect(at, attr).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const onchain = (extra: Record<string, string> = {}) => ({
  rail: 'btc_onchain',
  [settingInput('accountKey')]: wallet().key,
  [settingInput('esploraUrl')]: esplora.url,
  ...extra,
});

async function ownAccount() {
  const list = await listRailAccounts(db(), { merchantId: session.merchantId, livemode: false }, listRailAccountsQuery.parse({ status: 'active' }));
  return list.data.find((a) => a.rail === 'btc_onchain') ?? null;
}

// The tests of this file are the steps of one story (accounts made, then read, changed, tested,
// disabled): they run in their order, whatever the suite's shuffle.
describe('the Payment methods page and its forms, in order', { shuffle: false }, () => {
  describe('the Payment methods page', () => {
    it('lists every rail in the mode with who takes its payments, and a connect form per rail (secrets as empty password fields)', async () => {
      const html = await page();
      const words = text(html);
      for (const label of [
        'Mobile money A · MTN MoMo',
        'Mobile money B · Orange Money',
        'Mobile money D · Wave',
        'Bitcoin Lightning',
        'Bitcoin (on-chain)',
        'USDT (TRC-20)',
      ])
        expect(words).toContain(label);
      // Test mode without accounts: the simulator, said in words.
      expect(words).toContain('test payments on it go to Caisse’s simulator');
      const btc = section(html, 'btc_onchain');
      expect(btc).toContain('Extended public key (zpub, BIP84)');
      const key = tag(btc, 'id="btc_onchain-connect-accountKey"');
      for (const a of ['type="password"', 'autoComplete="off"', 'required=""', 'name="s.accountKey"']) expect(key).toContain(a);
      expect(key).not.toContain('value=');
      expect(tag(btc, 'id="btc_onchain-connect-esploraUrl"')).toContain('type="url"');
      // Mobile money: currencies as checkboxes, limits as whole numbers, the callback URL a URL.
      const momo = section(html, 'mobile_money_a');
      for (const c of ['XOF', 'XAF', 'GNF']) expect(momo).toContain(`type="checkbox" name="s.currencies" value="${c}"`);
      expect(tag(momo, 'name="s.minAmount"')).toContain('inputMode="numeric"');
      expect(tag(momo, 'name="s.callbackUrl"')).toContain('type="url"');
      expect(tag(momo, 'name="s.apiKey"')).toContain('type="password"');
      expect(tag(momo, 'name="s.subscriptionKey"')).toContain('type="password"');
      // Wave's webhook URL comes once the account exists (it names the account).
      expect(text(section(html, 'mobile_money_d'))).toContain('this page shows its notification URL');
    });

    it('a form problem comes back in the merchant’s words, with what was typed but the secrets', async () => {
      const to = await post(connectRailAction, { rail: 'btc_onchain', [settingInput('esploraUrl')]: esplora.url, displayName: 'Shop wallet' });
      expect(to).toBe('/dashboard/payment-methods#rail-btc_onchain');
      const btc = section(await page(), 'btc_onchain');
      expect(text(btc)).toContain('“Extended public key (zpub, BIP84)” is required.');
      expect(btc).toContain('<details class="pm-details" open="">');
      expect(btc).toContain(`value="${esplora.url}"`);
      expect(btc).toContain('value="Shop wallet"');
      expect(tag(btc, 'id="btc_onchain-connect-accountKey"')).toContain('aria-invalid="true"');
      // The flash is taken once: a reload shows the plain form again.
      expect(section(await page(), 'btc_onchain')).not.toContain('is required');
    });

    it('a check the backend refuses shows its reason, saves nothing, keeps the URL typed and never the key', async () => {
      const to = await post(connectRailAction, onchain({ [settingInput('esploraUrl')]: 'http://127.0.0.1:9/api' }));
      expect(to).toBe('/dashboard/payment-methods#rail-btc_onchain');
      const html = await page();
      const btc = text(section(html, 'btc_onchain'));
      expect(btc).toContain('The backend refused these settings.');
      expect(btc).toMatch(/The btc_onchain backend did not accept these settings: .+\. Nothing was saved\./);
      expect(btc).toContain('The secrets you typed were not kept: enter them again.');
      expect(section(html, 'btc_onchain')).toContain('value="http://127.0.0.1:9/api"');
      expect(html).not.toContain(wallet().key);
      expect(await ownAccount()).toBeNull();
    });

    it('connects an on-chain account: its first addresses to compare with the wallet, the key only as last four and fingerprint', async () => {
      const to = await post(connectRailAction, onchain({ displayName: 'Shop wallet' }));
      expect(to).toBe('/dashboard/payment-methods#rail-btc_onchain');
      const account = (await ownAccount())!;
      expect(account).toMatchObject({ displayName: 'Shop wallet', status: 'active', version: 1, livemode: false, settings: { esploraUrl: esplora.url } });
      const html = await page();
      const btc = section(html, 'btc_onchain');
      const words = text(btc);
      expect(words).toContain('Account connected: compare its first receive addresses below with your wallet.');
      expect(words).toContain('Your account');
      for (const a of [wallet().address(0), wallet().address(1)]) expect(btc).toContain(a);
      expect(words).toContain('Compare them with your wallet before a buyer pays');
      expect(words).toContain(`•••• ${wallet().key.slice(-4)} (fingerprint ${account.secrets.accountKey!.fingerprint})`);
      // The update form: the key's field empty, said to be kept; the URL filled in.
      const key = tag(btc, 'id="btc_onchain-update-accountKey"');
      expect(key).toContain('type="password"');
      expect(key).not.toContain('value=');
      expect(key).not.toContain('required');
      expect(words).toContain(`Leave empty to keep the current one (•••• ${wallet().key.slice(-4)}`);
      expect(html).not.toContain(wallet().key);
      // A second account on the rail in this mode is refused in words, nothing typed lost.
      await post(connectRailAction, onchain());
      expect(text(section(await page(), 'btc_onchain'))).toContain('This rail already has an enabled account in this mode');
    });

    it('tests the connection: the backend’s answer, ok or its reason', async () => {
      const account = (await ownAccount())!;
      await post(testRailAction, { accountId: account.id });
      expect(text(section(await page(), 'btc_onchain'))).toContain('Connection tested: the Bitcoin (on-chain) backend accepts this account’s settings.');
      esplora.failNext(503, 1, /blocks\/tip/);
      await post(testRailAction, { accountId: account.id });
      const words = text(section(await page(), 'btc_onchain'));
      expect(words).toContain('The connection test failed.');
      expect(words).toMatch(/The Bitcoin \(on-chain\) backend answered: .*503/);
    });

    it('changes the settings: a secret left empty is kept, a new version is checked first', async () => {
      const account = (await ownAccount())!;
      const url = `${esplora.url}/`;
      await post(updateRailAction, {
        rail: 'btc_onchain',
        accountId: account.id,
        displayName: '',
        [settingInput('accountKey')]: '',
        [settingInput('esploraUrl')]: url,
      });
      const after = (await ownAccount())!;
      expect(after).toMatchObject({ id: account.id, version: 2, displayName: null, settings: { esploraUrl: url }, secrets: account.secrets });
      expect(text(section(await page(), 'btc_onchain'))).toContain('Settings saved (version 2).');
      // A required setting emptied is a problem, named; nothing changes.
      await post(updateRailAction, { rail: 'btc_onchain', accountId: account.id, [settingInput('esploraUrl')]: ' ' });
      expect(text(section(await page(), 'btc_onchain'))).toContain('“Esplora URL” is required.');
      expect((await ownAccount())!.version).toBe(2);
    });

    it('disables behind a confirmation: the page says what happens next; without the box ticked nothing changes', async () => {
      const account = (await ownAccount())!;
      const confirm = section(await page({ disable: account.id }), 'btc_onchain');
      expect(text(confirm)).toContain('Disable this account?');
      expect(text(confirm)).toContain('I understand new payments will no longer use this account; open ones are still followed to the end.');
      expect(tag(confirm, 'name="understood"')).toContain('required=""');
      expect(await post(disableRailAction, { rail: 'btc_onchain', accountId: account.id })).toBe(
        `/dashboard/payment-methods?disable=${account.id}#rail-btc_onchain`,
      );
      expect(text(section(await page({ disable: account.id }), 'btc_onchain'))).toContain('Tick the box to confirm');
      expect((await ownAccount())?.id).toBe(account.id);
      await post(disableRailAction, { rail: 'btc_onchain', accountId: account.id, understood: 'yes' });
      expect(await ownAccount()).toBeNull();
      const words = text(section(await page(), 'btc_onchain'));
      expect(words).toContain('Account disabled.');
      expect(words).toContain('Simulator');
      expect(words).toContain(`Disabled accounts: ${account.id}, disabled`);
    });

    it('another merchant’s account is a 404, never a flash', async () => {
      const other = (await newMerchant(db(), 'Other shop')).merchant.id;
      const mine = { ...session };
      session.merchantId = other;
      try {
        await post(connectRailAction, onchain());
      } finally {
        Object.assign(session, mine);
      }
      const theirs = (await listRailAccounts(db(), { merchantId: other, livemode: false }, listRailAccountsQuery.parse({ status: 'active' }))).data[0]!;
      for (const action of [testRailAction, disableRailAction, updateRailAction]) {
        const err = await action(formOf({ rail: 'btc_onchain', accountId: theirs.id, understood: 'yes', [settingInput('esploraUrl')]: esplora.url })).then(
          () => null,
          (e: unknown) => e,
        );
        expect((err as { digest?: string }).digest).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
      }
      expect((await testRailAccount(db(), { merchantId: other, livemode: false }, theirs.id)).ok).toBe(true);
    });

    it('live mode: its own accounts only; a rail the deployment does not offer is “not available”', async () => {
      session.livemode = true;
      try {
        const html = await page();
        expect(text(html)).toContain('Live mode: the accounts connected here receive real money.');
        const btc = text(section(html, 'btc_onchain'));
        expect(btc).toContain('Not available');
        expect(btc).not.toContain('Your account');
        expect(btc).not.toContain(wallet().address(0));
      } finally {
        session.livemode = false;
      }
    });

    it('French: the page and its fields in French, the operator’s words', async () => {
      session.locale = 'fr';
      try {
        const words = text(await page());
        expect(words).toContain('Moyens de paiement');
        expect(words).toContain('Clé publique étendue (zpub, BIP84)');
        expect(words).toContain('Connecter votre compte');
      } finally {
        session.locale = 'en';
      }
    });
  });

  describe('the forms, read', () => {
    const momo = (fields: Record<string, string | string[]>) => formOf(fields);

    it('integers and currencies typed (at the top of the account); empty means not set', () => {
      const read = readCreateForm(
        'mobile_money_a',
        momo({
          [settingInput('baseUrl')]: ' https://sandbox.momodeveloper.mtn.com ',
          [settingInput('subscriptionKey')]: 'sub-key-1234567890',
          [settingInput('apiUser')]: 'b0e2c1b4-1111-4b4b-9b9b-123456789abc',
          [settingInput('apiKey')]: 'api-key-1234567890',
          [settingInput('targetEnvironment')]: 'sandbox',
          [settingInput('currencies')]: ['XOF', 'XAF', 'XOF'],
          [settingInput('minAmount')]: '1 000',
          [settingInput('maxAmount')]: '',
          displayName: '  ',
        }),
      );
      expect(read).toEqual({
        ok: true,
        input: {
          rail: 'mobile_money_a',
          settings: {
            baseUrl: 'https://sandbox.momodeveloper.mtn.com',
            subscriptionKey: 'sub-key-1234567890',
            apiUser: 'b0e2c1b4-1111-4b4b-9b9b-123456789abc',
            apiKey: 'api-key-1234567890',
            targetEnvironment: 'sandbox',
          },
          currencies: ['XOF', 'XAF'],
          minAmount: 1000,
        },
      });
      for (const bad of ['abc', '-5', '0', '1.5', '1e3'])
        expect(readCreateForm('mobile_money_a', momo({ [settingInput('minAmount')]: bad })), bad).toMatchObject({
          ok: false,
          field: 'minAmount',
          problem: 'integer',
        });
      expect(readCreateForm('mobile_money_a', momo({ [settingInput('currencies')]: ['XOF', 'EUR'] }))).toMatchObject({
        ok: false,
        field: 'currencies',
        problem: 'currency',
      });
      expect(readCreateForm('mobile_money_a', momo({}))).toMatchObject({ ok: false, field: 'baseUrl', problem: 'required' });
    });

    it('an update: every setting as shown, an optional one emptied removed (null), a secret left empty left out (kept)', () => {
      const read = readUpdateForm(
        'mobile_money_a',
        momo({
          [settingInput('baseUrl')]: 'https://sandbox.momodeveloper.mtn.com',
          [settingInput('subscriptionKey')]: '',
          [settingInput('apiUser')]: 'u',
          [settingInput('apiKey')]: 'new-key-1234567890',
          [settingInput('targetEnvironment')]: 'sandbox',
          [settingInput('minAmount')]: '',
          displayName: 'MTN',
        }),
      );
      expect(read).toEqual({
        ok: true,
        input: {
          displayName: 'MTN',
          settings: {
            baseUrl: 'https://sandbox.momodeveloper.mtn.com',
            apiUser: 'u',
            apiKey: 'new-key-1234567890',
            targetEnvironment: 'sandbox',
            callbackUrl: null,
            disbursementApiUser: null,
          },
          currencies: null,
          minAmount: null,
          amountStep: null,
          maxAmount: null,
        },
      });
    });

    it('what a refused form keeps: never a secret', () => {
      const kept = keptValues(
        'mobile_money_a',
        momo({ [settingInput('apiKey')]: 'api-key-1234567890', [settingInput('subscriptionKey')]: 'sub-key-1234567890', [settingInput('apiUser')]: 'u1' }),
      );
      expect(JSON.stringify(kept)).not.toContain('1234567890');
      expect(kept.values.apiUser).toBe('u1');
    });

    it('the strings have the same keys in French and English, none empty', () => {
      expect(Object.keys(paymentMethodsMessages.fr).sort()).toEqual(Object.keys(paymentMethodsMessages.en).sort());
      for (const table of [paymentMethodsMessages.fr, paymentMethodsMessages.en]) for (const [k, v] of Object.entries(table)) expect(v.trim(), k).not.toBe('');
    });
  });

  describe('testRailAccount', () => {
    it('asks the backend with the current version: ok, or its reason; nothing saved; another merchant’s is missing', async () => {
      const scope = { merchantId: (await newMerchant(db(), 'Check shop')).merchant.id, livemode: false };
      const { createRailAccount } = await import('@/lib/domain/rail-accounts');
      const made = await createRailAccount(db(), scope, {
        rail: 'btc_onchain',
        settings: { accountKey: walletOf(scope.merchantId).key, esploraUrl: esplora.url },
      });
      expect(await testRailAccount(db(), scope, made.id)).toEqual({ rail: 'btc_onchain', ok: true });
      esplora.failNext(503, 1, /blocks\/tip/);
      const refused = await testRailAccount(db(), scope, made.id);
      expect(refused).toMatchObject({ rail: 'btc_onchain', ok: false });
      expect((refused as { reason: string }).reason).toMatch(/503/);
      const after = await listRailAccounts(db(), scope, listRailAccountsQuery.parse({}));
      expect(after.data.map((a) => [a.id, a.version])).toEqual([[made.id, 1]]);
      const stranger = { merchantId: session.merchantId, livemode: false };
      await expect(testRailAccount(db(), stranger, made.id)).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'resource_missing');
      await expect(testRailAccount(db(), { ...scope, livemode: true }, made.id)).rejects.toSatisfy(
        (e) => e instanceof DomainError && e.code === 'resource_missing',
      );
    });
  });
});
