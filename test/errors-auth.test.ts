import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as products from '@/app/v1/products/route';
import { AUTH_FAILURES_PER_CLIENT_PER_MINUTE, resetRateLimitsForTests, setRateLimitClockForTests } from '@/lib/api/rate-limit';
import { type Db, setDbHandle } from '@/lib/db/client';
import { rollKeys } from '@/lib/domain/merchants';
import { MobileMoneySimulator } from '@/lib/rails/mobile-money/simulator';
import { resetRailsForTests } from '@/lib/rails/registry';
import { call, newMerchant, useDatabase } from './api';

const { db, handle } = useDatabase();
let m: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  m = await newMerchant(db());
});

describe('authentication', () => {
  it('refuses a missing, malformed, unknown or revoked key with 401', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /did not provide an API key/],
      [{ authorization: 'Token abc' }, /Malformed Authorization header/],
      [{ authorization: 'Bearer' }, /Malformed Authorization header/],
      [{ authorization: 'Bearer pk_test_123' }, /Malformed API key/],
      [{ authorization: 'Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, /Invalid API key provided: sk_test_\.\.\.AAAA/],
    ];
    for (const [headers, message] of cases) {
      const r = await call('GET', '/v1/products', { headers });
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
      expect(r.body.error.message).toMatch(message);
      expect(r.body.error.requestId).toMatch(/^req_/);
    }
    const other = await newMerchant(db(), 'Roller');
    const rolled = await rollKeys(db(), other.merchant.id);
    const revoked = await call('GET', '/v1/products', { key: other.keys.test });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toMatch(/revoked/);
    expect((await call('GET', '/v1/products', { key: other.keys.live })).status).toBe(401);
    expect((await call('GET', '/v1/products', { key: rolled.keys.test })).status).toBe(200);
    expect((await call('GET', '/v1/products', { key: rolled.keys.live })).status).toBe(200);
  });

  it('accepts Basic auth with the key as user name, as Stripe does (curl -u sk_test_...:)', async () => {
    const basic = Buffer.from(`${m.keys.test}:`).toString('base64');
    expect((await call('GET', '/v1/products', { headers: { authorization: `Basic ${basic}` } })).status).toBe(200);
  });

  it('accepts Basic base64(key) without the colon, as clients generated from the document send it (@hey-api/openapi-ts); anything else is a clear 401', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    expect((await call('GET', '/v1/products', { headers: { authorization: `Basic ${b64(m.keys.test)}` } })).status).toBe(200);
    expect((await call('GET', '/v1/products', { headers: { authorization: `basic ${b64(m.keys.test)}` } })).status).toBe(200);
    const cases: [string, RegExp][] = [
      [`Basic ${b64('')}`, /Malformed Authorization header/],
      [`Basic ${b64(':')}`, /Malformed Authorization header/],
      [`Basic ${b64(`:${m.keys.test}`)}`, /Malformed Authorization header/],
      ['Basic not*base64', /Malformed Authorization header/],
      [`Basic ${b64('admin:admin')}`, /Malformed API key/],
      [`Basic ${b64('pk_test_123')}`, /Malformed API key/],
      [`Basic ${b64(`${m.keys.test}x`)}`, /Invalid API key provided/],
      [`Basic ${b64(`sk_test_${'A'.repeat(43)}`)}`, /Invalid API key provided: sk_test_\.\.\.AAAA/],
    ];
    for (const [authorization, message] of cases) {
      const r = await call('GET', '/v1/products', { headers: { authorization } });
      expect(r.status, authorization).toBe(401);
      expect(r.body.error, authorization).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
      expect(r.body.error.message, authorization).toMatch(message);
    }
  });

  it('never stores a key in plain text', async () => {
    const rows = await db().query<Record<string, unknown>>(`select * from api_keys where merchant_id = $1`, [m.merchant.id]);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(m.keys.test);
    expect(dump).not.toContain(m.keys.live.slice(8));
    expect(m.keys.test).toMatch(/^sk_test_[0-9A-Za-z]{43}$/); // 43 base62 chars: 256 bits
  });
});

describe('isolation', () => {
  it('keeps merchants and modes apart: 404 across', async () => {
    const other = await newMerchant(db(), 'Other');
    const prod = (await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Mine' } })).body;
    const pi = (await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 500, currency: 'XOF', rail: 'mobile_money_a' } })).body;
    // A live intent needs a configured live rail (the simulator stands in for the operator).
    resetRailsForTests({ live: { mobile_money_a: new MobileMoneySimulator('mobile_money_a') } });
    const livePi = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 500, currency: 'XOF', rail: 'mobile_money_a' } })
      .then((r) => r.body)
      .finally(() => resetRailsForTests());
    expect(livePi.livemode).toBe(true);
    for (const k of [other.keys.test, other.keys.live, m.keys.live]) {
      expect((await call('GET', `/v1/products/${prod.id}`, { key: k })).status).toBe(404);
      expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: k })).status).toBe(404);
      expect((await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key: k })).status).toBe(404);
      const price = await call('POST', '/v1/prices', { key: k, body: { productId: prod.id, currency: 'XOF', unitAmount: 500 } });
      expect(price.body.error).toMatchObject({ code: 'resource_missing', param: 'productId' });
      const cs = await call('POST', '/v1/checkout_sessions', { key: k, body: { paymentIntentId: pi.id } });
      expect(cs.body.error).toMatchObject({ code: 'resource_missing', param: 'paymentIntentId' });
    }
    expect((await call('GET', `/v1/payment_intents/${livePi.id}`, { key: m.keys.test })).status).toBe(404);
    const otherList = await call('GET', '/v1/payment_intents', { key: other.keys.test });
    expect(otherList.body.data).toEqual([]);
    const liveList = await call('GET', '/v1/payment_intents', { key: m.keys.live });
    expect(liveList.body.data.map((x: any) => x.id)).toEqual([livePi.id]);
  });
});

