// Report runs (`frr_...`, POST/GET /v1/report_runs): a file of the merchant's ledger over a range of
// days in its time zone, answered at once (`pending`) and completed by the worker (./complete.ts),
// which pins the ledger (`seq`) so the file (./file.ts) is the same on every download. The input, the
// one serializer, create, read and list. May import the engine, domain, store, db and lib/*.ts.
import { z } from 'zod';
import { config } from '../config';
import type { Db, Row } from '../db/client';
import { retrieveAccount } from '../domain/account';
import type { Scope } from '../domain/common';
import { listObjects, listQuery } from '../domain/list';
import { invalid, notFound } from '../errors';
import { createId, isIdOf, nowSeconds } from '../ids';
import { addDays, isCalendarDate, zonedDate, zonedDayStart } from '../time-zone';

export const REPORT_TYPES = ['balance_transactions', 'daily_summary'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest range a run covers, both ends included (a leap year). */
export const MAX_REPORT_DAYS = 366;

const calendarDate = (param: 'from' | 'to') =>
  z
    .string({ error: `${param} must be a date written YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${param} must be a date written YYYY-MM-DD`)
    .superRefine((v, ctx) => {
      if (/^\d{4}-\d{2}-\d{2}$/.test(v) && !isCalendarDate(v))
        ctx.addIssue({ code: 'custom', message: `${param} must be a real calendar date written YYYY-MM-DD; got '${v.slice(0, 20)}'` });
    });

export const createReportRunInput = z
  .strictObject({
    type: z.enum(REPORT_TYPES, { error: `type must be one of ${REPORT_TYPES.join(', ')}` }),
    from: calendarDate('from'),
    to: calendarDate('to'),
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: `to (${v.to}) must be on or after from (${v.from})` });
    else if (daysBetween(v.from, v.to) + 1 > MAX_REPORT_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report covers at most ${MAX_REPORT_DAYS} days; from ${v.from} to ${v.to} is ${daysBetween(v.from, v.to) + 1}. Split it into several runs.`,
      });
  });
export type CreateReportRunInput = z.output<typeof createReportRunInput>;

export const listReportRunsQuery = listQuery({});

export interface ReportRun {
  id: string;
  object: 'report_run';
  type: ReportType;
  status: ReportStatus;
  /** The merchant's time zone when the run was made: the days of `from` and `to` are counted in it. */
  timeZone: string;
  from: string;
  to: string;
  /** Lines of the file (without its header); null until the run succeeded. */
  rowCount: number | null;
  /** Where the CSV is downloaded (with the API key); null until the run succeeded. */
  fileUrl: string | null;
  livemode: boolean;
  createdAt: number;
}

/** The row as the worker and the file writer read it. */
export interface ReportRunRow {
  id: string;
  merchantId: string;
  livemode: boolean;
  type: ReportType;
  status: ReportStatus;
  timeZone: string;
  from: string;
  to: string;
  /** Unix seconds: the first instant of `from`, and of the day after `to` (excluded). */
  rangeStart: number;
  rangeEnd: number;
  /** The ledger's pin: the file holds the lines with seq <= this. Null until the run succeeded. */
  ledgerSeq: string | null;
  rowCount: number | null;
  error: string | null;
  createdAt: number;
  completedAt: number | null;
}

export function parseReportRun(r: Row): ReportRunRow {
  return {
    id: String(r.id),
    merchantId: String(r.merchant_id),
    livemode: r.livemode === true,
    type: r.type as ReportType,
    status: r.status as ReportStatus,
    timeZone: String(r.time_zone),
    from: String(r.from_date),
    to: String(r.to_date),
    rangeStart: Number(r.range_start),
    rangeEnd: Number(r.range_end),
    // A bigint kept as its decimal string: it only goes back into SQL.
    ledgerSeq: r.ledger_seq === null || r.ledger_seq === undefined ? null : String(r.ledger_seq),
    rowCount: r.row_count === null || r.row_count === undefined ? null : Number(r.row_count),
    error: (r.error as string | null) ?? null,
    createdAt: Number(r.created_at),
    completedAt: r.completed_at === null || r.completed_at === undefined ? null : Number(r.completed_at),
  };
}

/** The run as the API (and its events) show it. */
export function toReportRun(run: ReportRunRow): ReportRun {
  return {
    id: run.id,
    object: 'report_run',
    type: run.type,
    status: run.status,
    timeZone: run.timeZone,
    from: run.from,
    to: run.to,
    rowCount: run.status === 'succeeded' ? run.rowCount : null,
    fileUrl: run.status === 'succeeded' ? `${config().BASE_URL}/v1/report_runs/${run.id}/file` : null,
    livemode: run.livemode,
    createdAt: run.createdAt,
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface CreateReportRunOptions {
  /** The clock (Unix seconds): which day is the merchant's today. Tests pass their own. */
  now?: number;
}

/**
 * A new run, `pending`: the range checked in the merchant's time zone (its `to` not after the
 * merchant's today) and written with its Unix-second bounds. The worker completes it.
 */
export async function createReportRun(db: Db, scope: Scope, input: CreateReportRunInput, opts: CreateReportRunOptions = {}): Promise<ReportRun> {
  const now = opts.now ?? nowSeconds();
  const { timeZone } = await retrieveAccount(db, scope);
  const today = zonedDate(now, timeZone);
  if (input.to > today)
    throw invalid(
      'parameter_invalid',
      `to (${input.to}) is after today (${today} in ${timeZone}, the account's time zone): a report covers days that have begun.`,
      'to',
    );
  const run: ReportRunRow = {
    id: createId('frr'),
    merchantId: scope.merchantId,
    livemode: scope.livemode,
    type: input.type,
    status: 'pending',
    timeZone,
    from: input.from,
    to: input.to,
    rangeStart: zonedDayStart(input.from, timeZone),
    rangeEnd: zonedDayStart(addDays(input.to, 1), timeZone),
    ledgerSeq: null,
    rowCount: null,
    error: null,
    createdAt: now,
    completedAt: null,
  };
  await db.query(
    `insert into report_runs (id, merchant_id, livemode, type, status, time_zone, from_date, to_date, range_start, range_end, created_at, next_run_at)
     values ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $10)`,
    [run.id, run.merchantId, run.livemode, run.type, run.timeZone, run.from, run.to, run.rangeStart, run.rangeEnd, run.createdAt],
  );
  return toReportRun(run);
}

/** The run's row, this merchant's and mode's only (another's is not found). */
export async function loadReportRun(db: Db, scope: Scope, id: string): Promise<ReportRunRow> {
  if (!isIdOf('frr', id)) throw notFound('report_run', id);
  const rows = await db.query(`select * from report_runs where id = $1 and merchant_id = $2 and livemode = $3`, [id, scope.merchantId, scope.livemode]);
  if (!rows[0]) throw notFound('report_run', id);
  return parseReportRun(rows[0]);
}

export async function retrieveReportRun(db: Db, scope: Scope, id: string): Promise<ReportRun> {
  return toReportRun(await loadReportRun(db, scope, id));
}

/** Newest first, keyset pagination like every list (lib/domain/list.ts). */
export async function listReportRuns(db: Db, scope: Scope, query: z.output<typeof listReportRunsQuery>) {
  return listObjects({
    db,
    merchant: scope,
    table: 'report_runs',
    url: '/v1/report_runs',
    query,
    map: (r) => toReportRun(parseReportRun(r)),
  });
}
