// Francs paid in BTC or USDT at a locked quote (issue 14), in test mode (fixed rates: 1 BTC =
// 60,000,000 XOF, 1 USDT = 600 XOF): exact, short, over and late payments on each converting rail,
// the quote in nextAction, a new quote after one ran out, and the pairs that stay impossible. Time
// is the test's clock; each money test ends with the money invariant at the quotes.
import { describe, expect, it } from 'vitest';
import { assertRateAvailable } from '@/lib/domain/conversion';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { LATE_GRACE_SECONDS } from '@/lib/payments/decide';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, eventTypes, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
const scopeOf = (m: { merchant: { id: string } }) => ({ merchantId: m.merchant.id, livemode: false });

const RAILS = [
  // rail, settlement currency, quote for 5,000 XOF (rounded up), how nextAction shows the amount
  ['btc_lightning', 'BTC', 8334, null],
  ['btc_onchain', 'BTC', 8334, '0.00008334'],
  ['usdt_trc20', 'USDT', 8333334, '8.333334'],
] as const;

/** Pay (in the settlement currency) at `at`, then let the worker see the confirmations 10 s later. */
async function pay(m: { merchant: { id: string }; keys: { test: string } }, id: string, at: number, amount?: number) {
  await testPay(db(), scopeOf(m), id, amount === undefined ? {} : { amount }, { now: at });
  await pollDueAttempts(db(), at + 10, { merchantId: m.merchant.id });
  return (await call('GET', `/v1/payment_intents/${id}`, { key: m.keys.test })).body;
}

async function quoted(rail: string, amount = 5000, currency = 'XOF') {
  const m = await newMerchant(db());
  const pi = await newIntent(m.keys.test, { amount, currency, rail });
  const t0 = now();
  const r = await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 });
  return { m, pi, t0, r };
}

