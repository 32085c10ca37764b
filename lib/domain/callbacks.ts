// A live mobile-money operator's callback. It is a hint, never the truth: it names an attempt,
// which we then ask the operator about (refreshAttempt). Sent twice, or never: same outcome.
import { invalid, notFound } from '../errors';
import type { Db } from '../db/client';
import { nowSeconds } from '../ids';
import { MOBILE_MONEY_RAILS, type Rail } from '../money';
import { railAdapter } from '../rails/registry';
import { BackendError, type CallbackInput } from '../rails/types';
import { refreshAttempt } from './attempts';

export async function handleMobileMoneyCallback(db: Db, rail: string, req: CallbackInput, now = nowSeconds()): Promise<{ received: true }> {
  if (!(MOBILE_MONEY_RAILS as readonly string[]).includes(rail)) throw notFound('rail', rail);
  const adapter = railAdapter(rail as Rail, true);
  if (!adapter?.parseCallback) throw notFound('rail', rail);
  let attemptId: string;
  try {
    ({ attemptId } = await adapter.parseCallback(req));
  } catch (err) {
    if (err instanceof BackendError) throw invalid('parameter_invalid', `Unreadable callback: ${err.message}.`);
    throw err;
  }
  const rows = await db.query(`select id from payment_attempts where id = $1 and rail = $2 and livemode = true`, [attemptId, rail]);
  if (!rows[0]) throw notFound('payment_attempt', attemptId);
  await refreshAttempt(db, attemptId, now);
  return { received: true };
}
