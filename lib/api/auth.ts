// API keys: `sk_test_...` / `sk_live_...` with 256 random bits, stored as SHA-256 hashes (the keys
// are random, so a fast hash is enough; no plaintext at rest). One indexed lookup per request.
// Restricted keys (`rk_test_...` / `rk_live_...`, issue 29) are the same rows with a `permissions`
// list: the same hashing and the same one lookup; lib/api/route.ts checks the route's permission.
import type { Db } from '../db/client';
import { keyLabel } from '../domain/api-keys';
import type { Scope } from '../domain/common';
import { hashKey } from '../domain/merchants';
import { type EnabledAccount, enabledAccountsSubquery, parseEnabledAccounts } from '../store/rail-accounts';
import { ApiError } from './errors';

export { hashKey };

export interface Merchant extends Scope {
  merchantId: string;
  livemode: boolean;
  keyId: string;
  /** A restricted key's permissions; null (or absent) for a secret key, which holds every one. */
  permissions?: readonly string[] | null;
  /** The key as the audit log names it: its prefix and last four (`sk_test_…AbCd`), never the secret. */
  keyLabel?: string;
  /** The merchant's enabled rail accounts in the key's mode, read by the key lookup itself (lib/domain/merchant-rails.ts). */
  railAccounts?: EnabledAccount[];
}

/**
 * When this process last wrote each key's last use (api_keys.last_used_at, shown on the dashboard):
 * at most once a minute per key and process, so the lookup itself stays a plain indexed read. Only
 * a throttle: the value lives in the database, and another instance writing it too is harmless.
 */
const LAST_USE_EVERY_SECONDS = 60;
const lastUseWritten = new Map<string, number>();

const KEY_RE = /^(sk|rk)_(test|live)_[0-9A-Za-z]{20,128}$/;

const authError = (message: string) =>
  new ApiError(401, 'authentication_error', 'invalid_api_key', message, undefined, {
    'WWW-Authenticate': 'Bearer realm="caisse"',
  });

/**
 * `Bearer <key>`, or Basic with the key as user name: `base64("sk_...:")` as Stripe takes it (curl
 * -u sk_test_...:), or `base64("sk_...")` without the colon, as clients generated from the
 * document's `basic` scheme send a bare token (@hey-api/openapi-ts: `Basic ${btoa(auth)}`). The
 * user name is then checked as a key like any other; an empty one is a malformed header.
 */
function secretFrom(header: string): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon === -1 ? decoded : decoded.slice(0, colon);
  return user === '' ? null : user;
}

/** The key lookup; with the merchant's active rail accounts in the same statement when the route starts payments. */
const KEY_LOOKUP = `select k.id, k.merchant_id, k.livemode, k.revoked_at, k.permissions, k.last4 from api_keys k where k.key_hash = $1`;
const KEY_LOOKUP_WITH_ACCOUNTS = `select k.id, k.merchant_id, k.livemode, k.revoked_at, k.permissions, k.last4, ${enabledAccountsSubquery('k.merchant_id', 'k.livemode')} as rail_accounts
       from api_keys k where k.key_hash = $1`;

export async function authenticate(db: Db, header: string | null, opts: { railAccounts?: boolean } = {}): Promise<Merchant> {
  if (!header) throw authError('You did not provide an API key. Send it in the Authorization header: `Authorization: Bearer sk_test_...`.');
  const secret = secretFrom(header);
  if (secret === null) throw authError('Malformed Authorization header. Use the form `Authorization: Bearer sk_test_...`.');
  if (!KEY_RE.test(secret))
    throw authError('Malformed API key. Keys look like sk_test_..., sk_live_..., rk_test_... or rk_live_... followed by letters and digits.');
  // The merchant's enabled rail accounts come in the same statement: a payment knows which
  // account takes it without a round trip of its own.
  const rows = await db.query<{
    id: string;
    merchant_id: string;
    livemode: boolean;
    revoked_at: number | null;
    permissions: string[] | null;
    last4: string;
    rail_accounts?: unknown;
  }>(opts.railAccounts ? KEY_LOOKUP_WITH_ACCOUNTS : KEY_LOOKUP, [hashKey(secret)]);
  const row = rows[0];
  const masked = () => `${secret.slice(0, 8)}...${secret.slice(-4)}`;
  if (!row) throw authError(`Invalid API key provided: ${masked()}.`);
  if (row.revoked_at !== null) throw authError(`The API key ${masked()} has been revoked. Use the merchant's current key.`);
  // The key's last use, for the dashboard: a write at most once a minute (per key, per process).
  const now = Math.floor(Date.now() / 1000);
  if ((lastUseWritten.get(row.id) ?? 0) <= now - LAST_USE_EVERY_SECONDS) {
    if (lastUseWritten.size > 10_000) lastUseWritten.clear();
    lastUseWritten.set(row.id, now);
    await db.query(`update api_keys set last_used_at = $2 where id = $1 and (last_used_at is null or last_used_at < $2 - 60)`, [row.id, now]);
  }
  return {
    merchantId: row.merchant_id,
    livemode: row.livemode,
    keyId: row.id,
    permissions: row.permissions ?? null,
    keyLabel: keyLabel(row.permissions ?? null, row.livemode, row.last4),
    ...(opts.railAccounts ? { railAccounts: parseEnabledAccounts(row.rail_accounts) } : {}),
  };
}
