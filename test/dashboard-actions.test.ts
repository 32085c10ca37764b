// Every dashboard server action starts with the cross-site check (issue 24). A server action is a
// public POST endpoint: whatever a file under app/dashboard marked 'use server' exports can be
// called by any page on the web with the user's cookie. So the first statement of each must be
// `await dashboardAction()` (lib/dashboard/context.ts: same-origin POST, then a live session),
// or, for the actions that need no session (sign-in and its code step, the language, an invitation's
// link), the same origin check
// itself: `const h = await headers(); if (!sameOriginPost(h, ...)) redirect(...)`. Read from the
// source with the TypeScript parser, so a new action (or a new file of actions) is checked too.
// e2e/dashboard-cross-site.spec.ts replays each one cross-site against the built server.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Actions that run without a session, so they check the origin themselves. */
const ORIGIN_ONLY = new Set([
  'app/dashboard/sign-in/actions.ts#signInAction',
  'app/dashboard/actions.ts#setLocaleAction',
  // Before any session: the second step of sign-in (a challenge, not a session) and an invitation's link.
  'app/dashboard/sign-in/code/actions.ts#verifyCodeAction',
  'app/dashboard/invite/[token]/actions.ts#acceptInviteAction',
]);

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

function isServerFile(sf: ts.SourceFile): boolean {
  const first = sf.statements[0];
  return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === 'use server';
}

const exported = (n: ts.Node) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** `await f()` of a bare identifier, with the identifier. */
function awaitedCall(e: ts.Expression | undefined): string | null {
  if (!e || !ts.isAwaitExpression(e) || !ts.isCallExpression(e.expression) || !ts.isIdentifier(e.expression.expression)) return null;
  return e.expression.expression.text;
}

/** The first statement is `[const x =] await dashboardAction()`. */
function startsWithDashboardAction(body: ts.Block): boolean {
  const s = body.statements[0];
  if (!s) return false;
  if (ts.isExpressionStatement(s)) return awaitedCall(s.expression) === 'dashboardAction';
  if (ts.isVariableStatement(s) && s.declarationList.declarations.length === 1)
    return awaitedCall(s.declarationList.declarations[0]!.initializer) === 'dashboardAction';
  return false;
}

/** The first statements are `const h = await headers(); if (!sameOriginPost(h, ...)) redirect(...)`. */
function startsWithOriginCheck(body: ts.Block): boolean {
  const [a, b] = body.statements;
  if (!a || !b || !ts.isVariableStatement(a)) return false;
  const d = a.declarationList.declarations[0]!;
  if (awaitedCall(d.initializer) !== 'headers' || !ts.isIdentifier(d.name)) return false;
  if (!ts.isIfStatement(b) || b.elseStatement) return false;
  const c = b.expression;
  if (!ts.isPrefixUnaryExpression(c) || c.operator !== ts.SyntaxKind.ExclamationToken || !ts.isCallExpression(c.operand)) return false;
  const call = c.operand;
  if (!ts.isIdentifier(call.expression) || call.expression.text !== 'sameOriginPost') return false;
  if (!call.arguments[0] || !ts.isIdentifier(call.arguments[0]) || call.arguments[0].text !== d.name.text) return false;
  const then = ts.isBlock(b.thenStatement) ? b.thenStatement.statements[0] : b.thenStatement;
  return (
    !!then &&
    ts.isExpressionStatement(then) &&
    ts.isCallExpression(then.expression) &&
    ts.isIdentifier(then.expression.expression) &&
    then.expression.expression.text === 'redirect'
  );
}

/** Every export of every 'use server' file under app/dashboard, and whether it starts with its check. */
function dashboardActions(): { action: string; checked: boolean; why?: string }[] {
  const out: { action: string; checked: boolean; why?: string }[] = [];
  for (const file of files('app/dashboard')) {
    const sf = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    if (!isServerFile(sf)) continue;
    for (const s of sf.statements) {
      if (ts.isExportDeclaration(s) || ts.isExportAssignment(s)) {
        out.push({
          action: `${file}#${s.getText(sf).slice(0, 40)}`,
          checked: false,
          why: 're-exports are not allowed in an actions file (export each action where its check can be read)',
        });
        continue;
      }
      if (!exported(s)) continue;
      if (ts.isFunctionDeclaration(s) && s.name && s.body) {
        const action = `${file}#${s.name.text}`;
        const checked = ORIGIN_ONLY.has(action) ? startsWithOriginCheck(s.body) : startsWithDashboardAction(s.body);
        out.push({
          action,
          checked,
          ...(checked ? {} : { why: ORIGIN_ONLY.has(action) ? 'does not start with the sameOriginPost check' : 'does not start with await dashboardAction()' }),
        });
      } else if (ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) {
      } else {
        out.push({
          action: `${file}#${s.getText(sf).slice(0, 40)}`,
          checked: false,
          why: 'an exported value that is not a function declaration (write `export async function`)',
        });
      }
    }
  }
  return out;
}

describe('dashboard server actions', () => {
  it('each exported action starts with the cross-site check (dashboardAction(), or sameOriginPost for sign-in and the language)', () => {
    const actions = dashboardActions();
    // The parser finds them all (20 today: a drop here means the scan broke, not that actions went away).
    expect(actions.length).toBeGreaterThanOrEqual(20);
    expect(actions.filter((a) => !a.checked)).toEqual([]);
    for (const a of ORIGIN_ONLY) expect(actions.map((x) => x.action)).toContain(a);
  });

  it('the check itself: a cross-site POST never reaches the session (dashboardAction calls sameOriginPost first)', () => {
    const sf = ts.createSourceFile('context.ts', fs.readFileSync(path.join(ROOT, 'lib/dashboard/context.ts'), 'utf8'), ts.ScriptTarget.Latest, true);
    const fn = sf.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === 'dashboardAction');
    expect(fn?.body && startsWithOriginCheck(fn.body)).toBe(true);
  });
});
