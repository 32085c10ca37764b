// The dashboard's books (issue 28): the balances page's lines (the ledger summed per account and
// currency, with what it was worth in each payment currency when it moved), the merchant's time
// zone setting, and the day chosen for the day's summary. Reads only the domain's functions, scoped
// like every dashboard read.
import type { Db } from '../db/client';
import { canonicalTimeZone, retrieveAccount, updateAccount } from '../domain/account';
import { type BalanceAccountWithValues, balanceWithValues } from '../domain/balance-transactions';
import type { Scope } from '../domain/common';
import type { Locale } from '../i18n';
import { tb } from '../i18n/books';
import { nowSeconds } from '../ids';
import { railLabel } from '../money';
import type { DailySummaryRow } from '../reports/summary';
import { addDays, isCalendarDate, zonedDate } from '../time-zone';

/** An account's name for people: "MTN MoMo · Your account ra_…", "Lightning · Platform account", "Wave · Simulator (test)". */
export function accountLabel(a: { rail: string; railAccountId: string | null; platformAccount: boolean }, locale: Locale): string {
  const t = tb(locale);
  return `${railLabel(a.rail, locale)} · ${a.railAccountId ? t('ownAccount', { id: a.railAccountId }) : a.platformAccount ? t('platformAccount') : t('simulator')}`;
}

/** A day's summary row's account, named; with its payments' currency when the account took several. */
export const daySummaryLabel = (r: DailySummaryRow, locale: Locale): string =>
  r.intentCurrency === r.currency ? accountLabel(r, locale) : `${accountLabel(r, locale)} (${r.currency} → ${r.intentCurrency})`;

export interface BalanceLine extends BalanceAccountWithValues {
  /** "MTN MoMo · Your account ra_…", "Lightning · Platform account", "Wave · Simulator (test)". */
  label: string;
}

/** The balances page's lines, each named for people. */
export async function balanceLines(db: Db, scope: Scope, locale: Locale): Promise<BalanceLine[]> {
  return (await balanceWithValues(db, scope)).map((a) => ({ ...a, label: accountLabel(a, locale) }));
}

/**
 * The day a page shows (`?day=`): a calendar date not after today in the merchant's zone; none given:
 * today. Null when what was given is not such a day.
 */
export function chosenDay(raw: string | undefined, timeZone: string, now = nowSeconds()): { day: string; today: string; yesterday: string } | null {
  const today = zonedDate(now, timeZone);
  const day = raw?.trim() || today;
  if (!isCalendarDate(day) || day > today) return null;
  return { day, today, yesterday: addDays(today, -1) };
}

/** The zones the time zone form offers: Africa's, UTC, and the merchant's own if it is another. */
export function timeZoneChoices(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.filter((z) => z.startsWith('Africa/'));
  for (const z of ['UTC', current]) if (!zones.includes(z)) zones.push(z);
  return zones.sort();
}

/** The time zone form: saved as the API saves it (POST /v1/account), or null when the name is unknown. */
export async function saveTimeZone(db: Db, scope: Scope, raw: string): Promise<string | null> {
  const tz = canonicalTimeZone(raw.trim());
  if (tz === null) return null;
  return (await updateAccount(db, scope, { timeZone: tz }, { loosenApprovals: false })).timeZone; // (no threshold changes here)
}

export { retrieveAccount };
