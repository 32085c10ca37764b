// A stale quote is not a free option for the payer (issue 24, item 3). An XOF intent paid in BTC
// on-chain: money first seen after the quote ended counts at the rate of the moment it was seen,
// never better for the payer than the quote; the intent is then partly paid and the payer is asked
// for the rest. Test mode (the simulated chain) with the test rate moved between the quote and the
// payment: TEST_RATE_XOF_PER_BTC is this process's own configuration, so no other test file's rates
// move. Every expected amount is computed here with BigInt, not with the product's conversion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { refreshAttempt } from '@/lib/payments/apply-report';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { testExpireQuote } from '@/lib/payments/test-helpers';
import { railAdapter, resetRailsForTests } from '@/lib/rails/registry';
import { attemptView, writeAttempt } from '@/lib/store/attempts';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { eventTypes, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
const BASE = 60_000_000n; // XOF per BTC at the quote
const saved = { rate: process.env.TEST_RATE_XOF_PER_BTC, spread: process.env.RATE_SPREAD_PERCENT };

function setRate(xofPerBtc: bigint) {
  process.env.TEST_RATE_XOF_PER_BTC = String(xofPerBtc);
  resetConfigForTests();
  resetRailsForTests();
}

beforeAll(() => {
  process.env.RATE_SPREAD_PERCENT = '0';
  setRate(BASE);
});
afterAll(() => {
  for (const [k, v] of [
    ['TEST_RATE_XOF_PER_BTC', saved.rate],
    ['RATE_SPREAD_PERCENT', saved.spread],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
  resetRailsForTests();
});

/** XOF (no decimals) worth `sats` at `xofPerBtc`, rounded down. */
const xofOf = (sats: bigint, xofPerBtc: bigint) => (sats * xofPerBtc) / 100_000_000n;
/** Sats for `xof` at `xofPerBtc`, rounded up (a quote). */
const satsFor = (xof: bigint, xofPerBtc: bigint) => (xof * 100_000_000n + xofPerBtc - 1n) / xofPerBtc;

async function quoted(amount: number) {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: false };
  const pi = await newIntent(m.keys.test, { amount, currency: 'XOF', rail: 'btc_onchain' });
  const t0 = now();
  const r = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
  const q = (r.nextAction as { quote: { amount: number; rate: string; expiresAt: number } }).quote;
  expect(q.rate).toBe(String(BASE));
  expect(BigInt(q.amount)).toBe(satsFor(BigInt(amount), BASE));
  const [att] = await db().query<{ id: string }>(`select id from payment_attempts where payment_intent_id = $1`, [pi.id]);
  return { m, scope, pi, t0, q, attemptId: att!.id };
}

/**
 * The payer sends `sats` to the attempt's address at `at` (the simulated chain): the worker's poll
 * sees it then (mempool), and a poll a minute later finds it confirmed.
 */
async function payAddress(attemptId: string, sats: number, at: number) {
  const [row] = await db().query(`select * from payment_attempts where id = $1`, [attemptId]);
  const sim = railAdapter('btc_onchain', false)!.simulator!;
  await writeAttempt(db(), attemptId, { set: { details: JSON.stringify(sim.pay(attemptView(row!), sats, at)) } });
  await refreshAttempt(db(), attemptId, at);
  await refreshAttempt(db(), attemptId, at + 60);
}

const intentOf = async (key: string, id: string) => (await call('GET', `/v1/payment_intents/${id}`, { key })).body;

describe('money seen after the quote ended', () => {
  it('BTC fell 40 % after the quote: the quoted sats, paid 15 minutes late, count at the rate of then; the rest is asked', async () => {
    setRate(BASE);
    const { m, scope, pi, t0, q, attemptId } = await quoted(50_000);
    await testExpireQuote(db(), scope, pi.id, { now: t0 + 60 });
    const fallen = (BASE * 60n) / 100n;
    setRate(fallen);
    const late = t0 + 15 * 60;
    await payAddress(attemptId, q.amount, late);
    const worth = xofOf(BigInt(q.amount), fallen);
    expect(worth).toBeLessThan((50_000n * 61n) / 100n);
    const after = await intentOf(m.keys.test, pi.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', amountReceived: Number(worth) });
    expect(after.lastPaymentError.code).toBe('underpaid');
    expect(await eventTypes(db(), pi.id)).toEqual(expect.arrayContaining(['payment_intent.late_payment', 'payment_intent.partially_paid']));
    expect(await eventTypes(db(), pi.id)).not.toContain('payment_intent.succeeded');
    // The part is recorded with its rate and moment, and a later poll values it the same way.
    const [att] = await db().query<{ valuation: unknown }>(`select valuation from payment_attempts where id = $1`, [attemptId]);
    expect(att!.valuation).toEqual({ inTime: 0, late: [{ upTo: q.amount, rate: String(fallen), seenAt: late }] });
    setRate(BASE * 2n);
    await refreshAttempt(db(), attemptId, late + 120);
    expect((await intentOf(m.keys.test, pi.id)).amountReceived).toBe(Number(worth));
    await assertMoneyInvariant(db(), pi.id, { paid: Number(worth), paidSettlement: q.amount, now: late + 125 });
    // The payer is asked for the rest, at a new quote for what is still due.
    const rest = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: late + 130 });
    const q2 = (rest.nextAction as { quote: { amount: number; rate: string } }).quote;
    expect(q2.rate).toBe(String(BASE * 2n));
    expect(BigInt(q2.amount)).toBe(satsFor(50_000n - worth, BASE * 2n));
  });

  it('BTC rose after the quote: late money counts at the quote (never better for the payer), and pays the intent', async () => {
    setRate(BASE);
    const { m, scope, pi, t0, q, attemptId } = await quoted(50_000);
    await testExpireQuote(db(), scope, pi.id, { now: t0 + 60 });
    setRate(BASE * 2n);
    await payAddress(attemptId, q.amount, t0 + 15 * 60);
    const worth = xofOf(BigInt(q.amount), BASE);
    expect(worth).toBeGreaterThanOrEqual(50_000n);
    expect(await intentOf(m.keys.test, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: Number(worth) });
  });

  it('half paid in time, the rest after the quote ended and BTC fell: each part at its own rate', async () => {
    setRate(BASE);
    const { m, pi, q, attemptId } = await quoted(50_000);
    const half = Math.floor(q.amount / 2);
    await payAddress(attemptId, half, now() + 10);
    const inTime = xofOf(BigInt(half), BASE); // below the amount due: at the quote's rate, rounded down
    expect((await intentOf(m.keys.test, pi.id)).amountReceived).toBe(Number(inTime));
    // The quote ends (the worker's poll after it); BTC falls; the rest comes 20 minutes later.
    await refreshAttempt(db(), attemptId, q.expiresAt + 1);
    const fallen = (BASE * 60n) / 100n;
    setRate(fallen);
    await payAddress(attemptId, q.amount - half, q.expiresAt + 20 * 60);
    const expected = inTime + xofOf(BigInt(q.amount - half), fallen);
    expect(await intentOf(m.keys.test, pi.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: Number(expected) });
  });

  it('money seen within the grace after the quote ended still counts at the quote', async () => {
    setRate(BASE);
    const { m, pi, q, attemptId } = await quoted(50_000);
    setRate(BASE / 2n);
    await payAddress(attemptId, q.amount, q.expiresAt + 30);
    expect(await intentOf(m.keys.test, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 50_000 });
  });
});
