// The directions the layers may point (ARCHITECTURE.md, "Layers"), checked over the import graph of
// lib/, app/ and components/: a new import that breaks one fails here, naming the file.
// Test files (*.test.ts, *.test.tsx) are left out of the graph: a test may import anything.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** file -> the project files it imports (type-only imports count: they are a dependency of the design too). */
type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.join(path.dirname(from), spec);
  else return null; // a package
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(path.join(ROOT, cand)) && fs.statSync(path.join(ROOT, cand)).isFile()) return path.normalize(cand);
  return null;
}

function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of ['lib', 'app', 'components'].flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    graph.set(file, [...new Set(specs.map((s) => resolve(file, s)).filter((x): x is string => x !== null))]);
  }
  return graph;
}

// The drawing, top to bottom. A file belongs to a unit (its folder: `app`, `components`, `lib/<folder>`;
// the files directly in lib/ are one unit, `lib/*.ts`, but for lib/boot.ts). A unit may import its own
// files and the units of any LOWER level; never a higher level; and a unit of its OWN level only where
// SIBLING_IMPORTS says so. A folder of lib/ that is in no level fails the test until it is drawn.
const LEVELS: { name: string; units: string[] }[] = [
  // lib/boot.ts starts the process (configuration, rails, migrations, the demo merchant, the worker):
  // it wires the edges, and only files outside lib/, app/ and components/ import it.
  { name: 'routes and pages', units: ['app', 'components', 'lib/boot.ts'] },
  { name: 'edges', units: ['lib/api', 'lib/dashboard', 'lib/checkout', 'lib/docs', 'lib/worker'] },
  // The books (issue 28): reports read the ledger; the reconciliation asks the backends and credits
  // what they have and the ledger has not through the engine's own settle path.
  { name: 'books', units: ['lib/reports', 'lib/reconcile'] },
  { name: 'engine', units: ['lib/payments', 'lib/refunds', 'lib/webhooks'] },
  { name: 'resources', units: ['lib/domain'] },
  { name: 'store', units: ['lib/store'] },
  { name: 'outside services', units: ['lib/rates', 'lib/rails'] },
  { name: 'database', units: ['lib/db'] },
  // lib/i18n is the page's texts and number formats: it needs only the bottom modules.
  { name: 'bottom', units: ['lib/*.ts', 'lib/i18n'] },
];

/**
 * The imports allowed between two units of one level (`from -> to`; a target ending in `.ts` allows
 * that one file only). Everything else between siblings is refused: rates and rails know nothing of
 * each other (the domain brings a rate and a rail together), payments and webhooks neither (the
 * fan-out rows are the domain's: lib/domain/fanout.ts), and the edges do not call each other, but for
 * the two that read a thing of the API's (as of issue 25):
 * - lib/docs renders the API reference from the OpenAPI document lib/api/openapi.ts describes;
 * - lib/worker purges the expired idempotency keys lib/api/idempotency.ts owns.
 */
const SIBLING_IMPORTS: [string, string][] = [
  ['app', 'components'], // a page renders components; components import no route file
  ['lib/docs', 'lib/api/openapi.ts'],
  ['lib/worker', 'lib/api/idempotency.ts'],
  ['lib/i18n', 'lib/*.ts'],
];

function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'lib') return parts[0]!;
  if (parts.length === 2) return file === 'lib/boot.ts' ? file : 'lib/*.ts';
  return `lib/${parts[1]}`;
}

const levelOf = (unit: string) => LEVELS.findIndex((l) => l.units.includes(unit)); // 0 is the top

/** Every import of `graph` that the drawing refuses, as "from -> to (why)". */
function layerViolations(graph: Graph): string[] {
  const out: string[] = [];
  const undrawn = new Set<string>();
  for (const [file, deps] of graph) {
    const from = unitOf(file);
    if (levelOf(from) < 0) undrawn.add(from);
    for (const dep of deps) {
      const to = unitOf(dep);
      if (levelOf(to) < 0) undrawn.add(to);
      if (from === to || levelOf(from) < 0 || levelOf(to) < 0) continue;
      if (levelOf(from) > levelOf(to)) out.push(`${file} -> ${dep} (${from} is below ${to})`);
      else if (levelOf(from) === levelOf(to) && !SIBLING_IMPORTS.some(([a, b]) => a === from && (b === to || b === dep)))
        out.push(`${file} -> ${dep} (${from} and ${to} are siblings that do not import each other)`);
    }
  }
  return [...[...undrawn].map((u) => `${u} is in no layer (draw it in LEVELS and ARCHITECTURE.md)`), ...out];
}

const graph = importGraph();
const under = (dir: string) => (f: string) => f.startsWith(`${dir}/`);

function violations(from: (f: string) => boolean, to: (f: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, deps] of graph) if (from(file)) for (const d of deps) if (to(d)) out.push(`${file} -> ${d}`);
  return out;
}

