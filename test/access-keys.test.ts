// Issue 29, the attack review's holes around API keys and refund approvals:
// 1. Where money lands, through a key: the secret keys hold every permission, so only an owner rolls
//    them (`keys.secret`; the dashboard's roll form is an owner's); a restricted key holds only
//    permissions its maker's role holds (a developer cannot make a key that swaps a rail account's
//    node or changes the settings), refused in the domain and on the keys page, in French and English.
// 2. A refund asked for with a key is its maker's (api_keys.created_by, migration 0032): the owner
//    who made a restricted key or rolled the secret keys cannot approve it, even racing herself.
// 3. A refund whose author goes (its key rolled or revoked; cancelPendingRefundsBy for a user) is
//    canceled as a rejection is (`author_removed`, refund.canceled, an audit line), its money
//    released; one asked for while its author was being removed cannot be approved (only rejected).
import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@/lib/dashboard/users';
import { createRestrictedKey, revokeRestrictedKey } from '@/lib/domain/api-keys';
import type { Actor, Scope } from '@/lib/domain/common';
import { rollKeys } from '@/lib/domain/merchants';
import { KEY_PERMISSIONS, ROLES, type Role, roleCan, rolePermissions } from '@/lib/domain/permissions';
import { createRefundInput } from '@/lib/domain/refunds';
import { CURRENCIES } from '@/lib/money';
import { pollDueAttempts } from '@/lib/payments/poll';
import { approveRefund, cancelPendingRefundsBy, rejectRefund } from '@/lib/refunds/approve';
import { createRefund } from '@/lib/refunds/create';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { approverIsAuthor } from '@/lib/store/authors';
import { call, newMerchant, useDatabase } from './api';
import { htmlText, postAction } from './dashboard-forms';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

/** The dashboard session the mocked context gives the keys page and its actions. */
const session = { merchantId: '', userId: '', email: '', role: 'owner' as Role, locale: 'en' as 'en' | 'fr', token: randomBytes(24).toString('base64url') };
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
vi.mock('next/cache', () => ({ revalidatePath: () => {}, refresh: () => {} }));

let m: Awaited<ReturnType<typeof newMerchant>>;
/** The merchant's working secret test key (rolled by some tests). */
let sk = '';
const people = new Map<string, { id: string; email: string; role: Role; actor: Actor; scope: Scope }>();

beforeAll(async () => {
  m = await newMerchant(db(), 'Keys shop');
  sk = m.keys.test;
  for (const [name, role] of [
    ['ana', 'owner'],
    ['bob', 'owner'],
    ['ben', 'admin'],
    ['dev', 'developer'],
    ['sia', 'support'],
    ['sue', 'support'],
  ] as const) {
    const made = await createUser(db(), { merchantId: m.merchant.id, email: `${name}-${randomBytes(3).toString('hex')}@keys.example`, role });
    const actor: Actor = { type: 'user', id: made.user.id, label: made.user.email };
    people.set(name, { id: made.user.id, email: made.user.email, role, actor, scope: { merchantId: m.merchant.id, livemode: false, actor } });
  }
  // Above 100 francs a refund waits for approval.
  expect((await call('POST', '/v1/account', { key: sk, body: { refundApprovalThresholds: { XOF: 100 } } })).status).toBe(200);
}, 120_000);

const who = (name: string) => people.get(name)!;
const count = async (sql: string, params: unknown[]) => Number((await db().query<{ n: number }>(sql, params))[0]!.n);
const keysOf = () => count(`select count(*) as n from api_keys where merchant_id = $1`, [m.merchant.id]);
const keyAudits = () => count(`select count(*) as n from audit_events where merchant_id = $1 and action = 'api_key.created'`, [m.merchant.id]);

async function paidIntent(amount: number) {
  const pi = await newIntent(sk, { amount, currency: 'XOF', rail: 'mobile_money_a' });
  const r = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key: sk, body: {} });
  if (r.status !== 200) throw new Error(`pay: ${JSON.stringify(r.body)}`);
  for (let t = now(); t < now() + 600 && (await call('GET', `/v1/payment_intents/${pi.id}`, { key: sk })).body.amountReceived === 0; t += 30)
    await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
  expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: sk })).body.amountReceived).toBe(amount);
  return pi as { id: string };
}

