// The /docs reference, read from the OpenAPI document (lib/api/openapi.ts): pure functions that
// turn the document into what the pages show (operations per tag, parameter rows, a curl per
// operation, the error codes of each response). No React here, so vitest tests every rule.

export type Json = Record<string, unknown>;

export interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface Response {
  description: string;
  headers?: Record<string, { $ref?: string; description?: string; schema?: Schema }>;
  content?: Record<string, MediaType>;
}

export interface OperationObject {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  webhooks?: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema>; headers?: Record<string, { description?: string; schema?: Schema }>; securitySchemes?: Record<string, Json> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  op: OperationObject;
}

/** Every operation, in the document's order (which groups them by resource). */
export function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({
        id: op.operationId,
        method,
        path,
        tag: op.tags?.[0] ?? 'Other',
        summary: op.summary ?? `${method.toUpperCase()} ${path}`,
        description: op.description,
        op,
      });
    }
  return out;
}

/** 'Payment intents' -> 'payment-intents': the page of a tag is /docs/api/<slug>. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface TagGroup {
  name: string;
  slug: string;
  description?: string;
  operations: Operation[];
}

/** The document's tags in its order (then any tag only operations name), each with its operations. */
export function tagGroups(doc: OpenApiDocument): TagGroup[] {
  const ops = operations(doc);
  const names = [...(doc.tags ?? []).map((t) => t.name), ...ops.map((o) => o.tag)];
  return [...new Set(names)]
    .map((name) => ({
      name,
      slug: slugify(name),
      description: doc.tags?.find((t) => t.name === name)?.description,
      operations: ops.filter((o) => o.tag === name),
    }))
    .filter((g) => g.operations.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Types and fields

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A type as a developer reads it: parts of text, and named schemas to link to. */
export type TypePart = { text: string } | { ref: string };

export function typeParts(s: Schema | undefined): TypePart[] {
  if (!s) return [{ text: 'any' }];
  if (s.$ref) return [{ ref: refName(s.$ref) }];
  if (s.const !== undefined) return [{ text: JSON.stringify(s.const) }];
  if (s.enum) return [{ text: s.enum.map((v) => JSON.stringify(v)).join(' | ') }];
  const union = s.anyOf ?? s.oneOf;
  if (union && !s.properties) return joinParts(union.map(typeParts), ' | ');
  if (s.allOf) return joinParts(s.allOf.map(typeParts), ' & ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) return [{ text: s.properties ? 'object' : 'any' }];
  return joinParts(
    types.map((t): TypePart[] => {
      if (t === 'array') return [{ text: 'array of ' }, ...typeParts(s.items)];
      if (t === 'object' && !s.properties && typeof s.additionalProperties === 'object') return [{ text: 'object of ' }, ...typeParts(s.additionalProperties)];
      return [{ text: t }];
    }),
    ' | ',
  );
}

function joinParts(groups: TypePart[][], sep: string): TypePart[] {
  const out: TypePart[] = [];
  groups.forEach((g, i) => {
    if (i > 0) out.push({ text: sep });
    out.push(...g);
  });
  // Adjacent text parts merged: fewer nodes on the page.
  return out.reduce<TypePart[]>((acc, p) => {
    const last = acc.at(-1);
    if (last && 'text' in last && 'text' in p) acc[acc.length - 1] = { text: last.text + p.text };
    else acc.push(p);
    return acc;
  }, []);
}

/** Bounds and defaults, in words. */
export function constraints(s: Schema | undefined): string[] {
  if (!s) return [];
  const out: string[] = [];
  if (s.default !== undefined && !(typeof s.default === 'object' && s.default !== null && Object.keys(s.default).length === 0))
    out.push(`default ${JSON.stringify(s.default)}`);
  if (s.minLength !== undefined && s.minLength > 1) out.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined && s.maximum !== undefined) out.push(`${fmt(s.minimum)} to ${fmt(s.maximum)}`);
  else if (s.minimum !== undefined && s.minimum !== 0) out.push(`at least ${fmt(s.minimum)}`);
  else if (s.maximum !== undefined) out.push(`at most ${fmt(s.maximum)}`);
  if (s.exclusiveMinimum !== undefined) out.push(`more than ${fmt(s.exclusiveMinimum)}`);
  return out;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export interface Field {
  name: string;
  type: TypePart[];
  required: boolean;
  /** The schema's own description (may hold `code`). */
  description?: string;
  constraints: string[];
}

function describe(s: Schema | undefined): string | undefined {
  if (!s) return undefined;
  if (s.description) return s.description;
  const union = s.anyOf ?? s.oneOf;
  return union?.map((u) => u.description).find(Boolean);
}

/** The fields of an object schema (a body, a component), in the schema's order. */
export function fields(s: Schema | undefined): Field[] {
  if (!s?.properties) return [];
  return Object.entries(s.properties).map(([name, p]) => {
    const union = p.anyOf ?? p.oneOf;
    const inner = union?.find((u) => u.type !== 'null') ?? p;
    return { name, type: typeParts(p), required: s.required?.includes(name) ?? false, description: describe(p), constraints: constraints(union ? inner : p) };
  });
}

/** A field's description and constraints as sentences: "Replays the first answer. At most 255 characters." */
export function notes(f: Pick<Field, 'description' | 'constraints'>): string {
  const sentence = (t: string) => {
    const s = t.trim();
    return s ? `${s[0]!.toUpperCase()}${s.slice(1)}${/[.!?)]$/.test(s) && !s.endsWith(')') ? '' : '.'}` : '';
  };
  return [f.description ?? '', f.constraints.join(', ')].map(sentence).filter(Boolean).join(' ');
}

/** Parameters of one location (path, query, header), as fields. */
export function parameterFields(op: OperationObject, where: string): Field[] {
  return (op.parameters ?? [])
    .filter((p) => p.in === where)
    .map((p) => ({
      name: p.name,
      type: typeParts(p.schema),
      required: !!p.required,
      description: p.description ?? p.schema?.description,
      constraints: constraints(p.schema),
    }));
}

/** The named schema an operation answers with (a list's item for lists). */
export function returns(op: OperationObject): { ref: string; list: boolean } | undefined {
  const s = op.responses['200']?.content?.['application/json']?.schema;
  if (!s) return undefined;
  if (s.$ref) return { ref: refName(s.$ref), list: false };
  const item = s.properties?.data?.items?.$ref;
  return item ? { ref: refName(item), list: true } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Responses: examples, headers, error codes

export interface Example {
  title?: string;
  value: unknown;
}

export function examplesOf(media: MediaType | undefined): Example[] {
  if (!media) return [];
  if (media.example !== undefined) return [{ value: media.example }];
  return Object.values(media.examples ?? {}).map((e) => ({ title: e.summary, value: e.value }));
}

export const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** Response headers, with the document's shared header descriptions resolved. */
export function responseHeaders(doc: OpenApiDocument, r: Response): { name: string; description?: string }[] {
  return Object.entries(r.headers ?? {}).map(([name, h]) => ({
    name,
    description: h.$ref ? doc.components.headers?.[refName(h.$ref)]?.description : h.description,
  }));
}

/** The error codes the API can answer (the Error schema's `code` enum). */
export function errorCodes(doc: OpenApiDocument): string[] {
  const code = doc.components.schemas.Error?.properties?.error?.properties?.code;
  return (code?.enum ?? []).map(String);
}

/** The error codes a response's description names (as `code`), among the known ones. */
export function codesIn(text: string, known: readonly string[]): string[] {
  const found = [...text.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]!);
  const example = [...new Set(found)].filter((c) => known.includes(c));
  return example;
}

export interface StatusRow {
  status: string;
  description: string;
  codes: string[];
  /** The `code` of the response's example body, when it has one. */
  exampleCode?: string;
}

/** Every non-2xx response of an operation, in status order, with its codes. */
export function errorRows(doc: OpenApiDocument, op: OperationObject): StatusRow[] {
  const known = errorCodes(doc);
  return Object.entries(op.responses)
    .filter(([status]) => !status.startsWith('2'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, r]) => {
      const ex = examplesOf(r.content?.['application/json'])[0]?.value as { error?: { code?: string } } | undefined;
      const codes = codesIn(r.description, known);
      const exampleCode = ex?.error?.code;
      if (exampleCode && !codes.includes(exampleCode)) codes.push(exampleCode);
      return { status, description: r.description, codes, ...(exampleCode ? { exampleCode } : {}) };
    });
}

// ---------------------------------------------------------------------------------------------
// curl

/** One shell word, single-quoted unless it is plainly safe ('\'' closes, escapes, reopens). */
export function shellQuote(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Which id prefix a path segment's `{id}` takes (ids are `<prefix>_<random>`). */
const ID_PREFIX: Record<string, string> = {
  payment_intents: 'pi',
  checkout_sessions: 'cs',
  products: 'prod',
  prices: 'price',
  payment_links: 'plink',
  rail_accounts: 'ra',
  events: 'evt',
  webhook_endpoints: 'we',
  deliveries: 'whd',
};

/** The ids of the document's examples, by prefix (`pi` -> `pi_3kTq...`), for realistic paths. */
export function exampleIds(doc: OpenApiDocument): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'id' || k.endsWith('Id')) && typeof x === 'string') {
        const m = /^([a-z]+)_[A-Za-z0-9]+$/.exec(x);
        if (m && !out[m[1]!]) out[m[1]!] = x;
      }
      visit(x);
    }
  };
  for (const op of operations(doc))
    for (const r of Object.values(op.op.responses)) for (const m of Object.values(r.content ?? {})) examplesOf(m).forEach((e) => visit(e.value));
  return out;
}

