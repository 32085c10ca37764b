// Who may do what (issue 29), once: the permissions, the roles of the dashboard's users and what
// each role holds, and which permissions a restricted API key (`rk_test_` / `rk_live_`) may be
// given. The API (lib/api/route.ts: every /v1 route declares its permission) and the dashboard
// (lib/dashboard/context.ts: every page and server action names its own) both read this table; the
// docs guide "Team and permissions" (lib/docs/guides.ts) is written from it.

export const PERMISSIONS = [
  'payments.read',
  'payments.write',
  'refunds.write',
  'refunds.approve',
  'catalog.write',
  'webhooks.write',
  'rail_accounts.write',
  'reports.read',
  'audit.read',
  'settings.write',
  'approvals.loosen',
  'keys.manage',
  'keys.secret',
  'users.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (v: unknown): v is Permission => typeof v === 'string' && (PERMISSIONS as readonly string[]).includes(v);

/** What each permission lets one do, in the docs' words (en). */
export const PERMISSION_DOCS: Record<Permission, string> = {
  'payments.read': 'Read payment intents, checkout sessions, refunds, events, products, prices, payment links, rail accounts, exchange rates and the account.',
  'payments.write': 'Create, confirm and cancel payment intents; create and expire checkout sessions; the test helpers of payments.',
  'refunds.write': 'Create, cancel and mark refunds succeeded; the test helpers of refunds.',
  'refunds.approve': 'Approve or reject a refund waiting for approval (dashboard; never its own author).',
  'catalog.write': 'Create and change products, prices and payment links.',
  'webhooks.write': 'Read, create, change and delete webhook endpoints; read and retry their deliveries.',
  'rail_accounts.write': 'Connect, change and disable rail accounts (where the money lands).',
  'reports.read': 'Read the balance and the balance transactions.',
  'audit.read': 'Read the audit log.',
  'settings.write': "Change the account's settings (time zone; refund approval thresholds, lowered or added).",
  'approvals.loosen':
    'Raise or remove a refund approval threshold (with settings.write). Owners only: an admin approves refunds, so may make the rule that makes them wait stricter, never looser.',
  'keys.manage': "See the API keys; make restricted keys (holding only permissions of one's own role) and revoke them (dashboard).",
  'keys.secret': 'Roll the secret keys (sk_test_, sk_live_), which hold every permission (dashboard).',
  'users.manage': "Manage the account's users (dashboard).",
};

/** The permissions a restricted key may be given (the dashboard-only ones are not the API's). */
export const KEY_PERMISSIONS = [
  'payments.read',
  'payments.write',
  'refunds.write',
  'catalog.write',
  'webhooks.write',
  'rail_accounts.write',
  'reports.read',
  'audit.read',
  'settings.write',
  'approvals.loosen',
] as const satisfies readonly Permission[];
export type KeyPermission = (typeof KEY_PERMISSIONS)[number];
export const isKeyPermission = (v: unknown): v is KeyPermission => typeof v === 'string' && (KEY_PERMISSIONS as readonly string[]).includes(v);

export const ROLES = ['owner', 'admin', 'developer', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * The roles, fixed: owner everything (the only one who manages users and rail accounts, who rolls
 * the secret keys: they hold every permission, rail accounts included, and who loosens the refund
 * approval thresholds: an admin approves refunds, and must not lift the rule that makes its own
 * refunds wait for someone else); admin everything but those four; developer API keys (restricted ones, within its own permissions), webhooks and
 * reading payments; support reading payments and asking for refunds (which then wait for an owner's
 * or admin's approval); viewer reads.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ALL,
  admin: ALL.filter((p) => p !== 'users.manage' && p !== 'rail_accounts.write' && p !== 'keys.secret' && p !== 'approvals.loosen'),
  developer: ['payments.read', 'keys.manage', 'webhooks.write'],
  support: ['payments.read', 'refunds.write'],
  viewer: ['payments.read', 'reports.read'],
};

/** A role's refunds always wait for approval (support's), whatever their amount. */
export const ROLE_REFUNDS_NEED_APPROVAL: Record<Role, boolean> = { owner: false, admin: false, developer: false, support: true, viewer: false };

/** Whether a user of `role` holds `permission`. A user without a role (before the column existed) is an owner. */
export function roleCan(role: Role | undefined, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role ?? 'owner'].includes(permission);
}

/** What a user of `role` holds (a user without a role is an owner). */
export const rolePermissions = (role: Role | undefined): readonly Permission[] => ROLE_PERMISSIONS[role ?? 'owner'];

/** The permissions a user of `role` may give a restricted key: the key permissions the role holds itself. */
export const grantableKeyPermissions = (role: Role | undefined): KeyPermission[] => KEY_PERMISSIONS.filter((p) => roleCan(role, p));

/** Whether a key holds `permission`: a secret key (`permissions` null) holds every one. */
export function keyCan(permissions: readonly string[] | null | undefined, permission: Permission): boolean {
  return permissions == null || permissions.includes(permission);
}
