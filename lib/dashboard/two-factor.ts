// Two-factor sign-in (issue 29): TOTP (RFC 6238; HMAC-SHA1, 6 digits, 30 s steps, what every
// authenticator app reads from an otpauth:// QR code) through the `otpauth` library, plus ten
// recovery codes.
//
//  - The secret is sealed at rest with the deployment's key ring (lib/secrets.ts, as rail accounts'
//    secrets are), bound to its user (`totp:<user id>`; a pending one to `totp-pending:<user id>`),
//    so a copied row opens for no one else. It is shown only on the enrol page, until a first code
//    confirms it; never logged (nothing here logs).
//  - A code is accepted within ±1 step (a phone's clock a little off, a code typed as it changes);
//    the step it matched is stored (users.totp_last_step) and a code of that step or an earlier one
//    is refused: a code seen over a shoulder or replayed from a log signs in nobody. The update that
//    stores it is conditional (`totp_last_step < step`), so two requests racing with one code get one
//    success.
//  - Recovery codes: 80 random bits each (16 base32 characters, shown in groups of four), only their
//    SHA-256 stored, each used once (a conditional update: two requests with one code, one success).
//  - The second step of sign-in takes a challenge (sessions.ts createChallenge: five minutes, a
//    server-side row, not a session) and a code; the attempts are throttled exactly as passwords are
//    (lib/domain/action-limits.ts, sign_in_failures), under the account key `2fa:<user id>`, and a
//    challenge dies after CHALLENGE_MAX_FAILURES wrong codes (the password is asked again, and it is
//    throttled too); and ACCOUNT_CODE_FAILURES wrong codes from anywhere make every code wait.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { config } from '../config';
import type { Db } from '../db/client';
import { forgiveSignInAttempt, takeSignInAttempt } from '../domain/action-limits';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../domain/audit';
import { DomainError, notFound } from '../errors';
import { nowSeconds } from '../ids';
import { keyRing, open, SecretsError, seal } from '../secrets';
import { verifyPassword } from './passwords';
import { hashToken, openSession, waitText } from './sessions';
import { toUser, USER_COLUMNS, type User, type UserRow } from './users';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are accepted: ±1 (30 s). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one challenge takes before it is dropped (sign in with the password again). */
export const CHALLENGE_MAX_FAILURES = 5;
/**
 * Wrong codes an account takes from everywhere within ACCOUNT_CODE_WINDOW before every code waits
 * (whoever has the password cannot spread guesses over many addresses and challenges): 20 in 15 min.
 * The owner who knows the code waits too (the password is known elsewhere: a reason to change it).
 */
export const ACCOUNT_CODE_FAILURES = 20;
export const ACCOUNT_CODE_WINDOW = 900;
/** The cookie that holds a challenge's token (path: the sign-in pages only, five minutes). */
export const CHALLENGE_COOKIE = 'caisse_2fa';
/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Caisse';

// ---------------------------------------------------------------------------------------------
// TOTP itself.

export interface TotpOptions {
  algorithm?: 'SHA1' | 'SHA256' | 'SHA512';
  digits?: number;
  window?: number;
}

/** The time step of `now` (unix seconds). */
export const stepOf = (now: number): number => Math.floor(now / TOTP_PERIOD);

/** The code of `secret` at `now` (unix seconds). */
export function totpCode(secret: Secret, now: number, opts: TotpOptions = {}): string {
  return TOTP.generate({ secret, algorithm: opts.algorithm ?? 'SHA1', digits: opts.digits ?? TOTP_DIGITS, period: TOTP_PERIOD, timestamp: now * 1000 });
}

/**
 * The step `code` is the code of, within `window` steps of `now`, or null. Only digits of the right
 * length are tried (the library compares in constant time).
 */
export function totpStep(secret: Secret, code: string, now: number, opts: TotpOptions = {}): number | null {
  const digits = opts.digits ?? TOTP_DIGITS;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret,
    algorithm: opts.algorithm ?? 'SHA1',
    digits,
    period: TOTP_PERIOD,
    timestamp: now * 1000,
    window: opts.window ?? TOTP_WINDOW,
  });
  return delta === null ? null : stepOf(now) + delta;
}

