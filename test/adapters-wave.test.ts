// The Wave Checkout adapter (lib/rails/mobile-money/wave.ts) against the fake written from Wave's
// documentation (test/fakes/wave.ts): the create request as Wave documents it, the prompt, the
// status mapping, /expire, the errors by kind, and webhook verification (Wave-Signature).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWaveSignature, WAVE_SIGNATURE_TOLERANCE_SECONDS, WaveAdapter, type WaveConfig } from '@/lib/rails/mobile-money/wave';
import { type AttemptView, BackendError, type PromptInput, type RailPrompt } from '@/lib/rails/types';
import { input as baseInput, view as baseView } from './adapter-helpers';
import { EXPIRE_CONFLICT_CODE, type FakeWave, type FakeWaveOptions, startFakeWave, WAVE_RATE_LIMITED, waveError } from './fakes/wave';
import { now } from './lifecycle-helpers';
import { type Receiver, startReceiver } from './webhook-receiver';

const API_KEY = 'wave_sn_prod_adaptertestkey0123456789';
const SECRET = 'wave_sn_WHS_adaptertestsecret0123456789abcdefgh';
const RETURN_URL = 'https://shop.example/checkout/cs_test123';
const NOTIFY_URL = 'https://caisse.example/callbacks/mobile_money/mobile_money_d';

// Webhooks the fake sends land here (answered 200) so the test can read exactly what Wave sent.
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function withFake(fn: (fake: FakeWave, adapter: (over?: Partial<WaveConfig>) => WaveAdapter) => Promise<void>, opts: FakeWaveOptions = {}) {
  const fake = await startFakeWave({ apiKey: API_KEY, webhookSecret: SECRET, ...opts });
  fake.webhookUrl = receiver.url;
  const adapter = (over: Partial<WaveConfig> = {}) =>
    new WaveAdapter('mobile_money_d', { baseUrl: fake.url, apiKey: API_KEY, webhookSecret: SECRET, timeoutMs: 2000, ...over });
  try {
    await fn(fake, adapter);
  } finally {
    await fake.close();
  }
}

/** A prompt input of a new attempt of its own (Wave's Idempotency-Key is the attempt id). */
const attemptIdOf = () => `att_${randomBytes(11).toString('hex')}`;
function input(over: Partial<PromptInput> = {}): PromptInput {
  return baseInput({ attemptId: attemptIdOf(), rail: 'mobile_money_d', returnUrl: RETURN_URL, notifyUrl: NOTIFY_URL, locale: 'fr', ...over });
}
const view = (p: RailPrompt, inp: PromptInput, over: Partial<AttemptView> = {}): AttemptView =>
  baseView(p, { id: inp.attemptId, rail: 'mobile_money_d', amount: inp.amount, currency: inp.currency, ...over });

