// Every answer of the integration suite against the published OpenAPI document, with a validator
// nobody here wrote: ajv, strict mode, JSON Schema 2020-12 (the dialect of OpenAPI 3.1), with
// ajv-formats. test/api.ts `call()` runs checkResponse on each response, so a test whose request
// gets an answer the document does not describe (an undocumented status, a missing required header,
// a body off its schema) fails with the operation, the status and ajv's errors.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@/lib/api/openapi';

type Json = Record<string, any>;

/** Where the document's components live for ajv: `#/components/schemas/X` becomes `${BASE}#/$defs/X`. */
const BASE = 'https://caisse.invalid/openapi.json';
const REF = '#/components/schemas/';
const toAjvRefs = <T>(v: T): T => JSON.parse(JSON.stringify(v).replaceAll(`"${REF}`, `"${BASE}#/$defs/`));

/** A strict 2020-12 ajv that knows the OpenAPI 3.1 dialect's annotation keywords. */
export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI 3.1 base dialect (https://spec.openapis.org/oas/3.1/dialect/base): annotations only.
  for (const keyword of ['discriminator', 'example', 'xml', 'externalDocs'])
    ajv.addKeyword({ keyword, schemaType: keyword === 'example' ? undefined : 'object' });
  return ajv;
}

interface Compiled {
  doc: Json;
  ajv: Ajv2020;
  /** Operations as [method, path template, its regex, operation object]; static segments first. */
  ops: { method: string; path: string; pattern: RegExp; op: Json }[];
  cache: Map<string, ValidateFunction>;
}

let compiled: Compiled | undefined;

/** The document and its components, compiled once per process (per test file's fork). */
export function openApi(): Compiled {
  if (compiled) return compiled;
  const doc = openApiDocument('http://localhost:3000') as Json;
  const ajv = newAjv();
  ajv.addSchema({ $id: BASE, $defs: toAjvRefs(doc.components.schemas) });
  // Make every component compile now: a schema ajv refuses in strict mode fails the first call, loudly.
  for (const name of Object.keys(doc.components.schemas)) ajv.getSchema(`${BASE}#/$defs/${name}`);
  const ops = Object.entries(doc.paths as Record<string, Json>)
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
        op: op as Json,
      })),
    )
    // A literal segment wins over a parameter where both would match.
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  compiled = { doc, ajv, ops, cache: new Map() };
  return compiled;
}

function validatorFor(key: string, schema: unknown): ValidateFunction {
  const c = openApi();
  let v = c.cache.get(key);
  if (!v) c.cache.set(key, (v = c.ajv.compile(toAjvRefs(schema as Json))));
  return v;
}

/** Any schema of the document (its $refs to components resolved), compiled by the strict ajv. */
export function compileSchema(schema: unknown): ValidateFunction {
  return openApi().ajv.compile(toAjvRefs(schema as Json));
}

/** The operation a request is for, or undefined when the document has no such operation. */
export function findOperation(method: string, pathname: string): { path: string; op: Json } | undefined {
  const hit = openApi().ops.find((o) => o.method === method.toUpperCase() && o.pattern.test(pathname));
  return hit && { path: hit.path, op: hit.op };
}

/** ajv's errors, readable: one line each, duplicates once, at most 25 (a union lists every branch's). */
function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const all = [
    ...new Set(
      (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`),
    ),
  ];
  return all.slice(0, 25).join('; ') + (all.length > 25 ? `; ... and ${all.length - 25} more` : '');
}

/** A header's value as its schema types it (headers are strings on the wire). */
function headerValue(raw: string, schema: Json | undefined): unknown {
  if (schema?.type === 'integer' || schema?.type === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (schema?.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

export interface ResponseToCheck {
  status: number;
  headers: Headers;
  /** The body's text, as received. */
  text: string;
}

/**
 * The violations of one response against the document's operation for method + path: an empty list
 * when it conforms; undefined when the document has no operation for the request (not checked).
 */
export function responseViolations(method: string, pathname: string, res: ResponseToCheck): { operation: string; violations: string[] } | undefined {
  const found = findOperation(method, pathname);
  if (!found) return undefined;
  const { doc } = openApi();
  const operation = `${found.op.operationId} (${method.toUpperCase()} ${found.path})`;
  const violations: string[] = [];
  const responses = found.op.responses as Record<string, Json>;
  const status = String(res.status);
  const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!documented) return { operation, violations: [`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`] };

  for (const [name, h0] of Object.entries((documented.headers ?? {}) as Record<string, Json>)) {
    const h = h0.$ref ? doc.components.headers[String(h0.$ref).split('/').pop()!] : h0;
    const raw = res.headers.get(name);
    if (raw === null) {
      if (h.required) violations.push(`header ${name} is required but absent`);
      continue;
    }
    const v = validatorFor(`header:${name}:${JSON.stringify(h.schema)}`, h.schema ?? {});
    if (!v(headerValue(raw, h.schema))) violations.push(`header ${name}: ${JSON.stringify(raw)} ${describeErrors(v.errors)}`);
  }

  const content = documented.content as Record<string, Json> | undefined;
  if (!content) {
    if (res.text) violations.push('a body where the document describes none');
    return { operation, violations };
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const media = content[type];
  if (!media)
    return {
      operation,
      violations: [...violations, `content type ${JSON.stringify(type)} is not documented (documented: ${Object.keys(content).join(', ')})`],
    };
  let body: unknown;
  if (type === 'application/json')
    try {
      body = JSON.parse(res.text);
    } catch {
      return { operation, violations: [...violations, `the body is not JSON: ${res.text.slice(0, 200)}`] };
    }
  else body = res.text; // a file (text/csv): a string
  const v = validatorFor(`${found.op.operationId}:${status}:${type}`, media.schema ?? {});
  if (!v(body)) violations.push(`body: ${describeErrors(v.errors)}`);
  return { operation, violations };
}

/** Calls checked and not checked (no operation in the document), for this process. */
export const stats = { validated: 0, skipped: 0, skippedByOption: 0, skippedPaths: new Map<string, number>() };

/**
 * Throws when the response does not conform to the document. `skip` (a reason) is the escape hatch
 * for a test that sends a request outside the protocol on purpose; it is counted, never silent.
 */
export function checkResponse(method: string, pathname: string, res: ResponseToCheck, skip?: string): void {
  if (skip) {
    stats.skippedByOption++;
    return;
  }
  const result = responseViolations(method, pathname, res);
  if (!result) {
    stats.skipped++;
    const k = `${method.toUpperCase()} ${pathname.replace(/\/[a-z]+_[A-Za-z0-9_]{10,}/g, '/{id}')}`;
    stats.skippedPaths.set(k, (stats.skippedPaths.get(k) ?? 0) + 1);
    return;
  }
  stats.validated++;
  if (result.violations.length)
    throw new Error(
      `OpenAPI: the ${res.status} answer of ${result.operation} does not match the document:\n  - ${result.violations.join('\n  - ')}\n  body: ${res.text.slice(0, 500)}`,
    );
}
