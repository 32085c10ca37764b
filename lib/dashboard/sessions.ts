// Dashboard sign-in and sessions. A session is a random 256-bit token in an HttpOnly cookie; the
// database keeps only its SHA-256 (dashboard_sessions.token_hash), so a copy of the database (or a
// log of its queries' results) signs nobody in. A token is looked up by its hash: the timing of that
// lookup says nothing about any stored token, so no constant-time comparison is needed there.
//
// Sign-in gives one answer for an unknown email, a wrong password and a disabled user, after the
// same work (an unknown email is verified against DUMMY_HASH), and is throttled per account and
// address, per account and per address with waits that grow with the failures, never a lockout of
// the right password from an address that has not failed (lib/domain/action-limits.ts). Pages map
// `reason` to their own fr/en messages; `message` is the English text for logs and the CLI.
//
// A user with two-factor sign-in (two-factor.ts) gets no session from the password: signIn answers
// `second_factor` with a challenge (a short-lived server-side record, not a session) that only the
// code form takes; the session is opened when a code (or a recovery code) is right.
//
// One e-mail may be a user of several merchants (users.ts): each account has its own password, and
// the password typed picks the account (createUser refuses a chosen password another account of the
// e-mail already has). Every account of the e-mail is checked, side by side on libuv's pool.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { forgiveSignInAttempt, takeSignInAttempt } from '../domain/action-limits';
import { recordAudit } from '../domain/audit';
import { nowSeconds } from '../ids';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords';
import { normalizeEmail, toUser, USER_COLUMNS, type User, type UserRow } from './users';

/** A session unused for longer than this (12 h) is dead: a forgotten tab on a shop's shared phone signs out by itself. */
export const IDLE_SECONDS = 12 * 3600;
/** A session older than this (7 days) is dead however much it is used: a stolen cookie is not good forever. */
export const ABSOLUTE_SECONDS = 7 * 86400;
/**
 * `last_seen_at` is written at most this often (60 s): a page view is one read, not a read and a
 * write. The idle timeout is therefore exact to within this interval.
 */
export const TOUCH_SECONDS = 60;

/** The cookie that holds the session's token. */
export const SESSION_COOKIE = 'caisse_session';

/**
 * The session cookie's attributes (Next's `cookies().set(SESSION_COOKIE, token, cookieOptions(...))`):
 * invisible to scripts (HttpOnly), not sent on cross-site subrequests or POSTs (SameSite=Lax), only
 * over https when the dashboard is served over https (pass `secure: true` then), only to /dashboard
 * (sign-out and every server action live under it), and gone from the browser when the session
 * reaches its absolute timeout anyway.
 */
export function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/dashboard', maxAge: ABSOLUTE_SECONDS } as const;
}

/** What is stored of a session token: its SHA-256, hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, base64url (43 characters). */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password.';

export type SignInResult =
  | { ok: true; token: string; user: User }
  /** Unknown email, wrong password or disabled user: one answer for the three. */
  | { ok: false; reason: 'invalid_credentials'; message: string }
  /** Too many failures for this account or from this address; `retryAfter` in seconds. */
  | { ok: false; reason: 'throttled'; message: string; retryAfter: number }
  /**
   * The password was right and the user has two-factor sign-in: no session yet. `challenge` goes in
   * a short-lived cookie (two-factor.ts CHALLENGE_COOKIE) for the code form.
   */
  | { ok: false; reason: 'second_factor'; message: string; challenge: string; user: User };

export interface SignInInput {
  email: string;
  password: string;
  /** The client's address (X-Forwarded-For's last hop, as the checkout page's actions take it); null if unknown. */
  clientAddress: string | null;
  now?: number;
}

/** "45 seconds", "1 minute", "14 minutes": a wait under a minute in seconds, else in whole minutes rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function throttled(retryAfter: number): SignInResult {
  return { ok: false, reason: 'throttled', message: `Too many failed sign-in attempts. Try again in ${waitText(retryAfter)}.`, retryAfter };
}

/**
 * Check an email and password and open a session: the token goes in the cookie (SESSION_COOKIE,
 * cookieOptions) and is never stored or shown again. A new session starts in test mode.
 */
