// The audit log (issue 29): who did what, when, from where, before and after. Append-only (a
// trigger of migration 0029 refuses updates and deletes). `recordAudit` is the one writer, called
// in the action's own transaction where the action is one (a key made, a webhook endpoint changed,
// a refund asked for or decided), so an action and its line commit together or not at all. Secrets
// are never written: only what identifies them (a key's prefix and last four, a fingerprint).
// GET /v1/audit_events (permission audit.read) and the dashboard's Audit log page read it.
import { z } from 'zod';
import type { Db, Row } from '../db/client';
import { createId, nowSeconds } from '../ids';
import type { Actor, Scope } from './common';
import { listObjects, listQuery } from './list';

export const AUDIT_ACTIONS = [
  'user.signed_in',
  'user.sign_in_failed',
  'user.invited',
  'user.invitation_revoked',
  'user.role_changed',
  'user.disabled',
  'user.two_factor_changed',
  'user.two_factor_reset',
  'user.recovery_codes_regenerated',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'rail_account.created',
  'rail_account.updated',
  'rail_account.disabled',
  'rail_account.change_requested',
  'rail_account.change_approved',
  'rail_account.change_rejected',
  'rail_account.change_canceled',
  'refund.created',
  'refund.approved',
  'refund.rejected',
  'refund.canceled',
  'account.updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ACTOR_TYPES = ['user', 'key', 'system'] as const;

export type { Actor };

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, label: null };

/** The actor a scope carries, else Caisse itself. */
export const actorOf = (scope: Scope): Actor => scope.actor ?? SYSTEM_ACTOR;

/** Record an action done in `scope` (its merchant, mode and actor), in the caller's transaction. */
export function auditIn(
  db: Db,
  scope: Scope,
  action: AuditAction,
  target: { object: string; id: string } | null,
  changes?: { before?: unknown; after?: unknown } | null,
): Promise<string> {
  return recordAudit(db, { merchantId: scope.merchantId, livemode: scope.livemode, actor: actorOf(scope), action, target, changes: changes ?? null });
}

export interface AuditEntry {
  merchantId: string;
  livemode: boolean;
  actor: Actor;
  action: AuditAction;
  target?: { object: string; id: string } | null;
  /** Before and after, without secrets (fingerprints and last fours only). */
  changes?: { before?: unknown; after?: unknown } | null;
  now?: number;
}

/** Keys whose values are never written, whatever a caller passes (a last line of defence). */
const SECRET_KEY_RE = /secret|password|macaroon|apikey|api_key|token|privatekey|tlscert|subscriptionkey|clientsecret|merchantkey/i;

/** Drop every value under a secret-looking key (a hint object {last4, fingerprint} is kept). */
export function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const hint = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).every((x) => x === 'last4' || x === 'fingerprint');
    if (SECRET_KEY_RE.test(k) && !hint && k !== 'secrets') out[k] = '[redacted]';
    else out[k] = scrubSecrets(v);
  }
  return out;
}

/** Write one line of the audit log, in the caller's transaction. */
export async function recordAudit(db: Db, e: AuditEntry): Promise<string> {
  const id = createId('audit');
  await db.query(
    `insert into audit_events (id, merchant_id, livemode, action, actor_type, actor_id, actor_label, target_object, target_id, ip, changes, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      e.merchantId,
      e.livemode,
      e.action,
      e.actor.type,
      e.actor.id,
      e.actor.label,
      e.target?.object ?? null,
      e.target?.id ?? null,
      e.actor.ip ?? null,
      e.changes ? JSON.stringify(scrubSecrets(e.changes)) : null,
      e.now ?? nowSeconds(),
    ],
  );
  return id;
}

export interface AuditEvent {
  id: string;
  object: 'audit_event';
  action: AuditAction;
  actor: { type: Actor['type']; id: string | null; label: string | null };
  target: { object: string; id: string } | null;
  ip: string | null;
  changes: { before?: unknown; after?: unknown } | null;
  livemode: boolean;
  createdAt: number;
}

export function toAuditEvent(r: Row): AuditEvent {
  const changes = typeof r.changes === 'string' ? JSON.parse(r.changes) : (r.changes ?? null);
  return {
    id: String(r.id),
    object: 'audit_event',
    action: r.action as AuditAction,
    actor: { type: r.actor_type as Actor['type'], id: (r.actor_id as string | null) ?? null, label: (r.actor_label as string | null) ?? null },
    target: r.target_object ? { object: String(r.target_object), id: String(r.target_id) } : null,
    ip: (r.ip as string | null) ?? null,
    changes,
    livemode: r.livemode === true,
    createdAt: Number(r.created_at),
  };
}

export const listAuditEventsQuery = listQuery({
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  /** A user id (user_...), a key id (key_...), or `system`. */
  actor: z.string().max(100).optional(),
});

/**
 * GET /v1/audit_events: newest first, keyset pages, filters `action`, `actor` (a user or key id, or
 * `system`), createdAt. A key reads its own mode's lines (account-wide actions, such as a sign-in or
 * a user's change, are live-mode lines).
 */
export async function listAuditEvents(db: Db, scope: Scope, query: z.output<typeof listAuditEventsQuery>) {
  const actor = query.actor;
  return listObjects({
    db,
    merchant: scope,
    table: 'audit_events',
    url: '/v1/audit_events',
    query,
    filters: {
      action: query.action,
      ...(actor === 'system' ? { actor_type: 'system' } : { actor_id: actor }),
    },
    map: toAuditEvent,
  });
}

export interface AuditFilters {
  action?: AuditAction;
  actor?: string;
  from?: number;
  to?: number;
}

/**
 * The dashboard's page and CSV: every mode's lines of the merchant, newest first, with a keyset
 * cursor (`before`: the last line's seq).
 */
export async function listAuditForDashboard(
  db: Db,
  merchantId: string,
  f: AuditFilters & { before?: number; limit: number },
): Promise<{ data: (AuditEvent & { seq: number })[]; next: number | null }> {
  const where = ['merchant_id = $1'];
  const params: unknown[] = [merchantId];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.action) add('action = ?', f.action);
  if (f.actor === 'system') where.push("actor_type = 'system'");
  else if (f.actor) add('actor_id = ?', f.actor);
  if (f.from !== undefined) add('created_at >= ?', f.from);
  if (f.to !== undefined) add('created_at < ?', f.to);
  if (f.before !== undefined) add('seq < ?', f.before);
  const rows = await db.query(
    `select * from audit_events where ${where.join(' and ')} order by seq desc limit ${Math.min(Math.max(1, f.limit), 10_000) + 1}`,
    params,
  );
  const page = rows.slice(0, f.limit);
  return {
    data: page.map((r) => ({ ...toAuditEvent(r), seq: Number(r.seq) })),
    next: rows.length > f.limit ? Number(page[page.length - 1]!.seq) : null,
  };
}
