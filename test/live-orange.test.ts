// Live Orange Money (mobile_money_b, MOMO_B_PROTOCOL's default orange_money) through the API: a
// live key, the registry's Orange adapter (MOMO_B_CLIENT_ID, _CLIENT_SECRET, _MERCHANT_KEY,
// _WEBPAY_COUNTRY, _WEBPAY_CURRENCY, _BASE_URL) and the fake Orange (test/fakes/orange.ts). The
// payer's side is the fake: it confirms, pays or fails on Orange's page and POSTs its notification
// to the notif_url it was given. BASE_URL is a listener of this file standing for Caisse's public
// address: what the fake posts there is handed to the real callback route, or kept for the test to
// deliver at its own clock (handleMobileMoneyCallback with `now`). Worker passes are scoped to the
// test's merchant and run on an injected clock; the fake's clock is moved the same way.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as callbackPost } from '@/app/callbacks/mobile_money/[rail]/route';
import { resetRailHealth } from '@/lib/domain/rail-health';
import { nowSeconds } from '@/lib/ids';
import { handleMobileMoneyCallback } from '@/lib/payments/callback';
import { pollDueAttempts } from '@/lib/payments/poll';
import { ORANGE_EXPIRY_MARGIN_SECONDS, ORANGE_PAY_TOKEN_SECONDS } from '@/lib/rails/mobile-money/orange';
import type { CallbackInput } from '@/lib/rails/types';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeOrange, startFakeOrange } from './fakes/orange';
import { assertMoneyInvariant, intentEvents } from './invariant';
import { type AttemptRow, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
const RAIL = 'mobile_money_b';
const TIMEOUT_SECONDS = 600; // Orange Money's default payer time (operators.ts), MOMO_B_TIMEOUT_SECONDS unset
const SEC = 1000;

/** Caisse's public address as Orange sees it: every notification posted there is kept, and handed to the route unless `forward` is off. */
interface Caisse {
  url: string;
  forward: boolean;
  inbox: (Omit<CallbackInput, 'now'> & { method: string })[];
  close(): Promise<void>;
}

async function startCaisse(): Promise<Caisse> {
  const caisse: Caisse = { url: '', forward: true, inbox: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const url = `${caisse.url}${req.url ?? '/'}`;
        const headers = new Headers({ 'content-type': String(req.headers['content-type'] ?? '') });
        caisse.inbox.push({ method: req.method ?? '', url, headers, rawBody });
        const rail = /^\/callbacks\/mobile_money\/([^/?]+)/.exec(req.url ?? '')?.[1];
        if (!caisse.forward || !rail) {
          res.writeHead(rail ? 200 : 404).end();
          return;
        }
        const out = await callbackPost(new Request(url, { method: req.method, headers, body: rawBody }), { params: Promise.resolve({ rail }) });
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(await out.text());
      })().catch((err: unknown) => res.writeHead(599).end(String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  caisse.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  caisse.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return caisse;
}

let fake: FakeOrange;
let caisse: Caisse;

beforeAll(async () => {
  fake = await startFakeOrange();
  caisse = await startCaisse();
});
useLiveConfig(() => ({
  BASE_URL: caisse.url,
  MOMO_B_BASE_URL: fake.url,
  MOMO_B_CLIENT_ID: fake.clientId,
  MOMO_B_CLIENT_SECRET: fake.clientSecret,
  MOMO_B_MERCHANT_KEY: fake.merchantKey,
  MOMO_B_WEBPAY_COUNTRY: fake.country,
  MOMO_B_WEBPAY_CURRENCY: fake.currency, // OUV, as Orange's DEV API asks
  RAIL_HTTP_TIMEOUT_MS: '500',
}));
afterEach(async () => {
  caisse.forward = true;
  fake.expireIdle = false;
  await resetRailHealth(db(), RAIL, true); // failed backend calls count against the rail's health
});
afterAll(async () => {
  await caisse.close();
  await fake.close();
});

const lookups = () => fake.requests.filter((r) => r.path === `/orange-money-webpay/${fake.country}/v1/transactionstatus`).length;
const webpayments = () => fake.requests.filter((r) => r.path === `/orange-money-webpay/${fake.country}/v1/webpayment`).length;

type Row = AttemptRow & { created_at: number };

/** A live XOF intent on Orange Money, its merchant, and what the test does with it. */
async function liveIntent(amount = 2000) {
  const m = await newMerchant(db());
  const key = m.keys.live;
  const pi = await newIntent(key, { amount, currency: 'XOF', rail: RAIL });
  const attempts = () => db().query<Row>(`select * from payment_attempts where payment_intent_id = $1 order by seq`, [pi.id]);
  return {
    m,
    key,
    pi,
    attempts,
    confirm: (body: Record<string, unknown> = {}) => call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key, body }),
    get: async () => (await call('GET', `/v1/payment_intents/${pi.id}`, { key })).body,
    poll: (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id }),
    /** Orange's payment of the intent's latest attempt. */
    payment: async () => {
      const rows = await attempts();
      const p = fake.byOrder(rows.at(-1)!.id);
      if (!p) throw new Error('Orange has no payment for the latest attempt');
      return p;
    },
    /** What Orange says the payer paid, over every attempt of the intent. */
    paidAtOrange: async () =>
      (await attempts()).reduce((s, a) => s + (fake.byOrder(a.id)?.status === 'SUCCESS' ? Number(fake.byOrder(a.id)!.body.amount) : 0), 0),
  };
}

