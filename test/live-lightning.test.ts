// Live Lightning through the API: a live key, the registry's LND adapter (LND_REST_URL /
// LND_MACAROON), and the fake LND (test/fakes/lnd.ts) as the node. The payer's side is the fake's
// network: it pays the invoice the API showed, as a wallet decodes it. Worker passes are scoped to
// the test's merchant and run on an injected clock; the fake node's clock is moved the same way.
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetRailHealth } from '@/lib/domain/rail-health';
import { pollDueAttempts } from '@/lib/payments/poll';
import { encodeInvoice } from '@/lib/rails/lightning/bolt11';
import { REFRESH_LEASE, refreshRates } from '@/lib/rates/store';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type BitstampFake, startBitstampFake } from './fakes/bitstamp';
import { type KrakenFake, startKrakenFake } from './fakes/kraken';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { assertMoneyInvariant, intentEvents } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();
const MAC = '0201036c6e64';
let lnd: FakeLnd;
let kraken: KrakenFake;
let bitstamp: BitstampFake;

beforeAll(async () => {
  lnd = await startFakeLnd(MAC);
  kraken = await startKrakenFake({ btc: '91000.1', usdt: '0.9147' });
  bitstamp = await startBitstampFake({ btc: '91200', usdt: '0.91482', timestamp: now() });
});
useLiveConfig(() => ({ LND_REST_URL: lnd.url, LND_MACAROON: MAC, RAIL_HTTP_TIMEOUT_MS: '2000', RATE_KRAKEN_URL: kraken.url, RATE_BITSTAMP_URL: bitstamp.url }));
afterAll(async () => {
  await lnd.close();
  await kraken.close();
  await bitstamp.close();
});

/** A live BTC intent on Lightning, confirmed through the API; the invoice as a wallet reads it. */
async function confirmed(amount: number) {
  lnd.clock = () => Math.floor(Date.now() / 1000);
  const m = await newMerchant(db());
  const pi = await newIntent(m.keys.live, { amount, currency: 'BTC', rail: 'btc_lightning' });
  const t0 = now();
  const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
  expect(res.status).toBe(200);
  const invoice = res.body.nextAction.invoice as string;
  expect(res.body.nextAction).toEqual({ type: 'lightning_invoice', invoice, uri: `lightning:${invoice}`, expiresAt: expect.any(Number), quote: null });
  const d = decode(invoice);
  const s = Object.fromEntries(d.sections.map((x: any) => [x.name, x.value]));
  const hash = s.payment_hash as string;
  // The node made exactly this invoice, for this amount (msat in the payment request).
  expect(lnd.invoices.get(hash)).toMatchObject({ value: amount, state: 'OPEN', request: invoice });
  expect(s.amount).toBe(String(amount * 1000));
  const att = (await db().query<{ backend_ref: string }>(`select backend_ref from payment_attempts where payment_intent_id = $1`, [pi.id]))[0]!;
  expect(att.backend_ref).toBe(hash);
  return {
    m,
    pi,
    t0,
    hash,
    invoiceExpiry: d.expiry as number,
    poll: (t: number) => pollDueAttempts(db(), t, { merchantId: m.merchant.id }),
    get: async () => (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body,
    /** What the node says the payer paid, in sats. */
    paid: () => Math.floor(lnd.invoices.get(hash)!.paidMsat / 1000),
  };
}

describe("live Lightning quotes: a franc price paid in sats at the exchanges' rate (fake Kraken, Bitstamp and LND)", () => {
  it('the invoice is the quote (the median BTC rate, rounded up to the sat); paid, it is the full 5,000 F CFA', async () => {
    lnd.clock = () => Math.floor(Date.now() / 1000);
    const m = await newMerchant(db());
    const t0 = now();
    // The worker's refresh from the fake exchanges (no other file rewrites the rates meanwhile:
    // test/rates-store.test.ts, which empties them, has a database of its own).
    await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
    expect(await refreshRates(db(), now())).toBe(2);
    const made = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 5000, currency: 'XOF', rail: 'btc_lightning' } });
    expect(made.status).toBe(200);
    const pi = made.body as { id: string };
    const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
    expect(res.status).toBe(200);
    // 1 BTC = 91100.05 EUR x 655.957 = 59,757,715.5... XOF: 5,000 F CFA is 8,367.1... sats, rounded up.
    const quote = res.body.nextAction.quote;
    expect(quote).toMatchObject({ currency: 'BTC', amount: 8368 });
    const invoice = res.body.nextAction.invoice as string;
    const s = Object.fromEntries(decode(invoice).sections.map((x: any) => [x.name, x.value]));
    expect(s.amount).toBe(String(quote.amount * 1000));
    expect(lnd.invoices.get(s.payment_hash as string)).toMatchObject({ value: quote.amount, state: 'OPEN' });
    lnd.settle(s.payment_hash as string);
    await pollDueAttempts(db(), t0 + 10, { merchantId: m.merchant.id });
    expect((await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    const paidSats = Math.floor(lnd.invoices.get(s.payment_hash as string)!.paidMsat / 1000);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 5000, paidSettlement: paidSats, now: t0 + 20 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });
});

