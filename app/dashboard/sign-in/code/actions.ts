'use server';
// The second step of sign-in (two-factor sign-in, lib/dashboard/two-factor.ts): the challenge from
// the password step (its cookie, sign-in pages only) and a code from the authenticator app or a
// recovery code. Right: the challenge cookie goes, the session cookie comes. Wrong or throttled: a
// one-time flash for the page, as the password step does. No challenge (expired, used up): back to
// the password.
import { randomBytes } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { putFlash } from '@/lib/dashboard/catalog';
import { CODE_PATH, SIGN_IN_FLASH_COOKIE, SIGN_IN_PATH, type SignInFlash, secureCookies, sessionCookie } from '@/lib/dashboard/context';
import { sameOriginPost } from '@/lib/dashboard/sessions';
import { CHALLENGE_COOKIE, verifySecondFactor } from '@/lib/dashboard/two-factor';
import { getDb } from '@/lib/db/client';
import { lastHop } from '@/lib/domain/action-limits';

export async function verifyCodeAction(formData: FormData): Promise<void> {
  const h = await headers();
  if (!sameOriginPost(h, { allowedOrigins: [new URL(config().BASE_URL).origin] })) redirect(`${SIGN_IN_PATH}?error=origin`);
  const jar = await cookies();
  const challenge = jar.get(CHALLENGE_COOKIE)?.value ?? '';
  const code = String(formData.get('code') ?? '').slice(0, 64);
  const db = await getDb();
  const r = await verifySecondFactor(db, { challenge, code, clientAddress: lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip') });
  if (!r.ok && r.reason === 'expired') {
    jar.delete({ name: CHALLENGE_COOKIE, path: SIGN_IN_PATH });
    redirect(`${SIGN_IN_PATH}?error=expired`);
  }
  if (!r.ok) {
    const token = randomBytes(32).toString('base64url');
    const flash: SignInFlash = { reason: r.reason, email: '', ...(r.reason === 'throttled' ? { wait: r.retryAfter } : {}) };
    await putFlash(db, token, flash);
    jar.set(SIGN_IN_FLASH_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: secureCookies(), path: SIGN_IN_PATH, maxAge: 60 });
    redirect(CODE_PATH);
  }
  jar.delete({ name: CHALLENGE_COOKIE, path: SIGN_IN_PATH });
  const c = sessionCookie();
  jar.set(c.name, r.token, c.options);
  revalidatePath('/dashboard', 'layout');
  redirect('/dashboard');
}