describe('layers', () => {
  it('sees the project (the graph is not empty)', () => {
    expect(graph.get('lib/domain/payment-intents.ts')).toContain('lib/domain/events.ts');
    expect(graph.get('app/checkout/[id]/page.tsx')).toContain('components/checkout/panels.tsx');
    expect(graph.get('lib/payments/apply-decision.ts')).toContain('lib/payments/decide.ts');
  });

  it('no import runs back up: every file imports its own folder, a lower layer, or a sibling the drawing allows', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('the checker refuses an upward import, a forbidden sibling, a component importing a route, and an undrawn folder', () => {
    const g = (edges: [string, string][]): Graph => {
      const m: Graph = new Map();
      for (const [a, b] of edges) m.set(a, [...(m.get(a) ?? []), b]);
      return m;
    };
    // Allowed: down any number of levels, within a folder, the listed siblings.
    expect(
      layerViolations(
        g([
          ['app/checkout/[id]/page.tsx', 'components/checkout/panels.tsx'],
          ['components/checkout/panels.tsx', 'lib/checkout/actions.ts'],
          ['lib/checkout/actions.ts', 'lib/payments/confirm.ts'],
          ['lib/payments/confirm.ts', 'lib/store/attempts.ts'],
          ['lib/payments/confirm.ts', 'lib/rails/registry.ts'],
          ['lib/domain/events.ts', 'lib/domain/fanout.ts'],
          ['lib/rates/store.ts', 'lib/db/client.ts'],
          ['lib/rates/index.ts', 'lib/config.ts'],
          ['lib/docs/load.ts', 'lib/api/openapi.ts'],
          ['lib/i18n/format.ts', 'lib/money.ts'],
        ]),
      ),
    ).toEqual([]);
    expect(layerViolations(g([['lib/rates/index.ts', 'lib/domain/quotes.ts']]))).toEqual([
      'lib/rates/index.ts -> lib/domain/quotes.ts (lib/rates is below lib/domain)',
    ]);
    expect(layerViolations(g([['lib/config.ts', 'lib/rates/index.ts']]))).toEqual(['lib/config.ts -> lib/rates/index.ts (lib/*.ts is below lib/rates)']);
    expect(layerViolations(g([['lib/store/attempts.ts', 'lib/payments/decide.ts']]))).toEqual([
      'lib/store/attempts.ts -> lib/payments/decide.ts (lib/store is below lib/payments)',
    ]);
    expect(layerViolations(g([['lib/domain/events.ts', 'lib/webhooks/fanout.ts']]))).toEqual([
      'lib/domain/events.ts -> lib/webhooks/fanout.ts (lib/domain is below lib/webhooks)',
    ]);
    expect(layerViolations(g([['components/checkout/panels.tsx', 'app/checkout/[id]/actions.ts']]))).toEqual([
      'components/checkout/panels.tsx -> app/checkout/[id]/actions.ts (components and app are siblings that do not import each other)',
    ]);
    expect(layerViolations(g([['lib/rates/store.ts', 'lib/rails/registry.ts']]))).toEqual([
      'lib/rates/store.ts -> lib/rails/registry.ts (lib/rates and lib/rails are siblings that do not import each other)',
    ]);
    expect(layerViolations(g([['lib/payments/confirm.ts', 'lib/webhooks/deliveries.ts']]))).toHaveLength(1);
    expect(layerViolations(g([['lib/webhooks/deliveries.ts', 'lib/payments/confirm.ts']]))).toHaveLength(1);
    expect(layerViolations(g([['lib/checkout/load.ts', 'lib/dashboard/payments.ts']]))).toHaveLength(1);
    // The listed sibling file, not its folder: another file of lib/api stays refused.
    expect(layerViolations(g([['lib/docs/load.ts', 'lib/api/router.ts']]))).toHaveLength(1);
    expect(layerViolations(g([['lib/money.ts', 'lib/i18n/format.ts']]))).toHaveLength(1);
    expect(layerViolations(g([['lib/ledger/post.ts', 'lib/money.ts']]))).toEqual(['lib/ledger is in no layer (draw it in LEVELS and ARCHITECTURE.md)']);
  });

  it('lib/domain, lib/payments, lib/store, lib/rails, lib/webhooks and lib/checkout import nothing from lib/api', () => {
    const core = (f: string) => ['lib/domain', 'lib/payments', 'lib/store', 'lib/rails', 'lib/webhooks', 'lib/checkout'].some((d) => under(d)(f));
    expect(violations(core, under('lib/api'))).toEqual([]);
  });

  it('lib/rails knows its backends only: nothing from lib/domain or lib/db', () => {
    expect(violations(under('lib/rails'), (f) => under('lib/domain')(f) || under('lib/db')(f))).toEqual([]);
  });

  it('the hosted page and its components reach rails and SQL only through lib/checkout and the domain', () => {
    const page = (f: string) => under('app/checkout')(f) || under('components')(f);
    expect(violations(page, under('lib/rails'))).toEqual([]);
  });

  it('the bottom modules (lib/money.ts, lib/errors.ts, lib/ids.ts, lib/phone.ts) import only each other', () => {
    const bottom = ['lib/money.ts', 'lib/errors.ts', 'lib/ids.ts', 'lib/phone.ts'];
    for (const f of bottom) {
      expect(graph.has(f), f).toBe(true);
      expect(
        (graph.get(f) ?? []).filter((d) => !bottom.includes(d)),
        f,
      ).toEqual([]);
    }
  });

  it('no import cycle in lib/', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'visiting');
      stack.push(f);
      for (const d of graph.get(f) ?? []) {
        if (!under('lib')(d)) continue;
        if (state.get(d) === 'visiting') cycles.push([...stack.slice(stack.indexOf(d)), d].join(' -> '));
        else if (!state.has(d)) visit(d);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of graph.keys()) if (under('lib')(f) && !state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it("the production server bundles nothing of lib/ but the router: the route modules come from Next's build", async () => {
    const { build } = await import('esbuild');
    // @ts-expect-error: a plain .mjs script without types
    const { serverBuildOptions } = await import('../scripts/build-server.mjs');
    const r = await build({ ...serverBuildOptions, absWorkingDir: ROOT, write: false, metafile: true });
    expect(Object.keys(r.metafile!.inputs).sort()).toEqual(['lib/api/router.ts', 'server.ts']);
  });
});
