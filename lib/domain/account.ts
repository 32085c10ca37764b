// The merchant's own account settings (GET /v1/account, POST /v1/account): its time zone, an IANA
// name (Africa/Abidjan by default), in which its days are counted for reports and the dashboard;
// its refund approval thresholds; whether changes of its rail accounts wait for another owner's
// approval (`railAccountApproval`, lib/domain/rail-account-changes.ts: turning it off waits too).
import { z } from 'zod';
import type { Db } from '../db/client';
import { DomainError, notFound } from '../errors';
import { CURRENCIES, type Currency } from '../money';
import { pendingChangeOf } from '../store/rail-account-changes';
import { auditIn } from './audit';
import type { Scope } from './common';
import { setRailAccountApproval } from './rail-account-changes';
import { type PendingChange, toPendingChange } from './rail-accounts';

export const DEFAULT_TIME_ZONE = 'Africa/Abidjan';
/** The largest refund approval threshold (15 digits): what lib/refunds/create.ts reads back exactly. */
export const MAX_THRESHOLD = 999_999_999_999_999;

/** The IANA name as the runtime knows it (its canonical spelling), or null when it knows none such. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const updateAccountInput = z.strictObject({
  timeZone: z
    .string({ error: 'timeZone must be a string' })
    .transform((v, ctx) => {
      const tz = canonicalTimeZone(v);
      if (tz === null) {
        ctx.addIssue({
          code: 'custom',
          message: `timeZone must be an IANA time zone name, such as ${DEFAULT_TIME_ZONE} or Africa/Douala; got '${v.slice(0, 64)}'`,
        });
        return z.NEVER;
      }
      return tz;
    })
    .optional(),
  /**
   * Issue 29: per currency, the amount (minor units) above which a refund (counted with the same
   * payment's refunds that still hold money) waits for an owner's or
   * admin's approval; null removes a currency's threshold. Merged into the current ones.
   */
  refundApprovalThresholds: z
    .partialRecord(
      z.enum(CURRENCIES, { error: `refundApprovalThresholds takes currencies: ${CURRENCIES.join(', ')}` }),
      z
        .number({ error: 'a threshold must be a whole number of minor units, or null' })
        .int('a threshold must be a whole number of minor units, or null')
        .min(0)
        .max(MAX_THRESHOLD, `a threshold must be at most ${MAX_THRESHOLD} minor units`)
        .nullable(),
    )
    .optional(),
  /**
   * Issue 29: changes and disabling of rail accounts wait for the approval of an owner other than
   * their author. On: needs two active owners. Off: itself waits for another owner's approval.
   */
  railAccountApproval: z.boolean({ error: 'railAccountApproval must be true or false' }).optional(),
});

export interface Account {
  id: string;
  object: 'account';
  name: string;
  timeZone: string;
  /** Per currency, the amount above which a refund waits for approval (none by default). */
  refundApprovalThresholds: Partial<Record<Currency, number>>;
  /** Whether rail account changes wait for another owner's approval (off by default). */
  railAccountApproval: boolean;
  /** Turning railAccountApproval off, waiting for another owner's approval; null when none. */
  pendingChange: PendingChange | null;
  livemode: boolean;
}

export async function retrieveAccount(db: Db, scope: Scope): Promise<Account> {
  const rows = await db.query<{ id: string; name: string; time_zone: string; refund_approval_thresholds: unknown; rail_account_approval: boolean }>(
    `select id, name, time_zone, refund_approval_thresholds, rail_account_approval from merchants where id = $1`,
    [scope.merchantId],
  );
  if (!rows[0]) throw notFound('account', scope.merchantId);
  // Turning it off can only wait while it is on.
  const pending = rows[0].rail_account_approval === true ? await pendingChangeOf(db, scope.merchantId, null) : null;
  return {
    id: rows[0].id,
    object: 'account',
    name: rows[0].name,
    timeZone: rows[0].time_zone,
    refundApprovalThresholds: thresholdsOf(rows[0].refund_approval_thresholds),
    railAccountApproval: rows[0].rail_account_approval === true,
    pendingChange: pending ? toPendingChange(pending) : null,
    livemode: scope.livemode,
  };
}

