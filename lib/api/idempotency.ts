// Idempotency-Key, as the contract says, in the database (never in memory), so several instances
// sharing one database agree. Atomic routes (pure database work: every create) run the claim, the
// work and the stored response in one transaction whose claim is a lock, not a row (runOnce): a
// crash leaves nothing behind. Routes that call a rail's backend mid-way (confirm) cannot hold a
// transaction across that call: their claim is a committed row (claim), taken over after
// STALE_CLAIM_SECONDS when its request died.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import type { Companion } from '../domain/common';
import { nowSeconds } from '../ids';
import type { Merchant } from './auth';
import { ApiError, invalid } from './errors';

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
  return createHash('sha256')
    .update(`${method} ${path}\n${stableJson(body)}`)
    .digest('hex');
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

const inUse = () =>
  new ApiError(409, 'idempotency_error', 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry after it finishes.');

const reused = (method: string, path: string) =>
  new ApiError(
    422,
    'idempotency_error',
    'idempotency_key_reused',
    `Keys for idempotent requests can only be used with the same parameters they were first used with (first used for ${method} ${path}). Use a new Idempotency-Key for a different request.`,
  );

export async function claim(db: Db, merchant: Merchant, key: string, method: string, path: string, hash: string): Promise<Claim> {
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
      method: string;
      path: string;
      request_hash: string;
      state: string;
      response_status: number | null;
      response_body: string | null;
      locked_at: number;
      created_at: number;
    }>(`select * from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3`, scope);
    const row = rows[0];
    if (!row) continue; // released between our insert and select: try again
    if (row.created_at < now - IDEMPOTENCY_TTL_SECONDS) {
      await db.query(`delete from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3 and created_at = $4`, [...scope, row.created_at]);
      continue;
    }
    if (row.method !== method || row.path !== path || row.request_hash !== hash) throw reused(row.method, row.path);
    if (row.state === 'done') return { kind: 'replay', response: { status: row.response_status!, body: row.response_body! } };
    if (row.locked_at >= now - STALE_CLAIM_SECONDS) throw inUse();
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
      await db.query(`delete from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3 and state = 'running' and claim_token = $4`, [
        ...scope,
        token,
      ]);
    },
    async complete(tx, res) {
      const rows = await tx.query(
        `update idempotency_keys set state = 'done', response_status = $4, response_body = $5
          where merchant_id = $1 and livemode = $2 and key = $3 and state = 'running' and claim_token = $6 returning key`,
        [...scope, res.status, res.body, token],
      );
      // Taken over (we ran past STALE_CLAIM_SECONDS): on an atomic route this rolls our work back.
      if (!rows.length)
        throw new ApiError(
          409,
          'idempotency_error',
          'idempotency_key_in_use',
          'This request took too long and another request with the same Idempotency-Key took over; retry to get its result.',
        );
    },
  };
}

type KeyRow = {
  locked: boolean;
  method: string | null;
  path: string | null;
  request_hash: string | null;
  state: string | null;
  response_status: number | null;
  response_body: string | null;
  locked_at: number | null;
  created_at: number | null;
};

/**
 * An atomic route (pure database work) with an Idempotency-Key: the claim, the work and the stored
 * response are one transaction. The claim is a transaction-scoped advisory lock on the key, not a
 * committed marker: it ends with the transaction, however it ends (commit, rollback, or the process
 * dying, which closes its connection), so a request that died leaves nothing behind and its retry
 * runs at once. A concurrent request with the key gets 409 while the winner runs; afterwards, the
 * stored response (a byte-identical replay).
 */
