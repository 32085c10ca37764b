// Issue 29, the dashboard half of access. Every page (app/dashboard/**/page.tsx), every server
// action (each export of the 'use server' files) and every route handler of app/dashboard names
// what it needs in its first call (dashboardContext('x') / catalogPage('x') / dashboardAction('x') /
// routeContext('x'): a permission of lib/domain/permissions.ts, or 'signed_in'), read from the
// source with the TypeScript parser, so a new page or action without one fails here; adding its
// rule is that one argument. Then each of them is run for a user of each role (a real session, the
// cookie and headers mocked): refused exactly when the role lacks the permission (the 403 of
// forbidden(), or the route's 403), never otherwise; a refused action changes nothing.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@/lib/dashboard/users';
import { isPermission, type Permission, ROLES, type Role, roleCan } from '@/lib/domain/permissions';
import { newMerchant, useDatabase } from './api';

process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = 'true';
const { db } = useDatabase();
const ROOT = path.resolve(import.meta.dirname, '..');

/** Public on purpose: the sign-in page and its action, the language switch (no session to check). */
// Public on purpose: signing in (the password, then the code of a half-signed-in challenge) and
// accepting an invitation (its one-time link is the credential), and the language switch.
const PUBLIC = new Set([
  'app/dashboard/sign-in/page.tsx',
  'app/dashboard/sign-in/actions.ts#signInAction',
  'app/dashboard/sign-in/code/page.tsx',
  'app/dashboard/sign-in/code/actions.ts#verifyCodeAction',
  'app/dashboard/invite/[token]/page.tsx',
  'app/dashboard/invite/[token]/actions.ts#acceptInviteAction',
  'app/dashboard/actions.ts#setLocaleAction',
]);
const GUARDS = new Set(['dashboardContext', 'catalogPage', 'dashboardAction', 'routeContext']);

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The string argument of the first guard call in `node`, or null. */
function guardOf(node: ts.Node): string | null {
  let found: string | null = null;
  const visit = (n: ts.Node) => {
    if (found !== null) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && GUARDS.has(n.expression.text)) {
      const a = n.arguments[0];
      found = a && ts.isStringLiteral(a) ? a.text : '';
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

interface Guarded {
  kind: 'page' | 'action' | 'route';
  name: string;
  file: string;
  exportName: string;
  access: string | null;
}

function guarded(): Guarded[] {
  const out: Guarded[] = [];
  for (const file of files('app/dashboard')) {
    const sf = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const first = sf.statements[0];
    const isServer = !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === 'use server';
    const base = path.basename(file);
    if (base === 'page.tsx') {
      const fn = sf.statements.find(
        (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword),
      );
      out.push({ kind: 'page', name: file, file, exportName: 'default', access: PUBLIC.has(file) ? 'public' : fn ? guardOf(fn) : null });
    } else if (base === 'route.ts') {
      for (const s of sf.statements)
        if (ts.isFunctionDeclaration(s) && s.name && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
          out.push({ kind: 'route', name: `${file}#${s.name.text}`, file, exportName: s.name.text, access: guardOf(s) });
    } else if (isServer) {
      for (const s of sf.statements)
        if (ts.isFunctionDeclaration(s) && s.name && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
          const name = `${file}#${s.name.text}`;
          out.push({ kind: 'action', name, file, exportName: s.name.text, access: PUBLIC.has(name) ? 'public' : guardOf(s) });
        }
    }
  }
  return out;
}

const valid = (a: string | null) => a === 'public' || a === 'signed_in' || isPermission(a);

// ---------------------------------------------------------------------------------------------
// The request the mocked next/headers gives: a session cookie and a same-origin POST.
const request = { token: '' };
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ origin: 'http://localhost:3000', host: 'localhost:3000', 'x-forwarded-for': '198.51.100.7', 'accept-language': 'en' }),
  cookies: async () => ({
    get: (name: string) => (name === 'caisse_session' && request.token ? { name, value: request.token } : undefined),
    set: () => {},
    delete: () => {},
  }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {}, refresh: () => {} }));

let shop: Awaited<ReturnType<typeof newMerchant>>;
const users = new Map<Role, string>();

/** A fresh session of the role's user (an action may end its own: sign out). */
async function sessionOf(role: Role): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { hashToken } = await import('@/lib/dashboard/sessions');
  const now = Math.floor(Date.now() / 1000);
  await db().query(`insert into dashboard_sessions (token_hash, user_id, livemode, created_at, last_seen_at) values ($1, $2, false, $3, $3)`, [
    hashToken(token),
    users.get(role),
    now,
  ]);
  return token;
}

/** What a call ended in: 'forbidden' (403), or anything else ('ok', a redirect, a 404, an error's message). */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    const r = await run();
    if (r instanceof Response) return r.status === 403 ? 'forbidden' : `status ${r.status}`;
    return 'ok';
  } catch (err) {
    const digest = (err as { digest?: string }).digest ?? '';
    if (digest === 'NEXT_HTTP_ERROR_FALLBACK;403') return 'forbidden';
    if (digest) return digest.split(';').slice(0, 3).join(';');
    return `error ${(err as Error).message}`.slice(0, 200);
  }
}

