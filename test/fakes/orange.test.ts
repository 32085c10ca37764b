// The Orange Money Web Payment fake itself, driven with plain fetch: what its header says Orange
// documents (token, webpayment, transactionstatus, notification, pay_token validity) and its faults.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type FakeOrange, type FakeOrangeOptions, startFakeOrange } from './orange';

const MIN = 60_000;

async function withFake(fn: (fake: FakeOrange) => Promise<void>, opts?: FakeOrangeOptions) {
  const fake = await startFakeOrange(opts);
  try {
    await fn(fake);
  } finally {
    await fake.close();
  }
}

/** A tiny notif_url listener: records every request, answers `status`. */
async function listener(status = 200) {
  const got: { method: string; path: string; contentType: string | undefined; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(l.status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const l = {
    status,
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return l;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(fake: FakeOrange, auth = basic(fake.clientId, fake.clientSecret), body = 'grant_type=client_credentials') {
  return fetch(`${fake.url}/oauth/v3/token`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  });
}

async function bearer(fake: FakeOrange) {
  const res = await token(fake);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function api(fake: FakeOrange, op: 'webpayment' | 'transactionstatus', tok: string | undefined, body: unknown, signal?: AbortSignal) {
  return fetch(`${fake.url}/orange-money-webpay/${fake.country}/v1/${op}`, {
    method: 'POST',
    headers: { ...(tok === undefined ? {} : { authorization: `Bearer ${tok}` }), 'content-type': 'application/json', accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

let orderSeq = 0;
function order(fake: FakeOrange, over: Record<string, unknown> = {}) {
  return {
    merchant_key: fake.merchantKey,
    currency: fake.currency,
    order_id: `ORDER_${++orderSeq}_${Date.now() % 100000}`,
    amount: 1200,
    return_url: 'https://shop.example/return',
    cancel_url: 'https://shop.example/cancel',
    notif_url: 'https://shop.example/notif',
    lang: 'fr',
    reference: 'Shop',
    ...over,
  };
}

async function create(fake: FakeOrange, tok: string, over: Record<string, unknown> = {}) {
  const body = order(fake, over);
  const res = await api(fake, 'webpayment', tok, body);
  expect(res.status).toBe(201);
  const out = (await res.json()) as { pay_token: string; notif_token: string; payment_url: string };
  return { body, ...out };
}

async function statusOf(fake: FakeOrange, tok: string, q: { order_id: string; amount: unknown; pay_token: string }) {
  const res = await api(fake, 'transactionstatus', tok, q);
  return { http: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('fake Orange Money WebPay: OAuth v3 token', () => {
  it('issues a Bearer token for Basic client_id:client_secret and a form grant_type=client_credentials', () =>
    withFake(async (fake) => {
      const res = await token(fake);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({ token_type: 'Bearer', access_token: expect.any(String), expires_in: 3600 });
      expect(fake.tokensIssued).toBe(1);
    }));

  it("answers expires_in as the older example's string when asked", () =>
    withFake(
      async (fake) => {
        const body = (await (await token(fake)).json()) as Record<string, unknown>;
        expect(body.expires_in).toBe('7776000');
      },
      { expiresIn: 7_776_000, expiresInAsString: true },
    ));

  it('refuses wrong, undecodable and missing credentials with invalid_client, and another grant_type', () =>
    withFake(async (fake) => {
      const wrong = await token(fake, basic(fake.clientId, 'nope'));
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({
        error: 'invalid_client',
        error_description: 'The requested service needs credentials, but the ones provided were invalid.',
      });
      const garbled = await token(fake, 'Basic !!!');
      expect(garbled.status).toBe(401);
      expect(await garbled.json()).toEqual({ error: 'invalid_client', error_description: 'Unable to decode Basic authorization.' });
      const none = await fetch(`${fake.url}/oauth/v3/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(none.status).toBe(401);
      expect(((await none.json()) as { error: string }).error).toBe('invalid_client');
      const grant = await token(fake, undefined, 'grant_type=password');
      expect(grant.status).toBe(400);
      expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
      expect(fake.tokensIssued).toBe(0);
    }));

  it('answers 401 code 40/41/42 for a missing, unknown or expired bearer token (by the fake clock)', () =>
    withFake(
      async (fake) => {
        const body = order(fake);
        const missing = await api(fake, 'webpayment', undefined, body);
        expect(missing.status).toBe(401);
        expect(await missing.json()).toEqual({
          code: 40,
          message: 'Missing credentials',
          description: 'The requested service needs credentials, but none were provided.',
        });
        const unknown = await api(fake, 'webpayment', 'not-a-token', body);
        expect(unknown.status).toBe(401);
        expect(await unknown.json()).toEqual({
          code: 41,
          message: 'Invalid credentials',
          description: 'The requested service needs credentials, but the ones provided were invalid.',
        });

        const tok = await bearer(fake);
        fake.advance(59_000);
        expect((await api(fake, 'webpayment', tok, body)).status).toBe(201);
        fake.advance(1_000);
        const expired = await api(fake, 'webpayment', tok, order(fake));
        expect(expired.status).toBe(401);
        expect(await expired.json()).toEqual({
          code: 42,
          message: 'Expired credentials',
          description: 'The requested service needs credentials, and the ones provided were out-of-date.',
        });
        expect((await api(fake, 'webpayment', await bearer(fake), order(fake))).status).toBe(201);

        fake.revokeTokens();
        expect(((await (await api(fake, 'transactionstatus', tok, {})).json()) as { code: number }).code).toBe(41);
      },
      { expiresIn: 60 },
    ));
});

describe('fake Orange Money WebPay: webpayment', () => {
  it('creates a payment: 201 { status: 201, message: "OK", pay_token, payment_url, notif_token }, its page answers', () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      const body = order(fake);
      const res = await api(fake, 'webpayment', tok, body);
      expect(res.status).toBe(201);
      const out = (await res.json()) as Record<string, string>;
      expect(out).toEqual({
        status: 201,
        message: 'OK',
        pay_token: expect.stringMatching(/^[0-9a-f]{64}$/),
        payment_url: `${fake.url}/webpayment/${out.pay_token}`,
        notif_token: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      const p = fake.payments.get(out.pay_token!)!;
      expect(p).toMatchObject({ orderId: body.order_id, body, payToken: out.pay_token, notifToken: out.notif_token, status: 'INITIATED' });
      expect(fake.byOrder(body.order_id)).toBe(p);
      expect(fake.byOrder('nope')).toBeUndefined();

      const html = await fetch(out.payment_url!);
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(await html.text()).toContain(body.order_id);
      expect((await fetch(`${fake.url}/webpayment/${'0'.repeat(64)}`)).status).toBe(404);
    }));

  it('refuses a reused order_id, a wrong merchant_key or currency, a bad amount, long or non-http fields (400 code 24)', () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      const first = await create(fake, tok);
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ order_id: first.body.order_id }, /order_id/],
        [{ merchant_key: 'deadbeef' }, /merchant_key/],
        [{ currency: 'XOF' }, /currency/],
        [{ amount: '1200' }, /amount/],
        [{ amount: 12.5 }, /amount/],
        [{ amount: 0 }, /amount/],
        [{ amount: -5 }, /amount/],
        [{ order_id: 'X'.repeat(31) }, /order_id/],
        [{ reference: 'R'.repeat(31) }, /reference/],
        [{ notif_url: `https://shop.example/${'n'.repeat(110)}` }, /notif_url/],
        [{ return_url: 'myapp://paid' }, /return_url/],
        [{ lang: 7 }, /lang/],
      ];
      for (const [over, why] of cases) {
        const res = await api(fake, 'webpayment', tok, order(fake, over));
        expect(res.status, JSON.stringify(over)).toBe(400);
        const body = (await res.json()) as { code: number; message: string; description: string };
        expect(body.code, JSON.stringify(over)).toBe(24);
        expect(body.message).toBe('Invalid body field');
        expect(body.description).toMatch(why);
      }
      expect(fake.payments.size).toBe(1);
      // Exactly 30 and 120 characters pass; lang and reference may be left out.
      const { lang: _l, reference: _r, ...bare } = order(fake, { order_id: 'Y'.repeat(30), notif_url: `https://shop.example/${'n'.repeat(99)}` });
      expect(bare.order_id).toHaveLength(30);
      expect(bare.notif_url).toHaveLength(120);
      expect((await api(fake, 'webpayment', tok, bare)).status).toBe(201);
    }));

  it('answers a missing field with code 23 and an unparseable body with code 22', () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      const { order_id: _o, ...noOrder } = order(fake);
      const missing = await api(fake, 'webpayment', tok, noOrder);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        code: 23,
        message: 'Missing body field',
        description: "Key: 'WebPayment.OrderId' Error:Field validation for 'OrderId' failed on the 'required' tag",
      });
      const garbage = await api(fake, 'webpayment', tok, '{"amount":');
      expect(garbage.status).toBe(400);
      expect(((await garbage.json()) as { code: number }).code).toBe(22);
      expect(fake.payments.size).toBe(0);
    }));

  it('serves only its country segment (404 code 60) and only POST (405 code 61)', () =>
    withFake(
      async (fake) => {
        const tok = await bearer(fake);
        const dev = await fetch(`${fake.url}/orange-money-webpay/dev/v1/webpayment`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
          body: JSON.stringify(order(fake)),
        });
        expect(dev.status).toBe(404);
        expect(((await dev.json()) as { code: number }).code).toBe(60);
        const get = await fetch(`${fake.url}/orange-money-webpay/ci/v1/webpayment`, { headers: { authorization: `Bearer ${tok}` } });
        expect(get.status).toBe(405);
        expect(((await get.json()) as { code: number }).code).toBe(61);
        expect((await api(fake, 'webpayment', tok, order(fake))).status).toBe(201);
      },
      { country: 'ci', currency: 'XOF' },
    ));
});

describe('fake Orange Money WebPay: the payer, the notification, transactionstatus', () => {
  it('INITIATED, then PENDING once the payer confirms, then SUCCESS with a txnid; the notification is POSTed as JSON', async () => {
    const notif = await listener();
    try {
      await withFake(async (fake) => {
        const tok = await bearer(fake);
        const p = await create(fake, tok, { notif_url: `${notif.url}/orange/notif?o=1` });
        const q = { order_id: p.body.order_id, amount: 1200, pay_token: p.pay_token };
        expect(await statusOf(fake, tok, q)).toEqual({ http: 201, body: { status: 'INITIATED', order_id: p.body.order_id } });

        fake.confirm(p.pay_token);
        expect((await statusOf(fake, tok, q)).body.status).toBe('PENDING');
        expect(await fake.complete(p.pay_token, 'SUCCESS')).toBe(200);

        const txnid = fake.payments.get(p.pay_token)!.txnid!;
        expect(txnid).toMatch(/^MP\d{6}\.\d{4}\.A\d{5}$/);
        expect(notif.got).toHaveLength(1);
        expect(notif.got[0]).toMatchObject({ method: 'POST', path: '/orange/notif?o=1', contentType: 'application/json' });
        expect(JSON.parse(notif.got[0]!.body)).toEqual({ status: 'SUCCESS', notif_token: p.notif_token, txnid });
        expect(await statusOf(fake, tok, q)).toEqual({ http: 201, body: { status: 'SUCCESS', order_id: p.body.order_id, txnid } });
        await expect(fake.complete(p.pay_token, 'FAILED')).rejects.toThrow(/already SUCCESS/);
      });
    } finally {
      await notif.close();
    }
  });

  it("FAILED: notified without a txnid; the listener's status is returned; notify:false sends nothing", async () => {
    const notif = await listener(500);
    try {
      await withFake(async (fake) => {
        const tok = await bearer(fake);
        const failed = await create(fake, tok, { notif_url: `${notif.url}/n` });
        expect(await fake.complete(failed.pay_token, 'FAILED')).toBe(500);
        expect(JSON.parse(notif.got[0]!.body)).toEqual({ status: 'FAILED', notif_token: failed.notif_token });
        const st = await statusOf(fake, tok, { order_id: failed.body.order_id, amount: 1200, pay_token: failed.pay_token });
        expect(st.body).toEqual({ status: 'FAILED', order_id: failed.body.order_id });

        const quiet = await create(fake, tok, { notif_url: `${notif.url}/n` });
        expect(await fake.complete(quiet.pay_token, 'SUCCESS', { notify: false })).toBeNull();
        expect(notif.got).toHaveLength(1);
        expect(fake.payments.get(quiet.pay_token)!.status).toBe('SUCCESS');
      });
    } finally {
      await notif.close();
    }
  });

  it('notify() sends any body (forgery, replay); an unreachable notif_url gives null', async () => {
    const notif = await listener();
    try {
      await withFake(async (fake) => {
        const tok = await bearer(fake);
        const p = await create(fake, tok, { notif_url: `${notif.url}/n` });
        expect(await fake.notify(p.pay_token, { status: 'SUCCESS', notif_token: 'forged', txnid: 'MP000000.0000.A00000' })).toBe(200);
        expect(JSON.parse(notif.got[0]!.body)).toEqual({ status: 'SUCCESS', notif_token: 'forged', txnid: 'MP000000.0000.A00000' });
        expect(fake.payments.get(p.pay_token)!.status).toBe('INITIATED');

        const dead = await create(fake, tok, { notif_url: 'http://127.0.0.1:9/n' });
        expect(await fake.complete(dead.pay_token, 'SUCCESS')).toBeNull();
        expect(fake.payments.get(dead.pay_token)!.status).toBe('SUCCESS');
      });
    } finally {
      await notif.close();
    }
  });

  it('answers 404 code 60 unless order_id, amount and pay_token all match; 400 code 23 for a missing one', () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      const p = await create(fake, tok);
      const other = await create(fake, tok);
      for (const q of [
        { order_id: p.body.order_id, amount: 1300, pay_token: p.pay_token },
        { order_id: other.body.order_id, amount: 1200, pay_token: p.pay_token },
        { order_id: p.body.order_id, amount: 1200, pay_token: 'f'.repeat(64) },
      ]) {
        const st = await statusOf(fake, tok, q);
        expect(st.http, JSON.stringify(q)).toBe(404);
        expect(st.body).toEqual({ code: 60, message: 'Resource not found', description: 'The requested URI or the requested resource does not exist.' });
      }
      const missing = await api(fake, 'transactionstatus', tok, { amount: 1200, pay_token: p.pay_token });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        code: 23,
        message: 'Missing body field',
        description: "Key: 'GetTransactionStatusInfo.OrderId' Error:Field validation for 'OrderId' failed on the 'required' tag",
      });
      const stringAmount = await statusOf(fake, tok, { order_id: p.body.order_id, amount: '1200', pay_token: p.pay_token });
      expect(stringAmount.http).toBe(400);
      expect(stringAmount.body.code).toBe(24);
    }));
});

describe('fake Orange Money WebPay: pay_token validity (10 minutes by default)', () => {
  it('an untouched payment stays INITIATED (as documented); paying too late is EXPIRED, with no notification', async () => {
    const notif = await listener();
    try {
      await withFake(async (fake) => {
        const tok = await bearer(fake);
        const p = await create(fake, tok, { notif_url: `${notif.url}/n` });
        const q = { order_id: p.body.order_id, amount: 1200, pay_token: p.pay_token };
        fake.advance(11 * MIN);
        expect((await statusOf(fake, tok, q)).body.status).toBe('INITIATED');
        expect(await fake.complete(p.pay_token, 'SUCCESS')).toBeNull();
        expect(await statusOf(fake, tok, q)).toEqual({ http: 201, body: { status: 'EXPIRED', order_id: p.body.order_id } });
        expect(notif.got).toHaveLength(0);

        const late = await create(fake, tok, { notif_url: `${notif.url}/n` });
        fake.advance(10 * MIN);
        fake.confirm(late.pay_token);
        expect(fake.payments.get(late.pay_token)!.status).toBe('EXPIRED');
        expect(() => fake.confirm(late.pay_token)).toThrow(/already EXPIRED/);

        const inTime = await create(fake, tok, { notif_url: `${notif.url}/n` });
        fake.advance(9 * MIN);
        expect(await fake.complete(inTime.pay_token, 'SUCCESS')).toBe(200);
      });
    } finally {
      await notif.close();
    }
  });

  it('with expireIdle, an untouched payment reports EXPIRED once its pay_token is no longer valid', () =>
    withFake(
      async (fake) => {
        const tok = await bearer(fake);
        const p = await create(fake, tok);
        const q = { order_id: p.body.order_id, amount: 1200, pay_token: p.pay_token };
        fake.advance(4 * MIN);
        expect((await statusOf(fake, tok, q)).body.status).toBe('INITIATED');
        fake.advance(1 * MIN);
        expect((await statusOf(fake, tok, q)).body.status).toBe('EXPIRED');
        expect(await (await fetch(p.payment_url)).text()).toContain('EXPIRED');
      },
      { expireIdle: true, payTokenValidityMs: 5 * MIN },
    ));
});

describe('fake Orange Money WebPay: injected faults', () => {
  it('an answer instead of the work, for `times` calls; then the real thing', () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      fake.fail('webpayment', { status: 503, body: { code: 5, message: 'Service unavailable', description: 'later' } }, 2);
      for (let i = 0; i < 2; i++) expect((await api(fake, 'webpayment', tok, order(fake))).status).toBe(503);
      expect(fake.payments.size).toBe(0);
      await create(fake, tok);
      fake.fail('transactionstatus', { status: 500, text: 'boom' });
      const [p] = [...fake.payments.values()];
      expect((await api(fake, 'transactionstatus', tok, { order_id: p!.orderId, amount: 1200, pay_token: p!.payToken })).status).toBe(500);
      fake.fail('token', { status: 429, body: { code: 53, message: 'Too many requests', description: 'slow down' } });
      expect((await token(fake)).status).toBe(429);
      expect((await token(fake)).status).toBe(200);
    }));

  it('record: the payment exists although the answer is a 5xx', () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      fake.fail('webpayment', { status: 502, text: 'bad gateway', record: true });
      const body = order(fake);
      expect((await api(fake, 'webpayment', tok, body)).status).toBe(502);
      expect(fake.byOrder(body.order_id)?.status).toBe('INITIATED');
    }));

  it("'lost' does the work and never answers; 'timeout' never answers and does nothing", () =>
    withFake(async (fake) => {
      const tok = await bearer(fake);
      const lost = order(fake);
      fake.fail('webpayment', 'lost');
      await expect(api(fake, 'webpayment', tok, lost, AbortSignal.timeout(300))).rejects.toThrow();
      expect(fake.byOrder(lost.order_id)).toBeDefined();

      const timedOut = order(fake);
      fake.fail('webpayment', 'timeout');
      await expect(api(fake, 'webpayment', tok, timedOut, AbortSignal.timeout(300))).rejects.toThrow();
      expect(fake.byOrder(timedOut.order_id)).toBeUndefined();

      fake.fail('token', 'lost');
      await expect(
        fetch(`${fake.url}/oauth/v3/token`, {
          method: 'POST',
          headers: { authorization: basic(fake.clientId, fake.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
          signal: AbortSignal.timeout(300),
        }),
      ).rejects.toThrow();
      expect(fake.tokensIssued).toBe(2);

      // A 'lost' waits for a call that does its work: a refused call passes through and leaves it queued.
      fake.fail('webpayment', 'lost');
      expect((await api(fake, 'webpayment', tok, order(fake, { currency: 'EUR' }))).status).toBe(400);
      await expect(api(fake, 'webpayment', tok, order(fake), AbortSignal.timeout(300))).rejects.toThrow();
      expect((await api(fake, 'webpayment', tok, order(fake))).status).toBe(201);
    }));
});
