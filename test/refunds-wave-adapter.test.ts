// Wave refunds (lib/rails/mobile-money/wave.ts, `refunds`) against the fake written from Wave's pages
// (test/fakes/wave.ts): all of a payment by refunding its checkout session, part of it by a payout to
// the number that paid (with the account's payout key), the merchant's to do otherwise. Each money
// test asserts that what left the fake wallet is what the adapter reported, and that an answer lost
// after Wave acted is found by `check`, and a resend with the same reference moves nothing more.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { accountAdapter, accountFields } from '@/lib/rails/accounts';
import { WaveAdapter, type WaveConfig } from '@/lib/rails/mobile-money/wave';
import { railSettings } from '@/lib/rails/settings';
import { type AttemptView, BackendError, type RefundOutcome, type RefundRequest } from '@/lib/rails/types';
import { input as baseInput, view as baseView } from './adapter-helpers';
import { type FakeWave, type FakeWaveOptions, startFakeWave } from './fakes/wave';
import { now } from './lifecycle-helpers';

const API_KEY = 'wave_sn_prod_refundtestcheckoutkey0123456789';
const PAYOUT_KEY = 'wave_sn_prod_refundtestpayoutkey0123456789';
const SECRET = 'wave_sn_WHS_refundtestsecret0123456789abcdefgh';
const PAYER = '+221771234567';

const fakes: FakeWave[] = [];
afterEach(async () => {
  for (const f of fakes.splice(0)) await f.close();
});

async function setup(opts: FakeWaveOptions = {}) {
  const fake = await startFakeWave({ apiKey: API_KEY, payoutApiKey: PAYOUT_KEY, webhookSecret: SECRET, ...opts });
  fakes.push(fake);
  const adapter = (over: Partial<WaveConfig> = {}) =>
    new WaveAdapter('mobile_money_d', { baseUrl: fake.url, apiKey: API_KEY, webhookSecret: SECRET, payoutApiKey: PAYOUT_KEY, timeoutMs: 1000, ...over });
  return { fake, adapter };
}

/** A Wave payment of `amount` (restricted to PAYER unless `phone` is null), paid unless `paid` is false. */
async function payment(fake: FakeWave, adapter: WaveAdapter, o: { amount?: number; phone?: string | null; paid?: boolean } = {}): Promise<AttemptView> {
  const attemptId = `att_${randomBytes(11).toString('hex')}`;
  const inp = baseInput({
    attemptId,
    rail: 'mobile_money_d',
    amount: o.amount ?? 1500,
    returnUrl: 'https://shop.example/checkout/cs_test123',
    ...(o.phone === null ? {} : { phone: o.phone ?? PAYER }),
  });
  const prompt = await adapter.createPrompt(inp);
  const attempt = baseView(prompt, { id: attemptId, rail: 'mobile_money_d', amount: inp.amount, currency: 'XOF' });
  if (o.paid === false) return attempt;
  await fake.pay(prompt.backendRef, { webhook: false });
  const status = await adapter.getStatus(attempt);
  expect(status.state).toBe('confirmed');
  return { ...attempt, details: { ...attempt.details, ...status.details } };
}

function refund(payment: AttemptView, over: Partial<RefundRequest> = {}): RefundRequest {
  return {
    refundId: `rf_${randomBytes(8).toString('hex')}`,
    reference: randomUUID(),
    payment,
    amount: payment.amount,
    currency: 'XOF',
    intentAmount: over.amount ?? payment.amount,
    whole: true,
    note: 'Order 42 returned',
    details: {},
    sentAt: null,
    now: now(),
    ...over,
  };
}

/** The refund's details after an outcome, as the engine keeps them. */
const withDetails = (req: RefundRequest, o: RefundOutcome): RefundRequest => ({ ...req, details: { ...req.details, ...('details' in o ? o.details : {}) } });

const payoutIdOf = (o: RefundOutcome): string => String(('details' in o && o.details?.payoutId) || '');

const rejection = async (p: Promise<unknown>): Promise<BackendError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackendError);
  return err as BackendError;
};

