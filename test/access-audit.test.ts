// Issue 29, the audit log: a scripted session (a failed and a good sign-in, a restricted key made,
// a webhook endpoint made through the API then changed on the dashboard and its secret rolled, a
// refund asked for by support and approved by an admin, the keys rolled, a setting changed) leaves
// exactly one line per action, with its actor (user or key, with its label) and its client address,
// in order; and no secret anywhere: every column of every line is searched for every secret the
// session saw (keys, the webhook's signing secrets, the password). The table refuses updates and
// deletes. GET /v1/audit_events: filters, keyset pages, and only for keys with audit.read.
import { randomBytes } from 'node:crypto';
import { Secret } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '@/lib/dashboard/invitations';
import { signIn } from '@/lib/dashboard/sessions';
import { confirmEnrolment, disableTwoFactor, setRequireTwoFactor, startEnrolment, totpCode } from '@/lib/dashboard/two-factor';
import { changeUserRole, createUser, disableUser } from '@/lib/dashboard/users';
import { createRestrictedKey } from '@/lib/domain/api-keys';
import type { Actor, Scope } from '@/lib/domain/common';
import { rollKeys } from '@/lib/domain/merchants';
import { PERMISSIONS, rolePermissions } from '@/lib/domain/permissions';
import { createRefundInput } from '@/lib/domain/refunds';
import { pollDueAttempts } from '@/lib/payments/poll';
import { approveRefund } from '@/lib/refunds/approve';
import { createRefund } from '@/lib/refunds/create';
import { rollEndpointSecret, updateEndpoint } from '@/lib/webhooks/endpoints';
import { call, newMerchant, useDatabase } from './api';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
const secrets: string[] = [];
let admin: { id: string; email: string; password: string };
let support: { id: string; email: string };
let owner: { id: string; email: string };

beforeAll(async () => {
  m = await newMerchant(db(), 'Audit shop');
  secrets.push(m.keys.test, m.keys.live);
  const a = await createUser(db(), { merchantId: m.merchant.id, email: `admin-${randomBytes(3).toString('hex')}@audit.example`, role: 'admin' });
  admin = { id: a.user.id, email: a.user.email, password: a.password };
  secrets.push(a.password);
  const s = await createUser(db(), { merchantId: m.merchant.id, email: `support-${randomBytes(3).toString('hex')}@audit.example`, role: 'support' });
  support = { id: s.user.id, email: s.user.email };
  secrets.push(s.password);
  const o = await createUser(db(), { merchantId: m.merchant.id, email: `owner-${randomBytes(3).toString('hex')}@audit.example` });
  owner = { id: o.user.id, email: o.user.email };
  secrets.push(o.password);
}, 120_000);

const lines = async (since: number) =>
  db().query<Record<string, unknown>>(`select * from audit_events where merchant_id = $1 and seq > $2 order by seq`, [m.merchant.id, since]);
const lastSeq = async () => Number((await db().query<{ s: number }>(`select coalesce(max(seq), 0) as s from audit_events`))[0]!.s);

/**
 * The scripted session, run once before every test of the file (whatever order they are shuffled
 * in, each sees its lines): its lines, and what the assertions need of it.
 */
