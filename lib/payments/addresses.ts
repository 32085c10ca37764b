// Receive addresses of the address rails (Bitcoin on-chain, USDT on TRON): which address a new
// attempt gets, who may hold how many, and how far a wallet restored from the key must scan.
// Its SQL is lib/store/addresses.ts. May call lib/store, lib/rails, lib/domain (action-limits).
//
// Nobody can exhaust them (issue 24): an address is held only while its payer was told it is valid
// (its attempt's `expires_at`), then handed on once nothing was ever seen on it; when none is free
// a new index is derived, past the gap limit if need be (as BTCPay does), and the merchant is told
// the gap its wallet must scan (`addressGaps`). What a few anonymous visitors can still hold is
// bounded per client address and per payment link (config ADDRESS_HOLDS_PER_CLIENT, _PER_LINK).
import { config } from '../config';
import type { Db } from '../db/client';
import { clientKey } from '../domain/action-limits';
import type { ListEnvelope } from '../domain/list';
import { merchantRails, type RailScope } from '../domain/merchant-rails';
import { DomainError } from '../errors';
import { ADDRESS_RAILS, type Rail } from '../money';
import type { RailAdapter } from '../rails/types';
import { countHolds, gapFacts, handOn, insertAddress, lockFreeAddress, lockOwnAddress, nextIndex } from '../store/addresses';

/**
 * An address is handed on this long after the last moment its payer was told it is valid: a poll
 * that started before then (its answer may carry that payer's money) has finished, and a payer who
 * sent at the last second has been seen.
 */
export const REUSE_GRACE_SECONDS = 600;

// How many unpaid addresses one client address, and the sessions of one payment link, may be handed
// in a quarter of an hour (live mode; all address rails together): config ADDRESS_HOLDS_PER_CLIENT
// (10) and ADDRESS_HOLDS_PER_LINK (200); see assertHoldsLeft.

/** Who asks for an address: the hosted page's client address, the session's payment link. */
export interface AddressHolder {
  client?: string | null;
  link?: string | null;
}

/**
 * Too many unpaid addresses held by one client or one link: code `address_limit_reached`, answered
 * 429 with Retry-After (when the oldest hold ends).
 */
export class AddressLimitError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('address_limit_reached', message, 'rail');
    this.name = 'AddressLimitError';
  }
}

/**
 * The gap limit wallets are told to scan (BTC_GAP_LIMIT, TRON_GAP_LIMIT): addresses are handed out
 * within it while they can be; past it only when every address within it is held. Live keys only
 * (test keys back no wallet).
 */
export function gapLimit(adapter: Pick<RailAdapter, 'mode' | 'rail'>): number | null {
  return adapter.mode === 'live' ? configuredGap(adapter.rail) : null;
}

const configuredGap = (rail: Rail): number | null => (rail === 'btc_onchain' ? config().BTC_GAP_LIMIT : rail === 'usdt_trc20' ? config().TRON_GAP_LIMIT : null);

/**
 * The holds of one client or one link over its limit, or nothing. Live keys only. A hold counts
 * against its client and link only for its first QUOTE_TTL_SECONDS (the time a payer who is really
 * paying needs; 15 minutes), or less when it ends sooner (its address free again): the address
 * stays its payer's until its attempt's expiry, but an abandoned checkout behind a carrier's NAT,
 * or a burst of visits through a few proxies, blocks no one for the session's whole day. So one
 * client or link holds at most its limit per quarter hour, and the gap this can grow by is bounded
 * by that rate (and reported: `addressGap`).
 */
async function assertHoldsLeft(tx: Db, adapter: RailAdapter, holder: AddressHolder, now: number): Promise<void> {
  if (gapLimit(adapter) === null) return;
  const checks: [column: 'held_by_client' | 'held_by_link', value: string, limit: number, who: string][] = [];
  const cfg = config();
  if (holder.client) checks.push(['held_by_client', clientKey(holder.client), cfg.ADDRESS_HOLDS_PER_CLIENT, 'This connection']);
  if (holder.link) checks.push(['held_by_link', holder.link, cfg.ADDRESS_HOLDS_PER_LINK, 'This payment link']);
  for (const [column, value, limit, who] of checks) {
    const held = await countHolds(tx, column, value, now, REUSE_GRACE_SECONDS, cfg.QUOTE_TTL_SECONDS);
    if (held.n >= limit) {
      const wait = Math.max(1, (held.firstEnd ?? now) - now);
      throw new AddressLimitError(`${who} already holds ${limit} unpaid receive addresses; pay one of them, or retry in ${wait} seconds.`, wait);
    }
  }
}

