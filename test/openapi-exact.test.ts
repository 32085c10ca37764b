// The OpenAPI document is exact: a valid OpenAPI 3.1 document whose schemas compile as JSON Schema
// 2020-12 (with ajv in strict mode, test/openapi-ajv.ts, and with zod's JSON Schema reader, strict
// about keywords here), with unions a merchant's generated client can narrow (nextAction by `type`,
// events by `type`), only the statuses each operation can answer, typed query parameters, and
// examples that are themselves valid. Real answers of the API (every rail, a quoted attempt, events
// of every object) validate against both the CLOSED zod schemas (drift fails here) and the OPEN
// published ones (what a merchant validates with).
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as openapi from '@/app/v1/openapi.json/route';
import { EVENTS, LAST_PAYMENT_ERROR_CODES, NextAction, OPERATIONS, RESPONSE_OBJECTS } from '@/lib/api/openapi';
import { EVENT_TYPES } from '@/lib/domain/events';
import { call, newMerchant, useDatabase } from './api';
import { compileSchema } from './openapi-ajv';

type Json = Record<string, any>;
const { db } = useDatabase();
let key: string;
let doc: Json;
beforeAll(async () => {
  key = (await newMerchant(db())).keys.test;
  doc = await (await openapi.GET(new Request('http://localhost/v1/openapi.json'), { params: Promise.resolve({}) })).json();
});

const REF = '#/components/schemas/';
/** A published schema as a validator: component $refs become $defs of one 2020-12 document. */
function validator(schema: unknown): z.ZodType {
  const rewrite = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll(REF, '#/$defs/'));
  return z.fromJSONSchema({ ...rewrite(schema), $defs: rewrite(doc.components.schemas) });
}
const openSchema = (name: string) => validator({ $ref: `${REF}${name}` });

// JSON Schema 2020-12 keywords, plus the OpenAPI 3.1 dialect's (discriminator, example, externalDocs, xml).
const KEYWORDS = new Set([
  '$ref',
  '$defs',
  '$comment',
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'description',
  'default',
  'examples',
  'dependentRequired',
  'deprecated',
  'readOnly',
  'writeOnly',
  'title',
  'discriminator',
  'example',
  'externalDocs',
  'xml',
]);
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['not', 'items', 'additionalProperties', 'propertyNames', 'contains'];

/** Every keyword known (strict mode), every $ref resolving, type names valid; calls visit on each schema node. */
function walkSchema(s: unknown, where: string, visit: (node: Json, where: string) => void = () => {}): void {
  if (typeof s === 'boolean') return;
  expect(s !== null && typeof s === 'object' && !Array.isArray(s), `${where}: a schema`).toBe(true);
  const node = s as Json;
  visit(node, where);
  for (const k of Object.keys(node)) expect(KEYWORDS.has(k), `${where}: unknown keyword ${k}`).toBe(true);
  if (node.$ref) {
    expect(node.$ref.startsWith(REF), `${where}: local component $ref`).toBe(true);
    expect(doc.components.schemas[node.$ref.slice(REF.length)], `${where}: ${node.$ref} resolves`).toBeDefined();
  }
  for (const t of [node.type].flat().filter(Boolean))
    expect(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'], `${where}: type`).toContain(t);
  if (node.required) expect(Array.isArray(node.required), `${where}: required is a list`).toBe(true);
  for (const k of SUBSCHEMA_MAPS) for (const [n, sub] of Object.entries((node[k] ?? {}) as Json)) walkSchema(sub, `${where}.${k}.${n}`, visit);
  for (const k of SUBSCHEMA_LISTS) (node[k] ?? []).forEach((sub: unknown, i: number) => walkSchema(sub, `${where}.${k}[${i}]`, visit));
  for (const k of SUBSCHEMAS) if (node[k] !== undefined) walkSchema(node[k], `${where}.${k}`, visit);
}

type Op = Json & { operationId: string; responses: Record<string, Json> & { '200': Json; '429': Json } };
const operations = (): [string, string, Op][] =>
  Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([p, item]) =>
    Object.entries(item).map(([m, op]) => [m, p, op] as [string, string, Op]),
  );

