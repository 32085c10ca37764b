// Which adapter serves a rail in a mode. Test mode: the simulators, always available. Live mode:
// the real adapter when its configuration is complete; a live rail with no configuration is not
// offered. A half-configured rail or a bad key fails at start-up (loadRails), loudly.
// Health is not kept here: it lives in the database (lib/domain/rail-health.ts), shared by every
// instance.
import { randomBytes } from 'node:crypto';
import { config } from '../config';
import { isMobileMoneyRail, MOBILE_MONEY_RAILS, RAILS, type Rail } from '../money';
import { lndRail } from './lightning/lnd';
import { lightningSimulatorRail } from './lightning/simulator';
import { mobileMoneyRail } from './mobile-money/definition';
import { resetOperatorsForTests } from './mobile-money/operators';
import { mobileMoneySimulatorRail } from './mobile-money/simulator';
import { esploraRail } from './onchain/esplora';
import { onchainSimulatorRail } from './onchain/simulator';
import { type RailDefinition, type RailSettings, railSettings } from './settings';
import { tronSimulatorRail } from './tron/simulator';
import { tronGridRail } from './tron/trongrid';
import type { AccountRef, RailAdapter } from './types';

/**
 * Every rail's definition, test mode's first, in the order their settings are checked at
 * start-up. Each parses and checks its own settings (the adapter modules); a new rail or vendor
 * is one more line here.
 */
const RAIL_DEFINITIONS: readonly RailDefinition[] = [
  ...MOBILE_MONEY_RAILS.map(mobileMoneySimulatorRail),
  lightningSimulatorRail,
  onchainSimulatorRail,
  tronSimulatorRail,
  ...MOBILE_MONEY_RAILS.map(mobileMoneyRail),
  lndRail,
  esploraRail,
  tronGridRail,
];

type Registry = Record<'test' | 'live', Partial<Record<Rail, RailAdapter>>>;

// Next.js bundles lib/ into each of its layers (route handlers, server actions and pages,
// instrumentation), so this module may exist several times in one process. Its state must not:
// one registry (one set of adapters, one MoMo token), one test-key seed, kept on globalThis.
interface RegistryState {
  registry?: Registry;
  /** Merchants' account adapters, by `<account id>:<version>` (a version never changes, so an entry never goes stale). */
  accounts?: Map<string, RailAdapter>;
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

/** The deployment's settings every adapter is made with (a merchant's account overlays its own). */
export function baseRailSettings(): RailSettings {
  return railSettings(config(), testKeySeed);
}

/** The most account adapters one process keeps (each holds a token cache, a parsed key): the oldest go first. */
const MAX_ACCOUNT_ADAPTERS = 5000;

/** A merchant account's adapter at one version, made once per process by `make` (which decrypts). */
export async function cachedAccountAdapter(ref: AccountRef, make: () => Promise<RailAdapter>): Promise<RailAdapter> {
  const cache = (state.accounts ??= new Map());
  const key = `${ref.id}:${ref.version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const adapter = await make();
  if (cache.size >= MAX_ACCOUNT_ADAPTERS) cache.delete(cache.keys().next().value!);
  cache.set(key, adapter);
  return adapter;
}

function build(): Registry {
  const settings = baseRailSettings();
  const registry: Registry = { test: {}, live: {} };
  for (const definition of RAIL_DEFINITIONS) {
    const parsed = definition.parse(settings);
    if (parsed !== null) registry[definition.mode][definition.rail] = definition.create(parsed, settings);
  }
  return registry;
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
  state.accounts = undefined;
  if (adapters?.live) {
    state.registry = build();
    Object.assign(state.registry.live, adapters.live);
  }
}

export { isMobileMoneyRail };
