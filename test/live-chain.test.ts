// Live on-chain Bitcoin (Esplora) and live USDT TRC20 (TronGrid) through the payment flow: a live
// key confirms an intent over the API, the payer pays the address it gives at the fake backend (each
// written from its vendor's documentation: test/fakes/esplora.ts, test/fakes/trongrid.ts), the
// worker polls (scoped to the test's merchant, at an injected clock), and the money invariant holds
// with what the fake says was paid. Two confirmations are required on-chain here, so a payment can
// be seen with only one of them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { resetRailsForTests } from '@/lib/rails/registry';
import { REFRESH_LEASE, refreshRates } from '@/lib/rates/store';
import { TRON_XPUB, ZPUB } from './adapter-helpers';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type BitstampFake, startBitstampFake } from './fakes/bitstamp';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type KrakenFake, startKrakenFake } from './fakes/kraken';
import { type FakeTronGrid, startFakeTronGrid, USDT_CONTRACT } from './fakes/trongrid';
import { assertMoneyInvariant } from './invariant';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();

const REQUIRED = 2;
let esplora: FakeEsplora;
let trongrid: FakeTronGrid;
let kraken: KrakenFake;
let bitstamp: BitstampFake;

beforeAll(async () => {
  esplora = await startFakeEsplora();
  trongrid = await startFakeTronGrid('tg-key');
  // The two exchanges' public tickers (test/fakes, from their docs): USDT 0.9147 and 0.91482 EUR,
  // BTC 91000.1 and 91200 EUR; the median quotes francs through the peg (655.957 XOF = 1 EUR).
  kraken = await startKrakenFake({ btc: '91000.1', usdt: '0.9147' });
  bitstamp = await startBitstampFake({ btc: '91200', usdt: '0.91482', timestamp: now() });
});
useLiveConfig(() => ({
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esplora.url,
  BTC_CONFIRMATIONS: String(REQUIRED),
  TRON_XPUB,
  TRONGRID_URL: trongrid.url,
  TRONGRID_API_KEY: 'tg-key',
  TRON_USDT_CONTRACT: USDT_CONTRACT,
  RAIL_HTTP_TIMEOUT_MS: '2000',
  RATE_KRAKEN_URL: kraken.url,
  RATE_BITSTAMP_URL: bitstamp.url,
}));
// Each test starts with fresh adapters: a rate-limit test leaves TronGrid's backoff set on its own
// clock, and the tests' clocks are not one timeline (each starts from the real clock).
afterEach(() => resetRailsForTests());

afterAll(async () => {
  await esplora.close();
  await trongrid.close();
  await kraken.close();
  await bitstamp.close();
});

/** What the chain says was paid to the address: outputs with the required confirmations. */
function btcPaid(address: string): number {
  return (esplora.txs.get(address) ?? [])
    .filter((t) => t.status.confirmed && esplora.tip - t.status.block_height! + 1 >= REQUIRED)
    .reduce((s, t) => s + t.vout.filter((o) => o.scriptpubkey_address === address).reduce((x, o) => x + o.value, 0), 0);
}

/** What TronGrid says was paid to the address: solidified USDT transfers, each log once. */
function usdtPaid(address: string): number {
  const logs = new Map(
    trongrid.transfers
      .filter((t) => t.to === address && t.confirmed && t.token_info.address === USDT_CONTRACT)
      .map((t) => [`${t.transaction_id}#${t.event_index}`, Number(t.value)]),
  );
  return [...logs.values()].reduce((s, v) => s + v, 0);
}

/** The worker's refresh, from the two fake exchanges (as the deployment's one refresh per interval). */
async function freshRates(): Promise<void> {
  // The exchanges' tickers are of now (a test may have moved Bitstamp's clock: the late payment).
  bitstamp.setTimestamp!(now());
  await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
  expect(await refreshRates(db(), now())).toBe(2);
}