describe('the OpenAPI document is valid OpenAPI 3.1', () => {
  it('has the 3.1 structure: info, servers, unique readable operationIds, declared tags, both auth schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.servers[0].url).toMatch(/^https?:\/\//);
    // The 3.1 default dialect stays implicit: stating it makes Stoplight Prism compile no schema
    // and accept every body (its #2797, #2442; test/openapi-tools.test.ts runs Prism).
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    expect(doc.security).toEqual([{ bearer: [] }, { basic: [] }]);
    expect(doc.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      basic: expect.objectContaining({ type: 'http', scheme: 'basic' }),
    });
    for (const req of doc.security) for (const name of Object.keys(req)) expect(doc.components.securitySchemes[name]).toBeDefined();
    const tags = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    for (const t of doc.tags as { name: string; description?: string }[]) expect(t.description, `tag ${t.name}: a description`).toBeTruthy();
    const ids = new Set<string>();
    for (const [method, p, op] of operations()) {
      expect(['get', 'post', 'delete']).toContain(method);
      expect(p.startsWith('/v1/')).toBe(true);
      expect(op.operationId, `${method} ${p}`).toMatch(
        /^(create|list|retrieve|update|delete|cancel|confirm|expire|roll|retry|disable|testPay|testFail|testClaim|testSucceed|mark)[A-Z][A-Za-z]+$/,
      );
      expect(ids.has(op.operationId), `operationId ${op.operationId} unique`).toBe(false);
      ids.add(op.operationId);
      expect(op.description?.length ?? 0, `${op.operationId}: a description`).toBeGreaterThan(60);
      expect(op.tags).toHaveLength(1);
      expect(tags.has(op.tags[0]), `${op.operationId}: tag declared`).toBe(true);
      for (const [status, r] of Object.entries(op.responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(r.description, `${op.operationId} ${status}`).toBeTruthy();
      }
      for (const prm of op.parameters ?? []) {
        expect(['path', 'query', 'header']).toContain(prm.in);
        if (prm.in === 'path') expect(prm.required).toBe(true);
      }
    }
    for (const [name, id] of <[string, string][]>[
      ['POST /v1/payment_intents', 'createPaymentIntent'],
      ['GET /v1/payment_intents', 'listPaymentIntents'],
      ['GET /v1/payment_intents/{id}', 'retrievePaymentIntent'],
      ['POST /v1/payment_intents/{id}/confirm', 'confirmPaymentIntent'],
      ['POST /v1/payment_intents/{id}/cancel', 'cancelPaymentIntent'],
      ['POST /v1/checkout_sessions', 'createCheckoutSession'],
      ['GET /v1/exchange_rates', 'listExchangeRates'],
      ['POST /v1/payment_links', 'createPaymentLink'],
    ]) {
      const [m, p] = name.split(' ') as [string, string];
      expect(doc.paths[p][m.toLowerCase()].operationId, name).toBe(id);
    }
  });

  it('every schema (components, bodies, parameters, responses, headers, webhooks) is strict 2020-12 and compiles', () => {
    const all: [string, unknown][] = Object.entries(doc.components.schemas).map(([n, s]) => [`components.schemas.${n}`, s]);
    for (const [n, h] of Object.entries(doc.components.headers as Record<string, Json>)) all.push([`components.headers.${n}`, h.schema]);
    for (const [method, p, op] of operations()) {
      const at = `${method} ${p}`;
      for (const prm of op.parameters ?? []) all.push([`${at} parameter ${prm.name}`, prm.schema]);
      if (op.requestBody) all.push([`${at} body`, op.requestBody.content['application/json'].schema]);
      // A JSON body, or a file's (a report run's CSV: a string).
      for (const [status, r] of Object.entries(op.responses)) all.push([`${at} ${status}`, (r.content['application/json'] ?? r.content['text/csv']).schema]);
    }
    for (const [type, w] of Object.entries(doc.webhooks as Record<string, Json>))
      all.push([`webhook ${type}`, w.post.requestBody.content['application/json'].schema]);
    for (const [where, s] of all) {
      walkSchema(s, where);
      expect(() => validator(s), where).not.toThrow();
      expect(() => compileSchema(s), `${where} (ajv, strict)`).not.toThrow();
    }
    expect(all.length).toBeGreaterThan(200);
  });

  it('has no generator noise and publishes responses OPEN to new fields', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toContain('$schema');
    expect(text).not.toMatch(/postV|getV|deleteV/); // machine-made operationIds
    for (const [name, s] of Object.entries(doc.components.schemas))
      walkSchema(s, name, (node, where) => expect(node.additionalProperties, `${where}: open`).not.toBe(false));
    // ...while requests stay closed: the server refuses unknown parameters.
    expect(doc.paths['/v1/payment_intents'].post.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    // Parameters the server always refuses are not listed as `any`.
    expect(Object.keys(doc.paths['/v1/prices/{id}'].post.requestBody.content['application/json'].schema.properties).sort()).toEqual(['active', 'metadata']);
  });
});