/** A path with each `{param}` replaced by an example id of the resource its segment names. */
export function examplePath(path: string, ids: Record<string, string>): string {
  const parts = path.split('/');
  return parts
    .map((p, i) => {
      if (!/^\{\w+\}$/.test(p)) return p;
      const prefix = ID_PREFIX[parts[i - 1] ?? ''];
      return prefix ? (ids[prefix] ?? `${prefix}_123`) : 'id_123';
    })
    .join('/');
}

/** Query parameters worth showing: the required ones, a page size, and a date filter (why `-g`). */
export function exampleQuery(op: OperationObject): [string, string][] {
  const out: [string, string][] = [];
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query') continue;
    if (p.required) out.push([p.name, String(p.schema?.enum?.[0] ?? p.schema?.default ?? 'value')]);
    else if (p.name === 'limit') out.push([p.name, '3']);
    else if (p.name === 'createdAt[gte]') out.push([p.name, '1767225600']);
  }
  return out;
}

export interface CurlOptions {
  baseUrl: string;
  /** The key's shell expression: `$CAISSE_KEY` (expanded by the shell) or a literal `sk_test_...`. */
  key?: string;
  ids?: Record<string, string>;
}

/** The Idempotency-Key a POST example sends: the body's `reference` (an order id) when it has one. */
export function exampleIdempotencyKey(op: Operation, body: unknown): string {
  const ref = typeof body === 'object' && body !== null ? (body as { reference?: unknown }).reference : undefined;
  return typeof ref === 'string' ? ref : `${slugify(op.id.replace(/([A-Z])/g, ' $1'))}-1`;
}

