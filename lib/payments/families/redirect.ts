// Redirect (Orange Money, Wave): the payer is sent to the operator's page or app and comes back. Pure.
import { PUSH_WATCH_SECONDS } from './push';
import type { RailFamily } from './types';

export const redirect: RailFamily = {
  name: 'redirect',
  mobileMoney: true,
  phone: 'optional',
  pushesToPhone: false,
  redirects: true,
  canResend: false,
  railMayChangeWhilePending: true,
  promptStatus: 'pending',
  pinsProtocol: true,
  receivesOnAddress: false,
  invoice: false,
  // Watched, like a push, until the operator's final word (at most a day).
  watchUntilAfterClose: (a, now) => (a.backendRef ? now + PUSH_WATCH_SECONDS : null),
};