/** What left the wallet for payers: session refunds (whole sessions) and payouts not failed or reversed, in francs. */
const sentOut = (fake: FakeWave) =>
  fake.refunds.reduce((n, r) => n + Number(r.amount), 0) +
  [...fake.payouts.values()].filter((p) => !['failed', 'reversed'].includes(String(p.payout.status))).reduce((n, p) => n + Number(p.payout.receive_amount), 0);
const posts = (fake: FakeWave, path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('Wave refunds: all of a payment, by its checkout session', () => {
  it('refunds the session with our reference as Idempotency-Key; what left the wallet is what was reported', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const balance = fake.balance;
    const req = refund(pay);
    const out = await a.refunds.send!(req);
    expect(out).toEqual({ state: 'succeeded', operatorReference: null, details: { via: 'session', refundedAt: req.now } });
    const [sent] = posts(fake, `/v1/checkout/sessions/${pay.backendRef}/refund`);
    expect(sent!.headers).toMatchObject({ authorization: `Bearer ${API_KEY}`, 'idempotency-key': req.reference });
    expect(sent!.body).toBe('');
    expect(fake.refunds).toEqual([{ sessionId: pay.backendRef, amount: '1500', currency: 'XOF', idempotencyKey: req.reference }]);
    expect(sentOut(fake)).toBe(req.amount);
    expect(fake.balance).toBe(balance - 1500);
    expect(fake.payouts.size).toBe(0);
    // Asked again later: the details say it was done.
    expect(await a.refunds.check!(withDetails(req, out))).toMatchObject({ state: 'succeeded' });
  });

  it('refunds a session once: sent again, Wave answers 200 and nothing more leaves', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const req = refund(pay);
    expect((await a.refunds.send!(req)).state).toBe('succeeded');
    expect((await a.refunds.send!(req)).state).toBe('succeeded');
    // Even under another reference (a session refunded already, e.g. from Wave's portal).
    expect((await a.refunds.send!(refund(pay))).state).toBe('succeeded');
    expect(fake.refunds).toHaveLength(1);
    expect(sentOut(fake)).toBe(1500);
  });

  it('a session whose payment did not succeed is refused for good (checkout-refund-failed): nothing leaves', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a, { paid: false });
    const out = await a.refunds.send!(refund(pay));
    expect(out).toMatchObject({ state: 'failed', code: 'checkout-refund-failed', details: { via: 'session' } });
    expect(fake.refunds).toHaveLength(0);
  });

  it('a wallet that cannot cover the refund is refused (checkout-refund-failed)', async () => {
    const { fake, adapter } = await setup({ balance: 0 });
    const a = adapter();
    const pay = await payment(fake, a);
    fake.balance = 1000;
    expect(await a.refunds.send!(refund(pay))).toMatchObject({ state: 'failed', code: 'checkout-refund-failed' });
    expect(fake.refunds).toHaveLength(0);
    expect(fake.balance).toBe(1000);
  });

  it('Wave gives back the whole session: a "whole" refund of another amount or currency is refused before anything is sent', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    expect(await a.refunds.send!(refund(pay, { amount: 1400 }))).toMatchObject({ state: 'failed', code: 'amount_mismatch' });
    expect(await a.refunds.send!(refund(pay, { currency: 'XAF' }))).toMatchObject({ state: 'failed', code: 'currency_mismatch' });
    expect(posts(fake, `/v1/checkout/sessions/${pay.backendRef}/refund`)).toHaveLength(0);
    // An unknown session: refused, nothing sent.
    expect(await a.refunds.send!(refund({ ...pay, backendRef: 'cos-unknown0000000' }))).toMatchObject({ state: 'failed', code: 'checkout-session-not-found' });
  });

  it('a 5xx after Wave refunded: maybeSent; check says a resend is safe, and the resend moves nothing more', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const req = refund(pay);
    fake.fail('refund', 'recorded-500');
    const err = await rejection(a.refunds.send!(req));
    expect(err.maybeSent).toBe(true);
    expect(fake.refunds).toHaveLength(1);
    // Wave shows no refund on the session: sending again is what tells, and it refunds nothing twice.
    expect(await a.refunds.check!(req)).toEqual({ state: 'not_found' });
    expect(await a.refunds.send!(req)).toMatchObject({ state: 'succeeded' });
    expect(fake.refunds).toHaveLength(1);
    expect(sentOut(fake)).toBe(req.amount);
  });

  it('a timeout (the answer lost after Wave refunded) is maybeSent too; a failed read of the session is not', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const req = refund(pay);
    fake.fail('refund', 'lost');
    expect((await rejection(a.refunds.send!(req))).maybeSent).toBe(true);
    expect((await a.refunds.send!(req)).state).toBe('succeeded');
    expect(fake.refunds).toHaveLength(1);
    // The session is read before anything is sent: its failure sent nothing.
    fake.fail('retrieve', 'timeout');
    expect((await rejection(a.refunds.send!(refund(pay)))).maybeSent).toBe(false);
    fake.fail('refund', { status: 429, body: { code: 'too-many-requests', message: 'slow down' } });
    const limited = await rejection(a.refunds.send!(refund(pay)));
    expect([limited.maybeSent, limited.kind]).toEqual([false, 'down']);
  });
});

