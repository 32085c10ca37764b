// Dashboard users: people who sign in to /dashboard, each belonging to one merchant with one role
// (roles.ts). Made by the operator's CLI (`npm run caisse -- users create|list|disable`, an owner by
// default), the demo start (lib/boot.ts) and an invitation accepted (invitations.ts). Only a
// password's scrypt hash is stored (passwords.ts).
//
// A merchant always keeps at least one active owner: a role change or a disable that would leave
// none is refused (`last_owner`) by the statement itself, which locks the merchant's active owners
// first, so two owners demoting each other at the same instant cannot both succeed.
//
// An e-mail is unique within a merchant, not across merchants: a person who works for two shops has
// an account (and a password) in each. Were e-mails unique across merchants, inviting one would tell
// the inviting merchant that the address has an account with another merchant; now an invite is
// refused only for an address that is already one of the merchant's own users (which its Users page
// shows anyway). At sign-in the password picks the account (sessions.ts signIn), so two accounts of
// one e-mail never share a password: generated ones never do, and a chosen one is refused.
import { z } from 'zod';
import type { Db } from '../db/client';
import { revokeKeysBeyond } from '../domain/api-keys';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../domain/audit';
import { type Role, roleCan, rolePermissions } from '../domain/permissions';
import { cancelRailAccountChangesBy } from '../domain/rail-account-changes';
import { cancelPendingRefundsBy } from '../domain/refund-approvals';
import { DomainError, invalid, notFound } from '../errors';
import { createId, nowSeconds } from '../ids';
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from './passwords';

/** A user as the dashboard and the CLI show it: never its password hash. */
export interface User {
  id: string;
  email: string;
  merchantId: string;
  role: Role;
  /** Two-factor sign-in (TOTP) is on for this user. */
  twoFactor: boolean;
  disabled: boolean;
  createdAt: number;
}

export interface UserRow {
  id: string;
  merchant_id: string;
  email: string;
  role: Role;
  totp_enabled_at: number | null;
  disabled_at: number | null;
  created_at: number;
}

/** The columns every query that builds a User selects (never password_hash or a TOTP secret unless it needs it). */
export const USER_COLUMNS = 'id, merchant_id, email, role, totp_enabled_at, disabled_at, created_at';

export const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  merchantId: r.merchant_id,
  role: r.role,
  twoFactor: r.totp_enabled_at !== null && r.totp_enabled_at !== undefined,
  disabled: r.disabled_at !== null,
  createdAt: Number(r.created_at),
});

const emailSchema = z.email().max(254);

/**
 * One canonical form per address: trimmed and lowercased, which is what the unique index
 * (`lower(email)`) compares and what sign-in looks up. Null when it is not an email address.
 * (Local parts are case-sensitive in theory; no mail provider merchants use treats them so, and
 * two accounts differing only by case would be a trap.)
 */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : null;
}

export interface CreateUserOptions {
  merchantId: string;
  email: string;
  /** Chosen by the person (policy: passwords.ts); when absent one is generated and returned once. */
  password?: string;
  /** Owner unless said (the operator's CLI makes a merchant's first user). */
  role?: Role;
}

/**
 * Create a user of `merchantId`. Returns the user and its password: the one given, or the generated
 * one, to be shown once (only its hash is kept). An email already a user of this merchant (whatever
 * its case) is refused with `email_taken`, whatever other merchants have; an unknown merchant with
 * `resource_missing`; a chosen password that another account of the email already has with
 * `parameter_invalid` (the password picks the account at sign-in; only the operator's CLI chooses one).
 */
