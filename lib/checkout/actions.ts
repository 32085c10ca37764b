'use server';
// The hosted page's server actions, used by app/checkout/[id]/page.tsx and components/checkout (they
// live in lib/checkout, not beside the route, so that no component imports a route file). Each one
// parses its form with zod, re-reads the session (the scope comes from the session row: the page is
// public), calls the lifecycle's domain function, then redirects back to the page
// (post/redirect/get: the same code path with and without JavaScript). Domain errors come back as a
// short code in ?error=, shown as a localized message; internal messages never reach the buyer.
// State is re-checked by the domain on every call, so a form replayed on an expired or completed
// session is refused and the page shows that state.
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '../db/client';
import { takeAction } from '../domain/action-limits';
import { DomainError } from '../errors';
import { LOCALE_COOKIE } from '../i18n';
import { nowSeconds } from '../ids';
import { log } from '../log';
import { isMobileMoneyRail, RAILS } from '../money';
import { chooseSessionRail } from '../payments/choose-rail';
import { confirmPaymentIntent } from '../payments/confirm';
import { resendMobileMoneyPrompt } from '../payments/resend';
import { loadCheckout } from './load';
import { buyerPhone, checkoutSession, operatorFlow, SIMULATED_OUTCOMES, simulateOutcome } from './steps';

const sessionId = z.string().regex(/^cs_[A-Za-z0-9]{1,100}$/);
const railField = z.enum(RAILS);

const page = (id: string, query?: Record<string, string>) => `/checkout/${id}${query ? `?${new URLSearchParams(query)}` : ''}`;

const session = async (id: string) => checkoutSession(await getDb(), id);

/** The core's error codes -> the page's message keys (lib/i18n: errors.<key>); anything else is "invalid_request". */
const MESSAGE_KEY: Record<string, string> = {
  unexpected_state: 'unexpected_state',
  rail_unavailable: 'rail_unavailable',
  rail_not_configured: 'rail_not_configured',
  // Too many prompts to this phone (lib/domain/phone-limits.ts): shown with the time to wait.
  phone_rate_limited: 'phone_rate_limited',
  // Too many unpaid receive addresses held from this connection or payment link (lib/payments/addresses.ts).
  address_limit_reached: 'address_limit_reached',
};

