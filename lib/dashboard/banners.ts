// The rail account banner (issue 29): a change of where a merchant's money lands (a rail account
// connected, updated or disabled, or the approval of such changes turned off) is shown to every
// owner on every page, from their next page on, until each dismisses it; so a swapped receive
// account (an xpub replaced by an attacker's), a rail newly pointed at an account, or the guard
// taken down cannot go unnoticed. So is a new owner (invited as one, or made one): owners change
// where the money lands and approve each other's changes, so a second mailbox of one owner made an
// owner cannot go unnoticed either; nor an owner's or admin's two-step sign-in reset by another
// owner (their account then opens with the password alone). Read from the audit log in one query; a dismissal is a row of
// audit_dismissals (user, line).
import type { Db } from '../db/client';
import { nowSeconds } from '../ids';
import type { Rail } from '../money';

export interface RailBanner {
  auditId: string;
  /** The audit line's action. */
  action:
    | 'rail_account.created'
    | 'rail_account.updated'
    | 'rail_account.disabled'
    | 'account.updated'
    | 'user.invited'
    | 'user.role_changed'
    | 'user.two_factor_reset';
  /** What happened: an account connected, changed or disabled; railAccountApproval turned off; an owner invited or made; an owner's or admin's two-step sign-in reset. */
  kind: 'created' | 'updated' | 'disabled' | 'approval_off' | 'owner_added' | 'two_factor_reset';
  /** For owner_added and two_factor_reset: the user's e-mail. */
  subject: string | null;
  rail: Rail | null;
  /** The account (for approval_off: the merchant's id). */
  accountId: string;
  livemode: boolean;
  who: string;
  createdAt: number;
}

const KINDS: Record<string, RailBanner['kind']> = {
  'rail_account.created': 'created',
  'rail_account.updated': 'updated',
  'rail_account.disabled': 'disabled',
  'account.updated': 'approval_off',
  'user.invited': 'owner_added',
  'user.role_changed': 'owner_added',
  'user.two_factor_reset': 'two_factor_reset',
};

/** The changes an owner has not dismissed yet, newest first (at most 5). */
export async function railBanners(db: Db, merchantId: string, userId: string): Promise<RailBanner[]> {
  const rows = await db.query<{
    id: string;
    action: string;
    target_id: string;
    livemode: boolean;
    actor_type: string;
    actor_label: string | null;
    created_at: number;
    rail: string | null;
    subject: string | null;
  }>(
    // account.updated: only the lines that turned railAccountApproval off (directly, or an approved
    // request); user.invited and user.role_changed: only those that make an owner;
    // user.two_factor_reset: of a user who was an owner or an admin then (a demotion after hides nothing).
    `select e.id, e.action, e.target_id, e.livemode, e.actor_type, e.actor_label, e.created_at, a.rail,
            coalesce(e.changes -> 'after' ->> 'email', u.email) as subject
       from audit_events e left join rail_accounts a on a.id = e.target_id left join users u on u.id = e.target_id
      where e.merchant_id = $1
        and (e.action in ('rail_account.created', 'rail_account.updated', 'rail_account.disabled')
             or (e.action = 'account.updated' and e.changes -> 'after' ->> 'railAccountApproval' = 'false')
             or (e.action in ('user.invited', 'user.role_changed') and e.changes -> 'after' ->> 'role' = 'owner')
             or (e.action = 'user.two_factor_reset' and coalesce(e.changes -> 'before' ->> 'role', u.role, 'owner') in ('owner', 'admin')))
        and not exists (select 1 from audit_dismissals d where d.user_id = $2 and d.audit_event_id = e.id)
      order by e.seq desc limit 5`,
    [merchantId, userId],
  );
  return rows.map((r) => ({
    auditId: r.id,
    action: r.action as RailBanner['action'],
    kind: KINDS[r.action] ?? 'updated',
    rail: (r.rail as Rail | null) ?? null,
    accountId: r.target_id,
    livemode: r.livemode === true,
    who: r.actor_type === 'system' ? 'Caisse' : (r.actor_label ?? '?'),
    createdAt: Number(r.created_at),
    subject: r.subject ?? null,
  }));
}

/** An owner has seen this change: it no longer shows to them (a line of another merchant is ignored). */
export async function dismissBanner(db: Db, merchantId: string, userId: string, auditId: string, now = nowSeconds()): Promise<void> {
  await db.query(
    `insert into audit_dismissals (user_id, audit_event_id, dismissed_at)
     select $2, e.id, $4 from audit_events e where e.id = $3 and e.merchant_id = $1
     on conflict do nothing`,
    [merchantId, userId, auditId, now],
  );
}
