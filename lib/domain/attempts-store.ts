// Small, dependency-free helpers on payment_attempts shared by intents, sessions and the
// lifecycle (kept apart so payment-intents.ts and checkout-sessions.ts can use them without cycles).
import { unexpectedState } from '../api/errors';
import type { Db } from '../db/client';

export const ACTIVE_ATTEMPT_STATUSES = ['creating', 'awaiting_payment', 'pending'] as const;
/** Rails whose destination is an address that can receive money at any time. */
export const ADDRESS_RAILS = ['btc_onchain', 'usdt_trc20'] as const;
/** How long an address stays watched after its attempt ended, so late money is recorded. */
export const WATCH_SECONDS = 7 * 24 * 3600;
export const WATCH_POLL_SECONDS = 60;
/** How long a mobile-money push that ended on our side stays watched for the operator's final answer. */
export const PUSH_WATCH_SECONDS = 24 * 3600;

/**
 * End every live attempt of an intent (cancel, expiry, rail switch). Address attempts keep being
 * watched: money sent there later is still seen and recorded. So does a mobile-money push that
 * went out (the payer may still approve it) until the operator's final answer.
 */
export async function closeActiveAttempts(tx: Db, intentId: string, status: 'canceled' | 'expired', now: number): Promise<void> {
  await tx.query(
    `update payment_attempts
        set status = $2, updated_at = $3,
            watch_until = case when rail = any($4::text[]) then $3 + $5::bigint
                               when rail like 'mobile_money_%' and backend_ref is not null then $3 + $8::bigint else null end,
            next_poll_at = case when rail = any($4::text[]) or (rail like 'mobile_money_%' and backend_ref is not null) then $3 + $6::bigint else null end
      where payment_intent_id = $1 and status = any($7::text[])`,
    [intentId, status, now, ADDRESS_RAILS, WATCH_SECONDS, WATCH_POLL_SECONDS, ACTIVE_ATTEMPT_STATUSES, PUSH_WATCH_SECONDS],
  );
}

/**
 * 409 while an attempt of the intent is `creating`: its request to the backend is in flight (a
 * push may be going out), so the attempt must not be closed under it (switch, cancel, expiry).
 */
export async function assertNoAttemptStarting(tx: Db, intentId: string): Promise<void> {
  const rows = await tx.query(`select 1 from payment_attempts where payment_intent_id = $1 and status = 'creating' limit 1`, [intentId]);
  if (rows.length > 0) throw unexpectedState('A payment attempt for this payment intent is being started; retry in a moment.');
}
