// /v1/rail_accounts through the real route handlers (test/api.ts `call`, every answer checked
// against the OpenAPI document): a merchant's own accounts, checked at a fake backend before they
// are saved (test/fakes: MTN MoMo, Esplora), their secrets write-only (last4 and fingerprint, in no
// answer, no event, not in the clear in the database), one enabled account per rail and mode,
// updates as new versions (a secret left out is kept), disable, events, and other merchants' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentKeyRing } from '@/lib/domain/merchant-rails';
import { fingerprintKey, resetKeyRingForTests, secretHint } from '@/lib/secrets';
import { newAccountKey } from './adapter-helpers';
import { type ApiResult, type CallOptions, call as callApi, newMerchant, useDatabase } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeMomo, startFakeMomo } from './fakes/momo';

const { db } = useDatabase();

/** The MTN MoMo API user of the fake operator; its key and subscription key are the secrets. */
const MOMO = { user: '6f1d3c2a-8b4e-4d7a-9c1f-2e5b7a9d0c34', key: 'momo-api-key-S3cr3t-0001', sub: 'momo-sub-key-S3cr3t-0002' };
const WRONG_KEY = 'momo-api-key-Wr0ng-9999';
/** The published BIP84 vector: m/84'/0'/0'/0/0 of its zpub. */
/** This file's test-mode wallet account key (a testnet vpub: a test-mode account is on the test network), and its first address. */
/** A secret's hint as this deployment's key ring makes it. */
const hint = (secret: string) => secretHint(secret, fingerprintKey(deploymentKeyRing()!));
const WALLET = newAccountKey('testnet');
const ZPUB = WALLET.key;
const FIRST_ADDRESS = WALLET.address(0);
/** Strings that must appear in no answer and no event. */
const SECRETS = [MOMO.key, MOMO.sub, WRONG_KEY, ZPUB];

let momo: FakeMomo;
let esplora: FakeEsplora;
let keys: { test: string; live: string };
let otherKeys: { test: string; live: string };

/** Every answer of this file, kept for the check that no secret is in any of them. */
const answers: unknown[] = [];
async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const res = await callApi<T>(method, path, opts);
  answers.push(res.body);
  return res;
}

const momoSettings = (over: Record<string, unknown> = {}) => ({
  baseUrl: momo.url,
  subscriptionKey: MOMO.sub,
  apiUser: MOMO.user,
  apiKey: MOMO.key,
  targetEnvironment: 'sandbox',
  ...over,
});
const basicOf = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
const tokenCalls = () => momo.requests.filter((r) => r.path === '/collection/token/');

beforeAll(async () => {
  momo = await startFakeMomo(MOMO);
  esplora = await startFakeEsplora();
  keys = (await newMerchant(db(), 'Rails shop')).keys;
  otherKeys = (await newMerchant(db(), 'Other shop')).keys;
});
afterAll(async () => {
  await momo?.close();
  await esplora?.close();
});

