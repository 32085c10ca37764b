// The /v1 routes, found from the files under app/v1: in production (server.ts) the modules Next.js
// built for them (.next/server/app/v1/**/route.js, so the API, the page and the worker share one
// copy of lib/ and of its process state), in tests and `next dev` the TypeScript sources. A path like app/v1/prices/[id]/route.ts
// becomes /^\/v1\/prices\/(?<id>[^/]+)$/; static segments win over [params], [...catch-all] last.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteModule = Record<string, Handler | unknown>;

interface Route {
  pattern: RegExp;
  rank: number[];
  module: RouteModule;
}

function compile(segments: string[]): { pattern: RegExp; rank: number[] } {
  const parts = segments.map((seg) => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(seg);
    if (catchAll) return { re: `(?<${catchAll[1]}>.+)`, rank: 2 };
    const param = /^\[(\w+)\]$/.exec(seg);
    if (param) return { re: `(?<${param[1]}>[^/]+)`, rank: 1 };
    return { re: seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), rank: 0 };
  });
  return { pattern: new RegExp(`^/v1/${parts.map((p) => p.re).join('/')}$`), rank: parts.map((p) => p.rank) };
}

function findRouteFiles(dir: string, name: string, segments: string[] = []): { file: string; segments: string[] }[] {
  const out: { file: string; segments: string[] }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...findRouteFiles(path.join(dir, entry.name), name, [...segments, entry.name]));
    else if (entry.name === name) out.push({ file: path.join(dir, entry.name), segments });
  }
  return out;
}

/** More specific first: compare segment by segment (static < param < catch-all), then longer first. */
function bySpecificity(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) if (a.rank[i] !== b.rank[i]) return a.rank[i]! - b.rank[i]!;
  return b.rank.length - a.rank.length;
}

/**
 * Production: the route modules of the Next.js build. Each built entry exposes the module we wrote
 * as `routeModule.userland` (Next's documented RouteModule field); loading it through Node's
 * require shares Next's module registry, so lib/ exists once in the process.
 */
export function loadBuiltApiRoutes(root: string): Route[] {
  const dir = path.join(root, '.next', 'server', 'app', 'v1');
  if (!fs.existsSync(dir)) throw new Error(`No build in ${root}/.next: run \`npm run build\` first.`);
  const require = createRequire(path.join(root, 'package.json'));
  const routes = findRouteFiles(dir, 'route.js').map(({ file, segments }) => {
    const built = require(file) as { routeModule?: { userland?: RouteModule } };
    if (!built.routeModule?.userland) throw new Error(`${file} is not a built route module`);
    return { ...compile(segments), module: built.routeModule.userland };
  });
  return routes.sort(bySpecificity);
}

/** Tests and tools: the TypeScript sources under app/v1. */
export async function loadApiRoutes(root = process.cwd()): Promise<Route[]> {
  const files = findRouteFiles(path.join(root, 'app', 'v1'), 'route.ts');
  const routes = await Promise.all(
    files.map(async ({ file, segments }) => ({ ...compile(segments), module: (await import(pathToFileURL(file).href)) as RouteModule })),
  );
  return routes.sort(bySpecificity);
}

/** A malformed escape (`%E0%A4%A`) stays as it came: the handler answers 404 for it, not a 500. */
function decode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

export function matchRoute(routes: Route[], pathname: string): { module: RouteModule; params: Record<string, string> } | null {
  for (const r of routes) {
    const m = r.pattern.exec(pathname);
    if (m) return { module: r.module, params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decode(v)])) };
  }
  return null;
}

/** Answer one request with the matching route module's handler for its method. */
export async function dispatch(routes: Route[], request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const hit = matchRoute(routes, url.pathname);
  if (!hit) return null;
  const handler = hit.module[request.method] as Handler | undefined;
  if (typeof handler !== 'function') return null;
  return handler(request, { params: Promise.resolve(hit.params) });
}
