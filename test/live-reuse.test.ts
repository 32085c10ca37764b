// Live rails reusing what they handed out (issue 24, "tests that could not fail"), through the real
// backends' fakes, never by writing rows:
// - a Lightning invoice handed out again (reuseOpenInvoice) is shared by two attempts. The test
//   simulator keeps paid state per attempt, but LND keeps it per payment hash: once the invoice is
//   paid, LND says so about both attempts, and the money must be counted once (loadFacts sums what
//   the invoice credited across its attempts). The money invariant's re-poll asks LND about every
//   attempt, the closed one too.
// - a receive address whose money was only ever seen in the mempool (then evicted, or replaced by
//   a BIP125 double-spend to another address) saw money: it is never handed to another intent
//   (derived_addresses.money_seen_at), since its payer may still broadcast that payment.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS } from '@/lib/payments/addresses';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { WATCH_SECONDS } from '@/lib/payments/watch';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { assertMoneyInvariant } from './invariant';
import { attemptsOf, newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
const MAC = '0201036c6e64';
let lnd: FakeLnd;
let esplora: FakeEsplora;
// A BIP84 account key (zpub) of this file's own: its addresses and derivation counter are nobody else's.
// The payer's own address (BIP173's example P2WPKH), where a double-spend sends the coins back.
const PAYER = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ZPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;

beforeAll(async () => {
  lnd = await startFakeLnd(MAC);
  esplora = await startFakeEsplora();
});
useLiveConfig(() => ({
  LND_REST_URL: lnd.url,
  LND_MACAROON: MAC,
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esplora.url,
  BTC_CONFIRMATIONS: '1',
  BTC_GAP_LIMIT: '50',
  RAIL_HTTP_TIMEOUT_MS: '2000',
}));
afterAll(async () => {
  await lnd.close();
  await esplora.close();
});

describe('live Lightning: an invoice handed out again is paid once and counted once (fake LND)', () => {
  it('Lightning -> on-chain -> Lightning reuses the invoice; LND settles it; the intent, both attempts and a re-poll of both count it once', async () => {
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
    const confirm = (body: unknown) => call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body });
    const first = await confirm({});
    expect(first.status).toBe(200);
    expect((await confirm({ rail: 'btc_onchain' })).status).toBe(200);
    const back = await confirm({ rail: 'btc_lightning' });
    expect(back.status).toBe(200);
    expect(back.body.nextAction.invoice).toBe(first.body.nextAction.invoice);
    const ln = (await attemptsOf(db(), pi.id)).filter((a) => a.rail === 'btc_lightning');
    expect(ln.map((a) => a.status)).toEqual(['canceled', 'awaiting_payment']);
    expect(ln[0]!.backend_ref).toBe(ln[1]!.backend_ref);
    const hash = ln[0]!.backend_ref!;
    // One invoice at the node; LND answers about it by its hash, whichever attempt asks.
    expect([...lnd.invoices.values()].filter((i) => i.request === first.body.nextAction.invoice)).toHaveLength(1);

    lnd.settle(hash);
    const t0 = now();
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    const got = (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body;
    expect(got).toMatchObject({ status: 'succeeded', amountReceived: 25_000 });
    // The re-poll asks LND about the closed attempt too: SETTLED, 25,000 sats. Counted already.
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 25_000, paidSettlement: 25_000, now: t0 + 20 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
    const after = await attemptsOf(db(), pi.id);
    expect(after.filter((a) => a.rail === 'btc_lightning').map((a) => [a.status, Number(a.amount_received)])).toEqual([
      ['canceled', 0],
      ['succeeded', 25_000],
    ]);
  });
});

describe('live on-chain: an address whose money was only seen in the mempool is never handed out again (fake Esplora)', () => {
  /**
   * An intent with its address; the payer's transaction is seen in the mempool by a poll, then
   * disappears (`gone`: evicted, or replaced); the intent is canceled and its watch ends.
   */
  async function seenThenGone(gone: (txid: string) => void) {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const pi = await newIntent(m.keys.live, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const r = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
    expect(r.status).toBe(200);
    const address = r.body.nextAction.address as string;
    const t0 = now();
    const txid = esplora.send(address, 10_000); // in the mempool, unconfirmed
    await pollDueAttempts(db(), t0 + 60, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'pending', amountReceived: 0 });
    expect((await attemptsOf(db(), pi.id)).map((a) => Number((a as unknown as { amount_seen: number }).amount_seen))).toEqual([10_000]);
    gone(txid);
    await pollDueAttempts(db(), t0 + 3600, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body.amountReceived).toBe(0);
    const canceled = await call('POST', `/v1/payment_intents/${pi.id}/cancel`, { key: m.keys.live, body: {} });
    expect(canceled.status).toBe(200);
    await assertMoneyInvariant(db(), pi.id, { paid: 0, now: t0 + 3700 });
    return { m, scope, pi, address };
  }

  /**
   * Hand addresses to new intents of the same merchant, well after every watch here ended, until
   * one is a newly derived index (so every free address was offered first): none is `address`.
   */
  async function handOutUntilNew(m: { keys: { live: string }; merchant: { id: string } }, address: string) {
    const scope = { merchantId: m.merchant.id, livemode: true };
    const after = now() + WATCH_SECONDS + REUSE_GRACE_SECONDS + 3600;
    // This file's key (its own zpub): the highest index derived so far.
    const top = async () =>
      Number(
        (
          await db().query<{ n: number }>(
            `select max(derivation_index)::int as n from derived_addresses where key_id = (select key_id from derived_addresses where address = $1)`,
            [address],
          )
        )[0]!.n,
      );
    const handed: string[] = [];
    for (let i = 0; i < 30; i++) {
      const before = await top();
      const pi = await newIntent(m.keys.live, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
      const next = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: after });
      const got = (next.nextAction as { address: string }).address;
      handed.push(got);
      const row = (await db().query<{ derivation_index: number }>(`select derivation_index from derived_addresses where address = $1`, [got]))[0]!;
      if (Number(row.derivation_index) > before) break;
    }
    expect(handed).not.toContain(address);
    return handed;
  }

  it('seen in the mempool, then evicted: the address stays with its intent', async () => {
    const s = await seenThenGone((txid) => esplora.evict(txid));
    await handOutUntilNew(s.m, s.address);
    expect(await db().query(`select payment_intent_id from derived_addresses where address = $1`, [s.address])).toEqual([{ payment_intent_id: s.pi.id }]);
  });

  it('seen in the mempool, then replaced (RBF) by a transaction paying another address: the address stays with its intent', async () => {
    const s = await seenThenGone((txid) => esplora.replace(txid, 10_000, PAYER));
    expect(esplora.txs.get(s.address) ?? []).toEqual([]);
    await handOutUntilNew(s.m, s.address);
    expect(await db().query(`select payment_intent_id from derived_addresses where address = $1`, [s.address])).toEqual([{ payment_intent_id: s.pi.id }]);
  });
});
