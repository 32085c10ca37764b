// Which adapter serves a rail in a mode. Test mode: the simulators, always available. Live mode:
// the real adapter when its configuration is complete; a live rail with no configuration is not
// offered. A half-configured rail or a bad key fails at start-up (loadRails), loudly.
// Health is not kept here: it lives in the database (lib/domain/rail-health.ts), shared by every
// instance.
import { randomBytes } from 'node:crypto';
import { config, type MomoProtocol } from '../config';
import { isMobileMoneyRail, MOBILE_MONEY_RAILS, RAILS, type MobileMoneyRail, type Rail } from '../money';
import { LightningSimulator } from './lightning/simulator';
import { LndAdapter, parseLndConfig } from './lightning/lnd';
import { MomoAdapter, parseMomoConfig } from './mobile-money/momo';
import { MAX_URL as ORANGE_MAX_URL, OrangeMoneyAdapter, parseOrangeConfig } from './mobile-money/orange';
import { WaveAdapter, parseWaveConfig } from './mobile-money/wave';
import { operatorInfo, resetOperatorsForTests } from './mobile-money/operators';
import { MobileMoneySimulator } from './mobile-money/simulator';
import { testAccountKeyFromSeed } from './onchain/bip84';
import { EsploraAdapter, esploraConfigSchema } from './onchain/esplora';
import { OnchainSimulator } from './onchain/simulator';
import { TronGridAdapter, tronConfigSchema } from './tron/trongrid';
import { TronSimulator } from './tron/simulator';
import { testTronAccountKeyFromSeed } from './tron/address';
import type { RailAdapter } from './types';

type Registry = { test: Record<Rail, RailAdapter>; live: Partial<Record<Rail, RailAdapter>> };

// Next.js bundles lib/ into each of its layers (route handlers, server actions and pages,
// instrumentation), so this module may exist several times in one process. Its state must not:
// one registry (one set of adapters, one MoMo token), one test-key seed, kept on globalThis.
interface RegistryState {
  registry?: Registry;
  testSeed?: Uint8Array;
  processSeed?: Uint8Array;
}
const state: RegistryState = ((globalThis as Record<symbol, unknown>)[Symbol.for('caisse.rails.registry')] ??= {}) as RegistryState;

// Test mode's address keys, when BTC_TEST_XPUB / TRON_TEST_XPUB are not set, come from this
// deployment's seed (made once by migration 0009, kept in the database, so every instance derives
// the same addresses and no two deployments do): start-up (lib/boot.ts) reads it and calls
// setTestKeySeed before the rails are used. A process that never did (a unit test) uses a random
// seed of its own, never a public test vector.

/** This deployment's test-key seed (64 hex characters, from the database). Rebuilds the registry. */
export function setTestKeySeed(seedHex: string): void {
  if (!/^[0-9a-f]{64}$/i.test(seedHex)) throw new Error('the test-key seed must be 64 hex characters');
  state.testSeed = Uint8Array.from(Buffer.from(seedHex, 'hex'));
  state.registry = undefined;
}

function testKeySeed(): Uint8Array {
  return state.testSeed ?? (state.processSeed ??= Uint8Array.from(randomBytes(32)));
}

function allOrNone(names: string[], env: Record<string, unknown>): boolean {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length === 0) return false;
  if (set.length !== names.length)
    throw new Error(`Invalid configuration: set all of ${names.join(', ')} or none (missing: ${names.filter((n) => env[n] === undefined).join(', ')}).`);
  return true;
}

/** The settings only one protocol reads (BASE_URL is everyone's; API_KEY is MTN's and Wave's). */
const OWN_SETTINGS: Record<MomoProtocol, string[]> = {
  mtn_momo: ['SUBSCRIPTION_KEY', 'API_USER', 'TARGET_ENVIRONMENT', 'CALLBACK_URL'],
  orange_money: ['CLIENT_ID', 'CLIENT_SECRET', 'MERCHANT_KEY', 'WEBPAY_COUNTRY', 'WEBPAY_CURRENCY'],
  wave: ['WEBHOOK_SECRET'],
};

