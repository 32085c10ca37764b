// The directions the layers may point (ARCHITECTURE.md, "Layers"), checked over the import graph of
// lib/, app/ and components/: a new import that breaks one fails here, naming the file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

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

/** file -> the project files it imports (type-only imports count: they are a dependency of the design too). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of ['lib', 'app', 'components'].flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    graph.set(file, [...new Set(specs.map((s) => resolve(file, s)).filter((x): x is string => x !== null))]);
  }
  return graph;
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
    expect(graph.get('lib/payments/apply-decision.ts')).toContain('lib/payments/decide.ts');
  });

  it('lib/domain, lib/rails, lib/webhooks and lib/checkout import nothing from lib/api', () => {
    const core = (f: string) => ['lib/domain', 'lib/rails', 'lib/webhooks', 'lib/checkout'].some((d) => under(d)(f));
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
      expect((graph.get(f) ?? []).filter((d) => !bottom.includes(d)), f).toEqual([]);
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

  it('the production server bundles nothing of lib/ but the router: the route modules come from Next\'s build', async () => {
    const { build } = await import('esbuild');
    // @ts-expect-error: a plain .mjs script without types
    const { serverBuildOptions } = await import('../scripts/build-server.mjs');
    const r = await build({ ...serverBuildOptions, absWorkingDir: ROOT, write: false, metafile: true });
    expect(Object.keys(r.metafile!.inputs).sort()).toEqual(['lib/api/router.ts', 'server.ts']);
  });
});