export async function runOnce(
  db: Db,
  merchant: Merchant,
  key: string,
  method: string,
  path: string,
  hash: string,
  work: (tx: Db) => Promise<StoredResponse>,
): Promise<{ replayed: boolean; response: StoredResponse }> {
  const scope = [merchant.merchantId, merchant.livemode, key];
  for (let tries = 0; ; tries++) {
    try {
      return await db.transaction(async (tx) => {
        const now = nowSeconds();
        // One round trip: take the lock, and read the key's row (if a finished request left one).
        const [row] = await tx.query<KeyRow>(
          `select pg_try_advisory_xact_lock(hashtextextended($1 || '/' || $2::text || '/' || $3, 7244002)) as locked,
                  k.method, k.path, k.request_hash, k.state, k.response_status, k.response_body, k.locked_at, k.created_at
             from (select 1) one left join idempotency_keys k on k.merchant_id = $1 and k.livemode = $2 and k.key = $3`,
          scope,
        );
        if (!row!.locked) throw inUse();
        if (row!.created_at !== null) {
          const expired = row!.created_at < now - IDEMPOTENCY_TTL_SECONDS;
          // A claim left by a non-atomic route (claim below) that is still fresh: that request runs.
          const running = row!.state === 'running' && row!.locked_at !== null && row!.locked_at >= now - STALE_CLAIM_SECONDS;
          if (!expired && (row!.method !== method || row!.path !== path || row!.request_hash !== hash)) throw reused(row!.method!, row!.path!);
          if (!expired && row!.state === 'done') return { replayed: true, response: { status: row!.response_status!, body: row!.response_body! } };
          if (!expired && running) throw inUse();
          await tx.query(`delete from idempotency_keys where merchant_id = $1 and livemode = $2 and key = $3`, scope);
        }
        const response = await work(tx);
        await tx.query(
          `insert into idempotency_keys (merchant_id, livemode, key, method, path, request_hash, state, response_status, response_body, locked_at, created_at)
           values ($1, $2, $3, $4, $5, $6, 'done', $7, $8, $9, $9)`,
          [...scope, method, path, hash, response.status, response.body, now],
        );
        return { replayed: false, response };
      });
    } catch (err) {
      // The key's row was committed by a request that finished between our snapshot and our lock:
      // this transaction (its work too) rolled back; read the key again, which now replays.
      if ((err as { code?: string }).code === '23505' && tries < 2) continue;
      throw err;
    }
  }
}

/**
 * The fast path of a one-statement create with a key (apiRoute `singleStatement`): the key's
 * record, with the answer, is one more row of the create's own statement (a Companion, written
 * only when the object is). A fresh key costs no round trip of its own; a key that already exists
 * makes the statement fail on the key's primary key (isKeyConflict) with nothing written, and the
 * request goes the careful way (runOnce: replay, 409 while another runs, 422 for other parameters).
 * Two requests racing with one new key: the second's insert waits on the first's key row, then
 * fails, then replays the first's answer. `stored()` is the body written, which the API answers.
 */
export function keyRecord(merchant: Merchant, key: string, method: string, path: string, hash: string, status: number) {
  let stored: string | undefined;
  const companion: Companion = (first, objectJson, source) => {
    stored = objectJson;
    const $ = (i: number) => `$${first + i}`;
    return {
      sql: `insert into idempotency_keys (merchant_id, livemode, key, method, path, request_hash, state, response_status, response_body, locked_at, created_at)
            select ${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, 'done', ${$(6)}::int, ${$(7)}, ${$(8)}, ${$(8)} from ${source} limit 1`,
      params: [merchant.merchantId, merchant.livemode, key, method, path, hash, status, objectJson, nowSeconds()],
    };
  };
  return { companion, stored: () => stored };
}

/** The error of a statement that found its Idempotency-Key already recorded. */
export function isKeyConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; constraint_name?: string };
  return e?.code === '23505' && (e.constraint ?? e.constraint_name) === 'idempotency_keys_pkey';
}

/**
 * Whether an error is an answer the request earned and its retries get too: a refusal (4xx), but
 * not a 409 or a 429 (they depend on a state or a time that changes, as with Stripe), nor an
 * idempotency error about the key itself.
 */
export function isKeptRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status < 500 && err.status !== 409 && err.status !== 429 && err.type !== 'idempotency_error';
}

/**
 * A refusal (a 4xx the request earned) is what a retry with the key gets too: stored after the
 * work's transaction rolled back. If another request with the key got there first, its answer stands.
 */
export async function storeRefusal(db: Db, merchant: Merchant, key: string, method: string, path: string, hash: string, res: StoredResponse): Promise<void> {
  const now = nowSeconds();
  await db.query(
    `insert into idempotency_keys (merchant_id, livemode, key, method, path, request_hash, state, response_status, response_body, locked_at, created_at)
     values ($1, $2, $3, $4, $5, $6, 'done', $7, $8, $9, $9) on conflict do nothing`,
    [merchant.merchantId, merchant.livemode, key, method, path, hash, res.status, res.body, now],
  );
}

/**
 * The embedded database at start-up: no other process can hold a claim (one process per data
 * folder), so every `running` claim is a dead request's: gone, and its retry runs at once.
 */
export async function releaseDeadClaims(db: Db): Promise<number> {
  return (await db.query(`delete from idempotency_keys where state = 'running' returning key`)).length;
}

/** Forget keys older than 24 h; called by the background worker. */
export async function purgeExpiredKeys(db: Db, now = nowSeconds(), scope: { merchantId?: string } = {}): Promise<number> {
  const rows = await db.query(`delete from idempotency_keys where created_at < $1 and ($2::text is null or merchant_id = $2) returning key`, [
    now - IDEMPOTENCY_TTL_SECONDS,
    scope.merchantId ?? null,
  ]);
  return rows.length;
}
