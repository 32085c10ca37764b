// What the two-step sign-in forms share (app/dashboard/account/actions.ts, and the Users page's
// reset: app/dashboard/users/actions.ts): the proof a form carries (a code, the password, the
// client's address), the refusals' words, and the recovery codes shown once.
import { headers } from 'next/headers';
import { finish } from '@/components/dashboard/catalog/server';
import { field } from '@/lib/dashboard/catalog';
import type { DashboardContext } from '@/lib/dashboard/context';
import { lastHop } from '@/lib/domain/action-limits';
import type { DomainError } from '@/lib/errors';
import { type tt, waitShort } from '@/lib/i18n/team';

/** The code and password a form sent (bounded), and the address it came from. */
export async function formProof(form: FormData): Promise<{ code: string; password: string; clientAddress: string | null }> {
  const h = await headers();
  return {
    code: field(form, 'code').slice(0, 64),
    password: String(form.get('password') ?? '').slice(0, 1024),
    clientAddress: lastHop(h.get('x-forwarded-for')) ?? h.get('x-real-ip'),
  };
}

/** A refused proof in the user's language (`wrongCode`: what a wrong code says on this form); undefined: the domain's own message. */
export function proofRefusal(m: ReturnType<typeof tt>, e: DomainError, wrongCode: 'invalidCode' | 'wrongProof' = 'invalidCode'): string | undefined {
  if (e.code === 'invalid_code') return m(wrongCode);
  if (e.code === 'wrong_password') return m('wrongPassword');
  if (e.code === 'throttled') return m('throttled', { wait: waitShort((e as { retryAfter?: number }).retryAfter ?? 60) });
  return undefined;
}

/** Back to the account page with new recovery codes, shown once. */
export function showRecoveryCodes(ctx: DashboardContext, path: string, m: ReturnType<typeof tt>, message: string, codes: string[]): Promise<never> {
  return finish(ctx, path, { kind: 'secret', message, secrets: [{ label: m('recoveryCodes'), value: codes.join('\n') }], hint: m('recoveryHint') });
}