/** A domain error as a code the page can translate (and, for a limit, ?wait= in seconds); anything else is logged and "generic". */
function errorQuery(err: unknown): Record<string, string> {
  if (err instanceof DomainError) {
    const wait = (err as DomainError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (MESSAGE_KEY[err.code]) return { error: MESSAGE_KEY[err.code]!, ...(typeof wait === 'number' && wait > 0 ? { wait: String(Math.ceil(wait)) } : {}) };
    return { error: err.param === 'phone' ? 'invalid_phone' : 'invalid_request' };
  }
  log('error', 'checkout action failed', { error: err instanceof Error ? err.stack : String(err) });
  return { error: 'generic' };
}

/** The client's address: the last hop of X-Forwarded-For (the one our side of the connection added), else none. */
async function clientAddress(): Promise<string | null> {
  const h = await headers();
  const hops = (h.get('x-forwarded-for') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return hops[hops.length - 1] ?? h.get('x-real-ip') ?? null;
}

/**
 * The per-session and per-client limits of the actions that change something (lib/domain/
 * action-limits.ts, in the database): over them, back to the page with the time to wait.
 */
async function limit(sessionId: string, extra?: Record<string, string>): Promise<void> {
  const wait = await takeAction(await getDb(), { session: sessionId, client: await clientAddress() }, nowSeconds());
  if (wait > 0) redirect(page(sessionId, { error: 'rate_limited', wait: String(wait), ...extra }));
}

/** Run one step; then redirect to the page (with ?error= when it failed). redirect() must stay outside try. */
async function step(id: string, fn: () => Promise<unknown>, extra?: Record<string, string>, then?: () => string | null): Promise<never> {
  let target = page(id);
  try {
    await fn();
    // Where to go on success instead of the page (the operator's payment page).
    target = then?.() ?? target;
  } catch (err) {
    target = page(id, { ...errorQuery(err), ...extra });
  }
  redirect(target);
}

function parse<T extends z.ZodRawShape>(shape: T, form: unknown): z.infer<z.ZodObject<T>> | null {
  // A server action is a public endpoint: anyone can call it with any arguments, not only the page's forms.
  if (!(form instanceof FormData)) return null;
  const r = z.object(shape).safeParse(Object.fromEntries(form));
  return r.success ? r.data : null;
}

/** Pick a rail. For crypto rails the attempt starts at once, so the invoice or address exists. */
export async function chooseRail(form: FormData): Promise<void> {
  const input = parse({ session: sessionId, rail: railField }, form);
  if (!input) redirect('/checkout/invalid');
  await limit(input.session);
  const db = await getDb();
  await step(input.session, async () => {
    const { intent } = await chooseSessionRail(db, input.session, input.rail);
    if (!isMobileMoneyRail(input.rail)) {
      const s = await session(input.session);
      if (s) await confirmPaymentIntent(db, s.scope, intent.id, {}, { client: await clientAddress() });
    }
  });
}

/**
 * Mobile money: the buyer's number; the push request goes out (also the retry after a decline).
 * A redirect operator (Orange Money, Wave) takes the number as optional; Orange Money's page is
 * then opened at once (the form said so), Wave's button and QR code are shown on this page.
 */
export async function submitPhone(form: FormData): Promise<void> {
  const input = parse({ session: sessionId, rail: railField, phone: z.string().max(32).default(''), locale: z.enum(['fr', 'en']).optional() }, form);
  if (!input) redirect('/checkout/invalid');
  await limit(input.session, { phone: input.phone.slice(0, 32) });
  const db = await getDb();
  const s = await session(input.session);
  if (!s) redirect(page(input.session));
  const rail = input.rail;
  const op = operatorFlow(rail);
  if (!op) redirect(page(s.id, { error: 'invalid_request' }));
  const optional = op.flow === 'redirect' && input.phone.trim() === '';
  // Checked here first, for a clear message in the buyer's language; the domain checks it again.
  const e164 = optional ? undefined : buyerPhone(rail, s.currency, input.phone);
  if (e164 === null) redirect(page(s.id, { error: 'invalid_phone', phone: input.phone.slice(0, 32) }));
  let operatorUrl: string | null = null;
  await step(
    s.id,
    async () => {
      let intentId = s.intentId;
      if (!intentId) intentId = (await chooseSessionRail(db, s.id, rail)).intent.id;
      const pi = await confirmPaymentIntent(db, s.scope, intentId, { rail, ...(e164 ? { phone: e164 } : {}) }, { locale: input.locale });
      // Orange Money's page is opened at once: through this page with ?go=1, which refreshes to it
      // (a form's own redirect to another site would need a looser form-action in the CSP).
      if (op.protocol === 'orange_money' && pi.nextAction?.type === 'redirect_to_url') operatorUrl = page(s.id, { go: '1' });
    },
    { phone: input.phone.slice(0, 32) },
    () => operatorUrl,
  );
}

/** Mobile money: send the pending request again (no prompt arrived). */
export async function resend(form: FormData): Promise<void> {
  const input = parse({ session: sessionId }, form);
  if (!input) redirect('/checkout/invalid');
  await limit(input.session);
  const db = await getDb();
  const s = await session(input.session);
  if (!s?.intentId) redirect(page(input.session));
  await step(s.id, () => resendMobileMoneyPrompt(db, s.scope, s.intentId!));
}

/** Test mode only: simulate the rail's outcome (exact, under or over payment, or a decline). */
export async function simulate(form: FormData): Promise<void> {
  const input = parse({ session: sessionId, outcome: z.enum(SIMULATED_OUTCOMES) }, form);
  if (!input) redirect('/checkout/invalid');
  await limit(input.session);
  const db = await getDb();
  await step(input.session, () => simulateOutcome(db, input.session, input.outcome));
}

/** The language switch: a cookie, then back to the page. */
export async function setLocale(form: FormData): Promise<void> {
  const input = parse({ session: sessionId, locale: z.enum(['fr', 'en']) }, form);
  if (!input) redirect('/checkout/invalid');
  (await cookies()).set(LOCALE_COOKIE, input.locale, { path: '/checkout', maxAge: 365 * 24 * 3600, sameSite: 'lax', httpOnly: true });
  redirect(page(input.session));
}

export interface StatusView {
  version: string;
  phase: string;
}

/** Polled by the page (react-query): what changed? The page re-renders itself when the version moves. */
export async function getStatus(id: string): Promise<StatusView | null> {
  const parsed = sessionId.safeParse(id);
  if (!parsed.success) return null;
  const view = await loadCheckout(await getDb(), parsed.data);
  return view ? { version: view.version, phase: view.phase } : null;
}
