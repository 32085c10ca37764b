// Helpers of the dashboard's catalog pages (products, prices, payment links, webhooks, API keys,
// users): the amount a merchant types (major units) to minor units, exactly; the one-time flash that
// carries a secret from a server action to the next render of the page, and nothing else; the API
// keys as the dashboard may show them (prefix and last four, never the hash); the "not this
// merchant's" mapping to a 404.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { notFound } from 'next/navigation';
import type { Db } from '../db/client';
import { formatDecimal, parseDecimal } from '../decimal';
import { DomainError } from '../errors';
import { boundsFor, type Currency, EXPONENT, toDecimalString } from '../money';
import { hashToken } from './sessions';

// ---------------------------------------------------------------------------------------------
// Amounts typed by a merchant.

export type MajorAmount =
  | { ok: true; minor: number }
  /** Not digits with at most one decimal separator. */
  | { ok: false; reason: 'format' }
  /** More decimals than the currency has (BTC 8, USDT 6, XOF/XAF/GNF 0). */
  | { ok: false; reason: 'precision'; places: number }
  /** Zero, or below the currency's minimum (in minor units). */
  | { ok: false; reason: 'too_small'; min: number }
  | { ok: false; reason: 'too_large'; max: number };

/**
 * An amount in major units as a merchant types it ("5 000", "5000", "12,50", "0.0005") to minor
 * units, exactly (BigInt decimals, no floating point): spaces (also no-break and narrow no-break)
 * are digit groups; one "." or one "," is the decimal separator (French writes "12,50"); anything
 * else (a sign, an exponent, two separators, "1,000.5") is refused rather than guessed. More
 * decimals than the currency has is refused (never rounded); the result must be within the
 * currency's bounds (lib/money.ts), which the domain checks again when the price is created.
 */
export function parseMajorAmount(raw: string, currency: Currency): MajorAmount {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d+(?:[.,]\d+)?$/.test(compact) || compact.length > 40) return { ok: false, reason: 'format' };
  const places = EXPONENT[currency];
  let units: bigint;
  try {
    const d = parseDecimal(compact.replace(',', '.'), { maxDigits: 40, maxScale: 40 });
    if (d.scale > places) return { ok: false, reason: 'precision', places };
    units = d.units * 10n ** BigInt(places - d.scale);
  } catch {
    return { ok: false, reason: 'format' };
  }
  const b = boundsFor(currency);
  if (units < BigInt(Math.max(1, b.min))) return { ok: false, reason: 'too_small', min: Math.max(1, b.min) };
  if (units > BigInt(b.max) || units > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'too_large', max: b.max };
  return { ok: true, minor: Number(units) };
}

/** Minor units back to the major-unit string a merchant would type ("0.0005", "5000"). */
export const minorToMajor = (minor: number, currency: Currency): string => formatDecimal(parseDecimal(toDecimalString(minor, currency)));

// ---------------------------------------------------------------------------------------------
// The one-time flash.

/** What a server action leaves for the next render of its page. */
export type Flash =
  | { kind: 'notice'; message: string }
  | { kind: 'error'; message: string }
  /** A secret shown once: a webhook signing secret, new API keys, a user's first password. */
  | { kind: 'secret'; message: string; secrets: { label: string; value: string }[]; hint?: string };

/** A minute: the redirect after an action is immediate; a flash nobody read is dropped. */
export const FLASH_TTL_MS = 60_000;

/** AES-256-GCM under a key derived from the session's token (only its SHA-256 is stored anywhere). */
function sealKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, 'caisse-dashboard-flash', 'v1', 32));
}