function thresholdsOf(raw: unknown): Partial<Record<Currency, number>> {
  const v = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const out: Partial<Record<Currency, number>> = {};
  for (const c of CURRENCIES) {
    const t = (v as Record<string, unknown> | null)?.[c];
    if (typeof t === 'number' && Number.isSafeInteger(t)) out[c] = t;
    else if (typeof t === 'string' && /^\d{1,15}$/.test(t)) out[c] = Number(t);
  }
  return out;
}

/** What the one who changes the settings may do beyond settings.write. */
export interface AccountUpdateRights {
  /** Raise or remove a refund approval threshold (approvals.loosen: owners, secret keys). Without it, thresholds may only be lowered or added. */
  loosenApprovals: boolean;
}

/** The currencies whose threshold `asked` raises or removes (a refund that waited would no longer): a change that needs approvals.loosen. */
export function loosenedThresholds(current: Partial<Record<Currency, number>>, asked: Partial<Record<Currency, number | null>>): Currency[] {
  return CURRENCIES.filter((c) => {
    const now = current[c];
    const next = asked[c];
    return now !== undefined && next !== undefined && (next === null || next > now);
  });
}

/**
 * POST /v1/account and the dashboard's settings; a change is a line of the audit log
 * (account.updated). `pending`: turning railAccountApproval off waits for another owner's approval.
 * A threshold raised or removed without `rights.loosenApprovals`: 403 permission_denied, nothing changed.
 */
export async function submitAccountUpdate(
  db: Db,
  scope: Scope,
  input: z.output<typeof updateAccountInput>,
  rights: AccountUpdateRights,
): Promise<{ account: Account; pending: boolean }> {
  const run = async (tx: Db) => {
    // The merchant's row locked first: two changes of the thresholds at once are judged one after the other.
    await tx.query(`select id from merchants where id = $1 for update`, [scope.merchantId]);
    const before = await retrieveAccount(tx, scope);
    if (input.refundApprovalThresholds !== undefined && !rights.loosenApprovals) {
      const loosened = loosenedThresholds(before.refundApprovalThresholds, input.refundApprovalThresholds);
      if (loosened.length) throw loosenRefused(loosened, before.refundApprovalThresholds, input.refundApprovalThresholds);
    }
    if (input.timeZone !== undefined) await tx.query(`update merchants set time_zone = $2 where id = $1`, [scope.merchantId, input.timeZone]);
    if (input.refundApprovalThresholds !== undefined) {
      const next: Record<string, number> = { ...before.refundApprovalThresholds };
      for (const [c, t] of Object.entries(input.refundApprovalThresholds)) {
        if (t === null || t === undefined) delete next[c];
        else next[c] = t;
      }
      await tx.query(`update merchants set refund_approval_thresholds = $2 where id = $1`, [scope.merchantId, JSON.stringify(next)]);
    }
    const approval = input.railAccountApproval === undefined ? { pending: null } : await setRailAccountApproval(tx, scope, input.railAccountApproval);
    const after = await retrieveAccount(tx, scope);
    const changed = (['timeZone', 'refundApprovalThresholds', 'railAccountApproval'] as const).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    if (changed.length)
      await auditIn(
        tx,
        { ...scope, livemode: true },
        'account.updated',
        { object: 'account', id: scope.merchantId },
        { before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])) },
      );
    return { account: after, pending: approval.pending !== null };
  };
  return db.inTransaction ? run(db) : db.transaction(run);
}

/** submitAccountUpdate's account. */
export async function updateAccount(db: Db, scope: Scope, input: z.output<typeof updateAccountInput>, rights: AccountUpdateRights): Promise<Account> {
  return (await submitAccountUpdate(db, scope, input, rights)).account;
}

/** 403 permission_denied: a threshold raised or removed by one without approvals.loosen (an admin, a restricted key without it). */
function loosenRefused(currencies: Currency[], current: Partial<Record<Currency, number>>, asked: Partial<Record<Currency, number | null>>): DomainError {
  const what = currencies.map((c) => `${c} ${current[c]} -> ${asked[c] === null ? 'none' : asked[c]}`).join(', ');
  return new DomainError(
    'permission_denied',
    `Only an owner (or a key with 'approvals.loosen') can raise or remove a refund approval threshold (${what}): the rule makes refunds wait for a second person, so it is made stricter by anyone who changes settings, looser only by an owner. Nothing was changed.`,
    'refundApprovalThresholds',
  );
}
