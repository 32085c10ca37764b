// One GET of a public exchange API: a hard timeout, a size cap, JSON parsing, and every failure
// turned into an Error naming the source and what went wrong (status, timeout, not JSON), never the
// body itself, so a page of HTML or a long error cannot flood the logs.
import { isPositive, parseDecimal } from '../decimal';

/** Default time an exchange has to answer: a slow source is a missing one (the other may answer). */
export const DEFAULT_TIMEOUT_MS = 5_000;
const MAX_BODY_CHARS = 1_000_000;

export interface JsonAnswer {
  status: number;
  body: unknown;
  /** "source: GET /path", the prefix of every error about this answer. */
  what: string;
}

/** GET `url` and parse JSON. `status` is returned for the caller to judge; only transport failures throw here. */
export async function getJson(source: string, url: string, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<JsonAnswer> {
  const what = `${source}: GET ${new URL(url).pathname}`;
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  let status: number;
  let text: string;
  try {
    const res = await fetch(url, { signal, headers: { accept: 'application/json', 'user-agent': 'caisse-rates/1' }, redirect: 'error' });
    status = res.status;
    text = await res.text();
  } catch (e) {
    if (timeout.aborted) throw new Error(`${what}: no answer within ${opts.timeoutMs} ms`);
    if (opts.signal?.aborted) throw new Error(`${what}: aborted`);
    throw new Error(`${what}: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`);
  }
  if (text.length > MAX_BODY_CHARS) throw new Error(`${what}: HTTP ${status} with an answer of more than ${MAX_BODY_CHARS} characters`);
  try {
    return { status, body: JSON.parse(text), what };
  } catch {
    if (status < 200 || status > 299) throw new Error(`${what}: HTTP ${status}`);
    throw new Error(`${what}: HTTP ${status} with an answer that is not JSON`);
  }
}

/** A vendor's short error text made safe for a log line: printable ASCII, bounded. */
export function clean(text: string, max = 120): string {
  const s = text.replace(/[^\x20-\x7e]/g, '?');
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** Zod's issues as "path: message" without the offending values. */
export function issuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** An exchange's price string, checked to be a plain positive decimal ("1e5", "NaN", "0" refused); returned as written. */
export function validPrice(price: string, what: string): string {
  try {
    if (isPositive(parseDecimal(price))) return price;
  } catch {
    // not a decimal: refused below
  }
  throw new Error(`${what} is not a positive decimal: ${clean(JSON.stringify(price), 40)}`);
}
