// The roles of a merchant's dashboard users (issue 29), fixed and documented (README "Team"):
//  - owner: everything, and the only one who manages users and rail accounts, rolls the secret
//    keys (they hold every permission) and raises or removes a refund approval threshold;
//  - admin: everything but those four (it may lower or add a threshold);
//  - developer: API keys (restricted ones, within its own permissions), webhooks, reading payments;
//  - support: reading payments, asking for refunds (that need approval);
//  - viewer: reading only.
// The roles themselves and what each may do are lib/domain/permissions.ts (the one matrix: pages,
// actions and API routes ask it); this file adds the dashboard's two-step sign-in rule.
import { type Role, roleCan } from '../domain/permissions';

export { isRole, ROLES, type Role } from '../domain/permissions';

/** Who invites users, changes their roles, disables them, and sets the team's two-factor rule (`users.manage`). */
export const canManageUsers = (role: Role): boolean => roleCan(role, 'users.manage');

/** The roles the merchant's "two-factor sign-in required" setting applies to. */
export const requiresTwoFactorWhenSet = (role: Role): boolean => role === 'owner' || role === 'admin';
