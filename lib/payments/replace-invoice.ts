// The confirm path's answer to an expired invoice while the session is open: a new invoice is
// started on the same rail, as a confirm would (begin-attempt.ts, start-attempt.ts). Called by the
// worker after a poll found the invoice expired (apply-report.ts says so; it never starts one
// itself). May call lib/store, begin-attempt.ts, start-attempt.ts, adapters.ts.
import type { Db } from '../db/client';
import { merchantRail } from '../domain/merchant-rails';
import { DomainError } from '../errors';
import type { Rail } from '../money';
import { activeAttempt } from '../store/attempts';
import { lockIntent } from '../store/intents';
import { scopeOf } from './adapters';
import { beginAttempt } from './begin-attempt';
import { startAttempt } from './start-attempt';

/** A new invoice for the intent, if it still asks for one on this rail and has no live attempt. */
export async function replaceExpiredInvoice(db: Db, intentId: string, rail: Rail, now: number): Promise<void> {
  const input = await db.transaction(async (tx) => {
    const intent = await lockIntent(tx, intentId);
    const adapter = await merchantRail(tx, scopeOf(intent), rail);
    if (!adapter || intent.status !== 'requires_payment_method' || intent.rail !== rail || (await activeAttempt(tx, intentId))) return null;
    return { promptInput: await beginAttempt(tx, intent, adapter, {}, now), adapter };
  });
  if (input)
    await startAttempt(db, input.promptInput, input.adapter).catch((err) => {
      if (!(err instanceof DomainError)) throw err;
    });
}
