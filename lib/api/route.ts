// The one wrapper every /v1 route goes through: request id, auth, rate limit, body and query
// parsing, idempotency, and error mapping. Route files stay a few lines: parse, call one domain
// function, shape the answer.
import type { z } from 'zod';
import { type Db, getDb } from '../db/client';
import type { Companion } from '../domain/common';
import { keyCan, type Permission } from '../domain/permissions';
import { log } from '../log';
import { authenticate, type Merchant } from './auth';
import { ApiError, errorBody, toApiError } from './errors';
import { claim, isKeptRefusal, isKeyConflict, keyRecord, requestHash, runOnce, type StoredResponse, storeRefusal, validateKey } from './idempotency';
import { type ApiAnswer, type ApiIncoming, fromWebRequest, toResponse } from './incoming';
import { countAuthFailure, refuseFailingClient, takeToken } from './rate-limit';
import { assertDeclaredLength, assertStorableStrings, parseWith, queryObject, readJsonBody } from './request';

const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

type RouteParams = { params: Promise<Record<string, string | string[]>> };
type Handler = (request: Request, ctx: RouteParams) => Promise<Response>;
/** The route's work on the API's own request type: what the production server calls (lib/api/router.ts). */
export type NativeHandler = (request: ApiIncoming, params: Record<string, string>) => Promise<ApiAnswer>;
/** A route handler for Next.js that also offers its work without web Request/Response. */
export type ApiHandler = Handler & { native: NativeHandler; permission: Permission | 'public' };

export { newRequestId } from '../ids';

import { newRequestId } from '../ids';

// JSON, never cached, never sniffed as another type, never framed. The same as the answers the
// server itself gives (lib/api/router.ts API_HEADERS; not imported: Next bundles this file into
// every route, and the router's file-system loader has no place there).
const JSON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** A JSON answer with the documented headers, as plain data (lib/api/incoming.ts ApiAnswer). */
export function jsonAnswer(body: string, status: number, requestId?: string, extra?: Record<string, string>): ApiAnswer {
  return { status, headers: { ...JSON_HEADERS, ...(requestId ? { 'Request-Id': requestId } : {}), ...extra }, body };
}

const FILE_BODY = Symbol.for('caisse.FileBody');

/** A handler's answer that is a file (a report's CSV), streamed, not JSON: see `fileBody`. */
export interface FileBody {
  readonly [FILE_BODY]: true;
  readonly contentType: string;
  readonly filename: string;
  readonly body: AsyncIterable<Uint8Array>;
}

/**
 * What a GET handler returns to answer a file instead of JSON: sent as an attachment (`filename`,
 * plain ASCII), streamed chunk by chunk with backpressure (lib/api/router.ts). Auth, the rate limit
 * and the mapping of every error thrown before it is returned stay the wrapper's. Matched by a brand:
 * Next bundles this module once per layer.
 */
export function fileBody(file: { contentType: string; filename: string; body: AsyncIterable<Uint8Array> }): FileBody {
  return { [FILE_BODY]: true, ...file };
}

const isFileBody = (v: unknown): v is FileBody => typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[FILE_BODY] === true;

function fileAnswer(file: FileBody, status: number, requestId: string): ApiAnswer {
  const filename = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    status,
    headers: {
      ...JSON_HEADERS,
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Request-Id': requestId,
    },
    body: file.body,
  };
}

const STATUS_ANSWER = Symbol.for('caisse.StatusAnswer');

/** A handler's JSON answer with a success status other than the route's: see `withStatus`. */
export interface StatusAnswer {
  readonly [STATUS_ANSWER]: true;
  readonly status: number;
  readonly body: unknown;
}

/**
 * What a handler returns to answer `body` with another 2xx than the route's, decided by the work
 * itself (202: a rail account change kept for another owner's approval). An Idempotency-Key's
 * replay gives the same status. Matched by a brand, as `fileBody`.
 */
export function withStatus(status: number, body: unknown): StatusAnswer {
  return { [STATUS_ANSWER]: true, status, body };
}

const isStatusAnswer = (v: unknown): v is StatusAnswer => typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[STATUS_ANSWER] === true;

/** A handler's result as the status and JSON body to store and send. */
const answered = (result: unknown, status: number): { status: number; body: string } =>
  isStatusAnswer(result) ? { status: result.status, body: JSON.stringify(result.body) } : { status, body: JSON.stringify(result) };

export function json(body: unknown, status = 200, requestId?: string, extra?: Record<string, string>): Response {
  return toResponse(jsonAnswer(JSON.stringify(body), status, requestId, extra));
}

function errorAnswer(error: unknown, requestId: string, context?: Record<string, unknown>): ApiAnswer {
  const err = toApiError(error) ?? error;
  if (err instanceof ApiError) return jsonAnswer(JSON.stringify(errorBody(err, requestId)), err.status, requestId, err.headers);
  // A bug: the stack goes to our log with the request id, never to the client.
  log('error', 'unhandled error', { requestId, ...context, error: err instanceof Error ? err.stack : String(err) });
  const body = {
    error: {
      type: 'api_error',
      message: `An unexpected error occurred. Contact support with the request id ${requestId} if it persists.`,
      param: null,
      requestId,
    },
  };
  return jsonAnswer(JSON.stringify(body), 500, requestId);
}

