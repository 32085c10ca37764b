// Live Wave through the API: a live key, the registry's Wave adapter on mobile_money_d (its default
// protocol; MOMO_D_API_KEY / MOMO_D_WEBHOOK_SECRET / MOMO_D_BASE_URL), and the fake Wave
// (test/fakes/wave.ts, written from Wave's documentation) as the backend. The payer's side is the
// fake: it pays the session the API sent the payer to, and posts Wave's signed webhooks to a
// receiver that hands them to our callback handler, through the HTTP route on the real clock, or
// through handleMobileMoneyCallback on the test's clock. Worker passes are scoped to the test's
// merchant and run on an injected clock. Every payment path ends with the money invariant.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as callbackPost } from '@/app/callbacks/mobile_money/[rail]/route';
import { errorResponse } from '@/lib/api/route';
import { backendKey } from '@/lib/domain/rail-health';
import { availableRails } from '@/lib/payments/available-rails';
import { handleMobileMoneyCallback } from '@/lib/payments/callback';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { railAdapter } from '@/lib/rails/registry';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeWave, startFakeWave, waveError } from './fakes/wave';
import { assertMoneyInvariant, intentEvents } from './invariant';
import { newIntent, now } from './lifecycle-helpers';
import { type Receiver, startReceiver } from './webhook-receiver';

const { db } = useDatabase();
const API_KEY = 'wave_sn_prod_livetestkey0123456789abcdef';
const SECRET = 'wave_sn_WHS_livetestsecret0123456789abcdefghijklmnop';
const RAIL = 'mobile_money_d';
const CALLBACK_PATH = `/callbacks/mobile_money/${RAIL}`;

let wave: FakeWave;
let receiver: Receiver;
/** The clock our callback handler runs on; null: the HTTP route, on the real clock. */
let clock: number | null = null;

/** What our server does with a webhook Wave posts: its HTTP status. */
async function deliverToUs(r: { headers: Record<string, string>; body: string }): Promise<number> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) if (!['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers.set(k, v);
  const url = `https://caisse.example${CALLBACK_PATH}`;
  if (clock === null) {
    const res = await callbackPost(new Request(url, { method: 'POST', headers, body: r.body }), { params: Promise.resolve({ rail: RAIL }) });
    return res.status;
  }
  try {
    await handleMobileMoneyCallback(db(), RAIL, { headers, rawBody: r.body, url }, clock);
    return 200;
  } catch (err) {
    return errorResponse(err, 'req_test').status;
  }
}

beforeAll(async () => {
  wave = await startFakeWave({ apiKey: API_KEY, webhookSecret: SECRET });
  receiver = await startReceiver({ respond: (r) => deliverToUs(r) });
  wave.webhookUrl = `http://127.0.0.1:${receiver.port}${CALLBACK_PATH}`;
});
// Our own address as Wave sees it: a loopback address (the start-up check takes only https or loopback).
useLiveConfig(() => ({
  BASE_URL: 'http://127.0.0.1:3000',
  MOMO_D_BASE_URL: wave.url,
  MOMO_D_API_KEY: API_KEY,
  MOMO_D_WEBHOOK_SECRET: SECRET,
  RAIL_HTTP_TIMEOUT_MS: '1000',
}));
afterEach(async () => {
  clock = null;
  wave.mode = 'ok';
  // Failed backend calls count against the rail's health: this backend's only (files share PostgreSQL).
  await db().query(`delete from rail_health where backend = $1`, [backendKey(railAdapter(RAIL, true)!)]);
});
afterAll(async () => {
  await receiver.close();
  await wave.close();
});

interface AttemptRow {
  id: string;
  status: string;
  backend_ref: string;
  destination: string | null;
  amount_received: number;
  error: { code: string } | null;
  details: Record<string, any>;
  created_at: number;
  expires_at: number;
  next_poll_at: number | null;
  watch_until: number | null;
  locked_until: number | null;
}
const attemptsOf = (intentId: string) => db().query<AttemptRow>(`select * from payment_attempts where payment_intent_id = $1 order by seq`, [intentId]);

/** A live XOF intent on mobile_money_d, confirmed through the API. */
async function confirmed(body: Record<string, unknown> = {}, amount = 2000) {
  const m = await newMerchant(db());
  const pi = await newIntent(m.keys.live, { amount, currency: 'XOF', rail: RAIL });
  const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body });
  expect(res.status).toBe(200);
  const [att] = await attemptsOf(pi.id);
  return { res, att: att!, t0: Number(att!.created_at), ...(await confirmedView(m, pi, att!.backend_ref)) };
}

