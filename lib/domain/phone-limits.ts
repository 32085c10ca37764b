// How many payment prompts a phone may receive from this deployment: counted in the database
// (phone_prompts, 0007), across every merchant, session, URL, API call and instance. A prompt is
// reserved in the transaction that starts the attempt or the resend (the phone's row is locked, so
// two concurrent requests cannot both take the last place) and given back when the push surely did
// not go out. Live mode only: test-mode prompts (the simulator) reach no phone.
import type { Db } from '../db/client';
import { DomainError } from '../errors';

/** At most this many prompts to one phone per minute... */
export const PROMPTS_PER_MINUTE = 3;
/** ...and per hour. */
export const PROMPTS_PER_HOUR = 10;
/** A resend of a pending request waits at least this long after the last push. */
export const RESEND_SPACING_SECONDS = 30;

/**
 * Too many prompts to this phone now: `retryAfterSeconds` says when one may go out. Code
 * `phone_rate_limited`, answered 429 with Retry-After by the API.
 */
export class PhoneRateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('phone_rate_limited', message, 'phone');
    this.name = 'PhoneRateLimitedError';
  }
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The seconds to wait before one more prompt to a phone that got `sent` (unix seconds), or 0. */
export function promptWait(sent: readonly number[], now: number): number {
  const lastHour = sent.filter((t) => t > now - 3600).sort((a, b) => a - b);
  const lastMinute = lastHour.filter((t) => t > now - 60);
  let wait = 0;
  // The oldest prompt that must leave the window for one more to fit.
  if (lastMinute.length >= PROMPTS_PER_MINUTE) wait = Math.max(wait, lastMinute[lastMinute.length - PROMPTS_PER_MINUTE]! + 60 - now);
  if (lastHour.length >= PROMPTS_PER_HOUR) wait = Math.max(wait, lastHour[lastHour.length - PROMPTS_PER_HOUR]! + 3600 - now);
  return wait;
}

/** Lock the phone's row (created if new) and read the prompts of its last hour. */
async function lockPhone(tx: Db, phone: string, now: number): Promise<number[]> {
  const rows = await tx.query<{ sent: unknown }>(
    `insert into phone_prompts (phone, sent, updated_at) values ($1, '[]', $2)
     on conflict (phone) do update set updated_at = phone_prompts.updated_at
     returning sent`,
    [phone, now],
  );
  const sent = rows[0]?.sent;
  const list = (typeof sent === 'string' ? JSON.parse(sent) : sent) as unknown;
  return Array.isArray(list) ? list.map(Number).filter((t) => Number.isFinite(t) && t > now - 3600) : [];
}

/**
 * Reserve one prompt to `phone` at `now`, in the caller's transaction, or PhoneRateLimitedError
 * naming the wait. Call it before the push goes out.
 */
export async function reservePrompt(tx: Db, phone: string, now: number): Promise<void> {
  const sent = await lockPhone(tx, phone, now);
  const wait = promptWait(sent, now);
  if (wait > 0)
    throw new PhoneRateLimitedError(
      `Too many payment requests were sent to this phone number: at most ${PROMPTS_PER_MINUTE} a minute and ${PROMPTS_PER_HOUR} an hour. Retry after ${plural(wait, 'second')}.`,
      wait,
    );
  await tx.query(`update phone_prompts set sent = $2::jsonb, updated_at = $3 where phone = $1`, [phone, JSON.stringify([...sent, now]), now]);
}

/** Give back a prompt reserved at `now` that surely did not go out (the backend refused the push). */
export async function releasePrompt(db: Db, phone: string, reservedAt: number): Promise<void> {
  await db.transaction(async (tx) => {
    const sent = await lockPhone(tx, phone, reservedAt);
    const i = sent.lastIndexOf(reservedAt);
    if (i < 0) return;
    sent.splice(i, 1);
    await tx.query(`update phone_prompts set sent = $2::jsonb where phone = $1`, [phone, JSON.stringify(sent)]);
  });
}

/** A resend `now` of a request last pushed at `lastPushAt`: PhoneRateLimitedError when too soon. */
export function assertResendSpacing(lastPushAt: number, now: number): void {
  const wait = lastPushAt + RESEND_SPACING_SECONDS - now;
  if (wait > 0)
    throw new PhoneRateLimitedError(
      `The payment request was sent ${plural(Math.max(0, now - lastPushAt), 'second')} ago; it can be sent again ${RESEND_SPACING_SECONDS} s after the last one. Retry after ${plural(wait, 'second')}.`,
      wait,
    );
}