/** What the user types, tidied: spaces and dashes out, letters uppercased (recovery codes). */
const tidy = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase().slice(0, 64);

/** The otpauth:// URI the QR code carries (issuer, the user's e-mail, the secret). */
export function otpauthUri(secretBase32: string, email: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
  }).toString();
}

/** The secret in groups of four, for typing into an app by hand. */
export const groupSecret = (base32: string): string => base32.replace(/(.{4})(?=.)/g, '$1 ');

// ---------------------------------------------------------------------------------------------
// Sealing.

function ring() {
  const cfg = config();
  const r = keyRing({ env: cfg.CAISSE_ENCRYPTION_KEY, dataDir: cfg.DATA_DIR, embedded: !cfg.DATABASE_URL });
  if (!r) throw new DomainError('two_factor_unavailable', 'Two-factor sign-in needs CAISSE_ENCRYPTION_KEY on this deployment (see the README).');
  return r;
}

const aad = (userId: string, pending: boolean) => `${pending ? 'totp-pending' : 'totp'}:${userId}`;

function openSecret(sealed: string, userId: string, pending: boolean): Secret {
  try {
    return Secret.fromBase32(open(ring(), sealed, aad(userId, pending)));
  } catch (err) {
    if (err instanceof SecretsError) throw new SecretsError(`the two-factor secret of ${userId} cannot be opened: ${err.message}`);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Enrolment.

export interface Enrolment {
  /** Base32, for the enrol page only. */
  secret: string;
  uri: string;
}

/**
 * Start (or restart) enrolment: a new 160-bit secret (RFC 4226's recommended length), sealed as the
 * user's pending one. Refused with `two_factor_enabled` when two-factor sign-in is already on.
 */
export async function startEnrolment(db: Db, user: Pick<User, 'id' | 'email'>, now = nowSeconds()): Promise<Enrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const rows = await db.query(`update users set totp_pending = $2, updated_at = $3 where id = $1 and totp_secret is null returning 1`, [
    user.id,
    seal(ring(), secret, aad(user.id, true)),
    now,
  ]);
  if (!rows.length) throw new DomainError('two_factor_enabled', 'Two-factor sign-in is already on.');
  return { secret, uri: otpauthUri(secret, user.email) };
}

/** The enrolment in progress (for the enrol page), or null. */
export async function pendingEnrolment(db: Db, user: Pick<User, 'id' | 'email'>): Promise<Enrolment | null> {
  const [row] = await db.query<{ totp_pending: string | null; totp_secret: string | null }>(`select totp_pending, totp_secret from users where id = $1`, [
    user.id,
  ]);
  if (!row?.totp_pending || row.totp_secret) return null;
  const secret = openSecret(row.totp_pending, user.id, true).base32;
  return { secret, uri: otpauthUri(secret, user.email) };
}

/** Ten new recovery codes: their text (shown once) and what is stored (SHA-256 of the tidy form). */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 characters: no 0/O, 1/I
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    const bytes = randomBytes(16);
    const raw = [...bytes].map((b) => alphabet[b & 31]).join('');
    codes.push(raw.replace(/(.{4})(?=.)/g, '$1-'));
  }
  return { codes, hashes: codes.map((c) => recoveryHash(tidy(c))) };
}

const recoveryHash = (tidyCode: string): string => createHash('sha256').update(`caisse-recovery:${tidyCode}`).digest('hex');

/**
 * Confirm enrolment with a first code of the pending secret: two-factor sign-in is on from now, the
 * step of that code counts as used, and ten recovery codes are made (returned once; any older ones
 * are gone). `invalid_code` when the code is not the secret's (nothing changes).
 */
