// Issue 24 item 2: a deposit address flooded with transfers that are no payment (address poisoning:
// zero-value TRC20 transfers; a dust wave on Bitcoin) is still credited, exactly, and watching it
// stays cheap. Live mode through the API and the worker against the fakes (test/fakes/trongrid.ts,
// test/fakes/esplora.ts, written from the vendors' documentation), with the money invariant; the
// cost is the number of requests each poll makes to the fake backend.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listIntentAttempts } from '@/lib/dashboard/payments';
import { backendKey } from '@/lib/domain/rail-health';
import { pollDueAttempts } from '@/lib/payments/poll';
import { railAdapter, resetRailsForTests } from '@/lib/rails/registry';
import { READ_PAGES_PER_POLL } from '@/lib/rails/tron/trongrid';
import { TRON_XPUB, ZPUB } from './adapter-helpers';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeTronGrid, startFakeTronGrid, USDT_CONTRACT } from './fakes/trongrid';
import { assertMoneyInvariant } from './invariant';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();

const REQUIRED = 2;
let esplora: FakeEsplora;
let trongrid: FakeTronGrid;

beforeAll(async () => {
  esplora = await startFakeEsplora();
  trongrid = await startFakeTronGrid('tg-key');
});
useLiveConfig(() => ({
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esplora.url,
  BTC_CONFIRMATIONS: String(REQUIRED),
  TRON_XPUB,
  TRONGRID_URL: trongrid.url,
  TRONGRID_API_KEY: 'tg-key',
  TRON_USDT_CONTRACT: USDT_CONTRACT,
  RAIL_HTTP_TIMEOUT_MS: '5000',
}));
afterEach(() => {
  esplora.onRequest = undefined;
  resetRailsForTests();
});
afterAll(async () => {
  await esplora.close();
  await trongrid.close();
});

/** What TronGrid says was paid to the address: solidified USDT transfers, each log once. */
function usdtPaid(address: string): number {
  const logs = new Map(
    trongrid.transfers
      .filter((t) => t.to === address && t.confirmed && t.token_info.address === USDT_CONTRACT)
      .map((t) => [`${t.transaction_id}#${t.event_index}`, Number(t.value)]),
  );
  return [...logs.values()].reduce((s, v) => s + v, 0);
}

/** What the chain says was paid to the address: outputs with the required confirmations. */
function btcPaid(address: string): number {
  return (esplora.txs.get(address) ?? [])
    .filter((t) => t.status.confirmed && esplora.tip - t.status.block_height! + 1 >= REQUIRED)
    .reduce((s, t) => s + t.vout.filter((o) => o.scriptpubkey_address === address).reduce((x, o) => x + o.value, 0), 0);
}

/** A merchant, a live intent confirmed over the API, its address, and a worker clock. */
async function liveIntent(body: { amount: number; currency: 'BTC' | 'USDT'; rail: 'btc_onchain' | 'usdt_trc20' }) {
  const m = await newMerchant(db());
  const created = await call('POST', '/v1/payment_intents', { key: m.keys.live, body });
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  const confirmed = await call('POST', `/v1/payment_intents/${id}/confirm`, { key: m.keys.live, body: {} });
  expect(confirmed.status).toBe(200);
  const address = confirmed.body.nextAction.address as string;
  const fake = body.rail === 'btc_onchain' ? esplora : trongrid;
  let t = now();
  return {
    id,
    m,
    address,
    advance: (seconds: number) => {
      t += seconds;
    },
    /** One worker pass for this merchant, a minute after the previous one; the requests it made to the backend. */
    poll: async () => {
      t += 60;
      const before = fake.requests.length;
      await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
      return fake.requests.length - before;
    },
    get clock() {
      return t;
    },
    intent: async () => {
      const r = await call('GET', `/v1/payment_intents/${id}`, { key: m.keys.live });
      return { status: r.body.status as string, amountReceived: r.body.amountReceived as number };
    },
    attempt: async () =>
      (
        await db().query<{ status: string; watch_until: number | null; next_poll_at: number | null; details: Record<string, unknown> }>(
          `select status, watch_until, next_poll_at, details from payment_attempts where payment_intent_id = $1 order by seq desc limit 1`,
          [id],
        )
      )[0]!,
  };
}

describe('USDT TRC20: 10,000 zero-value transfers to the deposit address (address poisoning)', () => {
  it('the real 5 USDT is credited exactly once; each poll reads a bounded number of pages, and once read, only what is new', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    trongrid.dust(p.address, 10_000);
    trongrid.send(p.address, 5_000_000, { confirmed: true });
    // The history (10,001 entries, 51 pages of 200) is read READ_PAGES_PER_POLL pages a poll, each
    // poll going on from where the last one stopped, until the payment is found.
    const costs: number[] = [];
    for (let i = 0; i < 5 && (await p.intent()).status !== 'succeeded'; i++) costs.push(await p.poll());
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    expect(costs.length).toBe(3);
    // Each poll: the unconfirmed listing, at most READ_PAGES_PER_POLL confirmed pages (+1 to finish a block).
    for (const c of costs) expect(c).toBeLessThanOrEqual(READ_PAGES_PER_POLL + 2);
    // Once read: a poll costs what is new since the last one, not the whole history again.
    expect(await p.poll()).toBeLessThanOrEqual(2);
    trongrid.dust(p.address, 300); // more poison: 2 pages of news
    expect(await p.poll()).toBeLessThanOrEqual(4);
    expect(await p.poll()).toBeLessThanOrEqual(2);
    expect(usdtPaid(p.address)).toBe(5_000_000);
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a payment seen unconfirmed among the dust, then solidified: pending, then succeeded, never counted twice', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    trongrid.dust(p.address, 10_000, { perBlock: 50 });
    // Read through once (a few polls); from then on a poll reads only what is new.
    let cost = Infinity;
    for (let i = 0; i < 5 && cost > 2; i++) cost = await p.poll();
    expect(cost).toBeLessThanOrEqual(2);
    const tx = trongrid.send(p.address, 2_500_000);
    trongrid.send(p.address, 2_500_000, { txid: tx }); // two equal transfers in one transaction
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: 0 });
    trongrid.solidify(tx);
    expect(await p.poll()).toBeLessThanOrEqual(4); // the two listings' news and the transaction's events
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: usdtPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });
});

