// `npm run shape`: the numbers issue 25 asked to be measured before and after the engine's redesign,
// read from the source with the TypeScript parser (not regular expressions over text):
//   - the largest function and the largest file of the engine (lib/payments, lib/store and the
//     engine files that lived in lib/domain before it);
//   - `as` casts in the engine (`as const` excluded) and inline SQL statements (template literals
//     passed to a `query`/`sql` call, or starting with SELECT/INSERT/UPDATE/DELETE/WITH);
//   - rail-name tests in the engine and domain: comparisons with a rail's name and calls that ask a
//     rail's kind by name (isMobileMoneyRail, isAddressRail, ADDRESS_RAILS.includes...);
//   - imports that run back up between folders of lib/ (a folder-level cycle: folder A imports B
//     and B imports A, by any files).
// Usage: npx tsx scripts/code-shape.ts [root]   (root defaults to this checkout; pass another
// worktree to measure an older commit with the same script).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

// The engine: wherever it lives. Before the redesign it was these files of lib/domain.
const OLD_ENGINE = ['attempts', 'lifecycle', 'attempt-states', 'settle', 'addresses', 'conversion', 'next-action'].map((f) => `lib/domain/${f}.ts`);
const engine = [...files('lib/payments'), ...files('lib/store'), ...OLD_ENGINE.filter((f) => fs.existsSync(path.join(ROOT, f)))];
const domainAndEngine = [...new Set([...engine, ...files('lib/domain')])];

const RAIL_NAMES = /^(mobile_money_[a-d]|btc_lightning|btc_onchain|usdt_trc20)$/;
const RAIL_KIND_ASKS = /^(isMobileMoneyRail|isAddressRail|isLightningRail|isConvertingRail)$/;
const RAIL_KINDS = /^(mobile_money|lightning|onchain|usdt|push|redirect|invoice|address|mtn_momo|orange_money|wave)$/;
const SQL_START = /^\s*(select|insert|update|delete|with)\b/i;

interface FileShape {
  file: string;
  lines: number;
  casts: number;
  sql: number;
  railTests: number;
  functions: { name: string; lines: number }[];
}

function shapeOf(file: string): FileShape {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: FileShape = { file, lines: text.split('\n').length, casts: 0, sql: 0, railTests: 0, functions: [] };
  const lineOf = (pos: number) => src.getLineAndCharacterOfPosition(pos).line;
  const nameOf = (n: ts.Node): string => {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) return n.name.getText(src);
    if (ts.isVariableDeclaration(n.parent)) return n.parent.name.getText(src);
    if (ts.isPropertyAssignment(n.parent)) return n.parent.name.getText(src);
    return '(anonymous)';
  };
  const visit = (n: ts.Node) => {
    if (ts.isAsExpression(n) && n.type.getText(src) !== 'const') out.casts++;
    if (ts.isTemplateExpression(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      const head = ts.isTemplateExpression(n) ? n.head.text : n.text;
      if (SQL_START.test(head)) out.sql++;
    }
    if (ts.isStringLiteral(n) && RAIL_NAMES.test(n.text)) {
      const p = n.parent;
      const compared =
        ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(p.operatorToken.kind);
      if (compared || ts.isCaseClause(p)) out.railTests++;
    }
    // A rail's kind or flow asked by its string: adapter.kind === 'lightning', flow === 'redirect'.
    if (ts.isStringLiteral(n) && RAIL_KINDS.test(n.text) && ts.isBinaryExpression(n.parent)) {
      const other = n.parent.left === n ? n.parent.right : n.parent.left;
      if (/\b(kind|flow|protocol)$/.test(other.getText(src))) out.railTests++;
    }
    if (ts.isCallExpression(n)) {
      const callee = n.expression.getText(src);
      if (
        RAIL_KIND_ASKS.test(callee) ||
        /^(ADDRESS_RAILS|MOBILE_MONEY_RAILS)\b.*\.includes$/.test(callee) ||
        /RAILS as readonly string\[\]\)\.includes$/.test(callee)
      )
        out.railTests++;
    }
    if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)) && n.body)
      out.functions.push({ name: nameOf(n), lines: lineOf(n.getEnd()) - lineOf(n.getStart(src)) + 1 });
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

const shapes = new Map(domainAndEngine.map((f) => [f, shapeOf(f)]));
const eng = engine.map((f) => shapes.get(f)!);
const largestFile = eng.reduce((a, b) => (b.lines > a.lines ? b : a));
const largestFn = eng.flatMap((s) => s.functions.map((f) => ({ ...f, file: s.file }))).reduce((a, b) => (b.lines > a.lines ? b : a));
const sum = (xs: FileShape[], k: 'casts' | 'sql' | 'railTests') => xs.reduce((n, s) => n + s[k], 0);

// Folder-level imports that run back up: pairs of lib/ folders that import each other.
function folderOf(file: string): string {
  const parts = file.split(path.sep);
  if (file === path.join('lib', 'boot.ts')) return 'lib/boot.ts'; // start-up: the top of lib/, not the bottom
  return parts[0] === 'lib' && parts.length > 2 ? `lib/${parts[1]}` : parts[0] === 'lib' ? 'lib/*.ts' : parts[0]!;
}
function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    const abs = path.join(ROOT, c);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return path.normalize(c);
  }
  return null;
}
const edges = new Map<string, Set<string>>(); // "A -> B" -> the files that make it
for (const file of ['lib', 'app', 'components'].flatMap(files)) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const to = resolveImport(file, m[1]!);
    if (!to) continue;
    const a = folderOf(file);
    const b = folderOf(to);
    if (a === b) continue;
    const key = `${a} -> ${b}`;
    if (!edges.has(key)) edges.set(key, new Set());
    edges.get(key)!.add(`${file} -> ${to}`);
  }
}
const backUp: string[] = [];
for (const [key, why] of edges) {
  const [a, b] = key.split(' -> ');
  if (edges.has(`${b} -> ${a}`) && a! < b!) backUp.push(`${a} <-> ${b} (${why.size} + ${edges.get(`${b} -> ${a}`)!.size} imports)`);
}
const pageToRoute = edges.get('components -> app')?.size ?? 0;

console.log(`engine files: ${eng.length} (${eng.map((s) => s.file).join(', ')})`);
console.log(`largest engine file: ${largestFile.file}, ${largestFile.lines} lines`);
console.log(`largest engine function: ${largestFn.name} in ${largestFn.file}, ${largestFn.lines} lines`);
console.log(`engine 'as' casts (as const excluded): ${sum(eng, 'casts')}`);
const sqlIn = (prefix: string) =>
  sum(
    eng.filter((e) => e.file.startsWith(prefix)),
    'sql',
  );
console.log(
  `engine inline SQL statements: ${sum(eng, 'sql')} (lib/store ${sqlIn('lib/store')}, lib/payments ${sqlIn('lib/payments')}, lib/domain ${sqlIn('lib/domain')})`,
);
console.log(`rail-name tests in the engine and lib/domain: ${sum([...shapes.values()], 'railTests')}`);
console.log(`folders of lib/ that import each other (imports that run back up): ${backUp.length}`);
for (const line of backUp) console.log(`  ${line}`);
console.log(`components -> app imports: ${pageToRoute}`);