async function scriptedSession() {
  const start = await lastSeq();
  const ip = '203.0.113.9';
  const userActor = (u: { id: string; email: string }): Actor => ({ type: 'user', id: u.id, label: u.email, ip });
  const scopeOf = (u: { id: string; email: string }): Scope => ({ merchantId: m.merchant.id, livemode: false, actor: userActor(u) });

  // 1, 2: a failed sign-in, then a good one.
  expect((await signIn(db(), { email: admin.email, password: 'not the password at all', clientAddress: ip })).ok).toBe(false);
  const good = await signIn(db(), { email: admin.email, password: admin.password, clientAddress: ip });
  expect(good.ok).toBe(true);
  if (good.ok) secrets.push(good.token);
  // 3: a restricted key.
  const rk = await createRestrictedKey(
    db(),
    m.merchant.id,
    { name: 'Reports', livemode: false, permissions: ['payments.read', 'audit.read'] },
    userActor(admin),
    rolePermissions('admin'),
  );
  secrets.push(rk.secret);
  // 4: a webhook endpoint made through the API (the actor: the key).
  const we = await call('POST', '/v1/webhook_endpoints', { key: m.keys.test, body: { url: 'http://127.0.0.1:4000/hooks', enabledEvents: ['*'] } });
  expect(we.status).toBe(200);
  secrets.push(we.body.secret);
  // 5, 6: changed on the dashboard, its secret rolled.
  await updateEndpoint(db(), scopeOf(admin), we.body.id, { description: 'Orders' });
  const rolled = await rollEndpointSecret(db(), scopeOf(admin), we.body.id, { expiresInSeconds: 0 });
  secrets.push(rolled.secret);
  // 7, 8: a refund asked for by support, approved by the admin.
  const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
  await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: m.keys.test, body: {} });
  for (let t = now(); t < now() + 300 && (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.test })).body.amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
  const refund = await createRefund(db(), scopeOf(support), createRefundInput.parse({ paymentIntentId: pi.id, amount: 2000 }), undefined, {
    requireApproval: true,
  });
  await approveRefund(db(), scopeOf(admin), refund.id, admin.id);
  // 9: the keys rolled; 10: a setting changed through the API with the new key.
  const keys = await rollKeys(db(), m.merchant.id, userActor(admin));
  secrets.push(keys.keys.test, keys.keys.live);
  const acct = await call('POST', '/v1/account', { key: keys.keys.test, body: { timeZone: 'Africa/Douala' } });
  expect(acct.status).toBe(200);
  // 11-16, the team: an invitation, a role changed, two-step sign-in turned on then off by its
  // user, a user disabled, the merchant's "two-step sign-in required" turned on.
  const inv = await createInvitation(db(), {
    merchantId: m.merchant.id,
    email: `new-${randomBytes(3).toString('hex')}@audit.example`,
    role: 'viewer',
    invitedBy: owner.id,
    actor: userActor(owner),
  });
  secrets.push(inv.token);
  await changeUserRole(db(), m.merchant.id, support.id, 'viewer', userActor(owner));
  const t = now();
  const { secret } = await startEnrolment(db(), admin, t);
  secrets.push(secret);
  await confirmEnrolment(db(), admin.id, { code: totpCode(Secret.fromBase32(secret), t), password: admin.password, clientAddress: ip }, userActor(admin), t);
  await disableTwoFactor(db(), admin.id, { password: admin.password, clientAddress: ip }, userActor(admin), t + 1);
  await disableUser(db(), m.merchant.id, support.id, userActor(owner));
  await setRequireTwoFactor(db(), m.merchant.id, true, userActor(owner));

  return { got: await lines(start), ip, refund, rolled, keys };
}

let session: Awaited<ReturnType<typeof scriptedSession>>;
beforeAll(async () => {
  session = await scriptedSession();
}, 300_000);

describe('the audit log of a scripted session', () => {
  it('one line per action, in order, with its actor; never a secret', async () => {
    const { got, ip, refund, rolled, keys } = session;
    expect(got.map((l) => l.action)).toEqual([
      'user.sign_in_failed',
      'user.signed_in',
      'api_key.created',
      'webhook_endpoint.created',
      'webhook_endpoint.updated',
      'webhook_endpoint.updated',
      'refund.created',
      'refund.approved',
      'api_key.rolled',
      'account.updated',
      'user.invited',
      'user.role_changed',
      'user.two_factor_changed',
      'user.two_factor_changed',
      'user.disabled',
      'account.updated',
    ]);
    const byAction = (a: string) => got.filter((l) => l.action === a);
    expect(byAction('user.signed_in')[0]).toMatchObject({ actor_type: 'user', actor_id: admin.id, actor_label: admin.email, ip });
    expect(byAction('webhook_endpoint.created')[0]).toMatchObject({ actor_type: 'key', actor_label: `sk_test_…${m.keys.test.slice(-4)}` });
    expect(byAction('refund.created')[0]).toMatchObject({ actor_type: 'user', actor_id: support.id, target_object: 'refund', target_id: refund.id });
    expect(byAction('refund.approved')[0]).toMatchObject({ actor_type: 'user', actor_id: admin.id });
    expect(byAction('account.updated')[0]).toMatchObject({ actor_type: 'key', actor_label: `sk_test_…${keys.keys.test.slice(-4)}` });
    expect(byAction('account.updated')[1]).toMatchObject({
      actor_type: 'user',
      actor_id: owner.id,
      changes: { before: { requireTwoFactor: false }, after: { requireTwoFactor: true } },
    });
    expect(byAction('user.role_changed')[0]).toMatchObject({
      actor_id: owner.id,
      target_id: support.id,
      changes: { before: { role: 'support' }, after: { role: 'viewer' } },
    });
    expect(byAction('user.two_factor_changed').map((l) => [l.actor_id, l.target_id, (l.changes as { after: { twoFactor: boolean } }).after.twoFactor])).toEqual(
      [
        [admin.id, admin.id, true],
        [admin.id, admin.id, false],
      ],
    );
    expect(byAction('user.disabled')[0]).toMatchObject({ actor_id: owner.id, target_id: support.id, ip });
    // No secret in any column of any line (nor anywhere in the merchant's whole log).
    const all = JSON.stringify(await db().query(`select * from audit_events where merchant_id = $1`, [m.merchant.id]));
    for (const s of secrets) {
      expect(all.includes(s), `a secret (…${s.slice(-4)}) is in the audit log`).toBe(false);
      // Nor its hash as the keys table stores it.
      expect(all.includes(s.slice(8, 30)), 'a piece of a secret is in the audit log').toBe(false);
    }
    // The fingerprints and last fours are there instead.
    expect(JSON.stringify(byAction('webhook_endpoint.updated')[1]!.changes)).toContain(rolled.secret.slice(-4));
  });

  it('is append-only: the table refuses updates and deletes', async () => {
    const [one] = await db().query<{ id: string }>(`select id from audit_events where merchant_id = $1 limit 1`, [m.merchant.id]);
    await expect(db().query(`update audit_events set action = 'user.disabled' where id = $1`, [one!.id])).rejects.toThrow(/append-only/);
    await expect(db().query(`delete from audit_events where id = $1`, [one!.id])).rejects.toThrow(/append-only/);
  });
});

