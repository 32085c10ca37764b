// Two merchants on one deployment, each with its own rail accounts (issue 26): its own MTN MoMo
// operator (test/fakes/momo.ts, each with its own credentials), its own LND node (test/fakes/lnd.ts,
// its own macaroon) and its own BIP84 account key. The deployment offers no platform rails
// (PLATFORM_RAILS=off, none configured): a merchant's buyers can only pay into that merchant's
// accounts. Everything goes through the API with live keys and the worker's poll, scoped to the
// merchant, at an injected clock. The money invariant is checked per intent and per account: what
// each fake says was paid to it == what was recorded for that account's attempts.
import { randomBytes } from 'node:crypto';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listIntentAttempts } from '@/lib/dashboard/payments';
import type { Db } from '@/lib/db/client';
import { createRailAccount, disableRailAccount, updateRailAccount } from '@/lib/domain/rail-accounts';
import { RAIL_DOWN_AFTER } from '@/lib/domain/rail-health';
import { availableRails } from '@/lib/payments/available-rails';
import { handleAccountCallback, handleMobileMoneyCallback } from '@/lib/payments/callback';
import { pollDueAttempts } from '@/lib/payments/poll';
import { newAccountKey } from './adapter-helpers';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeMomo, startFakeMomo } from './fakes/momo';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

/** A BIP84 mainnet account key (zpub) of a random wallet: each merchant's own (a key serves one merchant). */
function newZpub(): string {
  const key = newAccountKey('mainnet').key;
  secrets.push(key);
  return key;
}

interface Shop {
  name: string;
  momo: FakeMomo;
  momoCreds: { user: string; key: string; sub: string };
  lnd: FakeLnd;
  macaroon: string;
}

const shops: Record<'a' | 'b', Shop> = {} as never;
let esplora: FakeEsplora;
const secrets: string[] = [];

beforeAll(async () => {
  esplora = await startFakeEsplora();
  for (const name of ['a', 'b'] as const) {
    const momoCreds = {
      user: `${name}-api-user-${randomBytes(4).toString('hex')}`,
      key: `${name}-api-key-${randomBytes(12).toString('hex')}`,
      sub: `${name}-sub-${randomBytes(12).toString('hex')}`,
    };
    const macaroon = `0201036c6e64${randomBytes(24).toString('hex')}`;
    shops[name] = { name, momo: await startFakeMomo(momoCreds), momoCreds, lnd: await startFakeLnd(macaroon), macaroon };
  }
  secrets.push(...Object.values(shops).flatMap((s) => [s.momoCreds.key, s.momoCreds.sub, s.macaroon]));
});
// No platform rails: only merchants' own accounts take live payments.
useLiveConfig(() => ({ PLATFORM_RAILS: 'off', RAIL_HTTP_TIMEOUT_MS: '1000', BTC_CONFIRMATIONS: '1' }));
afterAll(async () => {
  for (const s of Object.values(shops)) {
    await s.momo.close();
    await s.lnd.close();
  }
  await esplora.close();
});

const momoSettings = (s: Shop, momo = s.momo, creds = s.momoCreds) => ({
  baseUrl: momo.url,
  subscriptionKey: creds.sub,
  apiUser: creds.user,
  apiKey: creds.key,
  targetEnvironment: 'sandbox',
});

/** A merchant with its own live accounts on MTN MoMo (rail A), Lightning and on-chain. */
async function merchantWithAccounts(s: Shop) {
  const m = await newMerchant(db(), `Shop ${s.name}`);
  const scope = { merchantId: m.merchant.id, livemode: true };
  const momo = await createRailAccount(db(), scope, { rail: 'mobile_money_a', settings: momoSettings(s) });
  const lightning = await createRailAccount(db(), scope, { rail: 'btc_lightning', settings: { restUrl: s.lnd.url, macaroon: s.macaroon } });
  const onchain = await createRailAccount(db(), scope, { rail: 'btc_onchain', settings: { accountKey: newZpub(), esploraUrl: esplora.url } });
  return { m, scope, key: m.keys.live, accounts: { momo, lightning, onchain }, poll: (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id }) };
}

