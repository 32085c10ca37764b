// The transport under openapi-fetch: one request, retried when that is safe and useful.
// - POST: an Idempotency-Key (the caller's, or a random UUID) set once, before the first attempt,
//   so every retry carries the same key and the API runs the request at most once.
// - Retried: 409 idempotency_key_in_use (the same key still running), 429, 5xx, and no answer at
//   all (connection error, timeout). Never: 400, 401, 402, 404, 409 unexpected_state, 422.
// - The wait: Retry-After when the answer has one (a wait over maxRetryAfterSeconds is not waited
//   for: the error is thrown with its retryAfter), else exponential backoff with jitter.
import { CaisseConnectionError, parseRetryAfter } from './errors.js';

export type FetchLike = (input: Request) => Promise<Response>;

export interface TransportOptions {
  maxRetries: number;
  timeoutMs: number;
  fetch: FetchLike;
  /** First backoff wait, doubled at each retry (with jitter), at most maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for. */
  maxRetryAfterSeconds: number;
  /** How to wait (tests replace it). */
  sleep: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

export const defaultSleep = (ms: number, signal?: AbortSignal | null): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Whether this answer is worth the same request again. */
async function retryable(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status >= 500) return true;
  if (response.status !== 409) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' && body.error !== null && 'code' in body.error
      ? body.error.code
      : null;
  return code === 'idempotency_key_in_use';
}

export function backoffMs(retry: number, opts: Pick<TransportOptions, 'initialDelayMs' | 'maxDelayMs'>): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.initialDelayMs * 2 ** retry);
  return Math.round(ceiling * (0.5 + Math.random() / 2));
}

/** A fetch for openapi-fetch that adds the Idempotency-Key, the timeout and the retries. */
export function retryingFetch(opts: TransportOptions): FetchLike {
  return async (request) => {
    const headers = new Headers(request.headers);
    if (request.method === 'POST' && !headers.has('idempotency-key')) headers.set('Idempotency-Key', crypto.randomUUID());
    // The body is read once and sent again as it is on each attempt.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const callerSignal = request.signal;
    for (let attempt = 0; ; attempt++) {
      // A timer of our own, not AbortSignal.timeout: Node holds a timeout signal, and the signal
      // AbortSignal.any makes of it, only weakly, so a garbage collection while the request is out
      // could drop them and the abort would never come (a request hanging forever). The timer's
      // callback holds the combined signal until it fires or is cleared.
      const timeout = new AbortController();
      let signal: AbortSignal | undefined;
      const timer = setTimeout(() => {
        timeout.abort(new DOMException(`no answer within ${opts.timeoutMs} ms`, 'TimeoutError'));
        void signal;
      }, opts.timeoutMs);
      // Like AbortSignal.timeout's, it does not keep a Node process alive; it still bounds the body's read.
      (timer as { unref?: () => void }).unref?.();
      signal = AbortSignal.any([callerSignal, timeout.signal]);
      let response: Response;
      try {
        response = await opts.fetch(new Request(request.url, { method: request.method, headers, body, signal }));
      } catch (err) {
        clearTimeout(timer);
        if (callerSignal.aborted) throw err;
        const what = timeout.signal.aborted ? `no answer within ${opts.timeoutMs} ms` : err instanceof Error ? err.message : String(err);
        if (attempt >= opts.maxRetries)
          throw new CaisseConnectionError(`${request.method} ${new URL(request.url).pathname}: ${what} (after ${attempt + 1} attempt${attempt ? 's' : ''})`, {
            cause: err,
          });
        await opts.sleep(backoffMs(attempt, opts), callerSignal);
        continue;
      }
      if (attempt >= opts.maxRetries || !(await retryable(response))) return response;
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      if (retryAfter !== null && retryAfter > opts.maxRetryAfterSeconds) return response;
      // The answer is dropped: free its connection.
      await response.body?.cancel().catch(() => undefined);
      await opts.sleep(retryAfter !== null ? retryAfter * 1000 : backoffMs(attempt, opts), callerSignal);
    }
  };
}
