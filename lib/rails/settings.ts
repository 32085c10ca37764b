// How a rail reads its settings at start-up. Each adapter module exports a RailDefinition that
// parses and checks its own settings; lib/rails/registry.ts only walks the list. A rail with none
// of its settings is not configured (not offered in live mode); a half-configured one, or a bad
// value, throws, naming the settings.
import type { Config, MomoProtocol } from '../config';
import type { MobileMoneyRail, Rail } from '../money';
import type { AccountRef, RailAdapter, RailMode } from './types';

/** What every definition reads its settings from. */
export interface RailSettings {
  /** The deployment's configuration (lib/config.ts). */
  cfg: Config;
  /** The same, by name (MOMO_<X>_... are read by a name made at run time). */
  env: Record<string, unknown>;
  /** RAIL_HTTP_TIMEOUT_MS: every backend call's timeout. */
  timeoutMs: number;
  /** Test mode's address-key seed: this deployment's (lib/rails/registry.ts). */
  testKeySeed(): Uint8Array;
  /** Test mode's redirect operators send the payer to Caisse's own test operator page. */
  testOperatorUrl(attemptId: string): string;
  /** A merchant's rail account, when these are its settings (lib/rails/accounts.ts); none for the environment's. */
  account?: AccountRef;
  /** Its backend is reached at public addresses only (a merchant's account, unless the deployment is a developer's own). */
  publicOnly?: boolean;
  /** A merchant's account: its mode (a test-mode account is on a test network: testnet keys, the test USDT contract). */
  livemode?: boolean;
}

export interface RailDefinition<C = unknown> {
  readonly rail: Rail;
  readonly mode: RailMode;
  /** Its configuration, or null when none of its settings is set. Throws on a half or a bad one. */
  parse(settings: RailSettings): C | null;
  /** The adapter for a parsed configuration (throws, naming the settings, on a key it cannot use). */
  create(config: C, settings: RailSettings): RailAdapter;
}

/** The settings as a RailSettings, from the configuration. */
export function railSettings(cfg: Config, testKeySeed: () => Uint8Array): RailSettings {
  return {
    cfg,
    env: cfg as unknown as Record<string, unknown>,
    timeoutMs: cfg.RAIL_HTTP_TIMEOUT_MS,
    testKeySeed,
    testOperatorUrl: (attemptId) => `${cfg.BASE_URL}/test-operator/${attemptId}`,
  };
}

/** True when every one of `names` is set, false when none is; throws when only some are. */
export function allOrNone(names: readonly string[], env: Record<string, unknown>): boolean {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length === 0) return false;
  if (set.length !== names.length)
    throw new Error(`Invalid configuration: set all of ${names.join(', ')} or none (missing: ${names.filter((n) => env[n] === undefined).join(', ')}).`);
  return true;
}

/** `f`, its error said as a configuration error of `what` (the settings it came from). */
export function configured<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    throw new Error(`Invalid configuration for ${what}: ${(err as Error).message}`);
  }
}

/**
 * A live redirect operator sends the payer back to our pages and posts its notifications to us:
 * those addresses must be public https (Wave refuses http), not the local default. A loopback IP
 * (127.0.0.1, ::1) is let through for tests against local fakes.
 */
export function assertPublicAddresses(cfg: Config, what: string): void {
  for (const [name, value] of [
    ['BASE_URL', cfg.BASE_URL],
    ['CHECKOUT_URL', cfg.checkoutUrl],
  ] as const) {
    const u = new URL(value);
    if (u.protocol !== 'https:' && !['127.0.0.1', '[::1]'].includes(u.hostname))
      throw new Error(
        `Invalid configuration for ${what}: ${name} (${value}) must be the public https address operators reach (payers come back to it; notifications are posted to it).`,
      );
  }
}

/**
 * A mobile-money protocol (MTN MoMo, Orange Money, Wave) on a rail: the rail's MOMO_<X>_ settings
 * it reads, and how. lib/rails/mobile-money/definition.ts picks the one MOMO_<X>_PROTOCOL names.
 */
export interface MobileMoneyProtocol<C = unknown> {
  readonly protocol: MomoProtocol;
  /** Every MOMO_<X>_ setting it reads, without the prefix. Those no other protocol reads are its own. */
  readonly settings: readonly string[];
  parse(rail: MobileMoneyRail, settings: RailSettings): C | null;
  create(rail: MobileMoneyRail, config: C, settings: RailSettings): RailAdapter;
}