describe('on-chain BTC: more than 5,000 transactions on the deposit address', () => {
  it('every satoshi is credited exactly once, each poll in a few requests however long the history', async () => {
    const p = await liveIntent({ amount: 5_000_000, currency: 'BTC', rail: 'btc_onchain' });
    esplora.flood(p.address, 5_100, 294); // a dust wave: 5,100 outputs at the P2WPKH dust limit, long mined
    const dust = 5_100 * 294;
    expect(await p.poll()).toBeLessThanOrEqual(8);
    // Dust is money: counted, and the rest is due.
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: dust });
    const tx = esplora.send(p.address, 5_000_000 - dust);
    expect(await p.poll()).toBeLessThanOrEqual(8);
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: dust });
    esplora.confirm(tx, esplora.tip + 1);
    expect(await p.poll()).toBeLessThanOrEqual(8);
    expect(await p.intent()).toEqual({ status: 'pending', amountReceived: dust }); // 1 of 2 confirmations
    esplora.tip += 1;
    expect(await p.poll()).toBeLessThanOrEqual(8);
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 5_000_000 });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.partially_paid',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });

  it('a credited payment among the dust, double-spent by a reorg: reversed, as a full read would', async () => {
    const p = await liveIntent({ amount: 2_000_000, currency: 'BTC', rail: 'btc_onchain' });
    esplora.flood(p.address, 5_100, 294);
    const dust = 5_100 * 294;
    const tx = esplora.send(p.address, 2_000_000 - dust, esplora.tip + 1);
    esplora.tip += 1; // 2 confirmations
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: 2_000_000 });
    esplora.reorg(esplora.tip - 2, [tx]);
    esplora.tip += 3;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'succeeded', amountReceived: dust });
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.created',
      'payment_intent.payment_reversed',
      'payment_intent.pending',
      'payment_intent.succeeded',
    ]);
  });
});

describe('an address the backend keeps failing on', () => {
  it('stays watched past the end of its watch, its error is shown, the rail stays healthy, and its money is counted when it can be read', async () => {
    const p = await liveIntent({ amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    expect((await call('POST', `/v1/payment_intents/${p.id}/cancel`, { key: p.m.keys.live, body: {} })).status).toBe(200);
    const closed = await p.attempt();
    expect(closed.status).toBe('canceled');
    const watchEnd = Number(closed.watch_until);
    // A long history that its backend cannot give in one snapshot: the chain moves under every read of it.
    esplora.flood(p.address, 30, 1_000);
    esplora.onRequest = (path) => {
      if (path === `/address/${p.address}`) esplora.tip += 1;
    };
    await p.poll();
    const failing = await p.attempt();
    expect(failing.details.readError).toMatchObject({ failures: 1, message: expect.stringMatching(/the chain moved/) });
    // A week later it still cannot be read: still watched (asked again), never dropped.
    p.advance(watchEnd - p.clock - 90);
    await p.poll(); // the last minute of its watch
    await p.poll(); // past it
    await p.poll();
    const still = await p.attempt();
    expect(Number(still.watch_until)).toBeGreaterThan(p.clock);
    expect(Number(still.next_poll_at)).toBeGreaterThan(p.clock);
    expect((still.details.readError as { failures: number }).failures).toBeGreaterThanOrEqual(4);
    // Shown on the dashboard's payment page.
    const [shown] = await listIntentAttempts(db(), { merchantId: p.m.merchant.id, livemode: true }, p.id);
    expect(shown!.readError).toMatchObject({ since: expect.any(Number), failures: (still.details.readError as { failures: number }).failures });
    // A problem of this address, not of the backend: the rail's health is untouched.
    const health = await db().query<{ failures: number }>(`select failures from rail_health where backend = $1`, [
      backendKey(railAdapter('btc_onchain', true)!),
    ]);
    expect(health.every((h) => Number(h.failures) === 0)).toBe(true);
    // The backend can read it again: what reached it meanwhile is recorded (a late payment), the error cleared.
    esplora.onRequest = undefined;
    await p.poll();
    expect(await p.intent()).toEqual({ status: 'canceled', amountReceived: 30_000 });
    expect((await p.attempt()).details.readError).toBeNull();
    expect(await assertMoneyInvariant(db(), p.id, { paid: btcPaid(p.address), now: p.clock })).toEqual([
      'payment_intent.canceled',
      'payment_intent.created',
      'payment_intent.late_payment',
    ]);
  });
});