describe('the document says exactly what the API does', () => {
  it('declares the optional empty body of every POST that takes no parameters, as the route parses it', async () => {
    const pi = (await call('POST', '/v1/payment_intents', { key, body: { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    const noParameters = [
      '/v1/payment_intents/{id}/cancel',
      '/v1/checkout_sessions/{id}/expire',
      '/v1/test_helpers/payment_intents/{id}/fail',
      '/v1/webhook_endpoints/{id}/deliveries/{deliveryId}/retry',
      '/v1/rail_accounts/{id}/disable',
    ];
    for (const [method, p, op] of operations()) if (method === 'post') expect(op.requestBody, `${p}: a request body`).toBeDefined();
    for (const p of noParameters) {
      const body = doc.paths[p].post.requestBody;
      expect(body.required, p).toBe(false);
      const schema = body.content['application/json'].schema;
      expect(schema, p).toMatchObject({ type: 'object', additionalProperties: false });
      const valid = compileSchema(schema);
      expect(valid({}), p).toBe(true);
      expect(valid({ reason: 'x' }), p).toBe(false);
    }
    // The route agrees: {} and no body are taken, a parameter is refused.
    expect((await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key, body: { reason: 'x' } })).body.error).toMatchObject({
      code: 'parameter_unknown',
      param: 'reason',
    });
    expect((await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key, body: {} })).body.status).toBe('canceled');
    const other = (await call('POST', '/v1/payment_intents', { key, body: { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    expect((await call('POST', `/v1/payment_intents/${other.id}/cancel`, { key })).body.status).toBe('canceled');
  });

  it("types the quote's settlement currency as BTC or USDT, and nextAction.expiresAt as a number where it is always known", () => {
    const s = doc.components.schemas;
    expect(s.Quote.properties.currency.enum).toEqual(['BTC', 'USDT']);
    const latestQuote = s.PaymentIntent.properties.latestQuote.anyOf.find((x: Json) => x.type === 'object');
    expect(latestQuote.properties.currency.enum).toEqual(['BTC', 'USDT']);
    for (const name of ['NextActionLightningInvoice', 'NextActionMobileMoneyPrompt', 'NextActionRedirectToUrl']) {
      expect(s[name].required, name).toContain('expiresAt');
      expect(s[name].properties.expiresAt.type, name).toBe('integer');
    }
    // An address keeps its null: a rail may set no limit.
    for (const name of ['NextActionBitcoinAddress', 'NextActionTronAddress']) expect(s[name].properties.expiresAt.anyOf, name).toContainEqual({ type: 'null' });
  });

  it('types query parameters as the server reads them', () => {
    const params = (p: string) => Object.fromEntries((doc.paths[p].get.parameters as Json[]).map((x) => [x.name, x.schema]));
    for (const p of ['/v1/payment_intents', '/v1/products', '/v1/prices', '/v1/payment_links', '/v1/events', '/v1/checkout_sessions']) {
      const q = params(p);
      expect(q.limit, p).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
      expect(q['createdAt[gte]'].type, p).toBe('integer');
      expect(q['createdAt[lt]'].type, p).toBe('integer');
    }
    for (const p of ['/v1/products', '/v1/prices', '/v1/payment_links']) expect(params(p).active).toEqual({ type: 'boolean' });
  });

  it('lists only the statuses each operation can answer, with their headers', () => {
    for (const [method, p, op] of operations()) {
      const statuses = Object.keys(op.responses);
      const at = `${method} ${p}`;
      // GET and DELETE take no body: none of a body's statuses, nor its 400 codes.
      // A file (text/csv) may not be ready yet: its one 409, report_not_ready.
      const file = Boolean(op.responses['200'].content['text/csv']);
      if (file) expect(op.responses['409']?.description, at).toContain('report_not_ready');
      if (method !== 'post') {
        for (const s of ['402', '408', file ? '' : '409', '413', '415', '422', '503']) expect(statuses, at).not.toContain(s);
        for (const code of ['invalid_json', 'invalid_content_length', 'request_aborted', 'parameter_missing'])
          expect(op.responses['400']?.description, at).not.toContain(code);
      }
      if (!p.includes('{')) expect(statuses, at).not.toContain('404');
      for (const s of ['200', '400', '401', '429', '500']) expect(statuses, at).toContain(s);
      if (method === 'post') for (const s of ['409', '422']) expect(statuses, at).toContain(s);
      for (const [s, r] of Object.entries(op.responses)) expect(r.headers?.['Request-Id'], `${at} ${s}: Request-Id`).toBeDefined();
      expect(Boolean(op.responses['200'].headers['Idempotent-Replayed']), `${at}: Idempotent-Replayed`).toBe(method === 'post');
      expect(op.responses['429'].headers['Retry-After'], `${at}: Retry-After`).toBeDefined();
      if (op.responses['503']) expect(op.responses['503'].headers['Retry-After'], `${at} 503: Retry-After`).toBeDefined();
      // Error examples are this operation's: a 404 names the object of its path.
      const missing = op.responses['404']?.content['application/json'].example.error.message;
      if (missing)
        expect(missing, at).toMatch(
          new RegExp(
            `^No such ${p.includes('deliveryId') ? 'webhook_delivery' : p.split('/')[p.startsWith('/v1/test_helpers') ? 3 : 2]!.replace(/s$/, '')}: '`,
          ),
        );
    }
    const statuses = (p: string, m = 'post') => Object.keys(doc.paths[p][m].responses);
    expect(statuses('/v1/payment_intents/{id}/confirm')).toEqual(expect.arrayContaining(['402', '409', '503']));
    expect(statuses('/v1/payment_intents')).toContain('503');
    expect(statuses('/v1/products')).not.toContain('503');
    expect(doc.paths['/v1/payment_intents/{id}/confirm'].post.responses['429'].description).toContain('phone_rate_limited');
    expect(doc.paths['/v1/payment_intents/{id}/cancel'].post.responses['409'].description).toContain('unexpected_state');
  });

  it("gives examples that are valid: request bodies by the server's own parsers, responses by the closed and the open schemas", () => {
    const openError = openSchema('Error');
    let checked = 0;
    for (const [method, p, op] of operations()) {
      const at = `${method} ${p}`;
      const source = OPERATIONS.find((o) => o.method === method && o.path === p)!;
      if (op.requestBody) {
        const ex = op.requestBody.content['application/json'].example;
        expect(ex, `${at}: request example`).toBeDefined();
        expect(source.body!.safeParse(ex).error, `${at}: request example`).toBeUndefined();
        expect(validator(op.requestBody.content['application/json'].schema).safeParse(ex).error, `${at}: request example (document)`).toBeUndefined();
      }
      const csv = op.responses['200'].content['text/csv'];
      if (csv) {
        // A file: its example is CSV text, a header then lines, CRLF-terminated.
        expect(source.returns, at).toBe('csv');
        expect(csv.example, `${at}: 200 example`).toMatch(/^[a-zA-Z,]+\r\n(.+\r\n)+$/);
        expect(validator(csv.schema).safeParse(csv.example).error, `${at}: 200 example (document)`).toBeUndefined();
        checked++;
      }
      const ok = op.responses['200'].content['application/json'];
      const examples: unknown[] = !ok ? [] : ok.examples ? Object.values(ok.examples as Record<string, { value: unknown }>).map((e) => e.value) : [ok.example];
      const name = source.returns.replace(/^list:/, '') as keyof typeof RESPONSE_OBJECTS;
      for (const ex of examples) {
        expect(ex, `${at}: 200 example`).toBeDefined();
        const items = source.returns.startsWith('list:') ? (ex as { data: unknown[] }).data : [ex];
        for (const item of items) expect(RESPONSE_OBJECTS[name].safeParse(item).error, `${at}: 200 example`).toBeUndefined();
        expect(validator(ok.schema).safeParse(ex).error, `${at}: 200 example (document)`).toBeUndefined();
        checked++;
      }
      for (const [s, r] of Object.entries(op.responses)) {
        if (s === '200') continue;
        const ex = r.content['application/json'].example;
        if (s === '202') {
          // Accepted, waiting for an approval: the operation's object, as a 200's.
          expect(source.accepted, `${at}: 202 is declared`).toBeTruthy();
          expect(RESPONSE_OBJECTS[name].safeParse(ex).error, `${at} 202: example`).toBeUndefined();
          expect(validator(r.content['application/json'].schema).safeParse(ex).error, `${at} 202: example (document)`).toBeUndefined();
          expect((ex as { pendingChange?: { status?: string } }).pendingChange?.status, `${at} 202: its pendingChange`).toBe('pending_approval');
          continue;
        }
        expect(RESPONSE_OBJECTS.Error.safeParse(ex).error, `${at} ${s}: example`).toBeUndefined();
        expect(openError.safeParse(ex).error, `${at} ${s}: example (document)`).toBeUndefined();
      }
    }
    expect(checked).toBe(OPERATIONS.length + 1); // confirm has two: mobile money, and a USDT quote
    const confirm = doc.paths['/v1/payment_intents/{id}/confirm'].post.responses['200'].content['application/json'].examples;
    expect(confirm.usdt_quote.value.nextAction.quote.currency).toBe('USDT');
    expect(confirm.mobile_money.value).toMatchObject({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
  });

  it('documents a webhook per event type, its body the event of that type', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    // The union covers every event type exactly once.
    const covered = Object.values(EVENTS).flatMap((e) => e.shape.type.options);
    expect([...covered].sort()).toEqual([...EVENT_TYPES].sort());
    expect(Object.keys(doc.components.schemas.Event.discriminator.mapping).sort()).toEqual([...EVENT_TYPES].sort());
  });
});

describe('real answers against the unions', () => {
  const openNextAction = () => openSchema('NextAction');

  it('nextAction: each kind the API returns, over every rail in test mode and with a quote, and nothing made up', async () => {
    const seen = new Map<string, unknown>();
    const cases: [string, string, number, Json][] = [
      ['mobile_money_a', 'XOF', 5000, { phone: '+2250700000000' }],
      ['mobile_money_b', 'XOF', 5000, {}],
      ['mobile_money_c', 'XOF', 5000, { phone: '+2250700000000' }],
      ['mobile_money_d', 'XOF', 5000, {}],
      ['btc_lightning', 'BTC', 5000, {}],
      ['btc_onchain', 'BTC', 5000, {}],
      ['usdt_trc20', 'USDT', 2_000_000, {}],
      ['usdt_trc20', 'XOF', 5000, {}], // quoted
      ['btc_lightning', 'XOF', 5000, {}], // quoted
      ['btc_onchain', 'XAF', 5000, {}], // quoted
    ];
    const open = openNextAction();
    for (const [rail, currency, amount, body] of cases) {
      const at = `${currency} over ${rail}`;
      const pi = await call('POST', '/v1/payment_intents', { key, body: { amount, currency, rail } });
      expect(pi.status, at).toBe(200);
      const confirmed = await call('POST', `/v1/payment_intents/${pi.body.id}/confirm`, { key, body });
      expect(confirmed.status, `${at}: ${JSON.stringify(confirmed.body)}`).toBe(200);
      expect(RESPONSE_OBJECTS.PaymentIntent.safeParse(confirmed.body).error, at).toBeUndefined();
      expect(openSchema('PaymentIntent').safeParse(confirmed.body).error, `${at} (document)`).toBeUndefined();
      const na = confirmed.body.nextAction;
      expect(na, at).not.toBeNull();
      expect(NextAction.safeParse(na).error, at).toBeUndefined();
      expect(open.safeParse(na).error, `${at} (document)`).toBeUndefined();
      expect(na.quote === null, `${at}: quote`).toBe(
        currency === 'XOF' || currency === 'XAF' ? !['btc_lightning', 'btc_onchain', 'usdt_trc20'].includes(rail) : true,
      );
      seen.set(`${na.type}${na.quote ? '+quote' : ''}`, na);
    }
    expect(
      [...seen.keys()]
        .map((k) => k.replace('+quote', ''))
        .filter((k, i, a) => a.indexOf(k) === i)
        .sort(),
    ).toEqual(['bitcoin_address', 'lightning_invoice', 'mobile_money_prompt', 'redirect_to_url', 'tron_address']);
    expect(seen.has('tron_address+quote')).toBe(true);

    // Rejected: a made-up type, a kind missing its fields, another kind's fields under a type.
    const tron = seen.get('tron_address+quote') as Json;
    for (const bad of [
      { ...tron, type: 'card_redirect' },
      { type: 'mobile_money_prompt', quote: null, expiresAt: null },
      { ...tron, type: 'lightning_invoice' },
      { ...tron, quote: { amount: '1', currency: 'USDT' } },
    ]) {
      expect(NextAction.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(open.safeParse(bad).success, `${JSON.stringify(bad)} (document)`).toBe(false);
    }
    // The closed schema (ours) catches an undocumented field; the published one lets it through.
    expect(NextAction.safeParse({ ...tron, newField: 1 }).success).toBe(false);
    expect(open.safeParse({ ...tron, newField: 1 }).success).toBe(true);
  });

  it('lastPaymentError.code: the codes the API sets are in the enum', async () => {
    const pi = await call('POST', '/v1/payment_intents', { key, body: { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' } });
    await call('POST', `/v1/payment_intents/${pi.body.id}/confirm`, { key, body: { phone: '+2250700000000' } });
    const failed = await call('POST', `/v1/test_helpers/payment_intents/${pi.body.id}/fail`, { key, body: {} });
    expect(failed.status).toBe(200);
    const code = failed.body.lastPaymentError?.code;
    expect(LAST_PAYMENT_ERROR_CODES).toContain(code);
    expect(RESPONSE_OBJECTS.PaymentIntent.safeParse(failed.body).error).toBeUndefined();
    expect(RESPONSE_OBJECTS.PaymentIntent.safeParse({ ...failed.body, lastPaymentError: { ...failed.body.lastPaymentError, code: 'made_up' } }).success).toBe(
      false,
    );
  });

  it('error codes: real errors validate, a made-up code does not', async () => {
    const errors = [
      await call('POST', '/v1/products', { key, body: {} }),
      await call('POST', '/v1/products', { key, body: { name: 'x', color: 'red' } }),
      await call('GET', '/v1/products?limit=0', { key }),
      await call('GET', '/v1/products/prod_missing00000000000000', { key }),
      await call('GET', '/v1/products', { key: 'sk_test_wrongwrongwrongwrongwrong' }),
      await call('POST', '/v1/payment_intents', { key, body: { amount: 10, currency: 'XOF', rail: 'mobile_money_a' } }),
      await call('POST', '/v1/payment_intents', { key, body: { amount: 5000, currency: 'BTC', rail: 'mobile_money_a' } }),
      await call('POST', '/v1/products', { key, rawBody: '{', headers: { 'content-type': 'application/json' } }),
    ];
    const open = openSchema('Error');
    for (const e of errors) {
      expect(e.status, JSON.stringify(e.body)).toBeGreaterThanOrEqual(400);
      expect(RESPONSE_OBJECTS.Error.safeParse(e.body).error, JSON.stringify(e.body)).toBeUndefined();
      expect(open.safeParse(e.body).error, JSON.stringify(e.body)).toBeUndefined();
    }
    expect(open.safeParse({ error: { type: 'api_error', code: 'made_up', message: 'x', requestId: 'req_1' } }).success).toBe(false);
  });

  it('events: each validates against the union by its type, its data.object the right object', async () => {
    const product = (await call('POST', '/v1/products', { key, body: { name: 'Events' } })).body;
    await call('POST', `/v1/products/${product.id}`, { key, body: { metadata: { a: 'b' } } });
    const price = (await call('POST', '/v1/prices', { key, body: { productId: product.id, currency: 'XOF', unitAmount: 5000 } })).body;
    await call('POST', `/v1/prices/${price.id}`, { key, body: { metadata: { a: 'b' } } });
    const link = (await call('POST', '/v1/payment_links', { key, body: { priceId: price.id } })).body;
    await call('POST', `/v1/payment_links/${link.id}`, { key, body: { active: false } });
    const pi = (await call('POST', '/v1/payment_intents', { key, body: { amount: 5000, currency: 'XOF', rail: 'btc_lightning' } })).body;
    const cs = (await call('POST', '/v1/checkout_sessions', { key, body: { paymentIntentId: pi.id } })).body;
    const paid = await call('POST', `/v1/test_helpers/payment_intents/${pi.id}/pay`, { key, body: {} });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe('succeeded');
    const cs2 = (await call('POST', '/v1/checkout_sessions', { key, body: { priceId: price.id } })).body;
    await call('POST', `/v1/checkout_sessions/${cs2.id}/expire`, { key, body: {} });
    expect(cs.id).toBeTruthy();

    const events = (await call('GET', '/v1/events?limit=100', { key })).body.data as Json[];
    const objectOf: Record<string, string> = {
      payment_intent: 'payment_intent',
      checkout_session: 'checkout_session',
      product: 'product',
      price: 'price',
      payment_link: 'payment_link',
    };
    const types = new Set<string>();
    for (const e of events) {
      types.add(e.type);
      expect(RESPONSE_OBJECTS.Event.safeParse(e).error, e.type).toBeUndefined();
      expect(e.data.object.object, e.type).toBe(objectOf[e.type.split('.')[0]]);
      const webhook = validator(doc.webhooks[e.type].post.requestBody.content['application/json'].schema);
      expect(webhook.safeParse(e).error, `${e.type} (document webhook)`).toBeUndefined();
      expect(openSchema('Event').safeParse(e).error, `${e.type} (document Event)`).toBeUndefined();
    }
    for (const t of [
      'product.created',
      'product.updated',
      'price.created',
      'price.updated',
      'payment_link.created',
      'payment_link.updated',
      'payment_intent.created',
      'payment_intent.succeeded',
      'checkout_session.completed',
      'checkout_session.expired',
    ])
      expect(types, t).toContain(t);

    // The wrong object under a type is refused, by both.
    const productEvent = events.find((e) => e.type === 'product.created')!;
    const piEvent = events.find((e) => e.type === 'payment_intent.succeeded')!;
    const swapped = { ...productEvent, data: piEvent.data };
    expect(RESPONSE_OBJECTS.Event.safeParse(swapped).success).toBe(false);
    expect(openSchema('Event').safeParse(swapped).success).toBe(false);
    expect(
      validator(doc.webhooks['product.created'].post.requestBody.content['application/json'].schema).safeParse({ ...productEvent, type: 'product.updated' })
        .success,
    ).toBe(false);
  });
});
