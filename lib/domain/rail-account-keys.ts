// The key ring and the rail accounts it seals (lib/secrets.ts): which versions this deployment
// cannot open (start-up refuses to run with them, lib/boot.ts), and the re-encryption a key
// rotation needs (`npm run -s caisse -- rail-accounts re-encrypt`). What is said names account
// ids, versions and key ids only, never a secret.
import { config } from '../config';
import type { Db } from '../db/client';
import { open, SecretsError, seal, sealedKeyId } from '../secrets';
import { pendingSealedNotUnder, resealChange, sealedFor } from '../store/rail-account-changes';
import { allVersions, resealVersion, versionsNotUnder } from '../store/rail-accounts';
import { deploymentKeyRing, openVersion, secretsAad } from './merchant-rails';

/** Why a version cannot be opened: no key ring at all, its key is not in the ring, or the key under its id does not open it. */
export type UnreadableReason = 'no_key_ring' | 'key_not_listed' | 'does_not_open';

export interface UnreadableVersion {
  accountId: string;
  version: number;
  keyId: string;
  reason: UnreadableReason;
}

/** The ring's name as the operator knows it: the variable, or the embedded database's key file. */
function ringName(): string {
  const ring = deploymentKeyRing();
  if (ring?.source === 'file') return `the key file ${config().DATA_DIR}/encryption-key`;
  if (ring?.source === 'process') return "this process's key";
  return 'CAISSE_ENCRYPTION_KEY';
}

/** Every version of every account (any status) the deployment's key ring cannot open. */
export async function unreadableVersions(db: Db): Promise<UnreadableVersion[]> {
  const rows = await allVersions(db);
  if (!rows.length) return [];
  const ring = deploymentKeyRing();
  const out: UnreadableVersion[] = [];
  for (const row of rows) {
    const keyId = sealedKeyId(row.secrets) ?? row.key_id;
    try {
      openVersion(row);
    } catch {
      const reason: UnreadableReason = !ring ? 'no_key_ring' : ring.byId.has(keyId) ? 'does_not_open' : 'key_not_listed';
      out.push({ accountId: row.account_id, version: row.version, keyId, reason });
    }
  }
  return out;
}

const quoted = (ids: Iterable<string>) => [...new Set(ids)].map((k) => `"${k}"`).join(', ');

/** What start-up says about the versions it cannot open: which, with which key, and what to do. */
export function unreadableMessage(list: readonly UnreadableVersion[]): string {
  const name = ringName();
  const why: Record<UnreadableReason, string> = {
    no_key_ring: 'CAISSE_ENCRYPTION_KEY is not set',
    key_not_listed: `${name} does not list that key`,
    does_not_open: `the key ${name} lists under that id does not open it (another key under that id, or a changed value)`,
  };
  const shown = list.slice(0, 20).map((u) => `  - ${u.accountId} version ${u.version}, sealed with the key "${u.keyId}": ${why[u.reason]}`);
  if (list.length > shown.length) shown.push(`  - and ${list.length - shown.length} more`);
  const keysOf = (r: UnreadableReason) => list.filter((u) => u.reason === r).map((u) => u.keyId);
  const todo: string[] = [];
  if (keysOf('no_key_ring').length)
    todo.push(`Set CAISSE_ENCRYPTION_KEY (id:key,id:key...) to the keys they were sealed with (${quoted(keysOf('no_key_ring'))}).`);
  if (keysOf('key_not_listed').length)
    todo.push(
      name === 'CAISSE_ENCRYPTION_KEY'
        ? `Put the keys ${quoted(keysOf('key_not_listed'))} back in CAISSE_ENCRYPTION_KEY, after the current one (id:key, comma-separated).`
        : `Set CAISSE_ENCRYPTION_KEY (id:key, comma-separated) to list the keys ${quoted(keysOf('key_not_listed'))}: without it, only ${name} is used.`,
    );
  if (keysOf('does_not_open').length) todo.push(`Put the original keys back under the ids ${quoted(keysOf('does_not_open'))}.`);
  todo.push(
    'To retire a key: list the new key first and keep the old one after it, run `npm run -s caisse -- rail-accounts re-encrypt`, and only then remove the old key.',
  );
  return [`${list.length} rail account version(s) in the database cannot be read with this deployment's key ring:`, ...shown, ...todo].join('\n');
}

/**
 * Every version sealed with another key than the ring's current one, opened with the ring and
 * sealed again under the current key. Safe to run again (nothing left to do) and at once from two
 * processes: a version is rewritten only if it still holds the value read (resealVersion), so each
 * is counted by the one process that rewrote it. Throws, naming the version, on one it cannot open
 * (those before it stay resealed).
 */
export async function reencryptRailAccounts(db: Db): Promise<{ resealed: number; keyId: string }> {
  const ring = deploymentKeyRing();
  if (!ring)
    throw new SecretsError(
      'CAISSE_ENCRYPTION_KEY is not set: there is no key to seal the rail accounts with (see the README, "Merchants\' own rail accounts").',
    );
  let resealed = 0;
  // First the changes waiting for an approval (issue 29): sealed as the version they will become,
  // so an approval after the old key is retired still makes a version this deployment can open.
  for (;;) {
    const page = await pendingSealedNotUnder(db, ring.current.id, 200);
    if (!page.length) break;
    let progressed = false;
    for (const c of page) {
      const target = sealedFor(c);
      const aad = secretsAad(target.accountId, target.version);
      let plain: string;
      try {
        plain = open(ring, c.secrets!, aad);
      } catch (err) {
        throw new SecretsError(
          `The change ${c.id} of ${target.accountId} waiting for approval (sealed with the key "${sealedKeyId(c.secrets!) ?? c.key_id}") cannot be opened: ${(err as Error).message}. ` +
            'List every key the accounts were sealed with in CAISSE_ENCRYPTION_KEY (the new one first) and run re-encrypt again, or reject the change on the dashboard.',
        );
      }
      if (await resealChange(db, c.id, c.secrets!, seal(ring, plain, aad), ring.current.id)) progressed = true;
    }
    if (!progressed) break;
  }
  for (;;) {
    const page = await versionsNotUnder(db, ring.current.id, 200);
    if (!page.length) return { resealed, keyId: ring.current.id };
    for (const row of page) {
      const aad = secretsAad(row.account_id, row.version);
      let plain: string;
      try {
        plain = open(ring, row.secrets, aad);
      } catch (err) {
        throw new SecretsError(
          `${row.account_id} version ${row.version} (sealed with the key "${sealedKeyId(row.secrets) ?? row.key_id}") cannot be opened: ${(err as Error).message}. ` +
            `${resealed} version(s) were resealed before it. List every key the accounts were sealed with in CAISSE_ENCRYPTION_KEY (the new one first) and run re-encrypt again.`,
        );
      }
      if (await resealVersion(db, row.account_id, row.version, row.secrets, seal(ring, plain, aad), ring.current.id)) resealed++;
    }
  }
}
