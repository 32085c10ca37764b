// lib/docs: the helpers /docs renders the OpenAPI document with. The curls are checked by bash
// itself (a `curl` function that prints its arguments), so quoting mistakes cannot hide.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';
import { ERROR_CODE_DOCS, exampleNumbers, GUIDES, PAYMENT_ERROR_DOCS, testNumberRows } from '@/lib/docs/guides';
import {
  codesIn,
  curl,
  errorCodes,
  errorRows,
  exampleIds,
  examplePath,
  fields,
  inline,
  type OpenApiDocument,
  operations,
  shellQuote,
  slugify,
  tagGroups,
  typeParts,
  webhookEvents,
} from '@/lib/docs/reference';
import { buildIndex, search } from '@/lib/docs/search';
import { mobileNumberE164 } from '@/lib/phone';
import { MOBILE_MONEY_TEST_NUMBERS } from '@/lib/rails/mobile-money/simulator';

const BASE = 'http://127.0.0.1:3210';
const doc = openApiDocument(BASE) as unknown as OpenApiDocument;
const ops = operations(doc);
const ids = exampleIds(doc);
const op = (id: string) => ops.find((o) => o.id === id)!;

/** The arguments bash gives curl for this command line, with CAISSE_KEY set. */
function curlArgs(command: string): string[] {
  const out = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    env: { ...process.env, BASH_ENV: undefined, CAISSE_KEY: 'sk_test_abc' },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

describe('[DOCS]: shellQuote', () => {
  it('leaves plain words alone and quotes the rest so bash reads them back exactly', () => {
    expect(shellQuote('https://x.example/v1/a_b')).toBe('https://x.example/v1/a_b');
    for (const s of ["it's", 'a b', '{"a": "$HOME `x` \\n"}', "''", 'ça coûte 5 000 F', '[gte]', '!history']) {
      const q = shellQuote(s);
      expect(q.startsWith("'"), s).toBe(true);
      expect(execFileSync('bash', ['-c', `printf %s ${q}`], { env: { ...process.env, BASH_ENV: undefined }, encoding: 'utf8' }), s).toBe(s);
    }
  });
});

describe('[DOCS]: curl', () => {
  it("createPaymentIntent: key from $CAISSE_KEY, an Idempotency-Key, the document's example as the JSON body", () => {
    const text = curl(op('createPaymentIntent'), { baseUrl: BASE, ids });
    const args = curlArgs(text);
    expect(args[0]).toBe(`${BASE}/v1/payment_intents`);
    expect(args).toContain('Authorization: Bearer sk_test_abc');
    expect(args).toContain('Content-Type: application/json');
    expect(args.some((a) => a.startsWith('Idempotency-Key: '))).toBe(true);
    const body = args[args.indexOf('-d') + 1]!;
    expect(JSON.parse(body)).toEqual(doc.paths['/v1/payment_intents']!.post!.requestBody!.content['application/json']!.example);
    expect(text).toContain('"Authorization: Bearer $CAISSE_KEY"');
  });

  it('a literal key works too, and a list with brackets in its query gets -g', () => {
    const text = curl(op('listPaymentIntents'), { baseUrl: BASE, ids, key: 'sk_test_...' });
    const args = curlArgs(text);
    expect(args[0]).toBe('-g');
    expect(args[1]).toMatch(new RegExp(`^${BASE}/v1/payment_intents\\?limit=3&createdAt\\[gte\\]=\\d+$`));
    expect(args).toContain('Authorization: Bearer sk_test_...');
    expect(args).not.toContain('-d');
  });

  it('every operation: a curl bash accepts, with an example id for each path parameter and the right method', () => {
    for (const o of ops) {
      const args = curlArgs(curl(o, { baseUrl: BASE, ids }));
      const url = args.find((a) => a.startsWith(BASE))!;
      expect(url, o.id).not.toMatch(/[{}]/);
      if (o.method === 'get') expect(args, o.id).not.toContain('-X');
      else if (o.method === 'delete') expect(args[args.indexOf('-X') + 1], o.id).toBe('DELETE');
      else expect(args.includes('-d') || args[args.indexOf('-X') + 1] === 'POST', o.id).toBe(true);
      if (o.method === 'post')
        expect(
          args.some((a) => a.startsWith('Idempotency-Key: ')),
          o.id,
        ).toBe(true);
    }
  });

  it("path parameters take the examples' ids of their resource", () => {
    expect(examplePath('/v1/payment_intents/{id}/confirm', ids)).toMatch(/^\/v1\/payment_intents\/pi_[A-Za-z0-9]+\/confirm$/);
    expect(examplePath('/v1/webhook_endpoints/{id}/deliveries/{deliveryId}', ids)).toMatch(/^\/v1\/webhook_endpoints\/we_\w+\/deliveries\/whd_\w+$/);
    expect(examplePath('/v1/things/{id}', {})).toBe('/v1/things/id_123');
  });
});

describe('[DOCS]: reading the document', () => {
  it('every operation is in exactly one tag page', () => {
    const grouped = tagGroups(doc).flatMap((g) => g.operations.map((o) => o.id));
    expect(grouped.sort()).toEqual(ops.map((o) => o.id).sort());
    expect(tagGroups(doc).map((g) => g.slug)).toContain('payment-intents');
    expect(slugify('Webhook endpoints')).toBe('webhook-endpoints');
  });

  it("error rows: each operation's statuses with the codes they name", () => {
    const rows = errorRows(doc, op('createPaymentIntent').op);
    const of = (s: string) => rows.find((r) => r.status === s)!;
    expect(of('400').codes).toEqual(expect.arrayContaining(['parameter_missing', 'amount_too_small', 'rail_currency_mismatch']));
    expect(of('401').codes).toEqual(['invalid_api_key']);
    expect(of('503').codes).toContain('rail_unavailable');
    expect(rows.map((r) => r.status)).not.toContain('200');
    for (const o of ops) for (const r of errorRows(doc, o.op)) if (r.status !== '500') expect(r.codes.length, `${o.id} ${r.status}`).toBeGreaterThan(0);
    expect(codesIn('`rate_limited`: over; `x_y` and `phone_rate_limited`', ['rate_limited', 'phone_rate_limited'])).toEqual([
      'rate_limited',
      'phone_rate_limited',
    ]);
  });

  it('types: refs, nullable unions, arrays and maps', () => {
    expect(typeParts({ $ref: '#/components/schemas/NextAction' })).toEqual([{ ref: 'NextAction' }]);
    expect(typeParts({ anyOf: [{ $ref: '#/components/schemas/LastPaymentError' }, { type: 'null' }] })).toEqual([
      { ref: 'LastPaymentError' },
      { text: ' | null' },
    ]);
    expect(typeParts({ type: ['string', 'null'] })).toEqual([{ text: 'string | null' }]);
    expect(typeParts({ type: 'array', items: { type: 'string' } })).toEqual([{ text: 'array of string' }]);
    expect(typeParts({ type: 'object', additionalProperties: { type: 'string' } })).toEqual([{ text: 'object of string' }]);
    const f = fields(doc.components.schemas.PaymentIntent);
    expect(f.find((x) => x.name === 'nextAction')).toMatchObject({ required: true, type: [{ ref: 'NextAction' }, { text: ' | null' }] });
  });

  it('webhooks: every event type with the schema of its body', () => {
    const events = webhookEvents(doc);
    expect(events.length).toBeGreaterThan(10);
    expect(events.find((e) => e.type === 'payment_intent.succeeded')?.schema).toBe('PaymentIntentEvent');
  });

  it('inline text: code, bold and http links; nothing else is markup', () => {
    expect(inline('a `x` **b** [c](https://e.example) [d](javascript:alert(1))')).toEqual([
      { text: 'a ' },
      { code: 'x' },
      { text: ' ' },
      { strong: 'b' },
      { text: ' ' },
      { link: 'c', href: 'https://e.example' },
      { text: ' ' },
      { text: 'd' },
      { text: ')' },
    ]);
    expect(inline('plain <b>')).toEqual([{ text: 'plain <b>' }]);
    expect(inline('[a](//evil.example) [b](/docs)')).toEqual([{ text: 'a' }, { text: ' ' }, { link: 'b', href: '/docs' }]);
  });
});

describe('[DOCS]: guides', () => {
  it('the error code table has a line for every code the API can answer, and no other', () => {
    expect(Object.keys(ERROR_CODE_DOCS).sort()).toEqual(errorCodes(doc).sort());
    const s = doc.components.schemas.LastPaymentError!.properties!.code!;
    expect(Object.keys(PAYMENT_ERROR_DOCS).sort()).toEqual((s.enum as string[]).slice().sort());
  });

  it('the test numbers come from the simulator, and each example number is a valid mobile number of its country', () => {
    expect(testNumberRows().map((r) => r.outcome)).toEqual(MOBILE_MONEY_TEST_NUMBERS.map((r) => r.outcome));
    const numbers = exampleNumbers();
    expect(numbers.length).toBeGreaterThanOrEqual(4);
    const country: Record<string, string> = { XOF: 'CI', XAF: 'CM', GNF: 'GN' };
    for (const n of numbers) {
      expect(mobileNumberE164(n.number, country[n.currency]!), n.number).toBe(n.number);
      expect(n.number.endsWith('0000'), n.number).toBe(true);
    }
  });

  it('search finds operations, guides and error codes', () => {
    const index = buildIndex(doc);
    expect(search(index, 'create payment intent')[0]?.url).toBe('/docs/api/payment-intents#createPaymentIntent');
    expect(search(index, 'idempotency').map((e) => e.url)).toContain('/docs/guides/idempotency');
    expect(search(index, 'rail_unavailable').map((e) => e.url)).toContain('/docs/guides/errors#rail_unavailable');
    expect(search(index, '   ')).toEqual([]);
    expect(GUIDES.map((g) => g.slug)).toEqual(
      expect.arrayContaining(['authentication', 'errors', 'pagination', 'idempotency', 'test-mode', 'webhooks', 'quotes', 'payment-links', 'sdk']),
    );
  });
});

describe('[DOCS]: text helpers', () => {
  it('notes: description and bounds as sentences; firstSentence for an index', async () => {
    const { notes, firstSentence } = await import('@/lib/docs/reference');
    expect(notes({ description: 'Replays the first response for 24 h', constraints: ['at most 255 characters'] })).toBe(
      'Replays the first response for 24 h. At most 255 characters.',
    );
    expect(notes({ description: 'minor units (see bounds)', constraints: [] })).toBe('Minor units (see bounds).');
    expect(notes({ description: undefined, constraints: ['1 to 100', 'default 10'] })).toBe('1 to 100, default 10.');
    expect(firstSentence('What you sell. A product has prices.')).toBe('What you sell.');
    expect(firstSentence('The hosted payment page: made from an intent.')).toBe('The hosted payment page.');
    expect(firstSentence('No stop')).toBe('No stop');
  });
});
