import { afterEach, describe, expect, it } from 'vitest';
import { config, resetConfigForTests } from '../config';
import type { LndAdapter } from './lightning/lnd';
import type { MomoAdapter } from './mobile-money/momo';
import type { EsploraAdapter } from './onchain/esplora';
import { configuredRails, loadRails, railAdapter, resetRailsForTests, setTestKeySeed } from './registry';

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetConfigForTests();
  resetRailsForTests();
});

describe('rail configuration', () => {
  it('test mode offers every rail; live mode none without configuration', () => {
    expect(configuredRails(false)).toHaveLength(7);
    expect(configuredRails(true)).toEqual([]);
  });

  it('a half-configured rail fails at start-up, naming what is missing', () => {
    process.env.MOMO_A_BASE_URL = 'http://127.0.0.1:9';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_A_SUBSCRIPTION_KEY/);
  });

  it('each protocol asks for its own settings: Orange Money (B) and Wave (D) by default', () => {
    process.env.BASE_URL = 'https://pay.example.com';
    process.env.MOMO_B_CLIENT_ID = 'id';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_B_CLIENT_SECRET, MOMO_B_MERCHANT_KEY, MOMO_B_WEBPAY_COUNTRY/);
    Object.assign(process.env, { MOMO_B_CLIENT_SECRET: 's', MOMO_B_MERCHANT_KEY: 'k', MOMO_B_WEBPAY_COUNTRY: 'dev', MOMO_D_API_KEY: 'wave_ci_prod_x' });
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_D_WEBHOOK_SECRET/);
    process.env.MOMO_D_WEBHOOK_SECRET = 'wave_ci_WHS_x';
    process.env.BASE_URL = 'http://localhost:3000';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_B_\* \(orange_money\): BASE_URL \(http:\/\/localhost:3000\) must be the public https address/);
    process.env.BASE_URL = 'https://pay.example.com';
    resetConfigForTests();
    resetRailsForTests();
    expect(configuredRails(true)).toEqual(['mobile_money_b', 'mobile_money_d']);
    expect(railAdapter('mobile_money_b', true)).toMatchObject({ flow: 'redirect', config: { baseUrl: 'https://api.orange.com', country: 'dev' } });
    expect(railAdapter('mobile_money_d', true)).toMatchObject({ flow: 'redirect', config: { baseUrl: 'https://api.wave.com' } });
    // Test mode follows the same protocols: B and D send the payer to the test operator page.
    expect(railAdapter('mobile_money_b', false)).toMatchObject({ flow: 'redirect' });
    expect(railAdapter('mobile_money_a', false)).toMatchObject({ flow: 'push' });
    // A protocol can be changed per rail: B speaking MTN's API needs MTN's settings.
    process.env.MOMO_B_PROTOCOL = 'mtn_momo';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(
      /MOMO_B_PROTOCOL is mtn_momo, but MOMO_B_CLIENT_ID, MOMO_B_CLIENT_SECRET, MOMO_B_MERCHANT_KEY, MOMO_B_WEBPAY_COUNTRY belong to another protocol/,
    );
    for (const n of ['CLIENT_ID', 'CLIENT_SECRET', 'MERCHANT_KEY', 'WEBPAY_COUNTRY']) delete process.env[`MOMO_B_${n}`];
    process.env.MOMO_B_SUBSCRIPTION_KEY = 'sub';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_B_BASE_URL/);
    process.env.MOMO_B_PROTOCOL = 'paypal';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_B_PROTOCOL: must be one of mtn_momo, orange_money, wave/);
  });

  it('Orange Money: a public https address, and one currency per country (only the sandbox relabels)', () => {
    Object.assign(process.env, { MOMO_B_CLIENT_ID: 'id', MOMO_B_CLIENT_SECRET: 's', MOMO_B_MERCHANT_KEY: 'k', MOMO_B_WEBPAY_COUNTRY: 'ci' });
    const load = () => {
      resetConfigForTests();
      resetRailsForTests();
      loadRails();
    };
    // The local default address cannot receive Orange's notifications nor its payers.
    expect(load).toThrow(/BASE_URL \(http:\/\/localhost:3000\) must be the public https address/);
    process.env.BASE_URL = 'https://pay.example.com';
    expect(load).toThrow(/country "ci" takes one currency; set MOMO_B_CURRENCIES to it \(now: XOF,XAF,GNF\)/);
    process.env.MOMO_B_CURRENCIES = 'XOF';
    process.env.MOMO_B_WEBPAY_CURRENCY = 'OUV';
    expect(load).toThrow(/relabels XOF amounts as OUV/);
    delete process.env.MOMO_B_WEBPAY_CURRENCY;
    load();
    expect(configuredRails(true)).toEqual(['mobile_money_b']);
    // The sandbox takes every currency, relabelled as Orange asks (OUV).
    Object.assign(process.env, { MOMO_B_WEBPAY_COUNTRY: 'dev', MOMO_B_WEBPAY_CURRENCY: 'OUV', MOMO_B_CURRENCIES: 'XOF,XAF' });
    load();
    // A BASE_URL too long for Orange's 120-character URLs fails now, not on every payment.
    process.env.BASE_URL = `https://pay.example.com/${'x'.repeat(60)}`;
    expect(load).toThrow(/at most 120 characters/);
  });

  it('a private or malformed key fails at start-up', () => {
    process.env.BTC_XPUB = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    process.env.ESPLORA_URL = 'http://127.0.0.1:9';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/BTC_XPUB/);
  });

  it('a full live configuration offers the rail', () => {
    Object.assign(process.env, { LND_REST_URL: 'http://127.0.0.1:9', LND_MACAROON: 'abcd', TRON_XPUB, TRONGRID_API_KEY: 'tg-key' });
    resetConfigForTests();
    resetRailsForTests();
    expect(configuredRails(true)).toEqual(['btc_lightning', 'usdt_trc20']);
  });
});