describe('GET /v1/audit_events', () => {
  it('filters by action and actor, pages by keyset; a restricted key needs audit.read', async () => {
    const key = (await rollKeys(db(), m.merchant.id)).keys.test;
    const list = await call('GET', '/v1/audit_events?limit=2', { key });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', hasMore: true, url: '/v1/audit_events' });
    expect(list.body.data[0]).toMatchObject({ object: 'audit_event', actor: { type: expect.any(String) } });
    const next = await call('GET', `/v1/audit_events?limit=2&startingAfter=${list.body.data[1].id}`, { key });
    expect(next.body.data.map((e: { id: string }) => e.id)).not.toContain(list.body.data[0].id);
    // Test-mode lines only for a test key: the refund's.
    const refunds = await call('GET', '/v1/audit_events?action=refund.created', { key });
    expect(refunds.body.data).toHaveLength(1);
    expect(refunds.body.data[0]).toMatchObject({ action: 'refund.created', actor: { type: 'user', id: support.id, label: support.email }, livemode: false });
    const bySupport = await call('GET', `/v1/audit_events?actor=${support.id}`, { key });
    expect(bySupport.body.data.every((e: { actor: { id: string } }) => e.actor.id === support.id)).toBe(true);
    const bad = await call('GET', '/v1/audit_events?action=user.hacked', { key });
    expect(bad.status).toBe(400);
    const actor: Actor = { type: 'system', id: null, label: null };
    const reader = await createRestrictedKey(db(), m.merchant.id, { name: 'r', livemode: false, permissions: ['payments.read'] }, actor, PERMISSIONS);
    expect((await call('GET', '/v1/audit_events', { key: reader.secret })).status).toBe(403);
    const auditor = await createRestrictedKey(db(), m.merchant.id, { name: 'a', livemode: false, permissions: ['audit.read'] }, actor, PERMISSIONS);
    expect((await call('GET', '/v1/audit_events', { key: auditor.secret })).status).toBe(200);
  }, 120_000);
});