describe('Wave refunds: part of a payment, by a payout', () => {
  it('pays out the amount to the number that paid, with the payout key; what left is what was reported', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const balance = fake.balance;
    const req = refund(pay, { amount: 600, whole: false });
    const out = await a.refunds.send!(req);
    const [po] = [...fake.payouts.values()];
    expect(out).toEqual({ state: 'succeeded', operatorReference: po!.id, details: { via: 'payout', payoutId: po!.id, payoutStatus: 'succeeded', fee: '6' } });
    const [sent] = posts(fake, '/v1/payout');
    expect(sent!.headers).toMatchObject({ authorization: `Bearer ${PAYOUT_KEY}`, 'idempotency-key': req.reference });
    expect(JSON.parse(sent!.body)).toEqual({
      currency: 'XOF',
      receive_amount: '600',
      mobile: PAYER,
      client_reference: req.refundId,
      payment_reason: 'Order 42 returned',
    });
    expect(sentOut(fake)).toBe(req.amount);
    // The fee is the wallet's, not the payer's.
    expect(fake.balance).toBe(balance - 600 - 6);
    expect(fake.refunds).toHaveLength(0);
    expect(await a.refunds.check!(withDetails(req, out))).toEqual(out);
  });

  it('the note is cut to the 40 characters Wave takes; control characters go', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const out = await a.refunds.send!(refund(pay, { amount: 100, whole: false, note: `Retour\ncommande ${'x'.repeat(60)}` }));
    expect(out.state).toBe('succeeded');
    const reason = JSON.parse(posts(fake, '/v1/payout')[0]!.body).payment_reason;
    expect(reason).toBe(`Retour commande ${'x'.repeat(24)}`);
    expect(reason).toHaveLength(40);
  });

  it('without a payout key: the merchant refunds from the Wave portal (requires_action), nothing is sent', async () => {
    const { fake, adapter } = await setup();
    const a = adapter({ payoutApiKey: undefined });
    const pay = await payment(fake, a);
    const req = refund(pay, { amount: 600, whole: false });
    const out = await a.refunds.send!(req);
    expect(out).toMatchObject({ state: 'requires_action', details: { via: 'manual' } });
    const instructions = (out as { instructions: string }).instructions;
    expect(instructions).toContain('no payout API key');
    expect(instructions).toContain(`Send 600 XOF from the Wave Business portal to the payer's Wave number, ${PAYER}`);
    expect(instructions).toContain("with Wave's transaction id");
    expect(await a.refunds.check!(withDetails(req, out))).toMatchObject({ state: 'requires_action' });
    expect(posts(fake, '/v1/payout')).toHaveLength(0);
    expect(sentOut(fake)).toBe(0);
  });

  it("without the payer's number (a session any number could pay): requires_action naming Wave's transaction", async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a, { phone: null });
    const out = await a.refunds.send!(refund(pay, { amount: 600, whole: false }));
    expect(out.state).toBe('requires_action');
    const instructions = (out as { instructions: string }).instructions;
    expect(instructions).toContain("does not tell Caisse the payer's number");
    expect(instructions).toContain(`Wave transaction ${String(pay.details.transactionId)}`);
    expect(posts(fake, '/v1/payout')).toHaveLength(0);
  });

  it('refuses what the payment cannot cover, and a payment that did not succeed, before anything is sent', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    expect(await a.refunds.send!(refund(pay, { amount: 1600, whole: false }))).toMatchObject({ state: 'failed', code: 'amount_too_large' });
    const unpaid = await payment(fake, a, { paid: false });
    expect(await a.refunds.send!(refund(unpaid, { amount: 600, whole: false }))).toMatchObject({ state: 'failed', code: 'not_paid' });
    expect(posts(fake, '/v1/payout')).toHaveLength(0);
  });

  it('a 5xx after Wave paid out: maybeSent; check finds the payout by our refund id; a resend replays the same payout', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const req = refund(pay, { amount: 700, whole: false });
    fake.fail('payout', 'recorded-500');
    expect((await rejection(a.refunds.send!(req))).maybeSent).toBe(true);
    expect(fake.payouts.size).toBe(1);
    const [po] = [...fake.payouts.values()];
    const found = await a.refunds.check!(req);
    expect(found).toEqual({ state: 'succeeded', operatorReference: po!.id, details: { via: 'payout', payoutId: po!.id, payoutStatus: 'succeeded', fee: '7' } });
    expect(fake.requests.some((r) => r.path === `/v1/payouts/search?client_reference=${req.refundId}`)).toBe(true);
    // The engine would not resend now; if it did, the same reference is the same payout.
    expect(await a.refunds.send!(req)).toMatchObject({ state: 'succeeded', operatorReference: po!.id });
    expect(fake.payouts.size).toBe(1);
    expect(sentOut(fake)).toBe(req.amount);
  });

  it('a timeout before Wave recorded anything: check says not_found, and the resend pays once', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    const req = refund(pay, { amount: 500, whole: false });
    fake.fail('payout', 'timeout');
    expect((await rejection(a.refunds.send!(req))).maybeSent).toBe(true);
    expect(await a.refunds.check!(req)).toEqual({ state: 'not_found' });
    expect((await a.refunds.send!(req)).state).toBe('succeeded');
    expect(fake.payouts.size).toBe(1);
    expect(sentOut(fake)).toBe(500);
  });

  it('a processing payout is pending until Wave finishes it; one that fails is failed, and its money is back', async () => {
    const { fake, adapter } = await setup({ payoutStatus: 'processing' });
    const a = adapter();
    const pay = await payment(fake, a);
    const balance = fake.balance;
    const req = refund(pay, { amount: 800, whole: false });
    const out = await a.refunds.send!(req);
    expect(out).toMatchObject({ state: 'pending', details: { via: 'payout', payoutStatus: 'processing' } });
    const id = payoutIdOf(out);
    expect(await a.refunds.check!(withDetails(req, out))).toMatchObject({ state: 'pending' });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payout/${id}`)).toBe(true);
    fake.settlePayout(id, 'failed', 'recipient-limit-exceeded');
    expect(await a.refunds.check!(withDetails(req, out))).toMatchObject({ state: 'failed', code: 'recipient-limit-exceeded', details: { payoutId: id } });
    expect(fake.balance).toBe(balance);
    expect(sentOut(fake)).toBe(0);
    // A reversed one gave the money back: failed too.
    const req2 = refund(pay, { amount: 300, whole: false });
    const out2 = await a.refunds.send!(req2);
    const id2 = payoutIdOf(out2);
    fake.settlePayout(id2, 'succeeded');
    expect(await a.refunds.check!(withDetails(req2, out2))).toMatchObject({ state: 'succeeded', operatorReference: id2 });
    fake.settlePayout(id2, 'reversed');
    expect(await a.refunds.check!(withDetails(req2, out2))).toMatchObject({ state: 'failed', code: 'payout-reversed' });
  });

  it("Wave's refusals are failed for good: insufficient funds, a blocked number", async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    fake.balance = 600;
    expect(await a.refunds.send!(refund(pay, { amount: 600, whole: false }))).toMatchObject({ state: 'failed', code: 'insufficient-funds' });
    fake.balance = 100_000;
    fake.recipientErrors.set(PAYER, 'recipient-account-blocked');
    expect(await a.refunds.send!(refund(pay, { amount: 600, whole: false }))).toMatchObject({ state: 'failed', code: 'recipient-account-blocked' });
    expect(fake.payouts.size).toBe(0);
    expect(fake.balance).toBe(100_000);
  });

  it('a payout key without the Payout API is an error of the account (403), not a refusal of the refund; nothing was sent', async () => {
    const { fake, adapter } = await setup();
    const a = adapter({ payoutApiKey: API_KEY });
    const pay = await payment(fake, a);
    const err = await rejection(a.refunds.send!(refund(pay, { amount: 600, whole: false })));
    expect([err.status, err.maybeSent, err.kind]).toEqual([403, false, 'down']);
    expect(fake.payouts.size).toBe(0);
    // One key with both APIs serves both.
    fake.grant(API_KEY, 'payout');
    expect((await a.refunds.send!(refund(pay, { amount: 600, whole: false }))).state).toBe('succeeded');
  });

  it('an answer about another amount is not believed (maybeSent: something was paid)', async () => {
    const { fake, adapter } = await setup();
    const a = adapter();
    const pay = await payment(fake, a);
    fake.fail('payout', { status: 200, body: { id: 'pt-other', currency: 'XOF', receive_amount: '6000', fee: '60', mobile: PAYER, status: 'succeeded' } });
    const err = await rejection(a.refunds.send!(refund(pay, { amount: 600, whole: false })));
    expect(err.maybeSent).toBe(true);
  });
});

describe('Wave refunds: the account setting', () => {
  it('verifyCredentials checks the payout key too: a key without the Payout API is refused (403)', async () => {
    const { fake, adapter } = await setup();
    await adapter().verifyCredentials();
    await adapter({ payoutApiKey: undefined }).verifyCredentials();
    expect((await rejection(adapter({ payoutApiKey: API_KEY }).verifyCredentials())).status).toBe(403);
    expect(fake.requests.filter((r) => r.path.startsWith('/v1/payouts/search')).map((r) => r.headers.authorization)).toEqual([
      `Bearer ${PAYOUT_KEY}`,
      `Bearer ${API_KEY}`,
    ]);
  });

  it('a Wave account takes an optional payout key, a secret, which reaches the adapter', () => {
    const field = accountFields('mobile_money_d', 'wave').find((f) => f.name === 'payoutApiKey');
    expect(field).toMatchObject({ kind: 'secret', required: false, env: 'MOMO_*_PAYOUT_API_KEY' });
    const cfg = { ...config(), BASE_URL: 'https://pay.example.com', checkoutUrl: 'https://pay.example.com/checkout' };
    const base = railSettings(cfg, () => new Uint8Array(32));
    const ctx = { id: 'ra_test', version: 1, livemode: true, protocol: 'wave' as const };
    const values = { baseUrl: 'https://api.wave.com', apiKey: API_KEY };
    const without = accountAdapter(base, 'mobile_money_d', ctx, values) as WaveAdapter;
    expect(without.config.payoutApiKey).toBeUndefined();
    const withKey = accountAdapter(base, 'mobile_money_d', ctx, { ...values, payoutApiKey: PAYOUT_KEY }) as WaveAdapter;
    expect(withKey.config.payoutApiKey).toBe(PAYOUT_KEY);
    expect(withKey.refunds.method).toBe('send');
  });
});
