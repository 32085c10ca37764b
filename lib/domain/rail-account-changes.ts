// Rail account approvals (issue 29, item 4): with the merchant's `railAccountApproval` on, the
// connection of a rail account, a change of one (a new version or name) or its disabling, asked for
// by an owner or an API key (lib/domain/rail-accounts.ts submitRailAccountCreate /
// submitRailAccountUpdate / submitRailAccountDisable), waits in rail_account_changes until an owner
// OTHER than its author approves or rejects it on the dashboard. The decision is one conditional
// update (`status = 'pending_approval' and requested_by is distinct from` the approver) taken under
// the account's row lock (a connection: the rail's lock), so two approvers racing (or the author's
// other session) cannot both win and the author never can; an approved change is applied in the
// same transaction by the very functions a direct change uses (applyCreate, applyVersion,
// applyDisable: the event, the audit line), a connection only while the rail has no active account
// and the address key is still free, an update only on the version it was computed from (else
// `superseded`). Turning the setting on needs two active owners (else nobody could approve);
// turning it off is itself such a change ('approval_off'), unless fewer than two owners are left.
// Who may decide (an owner: rail_accounts.write) is the dashboard's check.

import type { MomoProtocol } from '../config';
import type { Db } from '../db/client';
import { DomainError, notFound, unexpectedState } from '../errors';
import { createId, nowSeconds } from '../ids';
import type { Rail } from '../money';
import {
  activeOwners,
  approvalRequired,
  cancelPendingOf,
  decideChange,
  insertChange,
  listPendingChanges,
  loadChange,
  markSuperseded,
  pendingChangeOf,
  type RailAccountChangeRow,
  setApprovalRequired,
} from '../store/rail-account-changes';
import { loadAccountVersion } from '../store/rail-accounts';
import { auditIn } from './audit';
import type { Scope } from './common';
import { openVersion } from './merchant-rails';
import { applyCreate, applyDisable, applyVersion, changePending, isKeyInUse, lockRail, type RailAccount } from './rail-accounts';

/** The approver asked for this change: refused (another owner must decide). */
export const selfApproval = () => new DomainError('self_approval', 'You asked for this change: another owner must approve or reject it.', 'change');

/** Turning the setting on with fewer than two active owners: nobody could ever approve. */
export const twoOwnersRequired = () =>
  new DomainError(
    'two_owners_required',
    'railAccountApproval needs at least two active owners: a change waits for an owner other than its author, so with one owner nothing could ever be approved. Invite another owner first.',
    'railAccountApproval',
  );

/** What the approver decided and what it did: the account as it is now (none for 'approval_off'). */
export interface ChangeDecision {
  change: RailAccountChangeRow;
  account: RailAccount | null;
}

const who = (scope: Scope) => ({ id: scope.actor?.id ?? null, label: scope.actor?.label ?? null });

/** The merchant-wide scope of an account-wide line (like account.updated: a live-mode line). */
const accountWide = (scope: Scope): Scope => ({ ...scope, livemode: true });

/**
 * Lock what a change changes (the account's row, the rail in its mode for a 'create', or the
 * merchant's row for 'approval_off'): every writer of it takes this lock first.
 */
async function lockTarget(tx: Db, c: RailAccountChangeRow): Promise<void> {
  if (c.account_id) await tx.query(`select 1 from rail_accounts where id = $1 for update`, [c.account_id]);
  else if (c.action === 'create') await lockRail(tx, c.merchant_id, c.livemode, c.rail as Rail);
  else await approvalRequired(tx, c.merchant_id, true);
}

/** The scope of a change's audit lines: its own mode, or account-wide (a live-mode line) for 'approval_off'. */
const lineScope = (scope: Scope, c: RailAccountChangeRow): Scope => (c.action === 'approval_off' ? accountWide(scope) : { ...scope, livemode: c.livemode });

async function loadOwned(tx: Db, scope: Scope, id: string): Promise<RailAccountChangeRow> {
  const c = await loadChange(tx, scope.merchantId, scope.livemode, id);
  if (!c) throw notFound('rail_account_change', id);
  return c;
}

