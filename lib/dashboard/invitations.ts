// Invitations (issue 29): an owner invites an e-mail with a role; the answer is a one-time link
// (`/dashboard/invite/<token>`) to send by WhatsApp or e-mail. The token is 256 random bits; only its
// SHA-256 is stored, so the link is shown once (the page's one-time flash) and a copy of the
// database opens no invitation. The link lasts INVITATION_SECONDS (24 h) and works once: the invitee
// sets their own password (passwords.ts rules) and is signed in. An owner sees the pending ones
// (role, expiry) and may revoke them. An expired, used or revoked link says which, and changes
// nothing. A new invitation of an address replaces (revokes) its pending one.
//
// Accepting is one transaction: the invitation is claimed (a conditional update: of two tabs
// posting the same link, one wins) and the user made; a refusal of either (the address became a
// user meanwhile, a password another account of the address has) rolls both back.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../domain/audit';
import { DomainError, invalid } from '../errors';
import { createId, nowSeconds } from '../ids';
import { passwordProblem } from './passwords';
import type { Role } from './roles';
import { hashToken } from './sessions';
import { createUser, normalizeEmail, type User } from './users';

/** 24 hours. */
export const INVITATION_SECONDS = 24 * 3600;

/** The path of an invitation's link (the token appended). */
export const INVITE_PATH = '/dashboard/invite/';

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  createdAt: number;
  expiresAt: number;
}

interface InvitationRow {
  id: string;
  merchant_id: string;
  email: string;
  role: Role;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

const COLUMNS = 'id, merchant_id, email, role, created_at, expires_at, accepted_at, revoked_at';

const statusOf = (r: InvitationRow, now: number): InvitationStatus =>
  r.accepted_at !== null ? 'accepted' : r.revoked_at !== null ? 'revoked' : Number(r.expires_at) <= now ? 'expired' : 'pending';

const toInvitation = (r: InvitationRow, now: number): Invitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  status: statusOf(r, now),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});

/**
 * Invite `email` to `merchantId` with `role`: returns the invitation and its token (for the link,
 * shown once). `email_taken` when the address is already a user of the merchant; an older pending
 * invitation of the address is revoked in the same statement.
 */
export async function createInvitation(
  db: Db,
  opts: { merchantId: string; email: string; role: Role; invitedBy: string | null; actor?: Actor },
  now = nowSeconds(),
): Promise<{ invitation: Invitation; token: string }> {
  return db.inTransaction ? invite(db, opts, now) : db.transaction((tx) => invite(tx, opts, now));
}

/** The invitation and its audit line (user.invited: the e-mail and role, never the link), in one transaction. */
async function invite(
  db: Db,
  opts: { merchantId: string; email: string; role: Role; invitedBy: string | null; actor?: Actor },
  now: number,
): Promise<{ invitation: Invitation; token: string }> {
  const email = normalizeEmail(opts.email);
  if (!email) throw invalid('parameter_invalid', `Invalid email address: '${opts.email.trim().slice(0, 254)}'.`, 'email');
  const token = randomBytes(32).toString('base64url');
  const rows = await db.query<InvitationRow & { taken: boolean }>(
    `with taken as (select 1 from users where merchant_id = $2 and lower(email) = $3),
     older as (
       update user_invitations set revoked_at = $6
       where merchant_id = $2 and lower(email) = $3 and accepted_at is null and revoked_at is null and expires_at > $6
         and not exists (select 1 from taken)
       returning 1
     ), made as (
       insert into user_invitations (id, merchant_id, email, role, token_hash, invited_by, created_at, expires_at)
       select $1, $2, $3, $4, $5, $7, $6, $6 + ${INVITATION_SECONDS} where not exists (select 1 from taken)
       returning ${COLUMNS}
     )
     select made.*, exists (select 1 from taken) as taken from (select 1) one left join made on true`,
    [createId('inv'), opts.merchantId, email, opts.role, hashToken(token), now, opts.invitedBy],
  );
  const r = rows[0]!;
  if (r.taken || !r.id) throw new DomainError('email_taken', `'${email}' is already a user of this merchant.`, 'email');
  const invitation = toInvitation(r, now);
  await recordAudit(db, {
    merchantId: opts.merchantId,
    livemode: true,
    actor: opts.actor ?? SYSTEM_ACTOR,
    action: 'user.invited',
    target: { object: 'invitation', id: invitation.id },
    changes: { after: { email: invitation.email, role: opts.role } },
    now,
  });
  return { invitation, token };
}

