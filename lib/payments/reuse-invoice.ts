// An invoice handed out again: a rail switch away and back finds the invoice the payer was shown
// still valid, and the new attempt watches the same invoice (one invoice per amount, not one per
// round trip). Invoice family only (families/invoice.ts). May call lib/store, watch.ts, families.
import type { Db } from '../db/client';
import { createId } from '../ids';
import type { RailAdapter } from '../rails/types';
import { insertAttempt, lockReusableInvoice, transitionAttempt, writeAttempt } from '../store/attempts';
import type { PaymentIntentRow } from '../store/intents';
import { openSessionOf } from '../store/sessions';
import { DEFAULT_WINDOW_SECONDS } from './begin-attempt';
import { familyOf } from './families';
import { attemptAmount } from './watch';

/** An invoice handed out again must still be payable for at least this long. */
export const INVOICE_REUSE_MIN_SECONDS = 120;

/**
 * A new invoice attempt reuses the intent's open invoice when an earlier attempt of it was closed
 * (a rail switch and back) with nothing paid, for the same amount, and the invoice is still valid
 * and not being canceled at the node (never leased by the worker, never canceled). The old attempt
 * stops being watched; the new one watches the invoice (and an invoice's money is counted once
 * across its attempts, see apply-decision.ts loadFacts). Returns whether it did; in the caller's
 * transaction, under the intent's row lock.
 */
export async function reuseOpenInvoice(tx: Db, intent: PaymentIntentRow, adapter: RailAdapter, now: number): Promise<boolean> {
  // A converting intent's invoice belongs to its quote: a new attempt gets a new quote and invoice.
  if (!familyOf(adapter).invoice || intent.rail !== adapter.rail || intent.currency !== 'BTC') return false;
  const amount = attemptAmount({ amount: intent.amount, amountReceived: intent.amount_received });
  const session = await openSessionOf(tx, intent.id);
  const until = session ? session.expires_at : now + DEFAULT_WINDOW_SECONDS;
  const prev = await lockReusableInvoice(tx, intent.id, amount, now + INVOICE_REUSE_MIN_SECONDS, until, now, adapter.account?.id ?? null);
  if (!prev) return false;
  const attemptId = createId('att');
  await insertAttempt(tx, {
    id: attemptId,
    intent,
    rail: adapter.rail,
    amount,
    currency: intent.currency,
    destination: prev.destination,
    details: { ...prev.details, reusedFrom: prev.id },
    expiresAt: prev.expires_at,
    nextPollAt: now + adapter.pollSeconds,
    now,
    backendRef: prev.backend_ref,
    // The invoice lives at the node of the account that made it: the new attempt asks that one.
    account: prev.rail_account_id !== null && prev.rail_account_version !== null ? { id: prev.rail_account_id, version: prev.rail_account_version } : null,
    accountOwner: prev.account_owner,
  });
  await writeAttempt(tx, prev.id, { set: { watch_until: null, next_poll_at: null, updated_at: now } });
  await transitionAttempt(tx, attemptId, 'awaiting_payment', { from: ['creating'], set: { updated_at: now } });
  return true;
}
