// The SDK (sdk/src) against a fake fetch: retries and their waits, one Idempotency-Key per request
// across its retries, which answers are never retried, typed errors, auto-pagination, webhook
// verification. The example program against a real server: test/sdk-example.test.ts.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  Caisse,
  CaisseApiError,
  CaisseConnectionError,
  CaisseError,
  CaisseIdempotencyError,
  CaisseInvalidRequestError,
  CaisseRateLimitError,
  CaisseSignatureError,
  type ErrorCode,
  type Event,
  type PaymentIntent,
} from '../sdk/src/index';

const KEY = 'sk_test_abc123';

/** A full garbage collection now (V8's gc(), exposed for this test only). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const intent = (id: string, over: Partial<PaymentIntent> = {}): PaymentIntent => ({
  id,
  object: 'payment_intent',
  amount: 5000,
  amountReceived: 0,
  amountRefunded: 0,
  currency: 'XOF',
  status: 'requires_payment_method',
  rail: 'mobile_money_a',
  reference: 'order-1042',
  description: null,
  metadata: {},
  lastPaymentError: null,
  canceledAt: null,
  livemode: false,
  createdAt: 1767225600,
  nextAction: null,
  latestQuote: null,
  railAccountId: null,
  ...over,
});

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch answering from a script (the last answer repeats), recording every request. */
function fake(...answers: Answer[]) {
  const seen: Seen[] = [];
  const fetch = async (req: Request): Promise<Response> => {
    seen.push({ method: req.method, url: new URL(req.url), headers: req.headers, body: await req.text() });
    const a = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    if (a instanceof Error) throw a;
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', 'request-id': `req_${seen.length}`, ...a.headers },
    });
  };
  return { seen, fetch };
}
const err = (status: number, type: string, code: string | undefined, message = 'no', extra: Record<string, string> = {}) => ({
  status,
  body: { error: { type, ...(code ? { code } : {}), message, ...extra, requestId: `req_body_${status}` } },
});
const client = (f: ReturnType<typeof fake>, opts: { maxRetries?: number } = {}) =>
  new Caisse(KEY, { baseUrl: 'http://api.test/', fetch: f.fetch, initialRetryDelayMs: 1, ...opts });