/** A merchant, a live intent confirmed over the API, the address to pay, and a worker clock. */
async function liveIntent(body: { amount: number; currency: 'BTC' | 'USDT' | 'XOF'; rail: 'btc_onchain' | 'usdt_trc20' }) {
  const m = await newMerchant(db());
  // Francs are quoted from the worker's rates: refreshed here (the exchange fakes' prices). No other
  // file rewrites them meanwhile: test/rates-store.test.ts, which empties them, has a database of its own.
  if (body.currency === 'XOF') await freshRates();
  const created = await call('POST', '/v1/payment_intents', { key: m.keys.live, body });
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  const confirmed = await call('POST', `/v1/payment_intents/${id}/confirm`, { key: m.keys.live, body: {} });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.nextAction.type).toBe(body.rail === 'btc_onchain' ? 'bitcoin_address' : 'tron_address');
  const address = confirmed.body.nextAction.address as string;
  let t = now();
  return {
    id,
    address,
    nextAction: confirmed.body.nextAction as { amount: string; quote: { amount: number; currency: string; rate: string; expiresAt: number } | null },
    /** The worker's clock jumps (a quote running out). */
    advance: (seconds: number) => {
      t += seconds;
    },
    /** A refund of this intent through the API (live key). */
    refund: (body: Record<string, unknown> = {}) => call('POST', '/v1/refunds', { key: m.keys.live, body: { paymentIntentId: id, ...body } }),
    getRefund: (refundId: string) => call('GET', `/v1/refunds/${refundId}`, { key: m.keys.live }),
    /** One worker pass for this merchant, a minute after the previous one. */
    poll: async () => {
      t += 60;
      await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    },
    get clock() {
      return t;
    },
    intent: async () => {
      const r = await call('GET', `/v1/payment_intents/${id}`, { key: m.keys.live });
      return { status: r.body.status as string, amountReceived: r.body.amountReceived as number };
    },
  };
}

describe('live USDT TRC20 through the payment flow (fake TronGrid)', () => {
  it('exact payment: seen unconfirmed (pending), then solidified (succeeded)', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const tx = trongrid.send(p.address, 5_000_000);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    trongrid.solidify(tx);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('underpayment, then the rest to the same address', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    trongrid.send(p.address, 2_000_000, { confirmed: true });
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 2_000_000 });
    await assertMoneyInvariant(db(), p.id, { paid: 2_000_000, now: p.clock });
    trongrid.send(p.address, 3_000_000, { confirmed: true });
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('overpayment: succeeded, overpaid, every unit recorded', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    trongrid.send(p.address, 7_500_000, { confirmed: true });
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 7_500_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.overpaid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('two equal transfers in one transaction are two payments', async () => {
    const p = await liveIntent({ amount: 2_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const tx = trongrid.send(p.address, 1_000_000, { confirmed: true });
    trongrid.send(p.address, 1_000_000, { txid: tx });
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 2_000_000 });
    expect(usdtPaid(p.address)).toBe(2_000_000);
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a transfer seen, then gone (its block not solidified): back to requires_payment_method, nothing credited', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const tx = trongrid.send(p.address, 5_000_000);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    trongrid.drop(tx);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
    ]);
  });

  it('a rate-limited poll (403 {success: false}) while a transfer is seen changes nothing; the next one counts it', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const tx = trongrid.send(p.address, 5_000_000);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    trongrid.failNext(403, 2); // both listings (confirmed, unconfirmed) of a poll, or two polls
    await p.poll(); // not "nothing there": the seen transfer is not dropped
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    const [attempt] = await db().query<{ status: string; error: unknown }>(`select status, error from payment_attempts where payment_intent_id = $1`, [p.id]);
    expect(attempt).toEqual({ status: 'pending', error: null });
    trongrid.solidify(tx);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });
});