/** A refund asked for through the API with `key` (above the threshold: it waits). */
async function askWithKey(key: string, intentId: string, amount: number): Promise<string> {
  const r = await call('POST', '/v1/refunds', { key, body: { paymentIntentId: intentId, amount } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe('pending_approval');
  return r.body.id;
}

/** A support user's refund (always waits), as the dashboard's action asks for it. */
const askAs = async (name: string, intentId: string, amount: number) =>
  (await createRefund(db(), who(name).scope, createRefundInput.parse({ paymentIntentId: intentId, amount }), undefined, { requireApproval: true })).id;

const refundRow = async (id: string) =>
  (
    await db().query<{ status: string; failure_code: string | null; created_by: string | null; approved_by: string | null }>(
      `select status, failure_code, created_by, approved_by from refunds where id = $1`,
      [id],
    )
  )[0]!;

async function passes(from: number, seconds: number) {
  for (let t = from; t < from + seconds; t += 5) await pollDueRefunds(db(), t, { merchantId: m.merchant.id });
}

describe('who rolls the secret keys and what a restricted key may hold', () => {
  it('only an owner holds keys.secret (every permission); a restricted key holds only what its maker holds, else nothing is made', async () => {
    expect(ROLES.filter((r) => roleCan(r, 'keys.secret'))).toEqual(['owner']);
    expect(KEY_PERMISSIONS as readonly string[]).not.toContain('keys.secret');
    // The probe: a developer (keys.manage) makes a key with rail_accounts.write and settings.write.
    const keys = await keysOf();
    const audits = await keyAudits();
    for (const [name, permissions, refusedOnes] of [
      ['dev', ['rail_accounts.write', 'settings.write', 'refunds.write'], ['refunds.write', 'rail_accounts.write', 'settings.write']],
      ['dev', ['payments.read', 'payments.write'], ['payments.write']],
      ['ben', ['payments.read', 'rail_accounts.write'], ['rail_accounts.write']],
    ] as const) {
      const p = who(name);
      const err = await createRestrictedKey(db(), m.merchant.id, { name: 'x', livemode: false, permissions }, p.actor, rolePermissions(p.role)).catch((e) => e);
      expect(err, `${name} ${permissions}`).toMatchObject({ code: 'permission_denied', param: 'permissions' });
      for (const x of refusedOnes) expect(err.message).toContain(`'${x}'`);
    }
    expect(await keysOf()).toBe(keys);
    expect(await keyAudits()).toBe(audits);
    // Within the maker's role: made, and the maker's.
    const devKey = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'hooks', livemode: false, permissions: ['payments.read', 'webhooks.write'] },
      who('dev').actor,
      rolePermissions('developer'),
    );
    const admins = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'settings', livemode: false, permissions: ['settings.write', 'refunds.write'] },
      who('ben').actor,
      rolePermissions('admin'),
    );
    const owners = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'all', livemode: false, permissions: [...KEY_PERMISSIONS] },
      who('ana').actor,
      rolePermissions('owner'),
    );
    const makers = await db().query<{ id: string; created_by: string | null }>(`select id, created_by from api_keys where id = any($1::text[]) order by id`, [
      [devKey.key.id, admins.key.id, owners.key.id],
    ]);
    expect(Object.fromEntries(makers.map((k) => [k.id, k.created_by]))).toEqual({
      [devKey.key.id]: who('dev').id,
      [admins.key.id]: who('ben').id,
      [owners.key.id]: who('ana').id,
    });
    // The developer's key cannot touch the settings (nor, so, where money lands).
    const t = await call('POST', '/v1/account', { key: devKey.secret, body: { refundApprovalThresholds: { XOF: null } } });
    expect(t.status).toBe(403);
    // The CLI's keys (and Caisse's rolls) are nobody's.
    const fresh = await newMerchant(db(), 'Keys shop 2');
    await rollKeys(db(), fresh.merchant.id);
    const cli = await db().query<{ created_by: string | null }>(`select created_by from api_keys where merchant_id = $1`, [fresh.merchant.id]);
    expect(cli.map((k) => k.created_by)).toEqual([null, null, null, null]);
  }, 120_000);

  describe('the keys page', () => {
    const post = postAction;
    const text = htmlText;
    const as = (name: string, locale: 'en' | 'fr' = 'en') => {
      const p = who(name);
      Object.assign(session, { merchantId: m.merchant.id, userId: p.id, email: p.email, role: p.role, locale });
    };
    async function page(query: Record<string, string> = {}): Promise<string> {
      const { default: KeysPage } = await import('@/app/dashboard/keys/page');
      return renderToStaticMarkup(createElement('div', null, await KeysPage({ searchParams: Promise.resolve(query) })));
    }
    const boxes = (html: string) => [...html.matchAll(/name="permissions" value="([a-z_.]+)"/g)].map((x) => x[1]);

    it('a developer sees only the permissions of her role and no roll (even at ?confirm=1); a key beyond them is refused, in French and English', async () => {
      const actions = await import('@/app/dashboard/keys/actions');
      as('dev');
      let html = await page({ confirm: '1' });
      expect(boxes(html)).toEqual(['payments.read', 'webhooks.write']);
      expect(html).not.toContain('href="/dashboard/keys?confirm=1"');
      expect(html).not.toContain('Yes, roll the keys now');
      expect(text(html)).toContain('Only an owner can roll the secret keys');
      expect(text(html)).toContain('Only the permissions of your role are offered.');
      // A forged form: the permission is not hers.
      const keys = await keysOf();
      expect(await post(actions.createRestrictedKeyAction, { name: 'swap', mode: 'test', permissions: ['payments.read', 'rail_accounts.write'] })).toBe(
        '/dashboard/keys',
      );
      html = await page();
      expect(text(html)).toContain('Your role cannot give a key these permissions: rail_accounts.write.');
      expect(await keysOf()).toBe(keys);
      as('dev', 'fr');
      await post(actions.createRestrictedKeyAction, { name: 'swap', mode: 'test', permissions: ['settings.write'] });
      html = await page();
      expect(text(html)).toContain('Votre rôle ne permet pas de donner ces permissions à une clé : settings.write.');
      expect(text(html)).toContain('Seul un propriétaire peut renouveler les clés secrètes');
      expect(await keysOf()).toBe(keys);
      // Within her role: made.
      as('dev');
      await post(actions.createRestrictedKeyAction, { name: 'hooks 2', mode: 'test', permissions: ['webhooks.write'] });
      expect(text(await page())).toContain('Restricted key “hooks 2” made.');
      expect(await keysOf()).toBe(keys + 1);
      // An admin: no roll either, and no rail_accounts.write or approvals.loosen box.
      as('ben');
      html = await page({ confirm: '1' });
      expect(boxes(html)).toEqual(KEY_PERMISSIONS.filter((p) => p !== 'rail_accounts.write' && p !== 'approvals.loosen'));
      expect(html).not.toContain('Yes, roll the keys now');
      // An owner: every box, the roll link, and at ?confirm=1 the roll form.
      as('ana');
      html = await page();
      expect(boxes(html)).toEqual([...KEY_PERMISSIONS]);
      expect(html).not.toContain('Only the permissions of your role are offered.');
      expect(html).toContain('href="/dashboard/keys?confirm=1"');
      expect(await page({ confirm: '1' })).toContain('Yes, roll the keys now');
    }, 120_000);
  });
});