export async function confirmEnrolment(
  db: Db,
  userId: string,
  proof: { code: string; password: string; clientAddress: string | null; keepSession?: string },
  actor: Actor | null = null,
  now = nowSeconds(),
): Promise<{ recoveryCodes: string[] }> {
  const code = proof.code;
  const [row] = await db.query<{ totp_pending: string | null; totp_secret: string | null; merchant_id: string; email: string; password_hash: string }>(
    `select totp_pending, totp_secret, merchant_id, email, password_hash from users where id = $1`,
    [userId],
  );
  if (row?.totp_secret) throw new DomainError('two_factor_enabled', 'Two-factor sign-in is already on.');
  if (!row?.totp_pending) throw new DomainError('no_enrolment', 'Start again: no two-factor set-up is in progress.');
  // The password too, throttled as a sign-in: a stolen session alone cannot tie the account to
  // another authenticator (and so lock its owner out).
  const who = { account: `2fa:${userId}`, client: proof.clientAddress };
  await takeProofAttempt(db, who, now);
  if (!(await verifyPassword(proof.password, row.password_hash))) throw new DomainError('wrong_password', 'That password is not right.', 'password');
  await forgiveSignInAttempt(db, who);
  const secret = openSecret(row.totp_pending, userId, true);
  const step = totpStep(secret, code.replace(/\s/g, ''), now);
  if (step === null) throw new DomainError('invalid_code', 'That code is not right: type the 6 digits the app shows now.', 'code');
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const done = await tx.query(
      `update users set totp_secret = $3, totp_pending = null, totp_enabled_at = $4, totp_last_step = $5, updated_at = $4
       where id = $1 and totp_pending = $2 and totp_secret is null returning 1`,
      [userId, row.totp_pending, seal(ring(), secret.base32, aad(userId, false)), now, step],
    );
    if (!done.length) throw new DomainError('no_enrolment', 'Start again: no two-factor set-up is in progress.');
    await tx.query(`delete from user_recovery_codes where user_id = $1`, [userId]);
    await tx.query(`insert into user_recovery_codes (user_id, code_hash, created_at) select $1, h, $3 from unnest($2::text[]) h`, [userId, hashes, now]);
    await endOtherSessions(tx, userId, proof.keepSession, now);
    await auditTwoFactor(tx, { id: userId, merchantId: row.merchant_id, email: row.email }, actor, true, now);
  });
  return { recoveryCodes: codes };
}

/** Unused recovery codes left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(`select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is null`, [userId]);
  return Number(r?.n ?? 0);
}

/**
 * Is `code` a valid second factor of `userId` now: a TOTP code of a step after the last one used
 * (which it then becomes), or an unused recovery code (which is then used)? Each success is a
 * conditional update, so a code works once even when two requests race.
 */
export async function checkSecondFactor(db: Db, userId: string, code: string, now = nowSeconds()): Promise<'totp' | 'recovery' | null> {
  const typed = tidy(code);
  if (/^\d{6}$/.test(typed)) {
    const [row] = await db.query<{ totp_secret: string | null }>(`select totp_secret from users where id = $1`, [userId]);
    if (!row?.totp_secret) return null;
    const step = totpStep(openSecret(row.totp_secret, userId, false), typed, now);
    if (step === null) return null;
    const used = await db.query(
      `update users set totp_last_step = $2 where id = $1 and totp_secret is not null and (totp_last_step is null or totp_last_step < $2) returning 1`,
      [userId, step],
    );
    return used.length ? 'totp' : null;
  }
  if (!/^[A-Z2-9]{16}$/.test(typed)) return null;
  const used = await db.query(`update user_recovery_codes set used_at = $3 where user_id = $1 and code_hash = $2 and used_at is null returning 1`, [
    userId,
    recoveryHash(typed),
    now,
  ]);
  return used.length ? 'recovery' : null;
}

/**
 * Turn two-factor sign-in off: proven by a current code (or a recovery code) or by the password.
 * Throttled as a sign-in (a stolen session cannot guess its way to turning it off). The secret, its
 * last step and the recovery codes are gone.
 */
