// API keys: `sk_test_...` / `sk_live_...` with 256 random bits, stored as SHA-256 hashes (the keys
// are random, so a fast hash is enough; no plaintext at rest). One indexed lookup per request.
import type { Db } from '../db/client';
import { ApiError } from './errors';
import { hashKey } from '../domain/merchants';
export { hashKey };

export interface Merchant {
  merchantId: string;
  merchantName: string;
  livemode: boolean;
  keyId: string;
}


const KEY_RE = /^sk_(test|live)_[0-9A-Za-z]{20,128}$/;

const authError = (message: string) =>
  new ApiError(401, 'authentication_error', 'invalid_api_key', message, undefined, {
    'WWW-Authenticate': 'Bearer realm="caisse"',
  });

/** `Bearer <key>`, or (as Stripe accepts, handy with `curl -u sk_test_...:`) Basic with the key as user name. */
function secretFrom(header: string): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : null;
}

export async function authenticate(db: Db, header: string | null): Promise<Merchant> {
  if (!header)
    throw authError(
      'You did not provide an API key. Send it in the Authorization header: `Authorization: Bearer sk_test_...`.',
    );
  const secret = secretFrom(header);
  if (secret === null)
    throw authError('Malformed Authorization header. Use the form `Authorization: Bearer sk_test_...`.');
  if (!KEY_RE.test(secret))
    throw authError('Malformed API key. Keys look like sk_test_... or sk_live_... followed by letters and digits.');
  // One statement: the key and its merchant, and the key's last use written at most once a minute
  // (the dashboard shows it; a write per request would cost every request).
  const now = Math.floor(Date.now() / 1000);
  const rows = await db.query<{ id: string; merchant_id: string; name: string; livemode: boolean; revoked_at: number | null }>(
    `with k as (select k.id, k.merchant_id, m.name, k.livemode, k.revoked_at
                  from api_keys k join merchants m on m.id = k.merchant_id where k.key_hash = $1),
          touch as (update api_keys set last_used_at = $2
                     where id = (select id from k) and revoked_at is null and (last_used_at is null or last_used_at < $2 - 60))
     select id, merchant_id, name, livemode, revoked_at from k`,
    [hashKey(secret), now],
  );
  const row = rows[0];
  const masked = `${secret.slice(0, 8)}...${secret.slice(-4)}`;
  if (!row) throw authError(`Invalid API key provided: ${masked}.`);
  if (row.revoked_at !== null)
    throw authError(`The API key ${masked} has been revoked. Use the merchant's current key.`);
  return { merchantId: row.merchant_id, merchantName: row.name, livemode: row.livemode, keyId: row.id };
}
