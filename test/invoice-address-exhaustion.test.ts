// Invoices and receive addresses are not used up (issue 11, item 3). A payer switching Lightning ->
// on-chain -> Lightning is handed the open invoice again instead of making a new one; receive addresses
// whose attempts ended without money are reused once their payer's time is up; past BTC_GAP_LIMIT
// a new index is derived (never a 503) and GET /v1/address_gaps reports the gap. Live on-chain runs
// against the Esplora fake (test/fakes/esplora.ts), with a key of its own (its own counter).
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS } from '@/lib/payments/addresses';
import { availableRails } from '@/lib/payments/available-rails';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { testPay } from '@/lib/payments/test-helpers';
import { WATCH_SECONDS } from '@/lib/payments/watch';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
let esplora: FakeEsplora;
const GAP = 3;
// A BIP84 account key (zpub) of this file's own: its derivation counter is nobody else's.
const ZPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;

beforeAll(async () => {
  esplora = await startFakeEsplora();
});
useLiveConfig(() => ({ BTC_XPUB: ZPUB, ESPLORA_URL: esplora.url, BTC_CONFIRMATIONS: '1', BTC_GAP_LIMIT: String(GAP), RAIL_HTTP_TIMEOUT_MS: '2000' }));
afterAll(async () => {
  await esplora.close();
});

