// The MTN MoMo RequestToPay adapter against a fake written from MTN's documentation (fakes/momo.ts),
// then live mobile money through the API, with the operator's callback delivered through the real
// HTTP route. Every money test ends with the money invariant (test/invariant.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as callbackPost, PUT as callbackPut } from '@/app/callbacks/mobile_money/[rail]/route';
import { MAX_BODY_BYTES } from '@/lib/api/request';
import { RAIL_DOWN_SECONDS, resetRailHealth } from '@/lib/domain/rail-health';
import { availableRails } from '@/lib/payments/available-rails';
import { beginAttempt } from '@/lib/payments/begin-attempt';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { resendMobileMoneyPrompt } from '@/lib/payments/resend';
import { startAttempt } from '@/lib/payments/start-attempt';
import { MomoAdapter, type MomoConfig } from '@/lib/rails/mobile-money/momo';
import { railAdapter } from '@/lib/rails/registry';
import { BackendError, type RailStatus } from '@/lib/rails/types';
import { lockIntent } from '@/lib/store/intents';
import { input, view } from './adapter-helpers';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeMomo, startFakeMomo } from './fakes/momo';
import { assertMoneyInvariant, intentEvents } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function withFake(
  fn: (fake: FakeMomo, adapter: (over?: Partial<MomoConfig>) => MomoAdapter) => Promise<void>,
  opts?: Parameters<typeof startFakeMomo>[1],
) {
  const fake = await startFakeMomo(undefined, opts);
  const adapter = (over: Partial<MomoConfig> = {}) =>
    new MomoAdapter('mobile_money_a', {
      baseUrl: fake.url,
      subscriptionKey: 'sub-key',
      apiUser: 'api-user',
      apiKey: 'api-key',
      targetEnvironment: 'sandbox',
      timeoutMs: 2000,
      ...over,
    });
  try {
    await fn(fake, adapter);
  } finally {
    await fake.close();
  }
}

const rejection = async (p: Promise<unknown>): Promise<BackendError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackendError);
  return err as BackendError;
};
const calls = (fake: FakeMomo, path: string) => fake.requests.filter((r) => r.path.startsWith(path)).length;

