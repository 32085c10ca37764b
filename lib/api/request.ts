// Reading what a merchant sent: the JSON body (size, content type, syntax) and the query string,
// then zod, whose issues become the documented 400s.
import type { z } from 'zod';
import { isStorableText } from '../text';
import { ApiError, invalid } from './errors';
import { type ApiIncoming, fromWebRequest } from './incoming';

export const MAX_BODY_BYTES = 64 * 1024;
/** Arrays and objects nested deeper than this are refused before parsing (a deep body is a stack overflow). */
export const MAX_JSON_DEPTH = 64;

/**
 * A declared Content-Length over the limit is refused (413) before anything else is done with
 * the request: before the API key is looked up and before a byte of the body is read.
 */
export function assertDeclaredLength(request: Pick<ApiIncoming, 'header'>, limit = MAX_BODY_BYTES): void {
  const raw = request.header('content-length');
  if (raw === null) return;
  if (!/^\d+$/.test(raw.trim())) throw invalid('invalid_content_length', 'The Content-Length header is not a number of bytes.');
  if (Number(raw) > limit) throw tooLarge();
}

/**
 * The body as text, at most `limit` bytes: read chunk by chunk and refused (413) as soon as it
 * grows past the limit, whatever Content-Length says (a chunked body declares none). Takes a web
 * Request (the callback routes) or the API's own request (lib/api/incoming.ts).
 */
export async function readBodyText(request: Request | ApiIncoming, limit = MAX_BODY_BYTES): Promise<string> {
  const incoming = request instanceof Request ? fromWebRequest(request) : request;
  assertDeclaredLength(incoming, limit);
  const body = await incoming.readBody(limit);
  if (body.ok) return Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength).toString('utf8');
  if (body.reason === 'too_large') throw tooLarge();
  // The client went away mid-body: nothing ran, nothing to log as a bug.
  throw invalid('request_aborted', 'The request body could not be read completely.');
}

export async function readJsonBody(request: ApiIncoming): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') return {};
  const type = (request.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw new ApiError(
      415,
      'invalid_request_error',
      'unsupported_media_type',
      `Request bodies must be JSON, sent with Content-Type: application/json${type ? `; got ${type}` : ''}.`,
    );
  assertJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalid('invalid_json', `The request body is not valid JSON: ${(err as Error).message}.`);
  }
}

/**
 * Refuse JSON text whose arrays and objects nest deeper than `max`, in one pass over the text
 * (brackets inside strings do not count), before JSON.parse and the recursive checks after it.
 */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) throw invalid('invalid_json', `The request body nests arrays and objects deeper than ${max} levels.`);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

function tooLarge() {
  return new ApiError(413, 'invalid_request_error', 'request_too_large', `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes.`);
}

/** Query string to a plain object. `createdAt[gte]` stays a flat key; a repeated key is an error. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k in out) throw invalid('parameter_invalid', `Parameter ${k} was given more than once.`, k);
    out[k] = v;
  }
  return out;
}

/** `metadata.order_id` -> `metadata[order_id]`, as Stripe names nested params. */
export function paramName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** The first zod issue as our error: unknown -> parameter_unknown, absent -> parameter_missing. */
export function zodToApiError(error: z.ZodError, data: unknown, allowed?: readonly string[]): ApiError {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const param = paramName([...issue.path, key]);
    const where = issue.path.length ? ` in ${paramName(issue.path)}` : '';
    const list = issue.path.length === 0 && allowed ? ` Allowed parameters: ${allowed.join(', ')}.` : '';
    return invalid('parameter_unknown', `Received unknown parameter: ${param}${where}.${list}`, param);
  }
  const param = paramName(issue.path);
  if (issue.path.length > 0 && valueAt(data, issue.path) === undefined) return invalid('parameter_missing', `Missing required param: ${param}.`, param);
  if (issue.path.length === 0) return invalid('parameter_invalid', `The request must be a JSON object: ${issue.message}.`);
  // Custom messages (set on the schema) already name the param and what is allowed.
  const msg = issue.message.startsWith(param) ? issue.message : `Invalid ${param}: ${issue.message}.`;
  return invalid('parameter_invalid', msg, param);
}

/**
 * PostgreSQL stores neither NUL characters nor lone UTF-16 surrogates in text or jsonb: refuse
 * them as a 400 naming the param, before anything reaches the database. Also refuses `__proto__`
 * keys, which would otherwise vanish without a word.
 */
export function assertStorableStrings(data: unknown, path: PropertyKey[] = []): void {
  if (typeof data === 'string') {
    if (!isStorableText(data))
      throw invalid(
        'parameter_invalid',
        `Invalid ${path.length ? paramName(path) : 'request'}: strings may not contain NUL characters or unpaired UTF-16 surrogates.`,
        path.length ? paramName(path) : undefined,
      );
    return;
  }
  if (Array.isArray(data)) data.forEach((v, i) => assertStorableStrings(v, [...path, i]));
  else if (data && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) {
      // JSON.parse keeps a "__proto__" key, but zod drops it silently: refuse it instead.
      if (k === '__proto__')
        throw invalid('parameter_invalid', `Invalid ${paramName([...path, k])}: __proto__ is not an allowed key.`, paramName([...path, k]));
      assertStorableStrings(k, [...path, k]);
      assertStorableStrings(v, [...path, k]);
    }
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  assertStorableStrings(data);
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  throw zodToApiError(r.error, data, shape ? Object.keys(shape) : undefined);
}
