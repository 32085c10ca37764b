// Merchants' own rail accounts, attacked (from an independent review of issue 26): each test states
// what must hold against a merchant or a race: secrets never sent to a new address, one account key
// per merchant and mode, a test-mode account on the test network, a confirm racing a disable,
// validation, concurrent creates and updates.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '@/lib/api/auth';
import { createCheckoutSession, createCheckoutSessionInput } from '@/lib/domain/checkout-sessions';
import { deploymentKeyRing } from '@/lib/domain/merchant-rails';
import { createPrice } from '@/lib/domain/prices';
import { createProduct } from '@/lib/domain/products';
import { createRailAccount, disableRailAccount, updateRailAccount } from '@/lib/domain/rail-accounts';
import { DomainError } from '@/lib/errors';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { fingerprintKey, secretHint } from '@/lib/secrets';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const zpub = () => HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const vpub = () => HDKey.fromMasterSeed(randomBytes(32), { private: 0x045f18bc, public: 0x045f1cf6 }).derive("m/84'/1'/0'").publicExtendedKey;

/** A server that records what it is sent (an attacker's, or an internal service) and answers 404 JSON. */
interface Capture {
  url: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}
async function startCapture(): Promise<Capture> {
  const requests: Capture['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 5, message: 'not found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

const MAC = `0201036c6e64${randomBytes(24).toString('hex')}`;
let lnd: FakeLnd;
let esplora: FakeEsplora;
let capture: Capture;

beforeAll(async () => {
  lnd = await startFakeLnd(MAC);
  esplora = await startFakeEsplora();
  capture = await startCapture();
});
// A real deployment: public https BASE_URL, on PostgreSQL-like settings (no platform rails).
// A developer's own deployment (loopback): the fakes listen on loopback. What a public deployment
// refuses is test/review-ssrf.test.ts's and test/rail-accounts-ssrf.test.ts's.
useLiveConfig(() => ({ BASE_URL: 'http://127.0.0.1:3000', PLATFORM_RAILS: 'off', RAIL_HTTP_TIMEOUT_MS: '800', BTC_CONFIRMATIONS: '1' }));
afterAll(async () => {
  await lnd.close();
  await esplora.close();
  await capture.close();
});

const live = (m: { merchant: { id: string } }) => ({ merchantId: m.merchant.id, livemode: true });
const test = (m: { merchant: { id: string } }) => ({ merchantId: m.merchant.id, livemode: false });

describe('write-only secrets', () => {
  it('an update that points the account at another host without giving its secrets again does not send the stored secrets there', async () => {
    const m = await newMerchant(db());
    const account = await createRailAccount(db(), live(m), { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC } });
    const before = capture.requests.length;
    // Whoever holds the merchant's API key (or a dashboard session) changes only the URL...
    const outcome = await updateRailAccount(db(), live(m), account.id, { settings: { restUrl: capture.url } }).then(
      () => 'saved',
      (err: DomainError) => err.code,
    );
    // ...and the macaroon the merchant entered once ("never shown again") is posted to that host.
    const leaked = capture.requests.slice(before).filter((r) => JSON.stringify(r.headers).includes(MAC));
    expect(leaked, 'the stored macaroon was sent to the new restUrl').toEqual([]);
    expect(outcome).toBe('parameter_missing');
  });

  it('a secret’s fingerprint is not a bare SHA-256 of the secret (a short secret is recovered from it offline)', () => {
    // The fingerprint is in every API answer, event and webhook payload. A short secret (an Orange
    // merchant key is 8 hex characters, and its last4 is hidden only when it has 8 or fewer) is found
    // by hashing every candidate.
    const secret = '4f1c9a2e';
    const { fingerprint, last4 } = secretHint(secret, fingerprintKey(deploymentKeyRing()!));
    expect(fingerprint).not.toBe(createHash('sha256').update(secret).digest('hex').slice(0, 12));
    expect(last4).toBe('');
  });
});

async function btcShop(key: string, livemode = true) {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode };
  const account = await createRailAccount(db(), scope, { rail: 'btc_onchain', settings: { accountKey: key, esploraUrl: esplora.url } });
  const product = await createProduct(db(), scope, { name: 'Panier', active: true, metadata: {} });
  const price = await createPrice(db(), scope, { productId: product.id, currency: 'BTC', unitAmount: 20_000, active: true, metadata: {} });
  return { m, scope, account, price: price.id };
}

async function buyOnchain(shop: Awaited<ReturnType<typeof btcShop>>, client: string, at: number, expiresAt = now() + 3600) {
  const session = await createCheckoutSession(
    db(),
    shop.scope,
    createCheckoutSessionInput.parse({ priceId: shop.price, successUrl: 'https://shop.example/ok', expiresAt }),
  );
  const { intent } = await chooseSessionRail(db(), session.id, 'btc_onchain', { now: at });
  const pi = await confirmPaymentIntent(db(), shop.scope, intent.id, {}, { now: at, client });
  return { intentId: pi.id, address: (pi.nextAction as { address: string }).address, expiresAt: session.expiresAt };
}

