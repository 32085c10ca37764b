// The HTTP client every live adapter uses: a hard timeout, JSON in and out, and every failure
// (network, timeout, 5xx, unparsable body) turned into BackendError so the rail is reported
// unavailable instead of crashing a request. A BackendError's message goes to the logs: it names
// the status and a short code-like reason, never a response body (bodies may carry payer data).
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { bareHost, blockedReason } from '../ssrf';
import { BackendError } from './types';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** PEM file of a CA to trust (LND's self-signed certificate). */
  caPath?: string;
  /** The server's certificate (PEM), when given as text (a merchant's rail account) rather than a file. */
  ca?: string;
  /**
   * A merchant's rail account on a deployment that is not a developer's own: connect only to public
   * addresses (lib/ssrf.ts), checked on the addresses the connection uses (no DNS rebinding), so no
   * merchant can make the server reach the operator's own network.
   */
  publicOnly?: boolean;
}

/** Why a merchant's account may not connect to this address, or null. */
const refusedAddress = (address: string): string | null => blockedReason(address);

/** dns.lookup, refusing every answer with an address a merchant's account may not reach. */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as dns.LookupAddress[];
    for (const a of list) {
      const why = refusedAddress(a.address);
      if (why)
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${a.address}, ${why}: a rail account reaches public addresses only`), { code: 'EREFUSED_TARGET' }),
          '',
          4,
        );
    }
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
    return callback(null, first.address, first.family);
  });
};

export interface HttpResponse {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export async function httpRequest(rail: string, req: HttpRequest): Promise<HttpResponse> {
  try {
    return await sendOnce(rail, req);
  } catch (err) {
    // Node keeps connections alive (its global agent), and a backend closes an idle one when it
    // likes (Node's own server after 5 s): a request written on a kept-alive socket at the moment
    // its server closed it fails with ECONNRESET though the server never read it. Node's
    // documentation gives the remedy (http, request.reusedSocket): send it again on a new socket.
    // Only a GET: it changes nothing at the backend. A POST or PUT is never sent twice here (a
    // payment request's retry is the adapter's, with its own idempotency reference).
    if (err instanceof StaleSocketError && req.method === 'GET') return sendOnce(rail, req);
    throw err instanceof StaleSocketError ? err.backendError : err;
  }
}

/** The request failed on a kept-alive socket its server had closed (see httpRequest). */
class StaleSocketError extends Error {
  constructor(readonly backendError: BackendError) {
    super(backendError.message);
  }
}

function sendOnce(rail: string, req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(req.url);
  if (req.publicOnly) {
    // An IP literal is connected to without a lookup: checked here.
    const host = bareHost(url.hostname);
    const why = net.isIP(host) ? refusedAddress(host) : null;
    if (why) return Promise.reject(new BackendError(rail, `${req.method} ${url.pathname}: ${host} is ${why}: a rail account reaches public addresses only`));
  }
  const lib = url.protocol === 'https:' ? https : http;
  const body = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const tls = req.ca ? { ca: req.ca } : req.caPath ? { ca: fs.readFileSync(req.caPath) } : {};
    // A guarded request gets a connection of its own (no kept-alive socket made by another lookup).
    const guard = req.publicOnly ? { lookup: publicLookup, agent: false as const } : {};
    const r = lib.request(url, { method: req.method, headers, ...tls, ...guard }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_RESPONSE_BYTES) {
          r.destroy(new Error('response too large'));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', (e) => reject(new BackendError(rail, `${req.method} ${url.pathname}: ${e.message}`, { maybeSent: true })));
    });
    r.setTimeout(req.timeoutMs, () => r.destroy(new Error(`timed out after ${req.timeoutMs} ms`)));
    r.on('error', (e) => {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      // Refused / unresolvable: the request never left. Anything else (timeout, reset) may have.
      const neverSent = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code);
      const err = new BackendError(rail, `${req.method} ${url.pathname}: ${e.message}`, { maybeSent: !neverSent });
      const stale = r.reusedSocket && !answered && (code === 'ECONNRESET' || code === 'EPIPE');
      reject(stale ? new StaleSocketError(err) : err);
    });
    if (body !== undefined) r.write(body);
    r.end();
  });
}

/** Parse a JSON body, or BackendError (a backend that answers garbage is a failed backend). */
export function parseJson(rail: string, res: HttpResponse, what: string): unknown {
  try {
    return JSON.parse(res.text);
  } catch {
    throw new BackendError(rail, `${what}: the backend answered HTTP ${res.status} with a body that is not JSON`);
  }
}

/**
 * The short reason a refusal gives, for errors and logs: a code-like field of a JSON body
 * (`code`, `reason`, `error`, `status`: MoMo's `PAYER_NOT_FOUND`, LND's gRPC code, ...), never
 * free text and never the body itself, which may carry the payer's number, name or message.
 */
export function shortReason(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  for (const key of ['code', 'reason', 'error', 'status']) {
    const v = (body as Record<string, unknown>)[key];
    const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' ? v : null;
    // Identifier-like only, and no run of digits that could be a phone or account number.
    if (s !== null && /^[A-Za-z0-9_.-]{1,64}$/.test(s) && !/\d{5}/.test(s)) return `${key} ${s}`;
  }
  return null;
}

/** A BackendError for an unexpected status: the status and a short reason, never the body. */
export function statusError(rail: string, res: HttpResponse, what: string, opts: { maybeSent?: boolean } = {}): BackendError {
  const reason = shortReason(res.text);
  return new BackendError(rail, `${what}: the backend answered HTTP ${res.status}${reason ? ` (${reason})` : ''}`, { ...opts, status: res.status });
}

export function expectStatus(rail: string, res: HttpResponse, ok: number[], what: string): void {
  if (!ok.includes(res.status)) throw statusError(rail, res, what);
}
