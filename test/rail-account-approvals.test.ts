// Issue 29, item 4: rail account approvals. With the merchant's `railAccountApproval` on, a change
// of a rail account (a new version: here an LND account moved to another node with another
// macaroon, the "swap where the money lands" attack), its disabling, and the connection of an
// account on a rail that has none (new money pointed at a node or wallet for the first time) wait in
// rail_account_changes until an owner OTHER than their author approves them: until then the account,
// and every new payment, stays exactly as it was (the invoice is made at the old node, by version 1;
// a rail being connected still goes to the simulator). An approval
// applies the prepared version exactly once, even with two owners racing, never by its author (nor
// their other session); a rejected change leaves everything as it was; a change computed from a
// version the account has moved on from is refused; turning the setting off waits too (unless one
// owner is left); the secrets never reach an audit line, an event or an answer. Through the domain
// functions the dashboard calls and the real /v1 routes (answers checked against the OpenAPI
// document: the 202 and `pendingChange`).
import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { railBanners } from '@/lib/dashboard/banners';
import { createUser, disableUser } from '@/lib/dashboard/users';
import { submitAccountUpdate } from '@/lib/domain/account';
import type { Scope } from '@/lib/domain/common';
import { KEY_PERMISSIONS, type Role } from '@/lib/domain/permissions';
import { approveRailAccountChange, rejectRailAccountChange, withdrawRailAccountChange } from '@/lib/domain/rail-account-changes';
import { unreadableVersions } from '@/lib/domain/rail-account-keys';
import {
  createRailAccount,
  disableRailAccount,
  submitRailAccountCreate,
  submitRailAccountDisable,
  submitRailAccountUpdate,
  updateRailAccount,
} from '@/lib/domain/rail-accounts';
import { newAccountKey } from './adapter-helpers';
import { type ApiResult, type CallOptions, call as callApi, newMerchant, useDatabase } from './api';
import { htmlText, postAction } from './dashboard-forms';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { newIntent } from './lifecycle-helpers';

const { db } = useDatabase();

/** The dashboard session the mocked context gives the page and its actions: an owner of a shop. */
const session = { merchantId: '', userId: '', email: '', locale: 'en' as 'en' | 'fr', role: 'owner' as Role, token: randomBytes(24).toString('base64url') };
// The setting as a direct change reads it before asking the backend (passed through; one test
// makes that first read stale, as if another owner turned approval on while the backend answered).
vi.mock('@/lib/store/rail-account-changes', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/store/rail-account-changes')>();
  return { ...real, approvalRequired: vi.fn(real.approvalRequired) };
});

vi.mock('@/lib/dashboard/context', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/dashboard/context')>();
  const ctx = async () => ({
    db: db(),
    user: { id: session.userId, email: session.email, merchantId: session.merchantId, role: session.role, disabled: false, createdAt: 0 },
    merchantId: session.merchantId,
    livemode: false,
    scope: { merchantId: session.merchantId, livemode: false, actor: { type: 'user', id: session.userId, label: session.email } },
    token: session.token,
    locale: session.locale,
    timeZone: 'Africa/Abidjan',
    mustEnrol: false,
  });
  return { ...real, dashboardContext: ctx, dashboardAction: ctx, currentContext: ctx, dashboardLocale: async () => session.locale };
});

/** The macaroons of the merchant's node and of the node an update moves the account to: the secrets. */
const MAC_A = `0201036c6e64${randomBytes(24).toString('hex')}`;
const MAC_B = `0201036c6e64${randomBytes(24).toString('hex')}`;
/** Every secret of this file (the wallets' account keys are added as they are made). */
const SECRETS = [MAC_A, MAC_B];
/** A test-mode wallet account key (a vpub): a secret of its account. */
const wallet = () => {
  const w = newAccountKey('testnet');
  SECRETS.push(w.key);
  return w;
};

let lndA: FakeLnd;
let lndB: FakeLnd;
let esplora: FakeEsplora;
/** Every answer of this file, for the check that no secret is in any of them. */
const answers: unknown[] = [];
async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const res = await callApi<T>(method, path, opts);
  answers.push(res.body);
  return res;
}

interface Shop {
  m: Awaited<ReturnType<typeof newMerchant>>;
  /** Owners by name: their user id and the scope their dashboard session acts with (test mode). */
  owners: Map<string, { id: string; scope: Scope }>;
  /** The secret test key's id (an API request's author). */
  keyId: string;
}

const shops: Shop[] = [];

async function newShop(ownerNames: string[]): Promise<Shop> {
  const m = await newMerchant(db(), `Approvals ${randomBytes(3).toString('hex')}`);
  const owners = new Map<string, { id: string; scope: Scope }>();
  for (const name of ownerNames) {
    const made = await createUser(db(), { merchantId: m.merchant.id, email: `${name}-${randomBytes(3).toString('hex')}@approvals.example` });
    owners.set(name, {
      id: made.user.id,
      scope: { merchantId: m.merchant.id, livemode: false, actor: { type: 'user', id: made.user.id, label: made.user.email } },
    });
  }
  const [key] = await db().query<{ id: string }>(`select id from api_keys where merchant_id = $1 and livemode = false and permissions is null`, [
    m.merchant.id,
  ]);
  const shop = { m, owners, keyId: key!.id };
  shops.push(shop);
  return shop;
}

const owner = (s: Shop, name: string) => s.owners.get(name)!;

async function lightningAccount(s: Shop, by = 'ana') {
  return createRailAccount(db(), owner(s, by).scope, { rail: 'btc_lightning', displayName: 'Node A', settings: { restUrl: lndA.url, macaroon: MAC_A } });
}

/** The account's row and its versions, as the payments read them. */
async function state(accountId: string) {
  const [row] = await db().query<{ version: number; status: string; display_name: string | null; metadata: Record<string, string> }>(
    `select version, status, display_name, metadata from rail_accounts where id = $1`,
    [accountId],
  );
  const versions = await db().query<{ version: number }>(`select version from rail_account_versions where account_id = $1 order by version`, [accountId]);
  return {
    version: Number(row!.version),
    status: row!.status,
    displayName: row!.display_name,
    metadata: row!.metadata,
    versions: versions.map((v) => Number(v.version)),
  };
}

/** A new payment over Lightning: which node made its invoice, and the attempt's account and version. */
async function payWith(s: Shop): Promise<{ node: 'A' | 'B' | 'simulator'; accountId: string | null; version: number | null; owner: string }> {
  const pi = await newIntent(s.m.keys.test, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
  const confirmed = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: s.m.keys.test, body: {} });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const invoice = confirmed.body.nextAction.invoice as string;
  const [att] = await db().query<{ rail_account_id: string | null; rail_account_version: number | null; account_owner: string }>(
    `select rail_account_id, rail_account_version, account_owner from payment_attempts where payment_intent_id = $1`,
    [pi.id],
  );
  const at = (l: FakeLnd) => [...l.invoices.values()].some((i) => i.request === invoice);
  return {
    node: at(lndA) ? 'A' : at(lndB) ? 'B' : 'simulator',
    accountId: att!.rail_account_id,
    version: att!.rail_account_version === null ? null : Number(att!.rail_account_version),
    owner: att!.account_owner,
  };
}

