'use server';
// Accepting an invitation (lib/dashboard/invitations.ts): the invitee's own password, twice; the
// user is made with the invitation's role and signed in. A refusal goes back to the link's page as
// a one-time flash keyed by the link's own token (the visitor holds it; nothing else is needed).
import { revalidatePath } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { config } from '@/lib/config';
import { putFlash } from '@/lib/dashboard/catalog';
import { clientAddress, SIGN_IN_PATH, sessionCookie } from '@/lib/dashboard/context';
import { acceptInvitation, INVITE_PATH, InvitationUnusable } from '@/lib/dashboard/invitations';
import { openSession, sameOriginPost } from '@/lib/dashboard/sessions';
import { getDb } from '@/lib/db/client';
import { DomainError } from '@/lib/errors';

/** What the invitation page shows after a refused post. */
export interface InviteFlash {
  error: 'passwordsDiffer' | 'passwordTooShort' | 'passwordTooLong' | 'passwordShared' | 'emailAlreadyUser';
}

export async function acceptInviteAction(formData: FormData): Promise<void> {
  const h = await headers();
  if (!sameOriginPost(h, { allowedOrigins: [new URL(config().BASE_URL).origin] })) redirect(`${SIGN_IN_PATH}?error=origin`);
  const token = String(formData.get('token') ?? '');
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) redirect(SIGN_IN_PATH);
  const password = String(formData.get('password') ?? '').slice(0, 1024);
  const again = String(formData.get('confirm') ?? '').slice(0, 1024);
  const db = await getDb();
  const back = `${INVITE_PATH}${token}`;
  const refuse = async (error: InviteFlash['error']): Promise<never> => {
    await putFlash<InviteFlash>(db, token, { error });
    redirect(back);
  };
  if (password !== again) return refuse('passwordsDiffer');
  let userId: string;
  try {
    userId = (await acceptInvitation(db, token, password, undefined, await clientAddress())).id;
  } catch (err) {
    // An unusable link: its page says which (expired, used, revoked, unknown).
    if (err instanceof InvitationUnusable) redirect(back);
    if (err instanceof DomainError && err.code === 'email_taken') return refuse('emailAlreadyUser');
    if (err instanceof DomainError && err.param === 'password')
      return refuse(/at least/.test(err.message) ? 'passwordTooShort' : /at most/.test(err.message) ? 'passwordTooLong' : 'passwordShared');
    throw err;
  }
  const c = sessionCookie();
  (await cookies()).set(c.name, await openSession(db, userId), c.options);
  revalidatePath('/dashboard', 'layout');
  redirect('/dashboard');
}
