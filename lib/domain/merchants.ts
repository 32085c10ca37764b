// Merchants and their API keys. A secret is returned once, when made; only its SHA-256 is stored.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { createId, nowSeconds, randomBase62 } from '../ids';
import { type Actor, recordAudit, SYSTEM_ACTOR } from './audit';
import { cancelRailAccountChangesBy } from './rail-account-changes';
import { cancelPendingRefundsBy } from './refund-approvals';

export interface MerchantKeys {
  merchant: { id: string; name: string };
  keys: { test: string; live: string };
}

/** What is stored of an API key: its SHA-256 (the key itself is shown once). */
export const hashKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** 32 random bytes: 256 bits, above the 192 the contract asks for. */
const newSecret = (livemode: boolean) => `sk_${livemode ? 'live' : 'test'}_${randomBase62(32)}`;

/** `createdBy`: the user who made it (rollKeys from the dashboard); null when Caisse did (the CLI, the demo). */
async function insertKey(tx: Db, merchantId: string, livemode: boolean, now: number, createdBy: string | null = null): Promise<string> {
  const secret = newSecret(livemode);
  await tx.query(`insert into api_keys (id, merchant_id, livemode, key_hash, last4, created_at, created_by) values ($1, $2, $3, $4, $5, $6, $7)`, [
    createId('key'),
    merchantId,
    livemode,
    hashKey(secret),
    secret.slice(-4),
    now,
    createdBy,
  ]);
  return secret;
}

/** The user an actor is, for api_keys.created_by (a key's maker); null for a key or Caisse. */
export const keyMakerOf = (actor: Actor): string | null => (actor.type === 'user' ? actor.id : null);

export async function createMerchant(db: Db, name: string): Promise<MerchantKeys> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200) throw new Error('A merchant name must be 1 to 200 characters.');
  return db.transaction(async (tx) => {
    const id = createId('acct');
    const now = nowSeconds();
    await tx.query(`insert into merchants (id, name, created_at) values ($1, $2, $3)`, [id, trimmed, now]);
    const test = await insertKey(tx, id, false, now);
    const live = await insertKey(tx, id, true, now);
    return { merchant: { id, name: trimmed }, keys: { test, live } };
  });
}

/**
 * Issue new test and live secret keys and revoke every older secret key of the merchant, at once
 * (restricted keys stay: each is revoked on its own). The new keys are the actor's (a user: they
 * cannot approve what is asked for with them). The refunds the old keys asked for that still wait
 * for approval are canceled (nobody vouches for them any more). Written to the audit log, all in the
 * same transaction. The merchant's row is locked `for no key update`: two rolls wait for each other,
 * but a refund being written (its foreign key's share lock) does not wait for this, nor this for it
 * beyond the refund's intent.
 */
export async function rollKeys(db: Db, merchantId: string, actor: Actor = SYSTEM_ACTOR): Promise<MerchantKeys> {
  return db.transaction(async (tx) => {
    const m = await tx.query<{ id: string; name: string }>(`select id, name from merchants where id = $1 for no key update`, [merchantId]);
    if (!m[0]) throw new Error(`No such merchant: ${merchantId}`);
    const now = nowSeconds();
    const old = await tx.query<{ id: string; livemode: boolean; last4: string }>(
      `update api_keys set revoked_at = $2 where merchant_id = $1 and revoked_at is null and permissions is null returning id, livemode, last4`,
      [merchantId, now],
    );
    const test = await insertKey(tx, merchantId, false, now, keyMakerOf(actor));
    const live = await insertKey(tx, merchantId, true, now, keyMakerOf(actor));
    const label = (livemode: boolean, last4: string) => `sk_${livemode ? 'live' : 'test'}_…${last4}`;
    await recordAudit(tx, {
      merchantId,
      livemode: true,
      actor,
      action: 'api_key.rolled',
      target: { object: 'account', id: merchantId },
      changes: {
        before: { keys: old.map((k) => label(k.livemode, k.last4)) },
        after: { keys: [label(false, test.slice(-4)), label(true, live.slice(-4))] },
      },
      now,
    });
    await cancelPendingRefundsBy(
      tx,
      merchantId,
      old.map((k) => k.id),
      'The secret key that asked for this refund was rolled before it was approved.',
      actor,
    );
    await cancelRailAccountChangesBy(
      tx,
      { merchantId, livemode: true, actor },
      old.map((k) => k.id),
      'The secret key that asked for this change was rolled before it was approved.',
    );
    return { merchant: { id: merchantId, name: m[0].name }, keys: { test, live } };
  });
}

export async function listMerchants(db: Db): Promise<{ id: string; name: string; createdAt: number }[]> {
  const rows = await db.query<{ id: string; name: string; created_at: number }>(`select id, name, created_at from merchants order by created_at, id`);
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at }));
}

/** On the first start with an empty embedded database, a demo merchant so curl works at once. */
export async function ensureDemoMerchant(db: Db): Promise<MerchantKeys | null> {
  return db.transaction(async (tx) => {
    const any = await tx.query(`select 1 from merchants limit 1`);
    if (any.length) return null;
    return createMerchant(tx, 'Demo shop');
  });
}