function build(): Registry {
  const cfg = config();
  /**
   * A live redirect operator sends the payer back to our pages and posts its notifications to us:
   * those addresses must be public https (Wave refuses http), not the local default. A loopback IP
   * (127.0.0.1, ::1) is let through for tests against local fakes.
   */
  const assertPublicAddresses = (what: string) => {
    for (const [name, value] of [['BASE_URL', cfg.BASE_URL], ['CHECKOUT_URL', cfg.checkoutUrl]] as const) {
      const u = new URL(value);
      if (u.protocol !== 'https:' && !['127.0.0.1', '[::1]'].includes(u.hostname))
        throw new Error(`Invalid configuration for ${what}: ${name} (${value}) must be the public https address operators reach (payers come back to it; notifications are posted to it).`);
    }
  };
  const env = cfg as unknown as Record<string, unknown>;
  const timeoutMs = cfg.RAIL_HTTP_TIMEOUT_MS;
  const wrap = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (err) {
      throw new Error(`Invalid configuration for ${what}: ${(err as Error).message}`);
    }
  };
  // Test mode's redirect operators send the payer to Caisse's own test operator page.
  const testOperatorUrl = (attemptId: string) => `${cfg.BASE_URL}/test-operator/${attemptId}`;
  const sim = (rail: MobileMoneyRail) => new MobileMoneySimulator(rail, operatorInfo(rail).protocol, testOperatorUrl);
  const test = {
    mobile_money_a: sim('mobile_money_a'),
    mobile_money_b: sim('mobile_money_b'),
    mobile_money_c: sim('mobile_money_c'),
    mobile_money_d: sim('mobile_money_d'),
    btc_lightning: wrap('LIGHTNING_TEST_NODE_KEY', () => new LightningSimulator({ nodeKey: Uint8Array.from(Buffer.from(cfg.LIGHTNING_TEST_NODE_KEY, 'hex')) })),
    btc_onchain: wrap('BTC_TEST_XPUB', () =>
      new OnchainSimulator({
        xpub: cfg.BTC_TEST_XPUB ?? testAccountKeyFromSeed(testKeySeed()),
        confirmations: cfg.BTC_CONFIRMATIONS,
        allowXpubVersion: cfg.BTC_XPUB_ALLOW_XPUB_VERSION,
      }),
    ),
    usdt_trc20: wrap('TRON_TEST_XPUB', () =>
      new TronSimulator({ xpub: cfg.TRON_TEST_XPUB ?? testTronAccountKeyFromSeed(testKeySeed()), contract: cfg.TRON_TEST_USDT_CONTRACT }),
    ),
  } satisfies Record<Rail, RailAdapter>;
  const live: Partial<Record<Rail, RailAdapter>> = {};
  for (const rail of MOBILE_MONEY_RAILS) {
    const { letter: l, protocol } = operatorInfo(rail);
    const v = (n: string) => env[`MOMO_${l}_${n}`];
    // Another protocol's settings on this rail are a mistake (a protocol left at its default): say so.
    const foreign = Object.entries(OWN_SETTINGS)
      .filter(([p]) => p !== protocol)
      .flatMap(([, names]) => names)
      .filter((n) => v(n) !== undefined);
    if (foreign.length)
      throw new Error(
        `Invalid configuration: MOMO_${l}_PROTOCOL is ${protocol}${env[`MOMO_${l}_PROTOCOL`] === undefined ? ' (the default)' : ''}, but ${foreign.map((n) => `MOMO_${l}_${n}`).join(', ')} belong to another protocol. Set MOMO_${l}_PROTOCOL, or remove them.`,
      );
    if (protocol === 'orange_money') {
      const names = ['CLIENT_ID', 'CLIENT_SECRET', 'MERCHANT_KEY', 'WEBPAY_COUNTRY'].map((n) => `MOMO_${l}_${n}`);
      if (!allOrNone(names, env)) continue;
      assertPublicAddresses(`MOMO_${l}_* (orange_money)`);
      // One Orange Web Payment country is one currency: amounts go to Orange as they are, so a
      // rail taking several currencies (or relabelling one as another) would charge the wrong sum.
      // Only Orange's development sandbox (`dev`) takes every currency, relabelled OUV.
      if (v('WEBPAY_COUNTRY') !== 'dev') {
        const currencies = operatorInfo(rail).currencies;
        if (currencies.length !== 1)
          throw new Error(
            `Invalid configuration for MOMO_${l}_* (orange_money): Orange Money country "${String(v('WEBPAY_COUNTRY'))}" takes one currency; set MOMO_${l}_CURRENCIES to it (now: ${currencies.join(',')}).`,
          );
        if (v('WEBPAY_CURRENCY') !== undefined && v('WEBPAY_CURRENCY') !== currencies[0])
          throw new Error(
            `Invalid configuration for MOMO_${l}_* (orange_money): MOMO_${l}_WEBPAY_CURRENCY relabels ${currencies[0]} amounts as ${String(v('WEBPAY_CURRENCY'))}; it is for Orange's development sandbox (WEBPAY_COUNTRY=dev, currency OUV) only.`,
          );
      }
      live[rail] = wrap(`MOMO_${l}_* (orange_money)`, () =>
        new OrangeMoneyAdapter(
          rail,
          parseOrangeConfig({
            baseUrl: v('BASE_URL') ?? 'https://api.orange.com',
            clientId: v('CLIENT_ID'),
            clientSecret: v('CLIENT_SECRET'),
            merchantKey: v('MERCHANT_KEY'),
            country: v('WEBPAY_COUNTRY'),
            currency: v('WEBPAY_CURRENCY'),
            timeoutMs,
          }),
        ),
      );
      // Every payment's notif_url and the checkout page's address must fit Orange's limit: a
      // deployment whose addresses are too long could never take an Orange payment; say so now.
      const longest = Math.max(
        `${cfg.BASE_URL}/callbacks/mobile_money/${rail}?attempt=att_${'x'.repeat(22)}`.length,
        `${cfg.checkoutUrl}/cs_${'x'.repeat(22)}`.length,
      );
      if (longest > ORANGE_MAX_URL)
        throw new Error(
          `Invalid configuration for MOMO_${l}_* (orange_money): Orange Money takes URLs of at most ${ORANGE_MAX_URL} characters, and this deployment's notification or checkout addresses reach ${longest}. Shorten BASE_URL / CHECKOUT_URL.`,
        );
      continue;
    }
    if (protocol === 'wave') {
      const names = ['API_KEY', 'WEBHOOK_SECRET'].map((n) => `MOMO_${l}_${n}`);
      if (!allOrNone(names, env)) continue;
      assertPublicAddresses(`MOMO_${l}_* (wave)`);
      live[rail] = wrap(`MOMO_${l}_* (wave)`, () =>
        new WaveAdapter(
          rail,
          parseWaveConfig({ baseUrl: v('BASE_URL') ?? 'https://api.wave.com', apiKey: v('API_KEY'), webhookSecret: v('WEBHOOK_SECRET'), timeoutMs }),
        ),
      );
      continue;
    }
    // TARGET_ENVIRONMENT too: it names the operator's market (mtnivorycoast, mtncameroon...); a
    // `sandbox` default would send live pushes to the wrong environment.
    const names = ['BASE_URL', 'SUBSCRIPTION_KEY', 'API_USER', 'API_KEY', 'TARGET_ENVIRONMENT'].map((n) => `MOMO_${l}_${n}`);
    if (!allOrNone(names, env)) continue;
    live[rail] = wrap(`MOMO_${l}_*`, () =>
      new MomoAdapter(
        rail,
        parseMomoConfig({
          baseUrl: env[`MOMO_${l}_BASE_URL`],
          subscriptionKey: env[`MOMO_${l}_SUBSCRIPTION_KEY`],
          apiUser: env[`MOMO_${l}_API_USER`],
          apiKey: env[`MOMO_${l}_API_KEY`],
          targetEnvironment: env[`MOMO_${l}_TARGET_ENVIRONMENT`],
          timeoutMs,
          // Only when set: MTN calls back only to the host registered for the API user.
          callbackUrl: env[`MOMO_${l}_CALLBACK_URL`],
        }),
      ),
    );
  }
  if (allOrNone(['LND_REST_URL', 'LND_MACAROON'], env))
    live.btc_lightning = wrap('LND_*', () =>
      new LndAdapter(
        parseLndConfig({
          restUrl: cfg.LND_REST_URL,
          macaroonHex: cfg.LND_MACAROON,
          tlsCertPath: cfg.LND_TLS_CERT_PATH,
          timeoutMs,
          privateRouteHints: cfg.LND_PRIVATE_ROUTE_HINTS,
        }),
      ),
    );
  if (allOrNone(['BTC_XPUB', 'ESPLORA_URL'], env))
    live.btc_onchain = wrap('BTC_XPUB / ESPLORA_URL', () =>
      new EsploraAdapter(
        esploraConfigSchema.parse({
          url: cfg.ESPLORA_URL,
          xpub: cfg.BTC_XPUB,
          confirmations: cfg.BTC_CONFIRMATIONS,
          timeoutMs,
          allowXpubVersion: cfg.BTC_XPUB_ALLOW_XPUB_VERSION,
        }),
      ),
    );
  // TRONGRID_API_KEY too: TronGrid blocks keyless production use within seconds (403).
  if (allOrNone(['TRON_XPUB', 'TRONGRID_API_KEY'], env))
    live.usdt_trc20 = wrap('TRON_XPUB / TRONGRID_*', () =>
      new TronGridAdapter(tronConfigSchema.parse({ url: cfg.TRONGRID_URL, apiKey: cfg.TRONGRID_API_KEY, xpub: cfg.TRON_XPUB, contract: cfg.TRON_USDT_CONTRACT, timeoutMs })),
    );
  return { test, live };
}

/** Parse every rail's configuration now (start-up): a bad one throws. */
export function loadRails(): void {
  state.registry ??= build();
}

/** The adapter for a rail in a mode, or null when that rail is not configured there. */
export function railAdapter(rail: Rail, livemode: boolean): RailAdapter | null {
  const registry = (state.registry ??= build());
  return (livemode ? registry.live[rail] : registry.test[rail]) ?? null;
}

/** Rails configured in a mode (health aside). */
export function configuredRails(livemode: boolean): Rail[] {
  return RAILS.filter((r) => railAdapter(r, livemode) !== null);
}

/** Tests change the environment between cases: rebuild on next use. */
export function resetRailsForTests(adapters?: { live?: Partial<Record<Rail, RailAdapter>> }): void {
  resetOperatorsForTests();
  state.registry = undefined;
  if (adapters?.live) {
    state.registry = build();
    Object.assign(state.registry.live, adapters.live);
  }
}

export { isMobileMoneyRail };
