// The rail_accounts and rail_account_versions tables (migration 0022): the statements the engine
// and the API's resource share. The resource's rules are lib/domain/rail-accounts.ts; which
// adapter serves a payment, lib/domain/merchant-rails.ts. May import lib/db, bottom.
import type { Db } from '../db/client';
import type { Rail } from '../money';

/** An enabled account as a payment needs it: which rail, which version. */
export interface EnabledAccount {
  id: string;
  rail: Rail;
  version: number;
}

export interface RailAccountRow {
  id: string;
  merchant_id: string;
  livemode: boolean;
  rail: Rail;
  protocol: string | null;
  display_name: string | null;
  status: 'active' | 'disabled';
  version: number;
  created_at: number;
  updated_at: number;
  disabled_at: number | null;
}

/** One version of an account: what may be shown, the sealed secrets, their hints. */
export interface AccountVersionRow {
  account_id: string;
  version: number;
  merchant_id: string;
  livemode: boolean;
  rail: Rail;
  /** The account's display name (a change of it is a new version too). */
  display_name: string | null;
  /** Mobile money: the protocol the account was made with. */
  protocol: string | null;
  settings: Record<string, unknown>;
  secrets: string;
  key_id: string;
  hints: Record<string, { last4: string; fingerprint: string }>;
}

export const parseAccountRow = (r: Record<string, unknown>): RailAccountRow => ({
  id: r.id as string,
  merchant_id: r.merchant_id as string,
  livemode: r.livemode as boolean,
  rail: r.rail as Rail,
  protocol: (r.protocol as string | null) ?? null,
  display_name: (r.display_name as string | null) ?? null,
  status: r.status as 'active' | 'disabled',
  version: Number(r.version),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
  disabled_at: r.disabled_at === null || r.disabled_at === undefined ? null : Number(r.disabled_at),
});

const parseVersion = (r: Record<string, unknown>): AccountVersionRow => ({
  account_id: r.account_id as string,
  version: Number(r.version),
  merchant_id: r.merchant_id as string,
  livemode: r.livemode as boolean,
  rail: r.rail as Rail,
  display_name: (r.display_name as string | null) ?? null,
  protocol: (r.protocol as string | null) ?? null,
  settings: (typeof r.settings === 'string' ? JSON.parse(r.settings) : r.settings) as Record<string, unknown>,
  secrets: r.secrets as string,
  key_id: r.key_id as string,
  hints: (typeof r.hints === 'string' ? JSON.parse(r.hints) : r.hints) as AccountVersionRow['hints'],
});

/**
 * The merchant's active accounts in a mode, as a text array of `id:rail:version`: a subquery the
 * API's key lookup carries (lib/api/auth.ts), so a request knows them with no round trip of its own
 * (an index probe of rail_accounts_one_enabled). A plain array, not JSON: on PGlite the lookup with
 * it takes about 34 µs, with a JSON aggregate 39 µs, without the subquery 30 µs. `merchant` and
 * `livemode` are the outer statement's expressions.
 */
export const enabledAccountsSubquery = (merchant: string, livemode: string) =>
  `array(select ra.id || ':' || ra.rail || ':' || ra.version from rail_accounts ra
     where ra.merchant_id = ${merchant} and ra.livemode = ${livemode} and ra.status = 'active')`;

/** That array, read. */
export function parseEnabledAccounts(v: unknown): EnabledAccount[] {
  const list = (Array.isArray(v) ? v : []) as string[];
  return list.map((s) => {
    const [id, rail, version] = s.split(':') as [string, Rail, string];
    return { id, rail, version: Number(version) };
  });
}

/** The merchant's enabled accounts in a mode (one indexed query). */
export async function enabledAccounts(db: Db, merchantId: string, livemode: boolean): Promise<EnabledAccount[]> {
  const rows = await db.query<{ accounts: unknown }>(`select ${enabledAccountsSubquery('$1', '$2')} as accounts`, [merchantId, livemode]);
  return parseEnabledAccounts(rows[0]?.accounts);
}

/** An account's current version (any status), or null. */
export async function currentVersionOf(db: Db, accountId: string): Promise<{ id: string; version: number } | null> {
  const rows = await db.query<{ version: number }>(`select version from rail_accounts where id = $1`, [accountId]);
  return rows[0] ? { id: accountId, version: Number(rows[0].version) } : null;
}

/** The account's versions other than `except` with an attempt still open or watched: whose notifications may still come. */
export async function watchedVersionsOf(db: Db, accountId: string, except: number, now: number): Promise<number[]> {
  const rows = await db.query<{ v: number }>(
    `select distinct rail_account_version as v from payment_attempts
      where rail_account_id = $1 and rail_account_version <> $2
        and (status in ('creating', 'awaiting_payment', 'pending') or watch_until > $3)
      order by 1 desc`,
    [accountId, except, now],
  );
  return rows.map((r) => Number(r.v));
}

/** One version of an account (any status: a disabled account's attempts are still watched with it). */
export async function loadAccountVersion(db: Db, accountId: string, version: number): Promise<AccountVersionRow | null> {
  const rows = await db.query(
    `select v.account_id, v.version, a.merchant_id, a.livemode, a.rail, a.display_name, a.protocol, v.settings, v.secrets, v.key_id, v.hints
       from rail_account_versions v join rail_accounts a on a.id = v.account_id
      where v.account_id = $1 and v.version = $2`,
    [accountId, version],
  );
  return rows[0] ? parseVersion(rows[0]) : null;
}

/** Every version sealed with a key other than `keyId` (the CLI's re-encrypt), a page at a time. */
export async function versionsNotUnder(db: Db, keyId: string, limit: number): Promise<AccountVersionRow[]> {
  const rows = await db.query(
    `select v.account_id, v.version, a.merchant_id, a.livemode, a.rail, a.display_name, a.protocol, v.settings, v.secrets, v.key_id, v.hints
       from rail_account_versions v join rail_accounts a on a.id = v.account_id
      where v.key_id <> $1 order by v.account_id, v.version limit ${Math.max(1, Math.min(1000, Math.floor(limit)))}`,
    [keyId],
  );
  return rows.map(parseVersion);
}

/** Every version of every account (start-up opens each: a deployment that cannot read one does not start). */
export async function allVersions(db: Db): Promise<AccountVersionRow[]> {
  const rows = await db.query(
    `select v.account_id, v.version, a.merchant_id, a.livemode, a.rail, a.display_name, a.protocol, v.settings, v.secrets, v.key_id, v.hints
       from rail_account_versions v join rail_accounts a on a.id = v.account_id order by v.account_id, v.version`,
  );
  return rows.map(parseVersion);
}

/** A version's secrets sealed again (under another key), only if it still holds `from`. */
export async function resealVersion(db: Db, accountId: string, version: number, from: string, to: string, keyId: string): Promise<boolean> {
  const rows = await db.query(
    `update rail_account_versions set secrets = $4, key_id = $5 where account_id = $1 and version = $2 and secrets = $3 returning version`,
    [accountId, version, from, to, keyId],
  );
  return rows.length === 1;
}
