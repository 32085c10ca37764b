// The daily summary: per local day (the merchant's time zone) and per rail, rail account, currency
// and intent currency, what the account held when the day began (opening), what came in (payments:
// payment, overpayment, late_payment and adjustment lines), what went back (refunds: refund and
// refund_reversal lines, as a positive number), what it held when the day ended (closing), how many
// lines, and the same sums in the intent's currency (the franc value, at each line's own rate).
// closing = opening + payments - refunds, and a day's closing is the next day's opening, by
// construction. Exact: sums are BigInt, shown as numbers in minor units. Two queries whatever the range.
import type { Db } from '../db/client';
import { retrieveAccount } from '../domain/account';
import type { Scope } from '../domain/common';
import type { Currency, Rail } from '../money';
import { zonedDays } from '../time-zone';

export interface DailySummaryRow {
  /** The local day, YYYY-MM-DD. */
  date: string;
  rail: Rail;
  railAccountId: string | null;
  platformAccount: boolean;
  /** As moved on the rail (francs, sats, micro-USDT). */
  currency: Currency;
  opening: number;
  payments: number;
  refunds: number;
  closing: number;
  /** Ledger lines of the day. */
  count: number;
  /** The currency of the intents the money paid (the franc value's currency). */
  intentCurrency: Currency;
  openingInIntentCurrency: number;
  paymentsInIntentCurrency: number;
  refundsInIntentCurrency: number;
  closingInIntentCurrency: number;
}

export interface DailySummaryOptions {
  /** The days' zone (a run's own); default: the merchant's time zone now. */
  timeZone?: string;
  /** Only ledger lines with seq <= this (a run's pin, a decimal string); default: every line. */
  pin?: string;
}

/** The ledger lines that count as money in (payments) and money back (refunds). */
const PAYMENT_TYPES = `('payment', 'overpayment', 'late_payment', 'adjustment')`;
const REFUND_TYPES = `('refund', 'refund_reversal')`;

const MAX_SEQ = '9223372036854775807';

const GROUP = `rail, rail_account_id, account_owner = 'platform', currency, intent_currency`;
const SELECT_GROUP = `rail, rail_account_id, account_owner = 'platform' as platform, currency, intent_currency`;

interface GroupState {
  rail: Rail;
  railAccountId: string | null;
  platformAccount: boolean;
  currency: Currency;
  intentCurrency: Currency;
  balance: bigint;
  balanceInIntentCurrency: bigint;
}

const keyOf = (r: { rail: string; rail_account_id: string | null; platform: boolean; currency: string; intent_currency: string }) =>
  `${r.rail}\u0000${r.rail_account_id ?? ''}\u0000${r.platform}\u0000${r.currency}\u0000${r.intent_currency}`;

function safe(n: bigint): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v)) throw new Error(`a daily summary amount is beyond 2^53: ${n}`);
  return v;
}

/**
 * The summary rows of the days `from` to `to` (both included, YYYY-MM-DD, already checked), each
 * day's rows ordered by rail, account, currency and intent currency. An account appears from the day
 * of its first line on (with opening == closing on a day without lines).
 */
