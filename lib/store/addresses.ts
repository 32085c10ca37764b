// The derived_addresses table (and its derivation_counters): ALL of its SQL. Which address a new
// attempt gets, and the rules of the pool, are lib/payments/addresses.ts. May import lib/db, bottom.
import type { Db } from '../db/client';

export interface AddressSlot {
  address: string;
  index: number;
}

/** The intent's own address on this key, locked. */
export async function lockOwnAddress(tx: Db, intentId: string, rail: string, keyId: string): Promise<AddressSlot | null> {
  const rows = await tx.query<{ address: string; derivation_index: number }>(
    `select address, derivation_index from derived_addresses where payment_intent_id = $1 and rail = $2 and key_id = $3 for update`,
    [intentId, rail, keyId],
  );
  return rows[0] ? { address: rows[0].address, index: Number(rows[0].derivation_index) } : null;
}

/**
 * A free address of this key: no money was ever seen on it, no attempt on it is open, and the last
 * moment any payer was told it is valid (`free_at`, kept by a trigger on every attempt write:
 * migrations 0016 and 0017) is past `freeBefore`. One index probe. The longest free first. Taken
 * under its row lock, skip locked (two intents never get the same one).
 */
export async function lockFreeAddress(tx: Db, keyId: string, rail: string, freeBefore: number): Promise<AddressSlot | null> {
  const rows = await tx.query<{ address: string; derivation_index: number }>(
    `select d.address, d.derivation_index from derived_addresses d
      where d.key_id = $1 and d.rail = $2 and d.free_at is not null and d.free_at <= $3
        and d.money_seen_at is null and d.amount_credited = 0
      order by d.free_at, d.derivation_index limit 1 for update skip locked`,
    [keyId, rail, freeBefore],
  );
  return rows[0] ? { address: rows[0].address, index: Number(rows[0].derivation_index) } : null;
}

/** Who holds an address handed out (the intent, since when, the client and link that asked). */
export interface Holder {
  intentId: string;
  now: number;
  client: string | null;
  link: string | null;
}

export async function handOn(tx: Db, keyId: string, index: number, h: Holder): Promise<void> {
  await tx.query(
    `update derived_addresses set payment_intent_id = $3, created_at = $4, held_by_client = $5, held_by_link = $6 where key_id = $1 and derivation_index = $2`,
    [keyId, index, h.intentId, h.now, h.client, h.link],
  );
}

/** The key's next index (the counter row is the serialization point: every caller gets its own). */
export async function nextIndex(tx: Db, keyId: string): Promise<number> {
  const [counter] = await tx.query<{ idx: number }>(
    `insert into derivation_counters (key_id, next_index) values ($1, 1)
     on conflict (key_id) do update set next_index = derivation_counters.next_index + 1
     returning next_index - 1 as idx`,
    [keyId],
  );
  return Number(counter!.idx);
}

export async function insertAddress(tx: Db, keyId: string, index: number, address: string, rail: string, h: Holder): Promise<void> {
  await tx.query(
    `insert into derived_addresses (key_id, derivation_index, address, rail, payment_intent_id, created_at, held_by_client, held_by_link) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [keyId, index, address, rail, h.intentId, h.now, h.client, h.link],
  );
}

/**
 * The holds of one client (`held_by_client`) or link (`held_by_link`) still counting at `now`: how
 * many, and when the first ends. A hold ends `grace` after its address is free (or its attempts'
 * last expiry), or `ttl` after it was handed out, whichever is sooner.
 */
export async function countHolds(
  tx: Db,
  column: 'held_by_client' | 'held_by_link',
  value: string,
  now: number,
  grace: number,
  ttl: number,
): Promise<{ n: number; firstEnd: number | null }> {
  const [row] = await tx.query<{ n: number; first_end: number | null }>(
    `select count(*)::int as n, min(h.end_at) as first_end
       from (select least(
                      coalesce(d.free_at, (select max(a.expires_at) from payment_attempts a where a.rail = d.rail and a.destination = d.address)) + $3,
                      d.created_at + $4) as end_at
               from derived_addresses d
              where d.${column} = $1 and d.created_at > $2 - $4 and d.money_seen_at is null and d.amount_credited = 0) h
      where h.end_at > $2`,
    [value, now, grace, ttl],
  );
  return { n: Number(row!.n), firstEnd: row!.first_end === null ? null : Number(row!.first_end) };
}

/** What the address has credited over every attempt that used it, locked (0 when unknown). */
export async function lockCredited(tx: Db, address: unknown, rail: string): Promise<number> {
  const credit = (
    await tx.query<{ amount_credited: number }>(`select amount_credited from derived_addresses where address = $1 and rail = $2 for update`, [address, rail])
  )[0];
  return credit ? Number(credit.amount_credited) : 0;
}

/** Money counted on (or, negative, taken back from) the address. */
export async function addCredited(tx: Db, address: unknown, rail: string, amount: number): Promise<void> {
  await tx.query(`update derived_addresses set amount_credited = amount_credited + $3 where address = $1 and rail = $2`, [address, rail, amount]);
}

/** Money was seen on the address: it is used for good (never handed on; the gap counts from it). */
export async function markMoneySeen(db: Db, address: unknown, rail: string, now: number): Promise<void> {
  await db.query(`update derived_addresses set money_seen_at = $3 where address = $1 and rail = $2 and money_seen_at is null`, [address, rail, now]);
}

/** The key's derived count, highest index with counted money, and longest inner run without. */
export async function gapFacts(db: Db, keyId: string): Promise<{ derived: number; lastUsed: number | null; longestInner: number }> {
  const [row] = await db.query<{ derived: number | null; last_used: number | null; longest_inner: number | null }>(
    `select (select next_index from derivation_counters where key_id = $1) as derived,
            max(u.derivation_index) as last_used,
            max(u.derivation_index - u.prev - 1) as longest_inner
       from (select derivation_index, lag(derivation_index, 1, -1::bigint) over (order by derivation_index) as prev
               from derived_addresses where key_id = $1 and money_seen_at is not null and amount_credited > 0) u`,
    [keyId],
  );
  return {
    derived: Number(row?.derived ?? 0),
    lastUsed: row?.last_used === null || row?.last_used === undefined ? null : Number(row.last_used),
    longestInner: Number(row?.longest_inner ?? 0),
  };
}
