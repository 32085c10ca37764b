// Reading what a merchant sent: the JSON body (size, content type, syntax) and the query string,
// then zod, whose issues become the documented 400s.
import { z } from 'zod';
import { ApiError, invalid } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  let buf: Uint8Array;
  try {
    buf = new Uint8Array(await request.arrayBuffer());
  } catch {
    // The client went away mid-body: nothing ran, nothing to log as a bug.
    throw invalid('request_aborted', 'The request body could not be read completely.');
  }
  if (buf.byteLength > MAX_BODY_BYTES) throw tooLarge();
  const text = new TextDecoder().decode(buf);
  if (text.trim() === '') return {};
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw new ApiError(
      415,
      'invalid_request_error',
      'unsupported_media_type',
      `Request bodies must be JSON, sent with Content-Type: application/json${type ? `; got ${type}` : ''}.`,
    );
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalid('invalid_json', `The request body is not valid JSON: ${(err as Error).message}.`);
  }
}

function tooLarge() {
  return new ApiError(
    413,
    'invalid_request_error',
    'request_too_large',
    `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes.`,
  );
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
  if (issue.path.length > 0 && valueAt(data, issue.path) === undefined)
    return invalid('parameter_missing', `Missing required param: ${param}.`, param);
  if (issue.path.length === 0)
    return invalid('parameter_invalid', `The request must be a JSON object: ${issue.message}.`);
  // Custom messages (set on the schema) already name the param and what is allowed.
  const msg = issue.message.startsWith(param) ? issue.message : `Invalid ${param}: ${issue.message}.`;
  return invalid('parameter_invalid', msg, param);
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  throw zodToApiError(r.error, data, shape ? Object.keys(shape) : undefined);
}