/** Reading an intent on mobile_money_d and its Wave session. */
async function confirmedView(m: Awaited<ReturnType<typeof newMerchant>>, pi: { id: string }, sessionId: string) {
  const lookups = () => wave.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`).length;
  return {
    m,
    pi,
    sessionId,
    scope: { merchantId: m.merchant.id, livemode: true },
    session: () => wave.sessions.get(sessionId)!.session,
    poll: (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id }),
    get: async () => (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body,
    attempt: async () => (await attemptsOf(pi.id))[0]!,
    lookups,
    expires: () => wave.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`).length,
    /** What Wave says the payer paid. */
    paid: () => (wave.sessions.get(sessionId)!.session.payment_status === 'succeeded' ? Number(wave.sessions.get(sessionId)!.session.amount) : 0),
  };
}

describe('live Wave: confirm', () => {
  it('only the configured live rail is offered, for XOF only (Wave takes XOF by default)', async () => {
    expect((await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'XOF')).map((r) => r.rail)).toEqual([RAIL]);
    expect(await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'XAF')).toEqual([]);
  });

  it('confirm with no phone: pending, redirect_to_url to the launch URL; the session asks for the amount and returns the payer', async () => {
    const c = await confirmed({ returnUrl: 'https://shop.example/thanks' });
    const s = c.session();
    expect(c.res.body).toMatchObject({ status: 'pending', livemode: true, amountReceived: 0 });
    expect(c.res.body.nextAction).toEqual({
      type: 'redirect_to_url',
      url: s.wave_launch_url,
      operator: 'Wave',
      phone: null,
      expiresAt: c.t0 + 600,
      quote: null,
    });
    expect(c.att).toMatchObject({ status: 'pending', destination: '', expires_at: c.t0 + 600 });
    const create = wave.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && JSON.parse(r.body).client_reference === c.att.id);
    expect(create).toHaveLength(1);
    expect(create[0]!.headers).toMatchObject({ authorization: `Bearer ${API_KEY}`, 'idempotency-key': c.att.id });
    expect(JSON.parse(create[0]!.body)).toEqual({
      amount: '2000',
      currency: 'XOF',
      success_url: 'https://shop.example/thanks',
      error_url: 'https://shop.example/thanks',
      client_reference: c.att.id,
    });
    // Confirming again returns the same session: none is made.
    const again = await call('POST', `/v1/payment_intents/${c.pi.id}/confirm`, { key: c.m.keys.live, body: {} });
    expect(again.body.nextAction).toEqual(c.res.body.nextAction);
    expect(wave.byClientReference(c.att.id)).toHaveLength(1);
    // Without a returnUrl nor a checkout session, Wave returns the payer to our operator-return page.
    const d = await confirmed();
    expect(wave.sessions.get(d.sessionId)!.body).toEqual({
      amount: '2000',
      currency: 'XOF',
      success_url: 'http://127.0.0.1:3000/operator-return',
      error_url: 'http://127.0.0.1:3000/operator-return',
      client_reference: d.att.id,
    });
    for (const x of [c, d])
      expect(await assertMoneyInvariant(db(), x.pi.id, { paid: x.paid(), now: x.t0 + 10 })).toEqual(['payment_intent.created', 'payment_intent.pending']);
  });

  it('a currency Wave does not take (XAF on mobile_money_d): 400 rail_currency_mismatch, Wave never asked', async () => {
    const m = await newMerchant(db());
    const before = wave.requests.length;
    for (const currency of ['XAF', 'GNF']) {
      const r = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 2000, currency, rail: RAIL } });
      expect(r.status, currency).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rail_currency_mismatch', param: 'rail' });
    }
    expect(wave.requests.length).toBe(before);
  });
});

