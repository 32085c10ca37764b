// A succeeded run's file (GET /v1/report_runs/:id/file, the dashboard's download): CSV through
// lib/csv.ts (formula cells escaped), amounts as integers in minor units as the API gives them.
// `balance_transactions`: one line per ledger line with seq <= the run's pin in its range, oldest
// first, read by keyset pages of FILE_PAGE rows and written page by page, so memory stays bounded
// whatever the range holds (npm run bench:report). `daily_summary`: ./summary.ts at the pin.
import { csvChunks, csvRow } from '../csv';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { DomainError } from '../errors';
import { zonedIsoWriter } from '../time-zone';
import { loadReportRun, type ReportRunRow } from './runs';
import { type DailySummaryRow, dailySummary } from './summary';

export const BALANCE_TRANSACTIONS_COLUMNS = [
  'id',
  'createdAt',
  'createdAtUtc',
  'type',
  'source',
  'paymentIntentId',
  'rail',
  'railAccountId',
  'platformAccount',
  'amount',
  'currency',
  'amountInIntentCurrency',
  'intentCurrency',
  'rate',
] as const;

export const DAILY_SUMMARY_COLUMNS = [
  'date',
  'rail',
  'railAccountId',
  'platformAccount',
  'currency',
  'opening',
  'payments',
  'refunds',
  'closing',
  'count',
  'intentCurrency',
  'openingInIntentCurrency',
  'paymentsInIntentCurrency',
  'refundsInIntentCurrency',
  'closingInIntentCurrency',
] as const;

/** Rows a page of the balance_transactions file reads (a literal in the statement: one prepared plan). */
export const FILE_PAGE = 1000;

/** A ledger line as the file reads it. */
export interface LedgerLine {
  id: string;
  seq: string;
  created_at: number | string;
  type: string;
  source: string;
  payment_intent_id: string;
  rail: string;
  rail_account_id: string | null;
  account_owner: string;
  amount: number | string;
  currency: string;
  amount_in_intent_currency: number | string;
  intent_currency: string;
  rate: string | null;
}

/** One ledger line of the balance_transactions file. */
export function balanceTransactionCsvLine(l: LedgerLine, zoned: (t: number) => string): string {
  const t = Number(l.created_at);
  return csvRow([
    l.id,
    zoned(t),
    `${new Date(t * 1000).toISOString().slice(0, 19)}Z`,
    l.type,
    l.source,
    l.payment_intent_id,
    l.rail,
    l.rail_account_id,
    l.account_owner === 'platform' ? 'true' : 'false',
    Number(l.amount),
    l.currency,
    Number(l.amount_in_intent_currency),
    l.intent_currency,
    l.rate,
  ]);
}

/** One row of the daily_summary file. */
export function dailySummaryCsvLine(r: DailySummaryRow): string {
  return csvRow([
    r.date,
    r.rail,
    r.railAccountId,
    r.platformAccount ? 'true' : 'false',
    r.currency,
    r.opening,
    r.payments,
    r.refunds,
    r.closing,
    r.count,
    r.intentCurrency,
    r.openingInIntentCurrency,
    r.paymentsInIntentCurrency,
    r.refundsInIntentCurrency,
    r.closingInIntentCurrency,
  ]);
}

/** The run's ledger lines (seq <= pin, in its range), oldest first, FILE_PAGE at a time by keyset. */
export async function* ledgerPages(
  db: Db,
  run: Pick<ReportRunRow, 'merchantId' | 'livemode' | 'rangeStart' | 'rangeEnd'>,
  pin: string,
): AsyncGenerator<LedgerLine[]> {
  let after: { createdAt: number; seq: string } = { createdAt: run.rangeStart, seq: '0' };
  for (;;) {
    // (created_at, seq) > the last line's: the list index (merchant, mode, created_at, seq) read
    // forward from there, never an offset.
    const page = await db.query<LedgerLine>(
      `select id, seq::text as seq, created_at, type, source, payment_intent_id, rail, rail_account_id, account_owner, amount, currency,
              amount_in_intent_currency, intent_currency, rate
         from balance_transactions
        where merchant_id = $1 and livemode = $2 and created_at >= $3::bigint and (created_at, seq) > ($3::bigint, $4::bigint) and created_at < $5 and seq <= $6::bigint
        order by created_at, seq
        limit ${FILE_PAGE}`,
      [run.merchantId, run.livemode, after.createdAt, after.seq, run.rangeEnd, pin],
    );
    if (page.length > 0) yield page;
    if (page.length < FILE_PAGE) return;
    const last = page[page.length - 1]!;
    after = { createdAt: Number(last.created_at), seq: last.seq };
  }
}

export interface ReportFile {
  /** `report-<type>-<from>-<to>-<id>.csv` */
  filename: string;
  contentType: 'text/csv; charset=utf-8';
  /** The CSV's bytes, one chunk a page: read it as it is sent (nothing is read ahead). */
  body: AsyncIterable<Uint8Array>;
}

/** A run's file, by its row (succeeded: pinned). */
export function runFile(db: Db, run: ReportRunRow): ReportFile {
  const pin = run.ledgerSeq;
  if (run.status === 'failed') throw new DomainError('report_not_ready', `Report run ${run.id} failed: it has no file. Make a new run (POST /v1/report_runs).`);
  if (run.status !== 'succeeded' || pin === null)
    throw new DomainError(
      'report_not_ready',
      `Report run ${run.id} is ${run.status}: its file exists once the run has succeeded. Retrieve the run (GET /v1/report_runs/${run.id}) until its status is succeeded, or wait for the report_run.succeeded event.`,
    );
  const body =
    run.type === 'balance_transactions'
      ? (() => {
          const zoned = zonedIsoWriter(run.timeZone);
          return csvChunks(BALANCE_TRANSACTIONS_COLUMNS, ledgerPages(db, run, pin), (l) => balanceTransactionCsvLine(l, zoned));
        })()
      : csvChunks(DAILY_SUMMARY_COLUMNS, summaryPages(db, run, pin), dailySummaryCsvLine);
  return { filename: `report-${run.type}-${run.from}-${run.to}-${run.id}.csv`, contentType: 'text/csv; charset=utf-8', body };
}

async function* summaryPages(db: Db, run: ReportRunRow, pin: string): AsyncGenerator<DailySummaryRow[]> {
  yield await dailySummary(db, { merchantId: run.merchantId, livemode: run.livemode }, run.from, run.to, { timeZone: run.timeZone, pin });
}

/**
 * A run's file for the API and the dashboard: not found for another merchant's or mode's run,
 * `report_not_ready` (409) while it is pending or when it failed; else its CSV bytes, streamed.
 */
export async function reportFile(db: Db, scope: Scope, id: string): Promise<ReportFile> {
  return runFile(db, await loadReportRun(db, scope, id));
}

/**
 * One day's summary as the ledger stands now (no pin): the balances page's "the day" as CSV, the
 * daily_summary report's columns and lines, for a day in `timeZone`.
 */
export function dayFile(db: Db, scope: Scope, day: string, timeZone: string): ReportFile {
  async function* pages(): AsyncGenerator<DailySummaryRow[]> {
    yield await dailySummary(db, scope, day, day, { timeZone });
  }
  return {
    filename: `summary-${scope.livemode ? 'live' : 'test'}-${day}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: csvChunks(DAILY_SUMMARY_COLUMNS, pages(), dailySummaryCsvLine),
  };
}
