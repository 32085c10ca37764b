// Who is looking at a dashboard page or calling its server action: the signed-in user, its merchant
// and the chosen mode, read from the session cookie once per request. Every page and every action
// starts here (`dashboardContext` / `dashboardAction`) and passes `scope` to the same domain functions
// as the API, so a dashboard read or write is scoped to the merchant and the mode exactly as an API
// call with that merchant's key would be (another merchant's ids are 404s, a live object is invisible
// in test mode).
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { config } from '../config';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import type { Actor } from '../domain/audit';
import type { Scope } from '../domain/common';
import { type Permission, roleCan } from '../domain/permissions';
import { isLocale, LOCALE_COOKIE, type Locale } from '../i18n';
import { requiresTwoFactorWhenSet } from './roles';
import { cookieOptions, SESSION_COOKIE, sameOriginPost, sessionFromToken } from './sessions';
import type { User } from './users';

export const SIGN_IN_PATH = '/dashboard/sign-in';
/** The second step of sign-in (a code), under SIGN_IN_PATH: the challenge and flash cookies reach it. */
export const CODE_PATH = '/dashboard/sign-in/code';
/** The user's own page: two-factor sign-in is set up there (and the merchant's rule sends people there). */
export const ACCOUNT_PATH = '/dashboard/account';

/** The cookie that names the sign-in page's one-time flash (a random token; the flash is in the database). */
export const SIGN_IN_FLASH_COOKIE = 'caisse_sign_in';

/** What a refused sign-in leaves for the page's next render: why, how long to wait, the e-mail typed. */
export interface SignInFlash {
  reason: 'invalid_credentials' | 'throttled' | 'invalid_code';
  /** Seconds, when throttled. */
  wait?: number;
  email: string;
}

export interface DashboardContext {
  db: Db;
  user: User;
  merchantId: string;
  livemode: boolean;
  /** What every domain call takes: this merchant, this mode. */
  scope: Scope;
  /** The session's cookie value (sign-out, mode switch). */
  token: string;
  locale: Locale;
  /** The merchant's time zone: the dashboard's dates are written, and its days counted, in it. */
  timeZone: string;
  /**
   * The merchant requires two-factor sign-in of this user's role and the user has not set it up:
   * every page and action but the account page's (and sign-out) sends them there first.
   */
  mustEnrol: boolean;
}

/** The dashboard's language: the `caisse_locale` cookie, else the browser's first choice, else French. */
export async function dashboardLocale(): Promise<Locale> {
  const c = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(c)) return c;
  const accept = (await headers()).get('accept-language') ?? '';
  return /^\s*en\b/i.test(accept) ? 'en' : 'fr';
}

/** The signed-in context, or null (no cookie, unknown, expired, revoked, user disabled). */
export async function currentContext(): Promise<DashboardContext | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const db = await getDb();
  const s = await sessionFromToken(db, token);
  if (!s) return null;
  return {
    db,
    user: s.user,
    merchantId: s.merchantId,
    livemode: s.livemode,
    // The user is the actor of whatever this request records in the audit log.
    scope: { merchantId: s.merchantId, livemode: s.livemode, actor: { type: 'user', id: s.user.id, label: s.user.email, ip: await clientAddress() } },
    token,
    locale: await dashboardLocale(),
    timeZone: s.timeZone,
    mustEnrol: s.requireTwoFactor && requiresTwoFactorWhenSet(s.user.role) && !s.user.twoFactor,
  };
}

/** Where a page or action may go without two-factor sign-in when the merchant requires it: only to set it up (and to sign out). */
export interface ContextOptions {
  enrolling?: boolean;
}

/**
 * What a page or an action needs (issue 29): a permission of lib/domain/permissions.ts, which the
 * user's role must hold, or `signed_in` (any role: the mode and language switches, signing out).
 */
export type Access = Permission | 'signed_in';

/** Whether the signed-in user's role allows `access` (the navigation hides what it does not). */
export const can = (ctx: Pick<DashboardContext, 'user'>, access: Access): boolean => access === 'signed_in' || roleCan(ctx.user.role, access);

/**
 * For a page: the signed-in context (else a redirect to the sign-in page) whose role holds `access`
 * (else the 403 page, app/dashboard/forbidden.tsx). Every page names its own (test/access-dashboard.test.ts).
 * A user the merchant's rule requires two-factor sign-in of, without it, is sent to set it up
 * (ACCOUNT_PATH) first, unless `opts.enrolling`.
 */
export async function dashboardContext(access: Access, opts: ContextOptions = {}): Promise<DashboardContext> {
  const ctx = await currentContext();
  if (!ctx) redirect(SIGN_IN_PATH);
  if (ctx.mustEnrol && !opts.enrolling) redirect(`${ACCOUNT_PATH}?required=1`);
  if (!can(ctx, access)) forbidden();
  return ctx;
}

/**
 * For a server action, before anything else: the request must come from our own pages (no
 * cross-site POST), carry a live session, and its user's role must hold `access`; otherwise nothing
 * is done (a refused action answers the 403 page).
 */
export async function dashboardAction(access: Access, opts: ContextOptions = {}): Promise<DashboardContext> {
  const h = await headers();
  if (!sameOriginPost(h, { allowedOrigins: [new URL(config().BASE_URL).origin] })) redirect(`${SIGN_IN_PATH}?error=origin`);
  return dashboardContext(access, opts);
}

/**
 * For a dashboard route handler (a CSV export, a QR code): the context, or the answer to give
 * instead: 303 to the sign-in page without a session (to the account page when the merchant's rule
 * requires two-factor sign-in the user has not set up), 403 when the role lacks `access`.
 */
export async function routeContext(access: Access): Promise<DashboardContext | Response> {
  const ctx = await currentContext();
  if (!ctx) return new Response(null, { status: 303, headers: { location: SIGN_IN_PATH, 'cache-control': 'no-store' } });
  // As for a page: a user the merchant requires two-factor sign-in of, without it, sets it up first.
  if (ctx.mustEnrol) return new Response(null, { status: 303, headers: { location: `${ACCOUNT_PATH}?required=1`, 'cache-control': 'no-store' } });
  if (!can(ctx, access))
    return new Response('Forbidden: your role does not allow this.\n', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return ctx;
}

/** The audit log's actor for the signed-in user: its id, its e-mail, the client's address. */
export async function userActor(ctx: Pick<DashboardContext, 'user' | 'scope'>): Promise<Actor> {
  return ctx.scope.actor ?? { type: 'user', id: ctx.user.id, label: ctx.user.email, ip: await clientAddress() };
}

/** The client's address as the server saw it (lib/api/router.ts sets X-Forwarded-For from the socket, or keeps a trusted proxy's). */
export async function clientAddress(): Promise<string | null> {
  const h = await headers();
  const first = h.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first && first.length <= 64 ? first : null;
}

/** Whether cookies must be Secure: the deployment is served over https. */
export function secureCookies(): boolean {
  return new URL(config().BASE_URL).protocol === 'https:';
}

export const sessionCookie = () => ({ name: SESSION_COOKIE, options: cookieOptions(secureCookies()) });