/** Why a decision did not apply: the approver asked for it, or it is no longer waiting. */
async function refusal(tx: Db, scope: Scope, id: string): Promise<DomainError> {
  const cur = await loadOwned(tx, scope, id);
  // Still waiting: the decider is its author, or made the key that asked (approverIsAuthor).
  if (cur.status === 'pending_approval') return selfApproval();
  return unexpectedState(`This change is ${cur.status}; only a change waiting for approval can be decided.`);
}

const targetOf = (c: RailAccountChangeRow) =>
  c.action === 'approval_off' ? { object: 'account', id: c.merchant_id } : { object: 'rail_account', id: (c.account_id ?? c.new_account_id)! };

/**
 * Approve a waiting change (dashboard: an owner other than its author) and apply it in the same
 * transaction. A connection of a rail that got an active account meanwhile, or whose address key
 * another account took, an update whose account moved on from its base version (or was disabled),
 * or a disable of an account already disabled, is marked `superseded` and refused, nothing applied.
 */
export async function approveRailAccountChange(db: Db, scope: Scope, id: string, approver: string): Promise<ChangeDecision> {
  const out = await db.transaction(async (tx): Promise<ChangeDecision & { stale?: string }> => {
    const c = await loadOwned(tx, scope, id);
    await lockTarget(tx, c);
    const decided = await decideChange(tx, id, 'approved', { ...who(scope), notBy: approver }, null, nowSeconds());
    if (!decided) throw await refusal(tx, scope, id);
    // The change acts in its own mode, as the approver.
    const acting: Scope = { ...scope, merchantId: c.merchant_id, livemode: c.livemode };
    let account: RailAccount | null = null;
    if (c.action === 'create') {
      const accountId = c.new_account_id!;
      const rail = c.rail as Rail;
      const parts = { settings: c.settings ?? {}, sealed: c.secrets!, keyId: c.key_id!, hints: c.hints ?? {} };
      // Its secrets must open as the version they become (version 1 of the account, under a key the ring holds).
      openVersion({ account_id: accountId, version: 1, settings: parts.settings, secrets: parts.sealed });
      const superseded = async (why: string) => {
        await markSuperseded(tx, id);
        return { change: { ...decided, status: 'superseded' as const }, account: null, stale: `${why}: nothing was applied (the change is superseded).` };
      };
      let done: Awaited<ReturnType<typeof applyCreate>>;
      try {
        done = await applyCreate(tx, acting, {
          accountId,
          rail,
          protocol: (c.protocol as MomoProtocol | null) ?? null,
          displayName: c.display_name,
          metadata: (c.metadata_patch ?? {}) as Record<string, string>,
          parts,
          derivationKeyId: c.derivation_key_id,
          receiveAddresses: c.receive_addresses ?? [],
        });
      } catch (err) {
        // The address key was connected elsewhere since (checked before anything is written).
        if (isKeyInUse(err)) return superseded((err as Error).message.replace(/\.$/, ''));
        throw err;
      }
      if ('taken' in done)
        return superseded(
          `The ${rail} rail got an active account in ${c.livemode ? 'live' : 'test'} mode since this connection was asked for (${done.taken}); disable it first, then ask again`,
        );
      account = done.account;
    } else if (c.action === 'update') {
      const base = c.base_version!;
      const parts = { settings: c.settings ?? {}, sealed: c.secrets!, keyId: c.key_id!, hints: c.hints ?? {} };
      // Its secrets must open as the version they become (sealed for base + 1 under a key the ring holds).
      openVersion({ account_id: c.account_id!, version: base + 1, settings: parts.settings, secrets: parts.sealed });
      account = await applyVersion(tx, acting, {
        accountId: c.account_id!,
        rail: c.rail as Rail,
        base,
        displayName: c.display_name,
        metadataPatch: c.metadata_patch,
        parts,
        derivationKeyId: c.derivation_key_id,
        receiveAddresses: c.receive_addresses ?? [],
      });
      if (!account) {
        await markSuperseded(tx, id);
        const now = await tx.query<{ version: number; status: string }>(`select version, status from rail_accounts where id = $1`, [c.account_id]);
        return {
          change: { ...decided, status: 'superseded' },
          account: null,
          stale:
            now[0]?.status === 'disabled'
              ? 'The account was disabled since this change was asked for: nothing was applied (the change is superseded).'
              : `This change was computed from version ${base} of the account, which is now at version ${now[0]?.version}: nothing was applied (the change is superseded). Ask for it again on the current version.`,
        };
      }
    } else if (c.action === 'disable') {
      const done = await applyDisable(tx, acting, c.account_id!);
      if (!done.account) {
        await markSuperseded(tx, id);
        return {
          change: { ...decided, status: 'superseded' },
          account: null,
          stale: 'The account is already disabled: nothing was applied (the change is superseded).',
        };
      }
      account = done.account;
    } else {
      await setApprovalRequired(tx, c.merchant_id, false);
      await auditIn(tx, accountWide(acting), 'account.updated', targetOf(c), {
        before: { railAccountApproval: true },
        after: { railAccountApproval: false },
      });
    }
    await auditIn(tx, lineScope(acting, c), 'rail_account.change_approved', targetOf(c), {
      before: { status: 'pending_approval' },
      after: { status: 'approved', change: id, action: c.action, requestedBy: c.requested_by_label ?? c.requested_by },
    });
    return { change: decided, account };
  });
  // Refused after its commit: the change stays superseded.
  if (out.stale) throw unexpectedState(out.stale);
  return { change: out.change, account: out.account };
}