describe('quotes: francs over BTC and USDT rails', () => {
  for (const [rail, settlement, quoteAmount, shown] of RAILS) {
    describe(rail, () => {
      it('confirm locks a quote: nextAction.quote, the amounts in the settlement currency, the attempt', async () => {
        const { pi, t0, r, m } = await quoted(rail);
        expect(r.nextAction!.quote).toEqual({
          amount: quoteAmount,
          currency: settlement,
          rate: settlement === 'BTC' ? '60000000' : '600',
          expiresAt: t0 + 900,
        });
        if (shown) expect((r.nextAction as { amount: string }).amount).toBe(shown);
        const [a] = await attemptsOf(db(), pi.id);
        expect(a).toMatchObject({ amount: quoteAmount, currency: settlement, expires_at: t0 + 900 });
        // The API shows the same (retrieve reads the attempt in the same query).
        expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.test })).body.nextAction.quote).toEqual(r.nextAction!.quote);
      });

      it('the full quote pays the whole amount', async () => {
        const { m, pi, t0 } = await quoted(rail);
        const paid = await pay(m, pi.id, t0 + 5);
        expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 5000, currency: 'XOF' });
        // Afterwards the merchant still reads what was received in which currency at which rate.
        expect(paid.nextAction).toBeNull();
        expect(paid.latestQuote).toMatchObject({
          amount: quoteAmount,
          currency: settlement,
          received: quoteAmount,
          rate: settlement === 'BTC' ? '60000000' : '600',
        });
        const events = await assertMoneyInvariant(db(), pi.id, { paid: 5000, paidSettlement: quoteAmount, now: t0 + 16 });
        expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
      });
    });
  }

  for (const [rail, settlement, quoteAmount] of RAILS.filter(([r]) => r !== 'btc_lightning')) {
    it(`${rail}: short, then the rest: each part converted at the quote (rounded down), the rest asked in ${settlement}`, async () => {
      const { m, pi, t0 } = await quoted(rail);
      const half = Math.floor(quoteAmount / 2);
      const part = await pay(m, pi.id, t0 + 5, half);
      // half of 8,334 sats = 4,167 sats = 2,500.2 XOF -> 2,500; half of 8.333334 USDT = 4.166667 USDT = 2,500.0002 -> 2,500
      expect(part).toMatchObject({ status: 'requires_payment_method', amountReceived: 2500, lastPaymentError: { code: 'underpaid' } });
      expect(part.nextAction!.quote!.amount).toBe(quoteAmount);
      const rest = await pay(m, pi.id, t0 + 20);
      expect(rest).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
      await assertMoneyInvariant(db(), pi.id, { paid: 5000, paidSettlement: quoteAmount, now: t0 + 31 });
    });

    it(`${rail}: over the quote: the excess converted at the quote's rate, rounded down, and overpaid`, async () => {
      const { m, pi, t0 } = await quoted(rail);
      const extra = settlement === 'BTC' ? 1000 : 1_000_000; // 1,000 sats = 600 XOF; 1 USDT = 600 XOF
      const paid = await pay(m, pi.id, t0 + 5, quoteAmount + extra);
      expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 5600 });
      const events = await assertMoneyInvariant(db(), pi.id, { paid: 5600, paidSettlement: quoteAmount + extra, now: t0 + 16 });
      expect(events).toContain('payment_intent.overpaid');
    });

    it(`${rail}: money first seen after the quote ran out is a late payment at the quote's rate, never ignored`, async () => {
      const { m, pi, t0 } = await quoted(rail);
      // Beyond the quote's end and the margin for a poll that finds money a little late (LATE_GRACE_SECONDS).
      const paid = await pay(m, pi.id, t0 + 900 + LATE_GRACE_SECONDS + 1);
      expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
      const events = await assertMoneyInvariant(db(), pi.id, { paid: 5000, paidSettlement: quoteAmount, now: t0 + 1000 });
      expect(events).toContain('payment_intent.late_payment');
      expect(events.filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
    });
  }

  it('a quote that ran out with nothing seen: the attempt expires, confirming again locks a new quote on a new attempt', async () => {
    const { m, pi, t0 } = await quoted('usdt_trc20');
    await pollDueAttempts(db(), t0 + 901, { merchantId: m.merchant.id });
    const [first] = await attemptsOf(db(), pi.id);
    expect(first!.status).toBe('expired');
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.test })).body).toMatchObject({
      status: 'requires_payment_method',
      nextAction: null,
      lastPaymentError: { code: 'timeout' },
    });
    const again = await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 + 1000 });
    expect(again.nextAction!.quote).toMatchObject({ amount: 8333334, expiresAt: t0 + 1900 });
    const attempts = await attemptsOf(db(), pi.id);
    expect(attempts.map((a) => a.status)).toEqual(['expired', 'awaiting_payment']);
    const paid = await pay(m, pi.id, t0 + 1005);
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, paidSettlement: 8333334, now: t0 + 1016 });
  });

  it('a Lightning quote that ran out is not replaced by itself: the payer asks for a new rate; asked before the worker noticed, confirm renews it', async () => {
    const { m, pi, t0 } = await quoted('btc_lightning');
    await pollDueAttempts(db(), t0 + 901, { merchantId: m.merchant.id });
    expect((await attemptsOf(db(), pi.id)).map((a) => a.status)).toEqual(['expired']);
    const again = await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 + 1000 });
    expect(again.nextAction!.quote!.expiresAt).toBe(t0 + 1900);
    // The worker has not seen this one end: confirm after its end asks the node, closes it, quotes anew.
    const third = await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 + 1901 });
    expect(third.nextAction!.quote!.expiresAt).toBe(t0 + 2801);
    expect((await attemptsOf(db(), pi.id)).map((a) => a.status)).toEqual(['expired', 'expired', 'awaiting_payment']);
  });

  it('XAF at the peg (equal to XOF) and GNF at the test GNF rate', async () => {
    const xaf = await quoted('usdt_trc20', 5000, 'XAF');
    expect(xaf.r.nextAction!.quote).toMatchObject({ amount: 8333334, currency: 'USDT', rate: '600' });
    // 1 USDT = 600 / 655.957 * 10,000 GNF, rounded down at 8 places = 9146.94103424 GNF
    const gnf = await quoted('usdt_trc20', 100_000, 'GNF');
    expect(gnf.r.nextAction!.quote).toMatchObject({ currency: 'USDT', rate: '9146.94103424' });
    expect(gnf.r.nextAction!.quote!.amount).toBe(Math.ceil((100_000 / 9146.94103424) * 1e6));
  });

  it('what stays impossible: BTC or USDT over mobile money, USDT over Lightning; on-chain below its floor', async () => {
    const m = await newMerchant(db());
    const btcOnMomo = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 5000, currency: 'BTC', rail: 'mobile_money_a' } });
    expect(btcOnMomo.status).toBe(400);
    expect(btcOnMomo.body.error.code).toBe('rail_currency_mismatch');
    const usdtOnLn = await call('POST', '/v1/payment_intents', { key: m.keys.test, body: { amount: 5_000_000, currency: 'USDT', rail: 'btc_lightning' } });
    expect(usdtOnLn.body.error.code).toBe('rail_currency_mismatch');
    // 100 XOF is 167 sats: on-chain takes at least 1,000.
    const pi = await newIntent(m.keys.test, { amount: 100, currency: 'XOF', rail: 'btc_onchain' });
    const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.test, body: {} });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'amount_too_small', param: 'amount' });
    expect(await eventTypes(db(), pi.id)).toEqual(['payment_intent.created']);
  });

  it('live mode without a fresh rate: 503 rail_unavailable (the page does not offer the rail)', async () => {
    // A day from now no rate is fresh, whatever another test file (on PostgreSQL, the same database,
    // at the same time) fetched a moment ago.
    const later = now() + 86_400;
    await expect(assertRateAvailable(db(), 'usdt_trc20', 'XOF', true, later)).rejects.toMatchObject({ code: 'rail_unavailable' });
    await expect(assertRateAvailable(db(), 'mobile_money_a', 'XOF', true, later)).resolves.toBeUndefined();
  });
});

