// Which adapter a payment goes to: the merchant's for the rail in this mode (its own account, else
// the deployment's: lib/domain/merchant-rails.ts), with a healthy backend for a new request; an
// existing attempt's, the one that made it; and the refusal of one request by its backend.
// May call lib/rails, lib/domain (merchant-rails, rail-health), bottom.

import { config } from '../config';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { type AttemptAccount, attemptAdapter, configuredRail, operatorOf, type RailScope } from '../domain/merchant-rails';

export { operatorOf };

import { admitRequest } from '../domain/rail-health';
import { DomainError, notFound } from '../errors';
import type { Rail } from '../money';
import { accountNotifyUrl } from '../rails/accounts';
import type { BackendError, RailAdapter } from '../rails/types';
import { familyOfRail } from './families';

export const scopeOf = (row: { merchant_id: string; livemode: boolean }): Scope => ({ merchantId: row.merchant_id, livemode: row.livemode });

/** The merchant's adapter for a rail in this mode, or 400 rail_not_configured. */
export function configuredAdapter(db: Db, scope: RailScope, rail: Rail): Promise<RailAdapter> {
  return configuredRail(db, scope, rail);
}

/**
 * The adapter to send a new request to (a new attempt), or rail_unavailable: not configured for
 * this merchant in this mode, or its backend is down (rail-health.ts; while it is being probed,
 * this request may be the probe).
 */
export async function usableAdapter(db: Db, scope: RailScope, rail: Rail, now: number): Promise<RailAdapter> {
  const adapter = await configuredRail(db, scope, rail);
  await admitRequest(db, adapter, now);
  return adapter;
}

/** The adapter that made an attempt (its account's version, whatever became of the account since), or 404-like null. */
export function adapterOfAttempt(db: Db, attempt: AttemptAccount): Promise<RailAdapter | null> {
  return attemptAdapter(db, attempt);
}

/** The same, required: an attempt whose rail is no longer configured at all cannot be asked about. */
export async function requiredAdapterOfAttempt(db: Db, attempt: AttemptAccount & { id: string }): Promise<RailAdapter> {
  const adapter = await attemptAdapter(db, attempt);
  if (!adapter) throw notFound('rail', attempt.rail);
  return adapter;
}

/** Where an operator posts its notifications about an attempt of this adapter: its account's URL, or the deployment's rail's. */
export function notifyUrlOf(adapter: RailAdapter): string {
  const cfg = config();
  return adapter.account ? accountNotifyUrl(cfg, adapter.account.id) : `${cfg.BASE_URL}/callbacks/mobile_money/${adapter.rail}`;
}

/** A refusal of one request by its backend (a 4xx about its content): that attempt fails, the rail is fine. */
export const paymentRefused = (adapter: RailAdapter, err: BackendError) => {
  // Only a push operator was sent the payer's number: only there can the number be the cause.
  const push = familyOfRail(adapter.rail).pushesToPhone;
  return new DomainError(
    'payment_refused',
    `The ${adapter.rail} backend refused this payment request${err.status ? ` (HTTP ${err.status})` : ''}.${push ? " Check the payer's phone number." : ''} Try again or use another rail.`,
    push ? 'phone' : undefined,
  );
};