const turnOn = async (s: Shop, by = 'ana') => {
  const out = await submitAccountUpdate(db(), owner(s, by).scope, { railAccountApproval: true }, { loosenApprovals: true });
  expect(out).toMatchObject({ pending: false, account: { railAccountApproval: true } });
};

const change = async (id: string) =>
  (
    await db().query<{ status: string; decided_by: string | null; reason: string | null }>(
      `select status, decided_by, reason from rail_account_changes where id = $1`,
      [id],
    )
  )[0]!;

const auditOf = (merchantId: string, action: string) =>
  db().query<{ actor_id: string | null; target_id: string | null; changes: any }>(
    `select actor_id, target_id, changes from audit_events where merchant_id = $1 and action = $2 order by seq`,
    [merchantId, action],
  );

const eventsOf = async (accountId: string) =>
  (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by seq`, [accountId])).map((e) => e.type);

beforeAll(async () => {
  lndA = await startFakeLnd(MAC_A, { network: 'tb' });
  lndB = await startFakeLnd(MAC_B, { network: 'tb' });
  esplora = await startFakeEsplora();
});
afterAll(async () => {
  await lndA?.close();
  await lndB?.close();
  await esplora?.close();
});

describe('the setting', () => {
  it('turning it on needs two active owners (else nobody could approve); owners only on the API too (rail_accounts.write)', async () => {
    const s = await newShop(['ana']);
    await expect(submitAccountUpdate(db(), owner(s, 'ana').scope, { railAccountApproval: true }, { loosenApprovals: true })).rejects.toMatchObject({
      code: 'two_owners_required',
      param: 'railAccountApproval',
    });
    const api = await call('POST', '/v1/account', { key: s.m.keys.test, body: { railAccountApproval: true } });
    expect(api.status).toBe(409);
    expect(api.body.error).toMatchObject({ code: 'two_owners_required', param: 'railAccountApproval' });
    expect((await call('GET', '/v1/account', { key: s.m.keys.test })).body).toMatchObject({ railAccountApproval: false, pendingChange: null });
    // A restricted key with settings.write but not rail_accounts.write: 403, nothing changed.
    const { createRestrictedKey } = await import('@/lib/domain/api-keys');
    const restricted = await createRestrictedKey(
      db(),
      s.m.merchant.id,
      { name: 'settings only', livemode: false, permissions: ['settings.write'] },
      {
        type: 'system',
        id: null,
        label: null,
      },
      KEY_PERMISSIONS,
    );
    const denied = await call('POST', '/v1/account', { key: restricted.secret, body: { railAccountApproval: true } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ code: 'permission_denied' });
    expect(denied.body.error.message).toContain('rail_accounts.write');

    const bob = await createUser(db(), { merchantId: s.m.merchant.id, email: `bob-${randomBytes(3).toString('hex')}@approvals.example` });
    const on = await call('POST', '/v1/account', { key: s.m.keys.test, body: { railAccountApproval: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ railAccountApproval: true, pendingChange: null });
    const lines = await auditOf(s.m.merchant.id, 'account.updated');
    expect(lines.at(-1)!.changes).toEqual({ before: { railAccountApproval: false }, after: { railAccountApproval: true } });
    expect(bob.user.role).toBe('owner');
  });

  it('turned on while a direct change was being checked at the backend: the change is refused, nothing applied, nothing waiting', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await submitAccountUpdate(db(), owner(s, 'ana').scope, { railAccountApproval: true }, { loosenApprovals: true });
    // The change's first read of the setting is from before it was turned on.
    const { approvalRequired } = await import('@/lib/store/rail-account-changes');
    vi.mocked(approvalRequired).mockResolvedValueOnce(false);
    await expect(
      updateRailAccount(db(), owner(s, 'ana').scope, account.id, { displayName: 'Node B', settings: { restUrl: lndB.url, macaroon: MAC_B } }),
    ).rejects.toMatchObject({ code: 'unexpected_state', message: expect.stringContaining('turned on while this change was checked') });
    expect(await state(account.id)).toMatchObject({ version: 1, displayName: 'Node A', versions: [1] });
    vi.mocked(approvalRequired).mockResolvedValueOnce(false);
    await expect(disableRailAccount(db(), owner(s, 'ana').scope, account.id)).rejects.toMatchObject({ code: 'unexpected_state' });
    expect((await state(account.id)).status).toBe('active');
    expect(await db().query(`select 1 from rail_account_changes where account_id = $1`, [account.id])).toEqual([]);
  });
});

describe('a change waits for another owner', () => {
  it('an update is checked at the backend, then waits: the account, its versions and new payments stay on version 1; the author cannot approve; another owner applies it once', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const before = await state(account.id);
    const lndBCalls = lndB.requests.length;

    // A backend that refuses the new settings: refused at once (checked when asked), nothing kept.
    await expect(
      submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { settings: { restUrl: lndB.url, macaroon: `${MAC_B}00` } }),
    ).rejects.toMatchObject({ code: 'rail_account_invalid' });
    expect(await db().query(`select 1 from rail_account_changes where account_id = $1`, [account.id])).toHaveLength(0);

    const asked = await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, {
      displayName: 'Node B',
      settings: { restUrl: lndB.url, macaroon: MAC_B },
      metadata: { branch: 'Plateau' },
    });
    expect(lndB.requests.length).toBeGreaterThan(lndBCalls); // checked at the new node when asked
    expect(asked.pending).toBe(true);
    expect(asked.account).toMatchObject({
      version: 1,
      displayName: 'Node A',
      settings: { restUrl: lndA.url },
      metadata: {},
      pendingChange: { action: 'update', status: 'pending_approval', requestedBy: { type: 'user', id: owner(s, 'ana').id } },
    });
    const changeId = asked.account.pendingChange!.id;
    expect(changeId).toMatch(/^rachg_/);
    // Nothing of the account changed: its row, its versions, what new payments use.
    expect(await state(account.id)).toEqual(before);
    expect(await payWith(s)).toEqual({ node: 'A', accountId: account.id, version: 1, owner: 'merchant' });
    expect(await eventsOf(account.id)).toEqual(['rail_account.created']);

    // Its author cannot approve it, not even from two sessions at once.
    const self = await Promise.allSettled([
      approveRailAccountChange(db(), owner(s, 'ana').scope, changeId, owner(s, 'ana').id),
      approveRailAccountChange(db(), owner(s, 'ana').scope, changeId, owner(s, 'ana').id),
    ]);
    for (const r of self) expect(r).toMatchObject({ status: 'rejected', reason: { code: 'self_approval' } });
    await expect(rejectRailAccountChange(db(), owner(s, 'ana').scope, changeId, owner(s, 'ana').id, '')).rejects.toMatchObject({ code: 'self_approval' });
    expect((await change(changeId)).status).toBe('pending_approval');
    expect(await state(account.id)).toEqual(before);

    // A second change while one waits: refused, naming it; a change of the metadata alone applies at once.
    const second = await call('POST', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test, body: { displayName: 'Node C' } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('rail_account_change_pending');
    expect(second.body.error.message).toContain(changeId);
    const tagged = await call('POST', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test, body: { metadata: { till: '2' } } });
    expect(tagged.status).toBe(200);
    expect(tagged.body).toMatchObject({ version: 1, metadata: { till: '2' }, pendingChange: { id: changeId } });

    // Another owner approves: the prepared version is applied, its metadata patch merged into today's.
    const approved = await approveRailAccountChange(db(), owner(s, 'bob').scope, changeId, owner(s, 'bob').id);
    expect(approved.account).toMatchObject({ version: 2, displayName: 'Node B', settings: { restUrl: lndB.url }, pendingChange: null });
    expect(await state(account.id)).toMatchObject({ version: 2, displayName: 'Node B', versions: [1, 2], metadata: { till: '2', branch: 'Plateau' } });
    expect(await change(changeId)).toMatchObject({ status: 'approved', decided_by: owner(s, 'bob').id });
    expect(await payWith(s)).toEqual({ node: 'B', accountId: account.id, version: 2, owner: 'merchant' });
    // Exactly once: approving again is refused, no third version.
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, changeId, owner(s, 'bob').id)).rejects.toMatchObject({ code: 'unexpected_state' });
    expect((await state(account.id)).versions).toEqual([1, 2]);
    expect((await eventsOf(account.id)).filter((t) => t === 'rail_account.updated')).toHaveLength(2); // the metadata, then the approved version

    // The audit log: asked by ana, approved by bob, the version applied as bob (with before and after).
    expect((await auditOf(s.m.merchant.id, 'rail_account.change_requested')).map((l) => l.actor_id)).toEqual([owner(s, 'ana').id]);
    expect((await auditOf(s.m.merchant.id, 'rail_account.change_approved')).map((l) => [l.actor_id, l.changes.after.change])).toEqual([
      [owner(s, 'bob').id, changeId],
    ]);
    const updated = (await auditOf(s.m.merchant.id, 'rail_account.updated')).at(-1)!;
    expect(updated.actor_id).toBe(owner(s, 'bob').id);
    expect(updated.changes).toMatchObject({ before: { version: 1, settings: { restUrl: lndA.url } }, after: { version: 2, settings: { restUrl: lndB.url } } });
    // Every owner sees the applied change in their banner.
    for (const name of ['ana', 'bob'])
      expect((await railBanners(db(), s.m.merchant.id, owner(s, name).id)).map((b) => [b.action, b.accountId])).toContainEqual([
        'rail_account.updated',
        account.id,
      ]);
  }, 120_000);

  it('its author disabled (by another owner, with a third left): the change is canceled, and can no longer be approved', async () => {
    const s = await newShop(['ana', 'bob', 'cy']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const asked = await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { displayName: 'Renamed' });
    const changeId = asked.account.pendingChange!.id;
    await disableUser(db(), s.m.merchant.id, owner(s, 'ana').id, owner(s, 'cy').scope.actor!);
    expect(await change(changeId)).toMatchObject({ status: 'canceled', reason: 'Its author was disabled.' });
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, changeId, owner(s, 'bob').id)).rejects.toMatchObject({ code: 'unexpected_state' });
    expect(await state(account.id)).toMatchObject({ version: 1, displayName: 'Node A' });
    expect((await auditOf(s.m.merchant.id, 'rail_account.change_canceled')).map((l) => [l.actor_id, l.changes.after.change])).toEqual([
      [owner(s, 'cy').id, changeId],
    ]);
  });

  it('asked with a key an owner made: she cannot approve it (her key is her); another owner can; rolling the keys cancels what the old ones asked', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const { createRestrictedKey } = await import('@/lib/domain/api-keys');
    const { rolePermissions } = await import('@/lib/domain/permissions');
    const rk = await createRestrictedKey(
      db(),
      s.m.merchant.id,
      { name: 'ops', livemode: false, permissions: ['rail_accounts.write'] },
      owner(s, 'ana').scope.actor!,
      rolePermissions('owner'),
    );
    const asked = await call('POST', `/v1/rail_accounts/${account.id}`, { key: rk.secret, body: { displayName: 'By a key' } });
    expect(asked.status).toBe(202);
    const changeId = asked.body.pendingChange.id;
    await expect(approveRailAccountChange(db(), owner(s, 'ana').scope, changeId, owner(s, 'ana').id)).rejects.toMatchObject({ code: 'self_approval' });
    expect((await change(changeId)).status).toBe('pending_approval');
    await approveRailAccountChange(db(), owner(s, 'bob').scope, changeId, owner(s, 'bob').id);
    expect((await state(account.id)).displayName).toBe('By a key');

    // A change asked with the secret key, then the keys rolled: canceled, never approvable.
    const bySecret = await call('POST', `/v1/rail_accounts/${account.id}/disable`, { key: s.m.keys.test, body: {} });
    expect(bySecret.status).toBe(202);
    const { rollKeys } = await import('@/lib/domain/merchants');
    await rollKeys(db(), s.m.merchant.id, owner(s, 'bob').scope.actor!);
    expect(await change(bySecret.body.pendingChange.id)).toMatchObject({ status: 'canceled' });
    await expect(approveRailAccountChange(db(), owner(s, 'ana').scope, bySecret.body.pendingChange.id, owner(s, 'ana').id)).rejects.toMatchObject({
      code: 'unexpected_state',
    });
    expect((await state(account.id)).status).toBe('active');
  });

  it('two owners approving at once: one applies, the other is refused, one version is added', async () => {
    const s = await newShop(['ana', 'bob', 'cy']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const asked = await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { displayName: 'Renamed' });
    expect(asked.pending).toBe(true);
    const id = asked.account.pendingChange!.id;
    const settled = await Promise.allSettled([
      approveRailAccountChange(db(), owner(s, 'bob').scope, id, owner(s, 'bob').id),
      approveRailAccountChange(db(), owner(s, 'cy').scope, id, owner(s, 'cy').id),
    ]);
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({ code: 'unexpected_state' });
    expect(await state(account.id)).toMatchObject({ version: 2, versions: [1, 2], displayName: 'Renamed' });
    expect(await auditOf(s.m.merchant.id, 'rail_account.change_approved')).toHaveLength(1);
    expect((await eventsOf(account.id)).filter((t) => t === 'rail_account.updated')).toHaveLength(1);
  }, 120_000);

  it('rejected (a key asked: any owner may decide): nothing changes, its reason kept; a withdrawn one neither', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const before = await state(account.id);
    const asked = await call('POST', `/v1/rail_accounts/${account.id}/disable`, { key: s.m.keys.test, body: {} });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'active', pendingChange: { action: 'disable', requestedBy: { type: 'key', id: s.keyId } } });
    // Asked by a key: ana, an owner, may reject it.
    const rejected = await rejectRailAccountChange(db(), owner(s, 'ana').scope, asked.body.pendingChange.id, owner(s, 'ana').id, '  Not us  ');
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Not us', decided_by: owner(s, 'ana').id });
    expect(await state(account.id)).toEqual(before);
    expect(await payWith(s)).toMatchObject({ node: 'A', accountId: account.id, version: 1 });
    expect((await call('GET', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test })).body).toMatchObject({ status: 'active', pendingChange: null });
    expect(await eventsOf(account.id)).toEqual(['rail_account.created']);
    expect((await auditOf(s.m.merchant.id, 'rail_account.change_rejected')).map((l) => l.changes.after.reason)).toEqual(['Not us']);
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, asked.body.pendingChange.id, owner(s, 'bob').id)).rejects.toMatchObject({
      code: 'unexpected_state',
    });

    // bob asks, then withdraws (only he may); nothing changes.
    const mine = await submitRailAccountUpdate(db(), owner(s, 'bob').scope, account.id, { displayName: 'Oops' });
    await expect(withdrawRailAccountChange(db(), owner(s, 'ana').scope, mine.account.pendingChange!.id, owner(s, 'ana').id)).rejects.toMatchObject({
      code: 'not_your_change',
    });
    expect((await withdrawRailAccountChange(db(), owner(s, 'bob').scope, mine.account.pendingChange!.id, owner(s, 'bob').id)).status).toBe('canceled');
    expect(await state(account.id)).toEqual(before);
  }, 120_000);

  it('a disable waits (payments still go to the account), then applies once approved', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const asked = await submitRailAccountDisable(db(), owner(s, 'ana').scope, account.id);
    expect(asked).toMatchObject({ pending: true, account: { status: 'active', pendingChange: { action: 'disable' } } });
    expect((await state(account.id)).status).toBe('active');
    expect(await payWith(s)).toMatchObject({ node: 'A', accountId: account.id });
    const done = await approveRailAccountChange(db(), owner(s, 'bob').scope, asked.account.pendingChange!.id, owner(s, 'bob').id);
    expect(done.account).toMatchObject({ status: 'disabled', pendingChange: null });
    expect(await eventsOf(account.id)).toEqual(['rail_account.created', 'rail_account.disabled']);
    // Test mode without an own account: the simulator.
    expect(await payWith(s)).toMatchObject({ node: 'simulator', accountId: null, owner: 'simulator' });
  }, 120_000);

  it('a change computed from a version the account moved on from is refused (superseded), nothing applied', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    // The operator's CLI (Caisse itself) changes the account directly: the waiting change is superseded.
    const first = await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { displayName: 'From v1' });
    await updateRailAccount(db(), { merchantId: s.m.merchant.id, livemode: false }, account.id, { displayName: 'By the operator' });
    expect((await change(first.account.pendingChange!.id)).status).toBe('superseded');
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, first.account.pendingChange!.id, owner(s, 'bob').id)).rejects.toMatchObject({
      code: 'unexpected_state',
    });
    expect(await state(account.id)).toMatchObject({ version: 2, displayName: 'By the operator', versions: [1, 2] });

    // And should the version move by any other way, the approval itself checks the base version.
    const second = await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { settings: { restUrl: lndB.url, macaroon: MAC_B } });
    const id = second.account.pendingChange!.id;
    // (A forged version 3: version 2's secrets, sealed for version 2, which do not open as 3. It is
    // taken back after: on PostgreSQL the next files of this worker share the database, and a
    // server started on it refuses to run with a version it cannot open.)
    await db().query(
      `insert into rail_account_versions (account_id, version, settings, secrets, key_id, hints, created_at)
       select account_id, 3, settings, secrets, key_id, hints, created_at from rail_account_versions where account_id = $1 and version = 2`,
      [account.id],
    );
    await db().query(`update rail_accounts set version = 3 where id = $1`, [account.id]);
    try {
      const stale = await approveRailAccountChange(db(), owner(s, 'bob').scope, id, owner(s, 'bob').id).catch((e) => e);
      expect(stale).toMatchObject({ code: 'unexpected_state' });
      expect(stale.message).toMatch(/computed from version 2 .* now at version 3: nothing was applied/);
      expect(await change(id)).toMatchObject({ status: 'superseded' });
      expect(await state(account.id)).toMatchObject({ version: 3, versions: [1, 2, 3] });
      expect(await auditOf(s.m.merchant.id, 'rail_account.change_approved')).toHaveLength(0);
    } finally {
      await db().query(`update rail_accounts set version = 2 where id = $1`, [account.id]);
      await db().query(`delete from rail_account_versions where account_id = $1 and version = 3`, [account.id]);
    }
    expect((await unreadableVersions(db())).filter((v) => v.accountId === account.id)).toEqual([]);
  }, 120_000);
});

describe('a connection waits too', () => {
  const rowsOf = (merchantId: string, rail = 'btc_lightning') =>
    db().query<{ id: string; status: string }>(`select id, status from rail_accounts where merchant_id = $1 and rail = $2 and livemode = false`, [
      merchantId,
      rail,
    ]);
  const railEvents = async (merchantId: string) =>
    (await db().query<{ type: string }>(`select type from events where merchant_id = $1 and type like 'rail_account.%' order by seq`, [merchantId])).map(
      (e) => e.type,
    );

  it('checked at the backend, then waits: nothing is connected (new payments still go to the simulator); the author cannot approve; a second connection of the rail is refused; another owner applies it once, as the account announced', async () => {
    const s = await newShop(['ana', 'bob', 'cy']);
    await turnOn(s);
    const lndBCalls = lndB.requests.length;

    // A backend that refuses the settings: refused at once (checked when asked), nothing kept.
    await expect(
      submitRailAccountCreate(db(), owner(s, 'ana').scope, { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: `${MAC_B}00` } }),
    ).rejects.toMatchObject({ code: 'rail_account_invalid' });
    expect(await db().query(`select 1 from rail_account_changes where merchant_id = $1`, [s.m.merchant.id])).toHaveLength(0);

    const asked = await submitRailAccountCreate(db(), owner(s, 'ana').scope, {
      rail: 'btc_lightning',
      displayName: 'Node B',
      settings: { restUrl: lndB.url, macaroon: MAC_B },
      metadata: { branch: 'Plateau' },
    });
    answers.push(asked);
    expect(lndB.requests.length).toBeGreaterThan(lndBCalls); // checked at the node when asked
    expect(asked.pending).toBe(true);
    expect(asked.account).toMatchObject({
      id: expect.stringMatching(/^ra_/),
      object: 'rail_account',
      rail: 'btc_lightning',
      status: 'pending_approval',
      version: 1,
      displayName: 'Node B',
      settings: { restUrl: lndB.url },
      secrets: { macaroon: { last4: MAC_B.slice(-4), fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) } },
      metadata: { branch: 'Plateau' },
      pendingChange: { action: 'create', status: 'pending_approval', requestedBy: { type: 'user', id: owner(s, 'ana').id } },
    });
    const accountId = asked.account.id;
    const changeId = asked.account.pendingChange!.id;
    // Nothing is connected: no account row, no event, and a new payment on the rail goes to the simulator.
    expect(await rowsOf(s.m.merchant.id)).toEqual([]);
    expect(await railEvents(s.m.merchant.id)).toEqual([]);
    expect(await payWith(s)).toEqual({ node: 'simulator', accountId: null, version: null, owner: 'simulator' });
    // The API: the account it would make while it waits (not in the list).
    const got = await call('GET', `/v1/rail_accounts/${accountId}`, { key: s.m.keys.test });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: accountId, status: 'pending_approval', pendingChange: { id: changeId, action: 'create' } });
    expect((await call('GET', '/v1/rail_accounts', { key: s.m.keys.test })).body.data).toEqual([]);
    expect((await call('GET', `/v1/rail_accounts/${accountId}`, { key: s.m.keys.live })).status).toBe(404);

    // Its author cannot approve it, not even from two sessions at once.
    const self = await Promise.allSettled([
      approveRailAccountChange(db(), owner(s, 'ana').scope, changeId, owner(s, 'ana').id),
      approveRailAccountChange(db(), owner(s, 'ana').scope, changeId, owner(s, 'ana').id),
    ]);
    for (const r of self) expect(r).toMatchObject({ status: 'rejected', reason: { code: 'self_approval' } });
    expect((await change(changeId)).status).toBe('pending_approval');
    expect(await rowsOf(s.m.merchant.id)).toEqual([]);

    // A second connection of the rail while one waits: refused before the backend is asked, naming it.
    const callsBefore = lndA.requests.length;
    const second = await call('POST', '/v1/rail_accounts', {
      key: s.m.keys.test,
      body: { rail: 'btc_lightning', settings: { restUrl: lndA.url, macaroon: MAC_A } },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'rail_account_change_pending', param: 'rail' });
    expect(second.body.error.message).toContain(changeId);
    expect(lndA.requests.length).toBe(callsBefore);
    expect(await db().query(`select 1 from rail_account_changes where merchant_id = $1`, [s.m.merchant.id])).toHaveLength(1);

    // bob and cy approve at once: one applies it, the other is refused.
    const settled = await Promise.allSettled([
      approveRailAccountChange(db(), owner(s, 'bob').scope, changeId, owner(s, 'bob').id),
      approveRailAccountChange(db(), owner(s, 'cy').scope, changeId, owner(s, 'cy').id),
    ]);
    const won = settled.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof approveRailAccountChange>>> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(settled.filter((r) => r.status === 'rejected')).toMatchObject([{ reason: { code: 'unexpected_state' } }]);
    const approver = won[0]!.value.change.decided_by!;
    expect([owner(s, 'bob').id, owner(s, 'cy').id]).toContain(approver);
    // The account announced: same id, settings, secrets' hints; active now, version 1.
    expect(won[0]!.value.account).toEqual({
      ...asked.account,
      status: 'active',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      pendingChange: null,
    });
    expect(await rowsOf(s.m.merchant.id)).toEqual([{ id: accountId, status: 'active' }]);
    expect(await state(accountId)).toMatchObject({ version: 1, versions: [1], displayName: 'Node B', metadata: { branch: 'Plateau' } });
    expect(await payWith(s)).toEqual({ node: 'B', accountId, version: 1, owner: 'merchant' });
    expect(await railEvents(s.m.merchant.id)).toEqual(['rail_account.created']);
    // Exactly once: approving again is refused.
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, changeId, owner(s, 'bob').id)).rejects.toMatchObject({ code: 'unexpected_state' });
    expect(await railEvents(s.m.merchant.id)).toEqual(['rail_account.created']);

    // The audit log: asked by ana (the settings and hints), approved, created as the approver.
    const requested = await auditOf(s.m.merchant.id, 'rail_account.change_requested');
    expect(requested.map((l) => [l.actor_id, l.target_id])).toEqual([[owner(s, 'ana').id, accountId]]);
    expect(requested[0]!.changes.after).toMatchObject({ change: changeId, action: 'create', settings: { restUrl: lndB.url } });
    expect((await auditOf(s.m.merchant.id, 'rail_account.change_approved')).map((l) => [l.actor_id, l.target_id, l.changes.after.action])).toEqual([
      [approver, accountId, 'create'],
    ]);
    expect((await auditOf(s.m.merchant.id, 'rail_account.created')).map((l) => [l.actor_id, l.target_id])).toEqual([[approver, accountId]]);
    // Every owner sees the connection in their banner.
    for (const name of ['ana', 'bob', 'cy'])
      expect((await railBanners(db(), s.m.merchant.id, owner(s, name).id)).map((b) => [b.kind, b.accountId, b.rail])).toContainEqual([
        'created',
        accountId,
        'btc_lightning',
      ]);
  }, 120_000);

  it('through the API: 202 with the account it would make (pending_approval), replayed by its Idempotency-Key; rejected (a key asked: any owner decides), nothing is connected and its id is 404; withdrawn likewise', async () => {
    const s = await newShop(['ana', 'bob']);
    await turnOn(s);
    const body = { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: MAC_B } };
    const res = await call('POST', '/v1/rail_accounts', { key: s.m.keys.test, body, headers: { 'Idempotency-Key': `create-${s.m.merchant.id}` } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^ra_/),
      object: 'rail_account',
      status: 'pending_approval',
      version: 1,
      livemode: false,
      receiveAddresses: [],
      pendingChange: {
        id: expect.stringMatching(/^rachg_/),
        action: 'create',
        status: 'pending_approval',
        requestedBy: { type: 'key', id: s.keyId, label: expect.stringMatching(/^sk_test_/) },
      },
    });
    const replay = await call('POST', '/v1/rail_accounts', { key: s.m.keys.test, body, headers: { 'Idempotency-Key': `create-${s.m.merchant.id}` } });
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(res.body.id);
    expect(await db().query(`select 1 from rail_account_changes where merchant_id = $1`, [s.m.merchant.id])).toHaveLength(1);

    // Asked by a key: ana, an owner, may reject it. Nothing is connected, the id it announced is 404.
    const rejected = await rejectRailAccountChange(db(), owner(s, 'ana').scope, res.body.pendingChange.id, owner(s, 'ana').id, 'Not our node');
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Not our node' });
    expect(await rowsOf(s.m.merchant.id)).toEqual([]);
    expect((await call('GET', `/v1/rail_accounts/${res.body.id}`, { key: s.m.keys.test })).status).toBe(404);
    expect(await payWith(s)).toMatchObject({ node: 'simulator', accountId: null });
    expect((await auditOf(s.m.merchant.id, 'rail_account.change_rejected')).map((l) => [l.target_id, l.changes.after.action])).toEqual([
      [res.body.id, 'create'],
    ]);
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, res.body.pendingChange.id, owner(s, 'bob').id)).rejects.toMatchObject({
      code: 'unexpected_state',
    });

    // Asked again by bob, who withdraws it (only he may): nothing is connected.
    const mine = await submitRailAccountCreate(db(), owner(s, 'bob').scope, { rail: 'btc_lightning', settings: { restUrl: lndA.url, macaroon: MAC_A } });
    expect(mine.account.id).not.toBe(res.body.id);
    await expect(withdrawRailAccountChange(db(), owner(s, 'ana').scope, mine.account.pendingChange!.id, owner(s, 'ana').id)).rejects.toMatchObject({
      code: 'not_your_change',
    });
    expect((await withdrawRailAccountChange(db(), owner(s, 'bob').scope, mine.account.pendingChange!.id, owner(s, 'bob').id)).status).toBe('canceled');
    expect(await rowsOf(s.m.merchant.id)).toEqual([]);
    expect(await railEvents(s.m.merchant.id)).toEqual([]);
    expect(await payWith(s)).toMatchObject({ node: 'simulator' });
  }, 120_000);

  it('an account made active on the rail meanwhile supersedes it; so does, at approval, an account on the rail or the address key taken elsewhere: nothing applied', async () => {
    const s = await newShop(['ana', 'bob']);
    await turnOn(s);
    // The operator's CLI (Caisse itself, never asked) connects the rail while ana's connection waits: superseded.
    const first = await submitRailAccountCreate(db(), owner(s, 'ana').scope, { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: MAC_B } });
    const direct = await createRailAccount(
      db(),
      { merchantId: s.m.merchant.id, livemode: false },
      {
        rail: 'btc_lightning',
        settings: { restUrl: lndA.url, macaroon: MAC_A },
      },
    );
    expect(direct.status).toBe('active');
    expect((await change(first.account.pendingChange!.id)).status).toBe('superseded');
    await expect(approveRailAccountChange(db(), owner(s, 'bob').scope, first.account.pendingChange!.id, owner(s, 'bob').id)).rejects.toMatchObject({
      code: 'unexpected_state',
    });
    expect(await rowsOf(s.m.merchant.id)).toEqual([{ id: direct.id, status: 'active' }]);
    // With an active account on the rail, a connection is refused when asked (update it, or disable it first).
    await expect(
      submitRailAccountCreate(db(), owner(s, 'ana').scope, { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: MAC_B } }),
    ).rejects.toMatchObject({ code: 'rail_account_exists', param: 'rail' });

    // The rail's account is disabled (by the CLI), ana asks again; should an account become active on
    // the rail by any other way, the approval itself checks the rail: superseded, nothing applied.
    await disableRailAccount(db(), { merchantId: s.m.merchant.id, livemode: false }, direct.id);
    const second = await submitRailAccountCreate(db(), owner(s, 'ana').scope, { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: MAC_B } });
    const rogue = `ra_rogue${randomBytes(6).toString('hex')}`;
    await db().query(
      `insert into rail_accounts (id, merchant_id, livemode, rail, protocol, display_name, status, version, metadata, created_at, updated_at)
       values ($1, $2, false, 'btc_lightning', null, 'Elsewhere', 'active', 1, '{}', 0, 0)`,
      [rogue, s.m.merchant.id],
    );
    const stale = await approveRailAccountChange(db(), owner(s, 'bob').scope, second.account.pendingChange!.id, owner(s, 'bob').id).catch((e) => e);
    expect(stale).toMatchObject({ code: 'unexpected_state' });
    expect(stale.message).toMatch(new RegExp(`got an active account in test mode .*\\(${rogue}\\).*nothing was applied \\(the change is superseded\\)`));
    expect(await change(second.account.pendingChange!.id)).toMatchObject({ status: 'superseded', decided_by: owner(s, 'bob').id });
    expect((await rowsOf(s.m.merchant.id)).map((r) => r.id).sort()).toEqual([direct.id, rogue].sort());
    expect(await auditOf(s.m.merchant.id, 'rail_account.change_approved')).toHaveLength(0);

    // An address rail: the wallet's account key is free when asked, then another merchant connects it
    // (directly: its approval is off); the approval checks the key again: superseded, nothing applied.
    const key = wallet();
    const settings = { accountKey: key.key, esploraUrl: esplora.url };
    const asked = await submitRailAccountCreate(db(), owner(s, 'ana').scope, { rail: 'btc_onchain', settings });
    expect(asked.account.receiveAddresses).toEqual([0, 1, 2].map(key.address));
    const other = await newShop(['zoe']);
    await createRailAccount(db(), owner(other, 'zoe').scope, { rail: 'btc_onchain', settings });
    // A second connection of the rail meanwhile: refused (one waits).
    await expect(createRailAccount(db(), owner(s, 'bob').scope, { rail: 'btc_onchain', settings })).rejects.toMatchObject({
      code: 'rail_account_change_pending',
    });
    const taken = await approveRailAccountChange(db(), owner(s, 'bob').scope, asked.account.pendingChange!.id, owner(s, 'bob').id).catch((e) => e);
    expect(taken).toMatchObject({ code: 'unexpected_state' });
    expect(taken.message).toMatch(/account key is already connected elsewhere.*nothing was applied \(the change is superseded\)/);
    expect((await change(asked.account.pendingChange!.id)).status).toBe('superseded');
    expect(await rowsOf(s.m.merchant.id, 'btc_onchain')).toEqual([]);
    // And a connection asked with a key another merchant holds is refused when asked.
    await expect(submitRailAccountCreate(db(), owner(s, 'bob').scope, { rail: 'btc_onchain', settings })).rejects.toMatchObject({
      code: 'parameter_invalid',
      param: 'settings.accountKey',
    });
    expect(await db().query(`select 1 from rail_account_changes where merchant_id = $1 and status = 'pending_approval'`, [s.m.merchant.id])).toHaveLength(0);
  }, 120_000);
});

describe('turning it off', () => {
  it('waits for another owner (then changes apply at once again); with one owner left, at once', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const off = await call('POST', '/v1/account', { key: s.m.keys.test, body: { railAccountApproval: false, timeZone: 'Africa/Douala' } });
    expect(off.status).toBe(202);
    expect(off.body).toMatchObject({
      railAccountApproval: true,
      timeZone: 'Africa/Douala',
      pendingChange: { action: 'approval_off', status: 'pending_approval', requestedBy: { type: 'key', id: s.keyId } },
    });
    // Still on: a change still waits.
    expect((await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { displayName: 'Still waits' })).pending).toBe(true);
    // A second request to turn it off: refused, naming the first.
    const again = await submitAccountUpdate(db(), owner(s, 'ana').scope, { railAccountApproval: false }, { loosenApprovals: true }).catch((e) => e);
    expect(again).toMatchObject({ code: 'rail_account_change_pending' });
    expect(again.message).toContain(off.body.pendingChange.id);
    await approveRailAccountChange(db(), owner(s, 'bob').scope, off.body.pendingChange.id, owner(s, 'bob').id);
    expect((await call('GET', '/v1/account', { key: s.m.keys.test })).body).toMatchObject({ railAccountApproval: false, pendingChange: null });
    expect((await auditOf(s.m.merchant.id, 'account.updated')).at(-1)).toMatchObject({
      actor_id: owner(s, 'bob').id,
      changes: { before: { railAccountApproval: true }, after: { railAccountApproval: false } },
    });
    // Every owner is told, until each dismisses it; turning it on, or another setting, is not a banner.
    const offBanners = async (name: string) =>
      (await railBanners(db(), s.m.merchant.id, owner(s, name).id)).filter((b) => b.kind === 'approval_off').map((b) => b.who);
    for (const name of ['ana', 'bob']) expect(await offBanners(name)).toEqual([owner(s, 'bob').scope.actor!.label]);

    // Asked by ana herself: she cannot approve it.
    await turnOn(s);
    const mine = await submitAccountUpdate(db(), owner(s, 'ana').scope, { railAccountApproval: false }, { loosenApprovals: true });
    expect(mine.pending).toBe(true);
    await expect(approveRailAccountChange(db(), owner(s, 'ana').scope, mine.account.pendingChange!.id, owner(s, 'ana').id)).rejects.toMatchObject({
      code: 'self_approval',
    });
    // bob leaves: ana, the one owner left, turns it off at once (nobody else could approve); the waiting request is superseded.
    await disableUser(db(), s.m.merchant.id, owner(s, 'bob').id);
    const alone = await submitAccountUpdate(db(), owner(s, 'ana').scope, { railAccountApproval: false }, { loosenApprovals: true });
    expect(alone).toMatchObject({ pending: false, account: { railAccountApproval: false, pendingChange: null } });
    expect((await change(mine.account.pendingChange!.id)).status).toBe('superseded');
    // Turned off at once: a banner too (the newest first).
    expect(await offBanners('ana')).toEqual([owner(s, 'ana').scope.actor!.label, owner(s, 'bob').scope.actor!.label]);
  }, 120_000);
});

describe('the API', () => {
  it('202 with the account as it is and pendingChange; GET and the list carry it; an Idempotency-Key replays the 202', async () => {
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const body = { settings: { restUrl: lndB.url, macaroon: MAC_B } };
    const res = await call('POST', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test, body, headers: { 'Idempotency-Key': `up-${account.id}` } });
    expect(res.status).toBe(202);
    const pending = {
      id: expect.stringMatching(/^rachg_/),
      action: 'update',
      status: 'pending_approval',
      requestedBy: { type: 'key', id: s.keyId, label: expect.stringMatching(/^sk_test_/) },
      createdAt: expect.any(Number),
    };
    expect(res.body).toMatchObject({ id: account.id, object: 'rail_account', version: 1, settings: { restUrl: lndA.url }, pendingChange: pending });
    expect(Object.keys(res.body.pendingChange).sort()).toEqual(['action', 'createdAt', 'id', 'requestedBy', 'status']);
    const replay = await call('POST', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test, body, headers: { 'Idempotency-Key': `up-${account.id}` } });
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.pendingChange.id).toBe(res.body.pendingChange.id);
    expect((await call('GET', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test })).body.pendingChange).toEqual(res.body.pendingChange);
    expect((await call('GET', '/v1/rail_accounts', { key: s.m.keys.test })).body.data[0].pendingChange).toEqual(res.body.pendingChange);
    // The live mode's accounts are another list: nothing waits there.
    expect((await call('GET', '/v1/rail_accounts', { key: s.m.keys.live })).body.data).toEqual([]);
    await approveRailAccountChange(db(), owner(s, 'ana').scope, res.body.pendingChange.id, owner(s, 'ana').id);
    const after = await call('GET', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test });
    expect(after.body).toMatchObject({ version: 2, settings: { restUrl: lndB.url }, pendingChange: null });
  }, 120_000);
});

describe('secrets', () => {
  it('are in no audit line, no event, no answer; a waiting change keeps them sealed', async () => {
    // Its own story (whatever ran before it): asked with a new macaroon, one waiting, one approved, one rejected.
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    await turnOn(s);
    const a = await call('POST', `/v1/rail_accounts/${account.id}`, { key: s.m.keys.test, body: { settings: { restUrl: lndB.url, macaroon: MAC_B } } });
    expect(a.status).toBe(202);
    await rejectRailAccountChange(db(), owner(s, 'ana').scope, a.body.pendingChange.id, owner(s, 'ana').id, 'no');
    const b = await submitRailAccountUpdate(db(), owner(s, 'ana').scope, account.id, { settings: { restUrl: lndB.url, macaroon: MAC_B } });
    await approveRailAccountChange(db(), owner(s, 'bob').scope, b.account.pendingChange!.id, owner(s, 'bob').id);
    const c = await submitRailAccountUpdate(db(), owner(s, 'bob').scope, account.id, { settings: { restUrl: lndA.url, macaroon: MAC_A } });
    expect(c.pending).toBe(true);
    answers.push(c, b);
    // Connections: one asked with a key and approved (its answer, the account's GET while it waited), one (an address rail) waiting.
    const t = await newShop(['ana', 'bob']);
    await turnOn(t);
    const d = await call('POST', '/v1/rail_accounts', {
      key: t.m.keys.test,
      body: { rail: 'btc_lightning', settings: { restUrl: lndB.url, macaroon: MAC_B } },
    });
    expect(d.status).toBe(202);
    expect((await call('GET', `/v1/rail_accounts/${d.body.id}`, { key: t.m.keys.test })).status).toBe(200);
    answers.push(await approveRailAccountChange(db(), owner(t, 'bob').scope, d.body.pendingChange.id, owner(t, 'bob').id));
    const key = wallet().key;
    const e = await submitRailAccountCreate(db(), owner(t, 'ana').scope, { rail: 'btc_onchain', settings: { accountKey: key, esploraUrl: esplora.url } });
    expect(e.pending).toBe(true);
    answers.push(e);
    const ids = shops.map((x) => x.m.merchant.id);
    const audit = JSON.stringify(await db().query(`select * from audit_events where merchant_id = any($1::text[])`, [ids]));
    const events = JSON.stringify(await db().query(`select * from events where merchant_id = any($1::text[])`, [ids]));
    const changes = JSON.stringify(await db().query(`select * from rail_account_changes where merchant_id = any($1::text[])`, [ids]));
    expect(audit).toContain('rail_account.change_requested');
    expect(audit).toContain('rail_account.created');
    expect(events).toContain('rail_account.updated');
    expect(events).toContain('rail_account.created');
    expect(changes).toContain('pending_approval');
    expect(changes).toContain('"create"');
    expect(SECRETS).toContain(key);
    for (const secret of SECRETS) {
      expect(audit).not.toContain(secret);
      expect(events).not.toContain(secret);
      expect(changes).not.toContain(secret);
      expect(JSON.stringify(answers)).not.toContain(secret);
    }
  });
});

describe('the dashboard (Payment methods page), without JavaScript', () => {
  const post = postAction;
  const text = htmlText;
  /** The approvals section of the page. */
  const approvals = (html: string) => html.slice(html.indexOf('id="approvals"'), html.indexOf('<nav class="pm-index"'));
  const as = (s: Shop, name: string, locale: 'en' | 'fr' = 'en') => {
    const o = owner(s, name);
    Object.assign(session, { merchantId: s.m.merchant.id, userId: o.id, email: o.scope.actor!.label!, locale, role: 'owner' });
  };

  it('the switch; a change saved for approval (the flash says so); Withdraw for its author, Approve / Reject with a reason for another owner, in French and English', async () => {
    const actions = await import('@/app/dashboard/payment-methods/actions');
    const { default: PaymentMethodsPage } = await import('@/app/dashboard/payment-methods/page');
    const page = async () => renderToStaticMarkup(createElement('div', null, await PaymentMethodsPage({ searchParams: Promise.resolve({}) })));
    const s = await newShop(['ana', 'bob']);
    const account = await lightningAccount(s);
    as(s, 'ana');

    // The switch: off, then on (two owners).
    expect(text(approvals(await page()))).toContain('Require another owner’s approval');
    expect(await post(actions.setRailApprovalAction, { approval: 'on' })).toBe('/dashboard/payment-methods#approvals');
    let html = await page();
    expect(text(approvals(html))).toContain('Approval turned on');
    expect(text(approvals(html))).toContain('Stop requiring approval');

    // ana changes the node: kept for approval, the flash says so; nothing changed.
    const where = await post(actions.updateRailAction, {
      rail: 'btc_lightning',
      accountId: account.id,
      displayName: 'Node B',
      's.restUrl': lndB.url,
      's.macaroon': MAC_B,
    });
    expect(where).toBe('/dashboard/payment-methods#rail-btc_lightning');
    html = await page();
    const words = text(html);
    expect(words).toContain('Saved for approval: the change waits for another owner’s approval. Until then, payments keep using version 1.');
    expect(words).toContain('A change of this account waits for another owner’s approval.');
    expect((await state(account.id)).version).toBe(1);
    const mine = text(approvals(html));
    expect(mine).toContain('Change of the account Bitcoin Lightning (version 1 → 2)');
    expect(mine).toContain(lndA.url);
    expect(mine).toContain(lndB.url);
    expect(mine).toContain('replaced');
    expect(mine).toContain('You asked for it');
    expect(approvals(html)).toContain('Withdraw my request');
    expect(approvals(html)).not.toContain('>Approve<');
    for (const secret of SECRETS) expect(html).not.toContain(secret);
    const [pending] = await db().query<{ id: string }>(`select id from rail_account_changes where account_id = $1 and status = 'pending_approval'`, [
      account.id,
    ]);

    // ana's Approve (a crafted post) is refused; the change still waits.
    await post(actions.approveRailChangeAction, { change: pending!.id });
    expect(text(approvals(await page()))).toContain('You asked for this change: another owner must approve or reject it.');
    expect((await change(pending!.id)).status).toBe('pending_approval');

    // bob, in French: Approve / Reject; he approves: applied.
    as(s, 'bob', 'fr');
    html = approvals(await page());
    expect(text(html)).toContain('Approbation des modifications');
    expect(html).toContain('>Approuver<');
    expect(html).toContain('>Refuser<');
    expect(html).toContain('Motif (facultatif)');
    expect(html).not.toContain('Retirer ma demande');
    expect(await post(actions.approveRailChangeAction, { change: pending!.id })).toBe('/dashboard/payment-methods#approvals');
    expect(text(approvals(await page()))).toContain('Modification approuvée et appliquée.');
    expect(await state(account.id)).toMatchObject({ version: 2, displayName: 'Node B' });

    // bob asks to disable it; ana rejects it with a reason.
    await post(actions.disableRailAction, { rail: 'btc_lightning', accountId: account.id, understood: 'yes' });
    expect(text(await page())).toContain('La désactivation attend l’approbation d’un autre propriétaire');
    const [disable] = await db().query<{ id: string }>(`select id from rail_account_changes where account_id = $1 and status = 'pending_approval'`, [
      account.id,
    ]);
    as(s, 'ana');
    await post(actions.rejectRailChangeAction, { change: disable!.id, reason: 'Still our node' });
    expect(text(approvals(await page()))).toContain('Change rejected: nothing was changed.');
    expect(await change(disable!.id)).toMatchObject({ status: 'rejected', reason: 'Still our node' });
    expect((await state(account.id)).status).toBe('active');

    // Turning it off waits for bob.
    await post(actions.setRailApprovalAction, { approval: 'off' });
    html = approvals(await page());
    expect(text(html)).toContain('Turning approval off waits for another owner’s approval');
    expect(text(html)).toContain('Turning approval of changes off');
    expect(html).not.toContain('Stop requiring approval');

    // Anyone but an owner reads the page: no form, no approvals section, the note that owners decide.
    for (const role of ['admin', 'developer', 'support', 'viewer'] as const) {
      Object.assign(session, { role, locale: 'en' });
      html = await page();
      expect(html, role).not.toContain('<form');
      expect(html, role).not.toContain('id="approvals"');
      expect(text(html), role).toContain('Only an owner can connect, change or disable where the money lands.');
    }
    session.role = 'owner';
    expect(await page()).toContain('<form');
  }, 120_000);

  it('a connection saved for approval (the flash says so, nothing connected); the approver sees what it connects (settings, the key as last four and fingerprint, the first receive addresses), in French and English', async () => {
    const actions = await import('@/app/dashboard/payment-methods/actions');
    const { default: PaymentMethodsPage } = await import('@/app/dashboard/payment-methods/page');
    const page = async () => renderToStaticMarkup(createElement('div', null, await PaymentMethodsPage({ searchParams: Promise.resolve({}) })));
    const railSection = (html: string, rail: string) => {
      const start = html.indexOf(`id="rail-${rail}"`);
      return html.slice(start, html.indexOf('<section class="db-section pm-rail"', start + 1));
    };
    const s = await newShop(['ana', 'bob']);
    await turnOn(s);
    const key = wallet();
    as(s, 'ana');
    expect(text(approvals(await page()))).toContain('On: connecting an account, a change of its settings or name, and its disabling wait');

    const where = await post(actions.connectRailAction, {
      rail: 'btc_onchain',
      displayName: 'Shop wallet',
      's.accountKey': key.key,
      's.esploraUrl': esplora.url,
    });
    expect(where).toBe('/dashboard/payment-methods#rail-btc_onchain');
    let html = await page();
    const btc = text(railSection(html, 'btc_onchain'));
    expect(btc).toContain('Saved for approval: the connection waits for another owner’s approval.');
    expect(btc).toContain('Connecting an account on this rail waits for another owner’s approval.');
    expect(btc).toContain('Simulator'); // nothing connected
    expect(railSection(html, 'btc_onchain')).not.toContain('>Connect<'); // no second connection while one waits
    expect(await db().query(`select 1 from rail_accounts where merchant_id = $1`, [s.m.merchant.id])).toHaveLength(0);
    const [waiting] = await db().query<{ id: string; new_account_id: string }>(
      `select id, new_account_id from rail_account_changes where merchant_id = $1 and status = 'pending_approval'`,
      [s.m.merchant.id],
    );
    let mine = text(approvals(html));
    expect(mine).toContain('Connection of an account for Bitcoin (on-chain)');
    expect(mine).toContain(esplora.url);
    expect(mine).toContain('Shop wallet');
    expect(mine).toContain(waiting!.new_account_id);
    expect(mine).toContain(`•••• ${key.key.slice(-4)} (fingerprint`);
    for (const a of [0, 1, 2].map(key.address)) expect(mine).toContain(a);
    expect(mine).toContain('You asked for it');
    expect(approvals(html)).toContain('Withdraw my request');
    expect(approvals(html)).not.toContain('>Approve<');
    for (const secret of SECRETS) expect(html).not.toContain(secret);

    // A second connection of the rail (a crafted post): refused, naming the one that waits; nothing else kept.
    await post(actions.connectRailAction, { rail: 'btc_onchain', 's.accountKey': wallet().key, 's.esploraUrl': esplora.url });
    html = await page();
    expect(text(railSection(html, 'btc_onchain'))).toContain(
      `Connecting an account on this rail already waits for approval (${waiting!.id}): it must be approved, rejected or withdrawn first.`,
    );
    for (const secret of SECRETS) expect(html).not.toContain(secret);

    // bob, in French: what it connects, Approve / Reject; he approves: connected, with the addresses he compared.
    as(s, 'bob', 'fr');
    html = approvals(await page());
    mine = text(html);
    expect(mine).toContain('Connexion d’un compte pour Bitcoin (on-chain)');
    expect(mine).toContain('Premières adresses de réception de ce compte');
    for (const a of [0, 1, 2].map(key.address)) expect(mine).toContain(a);
    expect(html).toContain('>Approuver<');
    expect(html).not.toContain('Retirer ma demande');
    await post(actions.approveRailChangeAction, { change: waiting!.id });
    html = await page();
    expect(text(approvals(html))).toContain('Modification approuvée et appliquée.');
    expect(text(railSection(html, 'btc_onchain'))).toContain('Votre compte');
    const [made] = await db().query<{ id: string; status: string }>(`select id, status from rail_accounts where merchant_id = $1`, [s.m.merchant.id]);
    expect(made).toEqual({ id: waiting!.new_account_id, status: 'active' });
    const account = await call('GET', `/v1/rail_accounts/${made!.id}`, { key: s.m.keys.test });
    expect(account.body.receiveAddresses).toEqual([0, 1, 2].map(key.address));
  }, 120_000);
});