describe('the rail account banner', () => {
  it('shows a rail account change to each owner until that owner dismisses it; another merchant cannot dismiss it', async () => {
    const { railBanners, dismissBanner } = await import('@/lib/dashboard/banners');
    const { recordAudit } = await import('@/lib/domain/audit');
    const o1 = await createUser(db(), { merchantId: m.merchant.id, email: `o1-${randomBytes(3).toString('hex')}@audit.example` });
    const o2 = await createUser(db(), { merchantId: m.merchant.id, email: `o2-${randomBytes(3).toString('hex')}@audit.example` });
    const id = await recordAudit(db(), {
      merchantId: m.merchant.id,
      livemode: true,
      actor: { type: 'key', id: 'key_x', label: 'sk_live_…AbCd' },
      action: 'rail_account.updated',
      target: { object: 'rail_account', id: 'ra_swapped' },
      changes: { before: { settings: { accountKey: 'zpub-old' } }, after: { settings: { accountKey: 'zpub-new' } } },
    });
    expect((await railBanners(db(), m.merchant.id, o1.user.id)).map((b) => [b.auditId, b.who])).toEqual([[id, 'sk_live_…AbCd']]);
    const other = await newMerchant(db(), 'Other banner shop');
    await dismissBanner(db(), other.merchant.id, o1.user.id, id);
    expect(await railBanners(db(), m.merchant.id, o1.user.id)).toHaveLength(1);
    await dismissBanner(db(), m.merchant.id, o1.user.id, id);
    expect(await railBanners(db(), m.merchant.id, o1.user.id)).toHaveLength(0);
    expect(await railBanners(db(), m.merchant.id, o2.user.id)).toHaveLength(1);
  });

  it('also shows a new owner, invited as one or made one (never another role), naming them', async () => {
    const { railBanners } = await import('@/lib/dashboard/banners');
    const shop = await newMerchant(db(), 'Owners banner shop');
    const ana = await createUser(db(), { merchantId: shop.merchant.id, email: `ana-${randomBytes(3).toString('hex')}@audit.example` });
    const anaActor: Actor = { type: 'user', id: ana.user.id, label: ana.user.email };
    const second = `second-${randomBytes(3).toString('hex')}@audit.example`;
    await createInvitation(db(), { merchantId: shop.merchant.id, email: second, role: 'owner', invitedBy: ana.user.id, actor: anaActor });
    await createInvitation(db(), {
      merchantId: shop.merchant.id,
      email: `viewer-${randomBytes(3).toString('hex')}@audit.example`,
      role: 'viewer',
      invitedBy: ana.user.id,
      actor: anaActor,
    });
    const sue = await createUser(db(), { merchantId: shop.merchant.id, email: `sue-${randomBytes(3).toString('hex')}@audit.example`, role: 'support' });
    await changeUserRole(db(), shop.merchant.id, sue.user.id, 'admin', anaActor);
    await changeUserRole(db(), shop.merchant.id, sue.user.id, 'owner', anaActor);
    const banners = await railBanners(db(), shop.merchant.id, ana.user.id);
    expect(banners.map((b) => [b.kind, b.subject, b.who])).toEqual([
      ['owner_added', sue.user.email, ana.user.email],
      ['owner_added', second, ana.user.email],
    ]);
  });

  it('also shows a rail account connected and approval of changes turned off (not turned on, nor another setting), in one query', async () => {
    const { railBanners, dismissBanner } = await import('@/lib/dashboard/banners');
    const { recordAudit } = await import('@/lib/domain/audit');
    const shop = await newMerchant(db(), 'Banner kinds shop');
    const o1 = await createUser(db(), { merchantId: shop.merchant.id, email: `k1-${randomBytes(3).toString('hex')}@audit.example` });
    const o2 = await createUser(db(), { merchantId: shop.merchant.id, email: `k2-${randomBytes(3).toString('hex')}@audit.example` });
    const line = (action: 'rail_account.created' | 'account.updated', target: { object: string; id: string }, changes: object, livemode = true) =>
      recordAudit(db(), { merchantId: shop.merchant.id, livemode, actor: { type: 'user', id: o1.user.id, label: o1.user.email }, action, target, changes });
    const created = await line('rail_account.created', { object: 'rail_account', id: 'ra_new' }, { after: { rail: 'btc_onchain' } }, false);
    await line(
      'account.updated',
      { object: 'account', id: shop.merchant.id },
      { before: { railAccountApproval: false }, after: { railAccountApproval: true } },
    );
    await line(
      'account.updated',
      { object: 'account', id: shop.merchant.id },
      { before: { timeZone: 'Africa/Abidjan' }, after: { timeZone: 'Africa/Douala' } },
    );
    const off = await line(
      'account.updated',
      { object: 'account', id: shop.merchant.id },
      { before: { railAccountApproval: true, timeZone: 'Africa/Douala' }, after: { railAccountApproval: false, timeZone: 'Africa/Abidjan' } },
    );
    // Counted: the banners are one query on every page of every owner.
    let queries = 0;
    const counted = new Proxy(db(), {
      get: (target, prop, receiver) =>
        prop === 'query'
          ? (...args: Parameters<ReturnType<typeof db>['query']>) => {
              queries++;
              return target.query(...args);
            }
          : Reflect.get(target, prop, receiver),
    });
    const shown = await railBanners(counted, shop.merchant.id, o2.user.id);
    expect(queries).toBe(1);
    expect(shown.map((b) => [b.auditId, b.kind, b.livemode, b.who])).toEqual([
      [off, 'approval_off', true, o1.user.email],
      [created, 'created', false, o1.user.email],
    ]);
    await dismissBanner(db(), shop.merchant.id, o2.user.id, off);
    expect((await railBanners(db(), shop.merchant.id, o2.user.id)).map((b) => b.kind)).toEqual(['created']);
    expect(await railBanners(db(), shop.merchant.id, o1.user.id)).toHaveLength(2);
  });
});
