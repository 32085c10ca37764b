// Exercises the Wave Checkout fake with plain fetch, and checks its webhooks the way Wave's
// webhook page says a receiver should (HMAC-SHA256 of timestamp + raw body, 5-minute tolerance).

import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_CONFLICT_CODE, type FakeWave, startFakeWave, WAVE_RATE_LIMITED } from './wave';

const API_KEY = 'wave_sn_prod_testkey0123456789';
const SECRET = 'wave_sn_WHS_testsecret0123456789abcdef';

/** A receiver that verifies as the docs describe; answers 401 when the signature does not hold. */
function verify(rawBody: string, header: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = header.split(',');
  const t = parts.find((p) => p.startsWith('t='))?.slice(2);
  const sigs = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
  if (!t || !/^\d+$/.test(t) || sigs.length === 0) return false;
  if (Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret)
      .update(t + rawBody)
      .digest('hex'),
  );
  return sigs.some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), expected));
}

interface Received {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  valid: boolean;
}

let receiver: http.Server;
let receiverUrl = '';
const received: Received[] = [];
let receiverStatus = 200;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const valid = verify(rawBody, req.headers['wave-signature'] as string | undefined, SECRET);
      received.push({ headers: req.headers, rawBody, valid });
      res.writeHead(valid ? receiverStatus : 401).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/wave`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

let wave: FakeWave;
const fakes: FakeWave[] = [];
async function fresh(opts: Parameters<typeof startFakeWave>[0] = {}): Promise<FakeWave> {
  const f = await startFakeWave({ apiKey: API_KEY, webhookSecret: SECRET, ...opts });
  f.webhookUrl = receiverUrl;
  fakes.push(f);
  return f;
}
afterEach(async () => {
  received.length = 0;
  receiverStatus = 200;
  while (fakes.length) await fakes.pop()!.close();
});

const auth = { authorization: `Bearer ${API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const body = (over: Record<string, unknown> = {}) => ({
  amount: '1000',
  currency: 'XOF',
  success_url: 'https://shop.example/success',
  error_url: 'https://shop.example/error',
  ...over,
});
async function call(f: FakeWave, method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(f.url + path, {
    method,
    headers: init.headers ?? auth,
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}
const create = (f: FakeWave, over: Record<string, unknown> = {}, headers: Record<string, string> = json) =>
  call(f, 'POST', '/v1/checkout/sessions', { headers, body: body(over) });

describe('fake Wave: authentication', () => {
  it('answers the documented 401 codes', async () => {
    wave = await fresh();
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing-auth-header'],
      [{ authorization: `Basic ${API_KEY}` }, 'invalid-auth'],
      [{ authorization: 'Bearer ' }, 'api-key-not-provided'],
      [{ authorization: 'Bearer wave_sn_prod_someoneelse' }, 'no-matching-api-key'],
    ];
    for (const [headers, code] of cases) {
      const r = await call(wave, 'GET', '/v1/checkout/sessions/cos-nothing', { headers });
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ code });
      expect(typeof r.json.message).toBe('string');
    }
    wave.revokedKeys.add(API_KEY);
    const revoked = await call(wave, 'GET', '/v1/checkout/sessions/cos-nothing');
    expect(revoked.status).toBe(401);
    expect(revoked.json.code).toBe('api-key-revoked');
  });

  it('can be made to rate-limit', async () => {
    wave = await fresh();
    wave.fail('create', WAVE_RATE_LIMITED);
    const r = await create(wave);
    expect(r.status).toBe(429);
    expect(r.json.code).toBe('too-many-requests');
    expect(wave.sessions.size).toBe(0);
    expect((await create(wave)).status).toBe(200);
  });
});

