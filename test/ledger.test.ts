// The ledger (issue 28, step 1): a balance transaction per money movement, written with it. What
// each movement writes (a payment, an overpayment, a late payment on a canceled intent, a converted
// payment at its quote, a refund), the list and its filters, the balance per account, the table being
// append-only, and a property test: random sequences of payments (short, exact, over, late), refunds
// (succeeded, failed, canceled) over several rails, after which the ledger adds up, per intent, to
// amountReceived - amountRefunded (test/invariant.ts) and, per account and currency, to the money the
// attempts hold less what the refunds gave back.
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelPaymentIntent } from '@/lib/payments/cancel';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { call, newMerchant, useDatabase } from './api';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
type M = Awaited<ReturnType<typeof newMerchant>>;
let m: M;
const scopeOf = (x: M) => ({ merchantId: x.merchant.id, livemode: false });
beforeAll(async () => {
  m = await newMerchant(db(), 'Ledger shop');
});
const get = (path: string, x = m) => call('GET', path, { key: x.keys.test });
const post = (path: string, body: object = {}, x = m) => call('POST', path, { key: x.keys.test, body });
const lines = async (source: string, x = m) =>
  (await get(`/v1/balance_transactions?source=${source}&limit=100`, x)).body.data.map((l: any) => [
    l.type,
    l.amount,
    l.currency,
    l.amountInIntentCurrency,
    l.rate,
  ]);

describe('what each money movement writes', () => {
  it('an overpaid on-chain payment: a payment line for what was owed, an overpayment line for the rest', async () => {
    const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const t0 = now();
    await testPay(db(), scopeOf(m), pi.id, { amount: 12_000 }, { now: t0 });
    await pollDueAttempts(db(), t0 + 60, { merchantId: m.merchant.id });
    expect((await lines(pi.id)).sort()).toEqual([
      ['overpayment', 2000, 'BTC', 2000, null],
      ['payment', 10_000, 'BTC', 10_000, null],
    ]);
    await assertMoneyInvariant(db(), pi.id, { paid: 12_000, now: t0 + 60 });
  });

  it('a late payment on a canceled intent, then its refund: late_payment in, refund out', async () => {
    const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    await confirmPaymentIntent(db(), scopeOf(m), pi.id, {}, { now: now() });
    await cancelPaymentIntent(db(), scopeOf(m), pi.id);
    const [watched] = await attemptsOf(db(), pi.id);
    await testPay(db(), scopeOf(m), pi.id, { amount: 10_000 }, { now: watched!.next_poll_at! });
    await pollDueAttempts(db(), watched!.next_poll_at! + 60, { merchantId: m.merchant.id });
    const r = (await post('/v1/refunds', { paymentIntentId: pi.id, amount: 4000 })).body;
    await post(`/v1/test_helpers/refunds/${r.id}/succeed`);
    expect(await lines(pi.id)).toEqual([['late_payment', 10_000, 'BTC', 10_000, null]]);
    expect(await lines(r.id)).toEqual([['refund', -4000, 'BTC', -4000, null]]);
    await assertMoneyInvariant(db(), pi.id, { paid: 10_000, refunded: 4000, noRepoll: true });
  });

  it("a franc price paid in USDT: the rail's amount, the francs at the quote, the quote's rate", async () => {
    const pi = await newIntent(m.keys.test, { amount: 10_000, currency: 'XOF', rail: 'usdt_trc20' });
    const t0 = now();
    await testPay(db(), scopeOf(m), pi.id, {}, { now: t0 });
    await pollDueAttempts(db(), t0 + 600, { merchantId: m.merchant.id });
    expect(await lines(pi.id)).toEqual([['payment', 16_666_667, 'USDT', 10_000, '600']]);
    const txn = (await get(`/v1/balance_transactions?source=${pi.id}`)).body.data[0];
    expect(txn).toMatchObject({
      object: 'balance_transaction',
      paymentIntentId: pi.id,
      rail: 'usdt_trc20',
      railAccountId: null,
      platformAccount: false,
      intentCurrency: 'XOF',
    });
    expect((await get(`/v1/balance_transactions/${txn.id}`)).body).toEqual(txn);
    expect((await get('/v1/balance_transactions/txn_nope')).status).toBe(404);
  });
});

describe('the list, the balance, and the table', () => {
  it('filters by type and account; the balance sums per rail, account and currency; another merchant sees nothing of it', async () => {
    const x = await newMerchant(db(), 'Ledger balance shop');
    const pi = await newIntent(x.keys.test, { amount: 5000, currency: 'XOF', rail: 'mobile_money_a' });
    await post(`/v1/test_helpers/payment_intents/${pi.id}/pay`, {}, x);
    const r = (await post('/v1/refunds', { paymentIntentId: pi.id, amount: 1500 }, x)).body;
    await post(`/v1/test_helpers/refunds/${r.id}/succeed`, {}, x);
    expect((await get('/v1/balance_transactions?type=refund', x)).body.data.map((l: any) => l.source)).toEqual([r.id]);
    expect((await get('/v1/balance_transactions?type=nope', x)).status).toBe(400);
    expect((await get('/v1/balance', x)).body).toEqual({
      object: 'balance',
      accounts: [{ rail: 'mobile_money_a', railAccountId: null, platformAccount: false, currency: 'XOF', received: 5000, refunded: 1500, net: 3500 }],
      livemode: false,
    });
    const other = await newMerchant(db(), 'Ledger stranger');
    expect((await get('/v1/balance', other)).body.accounts).toEqual([]);
    expect((await get(`/v1/balance_transactions?source=${pi.id}`, other)).body.data).toEqual([]);
  });

  it('is append-only: an update or a delete is refused by the database', async () => {
    const [row] = await db().query<{ id: string }>(`select id from balance_transactions limit 1`);
    await expect(db().query(`update balance_transactions set amount = amount + 1 where id = $1`, [row!.id])).rejects.toThrow(/append-only/);
    await expect(db().query(`delete from balance_transactions where id = $1`, [row!.id])).rejects.toThrow(/append-only/);
  });
});

