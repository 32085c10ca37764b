// Integration-test harness: call the real route handlers of app/v1 (found as the production server
// finds them) with real Requests, against a real database (embedded PGlite in memory, or PostgreSQL
// when DATABASE_URL is set).
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadApiRoutes, matchRoute } from '@/lib/api/router';
import { resetConfigForTests } from '@/lib/config';
import { type Db, type DbHandle, openDatabase, setDbHandle } from '@/lib/db/client';
import { createMerchant, type MerchantKeys } from '@/lib/domain/merchants';
import { resetRailsForTests } from '@/lib/rails/registry';
import { checkResponse, stats as openApiStats } from './openapi-ajv';
import { ownPostgresDatabase } from './own-database';

// The same route table as the production server (lib/api/router.ts, from the files of app/v1).
let routes: ReturnType<typeof loadApiRoutes> | undefined;

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /**
   * Do not check this response against the OpenAPI document (test/openapi-ajv.ts). Only for a request
   * outside the protocol on purpose; the value says why. Counted, never silent.
   */
  skipOpenApiCheck?: string;
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(method: string, pathAndQuery: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(pathAndQuery, 'http://localhost:3000');
  const hit = matchRoute(await (routes ??= loadApiRoutes()), url.pathname);
  if (!hit) throw new Error(`no route for ${url.pathname}`);
  const { module: mod, params } = hit;
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const request = new Request(url, { method, headers, body });
  const handler = mod[method] as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const res = await handler(request, { params: Promise.resolve(params) });
  const text = await res.text();
  // Every answer against the published document (ajv, strict 2020-12): a mismatch fails the test.
  checkResponse(method, url.pathname, { status: res.status, headers: res.headers, text }, opts.skipOpenApiCheck);
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

// With OPENAPI_AJV_STATS=<file>: one line per test file, how many answers were checked and skipped.
afterAll(() => {
  const file = process.env.OPENAPI_AJV_STATS;
  if (!file || openApiStats.validated + openApiStats.skipped + openApiStats.skippedByOption === 0) return;
  const { validated, skipped, skippedByOption, skippedPaths } = openApiStats;
  appendFileSync(
    file,
    `${JSON.stringify({ file: expect.getState().testPath, validated, skipped, skippedByOption, skippedPaths: Object.fromEntries(skippedPaths) })}\n`,
  );
});

/**
 * One database for the test file. On PostgreSQL, the files of one vitest worker share that worker's
 * copy of the migrated database, one after another (scope everything to your own merchant), unless `own`: a file that must rewrite tables that are not per merchant
 * (the exchange rates, the worker's leases) gets a database of its own, made for it and dropped
 * after, so the files running at the same time never see its rows. (Embedded: always its own.)
 */
export function useDatabase(opts: { own?: boolean } = {}): { db: () => Db; handle: () => DbHandle } {
  let handle: DbHandle | undefined;
  let dropOwn: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let url = process.env.DATABASE_URL;
    if (url && opts.own) {
      const own = await ownPostgresDatabase(url);
      url = own.url;
      dropOwn = own.drop;
    }
    handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory' });
    setDbHandle(handle);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await handle?.close();
    await dropOwn?.();
  });
  return { db: () => handle!.db, handle: () => handle! };
}

export async function newMerchant(db: Db, name = 'Test shop'): Promise<MerchantKeys> {
  return createMerchant(db, name);
}

/**
 * Live rails for the test file: set these environment variables (computed once the fakes are up)
 * before its tests, and put every variable, the configuration and the rail registry back after.
 */
export function useLiveConfig(env: () => Record<string, string>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(env())) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetConfigForTests();
    resetRailsForTests();
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
    resetRailsForTests();
  });
}