describe('fake Wave: create', () => {
  it('answers the checkout session object', async () => {
    wave = await fresh({ businessName: 'Boutique Test' });
    const r = await create(wave, { client_reference: 'order-1', restrict_payer_mobile: '+221761110000' });
    expect(r.status).toBe(200);
    const s = r.json;
    expect(s.id).toMatch(/^cos-[a-z0-9]{13}$/);
    expect(s).toMatchObject({
      amount: '1000',
      currency: 'XOF',
      checkout_status: 'open',
      payment_status: 'processing',
      client_reference: 'order-1',
      restrict_payer_mobile: '+221761110000',
      last_payment_error: null,
      business_name: 'Boutique Test',
      success_url: 'https://shop.example/success',
      error_url: 'https://shop.example/error',
    });
    expect(s.transaction_id).toBeUndefined();
    expect(s.when_completed).toBeUndefined();
    expect(s.when_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(s.when_expires) - Date.parse(s.when_created)).toBe(30 * 60_000);
    expect(s.wave_launch_url.startsWith(`${wave.url}/c/${s.id}?`)).toBe(true);
    const page = await fetch(s.wave_launch_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('1000 XOF');
    expect(wave.sessions.get(s.id)?.body).toEqual(body({ client_reference: 'order-1', restrict_payer_mobile: '+221761110000' }));
  });

  it('validates amount, currency, URLs and fields as documented', async () => {
    wave = await fresh();
    const refused = async (over: Record<string, unknown>, loc: string) => {
      const r = await create(wave, over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.json.code).toBe('request-validation-error');
      expect(r.json.details.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(loc);
    };
    await refused({ amount: 1000 }, 'amount'); // a number, not a string
    await refused({ amount: '1000.50' }, 'amount'); // XOF has no decimals
    await refused({ amount: '01000' }, 'amount'); // leading zero
    await refused({ amount: '0' }, 'amount');
    await refused({ amount: '-5' }, 'amount');
    await refused({ amount: '1,000' }, 'amount');
    await refused({ amount: undefined }, 'amount');
    await refused({ currency: 'ABC' }, 'currency');
    await refused({ currency: 'xof' }, 'currency');
    await refused({ success_url: 'not a url' }, 'success_url');
    await refused({ error_url: undefined }, 'error_url');
    await refused({ client_reference: 'x'.repeat(256) }, 'client_reference');
    await refused({ restrict_payer_mobile: '771234567' }, 'restrict_payer_mobile');
    await refused({ metadata: { order: 1 } }, 'metadata');

    const mismatch = await create(wave, { currency: 'UGX' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe('currency-mismatch');

    const notJson = await create(wave, {}, auth);
    expect(notJson.json.code).toBe('request-not-json');
    const garbled = await call(wave, 'POST', '/v1/checkout/sessions', { headers: json, body: '{"amount":' });
    expect(garbled.json.code).toBe('request-parsing-error');
    expect(wave.sessions.size).toBe(0);

    // http URLs: accepted by default (local receivers), refused when the fake is strict like Wave.
    expect((await create(wave, { success_url: 'http://127.0.0.1:1/ok' })).status).toBe(200);
    const strict = await fresh({ allowHttpUrls: false });
    const r = await create(strict, { success_url: 'http://127.0.0.1:1/ok' });
    expect(r.status).toBe(400);
    expect(r.json.details[0].loc).toEqual(['success_url']);
  });

  it('allows two decimals for a currency that has them', async () => {
    wave = await fresh({ currency: 'GMD' });
    expect((await create(wave, { currency: 'GMD', amount: '10.50' })).status).toBe(200);
    expect((await create(wave, { currency: 'GMD', amount: '0.99' })).status).toBe(200);
    expect((await create(wave, { currency: 'GMD', amount: '1.005' })).status).toBe(400);
  });

  it('honours Idempotency-Key', async () => {
    wave = await fresh();
    const h = { ...json, 'idempotency-key': 'key-1' };
    const a = await create(wave, {}, h);
    const b = await create(wave, {}, h);
    expect(b.status).toBe(200);
    expect(b.json.id).toBe(a.json.id);
    expect(wave.sessions.size).toBe(1);
    expect(wave.sessions.get(a.json.id)?.idempotencyKey).toBe('key-1');
    const other = await create(wave, { amount: '2000' }, h);
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('idempotency-mismatch');
    const c = await create(wave, {}, { ...json, 'idempotency-key': 'key-2' });
    expect(c.json.id).not.toBe(a.json.id);
  });

  it('a lost answer still creates the session, and a retry with the same key finds it', async () => {
    wave = await fresh();
    wave.fail('create', 'lost');
    const h = { ...json, 'idempotency-key': 'lost-1' };
    await expect(
      fetch(`${wave.url}/v1/checkout/sessions`, { method: 'POST', headers: h, body: JSON.stringify(body()), signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect(wave.sessions.size).toBe(1);
    const retry = await create(wave, {}, h);
    expect(retry.json.id).toBe([...wave.sessions.keys()][0]);

    wave.fail('retrieve', 'timeout');
    await expect(fetch(`${wave.url}/v1/checkout/sessions/${retry.json.id}`, { headers: auth, signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await call(wave, 'GET', `/v1/checkout/sessions/${retry.json.id}`)).status).toBe(200);
  });
});

describe('fake Wave: retrieve and search', () => {
  it('retrieves by id, by transaction_id and by client_reference', async () => {
    wave = await fresh();
    const a = (await create(wave, { client_reference: 'ref-A' })).json;
    const a2 = (await create(wave, { client_reference: 'ref-A' })).json;
    await create(wave, { client_reference: 'ref-B' });

    const got = await call(wave, 'GET', `/v1/checkout/sessions/${a.id}`);
    expect(got.json).toEqual(a);
    const missing = await call(wave, 'GET', '/v1/checkout/sessions/cos-unknown00000');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('checkout-session-not-found');

    const search = await call(wave, 'GET', '/v1/checkout/sessions/search?client_reference=ref-A');
    expect(search.status).toBe(200);
    expect(search.json.result.map((s: { id: string }) => s.id).sort()).toEqual([a.id, a2.id].sort());
    expect((await call(wave, 'GET', '/v1/checkout/sessions/search?client_reference=none')).json).toEqual({ result: [] });
    expect(wave.byClientReference('ref-A')).toHaveLength(2);

    await wave.pay(a.id, { webhook: false });
    const tx = wave.sessions.get(a.id)!.session.transaction_id as string;
    expect(tx).toMatch(/^T[A-Z0-9]+$/);
    const byTx = await call(wave, 'GET', `/v1/checkout/sessions?transaction_id=${tx}`);
    expect(byTx.status).toBe(200);
    expect(byTx.json.id).toBe(a.id);
    expect((await call(wave, 'GET', '/v1/checkout/sessions?transaction_id=TNOPE')).status).toBe(404);
  });
});

describe('fake Wave: expiry', () => {
  it('expires after 30 minutes by the fake clock, and cannot be paid then', async () => {
    wave = await fresh();
    const s = (await create(wave)).json;
    wave.advance(29 * 60_000);
    expect((await call(wave, 'GET', `/v1/checkout/sessions/${s.id}`)).json.checkout_status).toBe('open');
    wave.advance(60_000);
    const after = (await call(wave, 'GET', `/v1/checkout/sessions/${s.id}`)).json;
    expect(after).toMatchObject({ checkout_status: 'expired', payment_status: 'cancelled', when_completed: s.when_expires });
    await expect(wave.pay(s.id)).rejects.toThrow(/expired/);
    expect(received).toHaveLength(0);
  });

  it('POST /expire expires an open session; a complete one answers 409', async () => {
    wave = await fresh();
    const s = (await create(wave)).json;
    const r = await call(wave, 'POST', `/v1/checkout/sessions/${s.id}/expire`);
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(wave.sessions.get(s.id)!.session).toMatchObject({ checkout_status: 'expired', payment_status: 'cancelled' });
    expect((await call(wave, 'POST', `/v1/checkout/sessions/${s.id}/expire`)).status).toBe(409);

    const paid = (await create(wave)).json;
    await wave.pay(paid.id, { webhook: false });
    const conflict = await call(wave, 'POST', `/v1/checkout/sessions/${paid.id}/expire`);
    expect(conflict.status).toBe(409);
    expect(conflict.json.code).toBe(EXPIRE_CONFLICT_CODE);
    expect((await call(wave, 'POST', '/v1/checkout/sessions/cos-unknown00000/expire')).json.code).toBe('checkout-session-not-found');
  });
});

describe('fake Wave: payment and webhooks', () => {
  it('pay() completes the session and sends a signed checkout.session.completed', async () => {
    wave = await fresh();
    const s = (await create(wave, { client_reference: 'order-9' })).json;
    const status = await wave.pay(s.id);
    expect(status).toBe(200);
    expect(received).toHaveLength(1);
    const hook = received[0]!;
    expect(hook.valid).toBe(true);
    expect(hook.headers['wave-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(hook.headers['content-type']).toBe('application/json');
    const event = JSON.parse(hook.rawBody);
    expect(event.id).toMatch(/^AE_/);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.data).toMatchObject({ id: s.id, checkout_status: 'complete', payment_status: 'succeeded', client_reference: 'order-9', amount: '1000' });
    expect(event.data.transaction_id).toMatch(/^T/);
    expect(event.data.when_completed).toMatch(/Z$/);
    expect((await call(wave, 'GET', `/v1/checkout/sessions/${s.id}`)).json).toEqual(event.data);
    await expect(wave.pay(s.id)).rejects.toThrow(/complete/);
  });

  it('signs timestamp + raw body with the secret as given, and supports several v1', async () => {
    wave = await fresh();
    const raw = '{"id":"AE_x","type":"checkout.session.completed","data":{}}';
    const header = wave.sign(raw, 1639081943);
    const mac = createHmac('sha256', SECRET).update(`1639081943${raw}`).digest('hex');
    expect(header).toBe(`t=1639081943,v1=${mac}`);
    const two = wave.sign(raw, 1639081943, ['old-secret', SECRET]);
    expect(two.split(',')).toHaveLength(3);
    expect(verify(raw, two, SECRET, 1639081943)).toBe(true);
  });

  it('forgeries, replays and a wrong secret are refused by a verifying receiver', async () => {
    wave = await fresh();
    const s = (await create(wave)).json;
    await wave.pay(s.id);
    const original = received[0]!;
    // A replay of the same body signed 10 minutes ago.
    const old = Math.floor(Date.now() / 1000) - 600;
    expect(await wave.sendWebhook(original.rawBody, { 'wave-signature': wave.sign(original.rawBody, old) })).toBe(401);
    // A tampered body under the original signature.
    const tampered = original.rawBody.replace('"1000"', '"9000"');
    expect(await wave.sendWebhook(tampered, { 'wave-signature': original.headers['wave-signature'] as string })).toBe(401);
    // Signed with another secret.
    expect(
      await wave.sendWebhook(original.rawBody, { 'wave-signature': wave.sign(original.rawBody, Math.floor(Date.now() / 1000), 'wave_sn_WHS_other') }),
    ).toBe(401);
    // A duplicate delivery, correctly signed, is accepted (receivers must deduplicate by event id).
    expect(await wave.sendWebhook(original.rawBody, { 'wave-signature': wave.sign(original.rawBody, Math.floor(Date.now() / 1000)) })).toBe(200);
    expect(wave.webhooks.map((w) => w.status)).toEqual([200, 401, 401, 401, 200]);
  });

  it('failPayment() records last_payment_error, leaves the session open and sends payment_failed', async () => {
    wave = await fresh();
    const s = (await create(wave)).json;
    expect(await wave.failPayment(s.id)).toBe(200);
    const event = JSON.parse(received[0]!.rawBody);
    expect(received[0]!.valid).toBe(true);
    expect(event.type).toBe('checkout.session.payment_failed');
    expect(event.data).toMatchObject({ id: s.id, checkout_status: 'open', payment_status: 'processing', last_payment_error: { code: 'insufficient-funds' } });
    expect(event.data.transaction_id).toBeUndefined();
    // The payer tries again and succeeds.
    expect(await wave.pay(s.id)).toBe(200);
    expect(wave.sessions.get(s.id)!.session.payment_status).toBe('succeeded');
  });

  it('restrict_payer_mobile: another payer fails with payer-mobile-mismatch', async () => {
    wave = await fresh();
    const s = (await create(wave, { restrict_payer_mobile: '+221761110000' })).json;
    await wave.pay(s.id, { payerMobile: '+221779999999' });
    const event = JSON.parse(received[0]!.rawBody);
    expect(event.type).toBe('checkout.session.payment_failed');
    expect(event.data.last_payment_error.code).toBe('payer-mobile-mismatch');
    expect(wave.sessions.get(s.id)!.session.checkout_status).toBe('open');
    await wave.pay(s.id, { payerMobile: '+221761110000' });
    expect(JSON.parse(received[1]!.rawBody).type).toBe('checkout.session.completed');
  });

  it('reports the receiver status, null when unreachable, and the shared-secret strategy', async () => {
    wave = await fresh();
    receiverStatus = 500;
    const s = (await create(wave)).json;
    expect(await wave.pay(s.id)).toBe(500);
    expect(wave.sessions.get(s.id)!.session.checkout_status).toBe('complete'); // paid whatever the receiver says

    wave.webhookUrl = 'http://127.0.0.1:1/nowhere';
    const s2 = (await create(wave)).json;
    expect(await wave.pay(s2.id)).toBeNull();
    wave.webhookUrl = null;
    const s3 = (await create(wave)).json;
    expect(await wave.pay(s3.id)).toBeNull();

    const shared = await fresh({ webhookStrategy: 'shared' });
    const s4 = (await create(shared)).json;
    await shared.pay(s4.id);
    const last = received.at(-1)!;
    expect(last.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(last.headers['wave-signature']).toBeUndefined();
  });
});
