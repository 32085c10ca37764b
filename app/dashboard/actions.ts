'use server';
// The shell's server actions: the test/live switch, the language, sign out (this device and
// everywhere). Each starts with dashboardAction() (cross-site check + live session), except the
// language, which needs no session (the sign-in page has the switch too) but still refuses
// cross-site posts.
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { dismissBanner } from '@/lib/dashboard/banners';
import { dashboardAction, SIGN_IN_PATH, secureCookies, sessionCookie } from '@/lib/dashboard/context';
import { sameOriginPost, setMode, signOut, signOutEverywhere } from '@/lib/dashboard/sessions';
import { LOCALE_COOKIE } from '@/lib/i18n';

/** The test/live switch: this session reads and writes the chosen mode from now on. */
export async function setModeAction(formData: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in');
  const mode = formData.get('mode');
  if (mode !== 'live' && mode !== 'test') redirect('/dashboard');
  await setMode(ctx.db, ctx.token, mode === 'live');
  // The shell (banner, switch) is in the layout: the browser's cached copy must go too.
  revalidatePath('/dashboard', 'layout');
  // Back to the list: the page shown was of the other mode's objects.
  redirect('/dashboard');
}

/** The language (cookie `caisse_locale`, a year); the page is shown again in it. */
export async function setLocaleAction(formData: FormData): Promise<void> {
  const h = await headers();
  if (!sameOriginPost(h, { allowedOrigins: [new URL(config().BASE_URL).origin] })) redirect(`${SIGN_IN_PATH}?error=origin`);
  const locale = formData.get('locale');
  if (locale === 'fr' || locale === 'en')
    (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'lax', httpOnly: false, secure: secureCookies(), maxAge: 365 * 86400 });
  revalidatePath('/dashboard', 'layout');
  redirect(backPath(formData.get('back')));
}

/** Where to go back after the language switch: a dashboard path given by our own form, else the list. */
function backPath(v: FormDataEntryValue | null): string {
  return typeof v === 'string' && /^\/dashboard(\/[A-Za-z0-9_-]+)*$/.test(v) ? v : '/dashboard';
}

/** Sign out of this device: the session ends in the database (a copied cookie is then useless) and the cookie goes. */
export async function signOutAction(): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  await signOut(ctx.db, ctx.token);
  const c = sessionCookie();
  (await cookies()).delete({ name: c.name, path: c.options.path });
  revalidatePath('/dashboard', 'layout');
  redirect(`${SIGN_IN_PATH}?signedOut=1`);
}

/** Sign out everywhere: every session of this user ends (a lost phone). */
export async function signOutEverywhereAction(): Promise<void> {
  const ctx = await dashboardAction('signed_in', { enrolling: true });
  await signOutEverywhere(ctx.db, ctx.user.id);
  const c = sessionCookie();
  (await cookies()).delete({ name: c.name, path: c.options.path });
  revalidatePath('/dashboard', 'layout');
  redirect(`${SIGN_IN_PATH}?signedOut=all`);
}

/** An owner has seen a rail account change (issue 29): its banner no longer shows to them. */
export async function dismissBannerAction(formData: FormData): Promise<void> {
  const ctx = await dashboardAction('signed_in');
  const id = formData.get('audit');
  if (typeof id === 'string' && /^audit_[0-9A-Za-z]{1,64}$/.test(id)) await dismissBanner(ctx.db, ctx.merchantId, ctx.user.id, id);
  revalidatePath('/dashboard', 'layout');
  redirect(backPath(formData.get('back')));
}
