// Which adapter serves a rail in a mode. Test mode: the simulators, always available. Live mode:
// the real adapter when its configuration is complete; a live rail with no configuration is not
// offered. A half-configured rail or a bad key fails at start-up (loadRails), loudly.
// Health: a backend that just failed is "known-down" for a minute: hidden on the page, and
// answering rail_unavailable, never a 500.
import { config } from '../config';
import { isMobileMoneyRail, MOBILE_MONEY_RAILS, RAILS, type Rail } from '../money';
import { LightningSimulator } from './lightning/simulator';
import { LndAdapter, parseLndConfig } from './lightning/lnd';
import { MomoAdapter, parseMomoConfig } from './mobile-money/momo';
import { operatorInfo, resetOperatorsForTests } from './mobile-money/operators';
import { MobileMoneySimulator } from './mobile-money/simulator';
import { EsploraAdapter, esploraConfigSchema } from './onchain/esplora';
import { OnchainSimulator } from './onchain/simulator';
import { TronGridAdapter, tronConfigSchema } from './tron/trongrid';
import { TronSimulator } from './tron/simulator';
import type { RailAdapter } from './types';

type Registry = { test: Record<Rail, RailAdapter>; live: Partial<Record<Rail, RailAdapter>> };
let registry: Registry | undefined;

function allOrNone(names: string[], env: Record<string, unknown>): boolean {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length === 0) return false;
  if (set.length !== names.length)
    throw new Error(`Invalid configuration: set all of ${names.join(', ')} or none (missing: ${names.filter((n) => env[n] === undefined).join(', ')}).`);
  return true;
}

function build(): Registry {
  const cfg = config();
  const env = cfg as unknown as Record<string, unknown>;
  const timeoutMs = cfg.RAIL_HTTP_TIMEOUT_MS;
  const wrap = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (err) {
      throw new Error(`Invalid configuration for ${what}: ${(err as Error).message}`);
    }
  };
  const test = {
    mobile_money_a: new MobileMoneySimulator('mobile_money_a'),
    mobile_money_b: new MobileMoneySimulator('mobile_money_b'),
    mobile_money_c: new MobileMoneySimulator('mobile_money_c'),
    mobile_money_d: new MobileMoneySimulator('mobile_money_d'),
    btc_lightning: wrap('LIGHTNING_TEST_NODE_KEY', () => new LightningSimulator({ nodeKey: Uint8Array.from(Buffer.from(cfg.LIGHTNING_TEST_NODE_KEY, 'hex')) })),
    btc_onchain: wrap('BTC_TEST_XPUB', () => new OnchainSimulator({ xpub: cfg.BTC_TEST_XPUB, confirmations: cfg.BTC_CONFIRMATIONS })),
    usdt_trc20: wrap('TRON_TEST_XPUB', () => new TronSimulator({ xpub: cfg.TRON_TEST_XPUB, contract: cfg.TRON_TEST_USDT_CONTRACT })),
  } satisfies Record<Rail, RailAdapter>;
  const live: Partial<Record<Rail, RailAdapter>> = {};
  for (const rail of MOBILE_MONEY_RAILS) {
    const l = operatorInfo(rail).letter;
    const names = ['BASE_URL', 'SUBSCRIPTION_KEY', 'API_USER', 'API_KEY'].map((n) => `MOMO_${l}_${n}`);
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
          callbackUrl: cfg.BASE_URL.startsWith('https://') ? `${cfg.BASE_URL}/callbacks/mobile_money/${rail}` : undefined,
        }),
      ),
    );
  }
  if (allOrNone(['LND_REST_URL', 'LND_MACAROON'], env))
    live.btc_lightning = wrap('LND_*', () =>
      new LndAdapter(parseLndConfig({ restUrl: cfg.LND_REST_URL, macaroonHex: cfg.LND_MACAROON, tlsCertPath: cfg.LND_TLS_CERT_PATH, timeoutMs })),
    );
  if (allOrNone(['BTC_XPUB', 'ESPLORA_URL'], env))
    live.btc_onchain = wrap('BTC_XPUB / ESPLORA_URL', () =>
      new EsploraAdapter(esploraConfigSchema.parse({ url: cfg.ESPLORA_URL, xpub: cfg.BTC_XPUB, confirmations: cfg.BTC_CONFIRMATIONS, timeoutMs })),
    );
  if (cfg.TRON_XPUB)
    live.usdt_trc20 = wrap('TRON_XPUB / TRONGRID_*', () =>
      new TronGridAdapter(tronConfigSchema.parse({ url: cfg.TRONGRID_URL, apiKey: cfg.TRONGRID_API_KEY, xpub: cfg.TRON_XPUB, contract: cfg.TRON_USDT_CONTRACT, timeoutMs })),
    );
  return { test, live };
}

/** Parse every rail's configuration now (start-up): a bad one throws. */
export function loadRails(): void {
  registry ??= build();
}

/** The adapter for a rail in a mode, or null when that rail is not configured there. */
export function railAdapter(rail: Rail, livemode: boolean): RailAdapter | null {
  registry ??= build();
  return (livemode ? registry.live[rail] : registry.test[rail]) ?? null;
}

/** Rails configured in a mode (health aside). */
export function configuredRails(livemode: boolean): Rail[] {
  return RAILS.filter((r) => railAdapter(r, livemode) !== null);
}

const DOWN_SECONDS = 60;
const down = new Map<string, number>();
const healthKey = (rail: Rail, livemode: boolean) => `${livemode ? 'live' : 'test'}:${rail}`;

export function markRailDown(rail: Rail, livemode: boolean, nowMs = Date.now()): void {
  down.set(healthKey(rail, livemode), nowMs + DOWN_SECONDS * 1000);
}

export function markRailUp(rail: Rail, livemode: boolean): void {
  down.delete(healthKey(rail, livemode));
}

export function isRailDown(rail: Rail, livemode: boolean, nowMs = Date.now()): boolean {
  const until = down.get(healthKey(rail, livemode));
  return until !== undefined && until > nowMs;
}

/** Tests change the environment between cases: rebuild on next use. */
export function resetRailsForTests(adapters?: { live?: Partial<Record<Rail, RailAdapter>> }): void {
  resetOperatorsForTests();
  down.clear();
  registry = undefined;
  if (adapters?.live) {
    registry = build();
    Object.assign(registry.live, adapters.live);
  }
}

export { isMobileMoneyRail };