export async function disableTwoFactor(
  db: Db,
  userId: string,
  proof: { code?: string; password?: string; clientAddress: string | null; keepSession?: string },
  actor: Actor | null = null,
  now = nowSeconds(),
): Promise<void> {
  const who = { account: `2fa:${userId}`, client: proof.clientAddress };
  await takeProofAttempt(db, who, now);
  let ok = false;
  if (proof.code?.trim()) ok = (await checkSecondFactor(db, userId, proof.code, now)) !== null;
  else if (proof.password) {
    const [row] = await db.query<{ password_hash: string }>(`select password_hash from users where id = $1`, [userId]);
    ok = !!row && (await verifyPassword(proof.password, row.password_hash));
  }
  const [user] = await db.query<{ merchant_id: string; email: string }>(`select merchant_id, email from users where id = $1`, [userId]);
  if (!ok) throw new DomainError('invalid_code', 'That code or password is not right.', 'code');
  await forgiveSignInAttempt(db, who);
  await db.transaction(async (tx) => {
    await tx.query(`update users set totp_secret = null, totp_pending = null, totp_enabled_at = null, totp_last_step = null, updated_at = $2 where id = $1`, [
      userId,
      now,
    ]);
    await tx.query(`delete from user_recovery_codes where user_id = $1`, [userId]);
    await endOtherSessions(tx, userId, proof.keepSession, now);
    if (user)
      await auditTwoFactor(
        tx,
        { id: userId, merchantId: user.merchant_id, email: user.email },
        actor ?? { ...selfActor(userId, user.email), ip: proof.clientAddress },
        false,
        now,
      );
  });
}

const selfActor = (id: string, email: string): Actor => ({ type: 'user', id, label: email });

/**
 * Count an attempt at a proof (a password, a code) of the account `who` names, before it is checked,
 * as a sign-in is (forgiveSignInAttempt once it holds); `throttled` with `retryAfter` when it must wait.
 */
async function takeProofAttempt(db: Db, who: { account: string; client: string | null }, now: number): Promise<void> {
  const wait = await takeSignInAttempt(db, who, now);
  if (wait > 0) throw Object.assign(new DomainError('throttled', `Too many wrong codes or passwords. Try again in ${waitText(wait)}.`), { retryAfter: wait });
}

/**
 * Ten new recovery codes for a user whose two-step sign-in is on (returned once; the old ones, used
 * or not, stop working): for one who used some, or fears they were seen. Proven by the password and
 * a current code of the app (not a recovery code: whoever lost the app turns two-step sign-in off
 * with one and sets it up again), throttled as a sign-in; the code's step counts as used. The
 * user's other sessions end (one a seen code opened among them); the secret stays.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: string,
  proof: { code: string; password: string; clientAddress: string | null; keepSession?: string },
  actor: Actor | null = null,
  now = nowSeconds(),
): Promise<{ recoveryCodes: string[] }> {
  const [row] = await db.query<{ totp_secret: string | null; merchant_id: string; email: string; password_hash: string }>(
    `select totp_secret, merchant_id, email, password_hash from users where id = $1`,
    [userId],
  );
  if (!row?.totp_secret) throw new DomainError('two_factor_off', 'Two-step sign-in is off: there are no recovery codes to replace.');
  const who = { account: `2fa:${userId}`, client: proof.clientAddress };
  await takeProofAttempt(db, who, now);
  if (!(await verifyPassword(proof.password, row.password_hash))) throw new DomainError('wrong_password', 'That password is not right.', 'password');
  const typed = tidy(proof.code);
  if (!/^\d{6}$/.test(typed) || (await checkSecondFactor(db, userId, typed, now)) !== 'totp')
    throw new DomainError('invalid_code', 'That code is not right: type the 6 digits the app shows now.', 'code');
  await forgiveSignInAttempt(db, who);
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    // Under the user's row: two regenerations at once leave one set, the last one's.
    const [still] = await tx.query<{ on: boolean }>(`select totp_secret is not null as on from users where id = $1 for update`, [userId]);
    if (!still?.on) throw new DomainError('two_factor_off', 'Two-step sign-in is off: there are no recovery codes to replace.');
    const left = await recoveryCodesLeft(tx, userId);
    await tx.query(`delete from user_recovery_codes where user_id = $1`, [userId]);
    await tx.query(`insert into user_recovery_codes (user_id, code_hash, created_at) select $1, h, $3 from unnest($2::text[]) h`, [userId, hashes, now]);
    // Codes that may have been seen may have opened a session already: it ends (this one goes on).
    await endOtherSessions(tx, userId, proof.keepSession, now);
    await recordAudit(tx, {
      merchantId: row.merchant_id,
      livemode: true,
      actor: actor ?? { ...selfActor(userId, row.email), ip: proof.clientAddress },
      action: 'user.recovery_codes_regenerated',
      target: { object: 'user', id: userId },
      changes: { before: { recoveryCodesLeft: left }, after: { recoveryCodesLeft: RECOVERY_CODE_COUNT } },
      now,
    });
  });
  return { recoveryCodes: codes };
}

/**
 * An owner (users.manage, the Users page) turns off another user's two-step sign-in: for one who
 * lost both their phone and their recovery codes. The owner proves it is her: her password, and her
 * own code when her two-step sign-in is on (a stolen session alone resets no one), throttled as a
 * sign-in under her account. The secret (and one being set up) and the codes are gone, every session
 * and pending sign-in of the user ends at once; they sign in with their password and, where the
 * merchant requires two-step sign-in of their role, must set it up again before any other page. Not
 * one's own (My account turns it off), nor a disabled user, nor another merchant's
 * (resource_missing). Audited user.two_factor_reset with the user's role then; every owner sees a
 * banner when it was an owner or an admin (lib/dashboard/banners.ts).
 */