export async function dailySummary(db: Db, scope: Scope, from: string, to: string, opts: DailySummaryOptions = {}): Promise<DailySummaryRow[]> {
  const timeZone = opts.timeZone ?? (await retrieveAccount(db, scope)).timeZone;
  const days = zonedDays(from, to, timeZone);
  if (days.length === 0) return [];
  const start = days[0]!.start;
  const end = days[days.length - 1]!.end;
  // No pin: every line (the largest bigint), so both queries keep one text.
  const pin = opts.pin ?? MAX_SEQ;
  type G = { rail: string; rail_account_id: string | null; platform: boolean; currency: string; intent_currency: string };

  const openings = await db.query<G & { amount: string; intent_amount: string }>(
    `select ${SELECT_GROUP}, sum(amount)::text as amount, sum(amount_in_intent_currency)::text as intent_amount
       from balance_transactions
      where merchant_id = $1 and livemode = $2 and created_at < $3 and seq <= $4::bigint
      group by ${GROUP}`,
    [scope.merchantId, scope.livemode, start, pin],
  );
  // Each line's day: width_bucket over the days' first instants (and the last day's end) gives 1..n.
  const thresholds = [...days.map((d) => d.start), end];
  const moves = await db.query<G & { day: number; payments: string; refunds: string; payments_i: string; refunds_i: string; n: string }>(
    `select width_bucket(created_at, $5::bigint[]) as day, ${SELECT_GROUP},
            coalesce(sum(amount) filter (where type in ${PAYMENT_TYPES}), 0)::text as payments,
            coalesce(-sum(amount) filter (where type in ${REFUND_TYPES}), 0)::text as refunds,
            coalesce(sum(amount_in_intent_currency) filter (where type in ${PAYMENT_TYPES}), 0)::text as payments_i,
            coalesce(-sum(amount_in_intent_currency) filter (where type in ${REFUND_TYPES}), 0)::text as refunds_i,
            count(*)::text as n
       from balance_transactions
      where merchant_id = $1 and livemode = $2 and created_at >= $3 and created_at < $6 and seq <= $4::bigint
      group by 1, ${GROUP}`,
    [scope.merchantId, scope.livemode, start, pin, thresholds, end],
  );

  const groups = new Map<string, GroupState>();
  const touch = (r: G): GroupState => {
    const k = keyOf(r);
    let g = groups.get(k);
    if (!g) {
      g = {
        rail: r.rail as Rail,
        railAccountId: r.rail_account_id,
        platformAccount: r.platform === true,
        currency: r.currency as Currency,
        intentCurrency: r.intent_currency as Currency,
        balance: 0n,
        balanceInIntentCurrency: 0n,
      };
      groups.set(k, g);
    }
    return g;
  };
  for (const o of openings) {
    const g = touch(o);
    g.balance = BigInt(o.amount);
    g.balanceInIntentCurrency = BigInt(o.intent_amount);
  }
  const byDay = new Map<number, typeof moves>();
  for (const m of moves) {
    const list = byDay.get(Number(m.day)) ?? [];
    list.push(m);
    byDay.set(Number(m.day), list);
  }

  const out: DailySummaryRow[] = [];
  days.forEach((day, i) => {
    const today = new Map<string, (typeof moves)[number]>();
    for (const m of byDay.get(i + 1) ?? []) {
      touch(m);
      today.set(keyOf(m), m);
    }
    const rows: DailySummaryRow[] = [];
    for (const [k, g] of groups) {
      const m = today.get(k);
      const payments = BigInt(m?.payments ?? 0);
      const refunds = BigInt(m?.refunds ?? 0);
      const paymentsI = BigInt(m?.payments_i ?? 0);
      const refundsI = BigInt(m?.refunds_i ?? 0);
      const opening = g.balance;
      const openingI = g.balanceInIntentCurrency;
      g.balance = opening + payments - refunds;
      g.balanceInIntentCurrency = openingI + paymentsI - refundsI;
      rows.push({
        date: day.date,
        rail: g.rail,
        railAccountId: g.railAccountId,
        platformAccount: g.platformAccount,
        currency: g.currency,
        opening: safe(opening),
        payments: safe(payments),
        refunds: safe(refunds),
        closing: safe(g.balance),
        count: Number(m?.n ?? 0),
        intentCurrency: g.intentCurrency,
        openingInIntentCurrency: safe(openingI),
        paymentsInIntentCurrency: safe(paymentsI),
        refundsInIntentCurrency: safe(refundsI),
        closingInIntentCurrency: safe(g.balanceInIntentCurrency),
      });
    }
    rows.sort(
      (a, b) =>
        cmp(a.rail, b.rail) ||
        cmp(a.railAccountId ?? '', b.railAccountId ?? '') ||
        Number(a.platformAccount) - Number(b.platformAccount) ||
        cmp(a.currency, b.currency) ||
        cmp(a.intentCurrency, b.intentCurrency),
    );
    out.push(...rows);
  });
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
