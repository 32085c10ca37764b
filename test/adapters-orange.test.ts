// The Orange Money Web Payment adapter (lib/rails/mobile-money/orange.ts) against a fake written
// from Orange's documentation (test/fakes/orange.ts): the OAuth token, the web payment, the
// transaction status and the notification, including every way they fail. No database here: the
// adapter alone; test/live-orange.test.ts runs it through the API and the worker.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { createId } from '@/lib/ids';
import { resetOperatorsForTests } from '@/lib/rails/mobile-money/operators';
import { ORANGE_EXPIRY_MARGIN_SECONDS, ORANGE_PAY_TOKEN_SECONDS, type OrangeConfig, OrangeMoneyAdapter } from '@/lib/rails/mobile-money/orange';
import { type AttemptView, BackendError, type PromptInput, type RailPrompt } from '@/lib/rails/types';
import { input as baseInput } from './adapter-helpers';
import { type FakeOrange, type FakeOrangeOptions, startFakeOrange } from './fakes/orange';

const RETURN_URL = 'https://shop.example/orders/42';
const NOTIFY_URL = 'https://caisse.example/callbacks/mobile_money/mobile_money_b';
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

async function withFake(fn: (fake: FakeOrange, adapter: (over?: Partial<OrangeConfig>) => OrangeMoneyAdapter) => Promise<void>, opts?: FakeOrangeOptions) {
  const fake = await startFakeOrange(opts);
  const adapter = (over: Partial<OrangeConfig> = {}) =>
    new OrangeMoneyAdapter('mobile_money_b', {
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      merchantKey: fake.merchantKey,
      country: fake.country,
      currency: 'OUV',
      timeoutMs: 2000,
      ...over,
    });
  try {
    await fn(fake, adapter);
  } finally {
    await fake.close();
  }
}

/** A prompt input as beginAttempt makes it for a redirect operator: a new attempt id each time (Orange's order_id is unique). */
const input = (over: Partial<PromptInput> = {}): PromptInput =>
  baseInput({ rail: 'mobile_money_b', attemptId: createId('att'), returnUrl: RETURN_URL, notifyUrl: NOTIFY_URL, locale: 'fr', ...over });

/** The attempt as the domain stores it after the prompt. */
const viewOf = (i: PromptInput, p: RailPrompt, over: Partial<AttemptView> = {}): AttemptView => ({
  id: i.attemptId,
  rail: i.rail,
  amount: i.amount,
  currency: i.currency,
  destination: p.destination,
  backendRef: p.backendRef,
  details: p.details,
  createdAt: i.now,
  expiresAt: p.expiresAt,
  ...over,
});

const rejection = async (p: Promise<unknown>): Promise<BackendError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackendError);
  return err as BackendError;
};

const sent = (fake: FakeOrange, op: 'token' | 'webpayment' | 'transactionstatus') =>
  fake.requests.filter(
    (r) => r.method === 'POST' && (op === 'token' ? r.path === '/oauth/v3/token' : r.path === `/orange-money-webpay/${fake.country}/v1/${op}`),
  );

const MIN = 60_000;

