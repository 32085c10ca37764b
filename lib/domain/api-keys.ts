// Restricted API keys (issue 29): `rk_test_...` / `rk_live_...`, Stripe's model. The same rows as
// the secret keys (api_keys, hashed the same way, found by the same one indexed lookup in
// lib/api/auth.ts) with a name and a `permissions` list (lib/domain/permissions.ts KEY_PERMISSIONS);
// a secret key's `permissions` is null: it holds every one. Made and revoked on the dashboard's API
// keys page by those who manage keys; a key holds only permissions its maker's role holds (a
// developer cannot make a key that changes rail accounts), and is its maker's (api_keys.created_by:
// they cannot approve a refund asked for with it). The secret is shown once. Revoking a key cancels
// the refunds it asked for that still wait for approval. Each is written to the audit log in its own
// transaction.
import type { Db } from '../db/client';
import { DomainError, invalid, notFound } from '../errors';
import { createId, nowSeconds, randomBase62 } from '../ids';
import { type Actor, recordAudit } from './audit';
import { hashKey, keyMakerOf } from './merchants';
import { isKeyPermission, KEY_PERMISSIONS, type KeyPermission, type Permission } from './permissions';
import { cancelRailAccountChangesBy } from './rail-account-changes';
import { cancelPendingRefundsBy } from './refund-approvals';

/** How the dashboard and the audit log name a key: its prefix and last four, never the secret. */
export function keyLabel(permissions: readonly string[] | null, livemode: boolean, last4: string): string {
  return `${permissions === null ? 'sk' : 'rk'}_${livemode ? 'live' : 'test'}_…${last4}`;
}

/** A key's fingerprint for the audit log: the first 12 hex digits of its stored hash (never the secret). */
export const keyFingerprint = (secret: string): string => hashKey(secret).slice(0, 12);

export interface CreateRestrictedKeyInput {
  name: string;
  livemode: boolean;
  permissions: readonly string[];
}

export interface ApiKeyView {
  id: string;
  name: string | null;
  livemode: boolean;
  last4: string;
  /** Null for a secret key (every permission). */
  permissions: KeyPermission[] | null;
  display: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A permission asked for a key that its maker's role does not hold: refused, naming them. */
export const notGrantable = (permissions: readonly string[]) =>
  new DomainError(
    'permission_denied',
    `Your role cannot give a key ${permissions.map((p) => `'${p}'`).join(', ')}: a restricted key may hold only permissions your own role holds.`,
    'permissions',
  );

/**
 * Create a restricted key; its secret is returned once (only its hash is kept). `allowed`: what its
 * maker holds (lib/domain/permissions.ts rolePermissions of their role; every permission for
 * Caisse): a permission outside it is refused (permission_denied, param `permissions`), nothing made.
 */
export async function createRestrictedKey(
  db: Db,
  merchantId: string,
  input: CreateRestrictedKeyInput,
  actor: Actor,
  allowed: readonly Permission[],
  now = nowSeconds(),
): Promise<{ key: ApiKeyView; secret: string }> {
  if (!Array.isArray(allowed)) throw new Error("createRestrictedKey: the maker's allowed permissions are required");
  const name = input.name.trim();
  if (!name || name.length > 100) throw invalid('parameter_invalid', 'A key name must be 1 to 100 characters.', 'name');
  const bad = input.permissions.find((p) => !isKeyPermission(p));
  if (bad !== undefined) throw invalid('parameter_invalid', `Unknown permission: '${bad.slice(0, 40)}'.`, 'permissions');
  const beyond = KEY_PERMISSIONS.filter((p) => input.permissions.includes(p) && !allowed.includes(p));
  if (beyond.length > 0) throw notGrantable(beyond);
  // Kept in the table's order, each once.
  const permissions = KEY_PERMISSIONS.filter((p) => input.permissions.includes(p));
  if (permissions.length === 0) throw invalid('parameter_missing', 'Choose at least one permission.', 'permissions');
  const secret = `rk_${input.livemode ? 'live' : 'test'}_${randomBase62(32)}`;
  const id = createId('key');
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into api_keys (id, merchant_id, livemode, key_hash, last4, created_at, name, permissions, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, merchantId, input.livemode, hashKey(secret), secret.slice(-4), now, name, permissions, keyMakerOf(actor)],
    );
    const display = keyLabel(permissions, input.livemode, secret.slice(-4));
    await recordAudit(tx, {
      merchantId,
      livemode: input.livemode,
      actor,
      action: 'api_key.created',
      target: { object: 'api_key', id },
      changes: { after: { name, permissions, key: display, fingerprint: keyFingerprint(secret) } },
      now,
    });
    return {
      key: { id, name, livemode: input.livemode, last4: secret.slice(-4), permissions, display, createdAt: now, lastUsedAt: null },
      secret,
    };
  });
}

