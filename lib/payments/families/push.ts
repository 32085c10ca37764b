// Push (MTN MoMo): a payment request on the payer's phone, approved there. Pure.
import type { RailFamily } from './types';

/** How long a mobile-money push that ended on our side stays watched for the operator's final answer. */
export const PUSH_WATCH_SECONDS = 24 * 3600;

export const push: RailFamily = {
  name: 'push',
  mobileMoney: true,
  phone: 'required',
  pushesToPhone: true,
  redirects: false,
  canResend: true,
  railMayChangeWhilePending: false,
  promptStatus: 'pending',
  pinsProtocol: true,
  receivesOnAddress: false,
  invoice: false,
  watchUntilAfterClose: (a, now) => (a.backendRef ? now + PUSH_WATCH_SECONDS : null),
};
