// Integration-test harness: call the real route handlers of app/v1 with real Requests, against a
// real database (embedded PGlite in memory, or PostgreSQL when DATABASE_URL is set).
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, setDbHandle, type Db, type DbHandle } from '@/lib/db/client';
import { createMerchant, type MerchantKeys } from '@/lib/domain/merchants';

import * as piList from '@/app/v1/payment_intents/route';
import * as piOne from '@/app/v1/payment_intents/[id]/route';
import * as piCancel from '@/app/v1/payment_intents/[id]/cancel/route';
import * as csList from '@/app/v1/checkout_sessions/route';
import * as csOne from '@/app/v1/checkout_sessions/[id]/route';
import * as csExpire from '@/app/v1/checkout_sessions/[id]/expire/route';
import * as prodList from '@/app/v1/products/route';
import * as prodOne from '@/app/v1/products/[id]/route';
import * as priceList from '@/app/v1/prices/route';
import * as priceOne from '@/app/v1/prices/[id]/route';
import * as unknown from '@/app/v1/[...path]/route';

type Mod = Record<string, unknown>;
const ROUTES: [RegExp, Mod][] = [
  [/^\/v1\/payment_intents$/, piList],
  [/^\/v1\/payment_intents\/(?<id>[^/]+)$/, piOne],
  [/^\/v1\/payment_intents\/(?<id>[^/]+)\/cancel$/, piCancel],
  [/^\/v1\/checkout_sessions$/, csList],
  [/^\/v1\/checkout_sessions\/(?<id>[^/]+)$/, csOne],
  [/^\/v1\/checkout_sessions\/(?<id>[^/]+)\/expire$/, csExpire],
  [/^\/v1\/products$/, prodList],
  [/^\/v1\/products\/(?<id>[^/]+)$/, prodOne],
  [/^\/v1\/prices$/, priceList],
  [/^\/v1\/prices\/(?<id>[^/]+)$/, priceOne],
];

/** Register more routes (later modules: events, webhooks, test helpers). */
export function addRoute(re: RegExp, mod: Mod): void {
  ROUTES.unshift([re, mod]);
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(method: string, pathAndQuery: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(pathAndQuery, 'http://localhost:3000');
  let mod: Mod = unknown;
  let params: Record<string, string> = { path: url.pathname.split('/').slice(2).join('/') };
  for (const [re, m] of ROUTES) {
    const match = re.exec(url.pathname);
    if (match) {
      mod = m;
      params = { ...(match.groups ?? {}) };
      break;
    }
  }
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
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** One database for the test file. */
export function useDatabase(): { db: () => Db; handle: () => DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory' });
    setDbHandle(handle);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await handle?.close();
  });
  return { db: () => handle!.db, handle: () => handle! };
}

export async function newMerchant(db: Db, name = 'Test shop'): Promise<MerchantKeys> {
  return createMerchant(db, name);
}
