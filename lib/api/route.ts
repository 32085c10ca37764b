// The one wrapper every /v1 route goes through: request id, auth, rate limit, body and query
// parsing, idempotency, and error mapping. Route files stay a few lines: parse, call one domain
// function, shape the answer.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { getDb, type Db } from '../db/client';
import { log } from '../log';
import { authenticate, type Merchant } from './auth';
import { ApiError, errorBody, toApiError } from './errors';
import { claim, isKeptRefusal, requestHash, runOnce, storeRefusal, validateKey, type StoredResponse } from './idempotency';
import { takeToken } from './rate-limit';
import { assertDeclaredLength, assertStorableStrings, parseWith, queryObject, readJsonBody } from './request';

const METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

type RouteParams = { params: Promise<Record<string, string | string[]>> };
type Handler = (request: Request, ctx: RouteParams) => Promise<Response>;

export const newRequestId = () => `req_${randomBytes(12).toString('base64url')}`;

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

export function json(body: unknown, status = 200, requestId?: string, extra?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...JSON_HEADERS, ...(requestId ? { 'Request-Id': requestId } : {}), ...extra },
  });
}

export function errorResponse(error: unknown, requestId: string, context?: Record<string, unknown>): Response {
  const err = toApiError(error) ?? error;
  if (err instanceof ApiError) return json(errorBody(err, requestId), err.status, requestId, err.headers);
  // A bug: the stack goes to our log with the request id, never to the client.
  log('error', 'unhandled error', { requestId, ...context, error: err instanceof Error ? err.stack : String(err) });
  return json(
    {
      error: {
        type: 'api_error',
        message: `An unexpected error occurred. Contact support with the request id ${requestId} if it persists.`,
        requestId,
      },
    },
    500,
    requestId,
  );
}

export interface Ctx<B, Q, P = undefined> {
  /** What `prepare` returned (work done before the transaction and the idempotency claim). */
  prepared: P;
  request: Request;
  merchant: Merchant;
  db: Db;
  body: B;
  query: Q;
  params: Record<string, string>;
  requestId: string;
}

export interface ApiRouteOptions<BS extends z.ZodType | undefined, QS extends z.ZodType | undefined, P = undefined> {
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
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** An authenticated /v1 endpoint. The handler returns the JSON body of a success. */
export function apiRoute<BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined, P = undefined>(
  opts: ApiRouteOptions<BS, QS, P>,
  handler: (ctx: Ctx<Out<BS>, Out<QS>, P>) => Promise<unknown>,
): Handler {
  return async (request, routeCtx) => {
    const requestId = newRequestId();
    const url = new URL(request.url);
    try {
      // Before any work, and before a byte of the body is read: the declared size, then the key.
      const hasBody = request.method !== 'GET' && request.method !== 'DELETE';
      if (hasBody) assertDeclaredLength(request);
      const db = await getDb();
      const merchant = await authenticate(db, request.headers.get('authorization'));
      takeToken(merchant.keyId);
      const raw = await routeCtx.params;
      const params = Object.fromEntries(Object.entries(raw ?? {}).map(([k, v]) => [k, String(v)]));
      assertStorableStrings(params);
      const query = (opts.query ? parseWith(opts.query, queryObject(url)) : rejectQuery(url)) as Out<QS>;
      const rawBody = hasBody ? await readJsonBody(request) : undefined;
      const body = (opts.body ? parseWith(opts.body, rawBody) : rejectBody(rawBody)) as Out<BS>;
      const base: Ctx<Out<BS>, Out<QS>> = { request, merchant, db, body, query, params, requestId, prepared: undefined };
      const ctx: Ctx<Out<BS>, Out<QS>, P> = { ...base, prepared: opts.prepare ? await opts.prepare(base) : (undefined as P) };
      const status = opts.status ?? 200;

      const key = request.method === 'POST' ? request.headers.get('idempotency-key') : null;
      if (key === null) {
        const result = opts.atomic && !opts.singleStatement ? await db.transaction((tx) => handler({ ...ctx, db: tx })) : await handler(ctx);
        return json(result, status, requestId);
      }

      const hash = requestHash(request.method, url.pathname, rawBody);
      const idemKey = validateKey(key);
      if (opts.atomic || opts.singleStatement) {
        try {
          const { replayed, response } = await runOnce(db, merchant, idemKey, request.method, url.pathname, hash, async (tx) => ({
            status,
            body: JSON.stringify(await handler({ ...ctx, db: tx })),
          }));
          return new Response(response.body, {
            status: response.status,
            headers: { ...JSON_HEADERS, 'Request-Id': requestId, ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
          });
        } catch (error) {
          const err = toApiError(error) ?? error;
          if (isKeptRefusal(err)) {
            const b = JSON.stringify(errorBody(err, requestId));
            await storeRefusal(db, merchant, idemKey, request.method, url.pathname, hash, { status: err.status, body: b });
            return new Response(b, { status: err.status, headers: { ...JSON_HEADERS, 'Request-Id': requestId, ...err.headers } });
          }
          throw err;
        }
      }
      const c = await claim(db, merchant, idemKey, request.method, url.pathname, hash);
      if (c.kind === 'replay')
        return new Response(c.response.body, {
          status: c.response.status,
          headers: { ...JSON_HEADERS, 'Request-Id': requestId, 'Idempotent-Replayed': 'true' },
        });
      try {
        const run = async (tx: Db) => {
          const result = await handler({ ...ctx, db: tx });
          const stored: StoredResponse = { status, body: JSON.stringify(result) };
          await c.complete(tx, stored);
          return stored;
        };
        const stored = opts.atomic ? await db.transaction(run) : await run(db);
        return new Response(stored.body, { status, headers: { ...JSON_HEADERS, 'Request-Id': requestId } });
      } catch (error) {
        const err = toApiError(error) ?? error;
        if (isKeptRefusal(err)) {
          // The request ran and was refused: that answer is what a retry gets too.
          const b = JSON.stringify(errorBody(err, requestId));
          await c.complete(db, { status: err.status, body: b });
          return new Response(b, { status: err.status, headers: { ...JSON_HEADERS, 'Request-Id': requestId, ...err.headers } });
        }
        await c.release().catch(() => {}); // a retry may run it again
        throw err;
      }
    } catch (err) {
      return errorResponse(err, requestId, { method: request.method, path: url.pathname });
    }
  };
}

function rejectQuery(url: URL): undefined {
  const first = url.searchParams.keys().next();
  if (!first.done) throw new ApiError(400, 'invalid_request_error', 'parameter_unknown', `Received unknown parameter: ${first.value}. This endpoint takes no query parameters.`, first.value);
  return undefined;
}

function rejectBody(body: unknown): undefined {
  if (body === undefined) return undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'invalid_request_error', 'parameter_invalid', 'The request body must be a JSON object.');
  const first = Object.keys(body)[0];
  if (first) throw new ApiError(400, 'invalid_request_error', 'parameter_unknown', `Received unknown parameter: ${first}. This endpoint takes no parameters.`, first);
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
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, Handler>;
}