describe('live Wave: payment paths', () => {
  it('(a) the payer pays; the signed webhook through the callback route pays the intent at once, with one lookup', async () => {
    const c = await confirmed();
    expect(c.lookups()).toBe(0);
    expect(await wave.pay(c.sessionId)).toBe(200); // the route answered Wave 200
    expect(c.lookups()).toBe(1);
    // No worker pass: the webhook itself made us ask Wave, and Wave's answer paid the intent.
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, nextAction: null, lastPaymentError: null });
    expect(await c.attempt()).toMatchObject({ status: 'succeeded', amount_received: 2000, watch_until: null, next_poll_at: null });
    expect((await c.attempt()).details.transactionId).toBe(c.session().transaction_id);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: now() + 5 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('(b) a forged, tampered, stale, future, unsigned or replayed webhook: 400, and nothing changes, not even a lookup', async () => {
    const c = await confirmed();
    const other = await confirmed();
    clock = c.t0 + 3;
    // A genuine delivery first (a failed try): it is looked up once.
    expect(await wave.failPayment(c.sessionId, { timestamp: clock })).toBe(200);
    expect(c.lookups()).toBe(1);
    const genuine = wave.webhooks.at(-1)!;
    const rowBefore = await c.attempt();
    const intentBefore = await c.get();
    const eventsBefore = await intentEvents(db(), c.pi.id);

    clock += 10;
    const paidEvent = JSON.stringify({
      id: 'AE_forged0001',
      type: 'checkout.session.completed',
      data: { ...c.session(), checkout_status: 'complete', payment_status: 'succeeded', transaction_id: 'TFORGED' },
    });
    const json = { 'content-type': 'application/json' };
    const forgeries: [string, string, Record<string, string>][] = [
      ['a wrong secret', paidEvent, { ...json, 'wave-signature': wave.sign(paidEvent, clock, 'wave_sn_WHS_guessed') }],
      [
        'a tampered body',
        genuine.rawBody.replace('"checkout_status":"open"', '"checkout_status":"complete"'),
        { ...json, 'wave-signature': wave.sign(genuine.rawBody, clock) },
      ],
      ['a stale timestamp', paidEvent, { ...json, 'wave-signature': wave.sign(paidEvent, clock - 301) }],
      ['a future timestamp', paidEvent, { ...json, 'wave-signature': wave.sign(paidEvent, clock + 301) }],
      ['no signature', paidEvent, json],
      ['the shared-secret strategy instead of a signature', paidEvent, { ...json, authorization: `Bearer ${SECRET}` }],
      // Signed, but the session it names is another attempt's (a session id copied into our reference).
      [
        'another session',
        JSON.stringify({
          id: 'AE_x',
          type: 'checkout.session.completed',
          data: { ...wave.sessions.get(other.sessionId)!.session, client_reference: c.att.id },
        }),
        {},
      ],
    ];
    const last = forgeries.at(-1)!;
    last[2] = { ...json, 'wave-signature': wave.sign(last[1], clock) };
    for (const [what, body, headers] of forgeries) expect(await wave.sendWebhook(body, headers), what).toBe(400);
    // The genuine delivery, replayed past the 5-minute tolerance.
    clock = c.t0 + 3 + 301;
    expect(await wave.sendWebhook(genuine.rawBody, genuine.headers)).toBe(400);

    expect(c.lookups()).toBe(1);
    expect(other.lookups()).toBe(0);
    expect(await c.attempt()).toEqual(rowBefore);
    expect(await c.get()).toEqual(intentBefore);
    expect(await intentEvents(db(), c.pi.id)).toEqual(eventsBefore);
    expect(intentBefore).toMatchObject({ status: 'pending', amountReceived: 0 });

    // Then the payer really pays: Wave's genuine webhook is believed.
    expect(await wave.pay(c.sessionId, { timestamp: clock })).toBe(200);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: clock + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    expect(await assertMoneyInvariant(db(), other.pi.id, { paid: other.paid(), now: clock + 10 })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
    ]);
  });

  it("(c) the webhook is lost: the worker's poll finds the payment", async () => {
    const c = await confirmed();
    await wave.pay(c.sessionId, { webhook: false });
    await c.poll(c.t0 + 2); // not due yet
    expect(c.lookups()).toBe(0);
    await c.poll(c.t0 + 5);
    expect(c.lookups()).toBe(1);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, nextAction: null });
    expect(await c.attempt()).toMatchObject({ status: 'succeeded', watch_until: null, next_poll_at: null });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: c.t0 + 20 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('(d) with a phone: restrict_payer_mobile is sent; failed tries (another payer, insufficient funds) keep it pending; the payer can still pay', async () => {
    const c = await confirmed({ phone: '07 58 12 10 00' });
    expect(c.res.body.nextAction).toEqual({
      type: 'redirect_to_url',
      url: c.session().wave_launch_url,
      operator: 'Wave',
      phone: '+2250758121000',
      expiresAt: c.t0 + 600,
      quote: null,
    });
    expect(wave.sessions.get(c.sessionId)!.body.restrict_payer_mobile).toBe('+2250758121000');
    expect(c.att.destination).toBe('+2250758121000');
    clock = c.t0 + 3;
    // Someone else's Wave account tries to pay: payer-mobile-mismatch, the session stays open.
    expect(await wave.pay(c.sessionId, { payerMobile: '+2250758129999', timestamp: clock })).toBe(200);
    expect(c.session()).toMatchObject({ checkout_status: 'open', last_payment_error: { code: 'payer-mobile-mismatch' } });
    expect(await c.get()).toMatchObject({ status: 'pending', amountReceived: 0, lastPaymentError: null });
    clock += 3;
    expect(await wave.failPayment(c.sessionId, { code: 'insufficient-funds', timestamp: clock })).toBe(200);
    expect(c.lookups()).toBe(2);
    expect(await c.get()).toMatchObject({ status: 'pending', amountReceived: 0, nextAction: { type: 'redirect_to_url' } });
    expect(await c.attempt()).toMatchObject({ status: 'pending', details: { lastPaymentErrorCode: 'insufficient-funds' } });
    await c.poll(c.t0 + 30);
    expect(await c.get()).toMatchObject({ status: 'pending', amountReceived: 0 });
    clock = c.t0 + 40;
    expect(await wave.pay(c.sessionId, { payerMobile: '+2250758121000', timestamp: clock })).toBe(200);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: clock + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('(h) duplicate and out-of-order deliveries change nothing', async () => {
    const c = await confirmed();
    clock = c.t0 + 3;
    expect(await wave.failPayment(c.sessionId, { timestamp: clock })).toBe(200);
    const failed = wave.webhooks.at(-1)!;
    expect(c.lookups()).toBe(1);
    // The same delivery again at once: answered 200, coalesced with the lookup just made.
    expect(await wave.sendWebhook(failed.rawBody, failed.headers)).toBe(200);
    expect(c.lookups()).toBe(1);
    // Again a little later (Wave retries): looked up, still pending.
    clock += 3;
    expect(await wave.sendWebhook(failed.rawBody, failed.headers)).toBe(200);
    expect(c.lookups()).toBe(2);
    expect(await c.get()).toMatchObject({ status: 'pending', amountReceived: 0 });
    clock += 3;
    expect(await wave.pay(c.sessionId, { timestamp: clock })).toBe(200);
    const completed = wave.webhooks.at(-1)!;
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    expect(c.lookups()).toBe(3);
    // The success again, and the older failure arriving after it: Wave's final word is in, nothing
    // to ask, nothing changes.
    for (const hook of [completed, completed, failed, completed]) {
      clock += 3;
      expect(await wave.sendWebhook(hook.rawBody, hook.headers)).toBe(200);
    }
    expect(c.lookups()).toBe(3);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, lastPaymentError: null });
    expect(await c.attempt()).toMatchObject({ status: 'succeeded', amount_received: 2000 });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: clock + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

/**
 * Worker passes, each when the attempt is next due (from `from` on), until `done` (at most 5).
 * Whether the session is expired at Wave in the pass that closes the attempt or in the next one is
 * the engine's choice: the tests below hold either way. Returns the last pass's time.
 */
async function passUntil(
  c: Pick<Awaited<ReturnType<typeof confirmedView>>, 'attempt' | 'poll'>,
  from: number,
  done: () => boolean | Promise<boolean>,
): Promise<number> {
  let t = from;
  for (let i = 0; i < 5 && !(await done()); i++) {
    const next = (await c.attempt()).next_poll_at;
    if (next === null) break;
    t = Math.max(t, next);
    await c.poll(t);
  }
  expect(await done()).toBe(true);
  return t;
}

describe('live Wave: our attempt times out first (600 s; Wave keeps a session 30 minutes)', () => {
  /** Confirmed, then the worker's pass just past our window: the attempt timed out. */
  async function timedOut() {
    const c = await confirmed();
    const end = c.att.expires_at;
    expect(end).toBe(c.t0 + 600);
    await c.poll(end - 1);
    expect(await c.get()).toMatchObject({ status: 'pending' });
    const due = (await c.attempt()).next_poll_at!;
    expect(due).toBeGreaterThanOrEqual(end);
    await c.poll(due);
    expect(await c.get()).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      nextAction: null,
      lastPaymentError: { code: 'timeout', rail: RAIL },
    });
    expect(await c.attempt()).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    return { ...c, end, due, passUntil: (done: () => boolean | Promise<boolean>) => passUntil(c, due, done) };
  }

  /** The payer pays at Wave just before our /expire call reaches it (a payment that wins the race). */
  function payJustBeforeExpire(sessionId: string) {
    const adapter = railAdapter(RAIL, true)!;
    const cancel = adapter.cancel!.bind(adapter);
    adapter.cancel = async (attempt) => {
      adapter.cancel = cancel;
      await wave.pay(sessionId, { webhook: false });
      return cancel(attempt);
    };
    return () => {
      adapter.cancel = cancel;
    };
  }

  it('(e) the intent returns to requires_payment_method (timeout); the worker expires the session once; no longer watched once Wave says expired', async () => {
    const c = await timedOut();
    // Expired at Wave in the very pass that timed the attempt out: the payer, told to try again,
    // can never pay the old session too (two sessions paid for one intent).
    expect(c.expires()).toBe(1);
    expect(c.session()).toMatchObject({ checkout_status: 'expired' });
    const t = c.due;
    expect(c.session()).toMatchObject({ checkout_status: 'expired', payment_status: 'cancelled' });
    await expect(wave.pay(c.sessionId)).rejects.toThrow(/expired/);
    // Wave said expired: final, no longer watched.
    await c.passUntil(async () => (await c.attempt()).watch_until === null);
    expect(await c.attempt()).toMatchObject({ status: 'failed', watch_until: null, next_poll_at: null, details: { backendCanceledAt: expect.any(Number) } });
    const lookups = c.lookups();
    await c.poll(t + 600);
    expect(c.expires()).toBe(1);
    expect(c.lookups()).toBe(lookups);
    // The payer tries again: a new attempt, a new session.
    const again = await confirmPaymentIntent(db(), c.scope, c.pi.id, {}, { now: t + 700 });
    expect(again.status).toBe('pending');
    expect(again.nextAction).toMatchObject({ type: 'redirect_to_url', url: expect.not.stringContaining(c.sessionId) });
    expect((await attemptsOf(c.pi.id)).map((a) => a.status)).toEqual(['failed', 'pending']);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: 0, now: t + 710 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending', 'payment_intent.pending']);
  });

  it('(e) /expire fails (Wave 5xx): the attempt stays watched and the expire is tried again on a later pass', async () => {
    // Wave fails the expire the pass that times the attempt out sends at once.
    wave.fail('expire', waveError(500, 'internal-server-error', 'Internal error'));
    const c = await timedOut();
    expect(c.expires()).toBe(1);
    expect(c.session().checkout_status).toBe('open');
    const row = await c.attempt();
    expect(row.details.backendCanceledAt).toBeUndefined();
    expect(row.watch_until).toBeGreaterThan(c.end + 3600);
    expect(row.next_poll_at).not.toBeNull();
    const t = await c.passUntil(() => c.expires() > 1);
    expect(c.expires()).toBe(2);
    expect(c.session().checkout_status).toBe('expired');
    await c.passUntil(async () => (await c.attempt()).watch_until === null);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: 0, now: t + 100 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('(e) a payment that won the race before the expire still pays the intent (/expire answered 409)', async () => {
    const c = await confirmed();
    // The payer pays after our pass that times the attempt out read "open", before our /expire.
    const restore = payJustBeforeExpire(c.sessionId);
    let t: number;
    try {
      await c.poll(c.att.expires_at - 1);
      t = await passUntil(c, c.att.expires_at, async () => (await c.get()).status === 'succeeded');
    } finally {
      restore();
    }
    expect(c.expires()).toBe(1);
    expect(c.session()).toMatchObject({ checkout_status: 'complete', payment_status: 'succeeded' });
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 2000, lastPaymentError: null, nextAction: null });
    expect(await c.attempt()).toMatchObject({ status: 'succeeded', amount_received: 2000, watch_until: null, next_poll_at: null });
    await c.poll(t + 600);
    expect(c.expires()).toBe(1);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: t + 610 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('(e) the checkout session ends with the attempt: the intent fails; a payment that wins the race with the expire is recorded as late money', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: RAIL });
    const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.live, body: { paymentIntentId: pi.id } })).body;
    // The buyer opens the page 100 s before the session ends (its end moved near, on the real
    // clock, which the fake Wave follows too): the attempt ends with the session, not 600 s later.
    const sessionEnd = now() + 100;
    await db().query(`update checkout_sessions set expires_at = $2 where id = $1`, [cs.id, sessionEnd]);
    const out = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
    expect(out.body).toMatchObject({ status: 'pending', nextAction: { type: 'redirect_to_url', expiresAt: sessionEnd } });
    const [att] = await attemptsOf(pi.id);
    expect(att!.expires_at).toBe(sessionEnd);
    const sessionId = att!.backend_ref;
    // Wave returns the payer to the checkout page.
    expect(wave.sessions.get(sessionId)!.body).toMatchObject({
      success_url: `http://127.0.0.1:3000/checkout/${cs.id}`,
      error_url: `http://127.0.0.1:3000/checkout/${cs.id}`,
    });
    const c = await confirmedView(m, pi, sessionId);
    // The payer pays after our pass that ends the window read "open", before our /expire.
    const restore = payJustBeforeExpire(sessionId);
    let t: number;
    try {
      await c.poll(sessionEnd);
      expect(await c.get()).toMatchObject({ status: 'failed', lastPaymentError: { code: 'timeout' } });
      expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'expired' });
      t = await passUntil(c, sessionEnd, async () => (await c.get()).amountReceived > 0);
    } finally {
      restore();
    }
    expect(c.expires()).toBe(1);
    expect(await c.get()).toMatchObject({ status: 'failed', amountReceived: 2000 });
    expect(await c.attempt()).toMatchObject({ status: 'failed', amount_received: 2000, watch_until: null, next_poll_at: null });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: c.paid(), now: t + 10 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.failed', 'payment_intent.late_payment', 'payment_intent.pending']);
  });
});

