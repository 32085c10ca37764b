// The rail_account_changes table (migrations 0030, 0031) and the merchant's `rail_account_approval`
// setting: the statements lib/domain/rail-accounts.ts (asking) and lib/domain/rail-account-changes.ts
// (deciding) share. A change's secrets stay sealed here; nothing of this module opens them. Its
// target: an account ('update', 'disable'), the merchant ('approval_off'), or a rail in a mode
// ('create': the account it would make does not exist yet; `new_account_id` is the id it will have).
// May import lib/db, bottom.

import type { Db, Row } from '../db/client';
import type { Rail } from '../money';
import { approverIsAuthor } from './authors';

export const CHANGE_ACTIONS = ['create', 'update', 'disable', 'approval_off'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
export const CHANGE_STATUSES = ['pending_approval', 'approved', 'rejected', 'canceled', 'superseded'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export interface RailAccountChangeRow {
  id: string;
  merchant_id: string;
  livemode: boolean;
  account_id: string | null;
  /** 'create': the id the account will have once approved (its secrets are sealed for version 1 of it). */
  new_account_id: string | null;
  /** 'create': the protocol the account speaks (mobile money), as when it was asked for. */
  protocol: string | null;
  action: ChangeAction;
  base_version: number | null;
  settings: Record<string, unknown> | null;
  secrets: string | null;
  key_id: string | null;
  hints: Record<string, { last4: string; fingerprint: string }> | null;
  derivation_key_id: string | null;
  display_name: string | null;
  metadata_patch: Record<string, string | null> | null;
  receive_addresses: string[] | null;
  status: ChangeStatus;
  requested_by: string | null;
  requested_by_type: 'user' | 'key' | 'system';
  requested_by_label: string | null;
  decided_by: string | null;
  decided_by_label: string | null;
  decided_at: number | null;
  reason: string | null;
  created_at: number;
  /** The rail: the one a 'create' connects, else the account's when the query joined it (null for 'approval_off'). */
  rail: Rail | null;
}

const json = <T>(v: unknown): T | null => (v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as T));

export const parseChange = (r: Row): RailAccountChangeRow => ({
  id: r.id as string,
  merchant_id: r.merchant_id as string,
  livemode: r.livemode as boolean,
  account_id: (r.account_id as string | null) ?? null,
  new_account_id: (r.new_account_id as string | null) ?? null,
  protocol: (r.protocol as string | null) ?? null,
  action: r.action as ChangeAction,
  base_version: r.base_version === null || r.base_version === undefined ? null : Number(r.base_version),
  settings: json(r.settings),
  secrets: (r.secrets as string | null) ?? null,
  key_id: (r.key_id as string | null) ?? null,
  hints: json(r.hints),
  derivation_key_id: (r.derivation_key_id as string | null) ?? null,
  display_name: (r.display_name as string | null) ?? null,
  metadata_patch: json(r.metadata_patch),
  receive_addresses: json(r.receive_addresses),
  status: r.status as ChangeStatus,
  requested_by: (r.requested_by as string | null) ?? null,
  requested_by_type: r.requested_by_type as RailAccountChangeRow['requested_by_type'],
  requested_by_label: (r.requested_by_label as string | null) ?? null,
  decided_by: (r.decided_by as string | null) ?? null,
  decided_by_label: (r.decided_by_label as string | null) ?? null,
  decided_at: r.decided_at === null || r.decided_at === undefined ? null : Number(r.decided_at),
  reason: (r.reason as string | null) ?? null,
  created_at: Number(r.created_at),
  rail: ((r.rail ?? r.account_rail) as Rail | null | undefined) ?? null,
});

/** The account and version a change's secrets are sealed for: the version it makes (base + 1; a 'create' makes version 1). */
export const sealedFor = (c: RailAccountChangeRow): { accountId: string; version: number } => ({
  accountId: (c.account_id ?? c.new_account_id)!,
  version: (c.base_version ?? 0) + 1,
});

/** The account's rail, joined (a 'create' has its own). */
const WITH_RAIL = `select c.*, a.rail as account_rail from rail_account_changes c left join rail_accounts a on a.id = c.account_id`;

/** What a new change row holds (its status is pending_approval). */
export interface NewChange {
  id: string;
  merchantId: string;
  livemode: boolean;
  accountId: string | null;
  /** 'create': the account it would make (its id, rail and protocol). */
  creates?: { accountId: string; rail: Rail; protocol: string | null };
  action: ChangeAction;
  baseVersion: number | null;
  prepared?: {
    settings: Record<string, unknown>;
    secrets: string;
    keyId: string;
    hints: Record<string, { last4: string; fingerprint: string }>;
    derivationKeyId: string | null;
    displayName: string | null;
    metadataPatch: Record<string, string | null> | null;
    receiveAddresses: string[];
  };
  requestedBy: { type: 'user' | 'key' | 'system'; id: string | null; label: string | null };
  now: number;
}

/** Insert a pending change (the caller holds the account's, or the merchant's, row lock). */
export async function insertChange(tx: Db, c: NewChange): Promise<RailAccountChangeRow> {
  const p = c.prepared;
  const [row] = await tx.query(
    `insert into rail_account_changes (id, merchant_id, livemode, account_id, action, base_version, settings, secrets, key_id, hints, derivation_key_id,
       display_name, metadata_patch, receive_addresses, status, requested_by, requested_by_type, requested_by_label, created_at, new_account_id, rail, protocol)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'pending_approval', $15, $16, $17, $18, $19, $20, $21) returning *`,
    [
      c.id,
      c.merchantId,
      c.livemode,
      c.accountId,
      c.action,
      c.baseVersion,
      p ? JSON.stringify(p.settings) : null,
      p?.secrets ?? null,
      p?.keyId ?? null,
      p ? JSON.stringify(p.hints) : null,
      p?.derivationKeyId ?? null,
      p?.displayName ?? null,
      p?.metadataPatch ? JSON.stringify(p.metadataPatch) : null,
      p ? JSON.stringify(p.receiveAddresses) : null,
      c.requestedBy.id,
      c.requestedBy.type,
      c.requestedBy.label,
      c.now,
      c.creates?.accountId ?? null,
      c.creates?.rail ?? null,
      c.creates?.protocol ?? null,
    ],
  );
  return parseChange(row!);
}

/** The change waiting on an account (accountId null: the merchant's 'approval_off'), or null. */
export async function pendingChangeOf(db: Db, merchantId: string, accountId: string | null): Promise<RailAccountChangeRow | null> {
  const rows =
    accountId === null
      ? await db.query(`select * from rail_account_changes where merchant_id = $1 and action = 'approval_off' and status = 'pending_approval'`, [merchantId])
      : await db.query(`select * from rail_account_changes where merchant_id = $1 and account_id = $2 and status = 'pending_approval'`, [
          merchantId,
          accountId,
        ]);
  return rows[0] ? parseChange(rows[0]) : null;
}

/** The connection waiting on a rail in a mode (a 'create'), or null. */
export async function pendingCreateOf(db: Db, merchantId: string, livemode: boolean, rail: Rail): Promise<RailAccountChangeRow | null> {
  const rows = await db.query(
    `select * from rail_account_changes where merchant_id = $1 and livemode = $2 and rail = $3 and action = 'create' and status = 'pending_approval'`,
    [merchantId, livemode, rail],
  );
  return rows[0] ? parseChange(rows[0]) : null;
}

/** The connections waiting in a mode, by rail (one query). */
export async function pendingCreatesOf(db: Db, merchantId: string, livemode: boolean): Promise<Map<Rail, RailAccountChangeRow>> {
  const rows = await db.query(
    `select * from rail_account_changes where merchant_id = $1 and livemode = $2 and action = 'create' and status = 'pending_approval'`,
    [merchantId, livemode],
  );
  return new Map(rows.map((r) => [r.rail as Rail, parseChange(r)]));
}

/** The connection waiting that would make the account `accountId` (GET /v1/rail_accounts/:id before it exists), or null. */
export async function pendingCreateFor(db: Db, merchantId: string, livemode: boolean, accountId: string): Promise<RailAccountChangeRow | null> {
  const rows = await db.query(
    `select * from rail_account_changes where new_account_id = $1 and merchant_id = $2 and livemode = $3 and status = 'pending_approval'`,
    [accountId, merchantId, livemode],
  );
  return rows[0] ? parseChange(rows[0]) : null;
}

/** The changes waiting on these accounts, by account id (one query). */
export async function pendingChangesOf(db: Db, merchantId: string, accountIds: readonly string[]): Promise<Map<string, RailAccountChangeRow>> {
  const out = new Map<string, RailAccountChangeRow>();
  if (!accountIds.length) return out;
  const rows = await db.query(`select * from rail_account_changes where merchant_id = $1 and account_id = any($2::text[]) and status = 'pending_approval'`, [
    merchantId,
    accountIds,
  ]);
  for (const r of rows) out.set(r.account_id as string, parseChange(r));
  return out;
}

/**
 * One change of this merchant, by id: an account's change or a connection of this mode, or the
 * merchant's 'approval_off' (account-wide, seen from either mode). `lock`: for update.
 */
export async function loadChange(db: Db, merchantId: string, livemode: boolean, id: string, lock = false): Promise<RailAccountChangeRow | null> {
  const rows = await db.query(
    `${WITH_RAIL} where c.id = $1 and c.merchant_id = $2 and (c.action = 'approval_off' or c.livemode = $3)${lock ? ' for update of c' : ''}`,
    [id, merchantId, livemode],
  );
  return rows[0] ? parseChange(rows[0]) : null;
}

/** The changes waiting in this merchant's mode (and its 'approval_off'), oldest first. */
export async function listPendingChanges(db: Db, merchantId: string, livemode: boolean): Promise<RailAccountChangeRow[]> {
  const rows = await db.query(
    `${WITH_RAIL} where c.merchant_id = $1 and c.status = 'pending_approval' and (c.action = 'approval_off' or c.livemode = $2)
      order by c.created_at, c.seq limit 100`,
    [merchantId, livemode],
  );
  return rows.map(parseChange);
}

/**
 * The one conditional update of a decision: only a change still waiting, and (`notBy`) never by
 * the one who asked for it, or (`onlyBy`) only by them (withdrawing). Null when it did not apply.
 */
export async function decideChange(
  tx: Db,
  id: string,
  to: Exclude<ChangeStatus, 'pending_approval'>,
  who: { id: string | null; label: string | null; notBy?: string; onlyBy?: string },
  reason: string | null,
  now: number,
): Promise<RailAccountChangeRow | null> {
  // Never by its author, nor by the user who made the key that asked (approverIsAuthor).
  const guard =
    who.notBy !== undefined
      ? ` and not ${approverIsAuthor('rail_account_changes.requested_by', '$7')}`
      : who.onlyBy !== undefined
        ? ' and requested_by = $7'
        : '';
  const params: unknown[] = [id, to, who.id, who.label, now, reason];
  if (guard) params.push(who.notBy ?? who.onlyBy);
  const rows = await tx.query(
    `update rail_account_changes set status = $2, decided_by = $3, decided_by_label = $4, decided_at = $5, reason = $6
      where id = $1 and status = 'pending_approval'${guard} returning *`,
    params,
  );
  return rows[0] ? parseChange(rows[0]) : null;
}

/** A decided change whose apply found the account moved on: superseded instead. */
export async function markSuperseded(tx: Db, id: string): Promise<void> {
  await tx.query(`update rail_account_changes set status = 'superseded' where id = $1`, [id]);
}

/** The account's waiting changes of these actions, superseded by what was just applied to it. */
export async function supersedePending(tx: Db, accountId: string, actions: readonly ChangeAction[], now: number): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `update rail_account_changes set status = 'superseded', decided_at = $3
      where account_id = $1 and status = 'pending_approval' and action = any($2::text[]) returning id`,
    [accountId, actions, now],
  );
  return rows.map((r) => r.id);
}