describe('Orange Money Web Payment adapter: the token', () => {
  it('asks with Basic client_id:client_secret and a form grant_type=client_credentials, and keeps it for later calls', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      await a.getStatus(viewOf(i, p), i.now);
      await a.getStatus(viewOf(i, p), i.now);
      const tokens = sent(fake, 'token');
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.headers.authorization).toBe(`Basic ${Buffer.from('orange-client-id:orange-client-secret').toString('base64')}`);
      expect(tokens[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(tokens[0]!.body).toBe('grant_type=client_credentials');
      // Every API call carries that one token.
      const issued = fake.requests.filter((r) => r.path !== '/oauth/v3/token').map((r) => r.headers.authorization);
      expect(issued).toHaveLength(3);
      expect(new Set(issued).size).toBe(1);
      expect(issued[0]).toMatch(/^Bearer [0-9a-f]{28}$/);
    });
  });

  it('reads expires_in as the older example\'s string ("7776000") and keeps the token too', async () => {
    await withFake(
      async (fake, adapter) => {
        const a = adapter();
        const i = input();
        const p = await a.createPrompt(i);
        expect(await a.getStatus(viewOf(i, p), i.now)).toMatchObject({ received: 0 });
        expect(fake.tokensIssued).toBe(1);
      },
      { expiresInAsString: true, expiresIn: 7_776_000 },
    );
  });

  it('a token Orange says has expired (401 code 42) or no longer knows (401 code 41) is renewed, and the call made once more', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      expect(fake.tokensIssued).toBe(1);
      fake.advance(3601 * 1000); // expired by Orange's clock, not by ours
      expect(await a.getStatus(viewOf(i, p), i.now)).toMatchObject({ received: 0 });
      expect(fake.tokensIssued).toBe(2);
      const [expired, retried] = sent(fake, 'transactionstatus');
      expect(expired!.headers.authorization).toBe(fake.requests.find((r) => r.path.endsWith('/webpayment'))!.headers.authorization);
      expect(retried!.headers.authorization).not.toBe(expired!.headers.authorization);
      // Revoked: the web payment is made once, with the new token.
      fake.revokeTokens();
      const j = input();
      const q = await a.createPrompt(j);
      expect(fake.tokensIssued).toBe(3);
      expect(sent(fake, 'webpayment').filter((r) => JSON.parse(r.body).order_id === j.attemptId)).toHaveLength(2);
      expect([...fake.payments.values()].filter((x) => x.orderId === j.attemptId).map((x) => x.payToken)).toEqual([q.backendRef]);
    });
  });

  it('renews once only: a 401 on the retry too is the rail failing (kind down), not a third try', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const expired = {
        status: 401,
        body: { code: 42, message: 'Expired credentials', description: 'The requested service needs credentials, and the ones provided were out-of-date.' },
      };
      fake.fail('webpayment', expired, 3);
      const err = await rejection(a.createPrompt(input()));
      expect(err).toMatchObject({ kind: 'down', status: 401, maybeSent: false });
      expect(sent(fake, 'webpayment')).toHaveLength(2);
      expect(fake.tokensIssued).toBe(2);
      expect(fake.payments.size).toBe(0);
    });
  });

  it('refused credentials are the rail failing (kind down), and nothing else is asked', async () => {
    await withFake(async (fake, adapter) => {
      const err = await rejection(adapter({ clientSecret: 'not-the-secret' }).createPrompt(input()));
      expect(err).toMatchObject({ kind: 'down', status: 401, maybeSent: false });
      expect(err.message).toMatch(/token.*401.*invalid_client/);
      expect(sent(fake, 'token')).toHaveLength(1);
      expect(sent(fake, 'webpayment')).toHaveLength(0);
      // So is an unreachable, failing or garbled token endpoint.
      fake.fail('token', { status: 503, text: 'Service Unavailable' });
      expect(await rejection(adapter().createPrompt(input()))).toMatchObject({ kind: 'down', status: 503, maybeSent: false });
      fake.fail('token', { status: 200, text: '<html>maintenance</html>' });
      expect(await rejection(adapter().createPrompt(input()))).toMatchObject({ kind: 'down', maybeSent: false });
      fake.fail('token', { status: 200, body: { token_type: 'Bearer' } });
      expect(await rejection(adapter().createPrompt(input()))).toMatchObject({ kind: 'down', maybeSent: false });
      fake.fail('token', 'timeout');
      expect(await rejection(adapter({ timeoutMs: 300 }).createPrompt(input()))).toMatchObject({ kind: 'down', maybeSent: false });
      expect(fake.payments.size).toBe(0);
    });
  });
});