/** A small deterministic generator (mulberry32): the sequences are random but replayable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('property: random sequences of payments and refunds', () => {
  it('the ledger adds up per intent and per account, whatever happened', async () => {
    const seed = Number(process.env.LEDGER_SEED ?? 27_28);
    const rand = rng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const x = await newMerchant(db(), 'Ledger property shop');
    const intents: { id: string; paid: number }[] = [];
    let t = now();
    for (let i = 0; i < 12; i++) {
      const kind = pick(['onchain', 'onchain', 'mobile', 'usdt', 'late'] as const);
      const amount = 1000 + Math.floor(rand() * 20) * 500;
      const rail = kind === 'mobile' ? 'mobile_money_a' : kind === 'usdt' ? 'usdt_trc20' : 'btc_onchain';
      const currency = kind === 'mobile' ? 'XOF' : kind === 'usdt' ? 'USDT' : 'BTC';
      const pi = await newIntent(x.keys.test, { amount: kind === 'usdt' ? amount * 1000 : amount, currency, rail });
      t += 100;
      if (kind === 'mobile') {
        await testPay(db(), scopeOf(x), pi.id, {}, { now: t });
      } else {
        if (kind === 'late') {
          await confirmPaymentIntent(db(), scopeOf(x), pi.id, {}, { now: t });
          await cancelPaymentIntent(db(), scopeOf(x), pi.id);
          t = Math.max(t, (await attemptsOf(db(), pi.id))[0]!.next_poll_at!);
        }
        // Short, exact or over, in one or two payments to the address.
        const parts = pick([1, 2]);
        for (let p = 0; p < parts; p++)
          await testPay(db(), scopeOf(x), pi.id, { amount: Math.max(1, Math.floor((pi.amount * pick([0.4, 0.5, 1, 1.3])) / parts)) }, { now: t + p });
      }
      t += 120;
      await pollDueAttempts(db(), t, { merchantId: x.merchant.id });
      const got = (await get(`/v1/payment_intents/${pi.id}`, x)).body;
      intents.push({ id: pi.id, paid: got.amountReceived });
      // Refunds: none, one, or two, each succeeded, failed or canceled.
      for (let k = pick([0, 1, 2]); k > 0 && got.amountReceived > 0; k--) {
        const left = got.amountReceived - (await get(`/v1/payment_intents/${pi.id}`, x)).body.amountRefunded;
        const r = await post('/v1/refunds', { paymentIntentId: pi.id, amount: Math.max(1, Math.floor(left * pick([0.3, 0.5, 1]))) }, x);
        if (r.status !== 200) continue; // nothing left, or held by an earlier one
        const end = pick(['succeed', 'fail', 'cancel'] as const);
        if (end === 'cancel') await post(`/v1/refunds/${r.body.id}/cancel`, {}, x);
        else await post(`/v1/test_helpers/refunds/${r.body.id}/${end}`, {}, x);
      }
    }
    for (const i of intents) {
      const refunded = (await get(`/v1/payment_intents/${i.id}`, x)).body.amountRefunded;
      await assertMoneyInvariant(db(), i.id, { paid: i.paid, refunded, noRepoll: true });
    }
    // Per account and currency: what the attempts hold less what the refunds gave back.
    const held = await db().query<{ rail: string; currency: string; received: string }>(
      `select a.rail, coalesce(a.quote->>'currency', a.currency) as currency, sum(a.amount_received)::text as received
         from payment_attempts a where a.merchant_id = $1 and a.amount_received > 0 group by 1, 2`,
      [x.merchant.id],
    );
    const out = await db().query<{ rail: string; currency: string; refunded: string }>(
      `select rail, settlement_currency as currency, sum(settlement_amount)::text as refunded from refunds where merchant_id = $1 and status = 'succeeded' group by 1, 2`,
      [x.merchant.id],
    );
    const balance = (await get('/v1/balance', x)).body.accounts as { rail: string; currency: string; received: number; refunded: number; net: number }[];
    for (const h of held) {
      const line = balance.find((b) => b.rail === h.rail && b.currency === h.currency)!;
      const refunded = Number(out.find((o) => o.rail === h.rail && o.currency === h.currency)?.refunded ?? 0);
      expect({ seed, ...line }).toMatchObject({
        rail: h.rail,
        currency: h.currency,
        received: Number(h.received),
        refunded,
        net: Number(h.received) - refunded,
      });
    }
    expect(balance).toHaveLength(held.length);
    // The sequence exercised the kinds of movement (a seed that did not would prove less).
    const kinds = await db().query<{ type: string; n: number }>(
      `select type, count(*)::int as n from balance_transactions where merchant_id = $1 group by type`,
      [x.merchant.id],
    );
    expect(kinds.map((k) => k.type).sort(), `seed ${seed}`).toEqual(expect.arrayContaining(['late_payment', 'overpayment', 'payment', 'refund']));
  });
});