/** The connections waiting on a rail in a mode, superseded by the account just made active on it. */
export async function supersedePendingCreates(tx: Db, merchantId: string, livemode: boolean, rail: Rail, now: number): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `update rail_account_changes set status = 'superseded', decided_at = $4
      where merchant_id = $1 and livemode = $2 and rail = $3 and action = 'create' and status = 'pending_approval' returning id`,
    [merchantId, livemode, rail, now],
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The merchant's setting.

/** Whether the merchant's rail account changes wait for another owner's approval (`lock`: for update). */
export async function approvalRequired(db: Db, merchantId: string, lock = false): Promise<boolean> {
  const rows = await db.query<{ required: boolean }>(`select rail_account_approval as required from merchants where id = $1${lock ? ' for update' : ''}`, [
    merchantId,
  ]);
  return rows[0]?.required === true;
}

export async function setApprovalRequired(tx: Db, merchantId: string, on: boolean): Promise<void> {
  await tx.query(`update merchants set rail_account_approval = $2 where id = $1`, [merchantId, on]);
}

/** The merchant's active owners: who may approve. */
export async function activeOwners(db: Db, merchantId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(`select count(*)::int as n from users where merchant_id = $1 and role = 'owner' and disabled_at is null`, [
    merchantId,
  ]);
  return Number(rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Key rotation: a waiting change's secrets are re-sealed with the versions' (lib/domain/rail-account-keys.ts).

/** Waiting changes sealed with a key other than `keyId`, a page at a time. */
export async function pendingSealedNotUnder(db: Db, keyId: string, limit: number): Promise<RailAccountChangeRow[]> {
  const rows = await db.query(
    `select * from rail_account_changes where status = 'pending_approval' and secrets is not null and key_id <> $1 order by id limit ${Math.max(1, Math.min(1000, Math.floor(limit)))}`,
    [keyId],
  );
  return rows.map(parseChange);
}

/** A waiting change's secrets sealed again, only if it still holds `from`. */
export async function resealChange(db: Db, id: string, from: string, to: string, keyId: string): Promise<boolean> {
  const rows = await db.query(`update rail_account_changes set secrets = $3, key_id = $4 where id = $1 and secrets = $2 returning id`, [id, from, to, keyId]);
  return rows.length === 1;
}

/** The merchant's waiting changes asked for by these actors (users or keys), canceled: their rows. */
export async function cancelPendingOf(tx: Db, merchantId: string, actorIds: readonly string[], reason: string, now: number): Promise<RailAccountChangeRow[]> {
  if (!actorIds.length) return [];
  const rows = await tx.query(
    `update rail_account_changes set status = 'canceled', decided_at = $4, reason = $3
      where merchant_id = $1 and status = 'pending_approval' and requested_by = any($2::text[]) returning *`,
    [merchantId, actorIds, reason, now],
  );
  return rows.map(parseChange);
}
