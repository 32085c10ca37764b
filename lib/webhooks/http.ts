// One webhook POST, with node:http(s) so the connection goes to the address the SSRF guard
// checked (a pinned `lookup`), never to whatever DNS answers a moment later. Redirects are not
// followed (a 3xx is a failed attempt); the whole exchange is bounded by a timeout; only the
// first KiB of the answer is kept.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '../ssrf';

export const DELIVERY_TIMEOUT_MS = 15_000;
const KEEP_BODY_BYTES = 1024;

export interface PostResult {
  status: number;
  body: string;
}

export interface PostOptions {
  url: URL;
  /** Checked addresses; the connection goes to these (happy eyeballs among them), never to a new DNS answer. */
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  /** Aborts the exchange (the worker stops): the promise rejects at once. */
  signal?: AbortSignal;
}

export function postWebhook(opts: PostOptions): Promise<PostResult> {
  const { url, addresses } = opts;
  const first = addresses[0];
  if (!first) return Promise.reject(new Error('no address to connect to'));
  const pinned: LookupFunction = (_hostname, options, callback) => {
    // With autoSelectFamily (Node 20's default) the caller asks for all addresses.
    if ((options as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, first.address, first.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<PostResult>((resolve, reject) => {
    let settled = false;
    const done = (err: Error | null, res?: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', abort);
      if (err) reject(err);
      else resolve(res!);
    };
    const req = mod.request(url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(opts.body)),
        'user-agent': 'Caisse-Webhooks/1.0',
        ...opts.headers,
      },
    });
    const timer = setTimeout(() => {
      const err = new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`);
      done(err);
      req.destroy(err);
    }, timeoutMs);
    const abort = () => {
      const err = new Error('the worker stopped before an answer came');
      done(err);
      req.destroy(err);
    };
    if (opts.signal?.aborted) abort();
    else opts.signal?.addEventListener('abort', abort, { once: true });
    req.on('error', (err) => done(err));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => done(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      res.on('data', (chunk: Buffer) => {
        if (kept >= KEEP_BODY_BYTES) return;
        const part = chunk.subarray(0, KEEP_BODY_BYTES - kept);
        chunks.push(part);
        kept += part.length;
        if (kept >= KEEP_BODY_BYTES) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
    });
    req.end(opts.body);
  });
}
