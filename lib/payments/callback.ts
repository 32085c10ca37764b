// A live mobile-money operator's callback. It is a hint, never the truth: it names an attempt,
// which we then ask the operator about (refreshAttempt). Sent twice, or never: same outcome.
// Callbacks are unauthenticated, so a flood of them naming one attempt is coalesced, in the
// database (shared by every instance): one status lookup per attempt at a time (the attempt's
// lease, `locked_until`, the one the worker takes too), and at least CALLBACK_LOOKUP_SPACING_SECONDS
// between the starts of two callbacks' lookups; a callback that comes meanwhile only makes the
// attempt due right after, for the worker.
// May call lib/store, lib/rails, apply-report.ts, watch.ts.

import type { Db } from '../db/client';
import { accountVersionAdapter } from '../domain/merchant-rails';
import { invalid, notFound } from '../errors';
import { ID_PREFIXES, isIdOf, nowSeconds } from '../ids';
import { MOBILE_MONEY_RAILS, type Rail } from '../money';
import { railAdapter } from '../rails/registry';
import { BackendError, type CallbackInput, type CallbackTarget, type RailAdapter } from '../rails/types';
import { attemptView, getLiveAttemptOn, isActiveAttempt, writeAttempt } from '../store/attempts';
import { currentVersionOf, watchedVersionsOf } from '../store/rail-accounts';
import { askRefundSoon } from '../store/refunds';
import { refreshAttempt } from './apply-report';
import { PUSH_WATCH_SECONDS } from './watch';

/** Minimum time between two status lookups made for callbacks about one attempt. */
export const CALLBACK_LOOKUP_SPACING_SECONDS = 2;
/** How long a callback's lookup holds the attempt (a lookup that dies lets go after this). */
const CALLBACK_LEASE_SECONDS = 30;

/** A callback to the deployment's URL for a rail (`/callbacks/mobile_money/<rail>`): about its platform attempts only. */
export async function handleMobileMoneyCallback(db: Db, rail: string, req: Omit<CallbackInput, 'now'>, now = nowSeconds()): Promise<{ received: true }> {
  if (!(MOBILE_MONEY_RAILS as readonly string[]).includes(rail)) throw notFound('rail', rail);
  const adapter = railAdapter(rail as Rail, true);
  if (!adapter?.parseCallback) throw notFound('rail', rail);
  return handleCallback(db, adapter, null, req, now);
}

/**
 * A callback to a merchant's account URL (`/callbacks/<ra_...>`): read and verified with that
 * account's secrets (its current version), about that account's attempts only. A disabled account's
 * URL still works: its open attempts are watched to their end.
 */
export async function handleAccountCallback(db: Db, accountId: string, req: Omit<CallbackInput, 'now'>, now = nowSeconds()): Promise<{ received: true }> {
  if (!isIdOf(ID_PREFIXES.railAccount, accountId)) throw notFound('rail_account', accountId.slice(0, 100));
  const account = await currentVersionOf(db, accountId);
  if (!account) throw notFound('rail_account', accountId);
  const adapter = await accountVersionAdapter(db, account);
  if (!adapter.parseCallback) throw notFound('rail_account', accountId);
  // Verified with the current version's secrets; an earlier version's open payments may still be
  // notified with that version's (a merchant who moved to another operator account): each such
  // version's adapter is tried in turn.
  let chosen = adapter;
  try {
    await adapter.parseCallback({ ...req, now });
  } catch (err) {
    if (!(err instanceof BackendError)) throw err;
    for (const version of await watchedVersionsOf(db, accountId, account.version, now)) {
      const older = await accountVersionAdapter(db, { id: accountId, version });
      const ok = await older.parseCallback?.({ ...req, now }).then(
        () => true,
        () => false,
      );
      if (ok) {
        chosen = older;
        break;
      }
    }
  }
  return handleCallback(db, chosen, accountId, req, now);
}

async function handleCallback(
  db: Db,
  adapter: RailAdapter,
  accountId: string | null,
  req: Omit<CallbackInput, 'now'>,
  now: number,
): Promise<{ received: true }> {
  const rail = adapter.rail;
  let target: CallbackTarget;
  try {
    target = await adapter.parseCallback!({ ...req, now });
  } catch (err) {
    if (err instanceof BackendError) throw invalid('parameter_invalid', `Unreadable callback: ${err.message}.`);
    throw err;
  }
  if (target.ignore) return { received: true };
  const attemptId = target.attemptId;
  // A refund's callback (MTN's disbursement refund echoes our refund id): the refund is asked about soon.
  if (isIdOf(ID_PREFIXES.refund, attemptId)) {
    if (await askRefundSoon(db, attemptId, rail, accountId, now)) return { received: true };
    throw notFound('refund', attemptId);
  }
  // What the operator echoes is ours only if it is an attempt id: anything else (a NUL, which
  // PostgreSQL refuses in text, another system's reference) is no attempt, and no query is made.
  if (!isIdOf(ID_PREFIXES.attempt, attemptId)) throw notFound('payment_attempt', JSON.stringify(attemptId).slice(1, -1).slice(0, 100));
  const row = await getLiveAttemptOn(db, attemptId, rail);
  // Another account's attempt (or a platform attempt named at an account's URL): not this sender's to talk about.
  if (!row || row.rail_account_id !== accountId) throw notFound('payment_attempt', attemptId);
  // A notification that cannot prove it comes from the operator (Orange: the attempt's notif_token)
  // changes nothing, not even when we look next.
  if (target.verify && !target.verify(attemptView(row))) throw invalid('parameter_invalid', 'This notification could not be verified.');
  if (target.authenticated && !isActiveAttempt(row.status) && row.status !== 'succeeded' && !(row.watch_until !== null && row.watch_until > now)) {
    // The operator says something happened on an attempt we had stopped watching (a payment after
    // its validity as we guessed it, after our watch window): watch it again and look now.
    await writeAttempt(db, attemptId, {
      set: { watch_until: now + PUSH_WATCH_SECONDS, next_poll_at: now },
      where: { sql: 'watch_until is null or watch_until <= $1', params: [now] },
    });
  }
  // Take the attempt's lease, unless a lookup holds it (the worker's, or another callback's) or a
  // callback's lookup started less than the spacing ago. One conditional update: two callbacks
  // racing cannot both win, on any instance.
  const lease = now + CALLBACK_LEASE_SECONDS;
  const taken = await writeAttempt(db, attemptId, {
    set: { locked_until: lease },
    mergeDetails: { callbackLookupAt: now },
    where: {
      sql: `(locked_until is null or locked_until <= $1) and coalesce((details->>'callbackLookupAt')::bigint, -1) <= $2`,
      params: [now, now - CALLBACK_LOOKUP_SPACING_SECONDS],
    },
  });
  if (!taken) {
    // Coalesced: the attempt is asked about right after (by the worker), not now.
    const soon = now + CALLBACK_LOOKUP_SPACING_SECONDS;
    await writeAttempt(db, attemptId, { set: { next_poll_at: soon }, where: { sql: 'next_poll_at > $1', params: [soon] } });
    return { received: true };
  }
  try {
    await refreshAttempt(db, attemptId, now);
  } finally {
    // refreshAttempt lets go of the lease when it writes its answer; if it did not, let go now.
    await writeAttempt(db, attemptId, { set: { locked_until: null }, where: { sql: 'locked_until = $1', params: [lease] } });
  }
  return { received: true };
}