/** Hand a notification the fake posted to the callback handler, at the test's clock. */
const deliver = (posted: Omit<CallbackInput, 'now'>, t: number) =>
  handleMobileMoneyCallback(db(), RAIL, { headers: posted.headers, rawBody: posted.rawBody, url: posted.url }, t);

describe('live Orange Money through the API: confirm', () => {
  it("no phone: 200 pending, redirect_to_url to Orange's payment page; Orange got the documented web payment", async () => {
    const c = await liveIntent(2000);
    const r = await c.confirm();
    expect(r.status).toBe(200);
    const [att] = await c.attempts();
    const pay = fake.byOrder(att!.id)!;
    expect(r.body).toMatchObject({ status: 'pending', livemode: true, amountReceived: 0, lastPaymentError: null });
    expect(r.body.nextAction).toEqual({
      type: 'redirect_to_url',
      url: pay.paymentUrl,
      operator: 'Orange Money',
      phone: null,
      expiresAt: att!.created_at + TIMEOUT_SECONDS,
      quote: null,
    });
    expect(pay.body).toEqual({
      merchant_key: fake.merchantKey,
      currency: 'OUV',
      order_id: att!.id,
      amount: 2000,
      return_url: `${caisse.url}/operator-return`,
      cancel_url: `${caisse.url}/operator-return`,
      notif_url: `${caisse.url}/callbacks/mobile_money/${RAIL}?attempt=${att!.id}`,
      lang: 'fr',
      reference: `Payment ${c.pi.id}`.slice(0, 30),
    });
    expect(att).toMatchObject({ status: 'pending', backend_ref: pay.payToken, destination: '' });
    // The notif_token proves a notification is Orange's: only its hash is kept, and it is shown nowhere.
    const everything = JSON.stringify([await c.attempts(), await db().query(`select data from events where data->'object'->>'id' = $1`, [c.pi.id]), r.body]);
    expect(everything).not.toContain(pay.notifToken);
    // Confirming again answers the same payment page: nothing new at Orange.
    const sent = webpayments();
    const again = await c.confirm();
    expect(again.body.nextAction).toEqual(r.body.nextAction);
    expect(webpayments()).toBe(sent);
    expect(await intentEvents(db(), c.pi.id)).toEqual(['payment_intent.created', 'payment_intent.pending']);
  });

  it("a phone is optional and kept in E.164 for the record; the confirm's https returnUrl is where Orange sends the payer back", async () => {
    const c = await liveIntent();
    const r = await c.confirm({ phone: '07 07 12 00 00', returnUrl: 'https://shop.example/back?order=42' });
    expect(r.status).toBe(200);
    expect(r.body.nextAction).toMatchObject({ type: 'redirect_to_url', operator: 'Orange Money', phone: '+2250707120000' });
    const pay = await c.payment();
    expect(r.body.nextAction.url).toBe(pay.paymentUrl);
    expect(pay.body).toMatchObject({ return_url: 'https://shop.example/back?order=42', cancel_url: 'https://shop.example/back?order=42' });
    expect(pay.body).not.toHaveProperty('msisdn'); // Orange asks the payer on its page
    // Not a number of Orange's market: 400 before anything is asked of Orange.
    const other = await liveIntent();
    const sent = webpayments();
    const bad = await other.confirm({ phone: '+33612345678' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ param: 'phone' });
    expect(webpayments()).toBe(sent);
    // A returnUrl that is not https is refused the same way.
    expect((await other.confirm({ returnUrl: 'http://shop.example/back' })).status).toBe(400);
    expect(webpayments()).toBe(sent);
  });

  it("with a checkout session, Orange sends the payer back to the session's page, in the session's language", async () => {
    const c = await liveIntent();
    const cs = await call('POST', '/v1/checkout_sessions', { key: c.key, body: { paymentIntentId: c.pi.id, locale: 'en' } });
    expect(cs.status).toBe(200);
    // A returnUrl beside a session would be ignored: refused.
    expect((await c.confirm({ returnUrl: 'https://shop.example/ignored' })).body.error).toMatchObject({ param: 'returnUrl' });
    const r = await c.confirm();
    expect(r.status).toBe(200);
    const pay = await c.payment();
    expect(pay.body).toMatchObject({ return_url: `${caisse.url}/checkout/${cs.body.id}`, cancel_url: `${caisse.url}/checkout/${cs.body.id}`, lang: 'en' });
    expect(cs.body.url).toBe(pay.body.return_url);
  });
});

