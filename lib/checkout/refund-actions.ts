'use server';
// The refund claim page's server actions (app/checkout/refund/[token]/page.tsx), shaped as the
// checkout's (./actions.ts): parse the form with zod (a server action is a public endpoint: any
// argument, not only the page's form), count the action against the page's limits per claim link
// and per client (lib/domain/action-limits.ts, in the database), call one engine verb
// (lib/refunds/claim.ts submitClaim), then redirect back to the page (post/redirect/get: the same
// path with and without JavaScript). A refusal comes back as ?error=<code> with what the payer
// pasted (?destination=, so the field keeps it), worded by the page in the payer's language; an
// engine's internal message never reaches the payer. The refund's state is re-read by submitClaim
// under its row lock, so a form replayed after the claim is refused (claim_closed) and the page
// shows the claim as it is.
import { createHash } from 'node:crypto';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '../db/client';
import { lastHop, takeAction } from '../domain/action-limits';
import { DomainError } from '../errors';
import { LOCALE_COOKIE } from '../i18n';
import { type ClaimErrorCode, isClaimErrorCode } from '../i18n/refund-claim';
import { nowSeconds } from '../ids';
import { log } from '../log';
import { submitClaim } from '../refunds/claim';

/** A claim link's token (lib/refunds/claim.ts reads nothing else). */
const claimToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);

/** What the page keeps of a refused destination (submitClaim refuses anything longer). */
const KEPT_CHARS = 2000;

const page = (token: string, query?: Record<string, string>, hash = '') => `/checkout/refund/${token}${query ? `?${new URLSearchParams(query)}` : ''}${hash}`;

/** Where a form with no valid token goes: a path no token matches, so the page's 404. */
const INVALID = '/checkout/refund/invalid';

function parse<T extends z.ZodRawShape>(shape: T, form: unknown): z.infer<z.ZodObject<T>> | null {
  if (!(form instanceof FormData)) return null;
  const r = z.object(shape).safeParse(Object.fromEntries(form));
  return r.success ? r.data : null;
}

/** The client's address: the last hop of X-Forwarded-For (the one our side of the connection added), else none. */
async function clientAddress(): Promise<string | null> {
  const h = await headers();
  return lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip') ?? null;
}

/** The claim link's counter in action_limits: a digest, so the table holds no usable link. */
const limitKey = (token: string) => `refund-claim:${createHash('sha256').update(token).digest('base64url').slice(0, 32)}`;

/** An unexpected failure as the page's code: a domain refusal (the rail unavailable here) or, logged, generic. */
function failureCode(err: unknown): ClaimErrorCode {
  if (err instanceof DomainError) return 'unavailable';
  log('error', 'refund claim failed', { error: err instanceof Error ? err.stack : String(err) });
  return 'generic';
}

/** The payer gives where the refund goes: a Lightning invoice, a Bitcoin address or a TRON address. */
export async function submitRefundClaim(form: FormData): Promise<void> {
  const input = parse({ token: claimToken, destination: z.string().default('') }, form);
  if (!input) redirect(INVALID);
  const kept = input.destination.trim().slice(0, KEPT_CHARS);
  const refused = (code: ClaimErrorCode, extra: Record<string, string> = {}) =>
    page(input.token, { error: code, ...extra, ...(kept ? { destination: kept } : {}) }, '#destination');
  const db = await getDb();
  const wait = await takeAction(db, { session: limitKey(input.token), client: await clientAddress() }, nowSeconds());
  if (wait > 0) redirect(refused('rate_limited', { wait: String(wait) }));
  let target: string;
  try {
    const result = await submitClaim(db, input.token, input.destination);
    target = result.ok ? page(input.token) : refused(isClaimErrorCode(result.code) ? result.code : 'generic');
  } catch (err) {
    target = refused(failureCode(err));
  }
  // redirect() throws: outside the try.
  redirect(target);
}

/** The language switch: the checkout's cookie (path /checkout), then back to the page. */
export async function setClaimLocale(form: FormData): Promise<void> {
  const input = parse({ token: claimToken, locale: z.enum(['fr', 'en']) }, form);
  if (!input) redirect(INVALID);
  (await cookies()).set(LOCALE_COOKIE, input.locale, { path: '/checkout', maxAge: 365 * 24 * 3600, sameSite: 'lax', httpOnly: true });
  redirect(page(input.token));
}