describe('refund approval thresholds: lowered or added by whoever changes settings, raised or removed only by an owner', () => {
  const thresholds = async () => (await call('GET', '/v1/account', { key: sk })).body.refundApprovalThresholds;
  const accountAudits = () => count(`select count(*) as n from audit_events where merchant_id = $1 and action = 'account.updated'`, [m.merchant.id]);
  const as = (name: string) => {
    const p = who(name);
    Object.assign(session, { merchantId: m.merchant.id, userId: p.id, email: p.email, role: p.role, locale: 'en' });
  };
  async function refundsPage(): Promise<string> {
    const { default: RefundsPage } = await import('@/app/dashboard/refunds/page');
    return htmlText(renderToStaticMarkup(createElement('div', null, await RefundsPage({ searchParams: Promise.resolve({}) }))));
  }

  it("an admin's key may lower or add, never raise or remove (403, nothing changed, no audit line); an owner's key and the secret key may; an admin cannot give a key approvals.loosen", async () => {
    const admins = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'admin settings', livemode: false, permissions: ['settings.write', 'payments.read'] },
      who('ben').actor,
      rolePermissions('admin'),
    );
    const owners = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'owner settings', livemode: false, permissions: ['settings.write', 'approvals.loosen'] },
      who('ana').actor,
      rolePermissions('owner'),
    );
    expect(
      await createRestrictedKey(
        db(),
        m.merchant.id,
        { name: 'x', livemode: false, permissions: ['approvals.loosen'] },
        who('ben').actor,
        rolePermissions('admin'),
      ).catch((e) => e),
    ).toMatchObject({ code: 'permission_denied', param: 'permissions' });
    const set = (key: string, t: Record<string, number | null>) => call('POST', '/v1/account', { key, body: { refundApprovalThresholds: t } });
    try {
      expect(await thresholds()).toEqual({ XOF: 100 });
      // Lower, add, the same again: allowed.
      expect((await set(admins.secret, { XOF: 50 })).status).toBe(200);
      expect((await set(admins.secret, { XAF: 1000, XOF: 50 })).status).toBe(200);
      expect(await thresholds()).toEqual({ XOF: 50, XAF: 1000 });
      // Raise, remove, or raise one while lowering another: refused whole, by name.
      const audits = await accountAudits();
      for (const t of [{ XOF: 51 }, { XAF: null }, { XOF: 10, XAF: 5000 }] as Record<string, number | null>[]) {
        const r = await set(admins.secret, t);
        expect(r.status, JSON.stringify(t)).toBe(403);
        expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'permission_denied', param: 'refundApprovalThresholds' });
        expect(r.body.error.message).toMatch(
          /Only an owner .* can raise or remove a refund approval threshold \((XOF 50 -> 51|XAF 1000 -> none|XAF 1000 -> 5000)\)/,
        );
      }
      expect(await thresholds()).toEqual({ XOF: 50, XAF: 1000 });
      expect(await accountAudits()).toBe(audits);
      // An owner's key with approvals.loosen, and the secret key (every permission), may.
      expect((await set(owners.secret, { XOF: 5000 })).status).toBe(200);
      expect((await set(sk, { XAF: null })).status).toBe(200);
      expect(await thresholds()).toEqual({ XOF: 5000 });
      expect(await accountAudits()).toBe(audits + 2);
      // Thresholds have 15 digits at most (what the refund's check reads back exactly).
      const huge = await set(sk, { XOF: 1_000_000_000_000_000 });
      expect(huge.status).toBe(400);
      expect(huge.body.error.message).toContain('at most 999999999999999');
    } finally {
      await set(sk, { ...Object.fromEntries(CURRENCIES.map((c) => [c, null])), XOF: 100 });
    }
  }, 120_000);

  it('on the refunds page, an admin is told and refused (nothing changed); an owner raises and removes', async () => {
    const { setApprovalThresholdsAction } = await import('@/app/dashboard/refunds/actions');
    const form = (t: Record<string, string>) => Object.fromEntries(CURRENCIES.map((c) => [`threshold.${c}`, t[c] ?? '']));
    try {
      as('ben');
      expect(await refundsPage()).toContain('You may lower a threshold or add one; only an owner can raise or remove it.');
      await postAction(setApprovalThresholdsAction, form({ XOF: '100', XAF: '300' }));
      expect(await refundsPage()).toContain('Approval thresholds saved.');
      expect(await thresholds()).toEqual({ XOF: 100, XAF: 300 });
      // The form sends every currency: a blank one that has a threshold removes it (refused).
      await postAction(setApprovalThresholdsAction, form({ XOF: '100' }));
      expect(await refundsPage()).toContain('Only an owner can raise or remove a threshold: you may lower one or add one. Nothing was changed.');
      await postAction(setApprovalThresholdsAction, form({ XOF: '1 000', XAF: '300' }));
      expect(await refundsPage()).toContain('Nothing was changed.');
      expect(await thresholds()).toEqual({ XOF: 100, XAF: 300 });
      as('ana');
      const page = await refundsPage();
      expect(page).not.toContain('only an owner can raise or remove it');
      await postAction(setApprovalThresholdsAction, form({ XOF: '1 000' }));
      expect(await refundsPage()).toContain('Approval thresholds saved.');
      expect(await thresholds()).toEqual({ XOF: 1000 });
      // A page shown before an admin added a threshold: saving it changes only what it changed.
      const shown = { 'was.XOF': '1000', ...Object.fromEntries(CURRENCIES.filter((c) => c !== 'XOF').map((c) => [`was.${c}`, ''])) };
      as('ben');
      await postAction(setApprovalThresholdsAction, form({ XOF: '1000', GNF: '5000' }));
      expect(await thresholds()).toEqual({ XOF: 1000, GNF: 5000 });
      as('ana');
      await postAction(setApprovalThresholdsAction, { ...form({ XOF: '2 000' }), ...shown });
      expect(await thresholds()).toEqual({ XOF: 2000, GNF: 5000 });
    } finally {
      await call('POST', '/v1/account', { key: sk, body: { refundApprovalThresholds: { ...Object.fromEntries(CURRENCIES.map((c) => [c, null])), XOF: 100 } } });
    }
  }, 120_000);
});