// Each of these failed before its fix.
describe('quotes: money across quote ends, reorganisations and rail switches', () => {
  const get = async (m: { keys: { test: string } }, id: string) => (await call('GET', `/v1/payment_intents/${id}`, { key: m.keys.test })).body;
  const setChain = (attemptId: string, txs: unknown[], pollAt: number) =>
    db().query(`update payment_attempts set details = jsonb_set(details, '{sim}', $2::jsonb), next_poll_at = $3 where id = $1`, [
      attemptId,
      JSON.stringify({ txs }),
      pollAt,
    ]);

  it('a reorganisation of money counted under an earlier quote, reported by the new attempt, comes off the intent at that quote', async () => {
    const { m, pi, t0 } = await quoted('btc_onchain');
    expect((await pay(m, pi.id, t0 + 5, 4167)).amountReceived).toBe(2500);
    await pollDueAttempts(db(), t0 + 901, { merchantId: m.merchant.id });
    const b = await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 + 1000 });
    expect(b.nextAction!.quote!.amount).toBe(4167);
    const [a1, a2] = await attemptsOf(db(), pi.id);
    expect(a2!.destination).toBe(a1!.destination);
    // The chain drops the transaction: the address is empty.
    await setChain(a2!.id, [], t0 + 1010);
    await pollDueAttempts(db(), t0 + 1010, { merchantId: m.merchant.id });
    const after = await get(m, pi.id);
    expect(after.amountReceived).toBe(0);
    expect((await attemptsOf(db(), pi.id)).map((a) => Number(a.amount_received))).toEqual([0, 0]);
    await assertMoneyInvariant(db(), pi.id, { paid: 0, paidSettlement: 0, noRepoll: true });
  });

  it('late money seen in the mempool on an ended quote: no new quote meanwhile; it counts at its own quote, as a late payment', async () => {
    const { m, pi, t0 } = await quoted('btc_onchain');
    await pollDueAttempts(db(), t0 + 901, { merchantId: m.merchant.id });
    const [a] = await attemptsOf(db(), pi.id);
    expect(a!.status).toBe('expired');
    await setChain(a!.id, [{ txid: 'ef'.repeat(32), amount: 8334, seenAt: t0 + 1050 }], t0 + 1051);
    await pollDueAttempts(db(), t0 + 1051, { merchantId: m.merchant.id });
    await expect(confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 + 1052 })).rejects.toMatchObject({ code: 'unexpected_state' });
    await pollDueAttempts(db(), t0 + 1200, { merchantId: m.merchant.id });
    expect(await get(m, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    expect(await eventTypes(db(), pi.id)).toContain('payment_intent.late_payment');
    expect((await attemptsOf(db(), pi.id)).length).toBe(1);
  });

  for (const [rail, short, rest] of [
    ['usdt_trc20', 8_300_000, 33_334],
    ['btc_onchain', 8_300, 34],
  ] as const) {
    it(`${rail}: a slightly short payment's rest is quoted even below the rail's floor, and can be paid`, async () => {
      const { m, pi, t0 } = await quoted(rail);
      await pay(m, pi.id, t0 + 5, short);
      await pollDueAttempts(db(), t0 + 901, { merchantId: m.merchant.id });
      const again = await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: t0 + 1000 });
      expect(again.nextAction!.quote!.amount).toBe(rest);
      expect(await pay(m, pi.id, t0 + 1005)).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    });
  }

  it('money on the old rail after a switch: the new converting attempt asks only what is still owed', async () => {
    const { m, pi, t0 } = await quoted('btc_onchain');
    const sw = await confirmPaymentIntent(db(), scopeOf(m), pi.id, { rail: 'usdt_trc20' }, { now: t0 + 10 });
    expect(sw.nextAction!.quote!.amount).toBe(8333334);
    const [a] = await attemptsOf(db(), pi.id);
    await setChain(a!.id, [{ txid: 'ab'.repeat(32), amount: 4167, seenAt: t0 + 20 }], t0 + 40);
    await pollDueAttempts(db(), t0 + 40, { merchantId: m.merchant.id });
    const after = await get(m, pi.id);
    expect(after.amountReceived).toBe(2500);
    // 2,500 XOF still owed = 4.166667 USDT at 600, not the quote's 8.333334.
    expect(after.nextAction.amount).toBe('4.166667');
  });

  it('money broadcast before the quote ended and found by a poll just after it is not late', async () => {
    const { m, pi, t0 } = await quoted('btc_onchain');
    const [a] = await attemptsOf(db(), pi.id);
    await setChain(a!.id, [{ txid: 'cd'.repeat(32), amount: 8334, seenAt: t0 + 895 }], t0 + 905);
    await pollDueAttempts(db(), t0 + 905, { merchantId: m.merchant.id });
    await pollDueAttempts(db(), t0 + 960, { merchantId: m.merchant.id });
    expect(await get(m, pi.id)).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    expect(await eventTypes(db(), pi.id)).not.toContain('payment_intent.late_payment');
  });
});

