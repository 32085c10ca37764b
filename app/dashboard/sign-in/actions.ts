'use server';
// Sign-in: email and password (then, for a user with two-factor sign-in, a code: code/actions.ts), one message for every refusal (unknown email, wrong password,
// disabled user), the throttle's wait when over the limit. The client address for the per-address
// limits is X-Forwarded-For's last hop, as the server sets it (lib/api/router.ts: the socket's
// address unless TRUST_PROXY), as the checkout's actions take it.
//
// A refusal goes back to the page through a one-time flash in the database (lib/dashboard/catalog.ts
// putFlash), keyed and encrypted by a random token in a short-lived HttpOnly cookie: the e-mail
// typed is shown again in the form but never put in a URL (no history, no proxy or server log, no
// Referer carries it).
import { randomBytes } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { putFlash } from '@/lib/dashboard/catalog';
import { CODE_PATH, SIGN_IN_FLASH_COOKIE, SIGN_IN_PATH, type SignInFlash, secureCookies, sessionCookie } from '@/lib/dashboard/context';
import { CHALLENGE_SECONDS, sameOriginPost, signIn } from '@/lib/dashboard/sessions';
import { CHALLENGE_COOKIE } from '@/lib/dashboard/two-factor';
import { getDb } from '@/lib/db/client';
import { lastHop } from '@/lib/domain/action-limits';

export async function signInAction(formData: FormData): Promise<void> {
  const h = await headers();
  if (!sameOriginPost(h, { allowedOrigins: [new URL(config().BASE_URL).origin] })) redirect(`${SIGN_IN_PATH}?error=origin`);
  const email = String(formData.get('email') ?? '').slice(0, 320);
  const password = String(formData.get('password') ?? '').slice(0, 1024);
  const db = await getDb();
  const r = await signIn(db, { email, password, clientAddress: lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip') });
  if (!r.ok && r.reason === 'second_factor') {
    // The password was right; the code is asked on the next page. The challenge (not a session) rides
    // in its own cookie, sent to the sign-in pages only, for five minutes.
    (await cookies()).set(CHALLENGE_COOKIE, r.challenge, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(),
      path: SIGN_IN_PATH,
      maxAge: CHALLENGE_SECONDS,
    });
    redirect(CODE_PATH);
  }
  if (!r.ok) {
    const token = randomBytes(32).toString('base64url');
    const flash: SignInFlash = { reason: r.reason, email: email.slice(0, 254), ...(r.reason === 'throttled' ? { wait: r.retryAfter } : {}) };
    await putFlash(db, token, flash);
    (await cookies()).set(SIGN_IN_FLASH_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: SIGN_IN_PATH, maxAge: 60 });
    redirect(SIGN_IN_PATH);
  }
  const c = sessionCookie();
  (await cookies()).set(c.name, r.token, c.options);
  revalidatePath('/dashboard', 'layout');
  redirect('/dashboard');
}
