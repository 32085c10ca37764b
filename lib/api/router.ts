// The /v1 routes, found from the files under app/v1: in production (server.ts) the modules Next.js
// built for them (.next/server/app/v1/**/route.js, so the API, the page and the worker share one
// copy of lib/ and of its process state), in tests and `next dev` the TypeScript sources. A path like app/v1/prices/[id]/route.ts
// becomes /^\/v1\/prices\/(?<id>[^/]+)$/; static segments win over [params], [...catch-all] last.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ApiAnswer, ApiIncoming, BodyResult } from './incoming';
import type { NativeHandler } from './route';

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteModule = Record<string, Handler | unknown>;

interface Route {
  pattern: RegExp;
  rank: number[];
  /** The first segment after /v1/ when it is static (`payment_intents`), else null. */
  first: string | null;
  module: RouteModule;
}

function compile(segments: string[]): { pattern: RegExp; rank: number[]; first: string | null } {
  const parts = segments.map((seg) => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(seg);
    if (catchAll) return { re: `(?<${catchAll[1]}>.+)`, rank: 2 };
    const param = /^\[(\w+)\]$/.exec(seg);
    if (param) return { re: `(?<${param[1]}>[^/]+)`, rank: 1 };
    return { re: seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), rank: 0 };
  });
  return {
    pattern: new RegExp(`^/v1/${parts.map((p) => p.re).join('/')}$`),
    rank: parts.map((p) => p.rank),
    first: parts[0]?.rank === 0 ? segments[0]! : null,
  };
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

/**
 * The routes a path can match, by its first segment: those whose first segment is that word, and
 * those whose first segment is a parameter, in the table's order (most specific first). A path
 * whose first segment no route names gets the parameter routes alone (no entry is made for it).
 */
const byFirstSegment = new WeakMap<Route[], { named: Map<string, Route[]>; dynamic: Route[] }>();

function candidates(routes: Route[], pathname: string): Route[] {
  let index = byFirstSegment.get(routes);
  if (!index) {
    const dynamic = routes.filter((r) => r.first === null);
    const named = new Map<string, Route[]>();
    for (const word of new Set(routes.map((r) => r.first).filter((w): w is string => w !== null)))
      named.set(
        word,
        routes.filter((r) => r.first === word || r.first === null),
      );
    index = { named, dynamic };
    byFirstSegment.set(routes, index);
  }
  const end = pathname.indexOf('/', 4);
  const first = pathname.slice(4, end === -1 ? undefined : end); // after "/v1/"
  return index.named.get(first) ?? index.dynamic;
}

export function matchRoute(routes: Route[], pathname: string): { module: RouteModule; params: Record<string, string> } | null {
  if (!pathname.startsWith('/v1/')) return null;
  for (const r of candidates(routes, pathname)) {
    const m = r.pattern.exec(pathname);
    if (m) return { module: r.module, params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decode(v)])) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The production HTTP server (server.ts): node:http in front of the route table, Next.js for the rest.

/** How long a client has to send its whole request (headers and body) before it is dropped. */
export const REQUEST_TIMEOUT_MS = 10_000;

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface ApiServerOptions {
  /** Answers every request that is not for a /v1 route (Next.js's request handler). */
  fallback: NodeHandler;
  /** A request whose body has not fully arrived after this long is answered 408 and its connection closed. */
  requestTimeoutMs?: number;
  /** Where a bug in the adapter itself is reported (the route handlers answer their own errors). */
  onError?: (err: unknown) => void;
  /**
   * Whether a reverse proxy in front sets X-Forwarded-For (TRUST_PROXY=1). Otherwise the header a
   * client sent is replaced by the connection's own address, so no one can pick the address that
   * per-client limits count (the page's actions, lib/domain/action-limits.ts).
   */
  trustProxy?: boolean;
  /** Send Strict-Transport-Security on every answer (server.ts: when BASE_URL is https). */
  hsts?: boolean;
}

export const isApiPath = (url: string | undefined): boolean => url === '/v1' || !!url?.startsWith('/v1/') || !!url?.startsWith('/v1?');