describe('MoMo RequestToPay adapter (fake written from MTN docs)', () => {
  it('sends the documented request and maps PENDING / SUCCESSFUL / FAILED', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const p = await a.createPrompt(input({ phone: '+2250554120000', now: t }));
      expect(p.backendRef).toMatch(UUID_V4);
      const sent = fake.requests.find((r) => r.path === '/collection/v1_0/requesttopay')!;
      expect(sent.headers).toMatchObject({ 'x-reference-id': p.backendRef, 'x-target-environment': 'sandbox', 'ocp-apim-subscription-key': 'sub-key' });
      expect(sent.headers.authorization).toMatch(/^Bearer /);
      expect(JSON.parse(sent.body)).toEqual({
        amount: '1500',
        currency: 'XOF',
        externalId: 'att_test1234567890',
        payer: { partyIdType: 'MSISDN', partyId: '2250554120000' },
        payerMessage: 'Test',
        payeeNote: 'Test',
      });
      expect(await a.getStatus(view(p), t)).toEqual({ state: 'pending', received: 0, seen: 0 });
      fake.approve(p.backendRef);
      const ftx = String(fake.statusBody(p.backendRef).financialTransactionId);
      expect(await a.getStatus(view(p), t)).toEqual({
        state: 'confirmed',
        received: 1500,
        seen: 0,
        final: true,
        details: {
          financialTransactionId: ftx,
          financialTransactionIds: [ftx],
          paidReferences: { [p.backendRef]: { amount: 1500, financialTransactionId: ftx } },
        },
      });

      const q = await a.createPrompt(input({ phone: '+2250554123333', now: t }));
      fake.decline(q.backendRef, 'NOT_ENOUGH_FUNDS');
      expect(await a.getStatus(view(q), t)).toMatchObject({ state: 'failed', received: 0, error: { code: 'insufficient_funds' } });
    });
  });

  it("reads MTN's documented status example: amount, financialTransactionId and externalId as JSON numbers", async () => {
    await withFake(
      async (fake, adapter) => {
        const a = adapter();
        const p = await a.createPrompt(input({ phone: '+2250554120001' }));
        fake.approve(p.backendRef);
        const body = fake.statusBody(p.backendRef);
        expect(typeof body.amount).toBe('number');
        expect(typeof body.financialTransactionId).toBe('number');
        const st = await a.getStatus(view(p), now());
        expect(st).toMatchObject({ state: 'confirmed', received: 1500, details: { financialTransactionId: String(body.financialTransactionId) } });
        // Its callback body carries a numeric externalId in that form: still read.
        expect(
          await a.parseCallback({
            headers: new Headers(),
            url: 'http://127.0.0.1/callbacks/mobile_money/mobile_money_a',
            now: 0,
            rawBody: JSON.stringify({ ...body, externalId: 947354 }),
          }),
        ).toEqual({ attemptId: '947354' });
      },
      { form: 'example' },
    );
  });

  it('maps the documented failure reasons, as a string or as an ErrorReason { code, message }', async () => {
    const expected: Record<string, { code: string; message: string }> = {
      APPROVAL_REJECTED: { code: 'payment_declined', message: 'The payer declined the payment request.' },
      TRANSACTION_CANCELED: { code: 'payment_declined', message: 'The payer declined the payment request.' },
      NOT_ENOUGH_FUNDS: { code: 'insufficient_funds', message: "The payer's mobile-money balance is too low." },
      EXPIRED: { code: 'timeout', message: 'The payer did not approve the payment request in time.' },
      PAYER_NOT_FOUND: { code: 'invalid_phone', message: 'This phone number has no mobile-money account with the operator.' },
      COULD_NOT_PERFORM_TRANSACTION: { code: 'payment_failed', message: 'The operator could not perform the transaction.' },
      INTERNAL_PROCESSING_ERROR: { code: 'payment_failed', message: 'The operator could not process the payment (often: a balance too low).' },
      SOMETHING_NEW: { code: 'payment_failed', message: 'The operator refused the payment (SOMETHING_NEW).' },
    };
    await withFake(async (fake, adapter) => {
      const a = adapter();
      for (const form of ['string', 'object'] as const) {
        fake.reasonForm = form;
        for (const [reason, error] of Object.entries(expected)) {
          const p = await a.createPrompt(input({ phone: '+2250554120002' }));
          fake.decline(p.backendRef, reason);
          if (form === 'object') expect(fake.statusBody(p.backendRef).reason).toMatchObject({ code: reason });
          expect(await a.getStatus(view(p), now()), `${reason} (${form})`).toEqual({ state: 'failed', received: 0, seen: 0, final: true, error });
        }
      }
    });
  });

  it('an unknown status is still pending, never an error', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const p = await a.createPrompt(input({ phone: '+2250554120003' }));
      fake.payments.get(p.backendRef)!.status = 'ONGOING';
      expect(await a.getStatus(view(p), now())).toEqual({ state: 'pending', received: 0, seen: 0 });
      // An older push in a status we do not know is still open beside an approved resend: not final.
      const p2 = await a.resend(view(p), now());
      fake.approve(p2.backendRef);
      expect(await a.getStatus(view(p2), now())).toMatchObject({ state: 'confirmed', received: 1500, final: false });
    });
  });

  it('a token refused with a 401 (expired at the operator, or revoked) is renewed and the call made once more', async () => {
    await withFake(
      async (fake, adapter) => {
        const a = adapter();
        const p = await a.createPrompt(input({ phone: '+2250554120004' }));
        expect(calls(fake, '/collection/token/')).toBe(1);
        fake.advance(3601); // the token expired by the operator's clock; ours still believes it valid
        expect(await a.getStatus(view(p), now())).toMatchObject({ state: 'pending' });
        expect(calls(fake, '/collection/token/')).toBe(2);
        // The push: a 401 means it was not taken; the retry carries the same X-Reference-Id.
        fake.revokeTokens();
        const q = await a.createPrompt(input({ phone: '+2250554120005' }));
        expect(calls(fake, '/collection/token/')).toBe(3);
        const pushes = fake.requests.filter((r) => r.path === '/collection/v1_0/requesttopay' && JSON.parse(r.body).payer.partyId === '2250554120005');
        expect(pushes.map((r) => r.headers['x-reference-id'])).toEqual([q.backendRef, q.backendRef]);
        expect([...fake.payments.values()].filter((x) => x.body.payer.partyId === '2250554120005')).toHaveLength(1);
        // A 401 again after a new token (a wrong subscription key): refused, surely not sent.
        const bad = await rejection(adapter({ subscriptionKey: 'wrong' }).createPrompt(input({ phone: '+2250554120006' })));
        expect(bad.message).toMatch(/401/);
        expect(bad.maybeSent).toBe(false);
      },
      { expiresIn: 3600 },
    );
  });

  it('429 and 403 are backend errors, never a failed payment; on the push they mean it was not sent', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const p = await a.createPrompt(input({ phone: '+2250554120007' }));
      fake.failNext('status', {
        status: 429,
        body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' },
        headers: { 'retry-after': '1' },
      });
      expect((await rejection(a.getStatus(view(p), now()))).message).toMatch(/429/);
      fake.failNext('status', { status: 403, body: { statusCode: 403, message: 'Forbidden IP' } });
      expect((await rejection(a.getStatus(view(p), now()))).message).toMatch(/403/);
      for (const status of [429, 403]) {
        const before = fake.payments.size;
        fake.failNext('requesttopay', { status, body: { statusCode: status, message: 'refused' } });
        const err = await rejection(a.createPrompt(input({ phone: '+2250554120008' })));
        expect(err.maybeSent).toBe(false);
        expect(fake.payments.size).toBe(before);
      }
      // A 400 (the request breaks a rule) is a definite refusal too.
      fake.failNext('requesttopay', { status: 400, body: { message: 'Bad request' } });
      expect((await rejection(a.createPrompt(input({ phone: '+2250554120008' })))).maybeSent).toBe(false);
    });
  });

  it('a reference unknown right after its 202 is pending; unknown past the approval window, the push never arrived', async () => {
    await withFake(
      async (fake, adapter) => {
        const a = adapter();
        const t = now();
        const p = await a.createPrompt(input({ phone: '+2250554120009', now: t }));
        fake.approve(p.backendRef);
        expect(await a.getStatus(view(p), t + 1)).toEqual({ state: 'pending', received: 0, seen: 0 });
        expect(await a.getStatus(view(p), t + 2)).toEqual({ state: 'pending', received: 0, seen: 0 });
        expect(await a.getStatus(view(p), t + 3)).toMatchObject({ state: 'confirmed', received: 1500 });
        // A reference the operator never got (a push lost before it arrived).
        const lostRef = randomUUID();
        const ghost = { ...p, backendRef: lostRef, details: { referenceIds: [lostRef], lastPushAt: t } };
        expect(await a.getStatus(view(ghost), t + 179)).toEqual({ state: 'pending', received: 0, seen: 0 });
        expect(await a.getStatus(view(ghost), t + 180)).toMatchObject({ state: 'failed', error: { code: 'payment_failed' } });
      },
      { notFoundLookups: 2 },
    );
  });

  it('a push answered 5xx, or never answered, may have gone out: maybeSent, and the operator has it', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter({ timeoutMs: 300 });
      fake.failNext('requesttopay', { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred.' }, record: true });
      const ref = randomUUID();
      const err = await rejection(a.createPrompt(input({ phone: '+2250554120010', reference: ref })));
      expect(err.maybeSent).toBe(true);
      expect(fake.payments.get(ref)?.status).toBe('PENDING'); // the payer got the prompt
      fake.failNext('requesttopay', 'lost');
      const lost = randomUUID();
      expect((await rejection(a.createPrompt(input({ phone: '+2250554120010', reference: lost })))).maybeSent).toBe(true);
      expect(fake.payments.has(lost)).toBe(true);
      // Sending the same reference again is answered 409 by the operator: the push exists, one prompt.
      expect((await a.createPrompt(input({ phone: '+2250554120010', reference: lost }))).backendRef).toBe(lost);
      expect([...fake.payments.keys()].filter((k) => k === lost)).toHaveLength(1);
    });
  });

  it('records the amount the operator reports, exactly: another amount, a decimal string, a number; a fraction of XOF is refused', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const paidWith = async (amount: string | number, currency?: string): Promise<RailStatus | BackendError> => {
        const p = await a.createPrompt(input({ phone: '+2250554120011', now: t }));
        fake.approve(p.backendRef, { amount, currency });
        return a.getStatus(view(p), t).catch((e: BackendError) => e);
      };
      expect(await paidWith('1000')).toMatchObject({ state: 'confirmed', received: 1000 });
      expect(await paidWith('1500.00')).toMatchObject({ state: 'confirmed', received: 1500 });
      expect(await paidWith(1200)).toMatchObject({ state: 'confirmed', received: 1200 });
      for (const bad of ['1500.5', 1499.6, '1e3', '-1500', '']) {
        const r = await paidWith(bad);
        expect(r, String(bad)).toBeInstanceOf(BackendError);
        expect((r as BackendError).message).toMatch(/not an amount in XOF/);
      }
      // An amount in another currency is no amount of ours.
      expect(((await paidWith('1500', 'XAF')) as BackendError).message).toMatch(/paid in XAF, asked in XOF/);
    });
  });

  it('a description with an apostrophe (refused by MTN with a 400) still sends the push', async () => {
    await withFake(async (fake, adapter) => {
      const p = await adapter().createPrompt(input({ phone: '+2250554120012', description: "Commande d'été n°42" }));
      expect(fake.payments.get(p.backendRef)!.body).toMatchObject({ payerMessage: 'Commande d ete n 42', payeeNote: 'Commande d ete n 42' });
    });
  });

  it('a resend carries the same cleaned payer message and note as the first push (not the attempt id)', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const p = await a.createPrompt(input({ phone: '+2250554120015', description: "Commande d'été\nn°42 <b>", now: t }));
      const p2 = await a.resend(view(p), t + 40);
      for (const ref of [p.backendRef, p2.backendRef])
        expect(fake.payments.get(ref)!.body).toMatchObject({ payerMessage: 'Commande d ete n 42 b', payeeNote: 'Commande d ete n 42 b' });
      // Nothing MTN takes is left: no note at all rather than an empty one.
      const q = await a.createPrompt(input({ phone: '+2250554120016', description: "'''", now: t }));
      const q2 = await a.resend(view(q), t + 40);
      for (const ref of [q.backendRef, q2.backendRef]) expect(fake.payments.get(ref)!.body).not.toHaveProperty('payerMessage');
    });
  });

  it('X-Callback-Url only when a callback URL is configured', async () => {
    await withFake(async (fake, adapter) => {
      const p = await adapter().createPrompt(input({ phone: '+2250554120017' }));
      expect(fake.payments.get(p.backendRef)!.callbackUrl).toBeUndefined();
      const q = await adapter({ callbackUrl: 'https://cb.example/callbacks/mobile_money/mobile_money_a' }).createPrompt(input({ phone: '+2250554120018' }));
      expect(fake.payments.get(q.backendRef)!.callbackUrl).toBe('https://cb.example/callbacks/mobile_money/mobile_money_a');
    });
  });

  it('a resend: both pushes approved count once each; one approved counts once', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const p = await a.createPrompt(input({ phone: '+2250554120013', now: t }));
      const p2 = await a.resend(view(p), t + 5);
      expect(p2.backendRef).not.toBe(p.backendRef);
      expect(p2.details.referenceIds).toEqual([p.backendRef, p2.backendRef]);
      fake.approve(p.backendRef);
      // The older push approved, the resend still open: money, but not final.
      expect(await a.getStatus(view(p2), t + 6)).toMatchObject({ state: 'confirmed', received: 1500, final: false });
      expect(await a.getStatus(view(p2), t + 7)).toMatchObject({ state: 'confirmed', received: 1500, final: false }); // asked again: not 3000
      fake.approve(p2.backendRef);
      expect(await a.getStatus(view(p2), t + 8)).toMatchObject({ state: 'confirmed', received: 3000, final: true });

      const q = await a.createPrompt(input({ phone: '+2250554120014', now: t }));
      const q2 = await a.resend(view(q), t + 5);
      fake.decline(q2.backendRef, 'APPROVAL_REJECTED');
      // The resend declined, the first push still open: failed for now, not final.
      expect(await a.getStatus(view(q2), t + 6)).toMatchObject({ state: 'failed', final: false });
      fake.approve(q.backendRef);
      expect(await a.getStatus(view(q2), t + 7)).toMatchObject({ state: 'confirmed', received: 1500, final: true });
    });
  });

  it('a callback that cannot be read is a BackendError', async () => {
    await withFake(async (_fake, adapter) => {
      const a = adapter();
      await rejection(a.parseCallback({ headers: new Headers(), url: 'http://127.0.0.1/callbacks/mobile_money/mobile_money_a', now: 0, rawBody: 'nope' }));
      await rejection(
        a.parseCallback({ headers: new Headers(), url: 'http://127.0.0.1/callbacks/mobile_money/mobile_money_a', now: 0, rawBody: '{"status":"SUCCESSFUL"}' }),
      );
    });
  });
});

