// The merchant's own account settings (GET /v1/account, POST /v1/account): its time zone, an IANA
// name (Africa/Abidjan by default), in which its days are counted for reports and the dashboard.
import { z } from 'zod';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import type { Scope } from './common';

export const DEFAULT_TIME_ZONE = 'Africa/Abidjan';

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
});

export interface Account {
  id: string;
  object: 'account';
  name: string;
  timeZone: string;
  livemode: boolean;
}

export async function retrieveAccount(db: Db, scope: Scope): Promise<Account> {
  const rows = await db.query<{ id: string; name: string; time_zone: string }>(`select id, name, time_zone from merchants where id = $1`, [scope.merchantId]);
  if (!rows[0]) throw notFound('account', scope.merchantId);
  return { id: rows[0].id, object: 'account', name: rows[0].name, timeZone: rows[0].time_zone, livemode: scope.livemode };
}

export async function updateAccount(db: Db, scope: Scope, input: z.output<typeof updateAccountInput>): Promise<Account> {
  if (input.timeZone !== undefined) await db.query(`update merchants set time_zone = $2 where id = $1`, [scope.merchantId, input.timeZone]);
  return retrieveAccount(db, scope);
}