describe('Lightning: one open invoice per amount, not a new one each time the payer switches back', () => {
  it('20 switches Lightning -> on-chain -> Lightning hand out the same invoice; paid once, counted once', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_lightning' });
    const t0 = now();
    const first = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
    const invoice = (first.nextAction as { invoice: string }).invoice;
    for (let i = 1; i <= 20; i++) {
      await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_onchain' }, { now: t0 + 2 * i });
      const back = await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_lightning' }, { now: t0 + 2 * i + 1 });
      expect((back.nextAction as { invoice: string }).invoice).toBe(invoice);
    }
    const invoices = await db().query<{ n: number }>(
      `select count(distinct backend_ref)::int as n from payment_attempts where payment_intent_id = $1 and rail = 'btc_lightning'`,
      [pi.id],
    );
    expect(invoices).toEqual([{ n: 1 }]);
    // Only the live attempt watches it.
    const watched = await db().query(`select 1 from payment_attempts where payment_intent_id = $1 and rail = 'btc_lightning' and next_poll_at is not null`, [
      pi.id,
    ]);
    expect(watched.length).toBe(1);
    const paid = await testPay(db(), scope, pi.id, {}, { now: t0 + 50 });
    expect(paid).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    await assertMoneyInvariant(db(), pi.id, { paid: 5000, now: t0 + 60 });
  });

  it('an invoice close to its expiry, or for another amount, is not handed out again', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const pi = await newIntent(m.keys.test, { amount: 5000, currency: 'BTC', rail: 'btc_lightning' });
    const t0 = now();
    const first = await confirmPaymentIntent(db(), scope, pi.id, {}, { now: t0 });
    const att = (await db().query<{ expires_at: number }>(`select expires_at from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
    await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_onchain' }, { now: t0 + 1 });
    const late = Number(att.expires_at) - 60;
    const back = await confirmPaymentIntent(db(), scope, pi.id, { rail: 'btc_lightning' }, { now: late });
    expect((back.nextAction as { invoice: string }).invoice).not.toBe((first.nextAction as { invoice: string }).invoice);
    await assertMoneyInvariant(db(), pi.id, { paid: 0, now: late });
  });
});

describe('on-chain receive addresses (live): reuse and the gap limit', () => {
  it(`past ${GAP} unused addresses a new one is derived (never a 503) and the merchant is told the gap; an unpaid one is handed on after its payer's time, a paid one never`, async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: true };
    const make = () => newIntent(m.keys.live, { amount: 10_000, currency: 'BTC', rail: 'btc_onchain' });
    const confirm = (id: string) => call('POST', `/v1/payment_intents/${id}/confirm`, { key: m.keys.live, body: {} });
    const t0 = now();
    const intents = [];
    for (let i = 0; i < GAP + 2; i++) {
      const pi = await make();
      const r = await confirm(pi.id);
      expect(r.status).toBe(200);
      intents.push({ id: pi.id, address: r.body.nextAction.address as string });
    }
    expect(new Set(intents.map((x) => x.address)).size).toBe(GAP + 2);
    // Past the gap: still offered, and the gap the wallet must scan is reported.
    expect((await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'BTC', { now: t0 })).map((r) => r.rail)).toEqual(['btc_onchain']);
    const keyId = (await db().query<{ key_id: string }>(`select key_id from derived_addresses where address = $1`, [intents[0]!.address]))[0]!.key_id;
    const gaps = async () => (await call('GET', '/v1/address_gaps', { key: m.keys.live })).body.data.find((g: { rail: string }) => g.rail === 'btc_onchain');
    const derived = Number((await db().query<{ next_index: number }>(`select next_index from derivation_counters where key_id = $1`, [keyId]))[0]!.next_index);
    expect(await gaps()).toEqual({
      object: 'address_gap',
      rail: 'btc_onchain',
      livemode: true,
      configuredGapLimit: GAP,
      derivedCount: derived,
      highestUsedIndex: null,
      longestUnusedRun: derived,
      requiredGapLimit: Math.max(GAP, derived),
    });

    // Money on the last address: the run before it is what the wallet must cross.
    const last = intents[GAP + 1]!;
    esplora.send(last.address, 10_000, esplora.tip + 1);
    await pollDueAttempts(db(), t0 + 60, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${last.id}`, { key: m.keys.live })).body.status).toBe('succeeded');
    const lastIndex = Number((await db().query<{ i: number }>(`select derivation_index as i from derived_addresses where address = $1`, [last.address]))[0]!.i);
    const g = await gaps();
    expect(g).toMatchObject({ highestUsedIndex: lastIndex, derivedCount: derived });
    expect(g.requiredGapLimit).toBeGreaterThan(lastIndex - 1);

    // An abandoned intent's address is handed to the next intent REUSE_GRACE_SECONDS after the
    // payer's time was up (its attempt's expiry), not after the 7-day watch.
    const canceled = await call('POST', `/v1/payment_intents/${intents[1]!.id}/cancel`, { key: m.keys.live, body: {} });
    expect(canceled.status).toBe(200);
    const [att] = await db().query<{ expires_at: number; watch_until: number }>(
      `select expires_at, watch_until from payment_attempts where payment_intent_id = $1`,
      [intents[1]!.id],
    );
    expect(Number(att!.watch_until)).toBeGreaterThan(Number(att!.expires_at));
    const late = await make();
    const before = await confirmPaymentIntent(db(), scope, late.id, {}, { now: Number(att!.expires_at) + REUSE_GRACE_SECONDS - 1 });
    expect((before.nextAction as { address: string }).address).not.toBe(intents[1]!.address);
    await call('POST', `/v1/payment_intents/${late.id}/cancel`, { key: m.keys.live, body: {} });
    const later = await make();
    const after = Number(att!.expires_at) + REUSE_GRACE_SECONDS;
    expect(after).toBeLessThan(t0 + WATCH_SECONDS);
    const reused = await confirmPaymentIntent(db(), scope, later.id, {}, { now: after });
    expect((reused.nextAction as { address: string }).address).toBe(intents[1]!.address);
    const owner = await db().query(`select payment_intent_id from derived_addresses where address = $1`, [intents[1]!.address]);
    expect(owner).toEqual([{ payment_intent_id: later.id }]);
    // An address that saw money is never handed out again.
    const handedOut = await db().query<{ n: number }>(`select count(*)::int as n from payment_attempts where destination = $1`, [last.address]);
    expect(handedOut).toEqual([{ n: 1 }]);
    await assertMoneyInvariant(db(), last.id, { paid: 10_000, now: t0 + 120 });
    await assertMoneyInvariant(db(), later.id, { paid: 0, now: after });
  });
});
