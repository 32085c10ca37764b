// Refunds on the mobile-money protocols, adapter by adapter (lib/rails/mobile-money/momo.ts and
// orange.ts): MTN MoMo refunds through its Disbursement product against the fake written from MTN's
// pages (test/fakes/momo.ts), Orange Money Web Payment has no refund API and says what the merchant
// does. Every money test ends with what the fake paid out == what the adapter reported succeeded,
// and a refund whose answer was lost is taken once, never twice.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Config, config } from '@/lib/config';
import { accountAdapter, accountFields } from '@/lib/rails/accounts';
import { MomoAdapter, type MomoConfig, mapMomoRefundReason, momoProtocol } from '@/lib/rails/mobile-money/momo';
import { OrangeMoneyAdapter } from '@/lib/rails/mobile-money/orange';
import { type RailSettings, railSettings } from '@/lib/rails/settings';
import { type AttemptView, BackendError, type RefundOutcome, type RefundRequest } from '@/lib/rails/types';
import { input, view } from './adapter-helpers';
import { DISBURSEMENT_CREDS, type FakeMomo, startFakeMomo } from './fakes/momo';
import { now } from './lifecycle-helpers';

const DISBURSEMENT = {
  disbursementSubscriptionKey: DISBURSEMENT_CREDS.sub,
  disbursementApiUser: DISBURSEMENT_CREDS.user,
  disbursementApiKey: DISBURSEMENT_CREDS.key,
};