const rejection = async (p: Promise<unknown>): Promise<BackendError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackendError);
  return err as BackendError;
};
const creates = (fake: FakeWave) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
const expires = (fake: FakeWave, id: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${id}/expire`);
const unix = (iso: unknown) => Math.floor(Date.parse(String(iso)) / 1000);

describe('Wave Checkout adapter: create', () => {
  it('sends the documented request: amount as a string, both URLs the return URL, our attempt as client_reference and Idempotency-Key', async () => {
    await withFake(async (fake, adapter) => {
      const t = now();
      const inp = input({ amount: 1500, now: t, expiresAt: t + 3600 });
      const p = await adapter().createPrompt(inp);
      const [sent] = creates(fake);
      expect(sent!.headers).toMatchObject({ authorization: `Bearer ${API_KEY}`, 'idempotency-key': inp.attemptId, 'content-type': 'application/json' });
      // Exactly these fields: Wave refuses unknown ones, and no restrict_payer_mobile without a phone.
      expect(JSON.parse(sent!.body)).toEqual({
        amount: '1500',
        currency: 'XOF',
        success_url: RETURN_URL,
        error_url: RETURN_URL,
        client_reference: inp.attemptId,
      });
      const s = fake.sessions.get(p.backendRef)!.session;
      expect(p).toEqual({
        destination: '',
        backendRef: s.id,
        // Our window (600 s for Wave) is shorter than Wave's 30 minutes.
        expiresAt: t + 600,
        details: { redirectUrl: s.wave_launch_url, sessionId: s.id, whenExpires: s.when_expires, lastPushAt: t },
      });
      expect(p.backendRef).toMatch(/^cos-/);
      expect(p.details.redirectUrl).toMatch(new RegExp(`/c/${p.backendRef}\\?`));
    });
  });

  it("with the payer's number: restrict_payer_mobile (E.164), and the number is the destination", async () => {
    await withFake(async (fake, adapter) => {
      const inp = input({ phone: '+2250758120000' });
      const p = await adapter().createPrompt(inp);
      expect(JSON.parse(creates(fake)[0]!.body)).toEqual({
        amount: '1500',
        currency: 'XOF',
        success_url: RETURN_URL,
        error_url: RETURN_URL,
        client_reference: inp.attemptId,
        restrict_payer_mobile: '+2250758120000',
      });
      expect(p.destination).toBe('+2250758120000');
      expect(fake.sessions.get(p.backendRef)!.session.restrict_payer_mobile).toBe('+2250758120000');
    });
  });

  it('a retried create (same attempt) is one session at Wave, also after an answer that was lost', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const inp = input();
      const p1 = await a.createPrompt(inp);
      const p2 = await a.createPrompt(inp);
      expect(p2.backendRef).toBe(p1.backendRef);
      expect(fake.byClientReference(inp.attemptId)).toHaveLength(1);
      expect(creates(fake).map((r) => r.headers['idempotency-key'])).toEqual([inp.attemptId, inp.attemptId]);

      // Wave made the session but its answer never came: the retry finds that session.
      const lost = input();
      fake.fail('create', 'lost');
      const err = await rejection(adapter({ timeoutMs: 300 }).createPrompt(lost));
      expect(err.kind).toBe('down');
      expect(err.maybeSent).toBe(true);
      expect(fake.byClientReference(lost.attemptId)).toHaveLength(1);
      const retry = await a.createPrompt(lost);
      expect(retry.backendRef).toBe(fake.byClientReference(lost.attemptId)[0]!.id);
      expect(fake.byClientReference(lost.attemptId)).toHaveLength(1);
    });
  });

  it("the prompt never outlives Wave's session (when_expires), nor the window it was asked for", async () => {
    await withFake(
      async (fake, adapter) => {
        const t = now();
        const p = await adapter().createPrompt(input({ now: t, expiresAt: t + 3600 }));
        const whenExpires = unix(fake.sessions.get(p.backendRef)!.session.when_expires);
        expect(whenExpires).toBeLessThan(t + 600);
        expect(p.expiresAt).toBe(whenExpires);
        // The checkout session (our window) ends first.
        const q = await adapter().createPrompt(input({ now: t, expiresAt: t + 60 }));
        expect(q.expiresAt).toBe(t + 60);
      },
      { lifetimeMs: 120_000 },
    );
  });

  it('an answer that is not the session we asked for is refused: another attempt, another amount or currency, no launch URL', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const forged = (inp: PromptInput, over: Record<string, unknown>) => ({
        status: 200,
        body: {
          id: 'cos-forged0000001',
          amount: '1500',
          currency: 'XOF',
          checkout_status: 'open',
          payment_status: 'processing',
          client_reference: inp.attemptId,
          wave_launch_url: 'https://pay.wave.com/c/cos-forged0000001?a=1500&c=XOF&m=Shop',
          when_expires: new Date((t + 1800) * 1000).toISOString(),
          ...over,
        },
      });
      const ok = input();
      fake.fail('create', forged(ok, {}));
      expect((await a.createPrompt(ok)).backendRef).toBe('cos-forged0000001'); // the control: this one is fine
      for (const [what, over, message] of [
        ['another attempt', { client_reference: 'att_someoneelse' }, /another attempt/],
        ['another amount', { amount: '150' }, /another amount/],
        ['another currency', { currency: 'XAF' }, /another amount/],
        ['no launch URL', { wave_launch_url: null }, /no wave_launch_url/],
        ['no id', { id: undefined }, /unexpected response shape/],
      ] as const) {
        const inp = input();
        fake.fail('create', forged(inp, over));
        const err = await rejection(a.createPrompt(inp));
        expect(err.message, what).toMatch(message);
        expect(err.kind, what).toBe('down');
      }
    });
  });
});

describe('Wave Checkout adapter: status', () => {
  it('open -> pending; a failed try keeps it pending; complete/succeeded -> confirmed with the amount Wave reports', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const inp = input({ now: t });
      const p = await a.createPrompt(inp);
      expect(fake.sessions.get(p.backendRef)!.session).toMatchObject({ checkout_status: 'open', payment_status: 'processing' });
      expect(await a.getStatus(view(p, inp))).toEqual({ state: 'pending', received: 0, seen: 0, details: {} });
      await fake.failPayment(p.backendRef, { code: 'insufficient-funds' });
      expect(await a.getStatus(view(p, inp))).toEqual({ state: 'pending', received: 0, seen: 0, details: { lastPaymentErrorCode: 'insufficient-funds' } });
      await fake.pay(p.backendRef);
      const s = fake.sessions.get(p.backendRef)!.session;
      expect(s).toMatchObject({ checkout_status: 'complete', payment_status: 'succeeded' });
      expect(await a.getStatus(view(p, inp))).toEqual({ state: 'confirmed', received: 1500, seen: 0, details: { transactionId: s.transaction_id } });
      // What Wave says was paid, not what we asked.
      s.amount = '1400';
      expect(await a.getStatus(view(p, inp))).toMatchObject({ state: 'confirmed', received: 1400 });
      s.amount = 1500;
      expect(await a.getStatus(view(p, inp))).toMatchObject({ state: 'confirmed', received: 1500 });
    });
  });

  it('expired (by Wave, or by /expire) with nothing paid -> expired, final', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const inp = input();
      const p = await a.createPrompt(inp);
      fake.advance(31 * 60_000);
      const st = await a.getStatus(view(p, inp));
      expect(st).toEqual({ state: 'expired', received: 0, seen: 0, details: {}, error: { code: 'timeout', message: expect.any(String) } });
      expect(st.final).not.toBe(false);

      const inp2 = input();
      const q = await a.createPrompt(inp2);
      await fake.failPayment(q.backendRef);
      await a.cancel(view(q, inp2));
      expect(await a.getStatus(view(q, inp2))).toMatchObject({ state: 'expired', received: 0, details: { lastPaymentErrorCode: 'insufficient-funds' } });
    });
  });

  it('a payment in another currency, or an amount that is not one, is refused (never counted)', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const paidWith = async (amount: unknown, currency = 'XOF') => {
        const inp = input();
        const p = await a.createPrompt(inp);
        await fake.pay(p.backendRef, { webhook: false });
        Object.assign(fake.sessions.get(p.backendRef)!.session, { amount, currency });
        return rejection(a.getStatus(view(p, inp)));
      };
      expect((await paidWith('1500', 'XAF')).message).toMatch(/paid in XAF, asked in XOF/);
      for (const bad of ['1500.5', '15e2', '-1500', '', 'abc', 1499.5]) expect((await paidWith(bad)).message, String(bad)).toMatch(/not an amount in XOF/);
      expect((await paidWith(null)).message).toMatch(/unexpected response shape/);
    });
  });

  it('an answer about another session is refused', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const inp = input();
      const p = await a.createPrompt(inp);
      const other = await a.createPrompt(input());
      await fake.pay(other.backendRef, { webhook: false });
      fake.fail('retrieve', { status: 200, body: fake.sessions.get(other.backendRef)!.session });
      expect((await rejection(a.getStatus(view(p, inp)))).message).toMatch(/another session/);
    });
  });
});

describe('Wave Checkout adapter: cancel (/expire)', () => {
  it('expires an open session (200); a session already complete or expired (409) is not an error', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const inp = input();
      const p = await a.createPrompt(inp);
      await a.cancel(view(p, inp));
      const [req] = expires(fake, p.backendRef);
      expect(req!.headers.authorization).toBe(`Bearer ${API_KEY}`);
      // Documented without a body (an empty body labelled JSON would not be valid JSON).
      expect(req!.body).toBe('');
      expect(req!.headers['content-type']).toBeUndefined();
      expect(fake.sessions.get(p.backendRef)!.session).toMatchObject({ checkout_status: 'expired', payment_status: 'cancelled' });
      await expect(fake.pay(p.backendRef)).rejects.toThrow(/expired/);
      await a.cancel(view(p, inp)); // 409 now: already expired
      expect(expires(fake, p.backendRef)).toHaveLength(2);

      // The payer won the race: expiring answers 409 and the session stays paid.
      const inp2 = input();
      const q = await a.createPrompt(inp2);
      await fake.pay(q.backendRef, { webhook: false });
      await a.cancel(view(q, inp2));
      expect(expires(fake, q.backendRef)).toHaveLength(1);
      // What Wave answered that call: 409, the session not open.
      const again = await fetch(`${fake.url}/v1/checkout/sessions/${q.backendRef}/expire`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } });
      expect(again.status).toBe(409);
      expect((await again.json()).code).toBe(EXPIRE_CONFLICT_CODE);
      expect(fake.sessions.get(q.backendRef)!.session).toMatchObject({ checkout_status: 'complete', payment_status: 'succeeded' });
      expect(await a.getStatus(view(q, inp2))).toMatchObject({ state: 'confirmed', received: 1500 });
    });
  });

  it('any other refusal is an error (the session may still be open): the caller tries again', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const short = adapter({ timeoutMs: 300 });
      const inp = input();
      const p = await a.createPrompt(inp);
      const cases = [
        [waveError(400, 'request-validation-error', 'Request invalid'), 'request'],
        [waveError(404, 'checkout-session-not-found', 'The checkout session was not found.'), 'request'],
        [waveError(500, 'internal-server-error', 'Internal error'), 'down'],
        [waveError(503, 'service-unavailable', 'Unavailable'), 'down'],
        [WAVE_RATE_LIMITED, 'down'],
        ['timeout', 'down'],
      ] as const;
      for (const [fault, kind] of cases) {
        fake.fail('expire', fault);
        expect((await rejection((fault === 'timeout' ? short : a).cancel(view(p, inp)))).kind, JSON.stringify(fault)).toBe(kind);
        expect(fake.sessions.get(p.backendRef)!.session.checkout_status).toBe('open');
      }
      const bad = await rejection(adapter({ apiKey: 'wave_sn_prod_wrong' }).cancel(view(p, inp)));
      expect(bad).toMatchObject({ status: 401, kind: 'down' });
      expect(fake.sessions.get(p.backendRef)!.session.checkout_status).toBe('open');
      await a.cancel(view(p, inp));
      expect(fake.sessions.get(p.backendRef)!.session.checkout_status).toBe('expired');
    });
  });
});

describe('Wave Checkout adapter: errors by kind', () => {
  it('authentication errors (401, every documented code) and 403 are the rail failing: kind down', async () => {
    await withFake(async (fake, adapter) => {
      const good = adapter();
      const inp = input();
      const p = await good.createPrompt(inp);
      for (const key of ['wave_sn_prod_doesnotexist', 'wave_sn_prod_revoked']) {
        if (key.endsWith('revoked')) fake.revokedKeys.add(key);
        const a = adapter({ apiKey: key });
        expect(await rejection(a.createPrompt(input())), key).toMatchObject({ status: 401, kind: 'down', maybeSent: false });
        expect(await rejection(a.getStatus(view(p, inp))), key).toMatchObject({ status: 401, kind: 'down' });
      }
      fake.fail('create', waveError(403, 'disabled-wallet', 'The wallet is disabled.'));
      expect(await rejection(good.createPrompt(input()))).toMatchObject({ status: 403, kind: 'down' });
      fake.fail('create', WAVE_RATE_LIMITED);
      expect(await rejection(good.createPrompt(input()))).toMatchObject({ status: 429, kind: 'down' });
      expect(fake.sessions.size).toBe(1);
    });
  });

  it('a 4xx about the request (validation) refuses that request only: kind request', async () => {
    await withFake(
      async (fake, adapter) => {
        // Wave requires https URLs (allowHttpUrls: false makes the fake check it).
        const err = await rejection(adapter().createPrompt(input({ returnUrl: 'http://shop.example/back' })));
        expect(err).toMatchObject({ status: 400, kind: 'request', maybeSent: false });
        expect(err.message).toMatch(/request-validation-error/);
        fake.fail('create', waveError(422, 'request-validation-error', 'Request invalid'));
        expect(await rejection(adapter().createPrompt(input()))).toMatchObject({ status: 422, kind: 'request' });
        expect(fake.sessions.size).toBe(0);
      },
      { allowHttpUrls: false },
    );
    // A wallet in another currency: Wave's currency-mismatch.
    await withFake(
      async (_fake, adapter) => {
        const err = await rejection(adapter().createPrompt(input()));
        expect(err).toMatchObject({ status: 400, kind: 'request' });
        expect(err.message).toMatch(/currency-mismatch/);
      },
      { currency: 'XAF' },
    );
  });

  it('5xx, a timeout, an unreadable or misshapen answer: kind down', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const short = adapter({ timeoutMs: 300 });
      const inp = input();
      const p = await a.createPrompt(inp);
      for (const fault of [waveError(500, 'internal-server-error', 'Internal error'), waveError(503, 'service-unavailable', 'Unavailable')]) {
        fake.fail('create', fault);
        expect(await rejection(a.createPrompt(input()))).toMatchObject({ status: fault.status, kind: 'down' });
        fake.fail('retrieve', fault);
        expect(await rejection(a.getStatus(view(p, inp)))).toMatchObject({ status: fault.status, kind: 'down' });
      }
      fake.fail('create', 'timeout');
      expect(await rejection(short.createPrompt(input()))).toMatchObject({ kind: 'down', maybeSent: true, status: undefined });
      fake.fail('retrieve', 'timeout');
      expect(await rejection(short.getStatus(view(p, inp)))).toMatchObject({ kind: 'down' });
      fake.fail('create', { status: 200, text: '<html>oops</html>' });
      expect(await rejection(a.createPrompt(input()))).toMatchObject({ kind: 'down' });
      fake.fail('retrieve', { status: 200, body: { hello: 'world' } });
      expect((await rejection(a.getStatus(view(p, inp)))).message).toMatch(/unexpected response shape/);
      fake.mode = 'garbage';
      expect(await rejection(a.getStatus(view(p, inp)))).toMatchObject({ kind: 'down' });
      fake.mode = 'error';
      expect(await rejection(a.getStatus(view(p, inp)))).toMatchObject({ status: 500, kind: 'down' });
      fake.mode = 'ok';
      expect(await a.getStatus(view(p, inp))).toMatchObject({ state: 'pending' });
    });
  });
});

describe('Wave Checkout adapter: webhooks (Wave-Signature)', () => {
  /** A real delivery of the fake (what Wave sent), for a new session of a new attempt. */
  async function delivery(fake: FakeWave, a: WaveAdapter, how: 'pay' | 'fail', timestamp: number) {
    const inp = input();
    const p = await a.createPrompt(inp);
    const before = fake.webhooks.length;
    if (how === 'pay') expect(await fake.pay(p.backendRef, { timestamp })).toBe(200);
    else expect(await fake.failPayment(p.backendRef, { timestamp })).toBe(200);
    expect(fake.webhooks).toHaveLength(before + 1);
    const hook = fake.webhooks.at(-1)!;
    return { inp, p, rawBody: hook.rawBody, header: hook.headers['wave-signature']! };
  }
  const callbackInput = (rawBody: string, header: string | null, t: number) => ({
    headers: new Headers(header === null ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', 'wave-signature': header }),
    rawBody,
    url: NOTIFY_URL,
    now: t,
  });

  it('a valid signature is accepted: the webhook names the attempt, and only its own session', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      for (const how of ['pay', 'fail'] as const) {
        const d = await delivery(fake, a, how, t);
        expect(d.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const target = await a.parseCallback(callbackInput(d.rawBody, d.header, t));
        expect(target.attemptId).toBe(d.inp.attemptId);
        expect(target.verify!(view(d.p, d.inp))).toBe(true);
        // The same attempt id, but another session: not the attempt's own.
        expect(target.verify!(view({ ...d.p, backendRef: 'cos-someotherone1' }, d.inp))).toBe(false);
        expect(target.verify!(view({ ...d.p, backendRef: '' }, d.inp))).toBe(false);
      }
    });
  });

  it('refused: a wrong secret, a tampered body, a stale or future timestamp, no header, a malformed header', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const d = await delivery(fake, a, 'pay', t);
      const refused = async (rawBody: string, header: string | null, at = t) => {
        expect(verifyWaveSignature(header, rawBody, SECRET, at)).toBe(false);
        await rejection(a.parseCallback(callbackInput(rawBody, header, at)));
      };
      const accepted = async (rawBody: string, header: string | null, at = t) => {
        expect(verifyWaveSignature(header, rawBody, SECRET, at)).toBe(true);
        expect((await a.parseCallback(callbackInput(rawBody, header, at))).attemptId).toBe(d.inp.attemptId);
      };
      await accepted(d.rawBody, d.header);
      await refused(d.rawBody, fake.sign(d.rawBody, t, 'wave_sn_WHS_wrongsecret'));
      await refused(d.rawBody, fake.sign(d.rawBody, t, SECRET.slice(0, -1)));
      await refused(d.rawBody.replace('"amount":"1500"', '"amount":"15000"'), d.header);
      await refused(`${d.rawBody} `, d.header);
      // Timestamps: the 5-minute tolerance, on both sides of our clock (skew), and no further.
      const tol = WAVE_SIGNATURE_TOLERANCE_SECONDS;
      expect(tol).toBe(300);
      await accepted(d.rawBody, fake.sign(d.rawBody, t - tol));
      await refused(d.rawBody, fake.sign(d.rawBody, t - tol - 1));
      await refused(d.rawBody, d.header, t + tol + 1); // the genuine delivery, replayed late
      await accepted(d.rawBody, fake.sign(d.rawBody, t + 30));
      await refused(d.rawBody, fake.sign(d.rawBody, t + tol + 1));
      // The timestamp is part of what is signed: another t with the same v1 fails.
      const v1 = d.header.split(',')[1]!;
      await refused(d.rawBody, `t=${t + 1},${v1}`);
      await refused(d.rawBody, null);
      await refused(d.rawBody, '');
      await refused(d.rawBody, v1);
      await refused(d.rawBody, `t=${t}`);
      await refused(d.rawBody, `t=${t},v1=`);
      await refused(d.rawBody, `t=${t},v0=${v1.slice(3)}`);
      await refused(d.rawBody, `t=${t}abc,${v1}`);
      // Whitespace around the parts is tolerated.
      await accepted(d.rawBody, d.header.replace(',', ', '));
    });
  });

  it('several v1 signatures (a secret being rolled): accepted when one is valid, refused when none is', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const d = await delivery(fake, a, 'pay', t);
      const two = fake.sign(d.rawBody, t, ['wave_sn_WHS_oldsecret', SECRET]);
      expect(two.split(',')).toHaveLength(3);
      expect((await a.parseCallback(callbackInput(d.rawBody, two, t))).attemptId).toBe(d.inp.attemptId);
      const twoReversed = fake.sign(d.rawBody, t, [SECRET, 'wave_sn_WHS_oldsecret']);
      expect((await a.parseCallback(callbackInput(d.rawBody, twoReversed, t))).attemptId).toBe(d.inp.attemptId);
      await rejection(a.parseCallback(callbackInput(d.rawBody, fake.sign(d.rawBody, t, ['wave_sn_WHS_old1', 'wave_sn_WHS_old2']), t)));
    });
  });

  it('a signed body that is not JSON, or names one of our attempts but no session, is refused; a genuine event about something else is ignored (200), never retried for days', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const d = await delivery(fake, a, 'pay', t);
      const event = JSON.parse(d.rawBody);
      const parse = (body: string) => a.parseCallback(callbackInput(body, fake.sign(body, t), t));
      const signed = async (body: string) => rejection(parse(body));
      await signed('not json');
      const { id: _id, ...noId } = event.data;
      // Without the session's id, nothing would tie the webhook to the attempt's own session.
      await signed(JSON.stringify({ ...event, data: noId }));
      // Signed by Wave, but not about one of our checkout sessions: acknowledged, ignored.
      expect(await parse(JSON.stringify({ ...event, data: { ...event.data, client_reference: null } }))).toMatchObject({ ignore: true });
      expect(await parse(JSON.stringify({ ...event, data: { ...event.data, client_reference: 'order-42' } }))).toMatchObject({ ignore: true });
      expect(await parse(JSON.stringify({ id: 'AE_x', type: 'test.test_event', data: {} }))).toMatchObject({ ignore: true });
      expect(
        await parse(JSON.stringify({ id: 'AE_y', type: 'merchant.payment_received', data: { id: 'T_1', client_reference: event.data.client_reference } })),
      ).toMatchObject({ ignore: true });
      // Ours: authenticated, tied to the attempt's session.
      expect(await parse(d.rawBody)).toMatchObject({ attemptId: event.data.client_reference, authenticated: true });
    });
  });
});