// The "done when": a 5,000 F CFA session can be paid over all seven rails in test mode, the
// way the hosted page does it (pick the rail, confirm, the simulator pays what is asked).
describe('a 5,000 F CFA session over each of the seven rails', () => {
  const SEVEN = ['mobile_money_a', 'mobile_money_b', 'mobile_money_c', 'mobile_money_d', 'btc_lightning', 'btc_onchain', 'usdt_trc20'] as const;
  for (const rail of SEVEN) {
    it(`${rail}: paid, 5,000 XOF received, the session complete`, async () => {
      const m = await newMerchant(db());
      const prod = await call('POST', '/v1/products', { key: m.keys.test, body: { name: 'Pagne wax' } });
      const price = await call('POST', '/v1/prices', { key: m.keys.test, body: { productId: prod.body.id, currency: 'XOF', unitAmount: 5000 } });
      const cs = (await call('POST', '/v1/checkout_sessions', { key: m.keys.test, body: { priceId: price.body.id } })).body;
      const t0 = now();
      const { intent } = await chooseSessionRail(db(), cs.id, rail, { now: t0 });
      // A push operator needs the payer's number (the success test number); the others ask none.
      const phone = rail === 'mobile_money_a' || rail === 'mobile_money_c' ? '0554120000' : undefined;
      const confirmed = await confirmPaymentIntent(db(), scopeOf(m), intent.id, phone ? { phone } : {}, { now: t0 });
      expect(confirmed.nextAction).not.toBeNull();
      expect(confirmed.nextAction!.quote === null).toBe(rail.startsWith('mobile_money'));
      const paid = await pay(m, intent.id, t0 + 5);
      expect(paid).toMatchObject({ status: 'succeeded', amount: 5000, amountReceived: 5000, currency: 'XOF' });
      expect((await call('GET', `/v1/checkout_sessions/${cs.id}`, { key: m.keys.test })).body.status).toBe('complete');
      await assertMoneyInvariant(db(), intent.id, { paid: 5000, now: t0 + 20 });
    });
  }
});