describe('request errors', () => {
  it('malformed JSON is a 400 invalid_json', async () => {
    const r = await call('POST', '/v1/products', { key: m.keys.test, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_json' });
  });

  it('a body over 64 KiB is a 413', async () => {
    const r = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'x', description: 'y'.repeat(70_000) } });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large' });
  });

  it('a streamed body without Content-Length is cut at 64 KiB (413), not read whole', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        if (pulled > 1000) return c.close(); // 16 MiB if read whole
        c.enqueue(new Uint8Array(16 * 1024).fill(32));
      },
    });
    const res = await products.POST(
      new Request('http://localhost/v1/products', {
        method: 'POST',
        headers: { authorization: `Bearer ${m.keys.test}`, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it('strings PostgreSQL cannot store (NUL, lone surrogates) are a 400 naming the param, never a 500', async () => {
    const cases: [string, unknown, string][] = [
      ['/v1/products', { name: 'a\u0000b' }, 'name'],
      ['/v1/products', { name: 'ok', metadata: { k: 'v\u0000' } }, 'metadata[k]'],
      ['/v1/products', { name: 'ok', metadata: { 'k\u0000': 'v' } }, 'metadata[k\u0000]'],
      ['/v1/payment_intents', { amount: 500, currency: 'XOF', rail: 'mobile_money_a', metadata: { k: '\ud800' } }, 'metadata[k]'],
      ['/v1/payment_intents', { amount: 500, currency: 'XOF', rail: 'mobile_money_a', reference: 'r\u0000' }, 'reference'],
      ['/v1/checkout_sessions', { paymentIntentId: 'pi_\u0000' }, 'paymentIntentId'],
    ];
    for (const [path, body, param] of cases) {
      const r = await call('POST', path, { key: m.keys.test, rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(r.status, `${path} ${param}`).toBe(400);
      expect(r.body.error, `${path} ${param}`).toMatchObject({ code: 'parameter_invalid', param });
    }
    for (const q of ['startingAfter=%00', 'reference=%00', 'productId=%00']) {
      const r = await call('GET', `/v1/${q.startsWith('productId') ? 'prices' : 'payment_intents'}?${q}`, { key: m.keys.test });
      expect(r.status, q).toBe(400);
    }
    // In the path too: the id is a parameter like any other, refused before any query (a 404 would
    // mean it was looked up, and PostgreSQL cannot take a NUL in a text parameter).
    const byId = [
      await call('GET', '/v1/products/prod_%00', { key: m.keys.test }),
      await call('POST', '/v1/payment_intents/pi_%00/cancel', { key: m.keys.test, body: {} }),
    ];
    for (const r of byId) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'id' });
    }
    const emoji = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Café 🍵', metadata: { clé: 'valeur ✓' } } });
    expect(emoji.status).toBe(200);
    expect(emoji.body).toMatchObject({ name: 'Café 🍵', metadata: { clé: 'valeur ✓' } });
  });

  it('query integers are plain digits: no 1e2, 0x10, 10.0 or empty values', async () => {
    for (const q of ['limit=1e2', 'limit=0x10', 'limit=10.0', 'limit=%205', 'createdAt[gte]=', 'createdAt[lt]=-1']) {
      const r = await call('GET', `/v1/products?${q}`, { key: m.keys.test });
      expect(r.status, q).toBe(400);
      expect(r.body.error.code, q).toBe('parameter_invalid');
    }
    expect((await call('GET', '/v1/products?limit=5&createdAt[gte]=0', { key: m.keys.test })).status).toBe(200);
  });

  it('a metadata key named __proto__ is refused, not silently dropped', async () => {
    const r = await call('POST', '/v1/products', {
      key: m.keys.test,
      rawBody: '{"name":"x","metadata":{"__proto__":"v"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('parameter_invalid');
  });

  it('a body that is not JSON is a 415', async () => {
    const r = await call('POST', '/v1/products', { key: m.keys.test, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
    expect(r.body.error.type).toBe('invalid_request_error');
  });

  it('a method a path does not serve is a 405 with Allow', async () => {
    const r = await call('DELETE', '/v1/products', { key: m.keys.test });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST, GET');
    expect(r.body.error.code).toBe('method_not_allowed');
    const one = await call('PUT', '/v1/payment_intents/pi_x', { key: m.keys.test });
    expect(one.headers.get('allow')).toBe('GET');
  });

  it('an unknown /v1 path is a JSON 404', async () => {
    const r = await call('GET', '/v1/customers', { key: m.keys.test });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    expect(r.headers.get('request-id')).toBe(r.body.error.requestId);
  });

  it('a bug is a bare 500 with a request id and no stack', async () => {
    const broken: Db = {
      kind: 'pglite',
      inTransaction: false,
      query: async () => {
        throw new Error('secret internal detail at /srv/app/lib/x.ts:42');
      },
      transaction: async () => {
        throw new Error('secret internal detail');
      },
    };
    setDbHandle({ db: broken, close: async () => {} });
    try {
      const res = await products.GET(new Request('http://localhost/v1/products', { headers: { authorization: `Bearer ${m.keys.test}` } }), {
        params: Promise.resolve({}),
      });
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.error.type).toBe('api_error');
      expect(body.error.requestId).toBe(res.headers.get('request-id'));
      expect(JSON.stringify(body)).not.toMatch(/secret internal|\.ts:|at /);
    } finally {
      setDbHandle(handle());
    }
  });
});

describe('requests that fail authentication, per client address', () => {
  // The routes' clock (lib/api/rate-limit.ts) frozen at the real time of the test: the windows are
  // exact, and the rows live beside the other files' (which prune windows two minutes old).
  let nowMs = Date.now();
  beforeEach(() => {
    resetRateLimitsForTests();
    nowMs = Date.now();
    setRateLimitClockForTests(() => nowMs);
  });
  afterEach(() => {
    setRateLimitClockForTests(undefined);
    resetRateLimitsForTests();
  });
  const from = (address: string, headers: Record<string, string> = {}, key?: string) =>
    call('GET', '/v1/products', { key, headers: { 'x-forwarded-for': `203.0.113.7, ${address}`, ...headers } });
  const uniqueV4 = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const bad = 'Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

  it(`after ${AUTH_FAILURES_PER_CLIENT_PER_MINUTE} a minute from one address, 429 with Retry-After until the minute ends, before any key lookup; other addresses and keys are not affected`, async () => {
    const address = uniqueV4();
    // Every kind of failure counts: none, malformed, unknown.
    const kinds: Record<string, string>[] = [{}, { authorization: 'Token abc' }, { authorization: bad }];
    for (let i = 0; i < AUTH_FAILURES_PER_CLIENT_PER_MINUTE; i++) expect((await from(address, kinds[i % 3])).status).toBe(401);
    const refused = await from(address, { authorization: bad });
    const retryAfter = 60 - (Math.floor(nowMs / 1000) % 60);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(retryAfter));
    expect(refused.body.error).toEqual({
      type: 'rate_limit_error',
      code: 'rate_limited',
      message: `Too many requests that failed authentication from your address: at most ${AUTH_FAILURES_PER_CLIENT_PER_MINUTE} a minute. Retry after ${retryAfter} s.`,
      param: null,
      requestId: refused.headers.get('request-id'),
    });
    // Now refused before the key is looked up: no query at all, even with a valid key.
    let queries = 0;
    setDbHandle({ db: { ...db(), query: (text: string, params?: unknown[]) => (queries++, db().query(text, params)) } as Db, close: async () => {} });
    try {
      expect((await from(address, {}, m.keys.test)).status).toBe(429);
      expect((await from(address, { authorization: bad })).status).toBe(429);
      expect(queries).toBe(0);
    } finally {
      setDbHandle(handle());
    }
    expect((await from(uniqueV4(), { authorization: bad })).status).toBe(401);
    expect((await from(uniqueV4(), {}, m.keys.test)).status).toBe(200);
    // The next minute, the address is served again.
    nowMs += retryAfter * 1000;
    expect((await from(address, {}, m.keys.test)).status).toBe(200);
    expect((await from(address, { authorization: bad })).status).toBe(401);
  });

  it('holds across instances: another process learns it from the database at its first failure from that address; an IPv6 /64 is one client', async () => {
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < AUTH_FAILURES_PER_CLIENT_PER_MINUTE; i++) expect((await from(`${prefix}::${i + 1}`, { authorization: bad })).status).toBe(401);
    resetRateLimitsForTests(); // another instance
    expect((await from(`${prefix}::abcd`, {}, m.keys.test)).status).toBe(200); // it does not know yet
    expect((await from(`${prefix}::abcd`, { authorization: bad })).status).toBe(429); // its failure is counted: over
    expect((await from(`${prefix}::1`, {}, m.keys.test)).status).toBe(429);
  });

  it('a request that authenticates is never counted', async () => {
    const address = uniqueV4();
    for (let i = 0; i < AUTH_FAILURES_PER_CLIENT_PER_MINUTE + 5; i++) expect((await from(address, {}, m.keys.test)).status).toBe(200);
    expect((await from(address, { authorization: bad })).status).toBe(401);
  });
});