describe('live mode through the API (fake MoMo, callbacks through the HTTP route)', () => {
  let fake: FakeMomo;
  const ENV = {
    MOMO_A_BASE_URL: '',
    MOMO_A_SUBSCRIPTION_KEY: 'sub-key',
    MOMO_A_API_USER: 'api-user',
    MOMO_A_API_KEY: 'api-key',
    MOMO_A_TARGET_ENVIRONMENT: 'mtnivorycoast',
    RAIL_HTTP_TIMEOUT_MS: '300',
    // Callbacks are asked for only when MOMO_A_CALLBACK_URL is set (lib/rails/registry.ts).
    MOMO_A_CALLBACK_URL: 'https://caisse.example/callbacks/mobile_money/mobile_money_a',
  };
  beforeAll(async () => {
    fake = await startFakeMomo(undefined, { form: 'example' }); // the documented example: numbers
  });
  useLiveConfig(() => ({ ...ENV, MOMO_A_BASE_URL: fake.url }));
  afterEach(async () => {
    fake.mode = 'ok';
    await resetRailHealth(db(), 'mobile_money_a', true); // failed backend calls count against the rail's health
  });
  afterAll(async () => {
    await fake.close();
  });

  const route = (method: 'PUT' | 'POST', request: Request, rail = 'mobile_money_a') =>
    (method === 'PUT' ? callbackPut : callbackPost)(request, { params: Promise.resolve({ rail }) });
  const attemptOf = async (intentId: string) =>
    (
      await db().query<{ id: string; status: string; backend_ref: string; amount_received: number; details: any }>(
        `select id, status, backend_ref, amount_received, details from payment_attempts where payment_intent_id = $1 order by seq`,
        [intentId],
      )
    )[0]!;
  const intentOf = async (key: string, id: string) => (await call('GET', `/v1/payment_intents/${id}`, { key })).body;

  it('only configured live rails are offered', async () => {
    expect((await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'XOF')).map((r) => r.rail)).toEqual(['mobile_money_a']);
  });

  it("confirm sends the push; the operator's callback through the route pays the intent at once; sent twice, one success", async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554121000' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'pending', livemode: true, nextAction: { type: 'mobile_money_prompt', phone: '+2250554121000' } });
    const att = await attemptOf(pi.id);
    expect(fake.payments.get(att.backend_ref)!.callbackUrl).toBe('https://caisse.example/callbacks/mobile_money/mobile_money_a');

    fake.approve(att.backend_ref);
    const res = await route('PUT', fake.callbackRequest(att.backend_ref, 'PUT'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    // Right after the callback, no worker pass: the callback itself recorded the payment.
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const again = await route('POST', fake.callbackRequest(att.backend_ref, 'POST'));
    expect(again.status).toBe(200);
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: Number(fake.statusBody(att.backend_ref).amount), now: now() });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('a callback is a hint, never the truth: a forged SUCCESSFUL while the operator says PENDING changes nothing', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    expect((await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554121010' } })).status).toBe(200);
    const att = await attemptOf(pi.id);
    const forged = await route(
      'PUT',
      new Request('https://caisse.example/callbacks/mobile_money/mobile_money_a', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...fake.statusBody(att.backend_ref), status: 'SUCCESSFUL' }),
      }),
    );
    expect(forged.status).toBe(200);
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'pending', amountReceived: 0 });
    expect(await intentEvents(db(), pi.id)).toEqual(['payment_intent.created', 'payment_intent.pending']);
  });

  it('the callback route: body cap, unreadable body, unknown rail, unknown attempt', async () => {
    const url = 'https://caisse.example/callbacks/mobile_money/mobile_money_a';
    const big = await route(
      'POST',
      new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"externalId":"${'x'.repeat(MAX_BODY_BYTES)}"}` }),
    );
    expect(big.status).toBe(413);
    expect((await big.json()).error).toMatchObject({ code: 'request_too_large' });
    const garbage = await route('POST', new Request(url, { method: 'POST', body: 'not json' }));
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error).toMatchObject({ code: 'parameter_invalid' });
    const noId = await route('PUT', new Request(url, { method: 'PUT', body: '{"status":"SUCCESSFUL"}' }));
    expect(noId.status).toBe(400);
    const rail = await route('POST', new Request(url, { method: 'POST', body: '{"externalId":"att_x"}' }), 'mobile_money_z');
    expect(rail.status).toBe(404);
    const unconfigured = await route('POST', new Request(url, { method: 'POST', body: '{"externalId":"att_x"}' }), 'mobile_money_b');
    expect(unconfigured.status).toBe(404);
    const unknown = await route('POST', new Request(url, { method: 'POST', body: '{"externalId":"att_doesnotexist"}' }));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({ type: 'invalid_request_error' });
  });

  it('a callback whose externalId is no attempt id (a NUL, which PostgreSQL refuses) is a JSON 404 without a query, not a 500', async () => {
    const url = 'https://caisse.example/callbacks/mobile_money/mobile_money_a';
    for (const externalId of ['att_\u0000AAAAAAAAAAAAAAAAAAAAA', 'att_ABCDEFGHIJ\u0000', '\u0000', 'att_\ud800ABCDEFGHIJKL']) {
      const r = await route(
        'PUT',
        new Request(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ externalId, status: 'SUCCESSFUL' }) }),
      );
      expect(r.status, externalId).toBe(404);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect((await r.json()).error, externalId).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    }
  });

  it('the push itself breaks (5xx after the operator recorded it): kept as possibly sent, the approval counted once', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    try {
      fake.failNext('requesttopay', { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred.' }, record: true });
      const out = await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554121100' }, { now: t0 });
      expect(out.status).toBe('pending');
      const att = await attemptOf(pi.id);
      expect(att).toMatchObject({ status: 'pending', details: { referenceIds: [att.backend_ref], pushUnconfirmed: true } });
      expect(fake.payments.get(att.backend_ref)!.status).toBe('PENDING'); // the payer has the prompt
      fake.approve(att.backend_ref);
      await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
      await pollDueAttempts(db(), t0 + 20, { merchantId: m.merchant.id });
      expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
      const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 30 });
      expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    } finally {
      await resetRailHealth(db(), 'mobile_money_a', true); // the failed push counted against the rail's health
    }
  });

  it('a resend with both pushes approved counts both, once each', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554121200' }, { now: t0 });
    await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 30 });
    const [first, second] = (await attemptOf(pi.id)).details.referenceIds as string[];
    fake.approve(first!);
    fake.approve(second!);
    await pollDueAttempts(db(), t0 + 35, { merchantId: m.merchant.id });
    await pollDueAttempts(db(), t0 + 45, { merchantId: m.merchant.id });
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 4000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 4000, now: t0 + 55 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.overpaid', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('a resend with one push approved counts it once (2000, not 4000)', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554121300' }, { now: t0 });
    await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 30 });
    const [, second] = (await attemptOf(pi.id)).details.referenceIds as string[];
    fake.approve(second!);
    await pollDueAttempts(db(), t0 + 35, { merchantId: m.merchant.id });
    await pollDueAttempts(db(), t0 + 45, { merchantId: m.merchant.id });
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 55 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it("a resend near the end of the first push's window: a poll during the call does not end the attempt, the approval is counted", async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const poll = (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    fake.failNext('requesttopay', 'timeout'); // the first push's answer is lost, and it never arrived
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554129200' }, { now: t0 });
    await resetRailHealth(db(), 'mobile_money_a', true);
    // The buyer asks again just past the first push's window, and the worker polls while the new
    // push is on its way (the operator does not know it yet).
    const adapter = railAdapter('mobile_money_a', true)!;
    const send = adapter.resend!.bind(adapter);
    adapter.resend = async (...args) => {
      await poll(t0 + 182);
      return send(...args);
    };
    try {
      await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 181 });
    } finally {
      adapter.resend = send;
    }
    const [row] = await db().query<{ status: string; details: { referenceIds: string[] } }>(
      `select status, details from payment_attempts where payment_intent_id = $1`,
      [pi.id],
    );
    expect(row!.status).toBe('pending');
    const second = row!.details.referenceIds[1]!;
    fake.approve(second);
    await poll(t0 + 190);
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 200 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('the older push is approved while a retry push is in flight: the retry is closed, recorded, watched, and its decline changes nothing', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const poll = (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554129100' }, { now: t0 });
    await poll(t0 + 200); // our timeout: the first attempt failed, its push still watched
    const first = (await db().query<{ backend_ref: string }>(`select backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
    // The buyer tries again: the retry's row is committed (creating) and its push is in flight...
    const adapter = railAdapter('mobile_money_a', true)!;
    const retry = await db().transaction(async (tx) => beginAttempt(tx, await lockIntent(tx, pi.id), adapter, { phone: '0554129100' }, t0 + 210));
    // ... when the payer approves the first push.
    fake.approve(first.backend_ref);
    await poll(t0 + 260);
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    await expect(startAttempt(db(), retry, adapter)).rejects.toMatchObject({ code: 'unexpected_state' });
    const [, second] = await db().query<{ status: string; backend_ref: string; watch_until: number | null }>(
      `select status, backend_ref, watch_until from payment_attempts where payment_intent_id = $1 order by seq`,
      [pi.id],
    );
    expect(second).toMatchObject({ status: 'canceled', backend_ref: retry.reference });
    expect(second!.watch_until).toBeGreaterThan(t0 + 260);
    fake.decline(second!.backend_ref);
    await poll(t0 + 400);
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000, lastPaymentError: null });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: t0 + 500 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('the resend is declined, then the payer approves the first push: the attempt stayed watched and the money pays the intent', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554121500' }, { now: t0 });
    await resendMobileMoneyPrompt(db(), scope, pi.id, { now: t0 + 30 });
    const [first, second] = (await attemptOf(pi.id)).details.referenceIds as string[];
    fake.decline(second!, 'APPROVAL_REJECTED');
    await pollDueAttempts(db(), t0 + 35, { merchantId: m.merchant.id });
    // The newest push was declined; the first is still open at the operator: failed for the payer
    // (who may try again), and still watched.
    const declined = (
      await db().query<{ status: string; watch_until: number | null; next_poll_at: number | null }>(
        `select status, watch_until, next_poll_at from payment_attempts where payment_intent_id = $1`,
        [pi.id],
      )
    )[0]!;
    expect(declined.status).toBe('failed');
    expect(declined.watch_until).toBeGreaterThan(t0 + 35);
    expect(declined.next_poll_at).not.toBeNull();
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      lastPaymentError: { code: 'payment_declined' },
    });
    fake.approve(first!);
    await pollDueAttempts(db(), declined.next_poll_at!, { merchantId: m.merchant.id });
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 2000 });
    // Both pushes have the operator's final word now: no longer watched.
    expect(await attemptOf(pi.id)).toMatchObject({ status: 'succeeded', amount_received: 2000 });
    expect((await db().query(`select watch_until, next_poll_at from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]).toEqual({
      watch_until: null,
      next_poll_at: null,
    });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 2000, now: declined.next_poll_at! + 10 });
    expect(events).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('the operator reports a lower amount than asked: the intent records what the operator says', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    const t0 = now();
    await confirmPaymentIntent(db(), scope, pi.id, { phone: '0554121400' }, { now: t0 });
    const att = await attemptOf(pi.id);
    fake.approve(att.backend_ref, { amount: 1500 });
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    expect(await intentOf(m.keys.live, pi.id)).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 1500,
      lastPaymentError: { code: 'underpaid' },
    });
    expect(await attemptOf(pi.id)).toMatchObject({ status: 'failed', amount_received: 1500 });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 1500, now: t0 + 20 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.partially_paid', 'payment_intent.payment_failed', 'payment_intent.pending']);
  });

  it('a backend that refuses the push answers rail_unavailable (503, never 500), and the rail is hidden', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
    try {
      // A definite refusal (a timeout is not one: the push may have gone out, see above).
      fake.mode = 'unauthorized';
      const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554121500' } });
      expect(r.status).toBe(503);
      expect(r.body.error).toMatchObject({ type: 'api_error', code: 'rail_unavailable' });
      // One refusal is not an outage; three in a row hide the rail (rail health, in the database).
      expect((await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'XOF')).map((x) => x.rail)).toEqual(['mobile_money_a']);
      for (let i = 0; i < 2; i++)
        expect((await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554121500' } })).status).toBe(503);
      fake.mode = 'ok';
      expect(await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'XOF')).toEqual([]);
      const rows = await db().query<{ status: string }>(`select status from payment_attempts where payment_intent_id = $1`, [pi.id]);
      expect(rows.map((x) => x.status)).toEqual(['failed', 'failed', 'failed']);
      // While down: refused without asking the backend, with Retry-After saying when it is tried again.
      const down = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: { phone: '0554121500' } });
      expect(down.status).toBe(503);
      const wait = Number(down.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(RAIL_DOWN_SECONDS);
      expect(await db().query(`select 1 from payment_attempts where payment_intent_id = $1`, [pi.id])).toHaveLength(3);
      expect(await intentOf(m.keys.live, pi.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
      await assertMoneyInvariant(db(), pi.id, { paid: 0, noRepoll: true });
      // A live rail with no configuration is not "unavailable, try later": it is refused at creation (400).
      const btc = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 2000, currency: 'BTC', rail: 'btc_lightning' } });
      expect(btc.status).toBe(400);
      expect(btc.body.error).toMatchObject({ type: 'invalid_request_error', code: 'rail_not_configured', param: 'rail' });
    } finally {
      fake.mode = 'ok';
      await resetRailHealth(db(), 'mobile_money_a', true);
    }
  });
});