export async function resetTwoFactor(
  db: Db,
  merchantId: string,
  userId: string,
  proof: { password: string; code?: string; clientAddress: string | null },
  actor: Actor,
  now = nowSeconds(),
): Promise<{ email: string }> {
  const target = async (tx: Db, lock: boolean) => {
    const [row] = await tx.query<{ email: string; role: string | null; on: boolean; disabled: boolean }>(
      `select email, role, totp_secret is not null as on, disabled_at is not null as disabled from users where id = $1 and merchant_id = $2${lock ? ' for update' : ''}`,
      [userId, merchantId],
    );
    if (!row) throw notFound('user', userId);
    if (actor.type === 'user' && actor.id === userId)
      throw new DomainError('own_two_factor', 'Your own two-step sign-in is turned off from My account (with a code or your password).', 'userId');
    if (row.disabled) throw new DomainError('user_disabled', `${row.email} is disabled: there is nothing to reset.`, 'userId');
    if (!row.on) throw new DomainError('two_factor_off', `${row.email} has no two-step sign-in to reset.`, 'userId');
    return row;
  };
  await target(db, false);
  await proveItIsThem(db, actor, proof, now);
  return db.transaction(async (tx) => {
    const row = await target(tx, true);
    await tx.query(`update users set totp_secret = null, totp_pending = null, totp_enabled_at = null, totp_last_step = null, updated_at = $2 where id = $1`, [
      userId,
      now,
    ]);
    await tx.query(`delete from user_recovery_codes where user_id = $1`, [userId]);
    await tx.query(`delete from sign_in_challenges where user_id = $1`, [userId]);
    await endOtherSessions(tx, userId, undefined, now);
    const role = row.role ?? 'owner';
    await recordAudit(tx, {
      merchantId,
      livemode: true,
      actor,
      action: 'user.two_factor_reset',
      target: { object: 'user', id: userId },
      changes: { before: { twoFactor: true, role }, after: { twoFactor: false, role } },
      now,
    });
    return { email: row.email };
  });
}

/**
 * The one acting is who the session says: her password, and a current code (or a recovery code)
 * when her own two-step sign-in is on; throttled as a sign-in under her `2fa:` account (counted
 * before the checks, forgiven when both pass). `wrong_password`, `invalid_code`, `throttled`.
 */