export async function createUser(db: Db, opts: CreateUserOptions, now = nowSeconds()): Promise<{ user: User; password: string; generated: boolean }> {
  const email = normalizeEmail(opts.email);
  if (!email) throw invalid('parameter_invalid', `Invalid email address: '${opts.email.trim().slice(0, 254)}'.`, 'email');
  const generated = opts.password === undefined;
  const password = opts.password ?? generatePassword();
  const problem = passwordProblem(password);
  if (problem) throw invalid('parameter_invalid', problem, 'password');
  if (!generated) {
    const others = await db.query<{ password_hash: string }>(`select password_hash from users where lower(email) = $1 and merchant_id <> $2`, [
      email,
      opts.merchantId,
    ]);
    const shared = await Promise.all(others.map((o) => verifyPassword(password, o.password_hash)));
    if (shared.includes(true))
      throw invalid(
        'parameter_invalid',
        `Another account with the email '${email}' has this password: choose another (the password picks the account at sign-in).`,
        'password',
      );
  }
  // Hashed before the statement: no transaction or lock is held during the ~60 ms of scrypt.
  const hash = await hashPassword(password);
  // One statement: the merchant must exist, and a taken email inserts nothing (no error, so a
  // caller's transaction stays usable). Which of the two it was is asked only when nothing was made.
  const rows = await db.query<UserRow>(
    `insert into users (id, merchant_id, email, password_hash, role, created_at, updated_at)
     select $1, m.id, $3, $4, $6, $5, $5 from merchants m where m.id = $2
     on conflict do nothing
     returning ${USER_COLUMNS}`,
    [createId('user'), opts.merchantId, email, hash, now, opts.role ?? 'owner'],
  );
  if (!rows[0]) {
    const merchant = await db.query(`select 1 from merchants where id = $1`, [opts.merchantId]);
    if (!merchant.length) throw notFound('merchant', opts.merchantId, 'merchant');
    throw new DomainError('email_taken', `'${email}' is already a user of this merchant.`, 'email');
  }
  return { user: toUser(rows[0]), password, generated };
}