beforeAll(async () => {
  shop = await newMerchant(db(), 'Roles shop');
  for (const role of ROLES) {
    const made = await createUser(db(), { merchantId: shop.merchant.id, email: `${role}-${randomBytes(4).toString('hex')}@roles.example`, role });
    users.set(role, made.user.id);
  }
}, 120_000);

describe('every dashboard page, server action and route names what it needs', () => {
  it('each has a rule (a permission, signed_in, or public on purpose)', () => {
    const all = guarded();
    // The walk finds them all (40 today): a drop means it broke, not that pages went away.
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.filter((g) => !valid(g.access)).map((g) => `${g.name}: ${JSON.stringify(g.access)}`)).toEqual([]);
    for (const p of PUBLIC) expect(all.map((g) => (g.kind === 'page' ? g.file : g.name))).toContain(p);
  });

  it('the rules that matter: only owners manage users and rail accounts and roll the secret keys; support and viewers see no key; only owners and admins read the audit log and approve', () => {
    const rule = (name: string) => guarded().find((g) => g.name === name)?.access as Permission;
    expect(rule('app/dashboard/keys/page.tsx')).toBe('keys.manage');
    // The secret keys hold every permission (rail accounts included): only an owner rolls them.
    expect(rule('app/dashboard/keys/actions.ts#rollKeysAction')).toBe('keys.secret');
    expect(rule('app/dashboard/keys/actions.ts#createRestrictedKeyAction')).toBe('keys.manage');
    expect(rule('app/dashboard/users/page.tsx')).toBe('users.manage');
    expect(rule('app/dashboard/audit/page.tsx')).toBe('audit.read');
    expect(rule('app/dashboard/payment-methods/actions.ts#updateRailAction')).toBe('rail_accounts.write');
    // Rail account approvals: the setting and every decision are the owners' (who manage rail accounts).
    for (const action of ['setRailApprovalAction', 'approveRailChangeAction', 'rejectRailChangeAction', 'withdrawRailChangeAction'])
      expect(rule(`app/dashboard/payment-methods/actions.ts#${action}`), action).toBe('rail_accounts.write');
    expect(rule('app/dashboard/payments/[id]/refund-actions.ts#approveRefundAction')).toBe('refunds.approve');
    expect(ROLES.filter((r) => roleCan(r, 'users.manage'))).toEqual(['owner']);
    expect(ROLES.filter((r) => roleCan(r, 'rail_accounts.write'))).toEqual(['owner']);
    expect(ROLES.filter((r) => roleCan(r, 'keys.manage'))).toEqual(['owner', 'admin', 'developer']);
    expect(ROLES.filter((r) => roleCan(r, 'keys.secret'))).toEqual(['owner']);
    expect(ROLES.filter((r) => roleCan(r, 'audit.read'))).toEqual(['owner', 'admin']);
    expect(ROLES.filter((r) => roleCan(r, 'refunds.approve'))).toEqual(['owner', 'admin']);
    expect(ROLES.filter((r) => roleCan(r, 'refunds.write'))).toEqual(['owner', 'admin', 'support']);
  });
});

describe('each role, allowed or refused, on each page, action and route', () => {
  it('refused exactly when the role lacks the permission; a refused action writes nothing', async () => {
    const wrong: string[] = [];
    const count = async () =>
      Number(
        (
          await db().query<{ n: number }>(
            `select (select count(*) from audit_events where merchant_id = $1) + (select count(*) from api_keys where merchant_id = $1) +
                    (select count(*) from webhook_endpoints where merchant_id = $1) + (select count(*) from products where merchant_id = $1) as n`,
            [shop.merchant.id],
          )
        )[0]!.n,
      );
    for (const g of guarded()) {
      if (g.access === 'public') continue;
      const mod = (await import(pathToFileURL(path.join(ROOT, g.file)).href)) as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const fn = mod[g.exportName]!;
      for (const role of ROLES) {
        request.token = await sessionOf(role);
        const allowed = g.access === 'signed_in' || roleCan(role, g.access as Permission);
        const before = await count();
        const got = await outcome(() => {
          if (g.kind === 'page') return fn({ params: Promise.resolve({ id: 'pi_none' }), searchParams: Promise.resolve({}) });
          if (g.kind === 'route') return fn(new Request('http://localhost:3000/dashboard/x'), { params: Promise.resolve({ id: 'plink_none' }) });
          return fn(new FormData());
        });
        if (allowed === (got === 'forbidden')) wrong.push(`${g.name} as ${role}: ${got} (${g.access})`);
        if (!allowed && (await count()) !== before) wrong.push(`${g.name} as ${role}: refused but wrote something`);
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});
