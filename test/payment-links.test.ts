// Payment links (api-contract "Payment links"): the /v1 resource (create, retrieve, list, update,
// validation, idempotency, events, isolation), the public URL {checkout_url}/link/<id> (a new
// session per visit and a 303 to it; 410, 404 and 429 pages in French or English; HEAD makes
// nothing), the per-address visit limit, and the worker's cleanup of unpaid link sessions.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as linkRoute from '@/app/checkout/link/[id]/route';
import * as linksApi from '@/app/v1/payment_links/route';
import { RESPONSE_OBJECTS } from '@/lib/api/openapi';
import { LINK_VISITS_PER_CLIENT_PER_MINUTE } from '@/lib/domain/action-limits';
import { LINK_SESSION_RETENTION_SECONDS, visitPaymentLink } from '@/lib/domain/payment-links';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { workerTasks } from '@/lib/worker/tasks';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();

let key: string;
let liveKey: string;
let otherKey: string;
beforeAll(async () => {
  const m = await newMerchant(db());
  key = m.keys.test;
  liveKey = m.keys.live;
  otherKey = (await newMerchant(db(), 'Other shop')).keys.test;
});

afterEach(() => {
  vi.useRealTimers();
});

async function price(k = key, body: Record<string, unknown> = { currency: 'XOF', unitAmount: 2500 }) {
  const p = await call('POST', '/v1/products', { key: k, body: { name: 'Pagne wax' } });
  const r = await call('POST', '/v1/prices', { key: k, body: { productId: p.body.id, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: string; productId: string; unitAmount: number; currency: string };
}

async function link(body: Record<string, unknown> = {}, k = key) {
  const r = await call('POST', '/v1/payment_links', { key: k, body: { priceId: (await price(k)).id, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A client address no other test (or test file, on a shared PostgreSQL) uses: its own visit counter. */
const address = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

/** GET (or HEAD) the public URL through its route handler, as Next.js calls it. */
async function visit(id: string, opts: { method?: 'GET' | 'HEAD'; from?: string; lang?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.from ?? address() };
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (opts.cookie) headers.cookie = opts.cookie;
  const request = new Request(`http://localhost:3000/checkout/link/${encodeURIComponent(id)}`, { method: opts.method ?? 'GET', headers });
  const handler = opts.method === 'HEAD' ? linkRoute.HEAD : linkRoute.GET;
  const res = await handler(request, { params: Promise.resolve({ id }) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const sessionsOf = async (linkId: string) =>
  (await db().query<{ id: string }>(`select id from checkout_sessions where payment_link_id = $1 order by created_at, seq`, [linkId])).map((r) => r.id);

const linkCount = async (k: string) => (await call('GET', '/v1/payment_links?limit=100', { key: k })).body.data.length as number;

describe('payment links: the API', () => {
  it('creates a link with every field, and retrieves it', async () => {
    const pr = await price();
    const r = await call('POST', '/v1/payment_links', {
      key,
      body: {
        priceId: pr.id,
        successUrl: 'https://shop.example/merci',
        cancelUrl: 'https://shop.example/panier',
        locale: 'en',
        metadata: { canal: 'whatsapp' },
      },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('request-id')).toMatch(/^req_/);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^plink_[0-9A-Za-z]{22}$/),
      object: 'payment_link',
      url: `http://localhost:3000/checkout/link/${r.body.id}`,
      priceId: pr.id,
      active: true,
      successUrl: 'https://shop.example/merci',
      cancelUrl: 'https://shop.example/panier',
      locale: 'en',
      metadata: { canal: 'whatsapp' },
      livemode: false,
      createdAt: expect.any(Number),
    });
    expect(Math.abs(r.body.createdAt - Date.now() / 1000)).toBeLessThan(5);
    expect(RESPONSE_OBJECTS.PaymentLink.safeParse(r.body).error).toBeUndefined();
    const got = await call('GET', `/v1/payment_links/${r.body.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
  });

  it('defaults: active, locale auto, no URLs, empty metadata; URLs stored as the URL parser writes them', async () => {
    const l = await link();
    expect(l).toMatchObject({ active: true, locale: 'auto', successUrl: null, cancelUrl: null, metadata: {} });
    const n = await link({ successUrl: 'HTTPS://Shop.Example/ok?x=1' });
    expect(n.successUrl).toBe('https://shop.example/ok?x=1');
  });

  it('updates active and metadata (merged; "" or null removes a key), with no other field changeable', async () => {
    const l = await link({ metadata: { a: '1', b: '2' } });
    const off = await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: false, metadata: { a: '', b: null, c: '3' } } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...l, active: false, metadata: { c: '3' } });
    expect((await call('GET', `/v1/payment_links/${l.id}`, { key })).body).toEqual(off.body);
    const on = await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: true } });
    expect(on.body).toEqual({ ...off.body, active: true });
    for (const body of [{ priceId: l.priceId }, { successUrl: 'https://x.example/' }, { locale: 'fr' }, { cancelUrl: null }]) {
      const r = await call('POST', `/v1/payment_links/${l.id}`, { key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('parameter_invalid');
      expect(r.body.error.message).toMatch(/cannot be changed/);
    }
    const unknown = await call('POST', `/v1/payment_links/${l.id}`, { key, body: { url: 'https://evil.example/' } });
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'url' });
    expect((await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: 'no' } })).body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'active',
    });
  });

  it('lists newest first with the active filter and cursor pagination', async () => {
    const k = (await newMerchant(db())).keys.test;
    const a = await link({}, k);
    const b = await link({}, k);
    const c = await link({}, k);
    await call('POST', `/v1/payment_links/${b.id}`, { key: k, body: { active: false } });
    const all = await call('GET', '/v1/payment_links', { key: k });
    expect(all.body).toMatchObject({ object: 'list', hasMore: false, url: '/v1/payment_links' });
    expect(all.body.data.map((x: any) => x.id)).toEqual([c.id, b.id, a.id]);
    expect((await call('GET', '/v1/payment_links?active=true', { key: k })).body.data.map((x: any) => x.id)).toEqual([c.id, a.id]);
    expect((await call('GET', '/v1/payment_links?active=false', { key: k })).body.data.map((x: any) => x.id)).toEqual([b.id]);
    const page1 = await call('GET', '/v1/payment_links?limit=2', { key: k });
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.data.map((x: any) => x.id)).toEqual([c.id, b.id]);
    const page2 = await call('GET', `/v1/payment_links?limit=2&startingAfter=${b.id}`, { key: k });
    expect(page2.body).toMatchObject({ hasMore: false, data: [{ id: a.id }] });
    const back = await call('GET', `/v1/payment_links?endingBefore=${a.id}`, { key: k });
    expect(back.body.data.map((x: any) => x.id)).toEqual([c.id, b.id]);
    expect((await call('GET', '/v1/payment_links?active=maybe', { key: k })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'active' });
    expect((await call('GET', '/v1/payment_links?status=open', { key: k })).body.error).toMatchObject({ code: 'parameter_unknown', param: 'status' });
    for (const x of all.body.data) expect(RESPONSE_OBJECTS.PaymentLink.safeParse(x).error).toBeUndefined();
  });

  it('refuses bad input with the param named, and writes nothing', async () => {
    const k = (await newMerchant(db())).keys.test;
    const pr = await price(k);
    const inactive = await price(k);
    await call('POST', `/v1/prices/${inactive.id}`, { key: k, body: { active: false } });
    const ofInactiveProduct = await price(k);
    await call('POST', `/v1/products/${ofInactiveProduct.productId}`, { key: k, body: { active: false } });
    const others = await price(otherKey);
    const live = await price(liveKey);
    const cases: [unknown, string, string | undefined][] = [
      [{}, 'parameter_missing', 'priceId'],
      [{ priceId: 5 }, 'parameter_invalid', 'priceId'],
      [{ priceId: 'price_doesnotexist00000000' }, 'resource_missing', 'priceId'],
      [{ priceId: others.id }, 'resource_missing', 'priceId'],
      [{ priceId: live.id }, 'resource_missing', 'priceId'],
      [{ priceId: inactive.id }, 'parameter_invalid', 'priceId'],
      [{ priceId: ofInactiveProduct.id }, 'parameter_invalid', 'priceId'],
      [{ priceId: pr.id, successUrl: 'javascript:alert(1)' }, 'parameter_invalid', 'successUrl'],
      [{ priceId: pr.id, successUrl: '/merci' }, 'parameter_invalid', 'successUrl'],
      [{ priceId: pr.id, cancelUrl: 'https://user:pw@shop.example/' }, 'parameter_invalid', 'cancelUrl'],
      [{ priceId: pr.id, cancelUrl: 'https://shop.example/\nx' }, 'parameter_invalid', 'cancelUrl'],
      [{ priceId: pr.id, successUrl: `https://shop.example/${'a'.repeat(2048)}` }, 'parameter_invalid', 'successUrl'],
      [{ priceId: pr.id, locale: 'de' }, 'parameter_invalid', 'locale'],
      [{ priceId: pr.id, metadata: { n: 1 } }, 'parameter_invalid', 'metadata[n]'],
      [{ priceId: pr.id, active: false }, 'parameter_unknown', 'active'],
      [{ priceId: pr.id, expiresAt: 1 }, 'parameter_unknown', 'expiresAt'],
    ];
    for (const [body, code, param] of cases) {
      const r = await call('POST', '/v1/payment_links', { key: k, body });
      const what = JSON.stringify(body).slice(0, 80);
      expect(r.status, what).toBe(400);
      expect(r.body.error.type, what).toBe('invalid_request_error');
      expect(r.body.error.code, what).toBe(code);
      if (param) expect(r.body.error.param, what).toBe(param);
      expect(r.body.error.message.length).toBeGreaterThan(10);
    }
    expect(await linkCount(k)).toBe(0);
  });

  it('an Idempotency-Key makes one link; the replay is byte-identical', async () => {
    const k = (await newMerchant(db())).keys.test;
    const pr = await price(k);
    const post = async (body: unknown, idem: string) => {
      const res = await linksApi.POST(
        new Request('http://localhost:3000/v1/payment_links', {
          method: 'POST',
          headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json', 'idempotency-key': idem },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({}) },
      );
      return { status: res.status, headers: res.headers, text: await res.text() };
    };
    const body = { priceId: pr.id, metadata: { order: '42' } };
    const first = await post(body, 'link-once');
    const again = await post(body, 'link-once');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await linkCount(k)).toBe(1);
    const created = await call('GET', '/v1/events?type=payment_link.created', { key: k });
    expect(created.body.data).toHaveLength(1);
    // Another body with the same key: 422, still one link.
    const other = await post({ priceId: pr.id }, 'link-once');
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text).error.type).toBe('idempotency_error');
    // A refused create stores the refusal (the request ran) and writes no link.
    const missing = { priceId: 'price_doesnotexist00000000' };
    expect((await post(missing, 'link-refused')).status).toBe(400);
    const refusedAgain = await post(missing, 'link-refused');
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await linkCount(k)).toBe(1);
  });

  it('records payment_link.created and payment_link.updated with the link as the API shows it', async () => {
    const k = (await newMerchant(db())).keys.test;
    const l = await link({}, k);
    const created = (await call('GET', '/v1/events?type=payment_link.created', { key: k })).body.data;
    expect(created).toHaveLength(1);
    expect(created[0].data.object).toEqual(l);
    expect(RESPONSE_OBJECTS.Event.safeParse(created[0]).error).toBeUndefined();
    const off = (await call('POST', `/v1/payment_links/${l.id}`, { key: k, body: { active: false } })).body;
    // An update that changes nothing named records nothing.
    await call('POST', `/v1/payment_links/${l.id}`, { key: k, body: {} });
    const updated = (await call('GET', '/v1/events?type=payment_link.updated', { key: k })).body.data;
    expect(updated).toHaveLength(1);
    expect(updated[0].data.object).toEqual(off);
    // Webhook endpoints may subscribe to them.
    const we = await call('POST', '/v1/webhook_endpoints', {
      key: k,
      body: { url: 'http://127.0.0.1:9/hooks', enabledEvents: ['payment_link.created', 'payment_link.updated'] },
    });
    expect(we.status, JSON.stringify(we.body)).toBe(200);
    await link({}, k);
    const deliveries = (await call('GET', `/v1/webhook_endpoints/${we.body.id}/deliveries`, { key: k })).body.data;
    expect(deliveries.map((d: any) => d.eventType)).toEqual(['payment_link.created']);
    await call('DELETE', `/v1/webhook_endpoints/${we.body.id}`, { key: k });
  });

  it("another merchant's link and the other mode's link are 404, and never listed", async () => {
    const l = await link();
    for (const k of [otherKey, liveKey]) {
      const got = await call('GET', `/v1/payment_links/${l.id}`, { key: k });
      expect(got.status).toBe(404);
      expect(got.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
      expect(got.body.error.message).toContain(l.id);
      expect((await call('POST', `/v1/payment_links/${l.id}`, { key: k, body: { active: false } })).status).toBe(404);
      expect((await call('GET', '/v1/payment_links?limit=100', { key: k })).body.data.map((x: any) => x.id)).not.toContain(l.id);
    }
    expect((await call('GET', `/v1/payment_links/${l.id}`, { key })).body.active).toBe(true);
    expect((await call('GET', '/v1/payment_links/plink_doesnotexist000000', { key })).status).toBe(404);

    const live = await link({}, liveKey);
    expect(live.livemode).toBe(true);
    expect((await call('GET', `/v1/payment_links/${live.id}`, { key })).status).toBe(404);
    expect((await call('GET', `/v1/payment_links/${live.id}`, { key: liveKey })).body).toEqual(live);
    // A visit of a live link makes a live session, seen with the live key only.
    const v = await visit(live.id);
    expect(v.status).toBe(303);
    const csId = new URL(v.headers.get('location')!).pathname.split('/').pop()!;
    expect((await call('GET', `/v1/checkout_sessions/${csId}`, { key: liveKey })).body).toMatchObject({ livemode: true, paymentLinkId: live.id });
    expect((await call('GET', `/v1/checkout_sessions/${csId}`, { key })).status).toBe(404);
  });

  it('sessions made through the API carry paymentLinkId null', async () => {
    const pr = await price();
    const cs = await call('POST', '/v1/checkout_sessions', { key, body: { priceId: pr.id } });
    expect(cs.body.paymentLinkId).toBeNull();
    expect(RESPONSE_OBJECTS.CheckoutSession.safeParse(cs.body).error).toBeUndefined();
  });
});

describe('payment links: the public URL', () => {
  it("each visit makes a new session from the price, with the link's URLs and locale, and answers 303 to it", async () => {
    const pr = await price(key, { currency: 'XAF', unitAmount: 7500 });
    const l = (
      await call('POST', '/v1/payment_links', {
        key,
        body: { priceId: pr.id, successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/ko', locale: 'en', metadata: { m: '1' } },
      })
    ).body;
    const first = await visit(l.id);
    const second = await visit(l.id);
    for (const v of [first, second]) {
      expect(v.status).toBe(303);
      expect(v.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/checkout\/cs_[0-9A-Za-z]{22}$/);
      expect(v.headers.get('cache-control')).toBe('no-store');
      expect(v.text).toBe('');
    }
    expect(first.headers.get('location')).not.toBe(second.headers.get('location'));
    const ids = await sessionsOf(l.id);
    expect(ids).toHaveLength(2);
    for (const [i, v] of [first, second].entries()) {
      const cs = await call('GET', `/v1/checkout_sessions/${ids[i]}`, { key });
      expect(cs.body.url).toBe(v.headers.get('location'));
      expect(cs.body).toEqual({
        id: ids[i],
        object: 'checkout_session',
        url: `http://localhost:3000/checkout/${ids[i]}`,
        status: 'open',
        paymentIntentId: null,
        priceId: pr.id,
        paymentLinkId: l.id,
        amount: 7500,
        currency: 'XAF',
        successUrl: 'https://shop.example/ok',
        cancelUrl: 'https://shop.example/ko',
        locale: 'en',
        metadata: {},
        expiresAt: cs.body.createdAt + 24 * 3600,
        livemode: false,
        createdAt: expect.any(Number),
      });
      expect(RESPONSE_OBJECTS.CheckoutSession.safeParse(cs.body).error).toBeUndefined();
    }
    // A price session's events are unchanged: a visit records none (as POST /v1/checkout_sessions).
    const events = (await call('GET', '/v1/events?limit=100', { key })).body.data;
    expect(events.filter((e: any) => ids.includes(e.data.object.id))).toEqual([]);
    // The session is an ordinary price session: the buyer picks a rail and an intent is made.
    const { intent } = await chooseSessionRail(db(), ids[0]!, 'mobile_money_a');
    expect(intent).toMatchObject({ amount: 7500, currency: 'XAF', status: 'requires_payment_method' });
  });

  it('answers 410 with a page in French (default) or English once the link, its price or its product is inactive', async () => {
    const l = await link();
    await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: false } });
    const fr = await visit(l.id);
    expect(fr.status).toBe(410);
    expect(fr.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(fr.headers.get('cache-control')).toBe('no-store');
    expect(fr.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(fr.text).toMatch(/^<!doctype html><html lang="fr">/);
    expect(fr.text).toContain('<h1>Ce lien de paiement n&#39;est plus disponible</h1>');
    expect(fr.text).toContain('<meta name="viewport"');
    expect(fr.text).not.toContain('<script');
    const en = await visit(l.id, { lang: 'en-GB,en;q=0.9,fr;q=0.5' });
    expect(en.status).toBe(410);
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('<h1>This payment link is no longer available</h1>');
    expect((await visit(l.id, { lang: 'de-DE' })).text).toContain('<html lang="fr">');
    // The checkout page's language switch (its cookie) wins over the header.
    expect((await visit(l.id, { lang: 'en', cookie: 'caisse_locale=fr' })).text).toContain('<html lang="fr">');
    expect(await sessionsOf(l.id)).toEqual([]);

    // Reactivated: payable again.
    await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: true } });
    expect((await visit(l.id)).status).toBe(303);

    // The price turned off: gone; on again: payable again.
    await call('POST', `/v1/prices/${l.priceId}`, { key, body: { active: false } });
    expect((await visit(l.id)).status).toBe(410);
    await call('POST', `/v1/prices/${l.priceId}`, { key, body: { active: true } });
    expect((await visit(l.id)).status).toBe(303);

    // The price's product turned off: gone too.
    const productId = (await call('GET', `/v1/prices/${l.priceId}`, { key })).body.productId;
    await call('POST', `/v1/products/${productId}`, { key, body: { active: false } });
    expect((await visit(l.id)).status).toBe(410);
    expect(await sessionsOf(l.id)).toHaveLength(2);
  });

  it("answers 404 for an unknown or malformed link id, in the buyer's language", async () => {
    for (const id of ['plink_doesnotexist000000', 'plink_', 'cs_abcdefghijklmnopqrstuv', 'x', '../../v1/products', 'plink_<script>']) {
      const r = await visit(id);
      expect(r.status, id).toBe(404);
      expect(r.text).toContain('<h1>Lien de paiement introuvable</h1>');
      expect(r.text).not.toContain('<script>');
    }
    const en = await visit('plink_doesnotexist000000', { lang: 'en' });
    expect(en.text).toContain('<h1>Payment link not found</h1>');
  });

  it("HEAD tells the link's state and never makes a session", async () => {
    const l = await link();
    const head = await visit(l.id, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(await sessionsOf(l.id)).toEqual([]);
    expect((await visit('plink_doesnotexist000000', { method: 'HEAD' })).status).toBe(404);
    await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: false } });
    const gone = await visit(l.id, { method: 'HEAD' });
    expect(gone.status).toBe(410);
    expect(gone.text).toBe('');
    expect(await sessionsOf(l.id)).toEqual([]);
  });

  it(`limits visits to ${LINK_VISITS_PER_CLIENT_PER_MINUTE} a minute per client address (429 page with Retry-After)`, async () => {
    // A fixed instant 5 s into a minute window (Date only: the database's timers stay real).
    const t = Math.floor(Date.now() / 1000 / 60) * 60 + 5;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t * 1000);
    const l = await link();
    const from = address();
    for (let i = 0; i < LINK_VISITS_PER_CLIENT_PER_MINUTE; i++) expect((await visit(l.id, { from })).status).toBe(303);
    const over = await visit(l.id, { from });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('55');
    expect(over.text).toContain('<h1>Trop de tentatives</h1>');
    expect(over.text).toContain('Réessayez dans 55 secondes');
    // Unknown ids count too (no walking the id space), and another address of the same IPv6 /64 is the same client.
    expect((await visit('plink_doesnotexist000000', { from })).status).toBe(429);
    expect((await visit(l.id, { from: from.replace(/::1$/, '::2') })).status).toBe(429);
    expect((await visit(l.id)).status).toBe(303);
    expect(await sessionsOf(l.id)).toHaveLength(LINK_VISITS_PER_CLIENT_PER_MINUTE + 1);
    // The next window: allowed again.
    vi.setSystemTime((t + 60) * 1000);
    expect((await visit(l.id, { from })).status).toBe(303);
  });

  it('the domain function: a session, or why not', async () => {
    const l = await link();
    const now = Math.floor(Date.now() / 1000);
    const ok = await visitPaymentLink(db(), l.id, address(), now);
    expect(ok.ok && ok.session).toMatchObject({ paymentLinkId: l.id, createdAt: now, expiresAt: now + 24 * 3600 });
    expect(await visitPaymentLink(db(), 'plink_doesnotexist000000', address(), now)).toEqual({ ok: false, reason: 'not_found' });
    expect(await visitPaymentLink(db(), 'not an id', null, now)).toEqual({ ok: false, reason: 'not_found' });
    await call('POST', `/v1/payment_links/${l.id}`, { key, body: { active: false } });
    expect(await visitPaymentLink(db(), l.id, address(), now)).toEqual({ ok: false, reason: 'inactive' });
  });
});