async function proveItIsThem(db: Db, actor: Actor, proof: { password: string; code?: string; clientAddress: string | null }, now: number): Promise<void> {
  if (actor.type !== 'user' || !actor.id) throw new DomainError('wrong_password', 'Only a signed-in user can do this.', 'password');
  const [me] = await db.query<{ password_hash: string; on: boolean }>(`select password_hash, totp_secret is not null as on from users where id = $1`, [
    actor.id,
  ]);
  if (!me) throw new DomainError('wrong_password', 'That password is not right.', 'password');
  const who = { account: `2fa:${actor.id}`, client: proof.clientAddress };
  await takeProofAttempt(db, who, now);
  if (!(await verifyPassword(proof.password, me.password_hash))) throw new DomainError('wrong_password', 'That password is not right.', 'password');
  if (me.on && (await checkSecondFactor(db, actor.id, proof.code ?? '', now)) === null)
    throw new DomainError('invalid_code', 'That code is not right: type the 6 digits the app shows now, or a recovery code.', 'code');
  await forgiveSignInAttempt(db, who);
}

/** A change of the second factor ends the user's other sessions (the one that made it goes on, when named). */
async function endOtherSessions(tx: Db, userId: string, keep: string | undefined, now: number): Promise<void> {
  await tx.query(`update dashboard_sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and token_hash is distinct from $3`, [
    userId,
    now,
    keep ? hashToken(keep) : null,
  ]);
}

/** user.two_factor_changed, in the change's transaction: on (enrolled) or off; never the secret. */
function auditTwoFactor(tx: Db, user: { id: string; merchantId: string; email: string }, actor: Actor | null, on: boolean, now: number) {
  return recordAudit(tx, {
    merchantId: user.merchantId,
    livemode: true,
    actor: actor ?? selfActor(user.id, user.email),
    action: 'user.two_factor_changed',
    target: { object: 'user', id: user.id },
    changes: { before: { twoFactor: !on }, after: { twoFactor: on } },
    now,
  });
}

// ---------------------------------------------------------------------------------------------
// The second step of sign-in.

/** The user a live challenge token names (enabled, with two-factor on), or null. */
export async function challengeUser(db: Db, token: string | null | undefined, now = nowSeconds()): Promise<User | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await db.query<UserRow>(
    `select ${USER_COLUMNS.split(', ')
      .map((c) => `u.${c}`)
      .join(', ')}
     from sign_in_challenges c join users u on u.id = c.user_id
     where c.token_hash = $1 and c.expires_at > $2 and u.disabled_at is null and u.totp_secret is not null`,
    [hashToken(token), now],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

export type SecondFactorResult =
  | { ok: true; token: string; user: User; used: 'totp' | 'recovery' }
  /** No such challenge, expired, used up, or its user disabled: sign in with the password again. */
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'invalid_code' }
  | { ok: false; reason: 'throttled'; retryAfter: number };

/**
 * The second step: the challenge's user typed `code`. Throttled like the password (counted before
 * the check, forgiven on success). Right: the challenge is gone and a session is opened. Wrong: the
 * challenge counts it and dies at CHALLENGE_MAX_FAILURES.
 */
/**
 * The account-wide cap on wrong codes, from the audit log's own lines (user.sign_in_failed with a
 * wrong code, this user, the last ACCOUNT_CODE_WINDOW seconds): seconds to wait, or 0.
 */
async function accountCodeWait(db: Db, user: User, now: number): Promise<number> {
  const rows = await db.query<{ created_at: number }>(
    `select created_at from audit_events
      where merchant_id = $1 and action = 'user.sign_in_failed' and target_id = $2 and created_at > $3
        and changes -> 'after' ->> 'secondFactor' = 'wrong_code'
      order by created_at desc limit ${ACCOUNT_CODE_FAILURES}`,
    [user.merchantId, user.id, now - ACCOUNT_CODE_WINDOW],
  );
  if (rows.length < ACCOUNT_CODE_FAILURES) return 0;
  // Until the oldest of the last ACCOUNT_CODE_FAILURES leaves the window.
  return Math.max(1, Number(rows[rows.length - 1]!.created_at) + ACCOUNT_CODE_WINDOW - now);
}

