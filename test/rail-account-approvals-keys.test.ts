// Issue 29, rail account approvals and key rotation: a change waiting for approval holds its new
// secrets sealed as the version it will become (a connection: version 1 of the account it makes). `rail-accounts re-encrypt` reseals it with the
// versions, so once the old key is retired an approval still makes a version this deployment
// opens (start-up refuses to run with one it cannot). A database of its own: re-encrypt rewrites
// every merchant's versions.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/dashboard/users';
import { submitAccountUpdate } from '@/lib/domain/account';
import type { Scope } from '@/lib/domain/common';
import { deploymentKeyRing } from '@/lib/domain/merchant-rails';
import { approveRailAccountChange } from '@/lib/domain/rail-account-changes';
import { reencryptRailAccounts, unreadableVersions } from '@/lib/domain/rail-account-keys';
import { createRailAccount, submitRailAccountCreate, submitRailAccountUpdate, testRailAccount } from '@/lib/domain/rail-accounts';
import { newKeySpec, parseKeyRing, resetKeyRingForTests, sealedKeyId } from '@/lib/secrets';
import { newMerchant, useDatabase } from './api';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';

const { db } = useDatabase({ own: true });
const MAC_A = `0201036c6e64${randomBytes(24).toString('hex')}`;
const MAC_B = `0201036c6e64${randomBytes(24).toString('hex')}`;
let lndA: FakeLnd;
let lndB: FakeLnd;

beforeAll(async () => {
  lndA = await startFakeLnd(MAC_A, { network: 'tb' });
  lndB = await startFakeLnd(MAC_B, { network: 'tb' });
});
afterAll(async () => {
  resetKeyRingForTests(undefined);
  await lndA?.close();
  await lndB?.close();
});

describe('a change waiting for approval across a key rotation', () => {
  it('is resealed by re-encrypt, and applied after the old key is gone as a version the deployment opens', async () => {
    const owners = async (name: string) => {
      const m = await newMerchant(db(), name);
      const scopes: Scope[] = [];
      for (const who of ['ana', 'bob']) {
        const u = await createUser(db(), { merchantId: m.merchant.id, email: `${who}-${randomBytes(3).toString('hex')}@rotation.example` });
        scopes.push({ merchantId: m.merchant.id, livemode: false, actor: { type: 'user', id: u.user.id, label: u.user.email } });
      }
      return scopes as [Scope, Scope];
    };
    const [ana, bob] = await owners('Rotation shop');
    const account = await createRailAccount(db(), ana, { rail: 'btc_lightning', settings: { restUrl: lndA.url, macaroon: MAC_A } });
    await submitAccountUpdate(db(), ana, { railAccountApproval: true }, { loosenApprovals: true });
    const asked = await submitRailAccountUpdate(db(), ana, account.id, { settings: { restUrl: lndB.url, macaroon: MAC_B } });
    const id = asked.account.pendingChange!.id;
    // Another shop's connection waiting: sealed for version 1 of the account it would make.
    const [cara, dan] = await owners('Rotation shop 2');
    await submitAccountUpdate(db(), cara, { railAccountApproval: true }, { loosenApprovals: true });
    const connecting = await submitRailAccountCreate(db(), cara, { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: MAC_B } });
    const createId = connecting.account.pendingChange!.id;
    const old = deploymentKeyRing()!;
    const sealedWith = async (change = id) => {
      const [r] = await db().query<{ key_id: string; secrets: string }>(`select key_id, secrets from rail_account_changes where id = $1`, [change]);
      return [r!.key_id, sealedKeyId(r!.secrets)];
    };
    expect(await sealedWith()).toEqual([old.current.id, old.current.id]);
    expect(await sealedWith(createId)).toEqual([old.current.id, old.current.id]);

    // A new key first, the old one after it: re-encrypt reseals the versions and the waiting change.
    const spec = newKeySpec('k2');
    const oldSpec = `${old.current.id}:${old.byId.get(old.current.id)!.toString('base64')}`;
    resetKeyRingForTests(parseKeyRing(`${spec},${oldSpec}`));
    await reencryptRailAccounts(db());
    expect(await sealedWith()).toEqual(['k2', 'k2']);
    expect(await sealedWith(createId)).toEqual(['k2', 'k2']);

    // The old key retired: bob approves; the new version opens, payments' adapter included.
    resetKeyRingForTests(parseKeyRing(spec));
    const done = await approveRailAccountChange(db(), bob, id, bob.actor!.id!);
    expect(done.account).toMatchObject({ version: 2, settings: { restUrl: lndB.url } });
    expect(await unreadableVersions(db())).toEqual([]);
    expect(await testRailAccount(db(), ana, account.id)).toEqual({ rail: 'btc_lightning', ok: true });
    const connected = await approveRailAccountChange(db(), dan, createId, dan.actor!.id!);
    expect(connected.account).toMatchObject({ id: connecting.account.id, status: 'active', version: 1 });
    expect(await unreadableVersions(db())).toEqual([]);
    expect(await testRailAccount(db(), cara, connecting.account.id)).toEqual({ rail: 'btc_lightning', ok: true });
  }, 120_000);
});