// The tests of this file are the steps of one story (accounts made, then read, changed, tested,
// disabled): they run in their order, whatever the suite's shuffle.
describe('rail accounts through the API, in order', { shuffle: false }, () => {
  describe('POST /v1/rail_accounts: checked at the backend, then saved with its secrets sealed', () => {
    it('btc_onchain in test mode: a read at the Esplora server first; the key is write-only, its first receive addresses shown', async () => {
      // The backend down (one read, answered 503): 400 with its reason, nothing saved.
      esplora.failNext(503, 1);
      const settings = { accountKey: ZPUB, esploraUrl: esplora.url };
      const down = await call('POST', '/v1/rail_accounts', { key: keys.test, body: { rail: 'btc_onchain', settings } });
      expect(down.status).toBe(400);
      expect(down.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rail_account_invalid', param: 'settings' });
      expect(down.body.error.message).toMatch(/^The btc_onchain backend did not accept these settings: .*HTTP 503.*Nothing was saved\.$/);
      expect((await call('GET', '/v1/rail_accounts', { key: keys.test })).body.data).toEqual([]);

      const res = await call('POST', '/v1/rail_accounts', { key: keys.test, body: { rail: 'btc_onchain', displayName: 'Cold wallet', settings } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        object: 'rail_account',
        rail: 'btc_onchain',
        protocol: null,
        displayName: 'Cold wallet',
        status: 'active',
        version: 1,
        settings: { esploraUrl: esplora.url },
        secrets: { accountKey: hint(ZPUB) },
        notifyUrl: null,
        livemode: false,
        disabledAt: null,
      });
      expect(res.body.id).toMatch(/^ra_/);
      expect(res.body.secrets.accountKey).toEqual({ last4: ZPUB.slice(-4), fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) });
      expect(res.body.receiveAddresses).toHaveLength(3);
      expect(res.body.receiveAddresses[0]).toBe(FIRST_ADDRESS);
      expect(new Set(res.body.receiveAddresses).size).toBe(3);
      expect(JSON.stringify(res.body)).not.toContain(ZPUB);
      expect(esplora.requests.some((r) => r.path === '/blocks/tip/height')).toBe(true);
    });

    it('mobile_money_a (MTN MoMo) in live mode: a refused API key is 400 with the backend’s reason; the right one makes the account', async () => {
      const before = tokenCalls().length;
      const refused = await call('POST', '/v1/rail_accounts', {
        key: keys.live,
        body: { rail: 'mobile_money_a', settings: momoSettings({ apiKey: WRONG_KEY }) },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rail_account_invalid', param: 'settings' });
      expect(refused.body.error.message).toMatch(
        /^The mobile_money_a backend did not accept these settings: token: .*HTTP 401.*login_failed.*Nothing was saved\.$/,
      );
      // It asked the operator for a token with those credentials.
      expect(tokenCalls().length).toBe(before + 1);
      expect(tokenCalls().at(-1)!.headers.authorization).toBe(basicOf(MOMO.user, WRONG_KEY));
      expect((await call('GET', '/v1/rail_accounts', { key: keys.live })).body.data).toEqual([]);

      const res = await call('POST', '/v1/rail_accounts', {
        key: keys.live,
        body: { rail: 'mobile_money_a', displayName: 'MTN MoMo CI', settings: momoSettings() },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        object: 'rail_account',
        rail: 'mobile_money_a',
        protocol: 'mtn_momo',
        displayName: 'MTN MoMo CI',
        status: 'active',
        version: 1,
        receiveAddresses: [],
        livemode: true,
      });
      expect(res.body.settings).toEqual({ baseUrl: momo.url, apiUser: MOMO.user, targetEnvironment: 'sandbox' });
      expect(res.body.secrets).toEqual({ subscriptionKey: hint(MOMO.sub), apiKey: hint(MOMO.key) });
      expect(res.body.secrets.apiKey.last4).toBe('0001');
      expect(res.body.notifyUrl).toBe(`http://localhost:3000/callbacks/${res.body.id}`);
      const text = JSON.stringify(res.body);
      for (const s of [MOMO.key, MOMO.sub]) expect(text).not.toContain(s);
      expect(tokenCalls().at(-1)!.headers.authorization).toBe(basicOf(MOMO.user, MOMO.key));

      // In the database the secrets are sealed: neither is there in the clear.
      const rows = await db().query(`select * from rail_account_versions where account_id = $1`, [res.body.id]);
      expect(rows).toHaveLength(1);
      expect(String(rows[0]!.secrets)).toMatch(/^v1:test:/);
      for (const s of [MOMO.key, MOMO.sub]) expect(JSON.stringify(rows)).not.toContain(s);
    });

    it('settings are checked first: a missing, unknown or malformed one is a 400 naming settings.<name>', async () => {
      const post = (body: unknown) => call('POST', '/v1/rail_accounts', { key: keys.test, body });
      const { apiKey: _, ...noKey } = momoSettings();
      const cases: [unknown, string, string][] = [
        [{ rail: 'mobile_money_c', settings: noKey }, 'parameter_missing', 'settings.apiKey'],
        [{ rail: 'mobile_money_c', settings: momoSettings({ color: 'red' }) }, 'parameter_unknown', 'settings.color'],
        [{ rail: 'mobile_money_c', settings: momoSettings({ baseUrl: 'ftp://momo.example' }) }, 'parameter_invalid', 'settings.baseUrl'],
        [{ rail: 'mobile_money_c', settings: momoSettings({ apiKey: '' }) }, 'parameter_invalid', 'settings.apiKey'],
        [{ rail: 'mobile_money_c', settings: momoSettings(), minAmount: -5 }, 'parameter_invalid', 'minAmount'],
        [{ rail: 'mobile_money_c', protocol: 'wave', settings: momoSettings() }, 'parameter_invalid', 'protocol'],
        [{ rail: 'btc_lightning', protocol: 'mtn_momo', settings: {} }, 'parameter_invalid', 'protocol'],
        [{ rail: 'card', settings: {} }, 'parameter_invalid', 'rail'],
        [{ rail: 'mobile_money_c' }, 'parameter_missing', 'settings'],
        [{ rail: 'btc_onchain', settings: { accountKey: ZPUB } }, 'parameter_missing', 'settings.esploraUrl'],
        [{ rail: 'btc_onchain', settings: { accountKey: ZPUB, esploraUrl: esplora.url, extra: 1 } }, 'parameter_unknown', 'settings.extra'],
      ];
      for (const [body, code, param] of cases) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error, JSON.stringify(body)).toMatchObject({ type: 'invalid_request_error', code, param });
      }
      // A key the rail's own definition refuses (a testnet vpub: the account takes a mainnet zpub): 400 on `settings`.
      const vpub = 'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
      const testnet = await call('POST', '/v1/rail_accounts', {
        key: keys.live,
        body: { rail: 'btc_onchain', settings: { accountKey: vpub, esploraUrl: esplora.url } },
      });
      expect(testnet.status).toBe(400);
      expect(testnet.body.error).toMatchObject({ code: 'parameter_invalid', param: 'settings' });
      expect(testnet.body.error.message).not.toContain(vpub);
      expect(testnet.body.error.message).toContain('accountKey');
      // Nothing was made by any of them.
      expect((await call('GET', '/v1/rail_accounts?rail=mobile_money_c', { key: keys.test })).body.data).toEqual([]);
    });

    it('one active account per rail and mode: a second is 409 rail_account_exists; the other mode is its own', async () => {
      const second = await call('POST', '/v1/rail_accounts', { key: keys.live, body: { rail: 'mobile_money_a', settings: momoSettings() } });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rail_account_exists', param: 'rail' });
      expect(second.body.error.message).toMatch(/already has an active mobile_money_a rail account in live mode \(ra_/);
      // Test mode: an MTN sandbox account of its own, beside the live one.
      const sandbox = await call('POST', '/v1/rail_accounts', { key: keys.test, body: { rail: 'mobile_money_a', settings: momoSettings() } });
      expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
      expect(sandbox.body.livemode).toBe(false);
      const live = (await call('GET', '/v1/rail_accounts', { key: keys.live })).body.data;
      expect(live.map((a: { rail: string }) => a.rail)).toEqual(['mobile_money_a']);
      expect(live[0].id).not.toBe(sandbox.body.id);
    });

    it('an Idempotency-Key replays the answer without asking the backend again', async () => {
      const body = { rail: 'mobile_money_c', displayName: 'Moov', settings: momoSettings() };
      const headers = { 'idempotency-key': 'ra-create-1' };
      const first = await call('POST', '/v1/rail_accounts', { key: keys.test, body, headers });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const calls = tokenCalls().length;
      const again = await call('POST', '/v1/rail_accounts', { key: keys.test, body, headers });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.id).toBe(first.body.id);
      expect(tokenCalls().length).toBe(calls);
    });

    it('503 encryption_key_missing when the deployment has no key to seal secrets with; nothing saved', async () => {
      const ring = deploymentKeyRing();
      resetKeyRingForTests(null);
      try {
        const res = await call('POST', '/v1/rail_accounts', {
          key: keys.test,
          body: { rail: 'mobile_money_b', settings: { clientId: 'c', clientSecret: 's', merchantKey: 'k', webpayCountry: 'dev' } },
        });
        expect(res.status).toBe(503);
        expect(res.body.error).toMatchObject({ type: 'api_error', code: 'encryption_key_missing', param: null });
        expect(res.body.error.message).toContain('CAISSE_ENCRYPTION_KEY');
      } finally {
        resetKeyRingForTests(ring);
      }
      expect((await call('GET', '/v1/rail_accounts?rail=mobile_money_b', { key: keys.test })).body.data).toEqual([]);
    });
  });

  describe('GET /v1/rail_accounts and /v1/rail_accounts/:id', () => {
    it('retrieve: the account as created; list: newest first, pages, rail and status filters', async () => {
      const all = (await call('GET', '/v1/rail_accounts', { key: keys.test })).body;
      expect(all).toMatchObject({ object: 'list', hasMore: false, url: '/v1/rail_accounts' });
      expect(all.data.map((a: { rail: string }) => a.rail)).toEqual(['mobile_money_c', 'mobile_money_a', 'btc_onchain']);
      for (const a of all.data) {
        const one = await call('GET', `/v1/rail_accounts/${a.id}`, { key: keys.test });
        expect(one.status).toBe(200);
        expect(one.body).toEqual(a);
      }
      const first = await call('GET', '/v1/rail_accounts?limit=2', { key: keys.test });
      expect(first.body.hasMore).toBe(true);
      expect(first.body.data).toHaveLength(2);
      const next = await call('GET', `/v1/rail_accounts?limit=2&startingAfter=${first.body.data[1].id}`, { key: keys.test });
      expect(next.body).toMatchObject({ hasMore: false });
      expect(next.body.data.map((a: { id: string }) => a.id)).toEqual([all.data[2].id]);
      const onchain = await call('GET', '/v1/rail_accounts?rail=btc_onchain', { key: keys.test });
      expect(onchain.body.data.map((a: { rail: string }) => a.rail)).toEqual(['btc_onchain']);
      expect(onchain.body.data[0].receiveAddresses[0]).toBe(FIRST_ADDRESS);
      expect((await call('GET', '/v1/rail_accounts?status=active', { key: keys.test })).body.data).toHaveLength(3);
      expect((await call('GET', '/v1/rail_accounts?status=disabled', { key: keys.test })).body.data).toEqual([]);
      const bad = await call('GET', '/v1/rail_accounts?status=enabled', { key: keys.test });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'parameter_invalid', param: 'status' });
      expect((await call('GET', '/v1/rail_accounts/ra_missing000000000000000', { key: keys.test })).status).toBe(404);
    });
  });

  describe('POST /v1/rail_accounts/:id: a new version', () => {
    it('a secret left out is kept (the new version still authenticates); a refused change saves nothing; null removes an optional setting', async () => {
      const account = (await call('GET', '/v1/rail_accounts?rail=mobile_money_a', { key: keys.live })).body.data[0];
      const calls = tokenCalls().length;
      const updated = await call('POST', `/v1/rail_accounts/${account.id}`, {
        key: keys.live,
        body: { displayName: 'MTN MoMo Abidjan', settings: { targetEnvironment: 'mtnivorycoast' }, maxAmount: 500_000 },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toMatchObject({ id: account.id, version: 2, displayName: 'MTN MoMo Abidjan', status: 'active', createdAt: account.createdAt });
      expect(updated.body.settings).toEqual({ baseUrl: momo.url, apiUser: MOMO.user, targetEnvironment: 'mtnivorycoast' });
      expect(updated.body.maxAmount).toBe(500_000);
      expect(updated.body.secrets).toEqual(account.secrets);
      // Version 2 was checked at the operator with the API key kept from version 1.
      expect(tokenCalls().length).toBe(calls + 1);
      expect(tokenCalls().at(-1)!.headers.authorization).toBe(basicOf(MOMO.user, MOMO.key));
      const versions = await db().query<{ version: number }>(`select version from rail_account_versions where account_id = $1 order by version`, [account.id]);
      expect(versions.map((v) => Number(v.version))).toEqual([1, 2]);

      // A new key the operator refuses: 400, and the account stays at version 2.
      const refused = await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.live, body: { settings: { apiKey: WRONG_KEY } } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'rail_account_invalid', param: 'settings' });
      expect((await call('GET', `/v1/rail_accounts/${account.id}`, { key: keys.live })).body.version).toBe(2);

      // null: an optional setting removed, the display name cleared; a required one cannot be.
      const cleared = await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.live, body: { displayName: null, maxAmount: null } });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(cleared.body).toMatchObject({ version: 3, displayName: null });
      expect(cleared.body.maxAmount).toBeNull();
      const required = await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.live, body: { settings: { apiKey: null } } });
      expect(required.status).toBe(400);
      expect(required.body.error).toMatchObject({ code: 'parameter_invalid', param: 'settings.apiKey' });
      const unknown = await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.live, body: { settings: { esploraUrl: esplora.url } } });
      expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'settings.esploraUrl' });
      expect((await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.live, body: { rail: 'mobile_money_c' } })).body.error).toMatchObject({
        code: 'parameter_unknown',
        param: 'rail',
      });

      // A new gateway: every secret is given again (the stored ones are never sent to a new address),
      // or 400 naming the first one missing, and nothing reaches the new address.
      const NEW_KEY = 'momo-api-key-S3cr3t-0003';
      SECRETS.push(NEW_KEY);
      const rolled = await startFakeMomo({ ...MOMO, key: NEW_KEY });
      try {
        const half = await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.live, body: { settings: { baseUrl: rolled.url, apiKey: NEW_KEY } } });
        expect(half.status).toBe(400);
        expect(half.body.error).toMatchObject({ code: 'parameter_missing', param: 'settings.subscriptionKey' });
        expect(rolled.requests).toEqual([]);
        const res = await call('POST', `/v1/rail_accounts/${account.id}`, {
          key: keys.live,
          body: { settings: { baseUrl: rolled.url, apiKey: NEW_KEY, subscriptionKey: MOMO.sub } },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toMatchObject({ version: 4, settings: { baseUrl: rolled.url } });
        expect(res.body.secrets).toEqual({ subscriptionKey: hint(MOMO.sub), apiKey: hint(NEW_KEY) });
        const token = rolled.requests.find((r) => r.path === '/collection/token/')!;
        expect(token.headers.authorization).toBe(basicOf(MOMO.user, NEW_KEY));
        expect(token.headers['ocp-apim-subscription-key']).toBe(MOMO.sub);
      } finally {
        await rolled.close();
      }
    });
  });

  describe('POST /v1/rail_accounts/:id/disable', () => {
    it('disables once (one event), answers the same again, refuses updates after, and the rail takes a new account', async () => {
      const account = (await call('GET', '/v1/rail_accounts?rail=btc_onchain', { key: keys.test })).body.data[0];
      const first = await call('POST', `/v1/rail_accounts/${account.id}/disable`, { key: keys.test });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: account.id, status: 'disabled', version: 1 });
      expect(first.body.disabledAt).toBeTypeOf('number');
      const again = await call('POST', `/v1/rail_accounts/${account.id}/disable`, { key: keys.test, body: {} });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const refused = await call('POST', `/v1/rail_accounts/${account.id}/disable`, { key: keys.test, body: { reason: 'x' } });
      expect(refused.body.error).toMatchObject({ code: 'parameter_unknown', param: 'reason' });

      const update = await call('POST', `/v1/rail_accounts/${account.id}`, { key: keys.test, body: { displayName: 'again' } });
      expect(update.status).toBe(409);
      expect(update.body.error).toMatchObject({ code: 'unexpected_state' });
      expect((await call('GET', '/v1/rail_accounts?status=disabled', { key: keys.test })).body.data.map((a: { id: string }) => a.id)).toEqual([account.id]);

      const events = (await call('GET', '/v1/events?type=rail_account.disabled', { key: keys.test })).body.data;
      expect(events.filter((e: { data: { object: { id: string } } }) => e.data.object.id === account.id)).toHaveLength(1);

      const fresh = await call('POST', '/v1/rail_accounts', {
        key: keys.test,
        body: { rail: 'btc_onchain', settings: { accountKey: ZPUB, esploraUrl: esplora.url } },
      });
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
      expect(fresh.body.id).not.toBe(account.id);
    });
  });

  describe('scope, events and secrets', () => {
    it("another merchant's account, or one of the other mode, is a 404 everywhere", async () => {
      const account = (await call('GET', '/v1/rail_accounts?rail=mobile_money_a', { key: keys.live })).body.data[0];
      for (const key of [otherKeys.live, otherKeys.test, keys.test]) {
        for (const [method, path, body] of [
          ['GET', `/v1/rail_accounts/${account.id}`, undefined],
          ['POST', `/v1/rail_accounts/${account.id}`, { displayName: 'mine' }],
          ['POST', `/v1/rail_accounts/${account.id}/disable`, undefined],
        ] as const) {
          const res = await call(method, path, { key, body });
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(res.body.error).toMatchObject({ code: 'resource_missing', message: `No such rail_account: '${account.id}'.` });
        }
      }
      expect((await call('GET', '/v1/rail_accounts', { key: otherKeys.live })).body.data).toEqual([]);
      expect((await call('GET', `/v1/rail_accounts/${account.id}`, { key: keys.live })).body.status).toBe('active');
    });

    it('events rail_account.created, .updated and .disabled carry the account as it was, without its secrets', async () => {
      const events: any[] = [];
      for (const key of [keys.test, keys.live])
        for (const type of ['rail_account.created', 'rail_account.updated', 'rail_account.disabled'])
          events.push(...(await call('GET', `/v1/events?type=${type}&limit=100`, { key })).body.data);
      const count = (type: string) => events.filter((e) => e.type === type).length;
      // created: btc_onchain, mobile_money_a (test), mobile_money_c, the new btc_onchain; mobile_money_a (live).
      expect(count('rail_account.created')).toBe(5);
      expect(count('rail_account.updated')).toBe(3);
      expect(count('rail_account.disabled')).toBe(1);
      for (const e of events) {
        expect(e.data.object.object).toBe('rail_account');
        const one = await call('GET', `/v1/events/${e.id}`, { key: e.livemode ? keys.live : keys.test });
        expect(one.body).toEqual(e);
      }
      const updated = events.filter((e) => e.type === 'rail_account.updated').map((e) => e.data.object.version);
      expect(updated.sort()).toEqual([2, 3, 4]);
      const text = JSON.stringify(events);
      for (const s of SECRETS) expect(text).not.toContain(s);
    });

    it('no secret in any answer of this file', () => {
      expect(answers.length).toBeGreaterThan(50);
      const text = JSON.stringify(answers);
      for (const s of SECRETS) expect(text, s).not.toContain(s);
    });
  });
});