/**
 * A copyable curl for an operation: the real base URL, the key from `$CAISSE_KEY`, `-g` when the
 * URL has brackets (else curl reads `[gte]` as a range), an Idempotency-Key on POST, and the
 * document's request example as the body, pretty-printed across lines inside single quotes.
 */
export function curl(operation: Operation, opts: CurlOptions): string {
  const { op, method } = operation;
  const key = opts.key ?? '$CAISSE_KEY';
  const query = exampleQuery(op)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  const url = `${opts.baseUrl.replace(/\/$/, '')}${examplePath(operation.path, opts.ids ?? {})}${query ? `?${query}` : ''}`;
  const first = ['curl'];
  if (/[[\]{}]/.test(url)) first.push('-g');
  if (method !== 'get' && method !== 'post') first.push('-X', method.toUpperCase());
  first.push(shellQuote(url));
  const lines = [first.join(' ')];
  // Double quotes: the shell expands $CAISSE_KEY; a literal key has nothing to expand.
  lines.push(`-H "Authorization: Bearer ${key.replace(/["\\`]/g, '\\$&')}"`);
  const media = op.requestBody?.content['application/json'];
  const body = examplesOf(media)[0]?.value;
  if (method === 'post') {
    lines.push(`-H ${shellQuote(`Idempotency-Key: ${exampleIdempotencyKey(operation, body)}`)}`);
    if (body !== undefined) {
      lines.push("-H 'Content-Type: application/json'");
      lines.push(`-d ${shellQuote(pretty(body))}`);
    } else lines.push('-X POST');
  }
  return lines.join(' \\\n  ');
}

// ---------------------------------------------------------------------------------------------
// Inline text: descriptions may carry `code`, **bold** and [links](url); nothing else is markup.