/** Reject a waiting change (an owner other than its author), with an optional reason: nothing of the account changes. */
export async function rejectRailAccountChange(db: Db, scope: Scope, id: string, approver: string, reason: string): Promise<RailAccountChangeRow> {
  const text = reason.trim().slice(0, 500) || null;
  return db.transaction(async (tx) => {
    const c = await loadOwned(tx, scope, id);
    const decided = await decideChange(tx, id, 'rejected', { ...who(scope), notBy: approver }, text, nowSeconds());
    if (!decided) throw await refusal(tx, scope, id);
    await auditIn(tx, lineScope(scope, c), 'rail_account.change_rejected', targetOf(c), {
      before: { status: 'pending_approval' },
      after: { status: 'rejected', change: id, action: c.action, requestedBy: c.requested_by_label ?? c.requested_by, reason: text },
    });
    return decided;
  });
}

/** Withdraw one's own waiting change (its author only): canceled, nothing of the account changes. */
export async function withdrawRailAccountChange(db: Db, scope: Scope, id: string, author: string): Promise<RailAccountChangeRow> {
  return db.transaction(async (tx) => {
    const c = await loadOwned(tx, scope, id);
    const decided = await decideChange(tx, id, 'canceled', { ...who(scope), onlyBy: author }, null, nowSeconds());
    if (!decided) {
      const cur = await loadOwned(tx, scope, id);
      if (cur.status === 'pending_approval')
        throw new DomainError('not_your_change', 'Only the one who asked for this change can withdraw it; another owner may reject it.', 'change');
      throw unexpectedState(`This change is ${cur.status}; only a change waiting for approval can be withdrawn.`);
    }
    await auditIn(tx, lineScope(scope, c), 'rail_account.change_canceled', targetOf(c), {
      before: { status: 'pending_approval' },
      after: { status: 'canceled', change: id, action: c.action },
    });
    return decided;
  });
}

/**
 * Changes whose author can no longer stand behind them (a user disabled, a key rolled or revoked):
 * every one they asked for that still waits is canceled, in the caller's transaction, each with its
 * audit line (by `scope`'s actor, the one who removed the author). None can be approved later.
 */
export async function cancelRailAccountChangesBy(tx: Db, scope: Scope, actorIds: readonly string[], reason: string): Promise<number> {
  const canceled = await cancelPendingOf(tx, scope.merchantId, actorIds, reason, nowSeconds());
  for (const c of canceled)
    await auditIn(tx, lineScope(scope, c), 'rail_account.change_canceled', targetOf(c), {
      before: { status: 'pending_approval' },
      after: { status: 'canceled', change: c.id, action: c.action, reason },
    });
  return canceled.length;
}