/** A Host header this server can put in a URL: a DNS name or IPv4, or a bracketed IPv6, and an optional port. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_.])?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/** Hosts already found valid (a server sees a handful): the check is a pure function of the string. */
const validHosts = new Set<string>();

export function validHost(host: string): boolean {
  if (validHosts.has(host)) return true;
  if (!checkHost(host)) return false;
  if (validHosts.size >= 256) validHosts.clear();
  validHosts.add(host);
  return true;
}

function checkHost(host: string): boolean {
  if (!HOST.test(host)) return false;
  try {
    return new URL(`http://${host}/`).pathname === '/';
  } catch {
    return false;
  }
}

// The documented headers of every /v1 answer: JSON, never cached, never sniffed, never framed
// (lib/api/route.ts sends the same on the route handlers' answers).
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * An error the adapter answers itself, in the documented shape (lib/api/errors.ts errorBody), with
 * its own request id (lib/ids is not bundled into server.mjs). Without a code: a 500.
 */
function adapterError(res: http.ServerResponse, status: number, code: string | undefined, message: string, extra?: Record<string, string>): void {
  const requestId = `req_${randomBytes(12).toString('base64url')}`;
  if (res.headersSent) res.end();
  else res.writeHead(status, { ...API_HEADERS, 'Request-Id': requestId, Connection: 'close', ...extra }).end(errorJson(status, code, message, requestId));
}

function errorJson(_status: number, code: string | undefined, message: string, requestId: string): string {
  return JSON.stringify({ error: { type: code ? 'invalid_request_error' : 'api_error', ...(code ? { code } : {}), message, param: null, requestId } });
}

/** The methods a route module serves: its exported handlers, less the ones that answer 405 (lib/api/route.ts methods()). */
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
function allowedMethods(module: RouteModule): string[] {
  return ROUTE_METHODS.filter((m) => typeof module[m] === 'function' && !(module[m] as { methodNotAllowed?: boolean }).methodNotAllowed);
}

/**
 * The request body as a web stream, read as the handler pulls it. Cancelling it (the handler
 * refused the body) stops reading without destroying the connection, so the answer still goes out;
 * what is left is discarded after the answer (`discard`).
 */
function bodyStream(req: http.IncomingMessage): { stream: ReadableStream<Uint8Array>; discard: () => void } {
  let finished = false;
  const detach = () => {
    finished = true;
    req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (c: Buffer) => {
    controller.enqueue(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (e: Error) => {
    if (finished) return;
    detach();
    controller.error(e);
  };
  const onClose = () => onError(new Error('the client closed the connection before the body was complete'));
  const discard = () => {
    if (!finished) detach();
    req.resume(); // what still arrives is dropped
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onError);
    },
    pull() {
      req.resume();
    },
    cancel() {
      detach();
      req.pause();
    },
  });
  return { stream, discard };
}

/**
 * Answer one request with its /v1 route handler. Returns false, having touched nothing, when no
 * route serves the path and method (the caller hands it to Next.js). The body is not read here: it
 * goes to the handler as a stream, so it checks Content-Length and the API key before reading it.
 */