describe('Orange Money Web Payment adapter: the web payment', () => {
  it('sends the documented body: merchant_key, the configured currency (OUV), order_id = attempt id, amount as a JSON integer, return = cancel, notif_url naming the attempt, lang, reference', async () => {
    await withFake(async (fake, adapter) => {
      const i = input({ amount: 1500, currency: 'XOF' });
      await adapter().createPrompt(i);
      const [req] = sent(fake, 'webpayment');
      expect(req!.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
      expect(req!.headers.authorization).toMatch(/^Bearer /);
      expect(JSON.parse(req!.body)).toEqual({
        merchant_key: 'a86b2087',
        currency: 'OUV',
        order_id: i.attemptId,
        amount: 1500,
        return_url: RETURN_URL,
        cancel_url: RETURN_URL,
        notif_url: `${NOTIFY_URL}?attempt=${i.attemptId}`,
        lang: 'fr',
        reference: 'Test',
      });
      expect(req!.body).toMatch(/"amount":1500[,}]/); // a number, not "1500"
    });
  });

  it("without MOMO_B_WEBPAY_CURRENCY, the intent's currency; lang follows the locale (fr by default)", async () => {
    await withFake(
      async (fake, adapter) => {
        const a = adapter({ currency: undefined });
        const en = input({ currency: 'XOF', amount: 2500, locale: 'en' });
        await a.createPrompt(en);
        expect(fake.byOrder(en.attemptId)!.body).toMatchObject({ currency: 'XOF', amount: 2500, lang: 'en' });
        const none = input({ currency: 'XOF', locale: undefined });
        await a.createPrompt(none);
        expect(fake.byOrder(none.attemptId)!.body).toMatchObject({ currency: 'XOF', lang: 'fr' });
      },
      { currency: 'XOF' },
    );
  });

  it('the reference is at most 30 characters Orange takes (the description, cleaned), order_id at most 30', async () => {
    await withFake(async (fake, adapter) => {
      const i = input({ description: "Commande d'été n°42 — boutique de Mme Diallo à Abidjan" });
      await adapter().createPrompt(i);
      const body = fake.byOrder(i.attemptId)!.body;
      expect(body.reference).toBe('Commande d ete n 42 boutique d');
      expect(body.reference.length).toBeLessThanOrEqual(30);
      expect(body.order_id.length).toBeLessThanOrEqual(30);
      // Nothing usable in the description: the intent's id.
      const j = input({ description: '€€€', intentId: 'pi_0123456789012345678901' });
      await adapter().createPrompt(j);
      expect(fake.byOrder(j.attemptId)!.body.reference).toBe('pi_0123456789012345678901');
    });
  });

  it("the prompt: the payment page's URL, the pay_token, the notif_token's hash only; never the raw notif_token", async () => {
    await withFake(async (fake, adapter) => {
      const i = input({ phone: '+2250707120000' });
      const p = await adapter().createPrompt(i);
      const pay = fake.byOrder(i.attemptId)!;
      expect(p).toEqual({
        destination: '+2250707120000',
        backendRef: pay.payToken,
        expiresAt: i.now + 600, // Orange Money's default payer time (operators.ts), the pay_token's validity
        details: { redirectUrl: pay.paymentUrl, orderId: i.attemptId, notifTokenHash: sha256(pay.notifToken), lastPushAt: i.now },
      });
      expect(JSON.stringify(p)).not.toContain(pay.notifToken);
      // Without a number (the payer types it on Orange's page): no destination.
      const j = input();
      expect((await adapter().createPrompt(j)).destination).toBe('');
      // The page is Orange's: it answers.
      expect((await fetch(p.details.redirectUrl as string)).status).toBe(200);
    });
  });

  it('a URL Orange would refuse (over 120 characters) is not sent: a long return URL fails this request, a long notif_url is our configuration (down)', async () => {
    await withFake(async (fake, adapter) => {
      const long = `https://shop.example/${'r'.repeat(100)}`;
      expect(await rejection(adapter().createPrompt(input({ returnUrl: long })))).toMatchObject({ kind: 'request', maybeSent: false });
      const longBase = `https://${'c'.repeat(60)}.example/callbacks/mobile_money/mobile_money_b`;
      expect(await rejection(adapter().createPrompt(input({ notifyUrl: longBase })))).toMatchObject({ kind: 'down', maybeSent: false });
      expect(sent(fake, 'webpayment')).toHaveLength(0);
      // 120 exactly is fine.
      const i = input({ returnUrl: `https://shop.example/${'r'.repeat(120 - 21)}` });
      await adapter().createPrompt(i);
      expect(fake.byOrder(i.attemptId)!.body.return_url).toHaveLength(120);
    });
  });

  it('a 4xx about the request (400 code 24) fails this payment only (kind request); a 404 or 405 means our URL is wrong (kind down)', async () => {
    await withFake(async (fake, adapter) => {
      fake.fail('webpayment', { status: 400, body: { code: 24, message: 'Invalid body field', description: 'amount must be greater than 0' } });
      expect(await rejection(adapter().createPrompt(input()))).toMatchObject({ kind: 'request', status: 400, maybeSent: false });
      // Not faked: the real fake refuses a currency it does not take.
      expect(await rejection(adapter({ currency: 'XOF' }).createPrompt(input()))).toMatchObject({ kind: 'request', status: 400 });
      // Another country segment than Orange serves: every payment would fail.
      expect(await rejection(adapter({ country: 'zz' }).createPrompt(input()))).toMatchObject({ kind: 'down', status: 404 });
      fake.fail('webpayment', { status: 405, body: { code: 61, message: 'Method not allowed' } });
      expect(await rejection(adapter().createPrompt(input()))).toMatchObject({ kind: 'down', status: 405 });
      expect(fake.payments.size).toBe(0);
    });
  });

  it('a 5xx, a timeout, garbage or an unexpected shape is Orange failing (kind down); a 5xx or a lost answer may have made the payment', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter({ timeoutMs: 300 });
      fake.fail('webpayment', { status: 500, body: { code: 1, message: 'Internal error' }, record: true });
      expect(await rejection(a.createPrompt(input()))).toMatchObject({ kind: 'down', status: 500, maybeSent: true });
      expect(fake.payments.size).toBe(1);
      fake.fail('webpayment', { status: 503, text: 'Service Unavailable' });
      expect(await rejection(a.createPrompt(input()))).toMatchObject({ kind: 'down', status: 503 });
      fake.fail('webpayment', 'timeout');
      expect(await rejection(a.createPrompt(input()))).toMatchObject({ kind: 'down', maybeSent: true });
      fake.fail('webpayment', 'lost');
      expect(await rejection(a.createPrompt(input()))).toMatchObject({ kind: 'down', maybeSent: true });
      fake.fail('webpayment', { status: 201, text: '<html>oops</html>' });
      expect(await rejection(a.createPrompt(input()))).toMatchObject({ kind: 'down' });
      fake.fail('webpayment', { status: 201, body: { status: 201, message: 'OK' } });
      expect((await rejection(a.createPrompt(input()))).message).toMatch(/unexpected response shape/);
      // A payment page that is not https (and not this machine) is never shown to a payer.
      fake.fail('webpayment', {
        status: 201,
        body: { status: 201, message: 'OK', pay_token: 'a'.repeat(64), payment_url: 'http://pay.example/x', notif_token: 'b'.repeat(32) },
      });
      expect((await rejection(a.createPrompt(input()))).message).toMatch(/not https/);
    });
  });
});