describe('requests', () => {
  it('sends the key as a Bearer token, the body as JSON, and a random Idempotency-Key on POSTs only', async () => {
    const f = fake({ status: 200, body: intent('pi_1') }, { status: 200, body: intent('pi_1') });
    const c = client(f);
    const pi = await c.paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'order-1042' });
    expect(pi.id).toBe('pi_1');
    await c.paymentIntents.retrieve('pi_1');
    const [post, get] = f.seen;
    expect(post!.method).toBe('POST');
    expect(post!.url.href).toBe('http://api.test/v1/payment_intents');
    expect(post!.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(post!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(post!.body)).toEqual({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a', reference: 'order-1042' });
    expect(post!.headers.get('idempotency-key')).toMatch(UUID);
    expect(get!.url.pathname).toBe('/v1/payment_intents/pi_1');
    expect(get!.headers.get('idempotency-key')).toBeNull();
  });

  it("uses the caller's Idempotency-Key when given, and a new one per call otherwise", async () => {
    const f = fake({ status: 200, body: intent('pi_1') });
    const c = client(f);
    await c.paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' }, { idempotencyKey: 'order-1042' });
    await c.paymentIntents.confirm('pi_1', { phone: '+2250700000000' });
    await c.paymentIntents.confirm('pi_1', { phone: '+2250700000000' });
    expect(f.seen[0]!.headers.get('idempotency-key')).toBe('order-1042');
    expect(f.seen[1]!.headers.get('idempotency-key')).not.toBe(f.seen[2]!.headers.get('idempotency-key'));
    expect(f.seen[1]!.url.pathname).toBe('/v1/payment_intents/pi_1/confirm');
  });

  it('refuses a key that is not a secret key', () => {
    expect(() => new Caisse('pk_test_x')).toThrow(/sk_test_/);
  });
});

describe('retries', () => {
  it('409 idempotency_key_in_use: retried with the same Idempotency-Key until it answers', async () => {
    const inUse = err(409, 'idempotency_error', 'idempotency_key_in_use');
    const f = fake(inUse, inUse, { status: 200, body: intent('pi_1') });
    const pi = await client(f).paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    expect(pi.id).toBe('pi_1');
    expect(f.seen).toHaveLength(3);
    const keys = new Set(f.seen.map((s) => s.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(UUID);
    expect(new Set(f.seen.map((s) => s.body)).size).toBe(1);
  });

  it('429 with Retry-After: waits that long, then retries', async () => {
    const f = fake({ ...err(429, 'rate_limit_error', 'rate_limited'), headers: { 'retry-after': '1' } }, { status: 200, body: intent('pi_1') });
    const started = Date.now();
    await client(f).paymentIntents.retrieve('pi_1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(f.seen).toHaveLength(2);
  });

  it('503: retried maxRetries times, then a CaisseApiError with the code, request id and retryAfter', async () => {
    const f = fake(err(503, 'api_error', 'rail_unavailable', 'The rail is down.', { param: 'rail' }));
    const e = await client(f)
      .paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' })
      .catch((x: unknown) => x);
    expect(f.seen).toHaveLength(3); // 1 + maxRetries (2)
    expect(new Set(f.seen.map((s) => s.headers.get('idempotency-key'))).size).toBe(1);
    expect(e).toBeInstanceOf(CaisseApiError);
    expect(e).toBeInstanceOf(CaisseError);
    const ce = e as CaisseApiError;
    expect([ce.status, ce.type, ce.code, ce.param, ce.requestId, ce.retryAfter, ce.message]).toEqual([
      503,
      'api_error',
      'rail_unavailable',
      'rail',
      'req_body_503',
      null,
      'The rail is down.',
    ]);
    expectTypeOf(ce.code).toEqualTypeOf<ErrorCode | null>();
  });

  it('5xx then success; maxRetries: 0 does not retry', async () => {
    const f = fake(
      { status: 502, body: 'Bad gateway' },
      { status: 500, body: { error: { type: 'api_error', message: 'bug', requestId: 'req_x' } } },
      { status: 200, body: intent('pi_1') },
    );
    expect((await client(f).paymentIntents.retrieve('pi_1')).id).toBe('pi_1');
    expect(f.seen).toHaveLength(3);
    const g = fake({ status: 500, body: { error: { type: 'api_error', message: 'bug', requestId: 'req_x' } } });
    const e = await client(g, { maxRetries: 0 })
      .paymentIntents.retrieve('pi_1')
      .catch((x: unknown) => x);
    expect(g.seen).toHaveLength(1);
    expect(e).toBeInstanceOf(CaisseApiError);
    expect((e as CaisseApiError).code).toBeNull(); // a 500 has no code
    expect((e as CaisseApiError).requestId).toBe('req_x');
  });

  it('a Retry-After longer than maxRetryAfterSeconds is not waited for: the error carries it', async () => {
    const f = fake({ ...err(429, 'rate_limit_error', 'phone_rate_limited', 'Too many prompts.', { param: 'phone' }), headers: { 'retry-after': '600' } });
    const e = await client(f)
      .paymentIntents.confirm('pi_1', { phone: '+2250700000000' })
      .catch((x: unknown) => x);
    expect(f.seen).toHaveLength(1);
    expect(e).toBeInstanceOf(CaisseRateLimitError);
    expect((e as CaisseRateLimitError).retryAfter).toBe(600);
    expect((e as CaisseRateLimitError).code).toBe('phone_rate_limited');
  });

  it('no answer (connection refused): retried, then a CaisseConnectionError', async () => {
    const f = fake(new TypeError('fetch failed'), new TypeError('fetch failed'), { status: 200, body: intent('pi_1') });
    expect((await client(f).paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' })).id).toBe('pi_1');
    expect(new Set(f.seen.map((s) => s.headers.get('idempotency-key'))).size).toBe(1);
    const g = fake(new TypeError('fetch failed'));
    const e = await client(g)
      .paymentIntents.retrieve('pi_1')
      .catch((x: unknown) => x);
    expect(g.seen).toHaveLength(3);
    expect(e).toBeInstanceOf(CaisseConnectionError);
  });

  it('a request that does not answer within timeoutMs is abandoned and retried', async () => {
    let calls = 0;
    // While the request hangs, the garbage collector runs (as it may at any time in a real process):
    // the SDK must keep its own timeout signal alive (Node holds AbortSignal.any's composite signal
    // only weakly from its sources), or the abort never comes and the call hangs forever.
    // The hanging request is held, as a real fetch's socket holds its request while it waits.
    const inFlight: Request[] = [];
    const fetch = (req: Request) =>
      ++calls === 1
        ? new Promise<Response>((_, reject) => {
            inFlight.push(req);
            req.signal.addEventListener('abort', () => reject(req.signal.reason));
            setImmediate(collectGarbage); // once the SDK is suspended, awaiting this fetch
          })
        : Promise.resolve(Response.json(intent('pi_1')));
    const c = new Caisse(KEY, { fetch, timeoutMs: 50, initialRetryDelayMs: 1 });
    expect((await c.paymentIntents.retrieve('pi_1')).id).toBe('pi_1');
    expect(calls).toBe(2);
    expect(inFlight[0]!.signal.reason).toMatchObject({ name: 'TimeoutError' });
  });

  it("the caller's signal stops the retries", async () => {
    const f = fake({ ...err(503, 'api_error', 'rail_unavailable'), headers: { 'retry-after': '30' } });
    const ac = new AbortController();
    const pending = client(f)
      .paymentIntents.retrieve('pi_1', { signal: ac.signal })
      .catch((x: unknown) => x);
    setTimeout(() => ac.abort(new Error('stop')), 50);
    expect(await pending).toMatchObject({ message: 'stop' });
    expect(f.seen).toHaveLength(1);
  });

  it.each([
    [400, 'invalid_request_error', 'parameter_missing', CaisseInvalidRequestError],
    [402, 'invalid_request_error', 'payment_refused', CaisseInvalidRequestError],
    [404, 'invalid_request_error', 'resource_missing', CaisseInvalidRequestError],
    [409, 'invalid_request_error', 'unexpected_state', CaisseInvalidRequestError],
    [422, 'idempotency_error', 'idempotency_key_reused', CaisseIdempotencyError],
  ] as const)('%i %s: never retried, thrown as %s', async (status, type, code, Class) => {
    const f = fake(err(status, type, code, 'Refused.', { param: 'amount' }));
    const e = await client(f)
      .paymentIntents.create({ amount: 5000, currency: 'XOF', rail: 'mobile_money_a' })
      .catch((x: unknown) => x);
    expect(f.seen).toHaveLength(1);
    expect(e).toBeInstanceOf(Class);
    const ce = e as CaisseError;
    expect([ce.status, ce.type, ce.code, ce.param, ce.requestId]).toEqual([status, type, code, 'amount', `req_body_${status}`]);
  });

  it('401: a CaisseAuthenticationError; a body that is not JSON still gives a typed error with the Request-Id header', async () => {
    const f = fake(err(401, 'authentication_error', 'invalid_api_key'));
    const e = await client(f)
      .products.list()
      .page()
      .catch((x: unknown) => x);
    expect((e as CaisseError).name).toBe('CaisseAuthenticationError');
    const g = { fetch: async () => new Response('<html>Bad request</html>', { status: 400, headers: { 'request-id': 'req_h' } }) };
    const e2 = (await new Caisse(KEY, g).products.retrieve('prod_1').catch((x: unknown) => x)) as CaisseError;
    expect(e2).toBeInstanceOf(CaisseInvalidRequestError);
    expect([e2.status, e2.code, e2.requestId]).toEqual([400, null, 'req_h']);
  });
});

describe('auto-pagination', () => {
  const all = ['pi_5', 'pi_4', 'pi_3', 'pi_2', 'pi_1'].map((id) => intent(id, { status: 'succeeded' }));
  /** A list endpoint over `all`, newest first, with limit / startingAfter / endingBefore. */
  const lister = () => {
    const seen: URL[] = [];
    const fetch = async (req: Request) => {
      const url = new URL(req.url);
      seen.push(url);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const after = url.searchParams.get('startingAfter');
      const before = url.searchParams.get('endingBefore');
      let rows = all;
      if (after) rows = all.slice(all.findIndex((p) => p.id === after) + 1);
      if (before)
        rows = all
          .slice(
            0,
            all.findIndex((p) => p.id === before),
          )
          .slice(-limit);
      const data = rows.slice(0, limit);
      const hasMore = before ? all.indexOf(data[0]!) > 0 : rows.length > limit;
      return Response.json({ object: 'list', data, hasMore, url: '/v1/payment_intents' });
    };
    return { seen, fetch };
  };

  it('for await walks every page with startingAfter, keeping the filters', async () => {
    const l = lister();
    const c = new Caisse(KEY, { fetch: l.fetch });
    const ids: string[] = [];
    for await (const pi of c.paymentIntents.list({ status: 'succeeded', limit: 2, 'createdAt[gte]': 1767225600 })) {
      expectTypeOf(pi).toEqualTypeOf<PaymentIntent>();
      ids.push(pi.id);
    }
    expect(ids).toEqual(['pi_5', 'pi_4', 'pi_3', 'pi_2', 'pi_1']);
    expect(l.seen.map((u) => u.searchParams.get('startingAfter'))).toEqual([null, 'pi_4', 'pi_2']);
    for (const u of l.seen) {
      expect(u.searchParams.get('status')).toBe('succeeded');
      expect(u.searchParams.get('limit')).toBe('2');
      expect(u.searchParams.get('createdAt[gte]')).toBe('1767225600');
    }
  });

  it('.page() is one page; stopping the loop early fetches no further page; toArray; endingBefore walks back', async () => {
    const l = lister();
    const c = new Caisse(KEY, { fetch: l.fetch });
    const page = await c.paymentIntents.list({ limit: 2 }).page();
    expect([page.data.map((p) => p.id), page.hasMore]).toEqual([['pi_5', 'pi_4'], true]);
    for await (const pi of c.paymentIntents.list({ limit: 2 })) if (pi.id === 'pi_4') break;
    expect(l.seen).toHaveLength(2);
    expect((await c.paymentIntents.list({ limit: 2 }).toArray()).map((p) => p.id)).toEqual(['pi_5', 'pi_4', 'pi_3', 'pi_2', 'pi_1']);
    const back: string[] = [];
    for await (const p of c.paymentIntents.list({ limit: 2, endingBefore: 'pi_1' }).pages()) back.push(p.data.map((x) => x.id).join(','));
    expect(back).toEqual(['pi_3,pi_2', 'pi_5,pi_4']);
  });
});

describe('webhooks.verify', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const event = {
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: intent('pi_1', { status: 'succeeded', amountReceived: 5000 }) },
    livemode: false,
    createdAt: 1767225600,
  };
  const signed = (body: string, key = secret, at = new Date()) => ({
    'webhook-id': 'evt_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign('evt_1', at, body),
  });

  it('returns the typed event, narrowed by type, from node:http headers, a Headers or bytes', () => {
    const body = JSON.stringify(event);
    const c = new Caisse(KEY);
    const e: Event = c.webhooks.verify(body, signed(body), secret);
    expect(e.id).toBe('evt_1');
    if (e.type === 'payment_intent.succeeded') {
      expectTypeOf(e.data.object).toEqualTypeOf<PaymentIntent>();
      expect(e.data.object.amountReceived).toBe(5000);
    } else throw new Error('not narrowed');
    expect(c.webhooks.verify(new TextEncoder().encode(body), new Headers(signed(body)), secret).type).toBe('payment_intent.succeeded');
    const nodeHeaders: Record<string, string | string[] | undefined> = { ...signed(body), 'content-type': 'application/json', 'x-missing': undefined };
    expect(c.webhooks.verify(Buffer.from(body), nodeHeaders, secret).id).toBe('evt_1');
  });

  it('refuses a tampered body, another secret, an old timestamp, missing headers, a signed non-event', () => {
    const body = JSON.stringify(event);
    const c = new Caisse(KEY);
    const tampered = body.replace('"amountReceived":5000', '"amountReceived":50000');
    expect(tampered).not.toBe(body);
    expect(() => c.webhooks.verify(tampered, signed(body), secret)).toThrow(CaisseSignatureError);
    expect(() => c.webhooks.verify(body, signed(body, `whsec_${Buffer.from('another secret key!').toString('base64')}`), secret)).toThrow(CaisseSignatureError);
    expect(() => c.webhooks.verify(body, signed(body, secret, new Date(Date.now() - 10 * 60_000)), secret)).toThrow(CaisseSignatureError);
    const { 'webhook-signature': _dropped, ...unsigned } = signed(body);
    expect(() => c.webhooks.verify(body, unsigned, secret)).toThrow(/webhook-signature/);
    expect(() => c.webhooks.verify('{"hello":1}', signed('{"hello":1}'), secret)).toThrow(/not a Caisse event/);
  });
});