export async function signIn(db: Db, input: SignInInput, deps: { verify?: typeof verifyPassword } = {}): Promise<SignInResult> {
  // `deps.verify`: tests count the password checks (every refusal costs exactly one, as a success does).
  const verify = deps.verify ?? verifyPassword;
  const now = input.now ?? nowSeconds();
  const email = normalizeEmail(input.email) ?? input.email.trim().toLowerCase();
  // Throttled by the address tried, whether a user has it or not: the limit says nothing about who exists.
  const who = { account: createHash('sha256').update(email).digest('hex').slice(0, 32), client: input.clientAddress };
  const wait = await takeSignInAttempt(db, who, now);
  if (wait > 0) return throttled(wait);

  const rows = await db.query<UserRow & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where lower(email) = $1 order by created_at, id`,
    [email],
  );
  // Always at least one scrypt, against each account's hash (in parallel) or the dummy one, and the
  // disabled check only after it: the three refusals cost the same and read the same.
  const checked = await Promise.all(
    (rows.length ? rows : [null]).map(async (r) => ((await verify(input.password, r?.password_hash ?? DUMMY_HASH)) ? r : null)),
  );
  const row = checked.find((r) => r !== null && r.disabled_at === null);
  if (!row) {
    // The audit log of each merchant that has a user with this e-mail (issue 29); an unknown e-mail has none.
    for (const r of rows)
      await recordAudit(db, {
        merchantId: r.merchant_id,
        livemode: true,
        actor: { type: 'user', id: r.id, label: r.email, ip: input.clientAddress },
        action: 'user.sign_in_failed',
        target: { object: 'user', id: r.id },
        now,
      });
    return { ok: false, reason: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE };
  }

  await forgiveSignInAttempt(db, who);
  // Hashed with older parameters: upgraded now, the one moment the password is in hand.
  if (needsRehash(row.password_hash))
    await db.query(`update users set password_hash = $2, updated_at = $3 where id = $1 and password_hash = $4`, [
      row.id,
      await hashPassword(input.password),
      now,
      row.password_hash,
    ]);
  const user = toUser(row);
  if (user.twoFactor)
    return {
      ok: false,
      reason: 'second_factor',
      message: 'Enter the code of your authenticator app.',
      challenge: await createChallenge(db, user.id, now),
      user,
    };
  await recordAudit(db, {
    merchantId: row.merchant_id,
    livemode: true,
    actor: { type: 'user', id: row.id, label: row.email, ip: input.clientAddress },
    action: 'user.signed_in',
    target: { object: 'user', id: row.id },
    now,
  });
  return { ok: true, token: await openSession(db, user.id, now), user };
}

/**
 * A new session of `userId` (after a password, a second factor, or an accepted invitation): its token,
 * for the cookie only. A user disabled between the check and this insert gets a session that is
 * already dead: sessionFromToken requires the user to be enabled.
 */
export async function openSession(db: Db, userId: string, now = nowSeconds()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(`insert into dashboard_sessions (token_hash, user_id, livemode, created_at, last_seen_at) values ($1, $2, false, $3, $3)`, [
    hashToken(token),
    userId,
    now,
  ]);
  return token;
}

/** How long the half-signed-in state lasts (5 min): the time to open an authenticator app, not a session. */
export const CHALLENGE_SECONDS = 300;

/** A second-factor challenge for `userId`: a random token whose SHA-256 is kept for CHALLENGE_SECONDS. */
export async function createChallenge(db: Db, userId: string, now = nowSeconds()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `with gone as (delete from sign_in_challenges where expires_at <= $4)
     insert into sign_in_challenges (token_hash, user_id, created_at, expires_at) values ($1, $2, $3::bigint, $3::bigint + ${CHALLENGE_SECONDS})`,
    [hashToken(token), userId, now, now],
  );
  return token;
}

export interface DashboardSession {
  /** The row's key (the token's SHA-256): safe to log or show, useless as a cookie. */
  sessionId: string;
  user: User;
  merchantId: string;
  /** The mode the test/live switch is on: every page and action reads and writes this mode only. */
  livemode: boolean;
  /** The merchant's time zone (GET/POST /v1/account): every date on the dashboard is written in it. */
  timeZone: string;
  /** The merchant's setting: owners and admins must have two-factor sign-in (roles.ts requiresTwoFactorWhenSet). */
  requireTwoFactor: boolean;
}

/** Conditions of a live session `s` of an enabled user `u` at `$now` (named by the caller's parameter). */
const ALIVE = (now: string) =>
  `s.revoked_at is null and u.disabled_at is null and s.last_seen_at >= ${now} - ${IDLE_SECONDS} and s.created_at >= ${now} - ${ABSOLUTE_SECONDS}`;

/**
 * The session a cookie's token names, or null: unknown, signed out, user disabled, idle for more than
 * IDLE_SECONDS or older than ABSOLUTE_SECONDS. One statement whatever happens: it reads the session
 * and, when its last_seen_at is TOUCH_SECONDS old or more, moves it to `now`.
 */
export async function sessionFromToken(db: Db, token: string | null | undefined, now = nowSeconds()): Promise<DashboardSession | null> {
  if (!token || !TOKEN_RE.test(token)) return null;
  const rows = await db.query<UserRow & { token_hash: string; livemode: boolean; time_zone: string; require_two_factor: boolean }>(
    `with s as (
       select s.token_hash, s.livemode, u.id, u.merchant_id, u.email, u.role, u.totp_enabled_at, u.disabled_at, u.created_at,
              m.time_zone, m.require_two_factor
       from dashboard_sessions s join users u on u.id = s.user_id join merchants m on m.id = u.merchant_id
       where s.token_hash = $1 and ${ALIVE('$2')}
     ), touched as (
       update dashboard_sessions set last_seen_at = $2
       where token_hash in (select token_hash from s) and last_seen_at <= $2 - ${TOUCH_SECONDS}
       returning 1
     )
     select * from s`,
    [hashToken(token), now],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    sessionId: r.token_hash,
    user: toUser(r),
    merchantId: r.merchant_id,
    livemode: r.livemode === true,
    timeZone: r.time_zone,
    requireTwoFactor: r.require_two_factor === true,
  };
}

/** End the session of this token (sign out). False when it was unknown or already ended. */
export async function signOut(db: Db, token: string, now = nowSeconds()): Promise<boolean> {
  if (!TOKEN_RE.test(token)) return false;
  const rows = await db.query(`update dashboard_sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null returning 1`, [
    hashToken(token),
    now,
  ]);
  return rows.length > 0;
}

/** End every session of a user (sign out everywhere: after a lost phone, or a password change). Returns how many. */
export async function signOutEverywhere(db: Db, userId: string, now = nowSeconds()): Promise<number> {
  const rows = await db.query(`update dashboard_sessions set revoked_at = $2 where user_id = $1 and revoked_at is null returning 1`, [userId, now]);
  return rows.length;
}

/** The test/live switch: the mode this session reads and writes from now on. False when the session is not alive. */
export async function setMode(db: Db, token: string, livemode: boolean, now = nowSeconds()): Promise<boolean> {
  if (!TOKEN_RE.test(token)) return false;
  const rows = await db.query(
    `update dashboard_sessions s set livemode = $2 from users u
     where s.token_hash = $1 and u.id = s.user_id and ${ALIVE('$3')}
     returning 1`,
    [hashToken(token), livemode, now],
  );
  return rows.length > 0;
}

/** Anything with `get(name)`: a web `Headers`, or Next's `await headers()`. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** The origin (`scheme://host[:port]`) of an http(s) URL, or null. */
function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const first = (v: string | null): string | null => v?.split(',')[0]?.trim() || null;

/**
 * This request's own origin, as the browser addressed it: X-Forwarded-Proto and X-Forwarded-Host
 * (Next.js fills both from the connection and Host when no proxy in front set them), else Host over http.
 */
function ownOrigin(h: HeaderReader): string | null {
  const host = first(h.get('x-forwarded-host')) ?? first(h.get('host'));
  const proto = first(h.get('x-forwarded-proto')) ?? 'http';
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host) || (proto !== 'http' && proto !== 'https')) return null;
  return originOf(`${proto}://${host}`);
}