/** A merchant's users, newest first (disabled ones included, marked). */
export async function listUsers(db: Db, merchantId: string): Promise<User[]> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where merchant_id = $1 order by created_at desc, seq desc`, [merchantId]);
  return rows.map(toUser);
}

/** A user by id, whatever its merchant: for the operator's CLI only (the dashboard scopes by merchant). */
export async function findUser(db: Db, userId: string): Promise<User | null> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [userId]);
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * The merchant's active owners, locked (in id order: every statement takes them in one order), as a
 * CTE named `owners`. A statement that would take away an owner checks `exists (select 1 from
 * owners where id <> <target>)` against it: under READ COMMITTED a row another transaction changed
 * meanwhile is read again once its lock is free and dropped if it is no longer an active owner, so
 * of two concurrent demotions of the last two owners the second sees one owner left and refuses.
 * The target row itself is not locked before the owners (the update locks it after): one lock order.
 */
const LOCKED_OWNERS = (merchant: string) =>
  `owners as (select id from users where merchant_id = ${merchant} and role = 'owner' and disabled_at is null order by id for update)`;

export const lastOwnerError = () => new DomainError('last_owner', 'A merchant must keep at least one active owner: make another user an owner first.', 'role');

/** Approval of rail account changes is on: it needs two active owners, so one cannot leave while it is. */
export const approvalOwnersError = () =>
  new DomainError(
    'approval_needs_two_owners',
    'Approval of rail account changes is on and needs two active owners: make another user an owner first, or turn approval off (another owner approves that).',
    'role',
  );

/**
 * Before an owner is disabled or demoted, under the lock of the merchant's active owners: with
 * rail account approval on, the merchant keeps two (else an owner could remove the other, then turn
 * approval off alone and change where the money lands). The operator (the CLI: Caisse itself) may.
 */
async function keepApprovers(tx: Db, merchantId: string, userId: string, actor: Actor): Promise<void> {
  const [g] = await tx.query<{ approval: boolean; others: number; owner: boolean }>(
    `with ${LOCKED_OWNERS('$1')}
     select (select rail_account_approval from merchants where id = $1) as approval,
            (select count(*) from owners where id <> $2)::int as others,
            exists (select 1 from owners where id = $2) as owner`,
    [merchantId, userId],
  );
  if (actor.type !== 'system' && g?.approval === true && g.owner && Number(g.others) < 2) throw approvalOwnersError();
}

/** The pending invitations a user sent, revoked when the user is disabled or no longer manages users (a link outlives no one's rights). */
async function revokeInvitationsBy(tx: Db, userId: string, now: number): Promise<void> {
  await tx.query(`update user_invitations set revoked_at = $2 where invited_by = $1 and accepted_at is null and revoked_at is null and expires_at > $2`, [
    userId,
    now,
  ]);
}

/**
 * Disable a user of `merchantId`: it can no longer sign in, and every session it has dies at once
 * (revoked in the same statement, so no request can slip between the two). Disabling a disabled user
 * changes nothing. Another merchant's user is `resource_missing`, as if it did not exist; the last
 * active owner is `last_owner`; an owner rail account approval needs is `approval_needs_two_owners`.
 * The invitations the user sent and has not seen accepted are revoked with it.
 */
export async function disableUser(
  db: Db,
  merchantId: string,
  userId: string,
  actor: Actor = SYSTEM_ACTOR,
  now = nowSeconds(),
): Promise<{ user: User; sessionsRevoked: number; keysRevoked: number }> {
  return inTx(db, async (tx) => {
    await keepApprovers(tx, merchantId, userId, actor);
    // One statement: both updates commit together or not at all; its audit line in the same transaction.
    const rows = await tx.query<UserRow & { revoked: number | null; found: number }>(
      `with ${LOCKED_OWNERS('$2')},
     target as (select id, role, disabled_at from users where id = $1 and merchant_id = $2),
     u as (
       update users set disabled_at = coalesce(disabled_at, $3), updated_at = $3
       where id in (select id from target)
         and ((select role from target) <> 'owner' or (select disabled_at from target) is not null or exists (select 1 from owners where id <> $1))
       returning ${USER_COLUMNS}
     ), s as (
       update dashboard_sessions set revoked_at = $3
       where user_id in (select id from u) and revoked_at is null
       returning 1
     )
     select (select count(*) from target)::int as found, u.*, (select count(*) from s)::int as revoked
     from (select 1) one left join u on true`,
      [userId, merchantId, now],
    );
    const r = rows[0];
    if (!r?.found) throw notFound('user', userId);
    if (!r.id) throw lastOwnerError();
    const user = toUser(r);
    await revokeInvitationsBy(tx, userId, now);
    // The restricted keys they made hold nothing they do now: revoked (the secret keys stay).
    const keysRevoked = (await revokeKeysBeyond(tx, merchantId, userId, [], actor, now)).length;
    // What the user asked for that waits for another's approval dies with the user's access.
    await cancelRailAccountChangesBy(tx, { merchantId, livemode: true, actor }, [userId], 'Its author was disabled.');
    await cancelPendingRefundsBy(tx, merchantId, [userId], 'The user who asked for this refund was disabled before it was approved.', actor);
    await recordAudit(tx, {
      merchantId,
      livemode: true,
      actor,
      action: 'user.disabled',
      target: { object: 'user', id: userId },
      changes: { after: { email: user.email, disabled: true } },
      now,
    });
    return { user, sessionsRevoked: Number(r.revoked), keysRevoked };
  });
}

/**
 * Give a user of `merchantId` another role. Refused with `last_owner` when it would leave the
 * merchant without an active owner (race-safe: LOCKED_OWNERS); another merchant's user is
 * `resource_missing`. Who may do it (an owner, not on themselves) is the caller's rule (roles.ts).
 * Written to the audit log (user.role_changed, by `actor`) in the same transaction.
 */
export async function changeUserRole(
  db: Db,
  merchantId: string,
  userId: string,
  role: Role,
  actor: Actor = SYSTEM_ACTOR,
  now = nowSeconds(),
): Promise<User & { keysRevoked: number }> {
  return inTx(db, async (tx) => {
    if (role !== 'owner') await keepApprovers(tx, merchantId, userId, actor);
    const before = await tx.query<{ role: string }>(`select role from users where id = $1 and merchant_id = $2`, [userId, merchantId]);
    const rows = await tx.query<UserRow & { found: number }>(
      `with ${LOCKED_OWNERS('$2')},
     target as (select id, role, disabled_at from users where id = $1 and merchant_id = $2),
     u as (
       update users set role = $3, updated_at = $4
       where id in (select id from target)
         and ($3 = 'owner' or (select role from target) <> 'owner' or (select disabled_at from target) is not null
              or exists (select 1 from owners where id <> $1))
       returning ${USER_COLUMNS}
     )
     select (select count(*) from target)::int as found, u.* from (select 1) one left join u on true`,
      [userId, merchantId, role, now],
    );
    const r = rows[0];
    if (!r?.found) throw notFound('user', userId);
    if (!r.id) throw lastOwnerError();
    if (!roleCan(role, 'users.manage')) await revokeInvitationsBy(tx, userId, now);
    // A restricted key holds only what its maker holds: those now beyond the new role are revoked.
    const keysRevoked = (await revokeKeysBeyond(tx, merchantId, userId, rolePermissions(role), actor, now)).length;
    if (before[0]?.role !== role)
      await recordAudit(tx, {
        merchantId,
        livemode: true,
        actor,
        action: 'user.role_changed',
        target: { object: 'user', id: userId },
        changes: { before: { role: before[0]?.role ?? null }, after: { role } },
        now,
      });
    return { ...toUser(r), keysRevoked };
  });
}

/** Run `fn` in the caller's transaction, or in a new one. */
const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => (db.inTransaction ? fn(db) : db.transaction(fn));