/**
 * The merchant's `railAccountApproval`, in the caller's transaction (POST /v1/account, the payment
 * methods page), under the merchant's row lock. On: at least two active owners (else 409
 * two_owners_required). Off while on: an 'approval_off' change waiting for another owner (returned),
 * unless fewer than two active owners are left or Caisse itself asks, then at once. The caller's
 * account.updated line records a change made at once.
 */
export async function setRailAccountApproval(tx: Db, scope: Scope, on: boolean): Promise<{ pending: RailAccountChangeRow | null }> {
  const current = await approvalRequired(tx, scope.merchantId, true);
  if (on === current) return { pending: null };
  const owners = await activeOwners(tx, scope.merchantId);
  if (on) {
    if (owners < 2) throw twoOwnersRequired();
    await setApprovalRequired(tx, scope.merchantId, true);
    return { pending: null };
  }
  const waiting = await pendingChangeOf(tx, scope.merchantId, null);
  if (owners >= 2 && scope.actor && scope.actor.type !== 'system') {
    if (waiting) throw changePending(waiting);
    const change = await insertChange(tx, {
      id: createId('rachg'),
      merchantId: scope.merchantId,
      livemode: scope.livemode,
      accountId: null,
      action: 'approval_off',
      baseVersion: null,
      requestedBy: { type: scope.actor.type, id: scope.actor.id, label: scope.actor.label },
      now: nowSeconds(),
    });
    await auditIn(
      tx,
      accountWide(scope),
      'rail_account.change_requested',
      { object: 'account', id: scope.merchantId },
      { before: { railAccountApproval: true }, after: { change: change.id, action: 'approval_off', railAccountApproval: false } },
    );
    return { pending: change };
  }
  await setApprovalRequired(tx, scope.merchantId, false);
  // Off at once: a request to turn it off that waited has nothing left to do.
  if (waiting) await markSuperseded(tx, waiting.id);
  return { pending: null };
}

/** A waiting change as an owner reviews it: what it changes, before and after (secrets as their hints only). */
export interface RailAccountChangeView {
  id: string;
  action: RailAccountChangeRow['action'];
  /** The account it changes, or (a 'create') the id the account it connects will have; null for 'approval_off'. */
  accountId: string | null;
  rail: Rail | null;
  baseVersion: number | null;
  requestedBy: { type: 'user' | 'key' | 'system'; id: string | null; label: string | null };
  createdAt: number;
  /** An update: the version it was computed from, and the one it makes; a create: what it connects (`after` only). */
  before: { displayName: string | null; settings: Record<string, unknown>; secrets: Record<string, { last4: string; fingerprint: string }> } | null;
  after: {
    displayName: string | null;
    settings: Record<string, unknown>;
    secrets: Record<string, { last4: string; fingerprint: string }>;
    receiveAddresses: string[];
  } | null;
}

/** The changes waiting in the scope's mode (and the merchant's 'approval_off'), oldest first. */
export async function listRailAccountChanges(db: Db, scope: Scope): Promise<RailAccountChangeView[]> {
  const rows = await listPendingChanges(db, scope.merchantId, scope.livemode);
  const out: RailAccountChangeView[] = [];
  for (const c of rows) {
    let before: RailAccountChangeView['before'] = null;
    if (c.action === 'update' && c.account_id && c.base_version !== null) {
      const v = await loadAccountVersion(db, c.account_id, c.base_version);
      if (v) before = { displayName: v.display_name, settings: v.settings, secrets: v.hints };
    }
    out.push({
      id: c.id,
      action: c.action,
      accountId: c.account_id ?? c.new_account_id,
      rail: c.rail,
      baseVersion: c.base_version,
      requestedBy: { type: c.requested_by_type, id: c.requested_by, label: c.requested_by_label },
      createdAt: c.created_at,
      before,
      after:
        c.action === 'update' || c.action === 'create'
          ? { displayName: c.display_name, settings: c.settings ?? {}, secrets: c.hints ?? {}, receiveAddresses: c.receive_addresses ?? [] }
          : null,
    });
  }
  return out;
}