const env = (vars: Record<string, string>) => {
  Object.assign(process.env, vars);
  resetConfigForTests();
  resetRailsForTests();
};
const MOMO_A = { MOMO_A_BASE_URL: 'http://127.0.0.1:9', MOMO_A_SUBSCRIPTION_KEY: 'sub', MOMO_A_API_USER: 'user', MOMO_A_API_KEY: 'key' };
const TRON_XPUB = 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
// The same BIP84 account (m/84'/0'/0' of "abandon ... about") with the generic xpub version bytes.
const XPUB_OF_ZPUB = 'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V';

describe('live configuration operators need (issue 11, items 5-8)', () => {
  it('MoMo: MOMO_<X>_TARGET_ENVIRONMENT is required once the operator is configured (no sandbox default)', () => {
    env(MOMO_A);
    expect(() => loadRails()).toThrow(/missing: MOMO_A_TARGET_ENVIRONMENT/);
    env({ MOMO_A_TARGET_ENVIRONMENT: 'mtnivorycoast' });
    expect((railAdapter('mobile_money_a', true) as MomoAdapter).config.targetEnvironment).toBe('mtnivorycoast');
  });

  it('MoMo: the callback URL is MOMO_<X>_CALLBACK_URL, and none when it is unset (even on an https BASE_URL)', () => {
    env({ ...MOMO_A, MOMO_A_TARGET_ENVIRONMENT: 'mtnivorycoast', BASE_URL: 'https://pay.example' });
    expect((railAdapter('mobile_money_a', true) as MomoAdapter).config.callbackUrl).toBeUndefined();
    env({ MOMO_A_CALLBACK_URL: 'https://cb.pay.example/callbacks/mobile_money/mobile_money_a' });
    expect((railAdapter('mobile_money_a', true) as MomoAdapter).config.callbackUrl).toBe('https://cb.pay.example/callbacks/mobile_money/mobile_money_a');
    env({ MOMO_A_CALLBACK_URL: 'not a url' });
    expect(() => loadRails()).toThrow(/MOMO_A_CALLBACK_URL/);
  });

  it('TronGrid: TRONGRID_API_KEY is required in live mode (TronGrid blocks keyless use)', () => {
    env({ TRON_XPUB });
    expect(() => loadRails()).toThrow(/missing: TRONGRID_API_KEY/);
    env({ TRONGRID_API_KEY: 'tg-key' });
    expect(railAdapter('usdt_trc20', true)?.pollSeconds).toBeGreaterThanOrEqual(30);
  });

  it("TRON: a key that is not m/44'/195'/account' fails at start-up", () => {
    // m/44'/195'/0 (depth 3, not hardened) of the same mnemonic.
    env({
      TRON_XPUB: 'xpub6D1AabN8sFHgZkqhpREzFx1f9fywqE4zmMSFDVAYxNmxGer4JV2sBPyo783GfMyhDdVrSLkdEVioCt1M96qjU6hE37i82gDsGURqfBLxkQN',
      TRONGRID_API_KEY: 'k',
    });
    expect(() => loadRails()).toThrow(/TRON_XPUB.*hardened/s);
  });

  it('on-chain: BTC_CONFIRMATIONS defaults to 2', () => {
    env({ BTC_CONFIRMATIONS: '' }); // unset (vitest.config.ts sets 1 for the simulated chains)
    expect(config().BTC_CONFIRMATIONS).toBe(2);
    env({ BTC_XPUB: ZPUB, ESPLORA_URL: 'http://127.0.0.1:9' });
    expect((railAdapter('btc_onchain', true) as EsploraAdapter).config.confirmations).toBe(2);
  });

  it('on-chain: an xpub (not zpub) is refused unless BTC_XPUB_ALLOW_XPUB_VERSION=1', () => {
    env({ BTC_XPUB: XPUB_OF_ZPUB, ESPLORA_URL: 'http://127.0.0.1:9' });
    expect(() => loadRails()).toThrow(/BTC_XPUB.*BTC_XPUB_ALLOW_XPUB_VERSION=1/s);
    env({ BTC_XPUB_ALLOW_XPUB_VERSION: '1' });
    expect(railAdapter('btc_onchain', true)!.deriveAddress!(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    env({ BTC_XPUB_ALLOW_XPUB_VERSION: 'yes' });
    expect(() => config()).toThrow(/BTC_XPUB_ALLOW_XPUB_VERSION/);
  });

  it('LND: LND_PRIVATE_ROUTE_HINTS=1 asks for private route hints; off by default', () => {
    env({ LND_REST_URL: 'http://127.0.0.1:9', LND_MACAROON: 'abcd' });
    expect((railAdapter('btc_lightning', true) as LndAdapter).config.privateRouteHints).toBe(false);
    env({ LND_PRIVATE_ROUTE_HINTS: '1' });
    expect((railAdapter('btc_lightning', true) as LndAdapter).config.privateRouteHints).toBe(true);
  });

  it('gap limits: BTC_GAP_LIMIT and TRON_GAP_LIMIT default to 20, at least 1', () => {
    expect(config()).toMatchObject({ BTC_GAP_LIMIT: 20, TRON_GAP_LIMIT: 20 });
    env({ BTC_GAP_LIMIT: '5', TRON_GAP_LIMIT: '7' });
    expect(config()).toMatchObject({ BTC_GAP_LIMIT: 5, TRON_GAP_LIMIT: 7 });
    env({ BTC_GAP_LIMIT: '0' });
    expect(() => config()).toThrow(/BTC_GAP_LIMIT/);
  });
});

describe('test-mode address keys (issue 11, item 9)', () => {
  const PUBLIC_VECTOR_BTC = 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl';
  const PUBLIC_VECTOR_TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

  it("without BTC_TEST_XPUB / TRON_TEST_XPUB, addresses come from the deployment's seed, never the public vectors", () => {
    setTestKeySeed('11'.repeat(32));
    const btc = railAdapter('btc_onchain', false)!;
    const tron = railAdapter('usdt_trc20', false)!;
    const a = [btc.deriveAddress!(0), tron.deriveAddress!(0), btc.derivationKeyId, tron.derivationKeyId];
    expect(a[0]).toMatch(/^tb1q/);
    expect(a[0]).not.toBe(PUBLIC_VECTOR_BTC);
    expect(a[1]).not.toBe(PUBLIC_VECTOR_TRON);
    // The same seed (another instance on the same database) derives the same addresses.
    resetRailsForTests();
    expect([railAdapter('btc_onchain', false)!.deriveAddress!(0), railAdapter('usdt_trc20', false)!.deriveAddress!(0)]).toEqual(a.slice(0, 2));
    // Another deployment's seed, other addresses and other counters.
    setTestKeySeed('22'.repeat(32));
    const other = [
      railAdapter('btc_onchain', false)!.deriveAddress!(0),
      railAdapter('usdt_trc20', false)!.deriveAddress!(0),
      railAdapter('btc_onchain', false)!.derivationKeyId,
    ];
    expect(other[0]).not.toBe(a[0]);
    expect(other[1]).not.toBe(a[1]);
    expect(other[2]).not.toBe(a[2]);
  });

  it('a configured BTC_TEST_XPUB / TRON_TEST_XPUB is used as given', () => {
    setTestKeySeed('11'.repeat(32));
    env({
      BTC_TEST_XPUB: 'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc',
      TRON_TEST_XPUB: TRON_XPUB,
    });
    expect(railAdapter('btc_onchain', false)!.deriveAddress!(0)).toBe(PUBLIC_VECTOR_BTC);
    expect(railAdapter('usdt_trc20', false)!.deriveAddress!(0)).toBe(PUBLIC_VECTOR_TRON);
  });
});