describe('a restricted key holds only what its maker holds now', () => {
  it('demoted, the keys they made beyond the new role are revoked (audited, no longer accepted, their waiting refunds canceled); disabled, all of them; the secret keys stay', async () => {
    const { changeUserRole, disableUser } = await import('@/lib/dashboard/users');
    const oli = await createUser(db(), { merchantId: m.merchant.id, email: `oli-${randomBytes(3).toString('hex')}@keys.example`, role: 'owner' });
    const oliActor: Actor = { type: 'user', id: oli.user.id, label: oli.user.email };
    const make = (name: string, permissions: string[]) =>
      createRestrictedKey(db(), m.merchant.id, { name, livemode: false, permissions }, oliActor, rolePermissions('owner'));
    const loosen = await make('loosen', ['settings.write', 'approvals.loosen', 'refunds.write']);
    const settings = await make('settings', ['settings.write', 'payments.read']);
    const reader = await make('reader', ['payments.read']);
    const pi = await paidIntent(5000);
    const waiting = await askWithKey(loosen.secret, pi.id, 1000);
    // Accepted (a 403 for a permission it lacks is accepted too), or refused as unknown (401).
    const status = async (key: string) => ((await call('GET', '/v1/account', { key })).status === 401 ? 401 : 'accepted');
    expect(await Promise.all([loosen.secret, settings.secret, reader.secret].map(status))).toEqual(['accepted', 'accepted', 'accepted']);

    // Owner -> admin: the key with approvals.loosen goes (it could lift the thresholds her role may not).
    const admin = await changeUserRole(db(), m.merchant.id, oli.user.id, 'admin', who('ana').actor);
    expect(admin.keysRevoked).toBe(1);
    expect(await status(loosen.secret)).toBe(401);
    expect(await Promise.all([settings.secret, reader.secret].map(status))).toEqual(['accepted', 'accepted']);
    expect(await refundRow(waiting)).toMatchObject({ status: 'canceled', failure_code: 'author_removed' });
    const line = await db().query<{ actor_id: string; changes: unknown }>(
      `select actor_id, changes from audit_events where target_id = $1 and action = 'api_key.revoked'`,
      [loosen.key.id],
    );
    expect(line.map((l) => [l.actor_id, (typeof l.changes === 'string' ? JSON.parse(l.changes) : l.changes) as { after?: unknown }])).toEqual([
      [who('ana').id, expect.objectContaining({ after: { reason: 'maker_lost_permissions' } })],
    ]);
    // Admin -> viewer: the settings key goes; the reader stays (a viewer reads payments).
    expect((await changeUserRole(db(), m.merchant.id, oli.user.id, 'viewer', who('ana').actor)).keysRevoked).toBe(1);
    expect(await Promise.all([settings.secret, reader.secret].map(status))).toEqual([401, 'accepted']);
    // Disabled: every key they made goes; the merchant's secret key stays.
    expect((await disableUser(db(), m.merchant.id, oli.user.id, who('ana').actor)).keysRevoked).toBe(1);
    expect(await Promise.all([reader.secret, sk].map(status))).toEqual([401, 'accepted']);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 0, noRepoll: true });
  }, 120_000);
});

