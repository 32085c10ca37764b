// How many payment prompts a phone may receive: counted in the database (phone_prompts, 0007 and
// 0019), on every instance, per merchant and for the phone as a whole. Live mode only: test-mode
// prompts (the simulator) reach no phone.
//
// The rule (promptWait):
// - Each merchant may prompt one phone at most 3 times a minute and 10 times an hour, whatever
//   sessions, links or API calls ask. So someone who floods a number from one merchant's public
//   payment link blocks that number at that merchant only.
// - The phone as a whole has a ceiling that only stops floods spread over many merchants: once it
//   got 30 prompts in the last hour, a merchant that already sent it 3 in that hour sends no more
//   until the count falls. A merchant's first 3 prompts to a phone in an hour are never refused
//   for what other merchants sent: a payer who starts a payment with a merchant nobody used
//   against them can always be prompted (a confirm and two resends), however full the ceiling.
//   No party can fill the ceiling to block the others: at worst a flood through K merchants
//   reaches a phone 30 + 3 x K times an hour, where without the ceiling it would be 10 x K.
// Times are unix milliseconds (the window is not whole seconds: a prompt at 10:00:00.900 and
// one at 10:01:00.000 are 59.1 s apart, within the minute). A prompt is reserved in the
// transaction that starts the attempt or the resend (the phone's row is locked, so two concurrent
// requests cannot both take the last place) and given back when the push surely did not go out.
import type { Db } from '../db/client';
import { DomainError } from '../errors';

/** One merchant's prompts to one phone: at most this many a minute... */
export const PROMPTS_PER_MINUTE = 3;
/** ...and an hour. */
export const PROMPTS_PER_HOUR = 10;
/** Prompts to one phone from every merchant in an hour before the ceiling applies... */
export const PHONE_PROMPTS_PER_HOUR = 30;
/** ...and a merchant's first this many prompts to the phone in the hour go out all the same. */
export const PROMPTS_BEYOND_CEILING = 3;
/** A resend of a pending request waits at least this long after the last push. */
export const RESEND_SPACING_SECONDS = 30;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** A prompt that went out: whose (null: recorded before 0019, a merchant unknown), for which attempt, when (unix ms). */
export interface SentPrompt {
  merchantId: string | null;
  attemptId: string | null;
  at: number;
}

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

/** Why a prompt must wait, and how long (ms); null when it may go out now. */
export interface PromptWait {
  ms: number;
  /** `merchant`: this merchant's own limits; `phone`: the phone's ceiling. */
  limit: 'merchant' | 'phone';
}

/** How long `merchantId` must wait at `nowMs` before one more prompt to a phone that got `sent` (the rule above). */
export function promptWait(sent: readonly SentPrompt[], merchantId: string, nowMs: number): PromptWait | null {
  const hour = sent.filter((p) => p.at > nowMs - HOUR_MS).sort((a, b) => a.at - b.at);
  const own = hour.filter((p) => p.merchantId === merchantId);
  const ownMinute = own.filter((p) => p.at > nowMs - MINUTE_MS);
  // Each wait is until the oldest prompt that must leave its window for one more to fit.
  let merchant = 0;
  if (ownMinute.length >= PROMPTS_PER_MINUTE) merchant = Math.max(merchant, ownMinute[ownMinute.length - PROMPTS_PER_MINUTE]!.at + MINUTE_MS - nowMs);
  if (own.length >= PROMPTS_PER_HOUR) merchant = Math.max(merchant, own[own.length - PROMPTS_PER_HOUR]!.at + HOUR_MS - nowMs);
  // The ceiling holds back only a merchant past its first prompts of the hour, until either the
  // phone's count or the merchant's own falls below its bound (whichever comes first).
  let phone = 0;
  if (hour.length >= PHONE_PROMPTS_PER_HOUR && own.length >= PROMPTS_BEYOND_CEILING)
    phone = Math.min(hour[hour.length - PHONE_PROMPTS_PER_HOUR]!.at + HOUR_MS - nowMs, own[own.length - PROMPTS_BEYOND_CEILING]!.at + HOUR_MS - nowMs);
  if (merchant <= 0 && phone <= 0) return null;
  return merchant >= phone ? { ms: merchant, limit: 'merchant' } : { ms: phone, limit: 'phone' };
}

