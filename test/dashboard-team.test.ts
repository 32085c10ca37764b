// The team's sign-in half (issue 29): roles on users, invitations by a one-time link, two-step
// sign-in (TOTP, RFC 6238) with recovery codes, the merchant's "required" rule. The dashboard's own
// context is used for real (only Next's request objects are stood in for: a cookie jar and the
// request's headers), so the role, the session and the enrolment rule come from the database as
// they do in production; pages are rendered on the server and actions called as a form post calls
// them. Real database (embedded, or PostgreSQL with DATABASE_URL: ids and e-mails unique to the run).
import { randomBytes } from 'node:crypto';
import { Secret } from 'otpauth';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newMerchant, useDatabase } from './api';

/** The request the stand-ins answer with: its cookies (a jar the actions write), language and client address. */
const request = { jar: new Map<string, string>(), locale: 'en', client: '10.9.0.1', origin: 'http://localhost:3000' };

vi.mock('next/headers', () => ({
  headers: async () => new Headers({ origin: request.origin, host: 'localhost:3000', 'accept-language': request.locale, 'x-forwarded-for': request.client }),
  cookies: async () => ({
    get: (name: string) => (request.jar.has(name) ? { name, value: request.jar.get(name)! } : undefined),
    set: (name: string, value: string) => void request.jar.set(name, value),
    delete: (o: string | { name: string }) => void request.jar.delete(typeof o === 'string' ? o : o.name),
  }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {}, refresh: () => {} }));

// Sign-ins hash passwords (scrypt, ~60 ms alone, seconds on a busy machine): room for them.
vi.setConfig({ testTimeout: 120_000 });

const { db } = useDatabase();

const { changeUserRole, createUser, disableUser, listUsers } = await import('@/lib/dashboard/users');
const { acceptInvitation, createInvitation, INVITATION_SECONDS, invitationByToken, listPendingInvitations, revokeInvitation } = await import(
  '@/lib/dashboard/invitations'
);
const { openSession, sessionFromToken, signIn } = await import('@/lib/dashboard/sessions');
const tf = await import('@/lib/dashboard/two-factor');
const { dashboardContext } = await import('@/lib/dashboard/context');
const users = await import('@/app/dashboard/users/actions');
const { default: UsersPage } = await import('@/app/dashboard/users/page');
const { acceptInviteAction } = await import('@/app/dashboard/invite/[token]/actions');
const { default: InvitePage } = await import('@/app/dashboard/invite/[token]/page');
const account = await import('@/app/dashboard/account/actions');
const { default: AccountPage } = await import('@/app/dashboard/account/page');
const { signInAction } = await import('@/app/dashboard/sign-in/actions');
const { verifyCodeAction } = await import('@/app/dashboard/sign-in/code/actions');
const { default: CodePage } = await import('@/app/dashboard/sign-in/code/page');
const { default: PaymentsPage } = await import('@/app/dashboard/page');

const run = randomBytes(4).toString('hex');
let seq = 0;
const uniqueEmail = (name = 'ana') => `${name}-${run}-${++seq}@boutique.example`;
const uniqueClient = () => `10.${(seq % 200) + 20}.${randomBytes(1)[0]}.${++seq % 250}`;
/** A clock of the test's own, far from the real one (a multiple of 30 s: step boundaries are known). */
const T0 = 2_000_000_010;
const PASSWORD = 'une phrase de passe';

// Everything the process writes while this file runs: the secrets must never be in it.
const written: string[] = [];
const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
beforeAll(() => {
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    written.push(String(chunk));
    return (originals.out as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
    written.push(String(chunk));
    return (originals.err as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
});
afterAll(() => {
  process.stdout.write = originals.out;
  process.stderr.write = originals.err;
});

const formOf = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** Run a server action (or anything that ends in Next's redirect): where it redirects to, or '404'. */
async function post(action: (f: FormData) => Promise<void>, fields: Record<string, string> = {}): Promise<string> {
  const err = await action(formOf(fields)).then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: string } | null)?.digest ?? '';
  if (digest === 'NEXT_HTTP_ERROR_FALLBACK;404') return '404';
  if (digest === 'NEXT_HTTP_ERROR_FALLBACK;403') return '403';
  if (!digest.startsWith('NEXT_REDIRECT;')) throw err ?? new Error('the action did not redirect');
  return digest.split(';')[2]!;
}

async function redirectOf(p: Promise<unknown>): Promise<string | null> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: string } | null)?.digest ?? '';
  if (digest.startsWith('NEXT_REDIRECT;')) return digest.split(';')[2]!;
  if (err) throw err;
  return null;
}

const html = async (el: Promise<React.ReactNode>) => renderToStaticMarkup(createElement('div', null, await el));
const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');

/** Sign the stand-in browser in as `userId` (a real session; no 2FA step: what the page then sees). */
async function as(userId: string) {
  request.jar.clear();
  request.jar.set('caisse_session', await openSession(db(), userId));
}

async function merchantWithOwner(name = 'Boutique Awa') {
  const m = await newMerchant(db(), name);
  const password = `${PASSWORD} ${++seq}`;
  const { user } = await createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail('owner'), password });
  return { merchantId: m.merchant.id, owner: user, password };
}