/**
 * Is this POST from one of our own pages (and not a cross-site request riding the user's cookie)?
 * The rule, in order:
 *  1. An `Origin` header (every current browser sends one on a POST) must equal this request's own
 *     origin: scheme + host (+ port), from X-Forwarded-Proto / X-Forwarded-Host, else Host over http;
 *     or one of `allowedOrigins` (e.g. BASE_URL's origin behind a proxy that sets no X-Forwarded-Proto).
 *     `Origin: null` (sandboxed frames, some redirects) is refused.
 *  2. No Origin: `Sec-Fetch-Site`, when present, must be `same-origin` (`same-site`, a sibling
 *     subdomain, is refused).
 *  3. Neither: the `Referer` must be of the same origin. Nothing at all: refused (fail closed).
 * A page cannot forge these headers in a victim's browser (Origin, Sec-Fetch-* and Referer are set by
 * the browser; custom headers on a cross-site request need a preflight nobody here answers). Server
 * actions get Next's own Origin/Host check too; this one also covers route handlers and the scheme.
 */
export function sameOriginPost(headers: HeaderReader, opts: { allowedOrigins?: readonly string[] } = {}): boolean {
  const allowed = new Set([ownOrigin(headers), ...(opts.allowedOrigins ?? []).map(originOf)].filter((o): o is string => o !== null));
  const origin = headers.get('origin');
  if (origin !== null) return allowed.has(originOf(origin) ?? '');
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  return allowed.has(originOf(headers.get('referer')) ?? '');
}
