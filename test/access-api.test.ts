// Issue 29, the API half of access: every /v1 route declares its permission (walked from the files
// of app/v1, each exported method that is not a 405), and a restricted key (`rk_test_`) gets a 403
// `permission_denied` exactly where it lacks that permission: each route is called with a key that
// holds only its permission (never a 403) and with a key that holds every other one (always a 403,
// before anything is read or done). Secret keys hold every permission.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRestrictedKey } from '@/lib/domain/api-keys';
import { isPermission, KEY_PERMISSIONS, type KeyPermission, PERMISSIONS, type Permission } from '@/lib/domain/permissions';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();
const ROOT = path.resolve(import.meta.dirname, '..');
const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'] as const;

interface RouteMethod {
  file: string;
  method: string;
  /** A concrete path: each [param] a made-up id. */
  path: string;
  permission: unknown;
}

function routeFiles(dir: string, segments: string[] = []): { file: string; segments: string[] }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return routeFiles(path.join(dir, e.name), [...segments, e.name]);
    return e.name === 'route.ts' ? [{ file: path.join(dir, e.name), segments }] : [];
  });
}

async function allRouteMethods(): Promise<RouteMethod[]> {
  const out: RouteMethod[] = [];
  for (const { file, segments } of routeFiles(path.join(ROOT, 'app', 'v1'))) {
    // The catch-all answers 404 for paths no route serves: nothing to permit.
    if (segments.some((s) => s.startsWith('[...'))) continue;
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const p = `/v1/${segments.map((s) => (/^\[\w+\]$/.test(s) ? `none_${s.slice(1, -1)}` : s)).join('/')}`;
    for (const method of METHODS) {
      const h = mod[method] as ((...a: unknown[]) => unknown) & { methodNotAllowed?: boolean; permission?: unknown };
      if (typeof h !== 'function' || h.methodNotAllowed) continue;
      out.push({ file: path.relative(ROOT, file), method, path: p, permission: h.permission });
    }
  }
  return out;
}

let routes: RouteMethod[];
let shop: Awaited<ReturnType<typeof newMerchant>>;
/** Per permission: a key holding only it, and a key holding every key permission but it. */
const only = new Map<Permission, string>();
const allBut = new Map<Permission, string>();

beforeAll(async () => {
  routes = await allRouteMethods();
  shop = await newMerchant(db(), 'Access shop');
  const actor = { type: 'user' as const, id: 'user_test', label: 'owner@shop.example' };
  for (const p of KEY_PERMISSIONS) {
    only.set(p, (await createRestrictedKey(db(), shop.merchant.id, { name: `only ${p}`, livemode: false, permissions: [p] }, actor, PERMISSIONS)).secret);
    const rest = KEY_PERMISSIONS.filter((x) => x !== p);
    allBut.set(p, (await createRestrictedKey(db(), shop.merchant.id, { name: `all but ${p}`, livemode: false, permissions: rest }, actor, PERMISSIONS)).secret);
  }
});

describe('every /v1 route declares its permission', () => {
  it('each exported method of each route module has one (the OpenAPI document alone is public)', () => {
    // The walk finds them all (56 today): a drop means the walk broke, not that routes went away.
    expect(routes.length).toBeGreaterThanOrEqual(50);
    const missing = routes.filter((r) => !(isPermission(r.permission) || (r.permission === 'public' && r.path === '/v1/openapi.json')));
    expect(missing.map((r) => `${r.method} ${r.file}`)).toEqual([]);
    // And only the API's own permissions: a dashboard-only one would make a route no restricted key can call.
    const dashboardOnly = routes.filter((r) => r.permission !== 'public' && !(KEY_PERMISSIONS as readonly unknown[]).includes(r.permission));
    expect(dashboardOnly.map((r) => `${r.method} ${r.file}: ${String(r.permission)}`)).toEqual([]);
  });

  it('reads and writes: a GET never needs a write permission but for webhook endpoints (their URLs and deliveries are the developer’s)', () => {
    const odd = routes.filter((r) => r.method === 'GET' && String(r.permission).endsWith('.write') && !r.path.startsWith('/v1/webhook_endpoints'));
    expect(odd.map((r) => `${r.method} ${r.path}: ${String(r.permission)}`)).toEqual([]);
  });
});

describe('restricted keys: allowed or 403 on each route', () => {
  it('a key with the permission is never refused; a key without it is 403 permission_denied naming it', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.permission === 'public') continue;
      const p = r.permission as KeyPermission;
      const body = r.method === 'POST' ? {} : undefined;
      const ok = await call(r.method, r.path, { key: only.get(p)!, body });
      if (ok.status === 403 || ok.status === 401 || ok.status >= 500) wrong.push(`${r.method} ${r.path} with ${p}: ${ok.status}`);
      const no = await call(r.method, r.path, { key: allBut.get(p)!, body });
      if (
        no.status !== 403 ||
        no.body.error.code !== 'permission_denied' ||
        no.body.error.type !== 'invalid_request_error' ||
        !no.body.error.message.includes(`'${p}'`)
      )
        wrong.push(`${r.method} ${r.path} without ${p}: ${no.status} ${JSON.stringify(no.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a secret key holds every permission', async () => {
    for (const r of routes.filter((x) => x.method === 'GET' && !x.path.includes('none_'))) {
      const res = await call(r.method, r.path, { key: shop.keys.test });
      expect(res.status, `${r.method} ${r.path}`).toBe(200);
    }
  });

  it('a restricted key reads its own merchant and mode only, and a revoked one is a 401', async () => {
    const { createRestrictedKey: make, revokeRestrictedKey } = await import('@/lib/domain/api-keys');
    const actor = { type: 'user' as const, id: 'user_test', label: 'owner@shop.example' };
    const k = await make(db(), shop.merchant.id, { name: 'reader', livemode: false, permissions: ['payments.read'] }, actor, PERMISSIONS);
    expect(k.secret).toMatch(/^rk_test_[0-9A-Za-z]{40,}$/);
    const pi = await call('POST', '/v1/payment_intents', { key: shop.keys.test, body: { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' } });
    expect((await call('GET', `/v1/payment_intents/${pi.body.id}`, { key: k.secret })).status).toBe(200);
    const other = await newMerchant(db(), 'Other shop');
    expect((await call('GET', `/v1/payment_intents/${pi.body.id}`, { key: other.keys.test })).status).toBe(404);
    const denied = await call('POST', '/v1/payment_intents', { key: k.secret, body: { amount: 1000, currency: 'XOF', rail: 'mobile_money_a' } });
    expect(denied.status).toBe(403);
    // Nothing was made by the refused create.
    const list = await call('GET', '/v1/payment_intents?limit=100', { key: k.secret });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([pi.body.id]);
    await revokeRestrictedKey(db(), shop.merchant.id, k.key.id, actor);
    expect((await call('GET', `/v1/payment_intents/${pi.body.id}`, { key: k.secret })).status).toBe(401);
    // A secret key cannot be revoked alone (it is rolled).
    const sk = (await db().query<{ id: string }>(`select id from api_keys where merchant_id = $1 and permissions is null limit 1`, [shop.merchant.id]))[0]!;
    await expect(revokeRestrictedKey(db(), shop.merchant.id, sk.id, actor)).rejects.toThrow(/No such api_key/);
  });
});