describe('receive addresses are keyed by the key, not by the account', () => {
  it("B registers A's account key: refused (400 naming settings.accountKey), so B is never handed A's addresses nor credited with money paid to them", async () => {
    const key = zpub();
    const A = await btcShop(key);
    const t0 = now();
    const a = await buyOnchain(A, `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`, t0);
    expect(a.address).toBe(A.account.receiveAddresses[0]);
    const m = await newMerchant(db());
    const refused = await createRailAccount(db(), live(m), { rail: 'btc_onchain', settings: { accountKey: key, esploraUrl: esplora.url } }).catch(
      (e: DomainError) => e,
    );
    expect(refused).toMatchObject({ code: 'parameter_invalid', param: 'settings.accountKey' });
    expect((refused as Error).message).not.toContain(key);
    // B's address gaps know nothing of A's key.
    const gaps = await call('GET', '/v1/address_gaps', { key: m.keys.live });
    expect((gaps.body.data as { rail: string }[]).map((g) => g.rail)).not.toContain('btc_onchain');
    // The same merchant, again in the same mode (after disabling its account): its own key, taken.
    const again = await createRailAccount(db(), live(A.m), { rail: 'btc_onchain', settings: { accountKey: key, esploraUrl: esplora.url } }).catch(
      (e: DomainError) => e,
    );
    expect(again).toMatchObject({ code: 'rail_account_exists' });
  });

  it('a test-mode on-chain account takes a testnet key (vpub): test payments need not move real bitcoin', async () => {
    const m = await newMerchant(db());
    const made = await createRailAccount(db(), test(m), { rail: 'btc_onchain', settings: { accountKey: vpub(), esploraUrl: esplora.url } }).catch(
      (e: DomainError) => e,
    );
    expect(made).toMatchObject({ object: 'rail_account', livemode: false });
  });
});

describe('a confirm racing a disable', () => {
  it('a confirm authenticated just before its account was disabled does not start a payment on the disabled account', async () => {
    const m = await newMerchant(db());
    const account = await createRailAccount(db(), live(m), { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC } });
    const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
    // The key lookup (with the enabled accounts) happens, then the merchant disables the account, then the confirm runs.
    const merchant = await authenticate(db(), `Bearer ${m.keys.live}`, { railAccounts: true });
    await disableRailAccount(db(), live(m), account.id);
    const out = await confirmPaymentIntent(db(), merchant, pi.id, {}, { now: now() }).catch((e: DomainError) => e);
    const [att] = await db().query<{ rail_account_id: string | null }>(`select rail_account_id from payment_attempts where payment_intent_id = $1`, [pi.id]);
    expect(att?.rail_account_id ?? null, 'an attempt was made on the just-disabled account').toBeNull();
    expect(out).toBeInstanceOf(DomainError);
  });
});

describe('validation', () => {
  it('a secret a header cannot carry (non-Latin-1) is a 400 naming the setting, not a 500', async () => {
    const m = await newMerchant(db());
    const res = await call('POST', '/v1/rail_accounts', {
      key: m.keys.live,
      body: {
        rail: 'mobile_money_a',
        settings: { baseUrl: capture.url, subscriptionKey: 'clé€secrète-1234567', apiUser: 'user', apiKey: 'key-123456789', targetEnvironment: 'sandbox' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'settings.subscriptionKey' });
  });

  it('a URL setting carrying a password (https://user:pass@host) is refused, or the password is not stored and shown in clear', async () => {
    const m = await newMerchant(db());
    const u = new URL(esplora.url);
    const made = await createRailAccount(db(), live(m), {
      rail: 'btc_onchain',
      settings: { accountKey: zpub(), esploraUrl: `http://esplora-user:hunter2-esplora@${u.host}` },
    }).catch((e: DomainError) => e);
    if (made instanceof DomainError) expect(made).toMatchObject({ code: 'parameter_invalid', param: 'settings.esploraUrl' });
    else expect(JSON.stringify(made)).not.toContain('hunter2-esplora');
  });
});

describe('concurrency (properties that hold)', () => {
  it('two creates racing for one rail: one is made, the other is 409 rail_account_exists', async () => {
    const m = await newMerchant(db());
    const both = await Promise.allSettled([
      createRailAccount(db(), live(m), { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC } }),
      createRailAccount(db(), live(m), { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC } }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'rail_account_exists' } });
  });

  it('an update racing a disable: the account ends disabled, and no version is left current that was never checked', async () => {
    const m = await newMerchant(db());
    const a = await createRailAccount(db(), live(m), { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC } });
    await Promise.allSettled([updateRailAccount(db(), live(m), a.id, { displayName: 'Node 2' }), disableRailAccount(db(), live(m), a.id)]);
    const [row] = await db().query<{ status: string; version: number }>(`select status, version from rail_accounts where id = $1`, [a.id]);
    expect(row!.status).toBe('disabled');
    const [v] = await db().query<{ n: number }>(`select count(*)::int as n from rail_account_versions where account_id = $1 and version = $2`, [
      a.id,
      row!.version,
    ]);
    expect(v!.n).toBe(1);
  });
});