export type Inline = { text: string } | { code: string } | { strong: string } | { link: string; href: string };

export function inline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    if (m[1] !== undefined) out.push({ code: m[1] });
    else if (m[2] !== undefined) out.push({ strong: m[2] });
    else if (/^(https?:\/\/|\/(?!\/)|#)/.test(m[4]!)) out.push({ link: m[3]!, href: m[4]! });
    else out.push({ text: m[3]! }); // javascript: and other schemes: the words, not a link
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The first sentence of a description (up to its first ". " or ": "), for an index. */
export function firstSentence(text: string | undefined): string {
  const t = (text ?? '').trim();
  const m = /^(.+?)(?:\.\s|:\s|\.$)/.exec(t);
  return m ? `${m[1]}.` : t;
}

/** Paragraphs of a description (blank lines apart). */
export const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Objects

/**
 * Objects on a page of their own, so /docs/objects stays light on a phone: rail accounts (the account,
 * its event, its settings by kind) and refunds (the refund, its nextAction, its event).
 */
export const OBJECT_PAGES = [
  { match: /^RailAccount/, path: '/docs/objects/rail-accounts' },
  { match: /^Refund/, path: '/docs/objects/refunds' },
  { match: /^(Balance|Account$)/, path: '/docs/objects/balance' },
  { match: /^Reconciliation/, path: '/docs/objects/reconciliations' },
  { match: /^ReportRun/, path: '/docs/objects/report-runs' },
  { match: /^(Event|WebhookEndpoint|WebhookEndpointWithSecret|WebhookDelivery|DeletedWebhookEndpoint)$/, path: '/docs/objects/webhooks' },
  { match: /^AuditEvent/, path: '/docs/objects/audit-events' },
] as const;
export const SETTINGS_OBJECTS_PATH = OBJECT_PAGES[0].path;
export const REFUND_OBJECTS_PATH = OBJECT_PAGES[1].path;
export const BALANCE_OBJECTS_PATH = OBJECT_PAGES[2].path;
export const RECONCILIATION_OBJECTS_PATH = OBJECT_PAGES[3].path;
export const REPORT_OBJECTS_PATH = OBJECT_PAGES[4].path;
export const WEBHOOK_OBJECTS_PATH = OBJECT_PAGES[5].path;
export const AUDIT_OBJECTS_PATH = OBJECT_PAGES[6].path;
const pageOf = (name: string) => OBJECT_PAGES.find((p) => p.match.test(name));

/** Components worth their own section on /docs/objects, in the document's order. */
export function objectNames(doc: OpenApiDocument): string[] {
  return Object.keys(doc.components.schemas).filter((n) => !pageOf(n));
}

/** The components of one of OBJECT_PAGES (its path), in the document's order. */
export function pageObjectNames(doc: OpenApiDocument, path: string): string[] {
  return Object.keys(doc.components.schemas).filter((n) => pageOf(n)?.path === path);
}

/** Every component on a page of its own. */
export function settingsObjectNames(doc: OpenApiDocument): string[] {
  return Object.keys(doc.components.schemas).filter((n) => pageOf(n));
}

/** Where a named schema is documented. */
export function objectHref(name: string): string {
  return `${pageOf(name)?.path ?? '/docs/objects'}#${name}`;
}

/** The variants of a oneOf told apart by `type` (NextAction, Event): value(s) -> schema name. */
export function unionVariants(doc: OpenApiDocument, name: string): { schema: string; types: string[]; description?: string }[] {
  const s = doc.components.schemas[name];
  if (!s?.oneOf) return [];
  return s.oneOf
    .filter((v) => v.$ref)
    .map((v) => {
      const schema = refName(v.$ref!);
      const t = doc.components.schemas[schema]?.properties?.type;
      const types = t?.const !== undefined ? [String(t.const)] : (t?.enum ?? []).map(String);
      return { schema, types, description: doc.components.schemas[schema]?.description };
    });
}

/** The `webhooks` section: each event type and the schema of its body. */
export function webhookEvents(doc: OpenApiDocument): { type: string; schema?: string; description?: string }[] {
  return Object.entries(doc.webhooks ?? {}).map(([type, item]) => {
    const op = item.post;
    const s = op?.requestBody?.content['application/json']?.schema;
    const ref = s?.$ref ?? s?.allOf?.find((x) => x.$ref)?.$ref;
    return { type, schema: ref ? refName(ref) : undefined, description: op?.description };
  });
}