describe('live Orange Money through the API: payments', () => {
  it("(a) the payer pays: Orange's notification reaches the callback route and the intent succeeds at once, one payment_intent.succeeded", async () => {
    const c = await liveIntent(2000);
    expect((await c.confirm()).status).toBe(200);
    const [att] = await c.attempts();
    const pay = await c.payment();
    fake.confirm(pay.payToken); // the payer clicks "Confirmer"
    const before = lookups();
    expect(await fake.complete(pay.payToken, 'SUCCESS')).toBe(200);
    // Posted where we asked, with what Orange documents.
    const posted = caisse.inbox.at(-1)!;
    expect(posted).toMatchObject({ method: 'POST', url: `${caisse.url}/callbacks/mobile_money/${RAIL}?attempt=${att!.id}` });
    expect(JSON.parse(posted.rawBody)).toEqual({ status: 'SUCCESS', notif_token: pay.notifToken, txnid: pay.txnid });
    // No worker pass: the notification made us ask Orange, and Orange's answer paid the intent.
    expect(lookups()).toBe(before + 1);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, nextAction: null, lastPaymentError: null });
    const [done] = await c.attempts();
    expect(done).toMatchObject({ status: 'succeeded', amount_received: 2000, watch_until: null, next_poll_at: null });
    expect(done!.details.txnid).toBe(pay.txnid);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: now() + 5 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it("(b) a notification that is not Orange's (wrong or missing notif_token, another payment's): 400, nothing changes, Orange is not even asked", async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const pay = await c.payment();
    const other = await liveIntent(2000);
    await other.confirm();
    const otherPay = await other.payment();
    // The payer has paid, but no notification came yet: a forger who guessed it must not make us act.
    await fake.complete(pay.payToken, 'SUCCESS', { notify: false });
    const before = lookups();
    const row = JSON.stringify(await c.attempts());
    expect(await fake.notify(pay.payToken, { ...fake.notification(pay.payToken), notif_token: 'f'.repeat(32) })).toBe(400);
    expect(await fake.notify(pay.payToken, { status: 'SUCCESS', txnid: pay.txnid })).toBe(400);
    expect(await fake.notify(pay.payToken, fake.notification(otherPay.payToken))).toBe(400);
    expect(await fake.notify(pay.payToken, 'not json')).toBe(400);
    // The same forgery handed to the handler directly: refused before anything is read or written.
    const forged = caisse.inbox.at(-4)!;
    expect(forged.url).toBe(`${caisse.url}/callbacks/mobile_money/${RAIL}?attempt=${att!.id}`);
    await expect(deliver(forged, now() + 60)).rejects.toMatchObject({ code: 'parameter_invalid' });
    // A well-formed notification for an attempt that does not exist: 404.
    const unknown = {
      ...caisse.inbox.at(-1)!,
      rawBody: JSON.stringify(fake.notification(pay.payToken)),
      url: `${caisse.url}/callbacks/mobile_money/${RAIL}?attempt=att_0000000000000000000000`,
    };
    await expect(deliver(unknown, now())).rejects.toMatchObject({ code: 'resource_missing' });
    expect(lookups()).toBe(before);
    expect(JSON.stringify(await c.attempts())).toBe(row); // not even the callback's lookup time
    expect(await c.get()).toMatchObject({ status: 'pending', amountReceived: 0 });
    expect(await intentEvents(db(), c.pi.id)).toEqual(['payment_intent.created', 'payment_intent.pending']);
    // Orange's own notification then pays it.
    expect(await fake.notify(pay.payToken, fake.notification(pay.payToken))).toBe(200);
    expect(lookups()).toBe(before + 1);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: now() + 5 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    await assertMoneyInvariant(db(), other.pi.id, { paid: 0, now: now() + 5 });
  });

  it('(c) the notification is lost: the worker asks Orange and finds SUCCESS', async () => {
    const c = await liveIntent(2000);
    const t0 = now();
    await c.confirm();
    const pay = await c.payment();
    fake.confirm(pay.payToken);
    await c.poll(t0 + 10);
    expect(await c.get()).toMatchObject({ status: 'pending', amountReceived: 0 });
    await fake.complete(pay.payToken, 'SUCCESS', { notify: false });
    const seen = caisse.inbox.length;
    await c.poll(t0 + 20);
    expect(caisse.inbox.length).toBe(seen); // nothing was posted
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: t0 + 30 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('(d) the payer fails: requires_payment_method with lastPaymentError; confirming again makes a new payment at Orange, which pays', async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const first = await c.payment();
    fake.confirm(first.payToken);
    expect(await fake.complete(first.payToken, 'FAILED')).toBe(200);
    expect(JSON.parse(caisse.inbox.at(-1)!.rawBody)).toEqual({ status: 'FAILED', notif_token: first.notifToken });
    const failed = await c.get();
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      nextAction: null,
      lastPaymentError: { code: 'payment_failed', message: 'Orange Money refused or could not complete the payment.', rail: RAIL },
    });
    // FAILED is Orange's final word: the attempt is no longer watched.
    expect((await c.attempts())[0]).toMatchObject({ status: 'failed', watch_until: null, next_poll_at: null });
    const retry = await c.confirm();
    expect(retry.status).toBe(200);
    const second = await c.payment();
    expect(second.payToken).not.toBe(first.payToken);
    expect(retry.body).toMatchObject({ status: 'pending', lastPaymentError: null, nextAction: { type: 'redirect_to_url', url: second.paymentUrl } });
    expect(await fake.complete(second.payToken, 'SUCCESS')).toBe(200);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    expect((await c.attempts()).map((a) => a.status)).toEqual(['failed', 'succeeded']);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: now() + 5 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it(`(e) nobody pays: our timeout (${TIMEOUT_SECONDS} s) gives the payer another try and the attempt stays watched; INITIATED past the validity + margin ends the watch`, async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const t0 = att!.created_at;
    await c.poll(t0 + TIMEOUT_SECONDS - 5); // the last poll before our time is up (every 5 s)
    expect(await c.get()).toMatchObject({ status: 'pending' });
    await c.poll(t0 + TIMEOUT_SECONDS);
    expect(await c.get()).toMatchObject({
      status: 'requires_payment_method',
      nextAction: null,
      lastPaymentError: { code: 'timeout', message: 'The payer did not approve the payment request in time.', rail: RAIL },
    });
    const [timedOut] = await c.attempts();
    expect(timedOut).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect(timedOut!.watch_until).toBeGreaterThan(t0 + ORANGE_PAY_TOKEN_SECONDS + ORANGE_EXPIRY_MARGIN_SECONDS);
    expect(timedOut!.next_poll_at).not.toBeNull();
    // Orange still says INITIATED (it does for ever): watched until well past the pay_token's validity.
    const end = t0 + ORANGE_PAY_TOKEN_SECONDS + ORANGE_EXPIRY_MARGIN_SECONDS;
    await c.poll(end - 60); // the last watch poll before (once a minute)
    expect((await c.attempts())[0]!.watch_until).not.toBeNull();
    await c.poll(end);
    expect(fake.byOrder(att!.id)!.status).toBe('INITIATED');
    expect((await c.attempts())[0]).toMatchObject({ status: 'failed', watch_until: null, next_poll_at: null });
    const before = lookups();
    await c.poll(end + 3600);
    expect(lookups()).toBe(before);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: 0, now: end + 3600 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('the payer confirmed at Orange (PENDING, in progress): leaving for another rail is refused until Orange answers', async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const pay = await c.payment();
    fake.confirm(pay.payToken);
    await c.poll(att!.created_at + 5);
    const leave = await c.confirm({ rail: 'mobile_money_a' });
    expect(leave.status).toBe(409);
    expect(leave.body.error.message).toMatch(/being processed/);
    await fake.complete(pay.payToken, 'FAILED', { notify: false });
    await c.poll(att!.created_at + 10);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'payment_failed' } });
    await assertMoneyInvariant(db(), c.pi.id, { paid: 0, now: att!.created_at + 10 });
  });

  it('(e) paid at Orange after we stopped watching: its verified notification watches the attempt again and the money is counted', async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const t0 = att!.created_at;
    const end = t0 + ORANGE_PAY_TOKEN_SECONDS + ORANGE_EXPIRY_MARGIN_SECONDS;
    await c.poll(t0 + TIMEOUT_SECONDS);
    await c.poll(end);
    expect((await c.attempts())[0]).toMatchObject({ status: 'failed', watch_until: null, next_poll_at: null });
    // A merchant whose pay_token lives longer: the payer pays at Orange after all.
    caisse.forward = false;
    const seen = caisse.inbox.length;
    try {
      expect(await fake.complete((await c.payment()).payToken, 'SUCCESS')).toBe(200);
    } finally {
      caisse.forward = true;
    }
    expect(caisse.inbox.length).toBe(seen + 1);
    // A forged notification would not re-arm anything (checked in (b)); the verified one does.
    await deliver(caisse.inbox.at(-1)!, end + 300);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: 2000, now: end + 300 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('(e) a payer who confirmed just in time, paid after our timeout: the late SUCCESS still pays the intent', async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const t0 = att!.created_at;
    const pay = await c.payment();
    fake.advance((ORANGE_PAY_TOKEN_SECONDS - 10) * SEC);
    fake.confirm(pay.payToken);
    expect(fake.payments.get(pay.payToken)!.status).toBe('PENDING');
    await c.poll(t0 + TIMEOUT_SECONDS);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'timeout' } });
    caisse.forward = false;
    expect(await fake.complete(pay.payToken, 'SUCCESS')).toBe(200);
    await deliver(caisse.inbox.at(-1)!, t0 + TIMEOUT_SECONDS + 10);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, lastPaymentError: null });
    expect((await c.attempts())[0]).toMatchObject({ status: 'succeeded', amount_received: 2000, watch_until: null });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: t0 + TIMEOUT_SECONDS + 20 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('(e) the late SUCCESS of an intent the merchant canceled meanwhile is recorded (late_payment), found by the worker', async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const t0 = att!.created_at;
    const pay = await c.payment();
    fake.advance((ORANGE_PAY_TOKEN_SECONDS - 5) * SEC);
    fake.confirm(pay.payToken);
    await c.poll(t0 + TIMEOUT_SECONDS);
    expect((await call('POST', `/v1/payment_intents/${c.pi.id}/cancel`, { key: c.key })).status).toBe(200);
    await fake.complete(pay.payToken, 'SUCCESS', { notify: false });
    await c.poll(t0 + TIMEOUT_SECONDS + 60);
    expect(await c.get()).toMatchObject({ status: 'canceled', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: t0 + TIMEOUT_SECONDS + 120 });
    expect(events).toEqual([
      'payment_intent.canceled',
      'payment_intent.created',
      'payment_intent.late_payment',
      'payment_intent.payment_failed',
      'payment_intent.pending',
    ]);
  });

  it('(e) an Orange that reports the idle payment EXPIRED: the payer may try again, and nothing is watched any more', async () => {
    fake.expireIdle = true;
    const c = await liveIntent(2000);
    await c.confirm();
    const [att] = await c.attempts();
    const t0 = att!.created_at;
    fake.advance(ORANGE_PAY_TOKEN_SECONDS * SEC);
    await c.poll(t0 + TIMEOUT_SECONDS);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'timeout' } });
    expect((await c.attempts())[0]).toMatchObject({ status: 'failed', watch_until: null, next_poll_at: null });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: 0, now: t0 + TIMEOUT_SECONDS + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('(f) Orange down on create (5xx, timeout): 503 rail_unavailable and no attempt left pending; a 4xx: 402 payment_refused', async () => {
    const c = await liveIntent(2000);
    fake.fail('webpayment', { status: 500, body: { code: 1, message: 'Internal error' }, record: true });
    const down = await c.confirm();
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ type: 'api_error', code: 'rail_unavailable' });
    fake.fail('webpayment', 'timeout');
    const slow = await c.confirm();
    expect(slow.status).toBe(503);
    expect(slow.body.error).toMatchObject({ code: 'rail_unavailable' });
    expect((await c.attempts()).map((a) => [a.status, a.error?.code, a.watch_until])).toEqual([
      ['failed', 'rail_unavailable', null],
      ['failed', 'rail_unavailable', null],
    ]);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, nextAction: null });
    expect(await intentEvents(db(), c.pi.id)).toEqual(['payment_intent.created']);
    await resetRailHealth(db(), RAIL, true);

    fake.fail('webpayment', { status: 400, body: { code: 24, message: 'Invalid body field', description: 'amount must be greater than 0' } });
    const refused = await c.confirm();
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: 'payment_refused' });
    // Orange never had the payer's number: the refusal does not blame it.
    expect(refused.body.error.param).toBeNull();
    expect(refused.body.error.message).not.toMatch(/phone/);
    expect((await c.attempts()).at(-1)).toMatchObject({ status: 'failed', error: { code: 'payment_refused' }, watch_until: null });
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'payment_refused', rail: RAIL } });
    // The rail is fine: the next confirm shows Orange's page.
    const ok = await c.confirm();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'pending', nextAction: { type: 'redirect_to_url', url: (await c.payment()).paymentUrl } });
    // The re-poll skips the refused attempts: they never got a pay_token to ask Orange about.
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: 0, now: nowSeconds() });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('(f) a returnUrl longer than Orange takes (120 characters): 400 on returnUrl, nothing sent to Orange, no payer failure', async () => {
    const c = await liveIntent(2000);
    const before = webpayments();
    const long = await c.confirm({ returnUrl: `https://shop.example/${'x'.repeat(150)}` });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'parameter_invalid', param: 'returnUrl' });
    expect(webpayments()).toBe(before);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', lastPaymentError: null });
    expect(await c.attempts()).toEqual([]);
  });

  it('(f) our credentials refused by Orange: 503 rail_unavailable, nothing made', async () => {
    await (await liveIntent()).confirm(); // the adapter holds a token, which Orange then forgets
    const c = await liveIntent(2000);
    fake.revokeTokens();
    fake.fail('token', {
      status: 401,
      body: { error: 'invalid_client', error_description: 'The requested service needs credentials, but the ones provided were invalid.' },
    });
    const sent = webpayments();
    const r = await c.confirm();
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ code: 'rail_unavailable' });
    expect(webpayments()).toBe(sent + 1); // the revoked token's 401, then no new token: no second try
    expect((await c.attempts()).map((a) => a.status)).toEqual(['failed']);
    await assertMoneyInvariant(db(), c.pi.id, { paid: 0, noRepoll: true });
  });

  it('(g) a notification replayed after the success changes nothing, and asks Orange nothing', async () => {
    const c = await liveIntent(2000);
    await c.confirm();
    const pay = await c.payment();
    expect(await fake.complete(pay.payToken, 'SUCCESS')).toBe(200);
    const original = caisse.inbox.at(-1)!;
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const before = lookups();
    const events = await intentEvents(db(), c.pi.id);
    // Replayed through the route, and later at our clock (past the callback spacing), and with a
    // FAILED status under the same token.
    expect(await fake.notify(pay.payToken, JSON.parse(original.rawBody))).toBe(200);
    await expect(deliver(original, now() + 60)).resolves.toEqual({ received: true });
    await expect(deliver({ ...original, rawBody: JSON.stringify({ ...JSON.parse(original.rawBody), status: 'FAILED' }) }, now() + 120)).resolves.toEqual({
      received: true,
    });
    expect(lookups()).toBe(before);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, lastPaymentError: null });
    expect(await intentEvents(db(), c.pi.id)).toEqual(events);
    const final = await assertMoneyInvariant(db(), c.pi.id, { paid: await c.paidAtOrange(), now: now() + 180 });
    expect(final).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});
