// The roles of a merchant's dashboard users (issue 29), fixed and documented (README "Team"):
//  - owner: everything, and the only one who manages users (and, with the permission checks to
//    come, rail accounts);
//  - admin: everything but users and rail accounts;
//  - developer: API keys, webhooks, reading payments;
//  - support: reading payments, asking for refunds (that need approval);
//  - viewer: reading only.
// This file says what a role IS and which of them manage users: the one rule the sign-in half of
// the issue enforces. The permission matrix of every page, action and API route replaces
// `canManageUsers` with its own entry (it is one row of that table), so a caller asks a function of
// the role, never compares role names itself.

export const ROLES = ['owner', 'admin', 'developer', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** Who invites users, changes their roles, disables them, and sets the team's two-factor rule: owners. */
export const canManageUsers = (role: Role): boolean => role === 'owner';

/** The roles the merchant's "two-factor sign-in required" setting applies to. */
export const requiresTwoFactorWhenSet = (role: Role): boolean => role === 'owner' || role === 'admin';