/** The merchant's pending invitations, newest first. */
export async function listPendingInvitations(db: Db, merchantId: string, now = nowSeconds()): Promise<Invitation[]> {
  const rows = await db.query<InvitationRow>(
    `select ${COLUMNS} from user_invitations
     where merchant_id = $1 and accepted_at is null and revoked_at is null and expires_at > $2
     order by created_at desc, seq desc limit 100`,
    [merchantId, now],
  );
  return rows.map((r) => toInvitation(r, now));
}

/** Revoke a pending invitation of `merchantId` (its link then says so). Another merchant's, or one no longer pending: `resource_missing`. */
export async function revokeInvitation(db: Db, merchantId: string, id: string, now = nowSeconds(), actor: Actor = SYSTEM_ACTOR): Promise<Invitation> {
  const run = async (tx: Db) => {
    const rows = await tx.query<InvitationRow>(
      `update user_invitations set revoked_at = $3
       where id = $1 and merchant_id = $2 and accepted_at is null and revoked_at is null and expires_at > $3
       returning ${COLUMNS}`,
      [id, merchantId, now],
    );
    if (!rows[0]) throw new DomainError('resource_missing', `No such pending invitation: '${id}'.`);
    const invitation = toInvitation(rows[0], now);
    await recordAudit(tx, {
      merchantId,
      livemode: true,
      actor,
      action: 'user.invitation_revoked',
      target: { object: 'invitation', id },
      changes: { before: { email: invitation.email, role: invitation.role }, after: { revoked: true } },
      now,
    });
    return invitation;
  };
  return db.inTransaction ? run(db) : db.transaction(run);
}

/** What a link's token names: the invitation (any status), or null for a token nobody issued. */
export async function invitationByToken(db: Db, token: string, now = nowSeconds()): Promise<(Invitation & { merchantName: string }) | null> {
  if (!TOKEN_RE.test(token)) return null;
  const rows = await db.query<InvitationRow & { merchant_name: string }>(
    `select ${COLUMNS.split(', ')
      .map((c) => `i.${c}`)
      .join(', ')}, m.name as merchant_name
     from user_invitations i join merchants m on m.id = i.merchant_id where i.token_hash = $1`,
    [hashToken(token)],
  );
  return rows[0] ? { ...toInvitation(rows[0], now), merchantName: rows[0].merchant_name } : null;
}

/** Why a link cannot be used (the page says it), as a DomainError code. */
export class InvitationUnusable extends DomainError {
  constructor(readonly status: Exclude<InvitationStatus, 'pending'> | 'unknown') {
    super(`invitation_${status}`, `This invitation link is ${status === 'unknown' ? 'not valid' : status}.`);
  }
}

/**
 * Accept an invitation: the user is made with the invitation's merchant, e-mail and role and the
 * password chosen. Refused with InvitationUnusable (unknown, expired, accepted, revoked: nothing
 * changes), `parameter_invalid` (the password), `email_taken`.
 */
export async function acceptInvitation(db: Db, token: string, password: string, now = nowSeconds(), clientAddress: string | null = null): Promise<User> {
  const problem = passwordProblem(password);
  if (problem) throw invalid('parameter_invalid', problem, 'password');
  const found = await invitationByToken(db, token, now);
  if (!found) throw new InvitationUnusable('unknown');
  if (found.status !== 'pending') throw new InvitationUnusable(found.status);
  return db.transaction(async (tx) => {
    const claimed = await tx.query<InvitationRow>(
      `update user_invitations set accepted_at = $2
       where token_hash = $1 and accepted_at is null and revoked_at is null and expires_at > $2
       returning ${COLUMNS}`,
      [hashToken(token), now],
    );
    const inv = claimed[0];
    if (!inv) {
      const again = await invitationByToken(tx, token, now);
      throw new InvitationUnusable(again && again.status !== 'pending' ? again.status : 'unknown');
    }
    const { user } = await createUser(tx, { merchantId: inv.merchant_id, email: inv.email, password, role: inv.role }, now);
    await tx.query(`update user_invitations set user_id = $2 where id = $1`, [inv.id, user.id]);
    // Joining signs the new user in: its first sign-in, with the invitation it came by.
    await recordAudit(tx, {
      merchantId: inv.merchant_id,
      livemode: true,
      actor: { type: 'user', id: user.id, label: user.email, ip: clientAddress },
      action: 'user.signed_in',
      target: { object: 'user', id: user.id },
      changes: { after: { invitation: inv.id, role: user.role } },
      now,
    });
    return user;
  });
}