describe("live quotes: a franc price paid in USDT at the exchanges' rate (fake Kraken and Bitstamp, fake TronGrid)", () => {
  /** What the payer paid, in francs, at the quote (the contract's rule: the full quote is the full amount). */
  const quoted = async (id: string) =>
    (
      await db().query<{ quote: { amount: number; rate: string } }>(
        `select quote from payment_attempts where payment_intent_id = $1 and quote is not null order by seq`,
        [id],
      )
    ).map((r) => r.quote);

  it('exact: the quote locked from the median rate, paid to the unit, is the full 5,000 F CFA', async () => {
    await freshRates();
    const p = await liveIntent({ amount: 5000, currency: 'XOF', rail: 'usdt_trc20' });
    const q = p.nextAction.quote!;
    // 1 USDT = 0.91476 EUR x 655.957 = 600.0432... XOF: 5,000 F CFA is 8.3327338... USDT, rounded up.
    expect(q).toMatchObject({ currency: 'USDT', amount: 8_332_734 });
    expect(q.rate.startsWith('600.0432')).toBe(true);
    expect(p.nextAction.amount).toBe('8.332734');
    const tx = trongrid.send(p.address, q.amount);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    trongrid.solidify(tx);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: 5000, paidSettlement: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('short, then the rest at the same quote: counted at the quote rate, rounded down, and the rest asked in USDT', async () => {
    await freshRates();
    const p = await liveIntent({ amount: 5000, currency: 'XOF', rail: 'usdt_trc20' });
    const q = p.nextAction.quote!;
    trongrid.send(p.address, 4_000_000, { confirmed: true });
    await p.poll();
    // 4 USDT x 600.0432... = 2,400.17 F CFA, rounded down: 2,400.
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 2400 });
    await assertMoneyInvariant(db(), p.id, { paid: 2400, paidSettlement: 4_000_000, now: p.clock });
    trongrid.send(p.address, q.amount - 4_000_000, { confirmed: true });
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5000 });
    expect(await quoted(p.id)).toHaveLength(1);
    expect(await assertMoneyInvariant(db(), p.id, { paid: 5000, paidSettlement: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('over: every unit recorded, in francs at the quote rate', async () => {
    await freshRates();
    const p = await liveIntent({ amount: 5000, currency: 'XOF', rail: 'usdt_trc20' });
    trongrid.send(p.address, 10_000_000, { confirmed: true });
    await p.poll();
    // 10 USDT x 600.0432... = 6,000.43 F CFA, rounded down.
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 6000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: 6000, paidSettlement: 10_000_000, now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.overpaid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('late: paid after the quote ran out is a late payment at the rate of then (never better than the quote), never ignored, even while no rate is fresh', async () => {
    await freshRates();
    const p = await liveIntent({ amount: 5000, currency: 'XOF', rail: 'usdt_trc20' });
    const q = p.nextAction.quote!;
    p.advance(q.expiresAt - p.clock + 120);
    await p.poll(); // the quote's end: the attempt expires, watched; the intent asks for a method again
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    trongrid.send(p.address, q.amount, { confirmed: true });
    // No rate is fresh at this clock: the money waits to be valued, the attempt stays watched.
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    const [waiting] = await db().query<{ next_poll_at: number | null; watch_until: number | null }>(
      `select next_poll_at, watch_until from payment_attempts where payment_intent_id = $1`,
      [p.id],
    );
    expect(Number(waiting!.next_poll_at)).toBeGreaterThan(p.clock);
    expect(Number(waiting!.watch_until)).toBeGreaterThan(p.clock);
    // The exchanges' prices, unchanged, at this clock: the rate of then is the quote's.
    const next = p.clock + 60; // the next pass
    await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
    bitstamp.setTimestamp!(next);
    expect(await refreshRates(db(), next)).toBe(2);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5000 });
    const types = await assertMoneyInvariant(db(), p.id, { paid: 5000, paidSettlement: usdtPaid(p.address), now: p.clock });
    expect(types).toContain('payment_intent.late_payment');
    expect(types.filter((t) => t === 'payment_intent.succeeded')).toHaveLength(1);
  });
});

describe(`live on-chain BTC through the payment flow (fake Esplora, ${REQUIRED} confirmations)`, () => {
  it('exact payment: mempool (pending), 1 confirmation (pending), 2 (succeeded)', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    esplora.confirm(tx, esplora.tip + 1);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    esplora.tip += 1;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('underpayment, then the rest', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    esplora.send(p.address, 20_000, esplora.tip - 1);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 20_000 });
    await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock });
    esplora.send(p.address, 30_000, esplora.tip - 1);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('overpayment: succeeded, overpaid', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    esplora.send(p.address, 80_000, esplora.tip - 1);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 80_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.overpaid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a payment seen, then evicted from the mempool: back to requires_payment_method, nothing credited', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    esplora.evict(tx);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
    ]);
  });

  it('a payment with 1 of 2 confirmations, double-spent by a reorg: nothing credited', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000, esplora.tip + 1); // mined in a new block: 1 confirmation
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    esplora.reorg(esplora.tip - 1, [tx]);
    esplora.tip += 2; // the new branch grows past the old one, without the payment
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.pending',
    ]);
  });

  it('a refund not yet sent of money a deeper reorg then takes back is canceled (payment_reversed): nothing refunds money that did not stay', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000, esplora.tip + 1);
    esplora.tip += 1;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    const r = await p.refund({ amount: 20_000 });
    expect(r.body).toMatchObject({ status: 'requires_action', nextAction: { type: 'refund_claim' } });
    esplora.reorg(esplora.tip - 2, [tx]);
    esplora.tip += 3;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 0 });
    expect((await p.getRefund(r.body.id)).body).toMatchObject({ status: 'canceled', failureReason: 'payment_reversed', nextAction: null });
    expect((await p.refund()).status).toBe(409); // nothing received any more
    await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), refunded: 0, now: p.clock });
  });

  it('a payment credited with its 2 confirmations, then double-spent by a deeper reorg: the credit is reversed, with an event', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000, esplora.tip + 1);
    esplora.tip += 1; // 2 confirmations
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    // The address is still watched: a reorganisation two blocks deep drops the payment.
    esplora.reorg(esplora.tip - 2, [tx]);
    esplora.tip += 3;
    await p.poll();
    // Succeeded is final; the money that is no longer there is not left counted, and the merchant is told.
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 0 });
    expect(await amountCreditedOf(p.address)).toBe(0);
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_reversed',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
    await p.poll(); // asked again: nothing more moves
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 0 });
  });

  it('a credited payment sent back to the mempool by a reorg, then mined again: never reversed, never a late payment', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000, esplora.tip + 1);
    esplora.tip += 1; // 2 confirmations
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    esplora.reorg(esplora.tip - 2); // back to the mempool, not double-spent
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    esplora.confirm(tx, esplora.tip + 1);
    esplora.tip += 1;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a payment with 1 of 2 confirmations sent back to the mempool by a reorg, then mined again: counted once', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000, esplora.tip + 1);
    await p.poll();
    esplora.reorg(esplora.tip - 1);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    esplora.confirm(tx, esplora.tip + 1);
    esplora.tip += 1;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a replacement (RBF) paying less: only the replacement is credited', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const first = esplora.send(p.address, 50_000);
    await p.poll();
    const second = esplora.replace(first, 30_000);
    esplora.confirm(second, esplora.tip + 1);
    esplora.tip += 1;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 30_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
    ]);
  });

  it.each([429, 503] as const)('a poll answered %i while a payment is seen changes nothing; the next one counts it', async (status) => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const tx = esplora.send(p.address, 50_000);
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    esplora.failNext(status, 1, /\/txs$/); // the history fails, the tip answers
    await p.poll(); // not "nothing there": the seen payment is not dropped
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    const [attempt] = await db().query<{ status: string; error: unknown }>(`select status, error from payment_attempts where payment_intent_id = $1`, [p.id]);
    expect(attempt).toEqual({ status: 'pending', error: null });
    esplora.confirm(tx, esplora.tip + 1);
    esplora.tip += 1;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 50_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });
});

async function amountCreditedOf(address: string): Promise<number> {
  const [row] = await db().query<{ amount_credited: number }>(`select amount_credited from derived_addresses where address = $1`, [address]);
  return Number(row!.amount_credited);
}