function seal(token: string, flash: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(flash), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open<T>(token: string, payload: string): T | null {
  try {
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * Leave a flash for the session whose cookie token is `token`: in the database (any instance serves
 * the next request), encrypted under a key derived from the token (a database row alone reveals no
 * secret), never in a cookie or a URL. One per session: a newer one replaces it. `token` may also be
 * a random token of its own in a cookie (the sign-in page's, before any session exists).
 */
export async function putFlash<T = Flash>(db: Db, token: string, flash: T, now = Date.now()): Promise<void> {
  await db.query(
    `with gone as (delete from dashboard_flashes where expires_at <= $4)
     insert into dashboard_flashes (session_hash, payload, expires_at) values ($1, $2, $3)
     on conflict (session_hash) do update set payload = excluded.payload, expires_at = excluded.expires_at`,
    [hashToken(token), seal(token, flash), now + FLASH_TTL_MS, now],
  );
}

/** The session's flash, once: the first read takes (deletes) it, so a reload shows nothing. */
export async function takeFlash<T = Flash>(db: Db, token: string, now = Date.now()): Promise<T | null> {
  const [row] = await db.query<{ payload: string; expires_at: number }>(`delete from dashboard_flashes where session_hash = $1 returning payload, expires_at`, [
    hashToken(token),
  ]);
  if (!row || Number(row.expires_at) <= now) return null;
  return open<T>(token, row.payload);
}

// ---------------------------------------------------------------------------------------------
// API keys as the dashboard shows them.

export interface ApiKeyView {
  id: string;
  livemode: boolean;
  /** "sk_test_…a1b2": the prefix and the last four characters, all that is kept visible. */
  display: string;
  last4: string;
  createdAt: number;
  /** When the API last saw it (at most a minute stale), or null: never used. */
  lastUsedAt: number | null;
}

/**
 * The merchant's keys that work now (not revoked), live then test, with when each was last used (to
 * the minute: lib/api/auth.ts writes it at most once a minute per key). Never selects `key_hash`.
 */
export async function listApiKeys(db: Db, merchantId: string): Promise<ApiKeyView[]> {
  const rows = await db.query<{ id: string; livemode: boolean; last4: string; created_at: number; last_used_at: number | null }>(
    `select id, livemode, last4, created_at, last_used_at from api_keys where merchant_id = $1 and revoked_at is null and permissions is null order by livemode desc, created_at desc, id`,
    [merchantId],
  );
  return rows.map((r) => ({
    id: r.id,
    livemode: r.livemode === true,
    last4: r.last4,
    display: `sk_${r.livemode ? 'live' : 'test'}_…${r.last4}`,
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  }));
}

// ---------------------------------------------------------------------------------------------
// Ownership.

export const isMissing = (err: unknown): boolean => err instanceof DomainError && err.code === 'resource_missing';

/**
 * Run a domain call named by an id from the page or the form: an object of another merchant, of the
 * other mode, or of nobody is a 404 (notFound()), exactly as the API answers it.
 */
export async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isMissing(err)) notFound();
    throw err;
  }
}

/** A form field as a string ('' when absent or a file). */
export const field = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** An id-looking form field of `prefix` (e.g. prod_...), else a 404 without touching the database. */
export function idField(form: FormData, name: string, prefix: string): string {
  const v = field(form, name);
  if (!new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`).test(v)) notFound();
  return v;
}

/** A random key for a form's id attributes. */
export const randomKey = () => randomBytes(6).toString('hex');

/** "23 Nov 2026, 14:05 UTC" in the dashboard's locale and the merchant's time zone. */
export { formatDateTime as formatDate } from '../i18n/dashboard';

// ---------------------------------------------------------------------------------------------
// Prices with their product's name, for the payment links pages (reads only, scoped like every read).

export interface PriceSummary {
  id: string;
  currency: Currency;
  unitAmount: number;
  productId: string;
  productName: string;
  payable: boolean;
}

type PriceSummaryRow = { id: string; currency: Currency; unit_amount: number; product_id: string; name: string; payable: boolean };
const toSummary = (r: PriceSummaryRow): PriceSummary => ({
  id: r.id,
  currency: r.currency,
  unitAmount: Number(r.unit_amount),
  productId: r.product_id,
  productName: r.name,
  payable: r.payable === true,
});

/** The prices a link can be made from (active, of an active product), newest first, at most 200. */
export async function payablePrices(db: Db, scope: { merchantId: string; livemode: boolean }): Promise<PriceSummary[]> {
  const rows = await db.query<PriceSummaryRow>(
    `select p.id, p.currency, p.unit_amount, p.product_id, pr.name, true as payable
       from prices p join products pr on pr.id = p.product_id
      where p.merchant_id = $1 and p.livemode = $2 and p.active and pr.active
      order by p.created_at desc, p.seq desc limit 200`,
    [scope.merchantId, scope.livemode],
  );
  return rows.map(toSummary);
}

/** These prices of this merchant and mode (others are simply absent), by id. */
export async function priceSummaries(db: Db, scope: { merchantId: string; livemode: boolean }, ids: string[]): Promise<Map<string, PriceSummary>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.query<PriceSummaryRow>(
    `select p.id, p.currency, p.unit_amount, p.product_id, pr.name, (p.active and pr.active) as payable
       from prices p join products pr on pr.id = p.product_id
      where p.merchant_id = $1 and p.livemode = $2 and p.id in (${unique.map((_, i) => `$${i + 3}`).join(', ')})`,
    [scope.merchantId, scope.livemode, ...unique],
  );
  return new Map(rows.map((r) => [r.id, toSummary(r)]));
}