export async function serveApi(routes: Route[], req: http.IncomingMessage, res: http.ServerResponse, requestTimeoutMs = REQUEST_TIMEOUT_MS): Promise<boolean> {
  if (!isApiPath(req.url)) return false;
  const host = req.headers.host ?? 'localhost';
  if (!validHost(host)) {
    adapterError(res, 400, 'invalid_host', 'The Host header is not a valid host name or address.');
    req.resume(); // dropped: the connection closes after the answer
    return true;
  }
  const url = new URL(`http://${host}${req.url}`);
  const hit = matchRoute(routes, url.pathname);
  if (!hit) return false;
  const method = req.method ?? 'GET';
  const handler = hit.module[method] as Handler | undefined;
  if (typeof handler !== 'function') {
    // TRACE, PROPFIND...: no route handler has them (and TRACE cannot even be a web Request).
    const allow = allowedMethods(hit.module);
    adapterError(res, 405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}. Allowed: ${allow.join(', ')}.`, { Allow: allow.join(', ') });
    req.resume();
    return true;
  }

  const hasBody = method !== 'GET' && method !== 'HEAD';
  // A client that stalls its request is answered 408 and dropped, not kept for minutes.
  let timedOut = false;
  const timer = req.complete
    ? undefined
    : setTimeout(() => {
        if (req.complete) return;
        timedOut = true;
        if (!res.headersSent) {
          adapterError(res, 408, 'request_timeout', `The request body did not arrive within ${requestTimeoutMs / 1000} s.`);
          res.once('finish', () => req.destroy());
        } else req.destroy();
      }, requestTimeoutMs);
  const stop = () => clearTimeout(timer);
  req.once('end', stop).once('close', stop);

  // The route's own work on Node's request when it offers it (lib/api/route.ts apiRoute): no web
  // Request, body stream or Response is built (bench:api measured them as most of our overhead).
  const native = (handler as Partial<{ native: NativeHandler }>).native;
  let answer: ApiAnswer;
  let release: () => void;
  if (typeof native === 'function') {
    const incoming: ApiIncoming = {
      method,
      url,
      header(name) {
        const v = req.headers[name];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
      },
      readBody: (limit) => readNodeBody(req, limit),
    };
    answer = await native(incoming, hit.params);
    release = () => req.resume(); // whatever the handler did not read is dropped
  } else {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (Array.isArray(v)) for (const x of v) headers.append(k, x);
      else if (v !== undefined) headers.set(k, v);
    }
    const body = hasBody ? bodyStream(req) : null;
    const request = new Request(url, { method, headers, ...(body ? { body: body.stream, duplex: 'half' } : {}) } as RequestInit);
    const response = await handler(request, { params: Promise.resolve(hit.params) });
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((v, k) => (outHeaders[k] = v));
    answer = { status: response.status, headers: outHeaders, body: await response.text() };
    release = () => (body ? body.discard() : req.resume());
  }
  if (timedOut || res.writableEnded || res.destroyed) return true;
  const unread = !req.complete;
  // Answered before the whole body came (refused: too large, no key): close after the answer and
  // discard what still arrives; the timer above ends a client that keeps sending.
  const head = unread ? { ...answer.headers, connection: 'close' } : answer.headers;
  if (typeof answer.body === 'string') {
    res.writeHead(answer.status, head).end(answer.body);
    release();
    if (!unread) stop();
    return true;
  }
  res.writeHead(answer.status, head);
  release();
  if (!unread) stop();
  await writeStreamed(res, answer.body);
  return true;
}

/**
 * A streamed answer (a report's CSV) written chunk by chunk with backpressure: the next chunk is
 * read only once `res.write` took the last one or, when it said its buffer is full, after 'drain'.
 * A client that goes away ends the reading (`return()`: the producer stops its queries). A producer
 * that fails once the status line has gone cuts the connection, so the client sees a truncated
 * file, never a complete-looking one, and the error goes on to the caller (onError).
 */
async function writeStreamed(res: http.ServerResponse, body: AsyncIterable<Uint8Array>): Promise<void> {
  const chunks = body[Symbol.asyncIterator]();
  let gone = false;
  const onClose = () => {
    gone = true;
  };
  res.once('close', onClose);
  try {
    for (;;) {
      if (gone || res.destroyed) {
        await chunks.return?.(undefined);
        return;
      }
      const next = await chunks.next();
      if (next.done) break;
      if (gone || res.destroyed) {
        await chunks.return?.(undefined);
        return;
      }
      if (!res.write(next.value))
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go).off('close', go);
            resolve();
          };
          res.once('drain', go).once('close', go);
        });
    }
    res.end();
  } catch (err) {
    // The client gets a cut connection; the failure goes to the server's onError (createApiServer).
    await Promise.resolve(chunks.return?.(undefined)).catch(() => {});
    res.destroy();
    throw err;
  } finally {
    res.off('close', onClose);
  }
}

/**
 * The whole body of a Node request, refused as soon as it grows past `limit` bytes. Reading
 * stops there (the connection closes after the answer); a client that goes away mid-body gives
 * 'aborted'.
 */
function readNodeBody(req: http.IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BodyResult) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(result);
    };
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.pause();
        done({ ok: false, reason: 'too_large' });
      } else chunks.push(c);
    };
    const onEnd = () => done({ ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
    const onClose = () => done({ ok: false, reason: 'aborted' });
    if (req.readableEnded) return resolve({ ok: true, bytes: new Uint8Array() });
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}

// ---------------------------------------------------------------------------------------------
// What the server checks before anything else: the request target, the method, and, for a page,
// the path's encoding and the size of a form. Every refusal is a 4xx: JSON for /v1 (and for a
// request target that names another host), a small HTML page otherwise.

/** Headers of every answer that is not /v1's (pages, their errors, static files): proxy.ts adds its nonce CSP to the pages it serves. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Content-Security-Policy': "base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
};
/** Sent on every answer when the deployment is served over https (BASE_URL): one year. */
export const HSTS = 'max-age=31536000';
/** next.config.mjs serverActions.bodySizeLimit ("1mb"): Next.js answers a larger form with a 500, so the server refuses it first. */
export const PAGE_BODY_LIMIT = 1024 * 1024;

/** Methods a web Request cannot carry (fetch's forbidden methods): Next.js answers them with a 500. */
const FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

type Refusal = { status: number; code: string; message: string };

/**
 * An absolute-form target (`GET http://host/path`, RFC 9112 §3.2.2) made origin-form in place,
 * once its authority is checked as a Host header is, and is the Host the client sent (RFC 9112
 * §3.2: a client sends the same): anything else would be served, or redirected, for another site.
 * Refused as a malformed Host is (400 `invalid_host`, a documented code of every operation).
 */
export function toOriginForm(req: Pick<http.IncomingMessage, 'url' | 'headers' | 'method'>): Refusal | null {
  const target = req.url ?? '';
  if (target.startsWith('/')) return null;
  const m = /^(https?):\/\/([^/?#]*)([^#]*)$/i.exec(target);
  if (!m) return { status: 400, code: 'invalid_host', message: 'The request target must be a path, or an absolute http or https URL naming this host.' };
  const [, scheme, authority, rest] = m as unknown as [string, string, string, string];
  if (authority.includes('@') || !validHost(authority))
    return { status: 400, code: 'invalid_host', message: 'The host of the request target is not a valid host name or address.' };
  const host = req.headers.host;
  const same = (a: string) => new URL(`${scheme.toLowerCase()}://${a}/`).host;
  if (!host || !validHost(host) || same(authority) !== same(host))
    return {
      status: 400,
      code: 'invalid_host',
      message: 'The request target names another host than the Host header: this server answers for its own host only.',
    };
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  return null;
}

/** A page's path that Next.js cannot decode (`%FF`, a cut escape) or that decodes to NUL, or a NUL in its query. */
export function badPageTarget(url: string): boolean {
  if (!url.includes('%')) return false;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (q !== -1 && /%00/.test(url.slice(q))) return true;
  try {
    return decodeURIComponent(path).includes('\u0000');
  } catch {
    return true;
  }
}

const PAGE_TEXT: Record<number, [string, string, string, string]> = {
  400: ['Requête invalide', "Cette adresse n'est pas valide.", 'Bad request', 'This address is not valid.'],
  405: ['Méthode non autorisée', 'Cette adresse ne répond pas à cette méthode.', 'Method not allowed', 'This address does not answer this method.'],
  411: ['Longueur requise', 'Le formulaire doit indiquer sa taille (Content-Length).', 'Length required', 'The form must state its size (Content-Length).'],
  413: ['Formulaire trop volumineux', 'Le formulaire envoyé dépasse 1 Mo.', 'Form too large', 'The form sent is larger than 1 MB.'],
};

/** A small page in French and English, no script, nothing to load. */
function pageError(res: http.ServerResponse, req: http.IncomingMessage, status: number, extra?: Record<string, string>): void {
  const [fr, frText, en, enText] = PAGE_TEXT[status]!;
  const body =
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow"><title>${fr} · ${en}</title></head>` +
    `<body><main><h1>${fr}</h1><p>${frText}</p><div lang="en"><h2>${en}</h2><p>${enText}</p></div></main></body></html>`;
  res
    .writeHead(status, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      Connection: 'close',
      ...extra,
    })
    .end(req.method === 'HEAD' ? undefined : body);
  req.resume();
}

/** A page request the server answers itself (else null: Next.js serves it). */
function refusePage(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const method = req.method ?? 'GET';
  if (FORBIDDEN_METHODS.has(method)) {
    pageError(res, req, 405, { Allow: 'GET, HEAD, POST' });
    return true;
  }
  if (badPageTarget(req.url ?? '/')) {
    pageError(res, req, 400);
    return true;
  }
  // A form to a page (a server action): Next.js reads at most PAGE_BODY_LIMIT bytes and answers a
  // larger one with a 500. Operator callbacks read their own bodies, with their own limit.
  if (method !== 'GET' && method !== 'HEAD' && !req.url?.startsWith('/callbacks/')) {
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > PAGE_BODY_LIMIT) {
      pageError(res, req, 413);
      return true;
    }
    // Browsers send forms with a length; a chunked one could not be refused before Next.js read it.
    if (length === undefined && req.headers['transfer-encoding'] !== undefined) {
      pageError(res, req, 411);
      return true;
    }
  }
  return false;
}

/**
 * The production server: /v1 through serveApi, the rest to `fallback`. Node's own request timeout
 * (checked every few hundred ms) drops a request to Next.js that stalls its headers or body.
 */
export function createApiServer(routes: Route[], opts: ApiServerOptions): http.Server {
  const timeout = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = http.createServer(
    {
      requestTimeout: timeout,
      headersTimeout: timeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeout / 4))),
    },
    (req, res) => {
      if (opts.hsts) res.setHeader('Strict-Transport-Security', HSTS);
      if (!opts.trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
      const refused = toOriginForm(req);
      if (refused) {
        adapterError(res, refused.status, refused.code, refused.message);
        req.resume();
        return;
      }
      const api = isApiPath(req.url);
      if (!api) {
        for (const [k, v] of Object.entries(PAGE_HEADERS)) res.setHeader(k, v);
        if (refusePage(req, res)) return;
      }
      (api ? serveApi(routes, req, res, timeout) : Promise.resolve(false)).then(
        (served) => {
          if (!served) opts.fallback(req, res);
        },
        (err: unknown) => {
          opts.onError?.(err);
          adapterError(res, 500, undefined, 'An unexpected error occurred.');
        },
      );
    },
  );
  // Answers written on the socket itself, where Node has no request object: JSON in the documented shape.
  const rawAnswer = (socket: Duplex, status: number, reason: string, code: string, message: string, extra: Record<string, string> = {}) => {
    const requestId = `req_${randomBytes(12).toString('base64url')}`;
    const body = errorJson(status, code, message, requestId);
    const headers = {
      ...API_HEADERS,
      ...(opts.hsts ? { 'Strict-Transport-Security': HSTS } : {}),
      'Request-Id': requestId,
      ...extra,
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n${body}`,
    );
  };
  // CONNECT (a proxy's tunnel) is no request this server serves: Node would drop the connection unanswered.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) =>
    rawAnswer(socket, 405, 'Method Not Allowed', 'method_not_allowed', 'CONNECT is not allowed: this server is not a proxy.', { Allow: 'GET, HEAD, POST' }),
  );
  // What Node cannot parse (a method it does not know, a malformed request line or header) or a
  // request that stalled: Node's own answers (400, 431, 408; 405 for a method) with an empty body, given one. As
  // Node does: nothing when the connection is gone or an answer has started on it.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_HEADER_OVERFLOW')
      rawAnswer(socket, 431, 'Request Header Fields Too Large', 'request_too_large', 'The request headers are too large.');
    else if (err.code === 'HPE_INVALID_METHOD')
      rawAnswer(socket, 405, 'Method Not Allowed', 'method_not_allowed', 'This method is not allowed.', {
        Allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      });
    else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      rawAnswer(socket, 408, 'Request Timeout', 'request_timeout', `The request did not arrive within ${timeout / 1000} s.`);
    else rawAnswer(socket, 400, 'Bad Request', 'parameter_invalid', 'The request is not valid HTTP/1.1 (a malformed request line or header).');
  });
  return server;
}