describe('Orange Money Web Payment adapter: the transaction status', () => {
  it('asks with order_id, amount (a number) and pay_token; answered 201 as documented', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input({ amount: 1700 });
      const p = await a.createPrompt(i);
      await a.getStatus(viewOf(i, p), i.now);
      const [req] = sent(fake, 'transactionstatus');
      expect(JSON.parse(req!.body)).toEqual({ order_id: i.attemptId, amount: 1700, pay_token: p.backendRef });
      expect(req!.headers.authorization).toMatch(/^Bearer /);
    });
  });

  it('maps INITIATED, PENDING, SUCCESS, FAILED and EXPIRED', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input({ amount: 1500 });
      const p = await a.createPrompt(i);
      // INITIATED: the payer has done nothing yet.
      expect(await a.getStatus(viewOf(i, p), i.now + 5)).toEqual({ state: 'waiting', received: 0, seen: 0 });
      // PENDING: the payer clicked "Confirmer"; in progress at Orange.
      fake.confirm(p.backendRef);
      expect(await a.getStatus(viewOf(i, p), i.now + 10)).toEqual({ state: 'pending', received: 0, seen: 0, details: { operatorState: 'in_progress' } });
      // SUCCESS: the amount we asked about, with Orange's transaction id.
      await fake.complete(p.backendRef, 'SUCCESS', { notify: false });
      const txnid = fake.payments.get(p.backendRef)!.txnid;
      expect(txnid).toMatch(/^MP\d{6}\.\d{4}\.A\d{5}$/);
      expect(await a.getStatus(viewOf(i, p), i.now + 15)).toEqual({ state: 'confirmed', received: 1500, seen: 0, details: { txnid } });
      // Still SUCCESS much later (even past the pay_token's validity): still the money.
      expect(await a.getStatus(viewOf(i, p), i.now + 100_000)).toMatchObject({ state: 'confirmed', received: 1500 });

      const j = input();
      const q = await a.createPrompt(j);
      await fake.complete(q.backendRef, 'FAILED', { notify: false });
      expect(await a.getStatus(viewOf(j, q), j.now + 5)).toEqual({
        state: 'failed',
        received: 0,
        seen: 0,
        error: { code: 'payment_failed', message: 'Orange Money refused or could not complete the payment.' },
      });

      // EXPIRED: the payer confirmed after the pay_token's validity.
      const k = input();
      const r = await a.createPrompt(k);
      fake.advance(10 * MIN);
      fake.confirm(r.backendRef);
      expect(fake.payments.get(r.backendRef)!.status).toBe('EXPIRED');
      expect(await a.getStatus(viewOf(k, r), k.now + 601)).toEqual({
        state: 'expired',
        received: 0,
        seen: 0,
        error: { code: 'timeout', message: 'The payer did not complete the payment on Orange Money in time.' },
      });
    });
  });

  it('an untouched payment stays INITIATED at Orange for ever: expired once well past the pay_token validity (validity + margin), not before', async () => {
    expect(ORANGE_PAY_TOKEN_SECONDS).toBe(600);
    expect(ORANGE_EXPIRY_MARGIN_SECONDS).toBeGreaterThan(0);
    const end = ORANGE_PAY_TOKEN_SECONDS + ORANGE_EXPIRY_MARGIN_SECONDS;
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      fake.advance(end * 1000);
      expect(fake.payments.get(p.backendRef)!.status).toBe('INITIATED');
      expect(await a.getStatus(viewOf(i, p), i.now + ORANGE_PAY_TOKEN_SECONDS)).toEqual({ state: 'waiting', received: 0, seen: 0 });
      expect(await a.getStatus(viewOf(i, p), i.now + end - 1)).toEqual({ state: 'waiting', received: 0, seen: 0 });
      expect(await a.getStatus(viewOf(i, p), i.now + end)).toEqual({
        state: 'expired',
        received: 0,
        seen: 0,
        error: { code: 'timeout', message: 'The payer did not complete the payment on Orange Money in time.' },
      });
      // Counted from the prompt (lastPushAt), not from the attempt's creation.
      const later = { ...p.details, lastPushAt: i.now + 100 };
      expect(await a.getStatus(viewOf(i, p, { details: later }), i.now + end)).toMatchObject({ state: 'waiting' });
      // PENDING (the payer confirmed in time) is never given up by our clock: Orange ends it.
      fake.payments.get(p.backendRef)!.status = 'PENDING';
      expect(await a.getStatus(viewOf(i, p), i.now + 10 * end)).toEqual({ state: 'pending', received: 0, seen: 0, details: { operatorState: 'in_progress' } });
    });
  });

  it("a payer time configured longer than Orange's default validity (MOMO_B_TIMEOUT_SECONDS) is never cut short by the INITIATED rule", async () => {
    const saved = process.env.MOMO_B_TIMEOUT_SECONDS;
    process.env.MOMO_B_TIMEOUT_SECONDS = '1800';
    resetConfigForTests();
    resetOperatorsForTests();
    try {
      await withFake(async (_fake, adapter) => {
        const a = adapter();
        const i = input();
        const p = await a.createPrompt(i);
        expect(p.expiresAt).toBe(i.now + 1800);
        // Our own attempt is open until +1800: Orange's page may be too (a merchant's longer validity).
        expect(await a.getStatus(viewOf(i, p), i.now + 1800 + ORANGE_EXPIRY_MARGIN_SECONDS - 1)).toEqual({ state: 'waiting', received: 0, seen: 0 });
        expect(await a.getStatus(viewOf(i, p), i.now + 1800 + ORANGE_EXPIRY_MARGIN_SECONDS)).toMatchObject({ state: 'expired', error: { code: 'timeout' } });
      });
    } finally {
      if (saved === undefined) delete process.env.MOMO_B_TIMEOUT_SECONDS;
      else process.env.MOMO_B_TIMEOUT_SECONDS = saved;
      resetConfigForTests();
      resetOperatorsForTests();
    }
  });

  it('an Orange that reports an idle payment EXPIRED after the validity (as integrators assume): expired', async () => {
    await withFake(
      async (fake, adapter) => {
        const a = adapter();
        const i = input();
        const p = await a.createPrompt(i);
        fake.advance(10 * MIN);
        expect(await a.getStatus(viewOf(i, p), i.now + 600)).toMatchObject({ state: 'expired', error: { code: 'timeout' } });
      },
      { expireIdle: true },
    );
  });

  it('a status we do not know is not final (pending), never money', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      fake.payments.get(p.backendRef)!.status = 'CANCELLED';
      expect(await a.getStatus(viewOf(i, p), i.now)).toEqual({ state: 'pending', received: 0, seen: 0 });
    });
  });

  it('an answer about another order is refused', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      fake.fail('transactionstatus', { status: 201, body: { status: 'SUCCESS', order_id: createId('att'), txnid: 'MP250101.1200.A00001' } });
      const err = await rejection(a.getStatus(viewOf(i, p), i.now));
      expect(err.message).toMatch(/another order/);
      expect(err.kind).toBe('down');
    });
  });

  it('4xx -> kind request; 5xx, timeout, garbage, a wrong shape -> kind down', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter({ timeoutMs: 300 });
      const i = input();
      const p = await a.createPrompt(i);
      const v = viewOf(i, p);
      // The fake itself: a pay_token it does not know (404 code 60), an amount that is not the payment's.
      expect(await rejection(a.getStatus({ ...v, backendRef: 'f'.repeat(64) }, i.now))).toMatchObject({ kind: 'request', status: 404 });
      expect(await rejection(a.getStatus({ ...v, amount: 1501 }, i.now))).toMatchObject({ kind: 'request', status: 404 });
      fake.fail('transactionstatus', {
        status: 400,
        body: { code: 23, message: 'Missing body field', description: "Key: 'GetTransactionStatusInfo.OrderId' Error:Field validation" },
      });
      expect(await rejection(a.getStatus(v, i.now))).toMatchObject({ kind: 'request', status: 400 });
      fake.fail('transactionstatus', { status: 502, text: 'Bad Gateway' });
      expect(await rejection(a.getStatus(v, i.now))).toMatchObject({ kind: 'down', status: 502 });
      fake.fail('transactionstatus', { status: 429, body: { code: 53, message: 'Too many requests' } });
      expect(await rejection(a.getStatus(v, i.now))).toMatchObject({ kind: 'down', status: 429 });
      fake.fail('transactionstatus', 'timeout');
      expect(await rejection(a.getStatus(v, i.now))).toMatchObject({ kind: 'down' });
      fake.fail('transactionstatus', { status: 201, text: 'SUCCESS' });
      expect(await rejection(a.getStatus(v, i.now))).toMatchObject({ kind: 'down' });
      fake.fail('transactionstatus', { status: 201, body: { order_id: i.attemptId } });
      expect(await rejection(a.getStatus(v, i.now))).toMatchObject({ kind: 'down' });
      // And then the real answer again.
      expect(await a.getStatus(v, i.now)).toEqual({ state: 'waiting', received: 0, seen: 0 });
    });
  });
});

