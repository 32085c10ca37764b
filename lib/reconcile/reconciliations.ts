// Reconciliations as the API and the dashboard use them: create one (pending, completed by the
// worker: worker.ts, run.ts), list them (keyset, newest first), retrieve one with its first items,
// list a run's items, and the latest run per rail account (the dashboard's summary).
// May import lib/domain, lib/store, lib/db, bottom.
import { z } from 'zod';
import type { Db } from '../db/client';
import { retrieveAccount } from '../domain/account';
import type { Scope } from '../domain/common';
import { listObjects, listQuery } from '../domain/list';
import { invalid, notFound } from '../errors';
import { createId, ID_PREFIXES, isIdOf } from '../ids';
import { addDays, isCalendarDate, zonedDate, zonedDayStart } from '../time-zone';
import { INLINE_ITEMS, RECONCILIATION_STATUSES, type Reconciliation, type ReconciliationItem, toReconciliation, toReconciliationItem } from './objects';

/** The longest period one reconciliation covers, in days. */
export const MAX_RECONCILIATION_DAYS = 31;

const date = (name: string) =>
  z.string({ error: `${name} must be a date, YYYY-MM-DD` }).refine(isCalendarDate, { message: `${name} must be a calendar date written YYYY-MM-DD` });

export const createReconciliationInput = z.strictObject({
  from: date('from'),
  to: date('to'),
  railAccountId: z.string({ error: 'railAccountId must be a string' }).max(100).optional(),
});
export type CreateReconciliationInput = z.output<typeof createReconciliationInput>;

export const listReconciliationsQuery = listQuery({
  status: z.enum(RECONCILIATION_STATUSES, { error: `status must be one of ${RECONCILIATION_STATUSES.join(', ')}` }).optional(),
  railAccountId: z.string().max(100).optional(),
});

export const listReconciliationItemsQuery = listQuery({});

/** The days `from`..`to` of the merchant's zone, checked: [start, end) in Unix seconds. */
export function periodOf(from: string, to: string, timeZone: string, now: number): { start: number; end: number } {
  if (from > to) throw invalid('parameter_invalid', `from (${from}) must not be after to (${to}).`, 'from');
  if (addDays(from, MAX_RECONCILIATION_DAYS - 1) < to)
    throw invalid('parameter_invalid', `A reconciliation covers at most ${MAX_RECONCILIATION_DAYS} days; make several.`, 'to');
  const today = zonedDate(now, timeZone);
  if (from > today) throw invalid('parameter_invalid', `from (${from}) is in the future (today is ${today} in ${timeZone}).`, 'from');
  return { start: zonedDayStart(from, timeZone), end: zonedDayStart(addDays(to, 1), timeZone) };
}

/** The worker's daily run of a day and number was made by another instance. */
export class DailyRunExists extends Error {
  constructor(day: string) {
    super(`the daily reconciliation of ${day} exists already`);
  }
}

/** A pending reconciliation (the worker completes it, usually within seconds). */
export async function createReconciliation(
  db: Db,
  scope: Scope,
  input: CreateReconciliationInput,
  opts: { now: number; origin?: 'api' | 'daily'; runNumber?: number },
): Promise<Reconciliation> {
  const { timeZone } = await retrieveAccount(db, scope);
  const period = periodOf(input.from, input.to, timeZone, opts.now);
  if (input.railAccountId !== undefined) {
    const own = isIdOf(ID_PREFIXES.railAccount, input.railAccountId)
      ? await db.query(`select 1 from rail_accounts where id = $1 and merchant_id = $2 and livemode = $3`, [
          input.railAccountId,
          scope.merchantId,
          scope.livemode,
        ])
      : [];
    if (!own[0]) throw notFound('rail_account', input.railAccountId.slice(0, 100), 'railAccountId');
  }
  const rows = await db.query(
    `insert into reconciliations (id, merchant_id, livemode, status, origin, time_zone, from_date, to_date, period_start, period_end, rail_account_id, run_number, created_at)
     values ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict do nothing returning *`,
    [
      createId('recon'),
      scope.merchantId,
      scope.livemode,
      opts.origin ?? 'api',
      timeZone,
      input.from,
      input.to,
      period.start,
      period.end,
      input.railAccountId ?? null,
      opts.runNumber ?? null,
      opts.now,
    ],
  );
  // Only a daily run can conflict (its unique day and number): another instance made it.
  if (!rows[0]) throw new DailyRunExists(input.from);
  return toReconciliation(rows[0], []);
}

export async function listReconciliations(db: Db, scope: Scope, query: z.output<typeof listReconciliationsQuery>) {
  return listObjects({
    db,
    merchant: scope,
    table: 'reconciliations',
    url: '/v1/reconciliations',
    query,
    filters: { status: query.status, rail_account_id: query.railAccountId },
    // A list shows each run without its items (itemCount says how many; retrieve shows them).
    map: (r) => ({ ...toReconciliation(r, []), hasMoreItems: Number(r.item_count) > 0 }),
  });
}

/** One reconciliation with its first INLINE_ITEMS items (oldest first). */
export async function retrieveReconciliation(db: Db, scope: Scope, id: string): Promise<Reconciliation> {
  const rows = await db.query(`select * from reconciliations where id = $1 and merchant_id = $2 and livemode = $3`, [id, scope.merchantId, scope.livemode]);
  if (!rows[0]) throw notFound('reconciliation', id);
  const items = await db.query(`select * from reconciliation_items where reconciliation_id = $1 order by seq limit ${INLINE_ITEMS}`, [id]);
  return toReconciliation(rows[0], items);
}

/** A run's items, every one (keyset pagination, newest first like every list). */
export async function listReconciliationItems(db: Db, scope: Scope, id: string, query: z.output<typeof listReconciliationItemsQuery>) {
  await retrieveExists(db, scope, id);
  return listObjects<ReconciliationItem>({
    db,
    merchant: scope,
    table: 'reconciliation_items',
    url: `/v1/reconciliations/${id}/items`,
    query,
    filters: { reconciliation_id: id },
    map: toReconciliationItem,
  });
}

async function retrieveExists(db: Db, scope: Scope, id: string): Promise<void> {
  const rows = await db.query(`select 1 from reconciliations where id = $1 and merchant_id = $2 and livemode = $3`, [id, scope.merchantId, scope.livemode]);
  if (!rows[0]) throw notFound('reconciliation', id);
}

/**
 * The dashboard's summary: for each rail account this merchant has in this mode (and `null`, the
 * platform's and the simulators' money), the latest completed reconciliation that covered it (one
 * of that account, or one of every account), without items.
 */
export async function latestReconciliations(db: Db, scope: Scope): Promise<{ railAccountId: string | null; reconciliation: Reconciliation | null }[]> {
  const accounts = await db.query<{ id: string }>(`select id from rail_accounts where merchant_id = $1 and livemode = $2 order by created_at, seq`, [
    scope.merchantId,
    scope.livemode,
  ]);
  const out: { railAccountId: string | null; reconciliation: Reconciliation | null }[] = [];
  for (const accountId of [null, ...accounts.map((a) => a.id)]) {
    const rows = await db.query(
      `select * from reconciliations where merchant_id = $1 and livemode = $2 and status <> 'pending'
          and (rail_account_id is null or rail_account_id = $3)
        order by period_end desc, completed_at desc, seq desc limit 1`,
      [scope.merchantId, scope.livemode, accountId],
    );
    out.push({ railAccountId: accountId, reconciliation: rows[0] ? toReconciliation(rows[0], []) : null });
  }
  return out;
}