describe('a refund asked for with a key is its maker’s', () => {
  it("an owner's restricted key: she cannot approve its refund (nor reject it), even twice at once; another owner or an admin can", async () => {
    const rk = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'till', livemode: false, permissions: ['payments.read', 'refunds.write'] },
      who('ana').actor,
      rolePermissions('owner'),
    );
    const pi = await paidIntent(3000);
    const a = await askWithKey(rk.secret, pi.id, 1000);
    expect((await refundRow(a)).created_by).toBe(rk.key.id);
    await expect(approveRefund(db(), who('ana').scope, a, who('ana').id)).rejects.toMatchObject({ code: 'self_approval' });
    await expect(rejectRefund(db(), who('ana').scope, a, who('ana').id, 'mine')).rejects.toMatchObject({ code: 'self_approval' });
    const twice = await Promise.allSettled([approveRefund(db(), who('ana').scope, a, who('ana').id), approveRefund(db(), who('ana').scope, a, who('ana').id)]);
    expect(twice.map((s) => (s.status === 'rejected' ? (s.reason as { code?: string }).code : 'approved'))).toEqual(['self_approval', 'self_approval']);
    expect((await refundRow(a)).status).toBe('pending_approval');
    expect(await count(`select count(*) as n from audit_events where target_id = $1 and action = 'refund.approved'`, [a])).toBe(0);
    // Another owner approves it.
    await approveRefund(db(), who('bob').scope, a, who('bob').id);
    expect(await refundRow(a)).toMatchObject({ approved_by: who('bob').id });
    // A second one: an admin approves it.
    const b = await askWithKey(rk.secret, pi.id, 500);
    await approveRefund(db(), who('ben').scope, b, who('ben').id);
    await passes(now() + 5, 200);
    await assertMoneyInvariant(db(), pi.id, { paid: 3000, refunded: 1500, noRepoll: true });
  }, 300_000);

  it('the secret keys rolled by an owner are hers; the sql fragment reads a user, a key and nobody', async () => {
    const rolled = await rollKeys(db(), m.merchant.id, who('ana').actor);
    sk = rolled.keys.test;
    const made = await db().query<{ created_by: string | null }>(
      `select created_by from api_keys where merchant_id = $1 and permissions is null and revoked_at is null`,
      [m.merchant.id],
    );
    expect(made.map((k) => k.created_by)).toEqual([who('ana').id, who('ana').id]);
    const pi = await paidIntent(2000);
    const a = await askWithKey(sk, pi.id, 1000);
    await expect(approveRefund(db(), who('ana').scope, a, who('ana').id)).rejects.toMatchObject({ code: 'self_approval' });
    await approveRefund(db(), who('bob').scope, a, who('bob').id);
    await passes(now() + 5, 200);
    await assertMoneyInvariant(db(), pi.id, { paid: 2000, refunded: 1000, noRepoll: true });

    // The fragment another approval (rail account changes) can put in its own conditional update.
    const keyId = (
      await db().query<{ id: string }>(`select id from api_keys where merchant_id = $1 and permissions is null and revoked_at is null limit 1`, [m.merchant.id])
    )[0]!.id;
    const is = async (author: string | null, approver: string) =>
      (await db().query<{ own: boolean }>(`select ${approverIsAuthor('t.author', '$2')} as own from (select $1::text as author) t`, [author, approver]))[0]!
        .own;
    expect(await is(who('ana').id, who('ana').id)).toBe(true);
    expect(await is(keyId, who('ana').id)).toBe(true);
    expect(await is(keyId, who('bob').id)).toBe(false);
    expect(await is(null, who('ana').id)).toBe(false);
    expect(await is(who('bob').id, who('ana').id)).toBe(false);
    expect(() => approverIsAuthor('created_by', '$1')).toThrow(/qualified/);
  }, 300_000);
});