export async function verifySecondFactor(
  db: Db,
  input: { challenge: string; code: string; clientAddress: string | null; now?: number },
): Promise<SecondFactorResult> {
  const now = input.now ?? nowSeconds();
  const user = await challengeUser(db, input.challenge, now);
  if (!user) return { ok: false, reason: 'expired' };
  const who = { account: `2fa:${user.id}`, client: input.clientAddress };
  const wait = await takeSignInAttempt(db, who, now);
  if (wait > 0) return { ok: false, reason: 'throttled', retryAfter: wait };
  const capped = await accountCodeWait(db, user, now);
  if (capped > 0) return { ok: false, reason: 'throttled', retryAfter: capped };
  const used = await checkSecondFactor(db, user.id, input.code, now);
  const audit = (action: 'user.signed_in' | 'user.sign_in_failed', secondFactor: string) =>
    recordAudit(db, {
      merchantId: user.merchantId,
      livemode: true,
      actor: { type: 'user', id: user.id, label: user.email, ip: input.clientAddress },
      action,
      target: { object: 'user', id: user.id },
      changes: { after: { secondFactor } },
      now,
    });
  if (!used) {
    await audit('user.sign_in_failed', 'wrong_code');
    // Two statements: one statement cannot both update a row and delete it.
    const [c] = await db.query<{ failures: number }>(`update sign_in_challenges set failures = failures + 1 where token_hash = $1 returning failures`, [
      hashToken(input.challenge),
    ]);
    if (c && Number(c.failures) >= CHALLENGE_MAX_FAILURES) await db.query(`delete from sign_in_challenges where token_hash = $1`, [hashToken(input.challenge)]);
    return { ok: false, reason: 'invalid_code' };
  }
  await forgiveSignInAttempt(db, who);
  // The challenge is taken once (of two right codes racing on one challenge, one opens a session),
  // and the session opened, under a share lock of the user's row re-read: a reset of their two-step
  // sign-in or a disable (which lock it to end the sessions) either comes first, and nothing opens,
  // or after, and ends this session too.
  const token = await db.transaction(async (tx) => {
    const [still] = await tx.query(`select 1 from users where id = $1 and disabled_at is null and totp_secret is not null for share`, [user.id]);
    if (!still) return null;
    const taken = await tx.query(`delete from sign_in_challenges where token_hash = $1 returning 1`, [hashToken(input.challenge)]);
    return taken.length ? openSession(tx, user.id, now) : null;
  });
  if (!token) return { ok: false, reason: 'expired' };
  // The sign-in's audit line: after the code (a password alone opens no session), with the factor used.
  await audit('user.signed_in', used);
  return { ok: true, token, user, used };
}

// ---------------------------------------------------------------------------------------------
// The merchant's setting.

/** "Two-factor sign-in required for owners and admins" (merchants.require_two_factor). */
export async function setRequireTwoFactor(db: Db, merchantId: string, on: boolean, actor: Actor = SYSTEM_ACTOR, now = nowSeconds()): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ require_two_factor: boolean }>(`select require_two_factor from merchants where id = $1 for update`, [merchantId]);
    if (!before || before.require_two_factor === on) return;
    await tx.query(`update merchants set require_two_factor = $2 where id = $1`, [merchantId, on]);
    await recordAudit(tx, {
      merchantId,
      livemode: true,
      actor,
      action: 'account.updated',
      target: { object: 'account', id: merchantId },
      changes: { before: { requireTwoFactor: !on }, after: { requireTwoFactor: on } },
      now,
    });
  });
}

export async function requiresTwoFactor(db: Db, merchantId: string): Promise<boolean> {
  const [r] = await db.query<{ require_two_factor: boolean }>(`select require_two_factor from merchants where id = $1`, [merchantId]);
  return r?.require_two_factor === true;
}
