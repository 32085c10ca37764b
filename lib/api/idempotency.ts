// Idempotency-Key, as the contract says: the key is claimed by the table's primary key before the
// work starts (never checked-then-inserted, never held in memory), so several instances sharing
// one database agree. The response is stored in the same transaction as the work when the route
// is atomic, so a crash can never leave an object without its replay.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { nowSeconds } from '../ids';
import { ApiError, invalid } from './errors';
import type { Merchant } from './auth';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/**
 * A claim whose request died (crash, kill) may be taken over after this long: well beyond the
 * longest request (rail backends time out after RAIL_HTTP_TIMEOUT_MS, 10 s by default).
 */
export const STALE_CLAIM_SECONDS = 300;

export interface StoredResponse {
  status: number;
  body: string;
}

export type Claim =
  | { kind: 'claimed'; release(): Promise<void>; complete(db: Db, res: StoredResponse): Promise<void> }
  | { kind: 'replay'; response: StoredResponse };

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${stableJson(body)}`).digest('hex');
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export function validateKey(key: string): string {
  if (key.length === 0 || key.length > 255)
    throw invalid('parameter_invalid', 'The Idempotency-Key header must be 1 to 255 characters long.', 'Idempotency-Key');
  return key;
}

export async function claim(
  db: Db,
  merchant: Merchant,
  key: string,
  method: string,
  path: string,
  hash: string,
): Promise<Claim> {
  const now = nowSeconds();
  const scope = [merchant.merchantId, merchant.livemode, key];
  for (let attempt = 0; attempt < 3; attempt++) {
    const token = randomBytes(12).toString('base64url');
    const inserted = await db.query(
      `insert into idempotency_keys (merchant_id, livemode, key, method, path, request_hash, state, locked_at, created_at, claim_token)
       values ($1, $2, $3, $4, $5, $6, 'running', $7, $7, $8)
       on conflict do nothing returning key`,
      [...scope, method, path, hash, now, token],
    );
    if (inserted.length) return claimed(db, scope, token);
    const rows = await db.query<{
      method: string; path: string; request_hash: string; state: string;
      response_status: number | null; response_body: string | null; locked_at: number; created_at: number;
    }>(`select * from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3`, scope);
    const row = rows[0];
    if (!row) continue; // released between our insert and select: try again
    if (row.created_at < now - IDEMPOTENCY_TTL_SECONDS) {
      await db.query(`delete from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3 and created_at = $4`, [...scope, row.created_at]);
      continue;
    }
    if (row.method !== method || row.path !== path || row.request_hash !== hash)
      throw new ApiError(
        422,
        'idempotency_error',
        'idempotency_key_reused',
        `Keys for idempotent requests can only be used with the same parameters they were first used with (first used for ${row.method} ${row.path}). Use a new Idempotency-Key for a different request.`,
      );
    if (row.state === 'done') return { kind: 'replay', response: { status: row.response_status!, body: row.response_body! } };
    if (row.locked_at >= now - STALE_CLAIM_SECONDS)
      throw new ApiError(
        409,
        'idempotency_error',
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed. Retry after it finishes.',
      );
    // The first request died without finishing: take its claim over (one taker wins).
    const taken = await db.query(
      `update idempotency_keys set locked_at = $4, claim_token = $6 where merchant_id = $1 and livemode = $2 and key = $3
         and state = 'running' and locked_at = $5 returning key`,
      [...scope, now, row.locked_at, token],
    );
    if (taken.length) return claimed(db, scope, token);
  }
  throw new ApiError(409, 'idempotency_error', 'idempotency_key_in_use', 'This Idempotency-Key is contended; retry shortly.');
}

/** Our claim, identified by its token: a taker-over has another, so we never touch its row. */
function claimed(db: Db, scope: unknown[], token: string): Claim {
  return {
    kind: 'claimed',
    async release() {
      await db.query(
        `delete from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3 and state = 'running' and claim_token = $4`,
        [...scope, token],
      );
    },
    async complete(tx, res) {
      const rows = await tx.query(
        `update idempotency_keys set state = 'done', response_status = $4, response_body = $5
          where merchant_id = $1 and livemode = $2 and key = $3 and state = 'running' and claim_token = $6 returning key`,
        [...scope, res.status, res.body, token],
      );
      // Taken over (we ran past STALE_CLAIM_SECONDS): on an atomic route this rolls our work back.
      if (!rows.length)
        throw new ApiError(409, 'idempotency_error', 'idempotency_key_in_use', 'This request took too long and another request with the same Idempotency-Key took over; retry to get its result.');
    },
  };
}

/** Forget keys older than 24 h; called by the background worker. */
export async function purgeExpiredKeys(db: Db, now = nowSeconds(), scope: { merchantId?: string } = {}): Promise<number> {
  const rows = await db.query(`delete from idempotency_keys where created_at < $1 and ($2::text is null or merchant_id = $2) returning key`, [
    now - IDEMPOTENCY_TTL_SECONDS,
    scope.merchantId ?? null,
  ]);
  return rows.length;
}
