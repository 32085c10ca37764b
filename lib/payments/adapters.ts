// Which adapter a payment goes to: the rail's in this mode, configured and (for a new request)
// with a healthy backend; and the refusal of one request by its backend. May call lib/rails,
// lib/domain (payment-intents, rail-health), bottom.

import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { assertRailConfigured } from '../domain/payment-intents';
import { admitRequest } from '../domain/rail-health';
import { DomainError } from '../errors';
import type { Rail } from '../money';
import { railAdapter } from '../rails/registry';
import type { BackendError, RailAdapter } from '../rails/types';
import { familyOfRail } from './families';

export const scopeOf = (row: { merchant_id: string; livemode: boolean }): Scope => ({ merchantId: row.merchant_id, livemode: row.livemode });

/** The rail's adapter in this mode, or 400 rail_not_configured (503 is for a configured rail whose backend is down). */
export function configuredAdapter(rail: Rail, livemode: boolean): RailAdapter {
  assertRailConfigured(rail, livemode);
  return railAdapter(rail, livemode)!;
}

/**
 * The adapter to send a new request to (a new attempt, a resend), or rail_unavailable: not
 * configured in this mode, or its backend is down (rail-health.ts; while it is being probed, this
 * request may be the probe).
 */
export async function usableAdapter(db: Db, rail: Rail, livemode: boolean, now: number): Promise<RailAdapter> {
  const adapter = configuredAdapter(rail, livemode);
  await admitRequest(db, adapter, now);
  return adapter;
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