export function errorResponse(error: unknown, requestId: string, context?: Record<string, unknown>): Response {
  return toResponse(errorAnswer(error, requestId, context));
}

export interface Ctx<B, Q, P = undefined> {
  /** What `prepare` returned (work done before the transaction and the idempotency claim). */
  prepared: P;
  request: ApiIncoming;
  merchant: Merchant;
  db: Db;
  body: B;
  query: Q;
  params: Record<string, string>;
  requestId: string;
  /**
   * On a `singleStatement` route called with an Idempotency-Key: the key's record, which the
   * handler passes to its one statement (lib/domain/common.ts Companion). Undefined otherwise.
   */
  companion?: Companion;
}

export interface ApiRouteOptions<BS extends z.ZodType | undefined, QS extends z.ZodType | undefined, P = undefined> {
  /**
   * What a key must hold to call this route (lib/domain/permissions.ts): a secret key holds every
   * permission, a restricted key only its own; without it, 403 `permission_denied` before anything
   * is read or done. Every route declares one (test/access-api.test.ts walks app/v1).
   */
  permission: Permission;
  /**
   * Slow checks that must not run inside a transaction (e.g. DNS for a webhook URL). They run after
   * parsing and before the idempotency claim: a refusal here is a validation error and stores nothing.
   */
  prepare?: (ctx: Ctx<Out<BS>, Out<QS>>) => Promise<P>;
  body?: BS;
  query?: QS;
  /** Run the handler and the idempotency record in one transaction (pure database work only). */
  atomic?: boolean;
  /**
   * The handler's work is one statement (atomic by itself): without an Idempotency-Key no
   * transaction is opened around it (no begin/commit round trips). Implies `atomic`.
   */
  singleStatement?: boolean;
  /** HTTP status of a success. */
  status?: number;
  /**
   * The handler starts or prices a payment on a rail (create an intent, confirm): the key lookup
   * also reads the merchant's active rail accounts (no round trip of their own). Other routes do
   * not pay for it.
   */
  railAccounts?: boolean;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** An authenticated /v1 endpoint. The handler returns the JSON body of a success. */
export function apiRoute<BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined, P = undefined>(
  opts: ApiRouteOptions<BS, QS, P>,
  handler: (ctx: Ctx<Out<BS>, Out<QS>, P>) => Promise<unknown>,
): ApiHandler {
  const native: NativeHandler = async (request, rawParams) => {
    const requestId = newRequestId();
    const url = request.url;
    try {
      // Before any work, and before a byte of the body is read: the declared size, then the key.
      const hasBody = request.method !== 'GET' && request.method !== 'DELETE';
      if (hasBody) assertDeclaredLength(request);
      const db = await getDb();
      // A client address that failed authentication too often is refused before its key is looked up.
      refuseFailingClient(request);
      let merchant: Merchant;
      try {
        merchant = await authenticate(db, request.header('authorization'), { railAccounts: opts.railAccounts === true });
      } catch (err) {
        throw (err instanceof ApiError && err.status === 401 && (await countAuthFailure(db, request))) || err;
      }
      const leasing = takeToken(db, merchant.keyId);
      if (leasing) await leasing;
      if (!keyCan(merchant.permissions, opts.permission)) throw permissionDenied(opts.permission, request.method, url.pathname);
      // The key is the actor of whatever this request records in the audit log.
      merchant.actor = { type: 'key', id: merchant.keyId, label: merchant.keyLabel ?? null, ip: clientIp(request) };
      const params = rawParams;
      assertStorableStrings(params);
      const query = (opts.query ? parseWith(opts.query, queryObject(url)) : rejectQuery(url)) as Out<QS>;
      const rawBody = hasBody ? await readJsonBody(request) : undefined;
      const body = (opts.body ? parseWith(opts.body, rawBody) : rejectBody(rawBody)) as Out<BS>;
      const base: Ctx<Out<BS>, Out<QS>> = { request, merchant, db, body, query, params, requestId, prepared: undefined };
      const ctx = (opts.prepare ? { ...base, prepared: await opts.prepare(base) } : base) as Ctx<Out<BS>, Out<QS>, P>;
      const status = opts.status ?? 200;

      const key = request.method === 'POST' ? request.header('idempotency-key') : null;
      if (key === null) {
        const result = opts.atomic && !opts.singleStatement ? await db.transaction((tx) => handler({ ...ctx, db: tx })) : await handler(ctx);
        if (isFileBody(result)) return fileAnswer(result, status, requestId);
        const a = answered(result, status);
        return jsonAnswer(a.body, a.status, requestId);
      }

      const hash = requestHash(request.method, url.pathname, rawBody);
      const idemKey = validateKey(key);
      if (opts.atomic || opts.singleStatement) {
        try {
          if (opts.singleStatement) {
            // The key's record rides in the create's own statement (keyRecord); a key that exists
            // already fails that statement with nothing written, and goes the careful way below.
            const record = keyRecord(merchant, idemKey, request.method, url.pathname, hash, status);
            try {
              await handler({ ...ctx, companion: record.companion });
              const stored = record.stored();
              if (stored === undefined) throw new Error(`${request.method} ${url.pathname} is singleStatement but wrote no key record`);
              return jsonAnswer(stored, status, requestId);
            } catch (err) {
              // A refusal goes the careful way too: it may be a stored refusal's replay (the
              // refused create wrote nothing, so no key conflict told us), else it is stored there.
              if (!isKeyConflict(err) && !isKeptRefusal(toApiError(err) ?? err)) throw err;
            }
          }
          const { replayed, response } = await runOnce(db, merchant, idemKey, request.method, url.pathname, hash, async (tx) =>
            answered(await handler({ ...ctx, db: tx }), status),
          );
          return jsonAnswer(response.body, response.status, requestId, replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
        } catch (error) {
          const err = toApiError(error) ?? error;
          if (isKeptRefusal(err)) {
            const b = JSON.stringify(errorBody(err, requestId));
            await storeRefusal(db, merchant, idemKey, request.method, url.pathname, hash, { status: err.status, body: b });
            return jsonAnswer(b, err.status, requestId, err.headers);
          }
          throw err;
        }
      }
      const c = await claim(db, merchant, idemKey, request.method, url.pathname, hash);
      if (c.kind === 'replay') return jsonAnswer(c.response.body, c.response.status, requestId, { 'Idempotent-Replayed': 'true' });
      try {
        const run = async (tx: Db) => {
          const stored: StoredResponse = answered(await handler({ ...ctx, db: tx }), status);
          await c.complete(tx, stored);
          return stored;
        };
        const stored = opts.atomic ? await db.transaction(run) : await run(db);
        return jsonAnswer(stored.body, stored.status, requestId);
      } catch (error) {
        const err = toApiError(error) ?? error;
        if (isKeptRefusal(err)) {
          // The request ran and was refused: that answer is what a retry gets too.
          const b = JSON.stringify(errorBody(err, requestId));
          await c.complete(db, { status: err.status, body: b });
          return jsonAnswer(b, err.status, requestId, err.headers);
        }
        await c.release().catch(() => {}); // a retry may run it again
        throw err;
      }
    } catch (err) {
      return errorAnswer(err, requestId, { method: request.method, path: url.pathname });
    }
  };
  // Next.js calls the web handler; the production server calls `native` with Node's request.
  const web: Handler = async (request, routeCtx) => {
    const raw = await routeCtx.params;
    const params = Object.fromEntries(Object.entries(raw ?? {}).map(([k, v]) => [k, String(v)]));
    return toResponse(await native(fromWebRequest(request), params));
  };
  return Object.assign(web, { native, permission: opts.permission });
}

/** The client's address (lib/api/router.ts puts the socket's, or a trusted proxy's, in X-Forwarded-For). */
function clientIp(request: ApiIncoming): string | null {
  const first = request.header('x-forwarded-for')?.split(',')[0]?.trim();
  return first && first.length <= 64 ? first : null;
}

/** 403 `permission_denied`: the key is restricted and lacks the permission the route needs. */
export function permissionDenied(permission: Permission, method: string, path: string): ApiError {
  return new ApiError(
    403,
    'invalid_request_error',
    'permission_denied',
    `This restricted API key does not have the permission '${permission}', which ${method} ${path} needs. Add it to the key on the dashboard's API keys page, or use a key that has it.`,
  );
}

/** A route any caller may read without a key (the OpenAPI document): marked so the permission test knows it is on purpose. */
export function publicRoute<H extends Handler>(handler: H): H & { permission: 'public' } {
  return Object.assign(handler, { permission: 'public' as const });
}

function rejectQuery(url: URL): undefined {
  if (url.search === '') return undefined;
  const first = url.searchParams.keys().next();
  if (!first.done)
    throw new ApiError(
      400,
      'invalid_request_error',
      'parameter_unknown',
      `Received unknown parameter: ${first.value}. This endpoint takes no query parameters.`,
      first.value,
    );
  return undefined;
}

function rejectBody(body: unknown): undefined {
  if (body === undefined) return undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'invalid_request_error', 'parameter_invalid', 'The request body must be a JSON object.');
  const first = Object.keys(body)[0];
  if (first)
    throw new ApiError(400, 'invalid_request_error', 'parameter_unknown', `Received unknown parameter: ${first}. This endpoint takes no parameters.`, first);
  return undefined;
}

/** Fill in every method a path does not serve with a JSON 405 and an Allow header. */
export function methods(handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allow = Object.keys(handlers).join(', ');
  const notAllowed: Handler = async (request) => {
    const requestId = newRequestId();
    const err = new ApiError(
      405,
      'invalid_request_error',
      'method_not_allowed',
      `${request.method} is not allowed on ${new URL(request.url).pathname}. Allowed: ${allow}.`,
      undefined,
      { Allow: allow },
    );
    return json(errorBody(err, requestId), 405, requestId, err.headers);
  };
  // Marked, so the production server can list the allowed methods for one no module has (TRACE).
  Object.assign(notAllowed, { methodNotAllowed: true });
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, Handler>;
}
