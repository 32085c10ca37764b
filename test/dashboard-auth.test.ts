// The dashboard's accounts and sign-in core (lib/dashboard): password hashing, users, sessions,
// throttling, the cross-site POST check, the demo user. Real database (embedded, or PostgreSQL with
// DATABASE_URL: test files share it, so every email and client address here is unique to the run).
import { createHash, randomBytes, scrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DUMMY_HASH,
  generatePassword,
  hashPassword,
  needsRehash,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  SCRYPT_PARAMS,
  verifyPassword,
} from '@/lib/dashboard/passwords';
import type { Role } from '@/lib/dashboard/roles';
import {
  ABSOLUTE_SECONDS,
  cookieOptions,
  IDLE_SECONDS,
  INVALID_CREDENTIALS_MESSAGE,
  SESSION_COOKIE,
  sameOriginPost,
  sessionFromToken,
  setMode,
  signIn,
  signOut,
  signOutEverywhere,
} from '@/lib/dashboard/sessions';
import { createUser, disableUser, listUsers } from '@/lib/dashboard/users';
import { openDatabase } from '@/lib/db/client';
import {
  growingWait,
  SIGN_IN_ACCOUNT_FREE,
  SIGN_IN_ACCOUNT_MAX_WAIT,
  SIGN_IN_CLIENT_FREE,
  SIGN_IN_MAX_WAIT,
  SIGN_IN_MEMORY,
  SIGN_IN_PAIR_FREE,
} from '@/lib/domain/action-limits';
import { DomainError } from '@/lib/errors';
import { newMerchant, useDatabase } from './api';

const { db } = useDatabase();