describe('roles', () => {
  it('a user is an owner unless said; the users page shows roles; an owner changes one (not their own); others manage no one', async () => {
    const { merchantId, owner } = await merchantWithOwner();
    expect(owner.role).toBe('owner');
    const { user: support } = await createUser(db(), { merchantId, email: uniqueEmail('awa'), role: 'support' });
    await as(owner.id);
    const page = text(await html(UsersPage()));
    expect(page).toContain(`${support.email}`);
    expect(page).toMatch(/Invite a user/);
    expect(await post(users.changeRoleAction, { userId: support.id, role: 'admin' })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain(`${support.email} is now Administrator.`);
    expect((await listUsers(db(), merchantId)).find((u) => u.id === support.id)!.role).toBe('admin');
    // Not their own role, whatever it would be.
    expect(await post(users.changeRoleAction, { userId: owner.id, role: 'viewer' })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain('You cannot change your own role.');
    expect((await listUsers(db(), merchantId)).find((u) => u.id === owner.id)!.role).toBe('owner');
    // A role that is none: nothing changes.
    await post(users.changeRoleAction, { userId: support.id, role: 'cashier' });
    expect((await listUsers(db(), merchantId)).find((u) => u.id === support.id)!.role).toBe('admin');

    // An admin manages no one (users.manage is the owners', lib/domain/permissions.ts): the page is
    // the 403 page, and every post is refused with nothing done.
    await as(support.id);
    expect(await html(UsersPage()).catch((e: { digest?: string }) => e.digest)).toBe('NEXT_HTTP_ERROR_FALLBACK;403');
    expect(await post(users.changeRoleAction, { userId: owner.id, role: 'viewer' })).toBe('403');
    expect(await post(users.inviteUserAction, { email: uniqueEmail('x'), role: 'owner' })).toBe('403');
    expect(await listPendingInvitations(db(), merchantId)).toEqual([]);
    expect(await post(users.disableUserAction, { userId: owner.id })).toBe('403');
    expect((await listUsers(db(), merchantId)).find((u) => u.id === owner.id)!.disabled).toBe(false);
    expect((await listUsers(db(), merchantId)).find((u) => u.id === owner.id)!.role).toBe('owner');
    expect(await post(users.setRequireTwoFactorAction, { require: 'on' })).toBe('403');
    expect(await tf.requiresTwoFactor(db(), merchantId)).toBe(false);
  });

  it('the last active owner is kept: demoting or disabling them is refused, and of two concurrent demotions of the last two owners one is refused', async () => {
    const { merchantId, owner } = await merchantWithOwner();
    await expect(changeUserRole(db(), merchantId, owner.id, 'admin')).rejects.toMatchObject({ code: 'last_owner' });
    await expect(disableUser(db(), merchantId, owner.id)).rejects.toMatchObject({ code: 'last_owner' });
    // Another merchant's user is not found, whatever it is.
    const other = await merchantWithOwner('Autre');
    await expect(changeUserRole(db(), merchantId, other.owner.id, 'viewer')).rejects.toMatchObject({ code: 'resource_missing' });

    for (let round = 0; round < 5; round++) {
      const { user: a } = await createUser(db(), { merchantId, email: uniqueEmail('a'), role: 'owner' });
      // Two owners now (the first and a): each demotes the other at the same instant.
      const results = await Promise.allSettled([changeUserRole(db(), merchantId, owner.id, 'admin'), changeUserRole(db(), merchantId, a.id, 'admin')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['last_owner']);
      const owners = (await listUsers(db(), merchantId)).filter((u) => u.role === 'owner' && !u.disabled);
      expect(owners).toHaveLength(1);
      // The same race by disabling: one is refused.
      const { user: b } = await createUser(db(), { merchantId, email: uniqueEmail('b'), role: 'owner' });
      const both = [owners[0]!.id, b.id];
      const disabled = await Promise.allSettled(both.map((id) => disableUser(db(), merchantId, id)));
      expect(disabled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const left = (await listUsers(db(), merchantId)).filter((u) => u.role === 'owner' && !u.disabled);
      expect(left).toHaveLength(1);
      // Back to the first owner for the next round.
      if (left[0]!.id !== owner.id) {
        await db().query(`update users set role = 'owner', disabled_at = null where id = $1`, [owner.id]);
        await changeUserRole(db(), merchantId, left[0]!.id, 'viewer');
      }
    }
    // An owner demoted while another owner exists: fine; promoting is always fine.
    const { user: c } = await createUser(db(), { merchantId, email: uniqueEmail('c'), role: 'viewer' });
    expect((await changeUserRole(db(), merchantId, c.id, 'owner')).role).toBe('owner');
    expect((await changeUserRole(db(), merchantId, owner.id, 'developer')).role).toBe('developer');
  });
});

describe('owners and rail account approval', () => {
  it('with approval on, an owner cannot disable or demote the other (only the operator can); a third owner lets one go; a removed owner’s invitations die', async () => {
    const { merchantId, owner } = await merchantWithOwner('Boutique Approbation');
    const { user: bob } = await createUser(db(), { merchantId, email: uniqueEmail('bob'), role: 'owner' });
    await db().query(`update merchants set rail_account_approval = true where id = $1`, [merchantId]);
    const ana = { type: 'user' as const, id: owner.id, label: owner.email };
    await expect(disableUser(db(), merchantId, bob.id, ana)).rejects.toMatchObject({ code: 'approval_needs_two_owners' });
    await expect(changeUserRole(db(), merchantId, bob.id, 'admin', ana)).rejects.toMatchObject({ code: 'approval_needs_two_owners' });
    expect((await listUsers(db(), merchantId)).filter((u) => u.role === 'owner' && !u.disabled)).toHaveLength(2);
    // A non-owner is not an approver: changing one is not refused.
    const { user: viewer } = await createUser(db(), { merchantId, email: uniqueEmail('viewer'), role: 'viewer' });
    expect((await changeUserRole(db(), merchantId, viewer.id, 'support', ana)).role).toBe('support');
    // bob's pending invitation dies with his rights once a third owner lets him go.
    const sent = await createInvitation(db(), { merchantId, email: uniqueEmail('invitee'), role: 'owner', invitedBy: bob.id });
    const { user: cleo } = await createUser(db(), { merchantId, email: uniqueEmail('cleo'), role: 'owner' });
    expect((await changeUserRole(db(), merchantId, bob.id, 'viewer', ana)).role).toBe('viewer');
    expect((await invitationByToken(db(), sent.token))!.status).toBe('revoked');
    // Two owners left with approval on: neither goes, except by the operator (the CLI's actor).
    await expect(disableUser(db(), merchantId, cleo.id, ana)).rejects.toMatchObject({ code: 'approval_needs_two_owners' });
    const cleoSent = await createInvitation(db(), { merchantId, email: uniqueEmail('cleo-invitee'), role: 'viewer', invitedBy: cleo.id });
    const byOperator = await disableUser(db(), merchantId, cleo.id);
    expect(byOperator.user.disabled).toBe(true);
    expect((await invitationByToken(db(), cleoSent.token))!.status).toBe('revoked');
    // With approval off, the last-owner rule alone.
    await db().query(`update merchants set rail_account_approval = false where id = $1`, [merchantId]);
    const { user: dan } = await createUser(db(), { merchantId, email: uniqueEmail('dan'), role: 'owner' });
    expect((await disableUser(db(), merchantId, dan.id, ana)).user.disabled).toBe(true);
  });
});

describe('invitations', () => {
  it('an owner invites with a role: the link is shown once, works once, signs the invitee in with that role', async () => {
    const { merchantId, owner } = await merchantWithOwner('Boutique Invite');
    await as(owner.id);
    const email = uniqueEmail('fatou');
    expect(await post(users.inviteUserAction, { email: email.toUpperCase(), role: 'support' })).toBe('/dashboard/users');
    const first = await html(UsersPage());
    const link = /http:\/\/localhost:3000\/dashboard\/invite\/([A-Za-z0-9_-]{43})/.exec(first);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(text(first)).toContain(`Invitation for ${email} (Support) created.`);
    // Pending, with its role and expiry; the link is not shown again, and only its hash is stored.
    const again = await html(UsersPage());
    expect(again).not.toContain(token);
    expect(text(again)).toMatch(new RegExp(`Pending invitations.*${email.replace(/[.]/g, '\\.')} Support`));
    const rows = await db().query(`select * from user_invitations where merchant_id = $1`, [merchantId]);
    expect(JSON.stringify(rows)).not.toContain(token);

    // The invitee, in a fresh browser: the page says who invites and with which role.
    request.jar.clear();
    let page = text(await html(InvitePage({ params: Promise.resolve({ token }) })));
    expect(page).toContain('You are invited to join Boutique Invite as Support.');
    expect(await post(acceptInviteAction, { token, password: PASSWORD, confirm: `${PASSWORD}!` })).toBe(`/dashboard/invite/${token}`);
    expect(text(await html(InvitePage({ params: Promise.resolve({ token }) })))).toContain('The two passwords are not the same.');
    expect(await post(acceptInviteAction, { token, password: 'short', confirm: 'short' })).toBe(`/dashboard/invite/${token}`);
    expect(text(await html(InvitePage({ params: Promise.resolve({ token }) })))).toContain('at least 10 characters');
    expect((await listUsers(db(), merchantId)).map((u) => u.email)).not.toContain(email);

    expect(await post(acceptInviteAction, { token, password: PASSWORD, confirm: PASSWORD })).toBe('/dashboard');
    const ctx = await dashboardContext('signed_in');
    expect(ctx.user).toMatchObject({ email, role: 'support', merchantId });
    // Once: the link now says it was used, and a second post changes nothing.
    request.jar.clear();
    page = text(await html(InvitePage({ params: Promise.resolve({ token }) })));
    expect(page).toContain('This invitation link has already been used.');
    expect(await post(acceptInviteAction, { token, password: `${PASSWORD} 2`, confirm: `${PASSWORD} 2` })).toBe(`/dashboard/invite/${token}`);
    expect(request.jar.has('caisse_session')).toBe(false);
    expect((await listUsers(db(), merchantId)).filter((u) => u.email === email)).toHaveLength(1);
    // The password chosen signs in.
    expect((await signIn(db(), { email, password: PASSWORD, clientAddress: uniqueClient() })).ok).toBe(true);
    // In French too.
    request.locale = 'fr';
    expect(text(await html(InvitePage({ params: Promise.resolve({ token }) })))).toContain('Ce lien d’invitation a déjà servi.');
    request.locale = 'en';
  });

  it('lifecycle with an injected clock: 24 h then expired, revoked, wrong token, an address already a user, a new invitation replaces the pending one', async () => {
    const { merchantId, owner } = await merchantWithOwner();
    const email = uniqueEmail('moussa');
    const made = await createInvitation(db(), { merchantId, email, role: 'viewer', invitedBy: owner.id }, T0);
    expect(made.invitation).toMatchObject({ id: expect.stringMatching(/^inv_/), email, role: 'viewer', status: 'pending', expiresAt: T0 + 24 * 3600 });
    expect(INVITATION_SECONDS).toBe(86400);
    expect((await invitationByToken(db(), made.token, T0 + 86399))!.status).toBe('pending');
    expect((await invitationByToken(db(), made.token, T0 + 86400))!.status).toBe('expired');
    await expect(acceptInvitation(db(), made.token, PASSWORD, T0 + 86400)).rejects.toMatchObject({ code: 'invitation_expired' });
    expect(await listPendingInvitations(db(), merchantId, T0 + 86400)).toEqual([]);
    expect((await listUsers(db(), merchantId)).map((u) => u.email)).not.toContain(email);

    // Revoked: the link says so; accepting changes nothing.
    const r2 = await createInvitation(db(), { merchantId, email, role: 'developer', invitedBy: owner.id }, T0);
    expect((await listPendingInvitations(db(), merchantId, T0 + 1)).map((i) => [i.email, i.role])).toEqual([[email, 'developer']]);
    const other = await merchantWithOwner('Autre');
    await expect(revokeInvitation(db(), other.merchantId, r2.invitation.id, T0 + 1)).rejects.toMatchObject({ code: 'resource_missing' });
    expect((await revokeInvitation(db(), merchantId, r2.invitation.id, T0 + 1)).status).toBe('revoked');
    await expect(acceptInvitation(db(), r2.token, PASSWORD, T0 + 2)).rejects.toMatchObject({ code: 'invitation_revoked' });
    request.jar.clear();
    const revokedPage = text(await html(InvitePage({ params: Promise.resolve({ token: r2.token }) })));
    expect(revokedPage).toContain('This invitation was revoked.');

    // A token nobody issued, well formed or not.
    const wrong = randomBytes(32).toString('base64url');
    await expect(acceptInvitation(db(), wrong, PASSWORD, T0)).rejects.toMatchObject({ code: 'invitation_unknown' });
    expect(await invitationByToken(db(), 'not-a-token', T0)).toBeNull();
    expect(text(await html(InvitePage({ params: Promise.resolve({ token: wrong }) })))).toContain('This invitation link is not valid.');
    expect(await post(acceptInviteAction, { token: wrong, password: PASSWORD, confirm: PASSWORD })).toBe(`/dashboard/invite/${wrong}`);
    expect(request.jar.has('caisse_session')).toBe(false);

    // A new invitation of an address replaces its pending one; accepted, the role is the new one.
    const a = await createInvitation(db(), { merchantId, email, role: 'viewer', invitedBy: owner.id }, T0 + 10);
    const b = await createInvitation(db(), { merchantId, email, role: 'admin', invitedBy: owner.id }, T0 + 11);
    expect((await invitationByToken(db(), a.token, T0 + 12))!.status).toBe('revoked');
    const user = await acceptInvitation(db(), b.token, PASSWORD, T0 + 12, '198.51.100.7');
    expect(user).toMatchObject({ email, role: 'admin', merchantId });
    // Its audit lines: the two invitations of this address (by the system here), then the new user's first sign-in.
    const lines = (
      await db().query<Record<string, unknown>>(`select action, actor_id, target_id, ip, changes from audit_events where merchant_id = $1 order by seq`, [
        merchantId,
      ])
    ).filter((l) => [a.invitation.id, b.invitation.id, user.id].includes(String(l.target_id)));
    expect(lines.map((l) => l.action)).toEqual(['user.invited', 'user.invited', 'user.signed_in']);
    expect(lines[2]).toMatchObject({ actor_id: user.id, ip: '198.51.100.7', changes: { after: { invitation: b.invitation.id, role: 'admin' } } });
    await expect(acceptInvitation(db(), b.token, PASSWORD, T0 + 13)).rejects.toMatchObject({ code: 'invitation_accepted' });
    // The address is a user now: a new invitation is refused.
    await expect(createInvitation(db(), { merchantId, email: email.toUpperCase(), role: 'viewer', invitedBy: owner.id }, T0 + 14)).rejects.toMatchObject({
      code: 'email_taken',
    });
  });

  it('an owner revokes a pending invitation from the users page', async () => {
    const { merchantId, owner } = await merchantWithOwner();
    await as(owner.id);
    const email = uniqueEmail('revoked');
    await post(users.inviteUserAction, { email, role: 'developer' });
    const [inv] = await listPendingInvitations(db(), merchantId);
    expect(inv).toMatchObject({ email, role: 'developer' });
    expect(await post(users.revokeInvitationAction, { invitationId: inv!.id })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain(`Invitation of ${email} revoked`);
    expect(await listPendingInvitations(db(), merchantId)).toEqual([]);
    expect(await post(users.revokeInvitationAction, { invitationId: 'inv_doesnotexist' })).toBe('404');
    // Both in the audit log, by the owner: the invitation, then its revocation.
    const lines = await db().query<Record<string, unknown>>(`select action, actor_id, target_id from audit_events where merchant_id = $1 order by seq`, [
      merchantId,
    ]);
    expect(lines.filter((l) => l.target_id === inv!.id)).toEqual([
      { action: 'user.invited', actor_id: owner.id, target_id: inv!.id },
      { action: 'user.invitation_revoked', actor_id: owner.id, target_id: inv!.id },
    ]);
  });
});

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B: the seeds are the ASCII digits, 20 bytes for SHA1, 32 for SHA256, 64 for SHA512; 8 digits.
  const seeds = {
    SHA1: '12345678901234567890',
    SHA256: '12345678901234567890123456789012',
    SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
  };
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it("reproduces the RFC's test vectors (SHA1, SHA256, SHA512)", () => {
    for (const [t, sha1, sha256, sha512] of vectors) {
      expect(tf.totpCode(Secret.fromLatin1(seeds.SHA1), t, { digits: 8, algorithm: 'SHA1' })).toBe(sha1);
      expect(tf.totpCode(Secret.fromLatin1(seeds.SHA256), t, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
      expect(tf.totpCode(Secret.fromLatin1(seeds.SHA512), t, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
      expect(tf.totpStep(Secret.fromLatin1(seeds.SHA1), sha1, t, { digits: 8 })).toBe(Math.floor(t / 30));
    }
  });

  it('accepts the codes of the steps -1, 0 and +1 (30 s each), refuses -2 and +2 and anything not 6 digits', () => {
    const secret = new Secret({ size: 20 });
    const now = T0 + 7;
    for (const d of [-1, 0, 1]) expect(tf.totpStep(secret, tf.totpCode(secret, now + d * 30), now)).toBe(tf.stepOf(now) + d);
    for (const d of [-2, 2, -3, 3]) expect(tf.totpStep(secret, tf.totpCode(secret, now + d * 30), now)).toBeNull();
    expect(tf.totpStep(secret, '12345', now)).toBeNull();
    expect(tf.totpStep(secret, `${tf.totpCode(secret, now)}0`, now)).toBeNull();
  });
});

/** A user with two-step sign-in on (enrolled at T0), its secret and recovery codes. */
async function enrolled(role: 'owner' | 'admin' | 'viewer' = 'owner') {
  const m = await newMerchant(db());
  const merchantId = m.merchant.id;
  const password = `${PASSWORD} ${++seq}`;
  const { user } = await createUser(db(), { merchantId, email: uniqueEmail(role), role, password });
  const { secret } = await tf.startEnrolment(db(), user, T0);
  const { recoveryCodes } = await tf.confirmEnrolment(
    db(),
    user.id,
    { code: tf.totpCode(Secret.fromBase32(secret), T0), password, clientAddress: null },
    null,
    T0,
  );
  return { merchantId, user, password, secret: Secret.fromBase32(secret), base32: secret, recoveryCodes };
}

describe('two-step sign-in', () => {
  it('password then code: a challenge (no session) then a session; a code already used (same step) is refused; ±1 step accepted', async () => {
    const u = await enrolled();
    expect(u.recoveryCodes).toHaveLength(10);
    expect(new Set(u.recoveryCodes).size).toBe(10);
    for (const c of u.recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    // Stored sealed: no row has the secret or a recovery code.
    const rows = JSON.stringify([
      ...(await db().query(`select * from users where id = $1`, [u.user.id])),
      ...(await db().query(`select * from user_recovery_codes where user_id = $1`, [u.user.id])),
    ]);
    expect(rows).not.toContain(u.base32);
    for (const c of u.recoveryCodes) expect(rows).not.toContain(c.replace(/-/g, ''));
    expect(rows).toMatch(/"totp_secret":"v1:/);

    const client = uniqueClient();
    // T0 starts a step: T0 + 20 is in the enrolment's own step.
    const step1 = await signIn(db(), { email: u.user.email, password: u.password, clientAddress: client, now: T0 + 20 });
    expect(step1).toMatchObject({ ok: false, reason: 'second_factor', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const challenge = (step1 as { challenge: string }).challenge;
    // The challenge is no session.
    expect(await sessionFromToken(db(), challenge, T0 + 20)).toBeNull();
    // The code of the enrolment's step was used by the confirmation: refused (replay), though in the window.
    expect(await tf.verifySecondFactor(db(), { challenge, code: tf.totpCode(u.secret, T0), clientAddress: client, now: T0 + 20 })).toEqual({
      ok: false,
      reason: 'invalid_code',
    });
    // Step +1 of now.
    const ok = await tf.verifySecondFactor(db(), { challenge, code: tf.totpCode(u.secret, T0 + 30), clientAddress: client, now: T0 + 20 });
    expect(ok).toMatchObject({ ok: true, used: 'totp', user: { id: u.user.id } });
    expect(await sessionFromToken(db(), (ok as { token: string }).token, T0 + 21)).toMatchObject({ user: { id: u.user.id } });
    // The audit log: the password alone wrote nothing; the replayed code a failed sign-in, the right one the sign-in.
    const audit = await db().query<Record<string, unknown>>(
      `select action, ip, changes from audit_events where target_id = $1 and action in ('user.signed_in', 'user.sign_in_failed') order by seq`,
      [u.user.id],
    );
    expect(audit).toEqual([
      { action: 'user.sign_in_failed', ip: client, changes: { after: { secondFactor: 'wrong_code' } } },
      { action: 'user.signed_in', ip: client, changes: { after: { secondFactor: 'totp' } } },
    ]);
    // The challenge is gone once used.
    expect(await tf.verifySecondFactor(db(), { challenge, code: tf.totpCode(u.secret, T0 + 60), clientAddress: client, now: T0 + 22 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const next = async (now: number) =>
      ((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: client, now })) as { challenge: string }).challenge;
    const verify = async (now: number, at: number) =>
      tf.verifySecondFactor(db(), { challenge: await next(now), code: tf.totpCode(u.secret, at), clientAddress: client, now });
    // The same code again, on a new challenge: refused (its step is used); step 0 then +1 pass, each once.
    expect(await verify(T0 + 61, T0 + 30)).toEqual({ ok: false, reason: 'invalid_code' });
    expect((await verify(T0 + 62, T0 + 60)).ok).toBe(true);
    expect((await verify(T0 + 63, T0 + 90)).ok).toBe(true);
    // Step -1 of now (never used: after the last used one).
    expect((await verify(T0 + 150, T0 + 120)).ok).toBe(true);
    // An earlier step than the last used, even inside the window: refused.
    expect(await verify(T0 + 151, T0 + 120)).toEqual({ ok: false, reason: 'invalid_code' });
    // Two requests racing with one fresh code: one session.
    const fresh = tf.totpCode(u.secret, T0 + 180);
    const c1 = await next(T0 + 180);
    const c2 = await next(T0 + 180);
    const raced = await Promise.all([c1, c2].map((challenge) => tf.verifySecondFactor(db(), { challenge, code: fresh, clientAddress: client, now: T0 + 180 })));
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
    // ±2 steps: refused.
    expect((await verify(T0 + 300, T0 + 360)).ok).toBe(false);
    expect((await verify(T0 + 301, T0 + 240)).ok).toBe(false);
    // The challenge lasts five minutes.
    const late = await next(T0 + 400);
    expect(await tf.verifySecondFactor(db(), { challenge: late, code: tf.totpCode(u.secret, T0 + 700), clientAddress: client, now: T0 + 700 })).toEqual({
      ok: false,
      reason: 'expired',
    });
  }, 180_000);

  it('a recovery code works once (typed in any case, with or without dashes); the count of those left goes down', async () => {
    const u = await enrolled();
    const client = uniqueClient();
    const challenge = async (now: number) =>
      ((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: client, now })) as { challenge: string }).challenge;
    const code = u.recoveryCodes[3]!;
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    expect(await tf.verifySecondFactor(db(), { challenge: await challenge(T0 + 40), code: typed, clientAddress: client, now: T0 + 40 })).toMatchObject({
      ok: true,
      used: 'recovery',
    });
    expect(await tf.recoveryCodesLeft(db(), u.user.id)).toBe(9);
    expect(await tf.verifySecondFactor(db(), { challenge: await challenge(T0 + 41), code, clientAddress: client, now: T0 + 41 })).toEqual({
      ok: false,
      reason: 'invalid_code',
    });
    // Another user's recovery code opens nothing here.
    const v = await enrolled();
    expect(
      await tf.verifySecondFactor(db(), { challenge: await challenge(T0 + 42), code: v.recoveryCodes[0]!, clientAddress: client, now: T0 + 42 }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('wrong codes are throttled like passwords: after 3 from one address the right code waits too; the wait passes; a challenge dies after 5 wrong codes', async () => {
    const u = await enrolled();
    const client = uniqueClient();
    const challenge = ((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: client, now: T0 + 100 })) as { challenge: string })
      .challenge;
    const wrong = (now: number, ch = challenge) => tf.verifySecondFactor(db(), { challenge: ch, code: '000000', clientAddress: client, now });
    for (let i = 0; i < 3; i++) expect(await wrong(T0 + 100)).toEqual({ ok: false, reason: 'invalid_code' });
    const right = tf.totpCode(u.secret, T0 + 100);
    expect(await tf.verifySecondFactor(db(), { challenge, code: right, clientAddress: client, now: T0 + 100 })).toEqual({
      ok: false,
      reason: 'throttled',
      retryAfter: 5,
    });
    expect((await tf.verifySecondFactor(db(), { challenge, code: right, clientAddress: client, now: T0 + 105 })).ok).toBe(true);
    // Five wrong codes on one challenge (waiting out the throttle each time): it is gone.
    const ch = ((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: client, now: T0 + 200 })) as { challenge: string }).challenge;
    // The throttle's waits (none for 3, then 5 s, 10 s) are waited out, inside the challenge's five minutes.
    for (const t of [200, 200, 200, 205, 215]) expect(await wrong(T0 + t, ch)).toEqual({ ok: false, reason: 'invalid_code' });
    expect(await wrong(T0 + 240, ch)).toEqual({ ok: false, reason: 'expired' });
  });

  it('wrong codes spread over many addresses and challenges: after 20 in 15 minutes every code waits, from anywhere, until the window passes', async () => {
    const u = await enrolled();
    const t0 = T0 + 1000;
    const challengeFrom = async (client: string, now: number) =>
      ((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: client, now })) as { challenge: string }).challenge;
    for (let i = 0; i < tf.ACCOUNT_CODE_FAILURES; i++) {
      const client = uniqueClient();
      expect(await tf.verifySecondFactor(db(), { challenge: await challengeFrom(client, t0 + i), code: '000000', clientAddress: client, now: t0 + i })).toEqual(
        {
          ok: false,
          reason: 'invalid_code',
        },
      );
    }
    // The right code from an address that never failed: it waits until the first wrong code leaves the window.
    const fresh = uniqueClient();
    const at = t0 + 30;
    expect(
      await tf.verifySecondFactor(db(), { challenge: await challengeFrom(fresh, at), code: tf.totpCode(u.secret, at), clientAddress: fresh, now: at }),
    ).toEqual({ ok: false, reason: 'throttled', retryAfter: tf.ACCOUNT_CODE_WINDOW - 30 });
    const later = t0 + tf.ACCOUNT_CODE_WINDOW + 1;
    const ok = await tf.verifySecondFactor(db(), {
      challenge: await challengeFrom(fresh, later),
      code: tf.totpCode(u.secret, later),
      clientAddress: fresh,
      now: later,
    });
    expect(ok.ok).toBe(true);
  });

  it('the sign-in pages: password -> code page -> signed in; a wrong code is said on the code page; no challenge sends back to the password', async () => {
    const u = await enrolled();
    request.jar.clear();
    request.client = uniqueClient();
    expect(await post(signInAction, { email: u.user.email, password: u.password })).toBe('/dashboard/sign-in/code');
    expect(request.jar.has('caisse_session')).toBe(false);
    expect(request.jar.get('caisse_2fa')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(text(await html(CodePage()))).toContain('Type the 6-digit code from your authenticator app, or a recovery code.');
    expect(await post(verifyCodeAction, { code: '123456' })).toBe('/dashboard/sign-in/code');
    expect(text(await html(CodePage()))).toContain('That code is not right');
    expect(await post(verifyCodeAction, { code: u.recoveryCodes[0]! })).toBe('/dashboard');
    expect(request.jar.has('caisse_2fa')).toBe(false);
    expect((await dashboardContext('signed_in')).user.id).toBe(u.user.id);
    request.jar.delete('caisse_session');
    expect(await redirectOf(CodePage())).toBe('/dashboard/sign-in?error=expired');
    expect(await post(verifyCodeAction, { code: '123456' })).toBe('/dashboard/sign-in?error=expired');
  });

  it('enrol from the account page (QR code and key, first code, recovery codes once); turn off with the password; the secret is on no other page and in no log', async () => {
    const { merchantId, owner, password } = await merchantWithOwner();
    await as(owner.id);
    const page = text(await html(AccountPage()));
    expect(page).toContain('Two-step sign-in');
    expect(page).toContain('Off.');
    expect(await post(account.startTwoFactorAction)).toBe('/dashboard/account');
    const enrolPage = await html(AccountPage());
    expect(enrolPage).toMatch(/<svg class="tm-qr" role="img" aria-label="QR code for your authenticator app"/);
    const shown = /id="totp-secret">([A-Z2-7 ]+)</.exec(enrolPage)![1]!;
    const base32 = shown.replace(/ /g, '');
    expect(base32).toMatch(/^[A-Z2-7]{32}$/);
    const secret = Secret.fromBase32(base32);
    // The QR code carries the otpauth URI of that secret.
    const { pendingEnrolment } = tf;
    expect((await pendingEnrolment(db(), owner))!.uri).toBe(
      `otpauth://totp/Caisse:${encodeURIComponent(owner.email)}?issuer=Caisse&secret=${base32}&algorithm=SHA1&digits=6&period=30`,
    );
    // The password too (a stolen session alone cannot tie the account to another authenticator).
    const now = Math.floor(Date.now() / 1000);
    expect(await post(account.confirmTwoFactorAction, { code: tf.totpCode(secret, now), password: 'not the password' })).toBe('/dashboard/account');
    expect(text(await html(AccountPage()))).toContain('That password is not right: nothing changed.');
    expect((await listUsers(db(), merchantId)).find((u) => u.id === owner.id)!.twoFactor).toBe(false);
    expect(await post(account.confirmTwoFactorAction, { code: '000000', password })).toBe('/dashboard/account');
    expect(text(await html(AccountPage()))).toContain('That code is not right');
    // Another session of the user (another browser) ends when two-step sign-in turns on; this one goes on.
    const other = await openSession(db(), owner.id);
    expect(await post(account.confirmTwoFactorAction, { code: tf.totpCode(secret, now), password })).toBe('/dashboard/account');
    expect(await sessionFromToken(db(), other)).toBeNull();
    const done = await html(AccountPage());
    expect(text(done)).toContain('Two-step sign-in is on.');
    const codes = /<textarea[^>]*>([^<]*)<\/textarea>/.exec(done)![1]!.split('\n');
    expect(codes).toHaveLength(10);
    expect(done).not.toContain(base32);
    const later = await html(AccountPage());
    expect(text(later)).toContain('Recovery codes left: 10.');
    expect(later).not.toContain(codes[0]!);

    // Nowhere else: the users page, the payments page, the code page, and not in the process's output.
    const everywhere = [await html(UsersPage()), await html(PaymentsPage({ searchParams: Promise.resolve({}) })), later];
    for (const p of everywhere) {
      expect(p).not.toContain(base32);
      expect(p).not.toContain(shown);
    }

    // Turning it off needs a proof: a wrong password is refused, the right one works.
    expect(await post(account.disableTwoFactorAction, { code: '', password: 'not the password' })).toBe('/dashboard/account');
    expect(text(await html(AccountPage()))).toContain('That code or password is not right.');
    expect((await listUsers(db(), merchantId)).find((u) => u.id === owner.id)!.twoFactor).toBe(true);
    expect(await tf.recoveryCodesLeft(db(), owner.id)).toBe(10);
    expect(await post(account.disableTwoFactorAction, { code: codes[2]! })).toBe('/dashboard/account');
    expect(text(await html(AccountPage()))).toContain('Two-step sign-in is off.');
    const after = await db().query(`select totp_secret, totp_pending, totp_last_step from users where id = $1`, [owner.id]);
    expect(after).toEqual([{ totp_secret: null, totp_pending: null, totp_last_step: null }]);

    const log = written.join('');
    expect(log).not.toContain(base32);
    expect(log).not.toContain(shown);
    for (const c of codes) expect(log).not.toContain(c);
  });

  it("the merchant's rule: an owner or admin without two-step sign-in is sent to set it up before any other page; a viewer is not; an enrolled owner goes on", async () => {
    const { merchantId, owner, password: ownerPassword } = await merchantWithOwner();
    await as(owner.id);
    expect(await post(users.setRequireTwoFactorAction, { require: 'on' })).toBe('/dashboard/users');
    expect(await tf.requiresTwoFactor(db(), merchantId)).toBe(true);
    expect(await redirectOf(html(UsersPage()))).toBe('/dashboard/account?required=1');
    expect(await redirectOf(html(PaymentsPage({ searchParams: Promise.resolve({}) })))).toBe('/dashboard/account?required=1');
    expect(await post(users.inviteUserAction, { email: uniqueEmail('z'), role: 'viewer' })).toBe('/dashboard/account?required=1');
    expect(await listPendingInvitations(db(), merchantId)).toEqual([]);
    expect(text(await html(AccountPage()))).toContain('This merchant requires two-step sign-in of owners and administrators');

    const { user: admin } = await createUser(db(), { merchantId, email: uniqueEmail('admin'), role: 'admin' });
    const { user: viewer } = await createUser(db(), { merchantId, email: uniqueEmail('viewer'), role: 'viewer' });
    await as(admin.id);
    expect(await redirectOf(html(PaymentsPage({ searchParams: Promise.resolve({}) })))).toBe('/dashboard/account?required=1');
    // The exports too (route handlers): sent to set it up, nothing downloaded.
    const { GET: auditExport } = await import('@/app/dashboard/audit/export/route');
    const refused = await auditExport(new Request('http://localhost:3000/dashboard/audit/export'));
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/dashboard/account?required=1']);
    await as(viewer.id);
    expect(await redirectOf(html(PaymentsPage({ searchParams: Promise.resolve({}) })))).toBeNull();

    // The owner enrols (the account page's actions run under the rule) and goes on.
    await as(owner.id);
    await post(account.startTwoFactorAction);
    const secret = (await tf.pendingEnrolment(db(), owner))!.secret;
    await post(account.confirmTwoFactorAction, { code: tf.totpCode(Secret.fromBase32(secret), Math.floor(Date.now() / 1000)), password: ownerPassword });
    expect(await redirectOf(html(UsersPage()))).toBeNull();
    expect(await post(users.setRequireTwoFactorAction, {})).toBe('/dashboard/users');
    expect(await tf.requiresTwoFactor(db(), merchantId)).toBe(false);
    await as(admin.id);
    expect(await redirectOf(html(PaymentsPage({ searchParams: Promise.resolve({}) })))).toBeNull();
  });
});

describe('recovery codes replaced; an owner resets another user’s two-step sign-in', () => {
  it('new recovery codes take the password and a current app code (not a recovery code): the old ones, used or not, stop working; the code is not replayed; audited without a code', async () => {
    const u = await enrolled('admin');
    const client = uniqueClient();
    const T = T0 + 300;
    const proof = (code: string, password = u.password) => ({ code, password, clientAddress: client });
    expect(await tf.checkSecondFactor(db(), u.user.id, u.recoveryCodes[0]!, T)).toBe('recovery');
    await expect(tf.regenerateRecoveryCodes(db(), u.user.id, proof(tf.totpCode(u.secret, T), 'not the password'), null, T)).rejects.toMatchObject({
      code: 'wrong_password',
    });
    await expect(tf.regenerateRecoveryCodes(db(), u.user.id, proof(u.recoveryCodes[1]!), null, T)).rejects.toMatchObject({ code: 'invalid_code' });
    expect(await tf.recoveryCodesLeft(db(), u.user.id)).toBe(9);
    const { recoveryCodes } = await tf.regenerateRecoveryCodes(db(), u.user.id, proof(tf.totpCode(u.secret, T)), null, T);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set([...recoveryCodes, ...u.recoveryCodes]).size).toBe(20);
    expect(await tf.recoveryCodesLeft(db(), u.user.id)).toBe(10);
    // The same app code again (its step is used): refused.
    await expect(tf.regenerateRecoveryCodes(db(), u.user.id, proof(tf.totpCode(u.secret, T)), null, T + 1)).rejects.toMatchObject({ code: 'invalid_code' });
    // An old code (unused) opens nothing; a new one works, once.
    expect(await tf.checkSecondFactor(db(), u.user.id, u.recoveryCodes[1]!, T + 60)).toBeNull();
    expect(await tf.checkSecondFactor(db(), u.user.id, recoveryCodes[4]!, T + 60)).toBe('recovery');
    expect(await tf.checkSecondFactor(db(), u.user.id, recoveryCodes[4]!, T + 61)).toBeNull();
    const lines = await db().query<{ actor_id: string; changes: unknown }>(
      `select actor_id, changes from audit_events where target_id = $1 and action = 'user.recovery_codes_regenerated'`,
      [u.user.id],
    );
    expect(lines.map((l) => [l.actor_id, typeof l.changes === 'string' ? JSON.parse(l.changes) : l.changes])).toEqual([
      [u.user.id, { before: { recoveryCodesLeft: 9 }, after: { recoveryCodesLeft: 10 } }],
    ]);
    const everything = JSON.stringify(await db().query(`select * from audit_events where merchant_id = $1`, [u.merchantId]));
    for (const c of [...recoveryCodes, ...u.recoveryCodes]) {
      expect(everything).not.toContain(c);
      expect(everything).not.toContain(c.replace(/-/g, ''));
    }
    // Wrong passwords are throttled as sign-ins: the right proof then waits too.
    let answer: unknown;
    for (let i = 0; i < 5; i++)
      answer = await tf.regenerateRecoveryCodes(db(), u.user.id, proof(tf.totpCode(u.secret, T + 90), 'nope'), null, T + 90).catch((e) => e);
    expect(answer).toMatchObject({ code: 'throttled' });
    expect(await tf.regenerateRecoveryCodes(db(), u.user.id, proof(tf.totpCode(u.secret, T + 90)), null, T + 90).catch((e) => e)).toMatchObject({
      code: 'throttled',
    });
    // Two-step sign-in off: nothing to replace.
    const { owner } = await merchantWithOwner();
    await expect(tf.regenerateRecoveryCodes(db(), owner.id, proof('123456'), null, T)).rejects.toMatchObject({ code: 'two_factor_off' });
  });

  it("a reset takes the owner's own proof (a stolen session alone resets no one): her password, and her code when hers is on; throttled; a disabled user is refused", async () => {
    const ana = await enrolled('owner');
    const { user: bob } = await createUser(db(), { merchantId: ana.merchantId, email: uniqueEmail('bob'), role: 'admin', password: `${PASSWORD} bob` });
    const { secret } = await tf.startEnrolment(db(), bob, T0);
    await tf.confirmEnrolment(db(), bob.id, { code: tf.totpCode(Secret.fromBase32(secret), T0), password: `${PASSWORD} bob`, clientAddress: null }, null, T0);
    const actor = { type: 'user' as const, id: ana.user.id, label: ana.user.email };
    const client = uniqueClient();
    const T = T0 + 600;
    const reset = (proof: { password: string; code?: string }, at = T) =>
      tf.resetTwoFactor(db(), ana.merchantId, bob.id, { ...proof, clientAddress: client }, actor, at);
    await expect(reset({ password: ana.password })).rejects.toMatchObject({ code: 'invalid_code' });
    await expect(reset({ password: ana.password, code: '000000' })).rejects.toMatchObject({ code: 'invalid_code' });
    await expect(reset({ password: 'not hers', code: tf.totpCode(ana.secret, T) })).rejects.toMatchObject({ code: 'wrong_password' });
    // Three failures from this address: the right proof waits too.
    await expect(reset({ password: ana.password, code: tf.totpCode(ana.secret, T) })).rejects.toMatchObject({ code: 'throttled' });
    expect(await tf.recoveryCodesLeft(db(), bob.id)).toBe(10);
    // Later, with her code (or a recovery code of hers): done.
    expect(await reset({ password: ana.password, code: ana.recoveryCodes[0]! }, T + 3600)).toEqual({ email: bob.email });
    expect(await tf.recoveryCodesLeft(db(), bob.id)).toBe(0);
    // A disabled user: refused, before any proof is asked.
    const { user: cy } = await createUser(db(), { merchantId: ana.merchantId, email: uniqueEmail('cy'), role: 'admin', password: `${PASSWORD} cy` });
    const s2 = await tf.startEnrolment(db(), cy, T0);
    await tf.confirmEnrolment(db(), cy.id, { code: tf.totpCode(Secret.fromBase32(s2.secret), T0), password: `${PASSWORD} cy`, clientAddress: null }, null, T0);
    await disableUser(db(), ana.merchantId, cy.id, actor);
    await expect(
      tf.resetTwoFactor(
        db(),
        ana.merchantId,
        cy.id,
        { password: ana.password, code: tf.totpCode(ana.secret, T + 7200), clientAddress: uniqueClient() },
        actor,
        T + 7200,
      ),
    ).rejects.toMatchObject({ code: 'user_disabled' });
  });

  it('from the account page: new codes shown once, the count back to 10, other sessions ended; a wrong code said', async () => {
    // Enrolled a minute ago (the actions run on the real clock).
    const { owner, password } = await merchantWithOwner();
    const now = Math.floor(Date.now() / 1000);
    const { secret: base32 } = await tf.startEnrolment(db(), owner, now - 60);
    const secret = Secret.fromBase32(base32);
    await tf.confirmEnrolment(db(), owner.id, { code: tf.totpCode(secret, now - 60), password, clientAddress: uniqueClient() }, null, now - 60);
    await as(owner.id);
    const page = await html(AccountPage());
    expect(text(page)).toContain('New recovery codes');
    expect(page).toMatch(/<label for="regenerate-code">Code from the app<\/label>/);
    expect(await post(account.regenerateRecoveryCodesAction, { code: '000000', password })).toBe('/dashboard/account');
    expect(text(await html(AccountPage()))).toContain('That code is not right');
    const other = await openSession(db(), owner.id);
    expect(await post(account.regenerateRecoveryCodesAction, { code: tf.totpCode(secret, now), password })).toBe('/dashboard/account');
    // Another session (one a seen code may have opened) ended; this one goes on.
    expect(await sessionFromToken(db(), other)).toBeNull();
    const done = await html(AccountPage());
    expect(text(done)).toContain('New recovery codes: the old ones no longer work.');
    const codes = /<textarea[^>]*>([^<]*)<\/textarea>/.exec(done)![1]!.split('\n');
    expect(codes).toHaveLength(10);
    const later = await html(AccountPage());
    expect(text(later)).toContain('Recovery codes left: 10.');
    expect(later).not.toContain(codes[0]!);
    const log = written.join('');
    for (const c of codes) expect(log).not.toContain(c);
  });

  it('an owner resets an admin’s: secret and codes gone, sessions and pending sign-ins ended, audited, every owner warned; then the password alone signs in, and the rule sends them to set it up again', async () => {
    const { railBanners } = await import('@/lib/dashboard/banners');
    const { merchantId, owner, password: ownerPassword } = await merchantWithOwner();
    const { user: owner2 } = await createUser(db(), { merchantId, email: uniqueEmail('owner2') });
    const adminPassword = `${PASSWORD} ${++seq}`;
    const { user: admin } = await createUser(db(), { merchantId, email: uniqueEmail('admin'), role: 'admin', password: adminPassword });
    const { secret } = await tf.startEnrolment(db(), admin, T0);
    await tf.confirmEnrolment(db(), admin.id, { code: tf.totpCode(Secret.fromBase32(secret), T0), password: adminPassword, clientAddress: null }, null, T0);
    const { user: viewer } = await createUser(db(), { merchantId, email: uniqueEmail('viewer'), role: 'viewer' });
    const adminSession = await openSession(db(), admin.id);
    const pendingSignIn = (await signIn(db(), { email: admin.email, password: adminPassword, clientAddress: uniqueClient() })) as { challenge?: string };
    expect(pendingSignIn.challenge).toBeTruthy();

    await as(owner.id);
    const page = await html(UsersPage());
    expect(page).toContain(
      `href="/dashboard/users?reset=${admin.id}#reset" class="db-button db-button-secondary db-button-small" aria-label="Reset the two-step sign-in of ${admin.email}"`,
    );
    expect(page).not.toContain(`aria-label="Reset the two-step sign-in of ${viewer.email}"`);
    expect(page).not.toContain('id="reset"');
    // The confirmation: her password (her two-step sign-in is off: no code asked); only for a user it applies to.
    const confirm = await html(UsersPage({ searchParams: Promise.resolve({ reset: admin.id }) }));
    expect(text(confirm)).toContain(`Reset the two-step sign-in of ${admin.email}`);
    expect(text(confirm)).toContain('For someone who lost their phone and their recovery codes');
    expect(confirm).toContain('<label for="reset-password">Your password</label>');
    expect(confirm).not.toContain('reset-code');
    for (const other of [viewer.id, owner.id, 'user_nobody'])
      expect(await html(UsersPage({ searchParams: Promise.resolve({ reset: other }) }))).not.toContain('id="reset"');
    // Refused: her own, a user without it; another merchant's user is not found; a wrong password
    // goes back to the confirmation.
    expect(await post(users.resetTwoFactorAction, { userId: owner.id, password: ownerPassword })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain('Your own two-step sign-in is turned off from My account.');
    expect(await post(users.resetTwoFactorAction, { userId: viewer.id, password: ownerPassword })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain('This user has no two-step sign-in to reset.');
    const elsewhere = await enrolled('admin');
    expect(await post(users.resetTwoFactorAction, { userId: elsewhere.user.id, password: ownerPassword })).toBe('404');
    expect((await db().query(`select totp_secret is not null as on from users where id = $1`, [elsewhere.user.id]))[0]).toEqual({ on: true });
    expect(await post(users.resetTwoFactorAction, { userId: admin.id, password: 'not hers' })).toBe(`/dashboard/users?reset=${admin.id}#reset`);
    expect(text(await html(UsersPage({ searchParams: Promise.resolve({ reset: admin.id }) })))).toContain('That password is not right');
    expect(await tf.recoveryCodesLeft(db(), admin.id)).toBe(10);
    // An admin may not (users.manage).
    await as(admin.id);
    expect(await post(users.resetTwoFactorAction, { userId: admin.id, password: adminPassword })).toBe('403');

    await as(owner.id);
    expect(await post(users.resetTwoFactorAction, { userId: admin.id, password: ownerPassword })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain(`The two-step sign-in of ${admin.email} is reset: their sessions have ended.`);
    expect(await db().query(`select totp_secret, totp_pending, totp_last_step from users where id = $1`, [admin.id])).toEqual([
      { totp_secret: null, totp_pending: null, totp_last_step: null },
    ]);
    expect(await tf.recoveryCodesLeft(db(), admin.id)).toBe(0);
    expect(await sessionFromToken(db(), adminSession)).toBeNull();
    expect(await tf.challengeUser(db(), pendingSignIn.challenge)).toBeNull();
    const lines = await db().query<{ actor_id: string; action: string }>(
      `select actor_id, action from audit_events where target_id = $1 and action like 'user.two_factor%' order by seq`,
      [admin.id],
    );
    expect(lines).toEqual([
      { actor_id: admin.id, action: 'user.two_factor_changed' },
      { actor_id: owner.id, action: 'user.two_factor_reset' },
    ]);
    // Both owners are warned, naming the admin and who reset it.
    for (const o of [owner, owner2])
      expect((await railBanners(db(), merchantId, o.id)).map((b) => [b.kind, b.subject, b.who])).toContainEqual(['two_factor_reset', admin.email, owner.email]);
    // The audit line keeps the role it was reset under: a demotion afterwards hides no banner.
    await changeUserRole(db(), merchantId, admin.id, 'viewer', { type: 'user', id: owner.id, label: owner.email });
    expect((await railBanners(db(), merchantId, owner2.id)).map((b) => b.kind)).toContain('two_factor_reset');
    // Reset again: nothing left to reset.
    expect(await post(users.resetTwoFactorAction, { userId: admin.id, password: ownerPassword })).toBe('/dashboard/users');
    expect(text(await html(UsersPage()))).toContain('This user has no two-step sign-in to reset.');

    // The password alone signs in now; where the merchant requires it, they are sent to set it up.
    await changeUserRole(db(), merchantId, admin.id, 'admin', { type: 'user', id: owner.id, label: owner.email });
    expect(await signIn(db(), { email: admin.email, password: adminPassword, clientAddress: uniqueClient() })).toMatchObject({ ok: true });
    await tf.setRequireTwoFactor(db(), merchantId, true);
    await as(admin.id);
    expect(await redirectOf(html(PaymentsPage({ searchParams: Promise.resolve({}) })))).toBe('/dashboard/account?required=1');
  });
});