describe('live Wave: Wave failing on create', () => {
  it('(f) 5xx or a timeout: 503 rail_unavailable; a 4xx: 402 payment_refused; then the rail works', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: RAIL });
    const confirm = () => call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
    wave.fail('create', waveError(500, 'internal-server-error', 'Internal error'));
    const down = await confirm();
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ type: 'api_error', code: 'rail_unavailable' });
    wave.fail('create', 'timeout');
    const slow = await confirm();
    expect(slow.status).toBe(503);
    expect(slow.body.error.code).toBe('rail_unavailable');
    wave.fail(
      'create',
      waveError(400, 'request-validation-error', 'Request invalid', [{ loc: ['restrict_payer_mobile'], msg: 'Invalid phone number', type: 'value_error' }]),
    );
    const refused = await confirm();
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_refused');
    expect(await attemptsOf(pi.id)).toMatchObject([
      { status: 'failed', backend_ref: null, error: { code: 'rail_unavailable' } },
      { status: 'failed', backend_ref: null, error: { code: 'rail_unavailable' } },
      { status: 'failed', backend_ref: null, error: { code: 'payment_refused' } },
    ]);
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      nextAction: null,
      lastPaymentError: { code: 'payment_refused' },
    });
    // Nothing was made at Wave for these attempts; the next confirm works and is paid.
    const ok = await confirm();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'pending', nextAction: { type: 'redirect_to_url' } });
    const att = (await attemptsOf(pi.id))[3]!;
    expect(await wave.pay(att.backend_ref)).toBe(200);
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    // No re-poll: the failed attempts have no session to ask about.
    const events = await assertMoneyInvariant(db(), pi.id, { paid: Number(wave.sessions.get(att.backend_ref)!.session.amount), noRepoll: true });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});