async function withFake(fn: (fake: FakeMomo, adapter: (over?: Partial<MomoConfig>) => MomoAdapter) => Promise<void>) {
  const fake = await startFakeMomo();
  const adapter = (over: Partial<MomoConfig> = {}) =>
    new MomoAdapter('mobile_money_a', {
      baseUrl: fake.url,
      subscriptionKey: 'sub-key',
      apiUser: 'api-user',
      apiKey: 'api-key',
      targetEnvironment: 'sandbox',
      timeoutMs: 1000,
      ...DISBURSEMENT,
      ...over,
    });
  try {
    await fn(fake, adapter);
  } finally {
    await fake.close();
  }
}

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 22)}`;

/** A payment the payer approved, as the attempt stores it once getStatus confirmed it. */
async function paidAttempt(fake: FakeMomo, a: MomoAdapter, amount = 1500, phone = '+2250554120000'): Promise<AttemptView> {
  const t = now();
  const id = newId('att');
  const p = await a.createPrompt(input({ attemptId: id, phone, amount, now: t }));
  fake.approve(p.backendRef);
  const st = await a.getStatus(view(p, { id, amount }), t);
  expect(st).toMatchObject({ state: 'confirmed', received: amount });
  return view({ ...p, details: { ...p.details, ...st.details } }, { id, amount });
}

const refundOf = (payment: AttemptView, over: Partial<RefundRequest> = {}): RefundRequest => ({
  refundId: newId('re'),
  reference: randomUUID(),
  payment,
  amount: payment.amount,
  currency: payment.currency,
  intentAmount: over.amount ?? payment.amount,
  whole: true,
  note: "Remboursement de l'commande n° 42",
  details: {},
  sentAt: null,
  now: now(),
  ...over,
});

/** The engine's next call: the refund with what earlier outcomes returned in its details. */
const nextCall = (req: RefundRequest, out: RefundOutcome): RefundRequest => ({ ...req, details: { ...req.details, ...('details' in out ? out.details : {}) } });

const rejection = async (p: Promise<unknown>): Promise<BackendError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackendError);
  return err as BackendError;
};
const posts = (fake: FakeMomo) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/disbursement/v1_0/refund');
/** What the fake gave back, in francs (XOF has no minor unit: francs are our minor units). */
const paidOut = (fake: FakeMomo, paymentRef?: string) => fake.refunded(paymentRef);

describe('MTN MoMo refunds (Disbursement, fake written from MTN docs)', () => {
  it('a whole and a partial refund: the documented request, then SUCCESSFUL; what went out == what was reported', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const whole = await paidAttempt(fake, a, 1500);
      const partial = await paidAttempt(fake, a, 5000, '+2250554120001');
      let reported = 0;

      const r1 = refundOf(whole);
      const o1 = await a.refunds.send!(r1);
      expect(o1).toEqual({ state: 'pending', details: { referenceIdToRefund: whole.backendRef } });
      const sent = posts(fake)[0]!;
      expect(sent.headers).toMatchObject({
        'x-reference-id': r1.reference,
        'x-target-environment': 'sandbox',
        'ocp-apim-subscription-key': DISBURSEMENT_CREDS.sub,
      });
      // The Disbursement product's own token, not Collection's.
      expect(fake.requests.some((r) => r.path === '/disbursement/token/')).toBe(true);
      expect(sent.headers.authorization).toMatch(/^Bearer fake-jwt\.disbursement\./);
      expect(JSON.parse(sent.body)).toEqual({
        amount: '1500',
        currency: 'XOF',
        externalId: r1.refundId,
        payerMessage: 'Remboursement de l commande n 42',
        payeeNote: 'Remboursement de l commande n 42',
        referenceIdToRefund: whole.backendRef,
      });
      const c1 = await a.refunds.check!(nextCall(r1, o1));
      const ftx = String(fake.refundStatusBody(r1.reference).financialTransactionId);
      expect(c1).toEqual({ state: 'succeeded', operatorReference: ftx, details: { financialTransactionId: ftx } });
      reported += r1.amount;

      // Two partial refunds of one payment, each of its own amount.
      for (const amount of [2000, 1200]) {
        const r = refundOf(partial, { amount, whole: false });
        const o = await a.refunds.send!(r);
        expect(o.state).toBe('pending');
        expect(JSON.parse(posts(fake).at(-1)!.body)).toMatchObject({ amount: String(amount), referenceIdToRefund: partial.backendRef });
        expect(await a.refunds.check!(nextCall(r, o))).toMatchObject({ state: 'succeeded' });
        reported += amount;
      }
      expect(paidOut(fake, whole.backendRef)).toBe(1500);
      expect(paidOut(fake, partial.backendRef)).toBe(3200);
      expect(paidOut(fake)).toBe(reported);
      expect(fake.refunds.size).toBe(3);
    });
  });

  it('PENDING until MTN settles it; FAILED carries its reason, mapped; nothing counted as gone out', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const payment = await paidAttempt(fake, a);
      fake.refundOutcome = 'PENDING';
      for (const form of ['string', 'object'] as const) {
        fake.reasonForm = form;
        const r = refundOf(payment, { amount: 500, whole: false });
        const o = await a.refunds.send!(r);
        expect(await a.refunds.check!(nextCall(r, o))).toEqual({ state: 'pending' });
        fake.failRefund(r.reference, 'NOT_ENOUGH_FUNDS');
        expect(await a.refunds.check!(nextCall(r, o))).toEqual({
          state: 'failed',
          code: 'insufficient_funds',
          message: "The account's MTN MoMo disbursement balance is too low for this refund.",
        });
      }
      // The balance the fake keeps: a refund over it fails NOT_ENOUGH_FUNDS at MTN.
      fake.refundOutcome = 'SUCCESSFUL';
      fake.disbursementBalance = 300;
      const over = refundOf(payment, { amount: 500, whole: false });
      expect(await a.refunds.check!(nextCall(over, await a.refunds.send!(over)))).toMatchObject({ state: 'failed', code: 'insufficient_funds' });
      expect(paidOut(fake)).toBe(0);
      const fits = refundOf(payment, { amount: 300, whole: false });
      expect(await a.refunds.check!(nextCall(fits, await a.refunds.send!(fits)))).toMatchObject({ state: 'succeeded' });
      expect(fake.disbursementBalance).toBe(0);
      expect(paidOut(fake)).toBe(300);
    });
  });

  it('MTN takes a refund of more than the payment left, or of a payment that never succeeded, and fails it', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const payment = await paidAttempt(fake, a, 1000);
      const first = refundOf(payment, { amount: 700, whole: false });
      expect(await a.refunds.check!(nextCall(first, await a.refunds.send!(first)))).toMatchObject({ state: 'succeeded' });
      // 700 gone, 300 left: 400 is more than the payment took, less earlier refunds.
      const more = refundOf(payment, { amount: 400, whole: false });
      expect(await a.refunds.check!(nextCall(more, await a.refunds.send!(more)))).toEqual({
        state: 'failed',
        code: 'refund_failed',
        message: 'MTN could not process the refund (its generic error).',
      });
      // A push the payer declined: MTN finds no transaction to refund.
      const t = now();
      const p = await a.createPrompt(input({ phone: '+2250554123333', now: t }));
      fake.decline(p.backendRef, 'APPROVAL_REJECTED');
      const declined = refundOf(view(p));
      expect(await a.refunds.check!(nextCall(declined, await a.refunds.send!(declined)))).toMatchObject({ state: 'failed', code: 'payment_not_found' });
      expect(paidOut(fake)).toBe(700);
      expect(mapMomoRefundReason({ code: 'PAYEE_NOT_ALLOWED_TO_RECEIVE' }).code).toBe('payee_not_allowed');
      expect(mapMomoRefundReason('SOMETHING_NEW')).toEqual({ code: 'refund_failed', message: 'MTN refused the refund (SOMETHING_NEW).' });
    });
  });

  it('500 after MTN recorded it: maybeSent, then check finds it; it is never sent as a second refund', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const payment = await paidAttempt(fake, a);
      const r = refundOf(payment);
      fake.failNext('refund', { status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR' }, record: true });
      const err = await rejection(a.refunds.send!(r));
      expect(err).toMatchObject({ maybeSent: true, status: 500 });
      expect(fake.refunds.size).toBe(1);
      // The engine asks (the reference it stored before the call), and never sends blind.
      const c = await a.refunds.check!(r);
      expect(c).toMatchObject({ state: 'succeeded' });
      // Even sent again with the same reference, MTN keeps one (409), and the adapter reports its state.
      expect(await a.refunds.send!(r)).toMatchObject({ state: 'succeeded', details: { referenceIdToRefund: payment.backendRef } });
      expect(fake.refunds.size).toBe(1);
      expect(posts(fake)).toHaveLength(2);
      expect(paidOut(fake)).toBe(1500);
    });
  });

  it('a lost answer (timeout): check says not_found, the same reference is sent again and taken once (409 after)', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const payment = await paidAttempt(fake, a);
      const r = refundOf(payment, { amount: 1000, whole: false });
      fake.failNext('refund', 'timeout');
      const err = await rejection(a.refunds.send!(r));
      expect(err.maybeSent).toBe(true);
      expect(fake.refunds.size).toBe(0);
      expect(await a.refunds.check!(r)).toEqual({ state: 'not_found' });
      const o = await a.refunds.send!(r);
      expect(o).toEqual({ state: 'pending', details: { referenceIdToRefund: payment.backendRef } });
      // Sent a third time (the engine lost our answer too): 409, the state MTN has; still one refund.
      expect(await a.refunds.send!(nextCall(r, o))).toMatchObject({ state: 'succeeded' });
      expect(fake.refunds.size).toBe(1);
      expect(posts(fake).map((p) => p.headers['x-reference-id'])).toEqual([r.reference, r.reference, r.reference]);
      expect(paidOut(fake)).toBe(1000);

      // Recorded and never answered ('lost'): check finds it, nothing is sent again.
      const lost = refundOf(payment, { amount: 500, whole: false });
      fake.failNext('refund', 'lost');
      expect((await rejection(a.refunds.send!(lost))).maybeSent).toBe(true);
      expect(await a.refunds.check!(lost)).toMatchObject({ state: 'succeeded' });
      expect(fake.refunds.size).toBe(2);
      expect(paidOut(fake)).toBe(1500);
    });
  });

  it('a 409 for a refund MTN does not show yet (its lookups lag the 202) is pending, not a reason to send again', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const payment = await paidAttempt(fake, a);
      fake.notFoundLookups = 2;
      const r = refundOf(payment);
      fake.failNext('refund', 'lost');
      await rejection(a.refunds.send!(r));
      // Sent again: 409 (it exists), its status still 404: pending.
      expect(await a.refunds.send!(r)).toEqual({ state: 'pending', details: { referenceIdToRefund: payment.backendRef } });
      expect(await a.refunds.check!(r)).toEqual({ state: 'not_found' });
      expect(await a.refunds.check!(r)).toMatchObject({ state: 'succeeded' });
      expect(fake.refunds.size).toBe(1);
      expect(paidOut(fake)).toBe(1500);
    });
  });

  it('definite refusals: a 400 is a failed refund, a bad token or 403 a BackendError; nothing sent in either case', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const payment = await paidAttempt(fake, a);
      // MTN refuses (400) a reference that is not a UUID v4.
      const bad = await a.refunds.send!(refundOf(payment, { reference: 'not-a-uuid' }));
      expect(bad).toMatchObject({ state: 'failed', code: 'refund_rejected' });
      const wrong = adapter({ disbursementApiKey: 'wrong' });
      const tokenErr = await rejection(wrong.refunds.send!(refundOf(payment)));
      expect(tokenErr).toMatchObject({ maybeSent: false, status: 401, kind: 'down' });
      fake.failNext('refund', { status: 403, body: { code: 'FORBIDDEN' } });
      expect(await rejection(a.refunds.send!(refundOf(payment)))).toMatchObject({ maybeSent: false, status: 403, kind: 'down' });
      // A currency other than the payment's never leaves.
      expect(await a.refunds.send!(refundOf(payment, { currency: 'XAF' }))).toMatchObject({ state: 'failed', code: 'currency_mismatch' });
      expect(fake.refunds.size).toBe(0);
    });
  });

  it('a collection token is not a disbursement token; the credentials are checked for both products', async () => {
    await withFake(async (fake, adapter) => {
      await adapter().verifyCredentials();
      expect(fake.requests.map((r) => r.path)).toEqual(['/collection/token/', '/disbursement/token/']);
      const err = await rejection(adapter({ disbursementSubscriptionKey: 'wrong' }).verifyCredentials());
      expect(err.message).toMatch(/disbursement token.*HTTP 401/);
      // Without Disbursement credentials: Collection's only.
      fake.requests.length = 0;
      await adapter({ disbursementSubscriptionKey: undefined, disbursementApiUser: undefined, disbursementApiKey: undefined }).verifyCredentials();
      expect(fake.requests.map((r) => r.path)).toEqual(['/collection/token/']);
    });
  });

  it('several pushes: the one that was paid is refunded; an attempt stored before paidReferences is asked about', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter();
      const t = now();
      const p = await a.createPrompt(input({ phone: '+2250554120002', now: t }));
      const p2 = await a.resend(view(p), t);
      fake.decline(p.backendRef, 'EXPIRED');
      fake.approve(p2.backendRef);
      const st = await a.getStatus(view(p2), t);
      const payment = view({ ...p2, details: { ...p2.details, ...st.details } });
      const r = refundOf(payment);
      expect(await a.refunds.send!(r)).toMatchObject({ details: { referenceIdToRefund: p2.backendRef } });
      // The same attempt as stored before this adapter kept paidReferences: MTN is asked which push was paid.
      const { paidReferences: _, ...older } = payment.details;
      fake.refundOutcome = 'PENDING';
      const r2 = refundOf({ ...payment, details: older }, { amount: 100, whole: false });
      expect(await a.refunds.send!(r2)).toEqual({ state: 'pending', details: { referenceIdToRefund: p2.backendRef } });
      // Both pushes paid (1500 each): one refund gives back at most one of them.
      const q = await a.createPrompt(input({ phone: '+2250554120003', now: t }));
      const q2 = await a.resend(view(q), t);
      fake.approve(q.backendRef);
      fake.approve(q2.backendRef);
      const both = await a.getStatus(view(q2), t);
      expect(both).toMatchObject({ received: 3000 });
      const twice = view({ ...q2, details: { ...q2.details, ...both.details } }, { amount: 1500 });
      expect(await a.refunds.send!(refundOf(twice, { amount: 1500 }))).toMatchObject({ state: 'pending', details: { referenceIdToRefund: q.backendRef } });
      expect(await a.refunds.send!(refundOf(twice, { amount: 3000 }))).toMatchObject({ state: 'failed', code: 'amount_too_large' });
      // One push: never more than it took (checked before anything is sent).
      expect(await a.refunds.send!(refundOf(payment, { amount: 1501 }))).toEqual({
        state: 'failed',
        code: 'amount_too_large',
        message: 'MTN took 1500 XOF for this payment: a refund gives back at most that.',
      });
    });
  });

  it('no Disbursement credentials: requires_action, the steps on MTN portal; nothing sent', async () => {
    await withFake(async (fake, adapter) => {
      const a = adapter({ disbursementSubscriptionKey: undefined, disbursementApiUser: undefined, disbursementApiKey: undefined });
      const payment = await paidAttempt(fake, a, 2500);
      const r = refundOf(payment, { amount: 1000, whole: false });
      const out = await a.refunds.send!(r);
      expect(out.state).toBe('requires_action');
      const text = (out as { instructions: string }).instructions;
      expect(text).toContain('1000 XOF');
      expect(text).toContain('+2250554120000');
      expect(text).toContain(String(payment.details.financialTransactionId));
      expect(text).toContain('MOMO_A_DISBURSEMENT_SUBSCRIPTION_KEY');
      expect(await a.refunds.check!(r)).toMatchObject({ state: 'requires_action' });
      expect(fake.requests.filter((x) => x.path.startsWith('/disbursement/'))).toEqual([]);
      // A merchant's account names its own settings.
      Object.defineProperty(a, 'account', { value: { id: 'ra_test', version: 1 } });
      expect(((await a.refunds.send!(r)) as { instructions: string }).instructions).toContain('disbursementSubscriptionKey');
    });
  });

  it('the platform account reads MOMO_<X>_DISBURSEMENT_*: all three or none, and never without Collection', () => {
    const base = {
      MOMO_A_BASE_URL: 'https://momo.example',
      MOMO_A_SUBSCRIPTION_KEY: 's',
      MOMO_A_API_USER: 'u',
      MOMO_A_API_KEY: 'k',
      MOMO_A_TARGET_ENVIRONMENT: 'mtnivorycoast',
    };
    const disb = { MOMO_A_DISBURSEMENT_SUBSCRIPTION_KEY: 'ds', MOMO_A_DISBURSEMENT_API_USER: 'du', MOMO_A_DISBURSEMENT_API_KEY: 'dk' };
    const parse = (env: Record<string, string>) =>
      momoProtocol.parse('mobile_money_a', { env, cfg: env as unknown as Config, timeoutMs: 1000 } as unknown as RailSettings);
    expect(parse(base)).toMatchObject({ subscriptionKey: 's', disbursementApiKey: undefined });
    expect(parse({ ...base, ...disb })).toMatchObject({ disbursementSubscriptionKey: 'ds', disbursementApiUser: 'du', disbursementApiKey: 'dk' });
    expect(() => parse({ ...base, MOMO_A_DISBURSEMENT_API_USER: 'du' })).toThrow(/MOMO_A_DISBURSEMENT_SUBSCRIPTION_KEY.*MOMO_A_DISBURSEMENT_API_KEY/);
    expect(() => parse(disb)).toThrow(/MOMO_A_BASE_URL/);
    expect(parse({})).toBeNull();
  });
});

describe("MTN MoMo rail accounts: the Disbursement credentials are the account's own settings", () => {
  it('three optional fields (two secrets), all or none, mapped to the adapter', () => {
    const fields = accountFields('mobile_money_a', 'mtn_momo').filter((f) => f.name.startsWith('disbursement'));
    expect(fields.map((f) => [f.name, f.kind, f.required, f.env])).toEqual([
      ['disbursementSubscriptionKey', 'secret', false, 'MOMO_*_DISBURSEMENT_SUBSCRIPTION_KEY'],
      ['disbursementApiUser', 'text', false, 'MOMO_*_DISBURSEMENT_API_USER'],
      ['disbursementApiKey', 'secret', false, 'MOMO_*_DISBURSEMENT_API_KEY'],
    ]);
    const base = railSettings(config(), () => new Uint8Array(32));
    const account = { id: 'ra_disbursement123456', version: 1, livemode: false, protocol: 'mtn_momo' as const };
    const collection = { baseUrl: 'https://momo.example', subscriptionKey: 's', apiUser: 'u', apiKey: 'k', targetEnvironment: 'sandbox' };
    const made = accountAdapter(base, 'mobile_money_a', account, {
      ...collection,
      disbursementSubscriptionKey: 'ds',
      disbursementApiUser: 'du',
      disbursementApiKey: 'dk',
    });
    expect(made.config).toMatchObject({ disbursementSubscriptionKey: 'ds', disbursementApiUser: 'du', disbursementApiKey: 'dk' });
    expect(made.refunds?.method).toBe('send');
    expect((accountAdapter(base, 'mobile_money_a', account, collection).config as MomoConfig).disbursementApiKey).toBeUndefined();
    // Said in the API's names.
    expect(() => accountAdapter(base, 'mobile_money_a', account, { ...collection, disbursementApiUser: 'du' })).toThrow(
      /set all of disbursementSubscriptionKey, disbursementApiUser, disbursementApiKey or none \(missing: disbursementSubscriptionKey, disbursementApiKey\)/,
    );
  });
});

describe('Orange Money refunds: no refund API, the merchant does it', () => {
  it('requires_action with the steps: the amount in francs, the payer, the Orange transaction and order; check says the same', async () => {
    const a = new OrangeMoneyAdapter('mobile_money_b', {
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'c',
      clientSecret: 's',
      merchantKey: 'k',
      country: 'ci',
      timeoutMs: 1000,
    });
    const payment: AttemptView = {
      id: 'att_orange1234567890',
      rail: 'mobile_money_b',
      amount: 7500,
      currency: 'XOF',
      destination: '+2250707120000',
      backendRef: 'pay-token',
      details: { orderId: 'att_orange1234567890', txnid: 'MP150709.1341.A00073' },
      createdAt: now(),
      expiresAt: null,
    };
    const r = refundOf(payment, { amount: 2500, whole: false });
    expect(a.refunds.method).toBe('send');
    const out = await a.refunds.send!(r);
    expect(out).toMatchObject({ state: 'requires_action', details: { manual: true, txnid: 'MP150709.1341.A00073' } });
    const text = (out as { instructions: string }).instructions;
    expect(text).toContain('2500 XOF (CFA francs)');
    expect(text).toContain('+2250707120000');
    expect(text).toContain('MP150709.1341.A00073');
    expect(text).toContain('att_orange1234567890');
    expect(text).toContain(`/v1/refunds/${r.refundId}/mark_succeeded`);
    expect(await a.refunds.check!(r)).toEqual(out);
    // No number was given and Orange's status gave no txnid: the steps say where to find them.
    const anonymous = ((await a.refunds.send!(refundOf({ ...payment, destination: '', details: { orderId: payment.id } }))) as { instructions: string })
      .instructions;
    expect(anonymous).toContain('the number that paid it');
    expect(anonymous).toContain('7500 XOF');
  });
});