/**
 * The intent's receive address: its own; else a free one (handed on: the attempts that watched it
 * stop, beginAttempt); else the next index, past the gap limit if every address within it is held
 * (never refused: `addressGaps` tells the merchant how far to scan). Under the intent's row lock.
 */
export async function addressFor(
  tx: Db,
  adapter: RailAdapter,
  intentId: string,
  now: number,
  holder: AddressHolder = {},
): Promise<{ address: string; index: number }> {
  if (!adapter.deriveAddress || !adapter.derivationKeyId) throw new Error(`${adapter.rail} derives no addresses`);
  const keyId = adapter.derivationKeyId;
  // Locked: a free address being handed to another intent right now (skip locked) is either ours
  // first, or by the time this lock is granted it is no longer ours (the row is re-checked).
  const existing = await lockOwnAddress(tx, intentId, adapter.rail, keyId);
  if (existing) return existing;
  await assertHoldsLeft(tx, adapter, holder, now);
  const h = { intentId, now, client: holder.client ? clientKey(holder.client) : null, link: holder.link ?? null };
  // A free address is taken under its row lock (two intents never get the same one).
  const free = await lockFreeAddress(tx, keyId, adapter.rail, now - REUSE_GRACE_SECONDS);
  if (free) {
    await handOn(tx, keyId, free.index, h);
    return free;
  }
  const index = await nextIndex(tx, keyId);
  const address = adapter.deriveAddress(index);
  await insertAddress(tx, keyId, index, address, adapter.rail, h);
  return { address, index };
}

/** How far a wallet restored from a rail's key must scan to find every address handed out. */
export interface AddressGap {
  object: 'address_gap';
  rail: Rail;
  livemode: boolean;
  /** The gap limit configured (BTC_GAP_LIMIT, TRON_GAP_LIMIT): what addresses are kept within when they can be. */
  configuredGapLimit: number;
  /** How many indexes were derived (the highest is this minus one); 0 when none. */
  derivedCount: number;
  /**
   * The highest index whose money is counted (confirmed on the chain), or null. Money seen only in
   * the mempool is not: it may be evicted or replaced and leave the address without history, and a
   * wallet knows only the chain (such an address would not end its run of unused ones).
   */
  highestUsedIndex: number | null;
  /** The longest run of consecutive indexes without counted money, up to the highest index derived. */
  longestUnusedRun: number;
  /**
   * The gap limit a wallet must scan with to find every payment to an address handed out so far
   * (and any that may still come to one): at least the configured one.
   */
  requiredGapLimit: number;
}

/**
 * The gap of a rail's key: the runs of indexes without counted money between (and after) the ones
 * with money on the chain (amount_credited; money only ever seen in the mempool may be gone, and
 * then a wallet sees no history there). Reads the key's used indexes (an index range,
 * `derived_addresses_used`: credited money is always seen money).
 */
export async function addressGap(db: Db, adapter: RailAdapter, livemode = adapter.mode === 'live'): Promise<AddressGap | null> {
  const configured = configuredGap(adapter.rail);
  if (configured === null || !adapter.derivationKeyId) return null;
  const { derived, lastUsed, longestInner: inner } = await gapFacts(db, adapter.derivationKeyId);
  // After the last used index: the addresses derived since, any of which may still be paid.
  const trailing = derived - 1 - (lastUsed ?? -1);
  const longestUnusedRun = Math.max(inner, trailing, 0);
  // A wallet stops after `gap` unused addresses in a row: it finds a used address after a run of
  // r unused ones when gap > r; the last address derived, if it is paid, after `trailing - 1`.
  return {
    object: 'address_gap',
    rail: adapter.rail,
    livemode,
    configuredGapLimit: configured,
    derivedCount: derived,
    highestUsedIndex: lastUsed,
    longestUnusedRun,
    requiredGapLimit: Math.max(configured, inner + 1, trailing),
  };
}

/**
 * GET /v1/address_gaps: each address rail this merchant takes in the key's mode (its own account's
 * key, else the deployment's), with its gap (not paginated).
 */
export async function listAddressGaps(db: Db, scope: RailScope): Promise<ListEnvelope<AddressGap>> {
  const data: AddressGap[] = [];
  const adapters = await merchantRails(db, scope);
  for (const rail of ADDRESS_RAILS) {
    const adapter = adapters.get(rail);
    const gap = adapter ? await addressGap(db, adapter, scope.livemode) : null;
    if (gap) data.push(gap);
  }
  return { object: 'list', data, hasMore: false, url: '/v1/address_gaps' };
}