/** A stored entry (0019: `{m, a, t}`) as a SentPrompt; anything else is dropped. */
function sentPromptOf(v: unknown): SentPrompt | null {
  if (!v || typeof v !== 'object') return null;
  const e = v as { m?: unknown; a?: unknown; t?: unknown };
  const at = Number(e.t);
  if (!Number.isFinite(at)) return null;
  return { merchantId: typeof e.m === 'string' ? e.m : null, attemptId: typeof e.a === 'string' ? e.a : null, at };
}

const stored = (sent: readonly SentPrompt[]) => JSON.stringify(sent.map((p) => ({ m: p.merchantId, a: p.attemptId, t: p.at })));

/** Lock the phone's row (created if new) and read the prompts it holds. */
async function lockPhone(tx: Db, phone: string, nowMs: number): Promise<SentPrompt[]> {
  const rows = await tx.query<{ sent: unknown }>(
    `insert into phone_prompts (phone, sent, updated_at) values ($1, '[]', $2)
     on conflict (phone) do update set updated_at = phone_prompts.updated_at
     returning sent`,
    [phone, Math.floor(nowMs / 1000)],
  );
  const sent = rows[0]?.sent;
  const list = (typeof sent === 'string' ? JSON.parse(sent) : sent) as unknown;
  return Array.isArray(list) ? list.map(sentPromptOf).filter((p): p is SentPrompt => p !== null) : [];
}

/** Who asks for a prompt: the merchant it is counted for, and the attempt it is for. */
export interface PromptOwner {
  merchantId: string;
  attemptId: string;
}

/**
 * Reserve one prompt to `phone` for `owner` at `nowMs` (unix ms), in the caller's transaction, or
 * PhoneRateLimitedError naming the wait. Call it before the push goes out.
 */
export async function reservePrompt(tx: Db, phone: string, owner: PromptOwner, nowMs: number): Promise<void> {
  // Only the last hour counts, and only it is written back (the row never grows).
  const sent = (await lockPhone(tx, phone, nowMs)).filter((p) => p.at > nowMs - HOUR_MS);
  const wait = promptWait(sent, owner.merchantId, nowMs);
  if (wait) {
    const seconds = Math.ceil(wait.ms / 1000);
    throw new PhoneRateLimitedError(
      wait.limit === 'merchant'
        ? `Too many payment requests were sent to this phone number by this account: at most ${PROMPTS_PER_MINUTE} a minute and ${PROMPTS_PER_HOUR} an hour. Retry after ${plural(seconds, 'second')}.`
        : `Too many payment requests were sent to this phone number by all merchants of this service (${PHONE_PROMPTS_PER_HOUR} in the last hour); this account already sent it ${PROMPTS_BEYOND_CEILING} or more. Retry after ${plural(seconds, 'second')}.`,
      seconds,
    );
  }
  await tx.query(`update phone_prompts set sent = $2::jsonb, updated_at = $3 where phone = $1`, [
    phone,
    stored([...sent, { merchantId: owner.merchantId, attemptId: owner.attemptId, at: nowMs }]),
    Math.floor(nowMs / 1000),
  ]);
}

/**
 * Give back a prompt that surely did not go out (the backend refused the push): the one reserved
 * for `attemptId` at `reservedAtMs`, or without it the attempt's latest (a new attempt has one).
 */
export async function releasePrompt(db: Db, phone: string, attemptId: string, reservedAtMs?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const sent = await lockPhone(tx, phone, reservedAtMs ?? Date.now());
    let i = -1;
    for (let j = sent.length - 1; j >= 0 && i < 0; j--)
      if (sent[j]!.attemptId === attemptId && (reservedAtMs === undefined || sent[j]!.at === reservedAtMs)) i = j;
    if (i < 0) return;
    sent.splice(i, 1);
    await tx.query(`update phone_prompts set sent = $2::jsonb where phone = $1`, [phone, stored(sent)]);
  });
}

/** A resend `now` of a request last pushed at `lastPushAt` (unix seconds): PhoneRateLimitedError when too soon. */
export function assertResendSpacing(lastPushAt: number, now: number): void {
  const wait = lastPushAt + RESEND_SPACING_SECONDS - now;
  if (wait > 0)
    throw new PhoneRateLimitedError(
      `The payment request was sent ${plural(Math.max(0, now - lastPushAt), 'second')} ago; it can be sent again ${RESEND_SPACING_SECONDS} s after the last one. Retry after ${plural(wait, 'second')}.`,
      wait,
    );
}