describe('live Lightning through the API (fake LND)', () => {
  it('the invoice shown is paid: the intent succeeds with what LND says was paid', async () => {
    const c = await confirmed(25_000);
    lnd.settle(c.hash);
    await c.poll(c.t0 + 10);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 25_000, nextAction: null });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: c.t0 + 20 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('an overpaid invoice (amt_paid above the value): the intent records all that was paid', async () => {
    const c = await confirmed(25_000);
    lnd.settle(c.hash, 30_000);
    await c.poll(c.t0 + 10);
    expect(await c.get()).toMatchObject({ status: 'succeeded', amountReceived: 30_000 });
    expect(c.paid()).toBe(30_000);
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: c.t0 + 20 });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.overpaid', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('an invoice that expires at LND unpaid: the attempt expires, nothing is counted, the invoice cannot be paid', async () => {
    const c = await confirmed(25_000);
    await c.poll(c.t0 + 10);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
    const end = lnd.invoices.get(c.hash)!.created + c.invoiceExpiry;
    lnd.clock = () => end; // LND's expiry watcher cancels it
    await c.poll(end + 5);
    expect(lnd.invoices.get(c.hash)!.state).toBe('CANCELED');
    expect(() => lnd.settle(c.hash)).toThrow(/canceled/);
    expect(await db().query(`select status from payment_attempts where payment_intent_id = $1`, [c.pi.id])).toEqual([{ status: 'expired' }]);
    expect(await c.get()).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, nextAction: null });
    const events = await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: end + 20 });
    expect(events).toEqual(['payment_intent.created']);
  });

  it("a canceled intent's invoice is canceled at LND at once (not at the next watch poll): the payer can no longer pay it", async () => {
    const c = await confirmed(5000);
    const canceled = await call('POST', `/v1/payment_intents/${c.pi.id}/cancel`, { key: c.m.keys.live, body: {} });
    expect(canceled.status).toBe(200);
    // No worker pass in between: the cancel itself canceled the invoice at the node.
    expect(lnd.invoices.get(c.hash)!.state).toBe('CANCELED');
    expect(() => lnd.settle(c.hash)).toThrow(/canceled/);
    // Still watched until the worker hears LND say so; then nothing was paid, nothing counted.
    await c.poll(c.t0 + 60);
    await assertMoneyInvariant(db(), c.pi.id, { paid: c.paid(), now: c.t0 + 61 });
    expect((await c.get()).amountReceived).toBe(0);
  });

  it('a node that answers an invoice for another amount: 503 rail_unavailable, no invoice shown to the payer', async () => {
    lnd.clock = () => Math.floor(Date.now() / 1000);
    const m = await newMerchant(db());
    const pi = await newIntent(m.keys.live, { amount: 25_000, currency: 'BTC', rail: 'btc_lightning' });
    // A real invoice from the same node, for the same hash, but for 1 sat.
    lnd.alterAddInvoice = (reply, inv) => ({
      ...reply,
      payment_request: encodeInvoice(
        {
          network: lnd.network,
          amountSats: 1,
          timestamp: inv.created,
          paymentHash: inv.hash,
          paymentSecret: inv.paymentAddr,
          description: inv.memo,
          expiry: inv.expiry,
        },
        lnd.nodeKey,
      ),
    });
    try {
      const res = await call('POST', `/v1/payment_intents/${pi.id}/confirm`, { key: m.keys.live, body: {} });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('rail_unavailable');
      const got = (await call('GET', `/v1/payment_intents/${pi.id}`, { key: m.keys.live })).body;
      expect(got).toMatchObject({ status: 'requires_payment_method', amountReceived: 0, nextAction: null });
      expect(await db().query(`select status, destination from payment_attempts where payment_intent_id = $1`, [pi.id])).toEqual([
        { status: 'failed', destination: null },
      ]);
      expect(await intentEvents(db(), pi.id)).toEqual(['payment_intent.created']);
    } finally {
      lnd.alterAddInvoice = null;
      await resetRailHealth(db(), 'btc_lightning', true);
    }
  });
});