describe('payment links: cleanup (purge-link-sessions)', () => {
  it('deletes only link sessions that expired unpaid, with no intent, over 24 h ago; keeps the rest and the events', async () => {
    const m = await newMerchant(db());
    const k = m.keys.test;
    const l = await link({}, k);
    const visitId = async () => {
      const v = await visit(l.id);
      expect(v.status).toBe(303);
      return new URL(v.headers.get('location')!).pathname.split('/').pop()!;
    };
    const unpaid = await visitId(); // expired, never a rail picked: deleted
    const withIntent = await visitId(); // a rail picked (an intent), then expired: kept
    const open = await visitId(); // still open: kept
    await chooseSessionRail(db(), withIntent, 'mobile_money_a');
    const apiSession = (await call('POST', '/v1/checkout_sessions', { key: k, body: { priceId: l.priceId } })).body.id; // not from a link: kept
    // Another merchant's expired link session: a pass scoped to this merchant leaves it alone.
    const theirs = await link({}, otherKey);
    const v = await visit(theirs.id);
    const theirSession = new URL(v.headers.get('location')!).pathname.split('/').pop()!;

    const before = Math.floor(Date.now() / 1000);
    for (const [id, kk] of [
      [unpaid, k],
      [withIntent, k],
      [apiSession, k],
      [theirSession, otherKey],
    ] as const)
      expect((await call('POST', `/v1/checkout_sessions/${id}/expire`, { key: kk, body: {} })).status).toBe(200);
    const after = Math.floor(Date.now() / 1000);

    const task = (t: number) => workerTasks({ merchantId: m.merchant.id, now: () => t }).find((x) => x.name === 'purge-link-sessions')!;
    expect(task(0).intervalMs).toBe(10 * 60_000);
    // Not yet 24 h after they expired: nothing.
    expect(await task(before + LINK_SESSION_RETENTION_SECONDS - 5).run(db())).toBe(0);
    // Past it: only the unpaid link session.
    expect(await task(after + LINK_SESSION_RETENTION_SECONDS + 5).run(db())).toBe(1);
    expect(await task(after + LINK_SESSION_RETENTION_SECONDS + 5).run(db())).toBe(0);

    expect((await call('GET', `/v1/checkout_sessions/${unpaid}`, { key: k })).status).toBe(404);
    expect((await call('GET', `/v1/checkout_sessions/${withIntent}`, { key: k })).body).toMatchObject({
      status: 'expired',
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    expect((await call('GET', `/v1/checkout_sessions/${open}`, { key: k })).body.status).toBe('open');
    expect((await call('GET', `/v1/checkout_sessions/${apiSession}`, { key: k })).body.status).toBe('expired');
    expect((await call('GET', `/v1/checkout_sessions/${theirSession}`, { key: otherKey })).body.status).toBe('expired');
    // The deleted session's checkout_session.expired event is kept (it was the merchant's history).
    const expired = (await call('GET', '/v1/events?type=checkout_session.expired&limit=100', { key: k })).body.data;
    expect(expired.map((e: any) => e.data.object.id)).toContain(unpaid);
    // The link itself is untouched and still makes sessions.
    expect((await call('GET', `/v1/payment_links/${l.id}`, { key: k })).body.active).toBe(true);
    expect((await visit(l.id)).status).toBe(303);
  });
});
