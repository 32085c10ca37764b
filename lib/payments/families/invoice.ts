// Invoice (Bitcoin Lightning): an invoice for the amount, valid until its expiry at the node. Pure.
import type { RailFamily } from './types';

/** A Lightning invoice is watched this long past its expiry (a payment settled at the last second). */
export const INVOICE_GRACE_SECONDS = 600;

export const invoice: RailFamily = {
  name: 'invoice',
  mobileMoney: false,
  phone: 'none',
  pushesToPhone: false,
  redirects: false,
  canResend: false,
  railMayChangeWhilePending: false,
  promptStatus: 'awaiting_payment',
  pinsProtocol: false,
  receivesOnAddress: false,
  invoice: true,
  // Until its expiry at the node (closing also cancels it there: close.ts cancelAtBackend).
  watchUntilAfterClose: (a, now) => (a.backendRef ? Math.max(now, a.expiresAt ?? now) + INVOICE_GRACE_SECONDS : null),
};