/**
 * Revoke one restricted key of the merchant (a secret key is rolled, not revoked alone); the refunds
 * it asked for that still wait for approval are canceled in the same transaction.
 */
export async function revokeRestrictedKey(db: Db, merchantId: string, keyId: string, actor: Actor, now = nowSeconds()): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeIn(tx, merchantId, keyId, actor, now))) throw notFound('api_key', keyId);
  });
}

/**
 * A restricted key holds only permissions its maker holds (createRestrictedKey): when the maker is
 * given a role with fewer (or disabled: `allowed` empty), the keys they made that now hold more are
 * revoked, in the caller's transaction, each as revokeRestrictedKey does (audited, its waiting
 * refunds and changes canceled). A secret key (rolled by an owner) is the merchant's, as with
 * Stripe: it stays. The keys revoked.
 */
export async function revokeKeysBeyond(
  tx: Db,
  merchantId: string,
  makerId: string,
  allowed: readonly Permission[],
  actor: Actor,
  now = nowSeconds(),
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `select id from api_keys
      where merchant_id = $1 and created_by = $2 and permissions is not null and revoked_at is null
        and not (permissions <@ $3::text[])
      order by id for update`,
    [merchantId, makerId, [...allowed]],
  );
  const revoked: string[] = [];
  for (const r of rows) if (await revokeIn(tx, merchantId, r.id, actor, now, 'maker_lost_permissions')) revoked.push(r.id);
  return revoked;
}

async function revokeIn(tx: Db, merchantId: string, keyId: string, actor: Actor, now: number, reason?: 'maker_lost_permissions'): Promise<boolean> {
  const rows = await tx.query<{ id: string; livemode: boolean; last4: string; permissions: string[]; name: string | null }>(
    `update api_keys set revoked_at = $3 where id = $1 and merchant_id = $2 and permissions is not null and revoked_at is null
     returning id, livemode, last4, permissions, name`,
    [keyId, merchantId, now],
  );
  const r = rows[0];
  if (!r) return false;
  await recordAudit(tx, {
    merchantId,
    livemode: r.livemode,
    actor,
    action: 'api_key.revoked',
    target: { object: 'api_key', id: r.id },
    changes: {
      before: { name: r.name, permissions: r.permissions, key: keyLabel(r.permissions, r.livemode, r.last4) },
      ...(reason ? { after: { reason } } : {}),
    },
    now,
  });
  await cancelPendingRefundsBy(tx, merchantId, [r.id], 'The restricted key that asked for this refund was revoked before it was approved.', actor);
  await cancelRailAccountChangesBy(
    tx,
    { merchantId, livemode: r.livemode, actor },
    [r.id],
    'The restricted key that asked for this change was revoked before it was approved.',
  );
  return true;
}

/** The merchant's working restricted keys, live first, newest first. */
export async function listRestrictedKeys(db: Db, merchantId: string): Promise<ApiKeyView[]> {
  const rows = await db.query<{
    id: string;
    name: string | null;
    livemode: boolean;
    last4: string;
    permissions: string[] | null;
    created_at: number;
    last_used_at: number | null;
  }>(
    `select id, name, livemode, last4, permissions, created_at, last_used_at from api_keys
     where merchant_id = $1 and revoked_at is null and permissions is not null order by livemode desc, created_at desc, id`,
    [merchantId],
  );
  return rows.map((r) => {
    const permissions = r.permissions === null ? null : r.permissions.filter(isKeyPermission);
    return {
      id: r.id,
      name: r.name,
      livemode: r.livemode === true,
      last4: r.last4,
      permissions,
      display: keyLabel(r.permissions, r.livemode === true, r.last4),
      createdAt: Number(r.created_at),
      lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    };
  });
}