const attemptOf = async (intentId: string) =>
  (
    await db().query<{
      id: string;
      backend_ref: string;
      destination: string;
      rail_account_id: string | null;
      rail_account_version: number | null;
      account_owner: string;
    }>(
      `select id, backend_ref, destination, rail_account_id, rail_account_version, account_owner from payment_attempts where payment_intent_id = $1 order by seq desc limit 1`,
      [intentId],
    )
  )[0]!;

/** What was recorded as received by an account's attempts (minor units of the attempts' currency). */
async function recordedFor(d: Db, accountId: string): Promise<number> {
  const [r] = await d.query<{ total: string }>(`select coalesce(sum(amount_received), 0) as total from payment_attempts where rail_account_id = $1`, [
    accountId,
  ]);
  return Number(r!.total);
}

/** What a MoMo fake says its payers paid (SUCCESSFUL pushes). */
const momoPaid = (fake: FakeMomo) =>
  [...fake.payments.values()].filter((p) => p.status === 'SUCCESSFUL').reduce((sum, p) => sum + Number(p.amount ?? p.body.amount), 0);

const phone = () => `05${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

async function pushIntent(key: string, amount = 2000) {
  const pi = await newIntent(key, { amount, currency: 'XOF', rail: 'mobile_money_a' });
  const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key, body: { phone: phone() } });
  expect(res.status).toBe(200);
  return { pi, attempt: await attemptOf(pi.id) };
}

describe('two merchants, each paid into its own accounts', () => {
  it("A's buyer pays A's operator, B's buyer B's: each push goes to its merchant's operator with its credentials, and each account's money is its own", async () => {
    const A = await merchantWithAccounts(shops.a);
    const B = await merchantWithAccounts(shops.b);
    const t0 = now();
    const beforeA = shops.a.momo.payments.size;
    const beforeB = shops.b.momo.payments.size;
    const a = await pushIntent(A.key, 2000);
    const b = await pushIntent(B.key, 3500);
    // Each push reached only its own merchant's operator.
    expect(shops.a.momo.payments.has(a.attempt.backend_ref)).toBe(true);
    expect(shops.b.momo.payments.has(a.attempt.backend_ref)).toBe(false);
    expect(shops.b.momo.payments.has(b.attempt.backend_ref)).toBe(true);
    expect(shops.a.momo.payments.size - beforeA).toBe(1);
    expect(shops.b.momo.payments.size - beforeB).toBe(1);
    expect(a.attempt).toMatchObject({ rail_account_id: A.accounts.momo.id, rail_account_version: 1, account_owner: 'merchant' });
    expect(b.attempt).toMatchObject({ rail_account_id: B.accounts.momo.id, rail_account_version: 1, account_owner: 'merchant' });
    // The intent and the dashboard say whose account took it.
    expect((await call('GET', `/v1/payment_intents/${a.pi.id}`, { key: A.key })).body.railAccountId).toBe(A.accounts.momo.id);
    expect((await listIntentAttempts(db(), A.scope, a.pi.id)).map((x) => x.account)).toEqual([{ owner: 'merchant', id: A.accounts.momo.id, version: 1 }]);
    shops.a.momo.approve(a.attempt.backend_ref);
    shops.b.momo.approve(b.attempt.backend_ref);
    await A.poll(t0 + 10);
    await B.poll(t0 + 10);
    expect((await call('GET', `/v1/payment_intents/${a.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    expect((await call('GET', `/v1/payment_intents/${b.pi.id}`, { key: B.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 3500 });
    await assertMoneyInvariant(db(), a.pi.id, { paid: 2000, now: t0 + 20 });
    await assertMoneyInvariant(db(), b.pi.id, { paid: 3500, now: t0 + 20 });
    // Per account: paid at the operator == recorded for that account's attempts.
    expect(await recordedFor(db(), A.accounts.momo.id)).toBe(momoPaid(shops.a.momo) - paidBefore(shops.a, beforeA));
    expect(await recordedFor(db(), B.accounts.momo.id)).toBe(momoPaid(shops.b.momo) - paidBefore(shops.b, beforeB));
  });

  it("Lightning: each merchant's invoice is made and settled at its own node", async () => {
    const A = await merchantWithAccounts(shops.a);
    const B = await merchantWithAccounts(shops.b);
    const t0 = now();
    for (const [M, shop, other] of [
      [A, shops.a, shops.b],
      [B, shops.b, shops.a],
    ] as const) {
      shop.lnd.clock = () => Math.floor(Date.now() / 1000);
      const pi = await newIntent(M.key, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
      const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: M.key, body: {} });
      expect(res.status).toBe(200);
      const hash = Object.fromEntries(decode(res.body.nextAction.invoice).sections.map((x: any) => [x.name, x.value])).payment_hash as string;
      expect(shop.lnd.invoices.get(hash)).toMatchObject({ value: 25_000, state: 'OPEN' });
      expect(other.lnd.invoices.has(hash)).toBe(false);
      shop.lnd.settle(hash);
      await M.poll(t0 + 10);
      expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: M.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 25_000 });
      await assertMoneyInvariant(db(), pi.id, { paid: Math.floor(shop.lnd.invoices.get(hash)!.paidMsat / 1000), now: t0 + 20 });
      expect(await recordedFor(db(), M.accounts.lightning.id)).toBe(25_000);
    }
  });

  it("on-chain: each merchant's addresses come from its own key (the first is the one its account showed); money to A's address is A's only", async () => {
    const A = await merchantWithAccounts(shops.a);
    const B = await merchantWithAccounts(shops.b);
    const t0 = now();
    const piA = await newIntent(A.key, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const piB = await newIntent(B.key, { amount: 60_000, currency: 'BTC', rail: 'btc_onchain' });
    const addrA = (await call('POST', `/v1/payment_intents/${piA.id}/confirm`, { key: A.key, body: {} })).body.nextAction.address as string;
    const addrB = (await call('POST', `/v1/payment_intents/${piB.id}/confirm`, { key: B.key, body: {} })).body.nextAction.address as string;
    expect(A.accounts.onchain.receiveAddresses).toContain(addrA);
    expect(B.accounts.onchain.receiveAddresses).toContain(addrB);
    expect(A.accounts.onchain.receiveAddresses[0]).toBe(addrA);
    expect(B.accounts.onchain.receiveAddresses[0]).toBe(addrB);
    expect(addrA).not.toBe(addrB);
    esplora.send(addrA, 50_000, esplora.tip + 1);
    await A.poll(t0 + 60);
    await B.poll(t0 + 60);
    expect((await call('GET', `/v1/payment_intents/${piA.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 50_000 });
    expect((await call('GET', `/v1/payment_intents/${piB.id}`, { key: B.key })).body).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
    await assertMoneyInvariant(db(), piA.id, { paid: 50_000, now: t0 + 70 });
    expect(await recordedFor(db(), A.accounts.onchain.id)).toBe(50_000);
    expect(await recordedFor(db(), B.accounts.onchain.id)).toBe(0);
  });

  it("A's operator failing puts A's rail down for A only: B's buyers are still offered it and pay", async () => {
    const A = await merchantWithAccounts(shops.a);
    const B = await merchantWithAccounts(shops.b);
    const t0 = now();
    shops.a.momo.failNext('requesttopay', { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR' } }, RAIL_DOWN_AFTER);
    for (let i = 0; i < RAIL_DOWN_AFTER; i++) {
      const pi = await newIntent(A.key, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
      await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: A.key, body: { phone: phone() } });
    }
    const offered = async (M: typeof A) => (await availableRails(db(), M.scope, 'XOF', { now: t0 + 1 })).map((r) => r.rail);
    expect(await offered(A)).not.toContain('mobile_money_a');
    expect(await offered(B)).toContain('mobile_money_a');
    const piA = await newIntent(A.key, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    expect((await call('POST', `/v1/payment_intents/${piA.id}/confirm`, { key: A.key, body: { phone: phone() } })).body.error).toMatchObject({
      code: 'rail_unavailable',
    });
    const b = await pushIntent(B.key, 2000);
    shops.b.momo.approve(b.attempt.backend_ref);
    await B.poll(t0 + 10);
    expect((await call('GET', `/v1/payment_intents/${b.pi.id}`, { key: B.key })).body).toMatchObject({ status: 'succeeded' });
  });

  it("two merchants on the same operator endpoint (as every MTN merchant is): A's failures hide the rail for A only", async () => {
    const shared = await startFakeMomo(shops.a.momoCreds);
    try {
      const onShared = async () => {
        const m = await newMerchant(db());
        const scope = { merchantId: m.merchant.id, livemode: true };
        await createRailAccount(db(), scope, { rail: 'mobile_money_a', settings: momoSettings(shops.a, shared) });
        return { m, scope, key: m.keys.live };
      };
      const A = await onShared();
      const B = await onShared();
      const t0 = now();
      shared.failNext('requesttopay', { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR' } }, RAIL_DOWN_AFTER);
      for (let i = 0; i < RAIL_DOWN_AFTER; i++) {
        const pi = await newIntent(A.key, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
        await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: A.key, body: { phone: phone() } });
      }
      const offered = async (scope: { merchantId: string; livemode: boolean }) =>
        (await availableRails(db(), scope, 'XOF', { now: t0 + 1 })).map((r) => r.rail);
      expect(await offered(A.scope)).not.toContain('mobile_money_a');
      expect(await offered(B.scope)).toContain('mobile_money_a');
      const b = await pushIntent(B.key, 2000);
      expect(shared.payments.has(b.attempt.backend_ref)).toBe(true);
    } finally {
      await shared.close();
    }
  });

  it('an attempt made before its account was updated is polled with the credentials that made it, and its money credited; new pushes go to the new settings', async () => {
    const A = await merchantWithAccounts(shops.a);
    const t0 = now();
    const old = await pushIntent(A.key, 2000);
    // The merchant moves to another operator account (another fake, other credentials).
    const creds2 = { user: 'a2-user', key: `a2-key-${randomBytes(8).toString('hex')}`, sub: `a2-sub-${randomBytes(8).toString('hex')}` };
    const momo2 = await startFakeMomo(creds2);
    try {
      const updated = await updateRailAccount(db(), A.scope, A.accounts.momo.id, { settings: momoSettings(shops.a, momo2, creds2) });
      expect(updated.version).toBe(2);
      const fresh = await pushIntent(A.key, 1500);
      expect(fresh.attempt).toMatchObject({ rail_account_id: A.accounts.momo.id, rail_account_version: 2 });
      expect(momo2.payments.has(fresh.attempt.backend_ref)).toBe(true);
      expect(shops.a.momo.payments.has(fresh.attempt.backend_ref)).toBe(false);
      // The old push is at the old operator account: it is asked there, with the old credentials.
      shops.a.momo.approve(old.attempt.backend_ref);
      momo2.approve(fresh.attempt.backend_ref);
      await A.poll(t0 + 10);
      expect((await call('GET', `/v1/payment_intents/${old.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
      expect((await call('GET', `/v1/payment_intents/${fresh.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 1500 });
      await assertMoneyInvariant(db(), old.pi.id, { paid: 2000, now: t0 + 20 });
      await assertMoneyInvariant(db(), fresh.pi.id, { paid: 1500, now: t0 + 20 });
    } finally {
      await momo2.close();
    }
  });

  it("a disabled account's open attempt is still watched and credited; new payments on the rail are refused (no platform rail)", async () => {
    const A = await merchantWithAccounts(shops.a);
    const t0 = now();
    const open = await pushIntent(A.key, 2000);
    const disabled = await disableRailAccount(db(), A.scope, A.accounts.momo.id);
    expect(disabled.status).toBe('disabled');
    const refused = await call('POST', '/v1/payment_intents', { key: A.key, body: { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'rail_not_configured', param: 'rail' });
    expect((await availableRails(db(), A.scope, 'XOF', { now: t0 })).map((r) => r.rail)).not.toContain('mobile_money_a');
    shops.a.momo.approve(open.attempt.backend_ref);
    await A.poll(t0 + 10);
    expect((await call('GET', `/v1/payment_intents/${open.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    await assertMoneyInvariant(db(), open.pi.id, { paid: 2000, now: t0 + 20 });
  });

  it("a forged or cross-account callback changes nothing: B's URL naming A's attempt, the platform's URL naming an account's attempt, an unknown account", async () => {
    const A = await merchantWithAccounts(shops.a);
    const B = await merchantWithAccounts(shops.b);
    const t0 = now();
    const a = await pushIntent(A.key, 2000);
    shops.a.momo.approve(a.attempt.backend_ref);
    const lookups = () => [shops.a.momo, shops.b.momo].reduce((n, f) => n + f.requests.filter((r) => r.method === 'GET').length, 0);
    const before = lookups();
    const body = JSON.stringify({ externalId: a.attempt.id, referenceId: a.attempt.backend_ref, status: 'SUCCESSFUL' });
    const req = (url: string) => ({ headers: new Headers({ 'content-type': 'application/json' }), url, rawBody: body });
    await expect(handleAccountCallback(db(), B.accounts.momo.id, req(B.accounts.momo.notifyUrl!), t0 + 5)).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(
      handleMobileMoneyCallback(db(), 'mobile_money_a', req('http://127.0.0.1/callbacks/mobile_money/mobile_money_a'), t0 + 5),
    ).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(
      handleAccountCallback(db(), 'ra_0000000000000000000000', req('http://127.0.0.1/callbacks/ra_0000000000000000000000'), t0 + 5),
    ).rejects.toMatchObject({
      code: 'resource_missing',
    });
    // Nothing was asked, nothing changed.
    expect(lookups()).toBe(before);
    expect((await call('GET', `/v1/payment_intents/${a.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'pending', amountReceived: 0 });
    // A's own URL: a hint that makes us ask A's operator.
    await handleAccountCallback(db(), A.accounts.momo.id, req(A.accounts.momo.notifyUrl!), t0 + 6);
    expect((await call('GET', `/v1/payment_intents/${a.pi.id}`, { key: A.key })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    await assertMoneyInvariant(db(), a.pi.id, { paid: 2000, now: t0 + 20 });
  });

  it("an account's currencies and limits narrow what its rail takes and offers; a live account's URLs must be https; limits are for mobile money only", async () => {
    const m = await newMerchant(db(), 'Shop limits');
    const scope = { merchantId: m.merchant.id, livemode: true };
    const account = await createRailAccount(db(), scope, {
      rail: 'mobile_money_a',
      settings: momoSettings(shops.a),
      currencies: ['XOF'],
      minAmount: 500,
      maxAmount: 100_000,
      amountStep: 5,
      metadata: { branch: 'Cocody' },
    });
    expect(account).toMatchObject({ currencies: ['XOF'], minAmount: 500, maxAmount: 100_000, amountStep: 5, metadata: { branch: 'Cocody' } });
    expect(account.settings).not.toHaveProperty('currencies');
    const create = (body: Record<string, unknown>) => call('POST', '/v1/payment_intents', { key: m.keys.live, body: { rail: 'mobile_money_a', ...body } });
    expect((await create({ amount: 2000, currency: 'XAF' })).body.error).toMatchObject({ code: 'rail_currency_mismatch' });
    expect((await create({ amount: 200_000, currency: 'XOF' })).body.error).toMatchObject({ code: 'amount_too_large' });
    expect((await create({ amount: 2001, currency: 'XOF' })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    expect((await create({ amount: 2000, currency: 'XOF' })).status).toBe(200);
    expect((await availableRails(db(), scope, 'XAF', { now: now() })).map((r) => r.rail)).not.toContain('mobile_money_a');
    expect((await availableRails(db(), scope, 'XOF', { now: now() })).map((r) => r.rail)).toContain('mobile_money_a');
    // A metadata change alone: no new version, no call to the operator.
    const tokens = shops.a.momo.requests.filter((r) => r.path === '/collection/token/').length;
    const tagged = await updateRailAccount(db(), scope, account.id, { metadata: { branch: 'Plateau' } });
    expect(tagged).toMatchObject({ version: 1, metadata: { branch: 'Plateau' } });
    expect(shops.a.momo.requests.filter((r) => r.path === '/collection/token/').length).toBe(tokens);
    await expect(updateRailAccount(db(), scope, account.id, { minAmount: 200_000 })).rejects.toMatchObject({ code: 'parameter_invalid', param: 'minAmount' });
    await expect(
      createRailAccount(db(), scope, { rail: 'btc_lightning', settings: { restUrl: 'http://node.example:8080', macaroon: shops.a.macaroon } }),
    ).rejects.toMatchObject({ code: 'parameter_invalid', param: 'settings.restUrl' });
    await expect(
      createRailAccount(db(), scope, { rail: 'btc_lightning', settings: { restUrl: shops.a.lnd.url, macaroon: shops.a.macaroon }, currencies: ['XOF'] }),
    ).rejects.toMatchObject({ code: 'parameter_invalid', param: 'currencies' });
  });

  it('the secrets are in no answer, event, attempt, stored setting or log line', async () => {
    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => (lines.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => (lines.push(String(chunk)), true));
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    try {
      const A = await merchantWithAccounts(shops.a);
      const answers: unknown[] = [A.accounts];
      // A refused check (wrong key) reports the backend's reason without the key tried.
      const wrong = `wrong-${randomBytes(8).toString('hex')}`;
      await expect(updateRailAccount(db(), A.scope, A.accounts.momo.id, { settings: { apiKey: wrong } })).rejects.toMatchObject({
        code: 'rail_account_invalid',
      });
      const t0 = now();
      const a = await pushIntent(A.key, 2000);
      shops.a.momo.approve(a.attempt.backend_ref);
      await A.poll(t0 + 10);
      answers.push((await call('GET', `/v1/payment_intents/${a.pi.id}`, { key: A.key })).body);
      const stored = await db().query(
        `select (select json_agg(e) from events e where merchant_id = $1) as events,
                (select json_agg(p) from payment_attempts p where merchant_id = $1) as attempts,
                (select json_agg(json_build_array(v.settings, v.hints, v.secrets)) from rail_account_versions v join rail_accounts a on a.id = v.account_id where a.merchant_id = $1) as versions`,
        [A.m.merchant.id],
      );
      const haystack = JSON.stringify([answers, stored]) + lines.join('');
      for (const s of [...secrets, wrong]) expect(haystack.includes(s), `a secret (${s.slice(0, 4)}...) leaked`).toBe(false);
      // The hints are there instead.
      expect(A.accounts.momo.secrets.apiKey).toEqual({ last4: shops.a.momoCreds.key.slice(-4), fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) });
    } finally {
      process.env.LOG_LEVEL = level;
      out.mockRestore();
      err.mockRestore();
    }
  });
});

/** What a fake had been paid before a test's own pushes (the fakes are shared by the file's tests). */
function paidBefore(shop: Shop, countBefore: number): number {
  return [...shop.momo.payments.values()]
    .slice(0, countBefore)
    .filter((p) => p.status === 'SUCCESSFUL')
    .reduce((sum, p) => sum + Number(p.amount ?? p.body.amount), 0);
}
