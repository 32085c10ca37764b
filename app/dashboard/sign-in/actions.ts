'use server';
// Sign-in: email and password, one message for every refusal (unknown email, wrong password,
// disabled user), the throttle's wait when over the limit. The client address for the per-address
// limit is X-Forwarded-For's last hop, as the server sets it (lib/api/router.ts: the socket's
// address unless TRUST_PROXY), as the checkout's actions take it.
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { sessionCookie } from '@/lib/dashboard/context';
import { sameOriginPost, signIn } from '@/lib/dashboard/sessions';

async function clientAddress(): Promise<string | null> {
  const h = await headers();
  const hops = (h.get('x-forwarded-for') ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  return hops[hops.length - 1] ?? h.get('x-real-ip') ?? null;
}

export async function signInAction(formData: FormData): Promise<void> {
  const h = await headers();
  if (!sameOriginPost(h, { allowedOrigins: [new URL(config().BASE_URL).origin] })) redirect('/dashboard/sign-in?error=origin');
  const email = String(formData.get('email') ?? '').slice(0, 320);
  const password = String(formData.get('password') ?? '').slice(0, 1024);
  const r = await signIn(await getDb(), { email, password, clientAddress: await clientAddress() });
  if (!r.ok) {
    const q = new URLSearchParams({ error: r.reason, email: email.slice(0, 200) });
    if (r.reason === 'throttled') q.set('wait', String(r.retryAfter));
    redirect(`/dashboard/sign-in?${q.toString()}`);
  }
  const c = sessionCookie();
  (await cookies()).set(c.name, r.token, c.options);
  revalidatePath('/dashboard', 'layout');
  redirect('/dashboard');
}
