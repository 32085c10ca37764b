// Address (Bitcoin on-chain, USDT on TRON): a receive address from the key's pool (addresses.ts). Pure.
import type { RailFamily } from './types';

/** How long an address stays watched after its attempt ended, so late money is recorded. */
export const WATCH_SECONDS = 7 * 24 * 3600;

export const address: RailFamily = {
  name: 'address',
  mobileMoney: false,
  phone: 'none',
  pushesToPhone: false,
  redirects: false,
  canResend: false,
  railMayChangeWhilePending: false,
  promptStatus: 'awaiting_payment',
  pinsProtocol: false,
  receivesOnAddress: true,
  invoice: false,
  // An address can receive forever: watched a week.
  watchUntilAfterClose: (_a, now) => now + WATCH_SECONDS,
};
