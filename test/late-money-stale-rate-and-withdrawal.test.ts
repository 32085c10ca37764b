// Late money valuation (issue 24, item 3) against a live backend's odd answers: the
// exchanges' rates gone stale while money waits to be valued, and money seen late, dropped from the
// mempool, and sent again. Live, against the fake TronGrid, Esplora, Kraken and Bitstamp (test/fakes,
// from the vendors' docs), with account keys of this file's own (their addresses are nobody else's).
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS } from '@/lib/payments/addresses';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { resetRailsForTests } from '@/lib/rails/registry';
import { REFRESH_LEASE, refreshRates } from '@/lib/rates/store';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type BitstampFake, startBitstampFake } from './fakes/bitstamp';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type KrakenFake, startKrakenFake } from './fakes/kraken';
import { type FakeTronGrid, startFakeTronGrid, USDT_CONTRACT } from './fakes/trongrid';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();
const ZPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const TRON_XPUB = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'").publicExtendedKey;
let esplora: FakeEsplora;
let trongrid: FakeTronGrid;
let kraken: KrakenFake;
let bitstamp: BitstampFake;

beforeAll(async () => {
  esplora = await startFakeEsplora();
  trongrid = await startFakeTronGrid('tg-key');
  kraken = await startKrakenFake({ btc: '91000', usdt: '0.915' });
  bitstamp = await startBitstampFake({ btc: '91000', usdt: '0.915', timestamp: now() });
});
useLiveConfig(() => ({
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esplora.url,
  BTC_CONFIRMATIONS: '1',
  TRON_XPUB,
  TRONGRID_URL: trongrid.url,
  TRONGRID_API_KEY: 'tg-key',
  TRON_USDT_CONTRACT: USDT_CONTRACT,
  RAIL_HTTP_TIMEOUT_MS: '2000',
  RATE_KRAKEN_URL: kraken.url,
  RATE_BITSTAMP_URL: bitstamp.url,
}));
afterEach(() => resetRailsForTests());
afterAll(async () => {
  await esplora.close();
  await trongrid.close();
  await kraken.close();
  await bitstamp.close();
});

/** The deployment's one rate refresh, at `at`, from the two fake exchanges at their current prices. */
async function ratesAt(at: number): Promise<void> {
  await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
  bitstamp.setTimestamp(at);
  expect(await refreshRates(db(), at)).toBe(2);
}

/** A live intent of a new merchant confirmed at `at`: its address, quote (if any) and a worker pass. */
async function liveIntent(body: { amount: number; currency: 'USDT' | 'XOF'; rail: 'btc_onchain' | 'usdt_trc20' }, at: number) {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: true };
  if (body.currency === 'XOF') await ratesAt(at);
  const created = await call('POST', '/v1/payment_intents', { key: m.keys.live, body });
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  const r = await confirmPaymentIntent(db(), scope, id, {}, { now: at });
  const next = r.nextAction as { address: string; quote: { amount: number; expiresAt: number } | null };
  return {
    id,
    address: next.address,
    quote: next.quote,
    poll: (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id }),
    intent: async () => {
      const g = await call('GET', `/v1/payment_intents/${id}`, { key: m.keys.live });
      return { status: g.body.status as string, amountReceived: g.body.amountReceived as number };
    },
  };
}

describe('late money and the exchange rates', () => {
  it('money seen after the quote while no rate is fresh keeps its address: it is never handed to another intent, and is counted for its payer once a rate is back', async () => {
    const t0 = now();
    const a = await liveIntent({ amount: 5000, currency: 'XOF', rail: 'usdt_trc20' }, t0);
    const q = a.quote!;
    let t = q.expiresAt + 120;
    await a.poll(t); // the quote's end: the attempt expires, its address is watched
    trongrid.send(a.address, q.amount, { confirmed: true });
    t += 60;
    await a.poll(t); // no fresh rate at this clock: the money waits to be valued
    expect(await a.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    // The exchanges stay unreachable past the address's reuse grace: another shop's buyer comes.
    t = q.expiresAt + REUSE_GRACE_SECONDS + 300;
    await a.poll(t);
    const b = await liveIntent({ amount: 5_000_000, currency: 'USDT', rail: 'usdt_trc20' }, t);
    expect(b.address).not.toBe(a.address);
    await b.poll(t + 60);
    expect(await b.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    // The rates stay stale up to the end of the address's watch and past it: still watched.
    const [{ watch_until: end }] = (await db().query<{ watch_until: number }>(`select watch_until from payment_attempts where payment_intent_id = $1`, [
      a.id,
    ])) as [{ watch_until: number }];
    t = Number(end) - 10;
    await a.poll(t);
    t = Number(end) + 60;
    await a.poll(t);
    expect(await a.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    // A rate again at the next pass (prices unchanged: the quote's rate): the first payer's money pays its intent.
    t += 30;
    await ratesAt(t);
    await a.poll(t);
    expect(await a.intent()).toEqual({ status: 'succeeded', amountReceived: 5000 });
  });

  it('late money dropped from the mempool and sent again after BTC fell counts at the rate of when it is seen again, not of the dropped transaction', async () => {
    kraken.setPrice('BTC', '91000');
    bitstamp.setPrice('BTC', '91000');
    const t0 = now();
    const p = await liveIntent({ amount: 50_000, currency: 'XOF', rail: 'btc_onchain' }, t0);
    const q = p.quote!;
    let t = q.expiresAt + 120;
    await ratesAt(t);
    await p.poll(t); // the quote's end
    // Late, the rate unchanged: the payer's transaction is seen (valued at the quote's rate then)...
    const tx = esplora.send(p.address, q.amount);
    t += 60;
    await p.poll(t);
    expect(await p.intent()).toEqual({ status: 'requires_payment_method', amountReceived: 0 });
    // ...then double-spent back to the payer (gone from every answer), and seen gone.
    esplora.evict(tx);
    t += 60;
    await p.poll(t);
    // BTC falls 40 %; the payer sends the same sats again, now worth 60 % of the price.
    kraken.setPrice('BTC', '54600');
    bitstamp.setPrice('BTC', '54600');
    t += 600;
    await ratesAt(t);
    esplora.send(p.address, q.amount, esplora.tip + 1);
    await p.poll(t + 30);
    const after = await p.intent();
    // 50,000 F CFA of sats at 60 % of the price: about 30,000 F CFA (rounded down), the rest asked.
    expect(after.status).toBe('requires_payment_method');
    expect(after.amountReceived).toBeGreaterThan(29_000);
    expect(after.amountReceived).toBeLessThanOrEqual(30_000);
  });
});