describe('Orange Money Web Payment adapter: the notification', () => {
  const parse = (a: OrangeMoneyAdapter, url: string, rawBody: string) =>
    a.parseCallback({ headers: new Headers({ 'content-type': 'application/json' }), rawBody, url, now: 0 });

  it("names the attempt from notif_url's ?attempt=, and is believed only with that attempt's notif_token", async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      await fake.complete(p.backendRef, 'SUCCESS', { notify: false });
      const pay = fake.payments.get(p.backendRef)!;
      const view = viewOf(i, p);
      // What Orange posts, where it posts it.
      const right = await parse(a, pay.body.notif_url, JSON.stringify(fake.notification(p.backendRef)));
      expect(right.attemptId).toBe(i.attemptId);
      expect(right.verify!(view)).toBe(true);
      // Another token (a forgery, or another payment's notification sent to this URL).
      const j = input();
      const q = await a.createPrompt(j);
      const other = await parse(a, pay.body.notif_url, JSON.stringify(fake.notification(q.backendRef)));
      expect(other.attemptId).toBe(i.attemptId);
      expect(other.verify!(view)).toBe(false);
      const wrong = await parse(a, pay.body.notif_url, JSON.stringify({ ...fake.notification(p.backendRef), notif_token: 'f'.repeat(32) }));
      expect(wrong.verify!(view)).toBe(false);
      // The right token is not enough for another attempt.
      expect(right.verify!(viewOf(j, q))).toBe(false);
      // An attempt with no stored hash believes nothing.
      expect(right.verify!({ ...view, details: {} })).toBe(false);
      // The body's status is never what we act on: a FAILED body with the right token is only a reason to look.
      const failed = await parse(a, pay.body.notif_url, JSON.stringify({ ...fake.notification(p.backendRef), status: 'FAILED' }));
      expect(failed.verify!(view)).toBe(true);
    });
  });

  it('refused: no notif_token, no ?attempt=, an attempt id that is not one, a body that is not JSON', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const i = input();
      const p = await a.createPrompt(i);
      await fake.complete(p.backendRef, 'SUCCESS', { notify: false });
      const url = fake.payments.get(p.backendRef)!.body.notif_url as string;
      const body = fake.notification(p.backendRef);
      await rejection(parse(a, url, JSON.stringify({ status: 'SUCCESS', txnid: body.txnid })));
      await rejection(parse(a, url, JSON.stringify({ ...body, notif_token: '' })));
      await rejection(parse(a, NOTIFY_URL, JSON.stringify(body)));
      await rejection(parse(a, `${NOTIFY_URL}?attempt=`, JSON.stringify(body)));
      await rejection(parse(a, `${NOTIFY_URL}?attempt=pi_123`, JSON.stringify(body)));
      await rejection(parse(a, `${NOTIFY_URL}?attempt=att_x'%20or%201=1`, JSON.stringify(body)));
      await rejection(parse(a, url, 'status=SUCCESS&notif_token=x'));
      await rejection(parse(a, url, ''));
      await rejection(parse(a, url, 'null'));
    });
  });
});