describe('a waiting refund whose author goes', () => {
  const events = async (id: string) =>
    (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by seq`, [id])).map((e) => e.type);

  it('rolling cancels what the old secret keys asked for, revoking a restricted key what it asked for: canceled, author_removed, money released; others wait on', async () => {
    const rk = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'pos', livemode: false, permissions: ['payments.read', 'refunds.write'] },
      who('ben').actor,
      rolePermissions('admin'),
    );
    const pi = await paidIntent(5000);
    const bySecret = await askWithKey(sk, pi.id, 1000);
    const byUser = await askAs('sia', pi.id, 1000);
    const byRestricted = await askWithKey(rk.secret, pi.id, 1000);
    // Held: 3000 of 5000.
    const over = await call('POST', '/v1/refunds', { key: sk, body: { paymentIntentId: pi.id, amount: 2001 } });
    expect(over.body.error?.code).toBe('amount_too_large');

    const rolled = await rollKeys(db(), m.merchant.id, who('bob').actor);
    sk = rolled.keys.test;
    expect(await refundRow(bySecret)).toMatchObject({ status: 'canceled', failure_code: 'author_removed' });
    expect((await refundRow(byUser)).status).toBe('pending_approval');
    expect((await refundRow(byRestricted)).status).toBe('pending_approval');
    expect(await events(bySecret)).toEqual(['refund.created', 'refund.pending_approval', 'refund.canceled']);
    const api = await call('GET', `/v1/refunds/${bySecret}`, { key: sk });
    expect(api.body).toMatchObject({ status: 'canceled', failureReason: 'author_removed' });
    const [line] = await db().query<{ actor_id: string; changes: { after: { status: string } } }>(
      `select actor_id, changes from audit_events where target_id = $1 and action = 'refund.canceled'`,
      [bySecret],
    );
    expect(line).toMatchObject({ actor_id: who('bob').id, changes: { after: { status: 'canceled' } } });
    await expect(approveRefund(db(), who('ana').scope, bySecret, who('ana').id)).rejects.toMatchObject({ code: 'unexpected_state' });

    await revokeRestrictedKey(db(), m.merchant.id, rk.key.id, who('ana').actor);
    expect(await refundRow(byRestricted)).toMatchObject({ status: 'canceled', failure_code: 'author_removed' });
    expect(await events(byRestricted)).toEqual(['refund.created', 'refund.pending_approval', 'refund.canceled']);
    expect((await refundRow(byUser)).status).toBe('pending_approval');

    // What the canceled ones held is refundable again: 5000 - 1000 (the support user's, still waiting).
    await call('POST', '/v1/account', { key: sk, body: { refundApprovalThresholds: { XOF: null } } });
    const rest = await call('POST', '/v1/refunds', { key: sk, body: { paymentIntentId: pi.id, amount: 4000 } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    await call('POST', '/v1/account', { key: sk, body: { refundApprovalThresholds: { XOF: 100 } } });
    await rejectRefund(db(), who('ana').scope, byUser, who('ana').id, 'cleanup');
    await passes(now() + 5, 200);
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 4000, noRepoll: true });
  }, 300_000);

  it('racing: refunds asked for with a key while it is rolled never deadlock, and none of its refunds is approved afterwards', async () => {
    const pi = await paidIntent(5000);
    const old = sk;
    const oldId = (
      await db().query<{ id: string }>(`select id from api_keys where merchant_id = $1 and permissions is null and revoked_at is null and livemode = false`, [
        m.merchant.id,
      ])
    )[0]!.id;
    await askWithKey(old, pi.id, 200);
    const settled = await Promise.allSettled([
      ...[1, 2, 3, 4].map(() => call('POST', '/v1/refunds', { key: old, body: { paymentIntentId: pi.id, amount: 200 } })),
      rollKeys(db(), m.merchant.id, who('bob').actor),
      ...[1, 2].map(() => call('POST', '/v1/refunds', { key: old, body: { paymentIntentId: pi.id, amount: 200 } })),
    ]);
    const rolled = settled[4]!;
    expect(rolled.status).toBe('fulfilled');
    sk = (rolled as PromiseFulfilledResult<Awaited<ReturnType<typeof rollKeys>>>).value.keys.test;
    for (const s of settled) {
      expect(s.status).toBe('fulfilled');
      const v = (s as PromiseFulfilledResult<{ status?: number }>).value;
      if (typeof v.status === 'number') expect([200, 401]).toContain(v.status);
    }
    // Every refund the old key asked for: canceled with it, or (written while it was rolled) never approved.
    const mine = await db().query<{ id: string; status: string }>(`select id, status from refunds where created_by = $1 and payment_intent_id = $2`, [
      oldId,
      pi.id,
    ]);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    for (const r of mine) {
      if (r.status === 'canceled') continue;
      expect(r.status).toBe('pending_approval');
      // ben (an admin) made no secret key: only the author's removal refuses him.
      await expect(approveRefund(db(), who('ben').scope, r.id, who('ben').id)).rejects.toMatchObject({ code: 'author_removed' });
      await rejectRefund(db(), who('ben').scope, r.id, who('ben').id, 'late');
    }
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, refunded: 0, noRepoll: true });
  }, 120_000);

  it('disabling a user (on the Users page: disableUser) cancels the refunds they asked for that wait, in the same transaction, and releases their money', async () => {
    const pi = await paidIntent(3000);
    const { createUser: make, disableUser } = await import('@/lib/dashboard/users');
    const tia = await make(db(), { merchantId: m.merchant.id, email: `tia-${randomBytes(3).toString('hex')}@keys.example`, role: 'support' });
    const scope: Scope = { merchantId: m.merchant.id, livemode: false, actor: { type: 'user', id: tia.user.id, label: tia.user.email } };
    const asked = (await createRefund(db(), scope, createRefundInput.parse({ paymentIntentId: pi.id, amount: 2500 }), undefined, { requireApproval: true })).id;
    await disableUser(db(), m.merchant.id, tia.user.id, who('ana').actor);
    expect(await refundRow(asked)).toMatchObject({ status: 'canceled', failure_code: 'author_removed' });
    await expect(approveRefund(db(), who('bob').scope, asked, who('bob').id)).rejects.toMatchObject({ code: 'unexpected_state' });
    // Its money is refundable again: a new refund of all of it is accepted.
    const again = await createRefund(db(), who('ana').scope, createRefundInput.parse({ paymentIntentId: pi.id, amount: 3000 }), undefined, {
      requireApproval: false,
    });
    expect(again.amount).toBe(3000);
  }, 300_000);

  it('cancelPendingRefundsBy a user (disabled); an author removed while their refund was being asked for: never approved, still rejected', async () => {
    const pi = await paidIntent(4000);
    // A user's: canceled by the function disabling a user calls, in its transaction.
    const first = await askAs('sue', pi.id, 500);
    const other = await askAs('sia', pi.id, 500);
    const canceled = await db().transaction((tx) => cancelPendingRefundsBy(tx, m.merchant.id, [who('sue').id], 'The user was disabled.', who('ana').actor));
    expect(canceled.map((r) => r.id)).toEqual([first]);
    expect(canceled[0]).toMatchObject({ status: 'canceled', failureReason: 'author_removed', failureMessage: 'The user was disabled.' });
    expect((await refundRow(other)).status).toBe('pending_approval');
    expect(await db().transaction((tx) => cancelPendingRefundsBy(tx, m.merchant.id, [], 'nothing'))).toEqual([]);

    // What slipped in while its author was removed (written after the removal's cancel): it cannot be approved.
    const late = await askAs('sue', pi.id, 500);
    await db().query(`update users set disabled_at = $2 where id = $1`, [who('sue').id, now()]);
    await expect(approveRefund(db(), who('ana').scope, late, who('ana').id)).rejects.toMatchObject({ code: 'author_removed' });
    const rk = await createRestrictedKey(
      db(),
      m.merchant.id,
      { name: 'late', livemode: false, permissions: ['refunds.write'] },
      who('bob').actor,
      rolePermissions('owner'),
    );
    const byKey = await askWithKey(rk.secret, pi.id, 500);
    await db().query(`update api_keys set revoked_at = $2 where id = $1`, [rk.key.id, now()]);
    await expect(approveRefund(db(), who('ana').scope, byKey, who('ana').id)).rejects.toMatchObject({ code: 'author_removed' });
    expect((await refundRow(byKey)).status).toBe('pending_approval');
    // Rejected: canceled, its money released.
    await rejectRefund(db(), who('ana').scope, late, who('ana').id, 'gone');
    await rejectRefund(db(), who('ana').scope, byKey, who('ana').id, 'gone');
    await rejectRefund(db(), who('ana').scope, other, who('ana').id, 'cleanup');
    await passes(now() + 5, 60);
    await assertMoneyInvariant(db(), pi.id, { paid: 4000, refunded: 0, noRepoll: true });
    const held = await count(`select count(*) as n from refunds where payment_intent_id = $1 and status not in ('failed', 'canceled')`, [pi.id]);
    expect(held).toBe(0);
  }, 300_000);
});