const run = randomBytes(4).toString('hex');
let seq = 0;
/** An email and a client address no other test (or test file, on a shared PostgreSQL) uses. */
const uniqueEmail = (name = 'ana') => `${name}-${run}-${++seq}@shop.example`;
const uniqueAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${++seq % 250}`;
/** A clock of the test's own, far from the real one. */
const T0 = 2_000_000_000;

async function userWithPassword(password = 'correct horse battery', role: Role = 'owner') {
  const m = await newMerchant(db());
  const { user } = await createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail(), password, role });
  return { merchantId: m.merchant.id, user, password };
}

async function signedIn(now = T0) {
  const u = await userWithPassword();
  const r = await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now });
  if (!r.ok) throw new Error(r.message);
  return { ...u, token: r.token };
}

describe('passwords', () => {
  it('hashes with scrypt N=2^15, r=8, p=1, a 16-byte salt and a 32-byte key, written into the hash; verifies; prints the time', async () => {
    const times: number[] = [];
    let hash = '';
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      hash = await hashPassword('correct horse battery');
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `scrypt N=${SCRYPT_PARAMS.N} r=${SCRYPT_PARAMS.r} p=${SCRYPT_PARAMS.p}: ${times.map((t) => t.toFixed(0)).join(', ')} ms (median ${times[2]!.toFixed(0)} ms)`,
    );
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    // A new salt each time.
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verifies a hash made with other parameters (they are read from it), and asks for a re-hash of it', async () => {
    const salt = randomBytes(16);
    const key = await new Promise<Buffer>((ok, ko) => scrypt('old password 123', salt, 32, { N: 2 ** 14, r: 8, p: 1 }, (e, k) => (e ? ko(e) : ok(k))));
    const old = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('old password 123', old)).toBe(true);
    expect(await verifyPassword('old password 124', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('old password 123'))).toBe(false);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
  });

  it('an unreadable or outrageous hash matches nothing, quickly', async () => {
    const salt = randomBytes(16).toString('base64url');
    const key = randomBytes(32).toString('base64url');
    for (const bad of [
      '',
      'scrypt',
      `scrypt$32768$8$1$${salt}`,
      `scrypt$30000$8$1$${salt}$${key}`,
      `scrypt$1073741824$8$1$${salt}$${key}`,
      `scrypt$32768$8$99$${salt}$${key}`,
      `pbkdf2$32768$8$1$${salt}$${key}`,
    ])
      expect(await verifyPassword('anything at all', bad), bad).toBe(false);
    expect(await verifyPassword('anything at all', DUMMY_HASH)).toBe(false);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it('the same text composed or decomposed is the same password (NFC)', async () => {
    const hash = await hashPassword('café crème 2024'.normalize('NFD'));
    expect(await verifyPassword('café crème 2024'.normalize('NFC'), hash)).toBe(true);
  });

  it('policy: 10 to 200 characters (code points after NFC); generated passwords are 20 base62 characters', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([10, 200]);
    expect(passwordProblem('123456789')).toMatch(/at least 10 characters/);
    expect(passwordProblem('1234567890')).toBeNull();
    expect(passwordProblem('x'.repeat(200))).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toMatch(/at most 200 characters/);
    expect(passwordProblem('é'.normalize('NFD').repeat(10))).toBeNull(); // 10 characters, 20 code units before NFC
    expect(passwordProblem('😀'.repeat(9))).toMatch(/at least/); // 9 characters, 18 UTF-16 units
    const generated = new Set(Array.from({ length: 50 }, generatePassword));
    expect(generated.size).toBe(50);
    for (const p of generated) {
      expect(p).toMatch(/^[0-9A-Za-z]{20}$/);
      expect(passwordProblem(p)).toBeNull();
    }
  });
});

describe('users', () => {
  it('createUser: a user_ id, the email trimmed and lowercased, a generated password shown once; only its hash stored', async () => {
    const m = await newMerchant(db());
    const email = uniqueEmail('Ana');
    const r = await createUser(db(), { merchantId: m.merchant.id, email: `  ${email.toUpperCase()} ` }, T0);
    expect(r.user).toEqual({
      id: expect.stringMatching(/^user_[0-9A-Za-z]{22}$/),
      email: email.toLowerCase(),
      merchantId: m.merchant.id,
      role: 'owner',
      twoFactor: false,
      disabled: false,
      createdAt: T0,
    });
    expect(r.generated).toBe(true);
    expect(r.password).toMatch(/^[0-9A-Za-z]{20}$/);
    const [row] = await db().query<{ password_hash: string }>(`select password_hash from users where id = $1`, [r.user.id]);
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.password_hash).not.toContain(r.password);
    expect(await verifyPassword(r.password, row!.password_hash)).toBe(true);

    const chosen = await createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail(), password: 'my own choice!' });
    expect(chosen.generated).toBe(false);
    expect(chosen.password).toBe('my own choice!');
  });

  it('refuses a taken email whatever its case, a bad email, a weak password and an unknown merchant, each with a clear error', async () => {
    const m = await newMerchant(db());
    const other = await newMerchant(db());
    const email = uniqueEmail();
    await createUser(db(), { merchantId: m.merchant.id, email });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof DomainError ? { code: e.code, param: e.param, message: e.message } : e),
      );
    // Taken within the merchant, also in another case.
    expect(await refusal(createUser(db(), { merchantId: m.merchant.id, email: email.toUpperCase() }))).toEqual({
      code: 'email_taken',
      param: 'email',
      message: `'${email}' is already a user of this merchant.`,
    });
    // Another merchant may invite the same address: nothing tells it the address has an account elsewhere.
    expect((await createUser(db(), { merchantId: other.merchant.id, email: email.toUpperCase() })).user).toMatchObject({
      email,
      merchantId: other.merchant.id,
    });
    expect(await refusal(createUser(db(), { merchantId: m.merchant.id, email: 'not an email' }))).toMatchObject({ code: 'parameter_invalid', param: 'email' });
    expect(await refusal(createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail(), password: 'short' }))).toMatchObject({
      code: 'parameter_invalid',
      param: 'password',
      message: 'A password must have at least 10 characters.',
    });
    expect(await refusal(createUser(db(), { merchantId: 'acct_doesnotexist000000000', email: uniqueEmail() }))).toMatchObject({
      code: 'resource_missing',
      message: "No such merchant: 'acct_doesnotexist000000000'.",
    });
    expect((await listUsers(db(), other.merchant.id)).map((x) => x.email)).toEqual([email]);
  });

  it("listUsers: the merchant's users only, newest first, never a hash", async () => {
    const m = await newMerchant(db());
    const other = await newMerchant(db());
    const a = (await createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail() }, T0)).user;
    const b = (await createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail() }, T0)).user; // same second: by seq
    const c = (await createUser(db(), { merchantId: m.merchant.id, email: uniqueEmail() }, T0 + 5)).user;
    await createUser(db(), { merchantId: other.merchant.id, email: uniqueEmail() });
    const list = await listUsers(db(), m.merchant.id);
    expect(list).toEqual([c, b, a]);
    expect(JSON.stringify(list)).not.toContain('scrypt');
  });

  it('disableUser kills every session of the user at once, in the same statement; another merchant cannot disable it', async () => {
    // Not an owner: the merchant's last active owner cannot be disabled (test/dashboard-team.test.ts).
    const u = await userWithPassword(undefined, 'support');
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now: T0 });
      if (!r.ok) throw new Error(r.message);
      tokens.push(r.token);
    }
    for (const t of tokens) expect(await sessionFromToken(db(), t, T0 + 1)).not.toBeNull();

    const stranger = await newMerchant(db());
    await expect(disableUser(db(), stranger.merchant.id, u.user.id)).rejects.toMatchObject({ code: 'resource_missing' });
    expect(await sessionFromToken(db(), tokens[0]!, T0 + 1)).not.toBeNull();

    const r = await disableUser(db(), u.merchantId, u.user.id, undefined, T0 + 2);
    expect(r).toEqual({ user: { ...u.user, disabled: true }, sessionsRevoked: 2, keysRevoked: 0 });
    for (const t of tokens) expect(await sessionFromToken(db(), t, T0 + 3)).toBeNull();
    const rows = await db().query<{ revoked_at: number | null }>(`select revoked_at from dashboard_sessions where user_id = $1`, [u.user.id]);
    expect(rows.map((x) => x.revoked_at)).toEqual([T0 + 2, T0 + 2]);
    // Again: nothing changes, nothing to revoke.
    expect((await disableUser(db(), u.merchantId, u.user.id, undefined, T0 + 9)).sessionsRevoked).toBe(0);
    expect((await listUsers(db(), u.merchantId))[0]!.disabled).toBe(true);
  });
});

describe('sign-in', () => {
  it("signs in (email in any case), opens a test-mode session scoped to the user's merchant", async () => {
    const u = await userWithPassword();
    const r = await signIn(db(), { email: `  ${u.user.email.toUpperCase()}`, password: u.password, clientAddress: uniqueAddress(), now: T0 });
    expect(r).toEqual({ ok: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), user: u.user });
    const s = await sessionFromToken(db(), r.ok ? r.token : '', T0);
    expect(s).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
      user: u.user,
      merchantId: u.merchantId,
      livemode: false,
      timeZone: 'Africa/Abidjan',
      requireTwoFactor: false,
    });
  });

  it('the token is stored only as its SHA-256: no row of the table contains it', async () => {
    const s = await signedIn();
    const rows = await db().query(`select * from dashboard_sessions`);
    expect(JSON.stringify(rows)).not.toContain(s.token);
    const hash = createHash('sha256').update(s.token).digest('hex');
    expect(rows.filter((r) => r.token_hash === hash)).toHaveLength(1);
    // The hash itself is no cookie.
    expect(await sessionFromToken(db(), hash, T0)).toBeNull();
  });

  it('an unknown email, a wrong password and a disabled user get the same answer, after the same work', async () => {
    const u = await userWithPassword();
    const disabled = await userWithPassword(undefined, 'viewer');
    await disableUser(db(), disabled.merchantId, disabled.user.id);
    const attempt = (email: string, password: string) => signIn(db(), { email, password, clientAddress: uniqueAddress(), now: T0 });
    const refusal = { ok: false, reason: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE };
    expect(await attempt(u.user.email, 'wrong password!')).toEqual(refusal);
    expect(await attempt(uniqueEmail('nobody'), u.password)).toEqual(refusal);
    expect(await attempt('not even an email', u.password)).toEqual(refusal);
    expect(await attempt(disabled.user.email, disabled.password)).toEqual(refusal); // the right password
    expect(await attempt(disabled.user.email, 'wrong password!')).toEqual(refusal);
    expect(await db().query(`select 1 from dashboard_sessions where user_id = $1`, [disabled.user.id])).toEqual([]);

    // The same work: every refusal checks one password hash with scrypt, an unknown email against the
    // dummy hash (without it, an unknown email would answer in a few ms against ~60 for a wrong
    // password: a timing oracle). Counted, not timed (a timed test is a flaky test).
    const checked: string[] = [];
    const verify = async (password: string, encoded: string) => {
      checked.push(encoded === DUMMY_HASH ? 'dummy' : 'user');
      return verifyPassword(password, encoded);
    };
    const counted = (email: string, password: string) => signIn(db(), { email, password, clientAddress: uniqueAddress(), now: T0 }, { verify });
    const other = await userWithPassword();
    expect(await counted(other.user.email, 'wrong password!')).toEqual(refusal);
    expect(await counted(uniqueEmail('ghost'), 'wrong password!')).toEqual(refusal);
    expect(await counted('not even an email', 'wrong password!')).toEqual(refusal);
    expect(checked).toEqual(['user', 'dummy', 'dummy']);
  });

  it('one e-mail at two merchants: two accounts, each with its own password, and the password typed picks the account', async () => {
    const a = await newMerchant(db());
    const b = await newMerchant(db());
    const email = uniqueEmail('twoshops');
    const atA = await createUser(db(), { merchantId: a.merchant.id, email, role: 'developer' });
    const atB = await createUser(db(), { merchantId: b.merchant.id, email: email.toUpperCase() });
    expect(atB.user.id).not.toBe(atA.user.id);
    const checked: string[] = [];
    const verify = async (password: string, encoded: string) => {
      checked.push(encoded === DUMMY_HASH ? 'dummy' : 'user');
      return verifyPassword(password, encoded);
    };
    const as = (password: string) => signIn(db(), { email, password, clientAddress: uniqueAddress(), now: T0 }, { verify });
    const inA = await as(atA.password);
    const inB = await as(atB.password);
    expect(inA).toMatchObject({ ok: true, user: { id: atA.user.id, merchantId: a.merchant.id } });
    expect(inB).toMatchObject({ ok: true, user: { id: atB.user.id, merchantId: b.merchant.id } });
    expect(await sessionFromToken(db(), (inB as { token: string }).token, T0)).toMatchObject({ merchantId: b.merchant.id });
    // A wrong password: the one refusal, after a check of each account.
    checked.length = 0;
    expect(await as('wrong password!')).toEqual({ ok: false, reason: 'invalid_credentials', message: INVALID_CREDENTIALS_MESSAGE });
    expect(checked).toEqual(['user', 'user']);
    // A disabled account's password opens neither account.
    await disableUser(db(), a.merchant.id, atA.user.id);
    expect(await as(atA.password)).toMatchObject({ ok: false, reason: 'invalid_credentials' });
    expect((await as(atB.password)).ok).toBe(true);
    // A chosen password another account of the e-mail has would make sign-in ambiguous: refused.
    const c = await newMerchant(db());
    const chosen = await createUser(db(), { merchantId: c.merchant.id, email: uniqueEmail('chosen'), password: 'the same phrase twice' });
    const d = await newMerchant(db());
    await expect(createUser(db(), { merchantId: d.merchant.id, email: chosen.user.email, password: 'the same phrase twice' })).rejects.toMatchObject({
      code: 'parameter_invalid',
      param: 'password',
    });
    expect((await createUser(db(), { merchantId: d.merchant.id, email: chosen.user.email, password: 'another phrase, mine' })).user.merchantId).toBe(
      d.merchant.id,
    );
  });

  // A wrong password is wrong without scrypt's 60 ms (these tests count attempts, not hashes).
  const wrong = (email: string, clientAddress: string, now: number) =>
    signIn(db(), { email, password: 'wrong password!', clientAddress, now }, { verify: async () => false });

  it('the wait schedules: a pair 3 free then 5 s doubling to 15 min; an account 10 free then 1 s doubling to 60 s; a client 20 free then 5 s doubling to 15 min', () => {
    const schedule = (free: number, first: number, max: number) => Array.from({ length: 16 }, (_, n) => growingWait(n, free, first, max));
    expect(schedule(SIGN_IN_PAIR_FREE, 5, SIGN_IN_MAX_WAIT)).toEqual([0, 0, 0, 5, 10, 20, 40, 80, 160, 320, 640, 900, 900, 900, 900, 900]);
    expect(schedule(SIGN_IN_ACCOUNT_FREE, 1, SIGN_IN_ACCOUNT_MAX_WAIT)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32]);
    expect(growingWait(16, SIGN_IN_ACCOUNT_FREE, 1, SIGN_IN_ACCOUNT_MAX_WAIT)).toBe(60);
    expect(growingWait(1000, SIGN_IN_ACCOUNT_FREE, 1, SIGN_IN_ACCOUNT_MAX_WAIT)).toBe(60);
    expect([SIGN_IN_PAIR_FREE, SIGN_IN_ACCOUNT_FREE, SIGN_IN_CLIENT_FREE, SIGN_IN_MAX_WAIT, SIGN_IN_ACCOUNT_MAX_WAIT]).toEqual([3, 10, 20, 900, 60]);
  });

  it('one address guessing one account waits longer after each failure (3 free, then 5 s, 10 s...), a known or unknown account alike; the right password passes once the wait is over and forgets the failures', async () => {
    const u = await userWithPassword();
    for (const email of [u.user.email, uniqueEmail('ghost')]) {
      const address = uniqueAddress();
      for (let i = 0; i < SIGN_IN_PAIR_FREE; i++) expect(await wrong(email, address, T0)).toMatchObject({ reason: 'invalid_credentials' });
      // Even the right password waits: the wait says nothing about whether it was right.
      expect(await signIn(db(), { email: email.toUpperCase(), password: u.password, clientAddress: address, now: T0 + 4 })).toEqual({
        ok: false,
        reason: 'throttled',
        retryAfter: 1,
        message: 'Too many failed sign-in attempts. Try again in 1 second.',
      });
      // Refused attempts are not counted: the wait still ends 5 s after the third failure.
      expect(await wrong(email, address, T0 + 5)).toMatchObject({ reason: 'invalid_credentials' });
      expect(await wrong(email, address, T0 + 14)).toMatchObject({ reason: 'throttled', retryAfter: 1 }); // now 10 s
      expect(await wrong(email, address, T0 + 15)).toMatchObject({ reason: 'invalid_credentials' });
      expect(await wrong(email, address, T0 + 16)).toMatchObject({ reason: 'throttled', retryAfter: 19 }); // now 20 s
    }
    // The same account from another address is not slowed by this address's failures.
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now: T0 + 16 })).ok).toBe(true);
    // Up to 15 minutes, never more, and the right password then signs in from there, after which the
    // pair starts again from nothing
    const address = uniqueAddress();
    let now = T0 + 100;
    for (let i = 0; i < 14; i++) {
      expect(await wrong(u.user.email, address, now)).toMatchObject({ reason: 'invalid_credentials' });
      now += growingWait(i + 1, SIGN_IN_PAIR_FREE, 5, SIGN_IN_MAX_WAIT);
    }
    expect(await wrong(u.user.email, address, now - 1)).toMatchObject({ reason: 'throttled', retryAfter: 1 });
    expect(await signIn(db(), { email: u.user.email, password: u.password, clientAddress: address, now: now - 900 })).toMatchObject({
      reason: 'throttled',
      retryAfter: 900,
    });
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: address, now })).ok).toBe(true);
    // (the account, with 20 failures this hour, now makes each address that failed wait up to a minute).
    expect(await wrong(u.user.email, address, now)).toMatchObject({ reason: 'invalid_credentials' });
    expect(await wrong(u.user.email, address, now)).toMatchObject({ reason: 'throttled', retryAfter: SIGN_IN_ACCOUNT_MAX_WAIT });
  });

  it('failures from anywhere never lock the owner out: the right password from an address that has not failed signs in at once; an address that failed waits at most a minute for the account', async () => {
    const u = await userWithPassword();
    // 40 addresses, 2 failures each (under the pair's free allowance): 80 failures for the account.
    const attackers = Array.from({ length: 40 }, uniqueAddress);
    for (const a of attackers) for (let i = 0; i < 2; i++) expect(await wrong(u.user.email, a, T0 + 10)).toMatchObject({ ok: false });
    // Their guesses are slowed by the account's count: at most one a minute from all of them together.
    const next = await wrong(u.user.email, attackers[0]!, T0 + 10);
    expect(next).toMatchObject({ reason: 'throttled' });
    expect((next as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_MAX_WAIT);
    // The owner, from home (no failure there): in at once.
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now: T0 + 10 })).ok).toBe(true);
    // The owner from an address that mistyped once: its first failure is free of the account's count,
    // the next attempt waits the account's wait (a minute at most, not 15 minutes), then signs in.
    const typo = uniqueAddress();
    expect(await wrong(u.user.email, typo, T0 + 10)).toMatchObject({ reason: 'invalid_credentials' });
    const held = await signIn(db(), { email: u.user.email, password: u.password, clientAddress: typo, now: T0 + 10 });
    expect(held).toMatchObject({ reason: 'throttled' });
    const retryAfter = (held as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_MAX_WAIT);
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: typo, now: T0 + 10 + retryAfter })).ok).toBe(true);
  });

  it(`slows a client address after ${SIGN_IN_CLIENT_FREE} failures, all accounts together (an IPv6 /64 is one client); the accounts themselves are not blamed`, async () => {
    const u = await userWithPassword();
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < SIGN_IN_CLIENT_FREE; i++) {
      const r = await wrong(uniqueEmail('spray'), `${prefix}::${i + 1}`, T0 + i);
      expect(r).toMatchObject({ reason: 'invalid_credentials' });
    }
    const last = T0 + SIGN_IN_CLIENT_FREE - 1;
    const blocked = await signIn(db(), { email: u.user.email, password: u.password, clientAddress: `${prefix}::abcd`, now: last + 1 });
    expect(blocked).toEqual({ ok: false, reason: 'throttled', retryAfter: 4, message: 'Too many failed sign-in attempts. Try again in 4 seconds.' });
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now: last + 1 })).ok).toBe(true);
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: `${prefix}::1`, now: last + 5 })).ok).toBe(true);
    // Forgotten an hour after the last failure.
    expect(await wrong(uniqueEmail('spray'), `${prefix}::9`, last + 5 + SIGN_IN_MEMORY)).toMatchObject({ reason: 'invalid_credentials' });
  });

  it('successful sign-ins are not failures: they never throttle', async () => {
    const u = await userWithPassword();
    const address = uniqueAddress();
    for (let i = 0; i < SIGN_IN_CLIENT_FREE + 2; i++)
      expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: address, now: T0 + i })).ok).toBe(true);
  });

  it('parallel guesses from one address cannot exceed its free failures (each attempt is counted before its check)', async () => {
    const u = await userWithPassword();
    const address = uniqueAddress();
    const results = await Promise.all(Array.from({ length: 10 }, () => wrong(u.user.email, address, T0)));
    expect(results.filter((r) => !r.ok && r.reason === 'invalid_credentials')).toHaveLength(SIGN_IN_PAIR_FREE);
    expect(results.filter((r) => !r.ok && r.reason === 'throttled')).toHaveLength(10 - SIGN_IN_PAIR_FREE);
  });

  it('re-hashes a password stored with older parameters at the next successful sign-in', async () => {
    const u = await userWithPassword();
    const salt = randomBytes(16);
    const key = await new Promise<Buffer>((ok, ko) => scrypt(u.password, salt, 32, { N: 2 ** 14, r: 8, p: 1 }, (e, k) => (e ? ko(e) : ok(k))));
    await db().query(`update users set password_hash = $2 where id = $1`, [
      u.user.id,
      `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`,
    ]);
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now: T0 })).ok).toBe(true);
    const [row] = await db().query<{ password_hash: string }>(`select password_hash from users where id = $1`, [u.user.id]);
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await signIn(db(), { email: u.user.email, password: u.password, clientAddress: uniqueAddress(), now: T0 })).ok).toBe(true);
  });
});

describe('sessions', () => {
  const lastSeen = async (token: string) =>
    (
      await db().query<{ last_seen_at: number }>(`select last_seen_at from dashboard_sessions where token_hash = $1`, [
        createHash('sha256').update(token).digest('hex'),
      ])
    )[0]!.last_seen_at;

  it(`idle timeout: dead after ${IDLE_SECONDS / 3600} h unused; last_seen_at is written at most once a minute`, async () => {
    expect(IDLE_SECONDS).toBe(12 * 3600);
    const a = await signedIn(T0);
    expect(await sessionFromToken(db(), a.token, T0 + 59)).not.toBeNull();
    expect(await lastSeen(a.token)).toBe(T0); // under a minute: read only
    expect(await sessionFromToken(db(), a.token, T0 + 60)).not.toBeNull();
    expect(await lastSeen(a.token)).toBe(T0 + 60);
    expect(await sessionFromToken(db(), a.token, T0 + 60 + IDLE_SECONDS)).not.toBeNull(); // exactly 12 h idle: still alive
    expect(await sessionFromToken(db(), a.token, T0 + 60 + 2 * IDLE_SECONDS + 1)).toBeNull(); // 12 h + 1 s idle

    const b = await signedIn(T0);
    expect(await sessionFromToken(db(), b.token, T0 + IDLE_SECONDS + 1)).toBeNull();
    // Dead stays dead: the failed read did not touch it.
    expect(await lastSeen(b.token)).toBe(T0);
    expect(await sessionFromToken(db(), b.token, T0 + IDLE_SECONDS + 120)).toBeNull();
  });

  it(`absolute timeout: dead ${ABSOLUTE_SECONDS / 86400} days after sign-in however much it is used`, async () => {
    expect(ABSOLUTE_SECONDS).toBe(7 * 86400);
    const s = await signedIn(T0);
    for (let t = T0; t <= T0 + ABSOLUTE_SECONDS; t += 6 * 3600) expect(await sessionFromToken(db(), s.token, t), String(t - T0)).not.toBeNull();
    expect(await sessionFromToken(db(), s.token, T0 + ABSOLUTE_SECONDS)).not.toBeNull();
    expect(await sessionFromToken(db(), s.token, T0 + ABSOLUTE_SECONDS + 1)).toBeNull();
  });

  it('sign-out: a stolen copy of the cookie is useless afterwards', async () => {
    const s = await signedIn(T0);
    const stolen = s.token;
    expect(await signOut(db(), s.token, T0 + 5)).toBe(true);
    expect(await sessionFromToken(db(), stolen, T0 + 6)).toBeNull();
    expect(await setMode(db(), stolen, true, T0 + 6)).toBe(false);
    expect(await signOut(db(), stolen, T0 + 7)).toBe(false);
    expect(await sessionFromToken(db(), 'garbage', T0)).toBeNull();
    expect(await sessionFromToken(db(), undefined, T0)).toBeNull();
    expect(await sessionFromToken(db(), randomBytes(32).toString('base64url'), T0)).toBeNull();
  });

  it('sign out everywhere ends every session of the user, and only of that user', async () => {
    const s = await signedIn(T0);
    const other = await signedIn(T0);
    const more: string[] = [s.token];
    for (let i = 0; i < 2; i++) {
      const r = await signIn(db(), { email: s.user.email, password: s.password, clientAddress: uniqueAddress(), now: T0 });
      if (r.ok) more.push(r.token);
    }
    expect(await signOutEverywhere(db(), s.user.id, T0 + 1)).toBe(3);
    for (const t of more) expect(await sessionFromToken(db(), t, T0 + 2)).toBeNull();
    expect(await sessionFromToken(db(), other.token, T0 + 2)).not.toBeNull();
    expect(await signOutEverywhere(db(), s.user.id, T0 + 3)).toBe(0);
    // A new sign-in works again.
    expect((await signIn(db(), { email: s.user.email, password: s.password, clientAddress: uniqueAddress(), now: T0 + 4 })).ok).toBe(true);
  });

  it('setMode switches this session between test and live, and only this one', async () => {
    const s = await signedIn(T0);
    const r = await signIn(db(), { email: s.user.email, password: s.password, clientAddress: uniqueAddress(), now: T0 });
    const second = r.ok ? r.token : '';
    expect(await setMode(db(), s.token, true, T0 + 1)).toBe(true);
    expect((await sessionFromToken(db(), s.token, T0 + 2))!.livemode).toBe(true);
    expect((await sessionFromToken(db(), second, T0 + 2))!.livemode).toBe(false);
    expect(await setMode(db(), s.token, false, T0 + 3)).toBe(true);
    expect((await sessionFromToken(db(), s.token, T0 + 4))!.livemode).toBe(false);
    expect(await setMode(db(), s.token, true, T0 + IDLE_SECONDS + 1)).toBe(false); // an idle-dead session
    expect(await setMode(db(), randomBytes(32).toString('base64url'), true, T0)).toBe(false);
  });

  it('the cookie: caisse_session, HttpOnly, SameSite=Lax, Secure over https, under /dashboard, for the absolute lifetime', () => {
    expect(SESSION_COOKIE).toBe('caisse_session');
    expect(cookieOptions(true)).toEqual({ httpOnly: true, sameSite: 'lax', secure: true, path: '/dashboard', maxAge: 7 * 86400 });
    expect(cookieOptions(false).secure).toBe(false);
  });
});

describe('sameOriginPost', () => {
  const check = (h: Record<string, string>, opts?: { allowedOrigins?: string[] }) => sameOriginPost(new Headers(h), opts);
  const next = { host: 'shop.example:3000', 'x-forwarded-host': 'shop.example:3000', 'x-forwarded-proto': 'http' };

  it("Origin must be the request's own origin (scheme, host and port)", () => {
    expect(check({ ...next, origin: 'http://shop.example:3000' })).toBe(true);
    expect(check({ ...next, origin: 'http://SHOP.example:3000' })).toBe(true);
    expect(check({ ...next, origin: 'https://evil.example' })).toBe(false);
    expect(check({ ...next, origin: 'http://shop.example:3001' })).toBe(false);
    expect(check({ ...next, origin: 'https://shop.example:3000' })).toBe(false); // another scheme
    expect(check({ ...next, origin: 'http://sub.shop.example:3000' })).toBe(false);
    expect(check({ ...next, origin: 'null' })).toBe(false);
    // An Origin that disagrees wins over a Sec-Fetch-Site or Referer that agrees.
    expect(check({ ...next, origin: 'https://evil.example', 'sec-fetch-site': 'same-origin', referer: 'http://shop.example:3000/dashboard' })).toBe(false);
  });

  it('behind a proxy: the forwarded host and scheme; default ports; allowedOrigins', () => {
    const proxied = { host: '127.0.0.1:3000', 'x-forwarded-host': 'pay.shop.example', 'x-forwarded-proto': 'https' };
    expect(check({ ...proxied, origin: 'https://pay.shop.example' })).toBe(true);
    expect(check({ ...proxied, origin: 'http://127.0.0.1:3000' })).toBe(false);
    expect(check({ host: 'pay.shop.example:443', 'x-forwarded-proto': 'https', origin: 'https://pay.shop.example' })).toBe(true);
    expect(check({ host: 'shop.example', origin: 'http://shop.example' })).toBe(true); // no X-Forwarded-*: Host over http
    // A TLS proxy that does not say so: the operator names the public origin.
    const bare = { host: 'pay.shop.example', 'x-forwarded-proto': 'http', origin: 'https://pay.shop.example' };
    expect(check(bare)).toBe(false);
    expect(check(bare, { allowedOrigins: ['https://pay.shop.example/'] })).toBe(true);
  });

  it('without Origin: Sec-Fetch-Site must be same-origin; without both, the Referer must be same-origin; nothing at all is refused', () => {
    expect(check({ ...next, 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(check({ ...next, 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(check({ ...next, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(check({ ...next, 'sec-fetch-site': 'none' })).toBe(false);
    expect(check({ ...next, 'sec-fetch-site': 'cross-site', referer: 'http://shop.example:3000/dashboard' })).toBe(false);
    expect(check({ ...next, referer: 'http://shop.example:3000/dashboard/payments?x=1' })).toBe(true);
    expect(check({ ...next, referer: 'http://evil.example/shop.example:3000' })).toBe(false);
    expect(check({ ...next, referer: 'not a url' })).toBe(false);
    expect(check({ ...next })).toBe(false);
    expect(check({ origin: 'http://shop.example' })).toBe(false); // no Host to compare with
  });
});

describe.runIf(!process.env.DATABASE_URL)('the demo start', () => {
  it('creates the demo merchant with a dashboard user, prints its email and password next to the key, and signs in with them', async () => {
    const { ensureDemo, demoBanner, DEMO_USER_EMAIL } = await import('@/lib/boot');
    const h = await openDatabase({ dataDir: 'memory' });
    try {
      const demo = await ensureDemo(h.db);
      expect(demo).not.toBeNull();
      expect(demo!.user).toEqual({ id: expect.stringMatching(/^user_/), email: DEMO_USER_EMAIL, password: expect.stringMatching(/^[0-9A-Za-z]{20}$/) });
      const banner = demoBanner(demo!, 'http://localhost:3000');
      expect(banner).toContain(`test API key:  ${demo!.keys.test}`);
      expect(banner).toContain('dashboard:     http://localhost:3000/dashboard');
      expect(banner).toContain(`email:       ${DEMO_USER_EMAIL}`);
      expect(banner).toContain(`password:    ${demo!.user.password}`);
      const r = await signIn(h.db, { email: DEMO_USER_EMAIL, password: demo!.user.password, clientAddress: '127.0.0.1', now: T0 });
      expect(r.ok && r.user.merchantId).toBe(demo!.merchant.id);
      expect(await ensureDemo(h.db)).toBeNull(); // only on an empty database
    } finally {
      await h.close();
    }
  });
});
