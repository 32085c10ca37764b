// Live refunds on the claim rails, end to end: a live key pays an intent through the API at a fake
// backend (each written from its vendor's documentation: test/fakes/lnd.ts, esplora.ts,
// trongrid.ts), refunds part of it and then the rest through POST /v1/refunds; the payer claims
// each refund on its claim page (submitClaim, as the page does, with the token of
// nextAction.claimUrl: the test helpers take test keys only); the worker's refund pass
// (pollDueRefunds, scoped to the test's merchant, on an injected clock) drives each to its end.
// Lightning: a merchant's own LND account with a refund macaroon (POST /v1/rail_accounts) pays the
// payer's invoice itself; the deployment's node (no refund macaroon) leaves it to the merchant,
// whose preimage is the proof. On chain and on TRON nobody but the merchant holds a key: it sends
// from its wallet and records the transaction id, which Caisse confirms at Esplora or TronGrid; a
// franc price paid in USDT goes back at the payment's quote, to the micro-unit.
// Every test ends with the money invariant extended to refunds, and with what went out at the
// backend (the node's payments, the transactions to the payers' destinations) == the succeeded
// refunds' settlementAmount.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { p2wpkhAddress } from '@/lib/rails/onchain/bip84';
import { tronAddressFromPublicKey } from '@/lib/rails/tron/address';
import { REFRESH_LEASE, refreshRates } from '@/lib/rates/store';
import { claimView, submitClaim } from '@/lib/refunds/claim';
import { pollDueRefunds } from '@/lib/refunds/poll';
import { TRON_XPUB, ZPUB } from './adapter-helpers';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type BitstampFake, startBitstampFake } from './fakes/bitstamp';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type KrakenFake, startKrakenFake } from './fakes/kraken';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeTronGrid, startFakeTronGrid, USDT_CONTRACT } from './fakes/trongrid';
import { assertMoneyInvariant } from './invariant';
import { newIntent, now } from './lifecycle-helpers';

const { db } = useDatabase();

const MAC = '0201036c6e64';
/** The macaroon a merchant's node gives Caisse to pay its refunds (offchain:read and offchain:write). */
const PAY_MAC = '0201036c6e64fee0a11ce0';
const TRONGRID_KEY = 'tg-key';

/**
 * Esplora as this deployment reaches it: the fake, except the transactions this Esplora has not
 * seen yet (a transaction the merchant's wallet broadcast reaches one server before another):
 * GET /tx/:txid of a withheld one is electrs's 404 "Transaction not found" until it is released.
 */
interface EsploraView {
  url: string;
  withheld: Set<string>;
  close(): Promise<void>;
}

async function startEsploraView(target: () => string): Promise<EsploraView> {
  const withheld = new Set<string>();
  const server = http.createServer((req, res) => {
    const txid = /^\/tx\/([0-9a-f]{64})$/.exec(req.url ?? '')?.[1];
    if (req.method === 'GET' && txid && withheld.has(txid)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Transaction not found');
      return;
    }
    fetch(`${target()}${req.url}`, { method: req.method })
      .then(async (r) => res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' }).end(await r.text()))
      .catch((err: unknown) => res.writeHead(502).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    withheld,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let lnd: FakeLnd;
let esplora: FakeEsplora;
let esploraView: EsploraView;
let trongrid: FakeTronGrid;
let kraken: KrakenFake;
let bitstamp: BitstampFake;

beforeAll(async () => {
  lnd = await startFakeLnd(MAC, { payMacaroon: PAY_MAC });
  esplora = await startFakeEsplora();
  esploraView = await startEsploraView(() => esplora.url);
  trongrid = await startFakeTronGrid(TRONGRID_KEY);
  // The exchanges' public tickers (test/fakes, from their docs), for a franc price paid in USDT.
  kraken = await startKrakenFake({ btc: '91000.1', usdt: '0.9147' });
  bitstamp = await startBitstampFake({ btc: '91200', usdt: '0.91482', timestamp: now() });
});
useLiveConfig(() => ({
  // The deployment's node: it makes invoices; without LND_REFUND_MACAROON it pays no refund.
  LND_REST_URL: lnd.url,
  LND_MACAROON: MAC,
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esploraView.url,
  BTC_CONFIRMATIONS: '1',
  TRON_XPUB,
  TRONGRID_URL: trongrid.url,
  TRONGRID_API_KEY: TRONGRID_KEY,
  TRON_USDT_CONTRACT: USDT_CONTRACT,
  RAIL_HTTP_TIMEOUT_MS: '1000',
  RATE_KRAKEN_URL: kraken.url,
  RATE_BITSTAMP_URL: bitstamp.url,
}));
afterAll(async () => {
  await esploraView?.close();
  await lnd?.close();
  await esplora?.close();
  await trongrid?.close();
  await kraken?.close();
  await bitstamp?.close();
});

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

interface RefundRow {
  id: string;
  status: string;
  sent_at: number | null;
  next_check_at: number | null;
  destination: string | null;
  operator_reference: string | null;
}
const refundRow = async (id: string) =>
  (await db().query<RefundRow>(`select id, status, sent_at, next_check_at, destination, operator_reference from refunds where id = $1`, [id]))[0]!;
const refundEvents = async (id: string) =>
  (await db().query<{ type: string }>(`select type from events where data->'object'->>'id' = $1 order by created_at, seq`, [id])).map((r) => r.type);
const attemptOf = async (intentId: string) =>
  (
    await db().query<{ id: string; backend_ref: string; destination: string; rail_account_id: string | null }>(
      `select id, backend_ref, destination, rail_account_id from payment_attempts where payment_intent_id = $1 order by seq`,
      [intentId],
    )
  )[0]!;

/** A merchant's API with its live key, its worker passes, and the clock they run on (from the real clock on, never back). */
function live(m: Merchant) {
  const key = m.keys.live;
  const merchantId = m.merchant.id;
  let clock = now();
  const s = {
    m,
    key,
    post: (path: string, body: object = {}) => call('POST', path, { key, body }),
    get: (path: string) => call('GET', path, { key }),
    refund: (paymentIntentId: string, amount?: number) => call('POST', '/v1/refunds', { key, body: { paymentIntentId, ...(amount ? { amount } : {}) } }),
    refunds: async (paymentIntentId: string) => (await call('GET', `/v1/refunds?paymentIntentId=${paymentIntentId}&limit=100`, { key })).body.data as any[],
    mark: (id: string, operatorReference: string) => call('POST', `/v1/refunds/${id}/mark_succeeded`, { key, body: { operatorReference } }),
    get clock() {
      return clock;
    },
    /** The worker's refund pass at `t` (the clock moves there). */
    pass: async (t: number) => {
      clock = Math.max(clock, t);
      return pollDueRefunds(db(), clock, { merchantId });
    },
    /** The worker's refund pass when refund `id` is next due. */
    passDue: async (id: string) => {
      const due = (await refundRow(id)).next_check_at;
      if (due === null) throw new Error(`refund ${id} is not due for the worker`);
      return s.pass(due);
    },
    poll: (t: number) => {
      clock = Math.max(clock, t);
      return pollDueAttempts(db(), clock, { merchantId });
    },
  };
  return s;
}
type Live = ReturnType<typeof live>;

/** The token of a refund's claim link (`{checkout}/refund/<token>`), as the claim page reads it. */
const claimToken = (claimUrl: string) => {
  const m = /\/refund\/([A-Za-z0-9_-]{20,64})$/.exec(claimUrl);
  if (!m) throw new Error(`not a claim link: ${claimUrl}`);
  return m[1]!;
};

/** A refund through the API, waiting for the payer's claim: the link's token. */
async function claimable(s: Live, piId: string, amount?: number) {
  const r = await s.refund(piId, amount);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body).toMatchObject({
    status: 'requires_action',
    // A page on the checkout origin (BASE_URL's /checkout here).
    nextAction: { type: 'refund_claim', claimUrl: expect.stringMatching(/^http:\/\/localhost:3000\/checkout\/refund\//), expiresAt: expect.any(Number) },
  });
  const token = claimToken(r.body.nextAction.claimUrl);
  expect(await claimView(db(), token, s.clock)).toMatchObject({ refundId: r.body.id, state: 'open', livemode: true, destination: null });
  return { id: r.body.id as string, token, refund: r.body };
}

async function succeededTotals(s: Live, piId: string) {
  const done = (await s.refunds(piId)).filter((r) => r.status === 'succeeded');
  return { count: done.length, amount: done.reduce((t, r) => t + r.amount, 0), settlement: done.reduce((t, r) => t + r.settlementAmount, 0) };
}

const secretKey = () => secp256k1.utils.randomSecretKey();
/** A payer's own Bitcoin address (P2WPKH of a random key), on mainnet or testnet. */
const bitcoinAddress = (network: 'mainnet' | 'testnet') => p2wpkhAddress(secp256k1.getPublicKey(secretKey(), true), network);
/** A payer's own TRON address. */
const tronAddress = () => tronAddressFromPublicKey(secp256k1.getPublicKey(secretKey(), false));

// ---------------------------------------------------------------------------------------------
// Lightning

/** A live BTC intent on Lightning, confirmed through the API, paid at the node, found by the worker. */
async function paidLightning(s: Live, amount: number) {
  lnd.clock = () => Math.floor(Date.now() / 1000);
  const pi = await newIntent(s.key, { amount, currency: 'BTC', rail: 'btc_lightning' });
  const res = await s.post(`/v1/payment_intents/${pi.id}/confirm`);
  expect(res.status).toBe(200);
  const hash = Object.fromEntries(decode(res.body.nextAction.invoice).sections.map((x: any) => [x.name, x.value])).payment_hash as string;
  lnd.settle(hash);
  await s.poll(s.clock + 10);
  expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: amount, amountRefunded: 0 });
  return { pi, hash, att: await attemptOf(pi.id), paid: () => Math.floor(lnd.invoices.get(hash)!.paidMsat / 1000) };
}

/** What the node paid for these invoices (SUCCEEDED payments), in sats, and how often it started each. */
function atNode(hashes: string[]) {
  const mine = hashes.map((h) => lnd.payments.get(h)).filter((p) => p !== undefined);
  return {
    paid: mine.filter((p) => p.status === 'SUCCEEDED').reduce((t, p) => t + p.valueMsat / 1000, 0),
    started: lnd.started.filter((h) => hashes.includes(h)).length,
  };
}

describe('live Lightning refunds', () => {
  it("a merchant's LND account with a refund macaroon: the payer claims with an invoice, the node pays it once (in flight, then paid), the worker confirms it", async () => {
    const s = live(await newMerchant(db(), 'LND pays refunds'));
    const made = await s.post('/v1/rail_accounts', { rail: 'btc_lightning', settings: { restUrl: lnd.url, macaroon: MAC, refundMacaroon: PAY_MAC } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { pi, att, paid } = await paidLightning(s, 50_000);
    expect(att.rail_account_id).toBe(made.body.id);

    const first = await claimable(s, pi.id, 20_000);
    expect(first.refund).toMatchObject({ amount: 20_000, settlementAmount: 20_000, settlementCurrency: 'BTC', railAccountId: made.body.id });
    // The payer's wallet makes an invoice of another network, or for another amount: refused, nothing changes.
    for (const [bad, code] of [
      [lnd.remoteInvoice({ sats: 20_000, network: 'tb', timestamp: s.clock }).invoice, 'wrong_network'],
      [lnd.remoteInvoice({ sats: 19_999, timestamp: s.clock }).invoice, 'amount_mismatch'],
    ] as const)
      expect(await submitClaim(db(), first.token, bad, s.clock)).toMatchObject({ ok: false, code });
    expect((await refundRow(first.id)).destination).toBeNull();
    // Its invoice for exactly the amount: the node starts paying; the payment stays in flight past our timeout.
    const inv1 = lnd.remoteInvoice({ sats: 20_000, timestamp: s.clock });
    lnd.nextPayment = { status: 'IN_FLIGHT' };
    const claimed = await submitClaim(db(), first.token, inv1.invoice, s.clock);
    expect(claimed).toMatchObject({ ok: true, view: { state: 'claimed', destination: inv1.invoice } });
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toMatchObject({ status: 'pending', nextAction: null, operatorReference: null });
    expect(lnd.payments.get(inv1.hash)).toMatchObject({ status: 'IN_FLIGHT', valueMsat: 20_000_000 });
    const send = lnd.requests.filter((r) => r.path === '/v2/router/send');
    expect(send.at(-1)!.headers['grpc-metadata-macaroon']).toBe(PAY_MAC);
    expect(JSON.parse(send.at(-1)!.body)).toMatchObject({ payment_request: inv1.invoice, no_inflight_updates: true, fee_limit_sat: '210' });
    // Still in flight: the worker asks (ListPayments), pending.
    await s.passDue(first.id);
    expect((await refundRow(first.id)).status).toBe('pending');
    // The HTLCs settle at the payer's node: the next pass records it, with the preimage.
    lnd.resolvePayment(inv1.hash, 'SUCCEEDED');
    await s.passDue(first.id);
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: inv1.preimage });
    expect(await claimView(db(), first.token, s.clock)).toMatchObject({ state: 'paid' });
    expect(atNode([inv1.hash])).toEqual({ paid: 20_000, started: 1 });

    // The rest: paid at once when claimed.
    const rest = await claimable(s, pi.id);
    expect(rest.refund).toMatchObject({ amount: 30_000, settlementAmount: 30_000 });
    const inv2 = lnd.remoteInvoice({ sats: 30_000, timestamp: s.clock });
    expect(await submitClaim(db(), rest.token, inv2.invoice, s.clock)).toMatchObject({ ok: true, view: { state: 'paid' } });
    expect((await s.get(`/v1/refunds/${rest.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: inv2.preimage });
    // Claimed again (the page submitted twice): closed, nothing paid.
    expect(await submitClaim(db(), rest.token, inv2.invoice, s.clock)).toMatchObject({ ok: false, code: 'claim_closed' });

    // Later passes pay nothing more.
    const started = lnd.started.length;
    await s.pass(s.clock + 3600);
    await s.pass(s.clock + 86_400);
    expect(lnd.started.length).toBe(started);
    expect(atNode([inv1.hash, inv2.hash])).toEqual({ paid: 50_000, started: 2 });
    const totals = await succeededTotals(s, pi.id);
    expect(totals).toEqual({ count: 2, amount: 50_000, settlement: 50_000 });
    expect(await refundEvents(first.id)).toEqual(['refund.created', 'refund.updated', 'refund.succeeded']);
    const events = await assertMoneyInvariant(db(), pi.id, {
      paid: paid(),
      refunded: atNode([inv1.hash, inv2.hash]).paid,
      refundedSettlement: atNode([inv1.hash, inv2.hash]).paid,
      now: s.clock,
    });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it("the deployment's node without a refund macaroon: send_payment to the claimed invoice; the merchant's preimage proves it (a wrong one: 400, nothing changes)", async () => {
    const s = live(await newMerchant(db(), 'Merchant pays Lightning refunds'));
    const { pi, att, paid } = await paidLightning(s, 40_000);
    expect(att.rail_account_id).toBeNull();
    const started = lnd.started.length;

    const first = await claimable(s, pi.id, 15_000);
    const inv1 = lnd.remoteInvoice({ sats: 15_000, timestamp: s.clock });
    expect(await submitClaim(db(), first.token, inv1.invoice, s.clock)).toMatchObject({ ok: true, view: { state: 'claimed' } });
    const waiting = (await s.get(`/v1/refunds/${first.id}`)).body;
    expect(waiting).toMatchObject({
      status: 'requires_action',
      nextAction: {
        type: 'send_payment',
        destination: inv1.invoice,
        amount: 15_000,
        currency: 'BTC',
        uri: `lightning:${inv1.invoice}`,
        expiresAt: s.clock + 3600,
      },
    });
    const wrong = await s.mark(first.id, randomBytes(32).toString('hex'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'operator_reference_invalid', param: 'operatorReference' });
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toEqual(waiting);
    // The merchant pays the invoice from its own wallet; the wallet shows the preimage.
    const right = await s.mark(first.id, inv1.preimage.toUpperCase());
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ status: 'succeeded', operatorReference: inv1.preimage, nextAction: null });

    const rest = await claimable(s, pi.id);
    expect(rest.refund).toMatchObject({ amount: 25_000 });
    const inv2 = lnd.remoteInvoice({ sats: 25_000, timestamp: s.clock });
    expect((await submitClaim(db(), rest.token, inv2.invoice, s.clock)).ok).toBe(true);
    // The first refund's preimage proves the first payment only.
    const reused = await s.mark(rest.id, inv1.preimage);
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('operator_reference_invalid');
    expect((await s.get(`/v1/refunds/${rest.id}`)).body).toMatchObject({ status: 'requires_action', nextAction: { type: 'send_payment' } });
    expect((await s.mark(rest.id, inv2.preimage)).body).toMatchObject({ status: 'succeeded', operatorReference: inv2.preimage });
    await s.pass(s.clock + 86_400);

    // The node paid nothing: the merchant did, and each preimage is its invoice's.
    expect(lnd.started.length).toBe(started);
    expect(atNode([inv1.hash, inv2.hash])).toEqual({ paid: 0, started: 0 });
    const totals = await succeededTotals(s, pi.id);
    expect(totals).toEqual({ count: 2, amount: 40_000, settlement: 40_000 });
    expect((await s.refunds(pi.id)).map((r) => r.operatorReference).sort()).toEqual([inv1.preimage, inv2.preimage].sort());
    // Claimed (refund.updated), the proof recorded (refund.updated, pending), confirmed at once.
    expect(await refundEvents(first.id)).toEqual(['refund.created', 'refund.updated', 'refund.updated', 'refund.succeeded']);
    await assertMoneyInvariant(db(), pi.id, { paid: paid(), refunded: 40_000, refundedSettlement: 40_000, now: s.clock });
  });
});

// ---------------------------------------------------------------------------------------------
// Bitcoin on chain

/** What the chain's transactions `txids` pay to `address`, confirmed (BTC_CONFIRMATIONS is 1 here). */
function chainPaid(pairs: [txid: string, address: string][]): number {
  let sum = 0;
  for (const [txid, address] of pairs) {
    const tx = (esplora.txs.get(address) ?? []).find((t) => t.txid === txid);
    if (tx?.status.confirmed) sum += tx.vout.filter((o) => o.scriptpubkey_address === address).reduce((t, o) => t + o.value, 0);
  }
  return sum;
}

describe('live Bitcoin on-chain refunds (the deployment holds no key: the merchant sends, Esplora confirms)', () => {
  it('claim with an address of the right network; send_payment; a txid paying another address is refused; pending while unconfirmed; a txid not yet seen: pending, then found', async () => {
    const s = live(await newMerchant(db(), 'On-chain refunds'));
    const pi = await newIntent(s.key, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const confirmed = await s.post(`/v1/payment_intents/${pi.id}/confirm`);
    const address = confirmed.body.nextAction.address as string;
    esplora.send(address, 50_000, esplora.tip + 1);
    await s.poll(s.clock + 60);
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: 50_000 });

    const first = await claimable(s, pi.id, 20_000);
    expect(await submitClaim(db(), first.token, bitcoinAddress('testnet'), s.clock)).toMatchObject({ ok: false, code: 'wrong_network' });
    const dest1 = bitcoinAddress('mainnet');
    expect(await submitClaim(db(), first.token, `bitcoin:${dest1.toUpperCase()}`, s.clock)).toMatchObject({
      ok: true,
      view: { state: 'claimed', destination: dest1 },
    });
    const waiting = (await s.get(`/v1/refunds/${first.id}`)).body;
    expect(waiting).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'send_payment', destination: dest1, amount: 20_000, currency: 'BTC', uri: `bitcoin:${dest1}?amount=0.0002`, expiresAt: null },
    });
    // Nothing is due for the worker: it waits for the merchant.
    await s.pass(s.clock + 600);
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toEqual(waiting);

    // A transaction that pays someone else, even confirmed: 400, nothing changes.
    const elsewhere = esplora.send(bitcoinAddress('mainnet'), 20_000, esplora.tip + 1);
    const refused = await s.mark(first.id, elsewhere);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'operator_reference_invalid', param: 'operatorReference' });
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toEqual(waiting);
    // The merchant's transaction, in the mempool: pending; the worker waits for its confirmation.
    const tx1 = esplora.send(dest1, 20_000);
    const marked = await s.mark(first.id, tx1);
    expect(marked.body).toMatchObject({ status: 'pending', operatorReference: tx1, nextAction: null });
    await s.passDue(first.id);
    expect((await refundRow(first.id)).status).toBe('pending');
    esplora.confirm(tx1, esplora.tip + 1);
    await s.passDue(first.id);
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: tx1 });
    expect(await claimView(db(), first.token, s.clock)).toMatchObject({ state: 'paid' });

    // The rest: the merchant records a transaction this Esplora has not seen yet.
    const rest = await claimable(s, pi.id);
    expect(rest.refund).toMatchObject({ amount: 30_000, settlementAmount: 30_000 });
    const dest2 = bitcoinAddress('mainnet');
    expect((await submitClaim(db(), rest.token, dest2, s.clock)).ok).toBe(true);
    const tx2 = esplora.send(dest2, 30_000, esplora.tip + 1);
    esploraView.withheld.add(tx2);
    expect((await s.mark(rest.id, tx2)).body).toMatchObject({ status: 'pending', operatorReference: tx2 });
    await s.passDue(rest.id);
    await s.passDue(rest.id);
    expect((await refundRow(rest.id)).status).toBe('pending');
    esploraView.withheld.delete(tx2);
    await s.passDue(rest.id);
    expect((await s.get(`/v1/refunds/${rest.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: tx2 });
    const none = await s.refund(pi.id, 1);
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('amount_too_large');
    await s.pass(s.clock + 86_400);

    const wentOut = chainPaid([
      [tx1, dest1],
      [tx2, dest2],
    ]);
    expect(wentOut).toBe(50_000);
    expect(await succeededTotals(s, pi.id)).toEqual({ count: 2, amount: 50_000, settlement: wentOut });
    expect(await refundEvents(rest.id)).toEqual(['refund.created', 'refund.updated', 'refund.updated', 'refund.succeeded']);
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 50_000, refunded: 50_000, refundedSettlement: wentOut, now: s.clock });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it('one transaction proves one refund, however its id is written (a batch paying two payers proves one of them)', async () => {
    const s = live(await newMerchant(db(), 'On-chain batch'));
    const pi = await newIntent(s.key, { amount: 50_000, currency: 'BTC', rail: 'btc_onchain' });
    const address = (await s.post(`/v1/payment_intents/${pi.id}/confirm`)).body.nextAction.address as string;
    esplora.send(address, 50_000, esplora.tip + 1);
    await s.poll(s.clock + 60);
    const a = await claimable(s, pi.id, 20_000);
    const b = await claimable(s, pi.id);
    const [destA, destB] = [bitcoinAddress('mainnet'), bitcoinAddress('mainnet')];
    expect((await submitClaim(db(), a.token, destA, s.clock)).ok).toBe(true);
    expect((await submitClaim(db(), b.token, destB, s.clock)).ok).toBe(true);
    // One transaction of the merchant's wallet pays both payers.
    const batch = esplora.pay([
      { address: destA, value: 20_000 },
      { address: destB, value: 30_000 },
    ]);
    // Recorded for A as a wallet may show it (upper case): the transaction, as Esplora names it.
    expect((await s.mark(a.id, batch.toUpperCase())).body).toMatchObject({ status: 'pending', operatorReference: batch });
    const reused = await s.mark(b.id, batch);
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('operator_reference_invalid');
    expect((await s.get(`/v1/refunds/${b.id}`)).body).toMatchObject({ status: 'requires_action', nextAction: { type: 'send_payment' } });
    // B is proven by a transaction of its own; the batch confirms and proves A.
    const txB = esplora.send(destB, 30_000, esplora.tip + 1);
    expect((await s.mark(b.id, txB)).body).toMatchObject({ status: 'succeeded', operatorReference: txB });
    esplora.confirm(batch, esplora.tip + 1);
    await s.passDue(a.id);
    expect((await s.get(`/v1/refunds/${a.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: batch });
    const wentOut = chainPaid([
      [batch, destA],
      [txB, destB],
    ]);
    expect(await succeededTotals(s, pi.id)).toEqual({ count: 2, amount: 50_000, settlement: wentOut });
    await assertMoneyInvariant(db(), pi.id, { paid: 50_000, refunded: 50_000, refundedSettlement: wentOut, now: s.clock });
  });
});

// ---------------------------------------------------------------------------------------------
// USDT on TRON

/** What TRON's solidified transactions `txids` send to `address` (USDT, each log once), in micro-USDT. */
function tronPaid(pairs: [txid: string, address: string][]): number {
  let sum = 0;
  for (const [txid, address] of pairs)
    sum += trongrid.transfers
      .filter((t) => t.transaction_id === txid && t.to === address && t.confirmed && t.token_info.address === USDT_CONTRACT)
      .reduce((x, t) => x + Number(t.value), 0);
  return sum;
}

describe('live USDT TRC20 refunds (the merchant sends, TronGrid confirms)', () => {
  it('claim with a TRON address; send_payment; a txid paying another address is refused; pending until solidified; a txid not yet known: pending, then found', async () => {
    const s = live(await newMerchant(db(), 'USDT refunds'));
    const pi = await newIntent(s.key, { amount: 10_000_000, currency: 'USDT', rail: 'usdt_trc20' });
    const confirmed = await s.post(`/v1/payment_intents/${pi.id}/confirm`);
    const address = confirmed.body.nextAction.address as string;
    trongrid.send(address, 10_000_000, { confirmed: true });
    await s.poll(s.clock + 60);
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: 10_000_000 });

    const first = await claimable(s, pi.id, 4_000_000);
    expect(first.refund).toMatchObject({ settlementAmount: 4_000_000, settlementCurrency: 'USDT' });
    expect(await submitClaim(db(), first.token, `0x${randomBytes(20).toString('hex')}`, s.clock)).toMatchObject({ ok: false, code: 'wrong_network' });
    expect(await submitClaim(db(), first.token, bitcoinAddress('mainnet'), s.clock)).toMatchObject({ ok: false, code: 'invalid_destination' });
    const dest1 = tronAddress();
    expect(await submitClaim(db(), first.token, dest1, s.clock)).toMatchObject({ ok: true, view: { state: 'claimed', destination: dest1 } });
    const waiting = (await s.get(`/v1/refunds/${first.id}`)).body;
    expect(waiting).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'send_payment', destination: dest1, amount: 4_000_000, currency: 'USDT', uri: dest1, expiresAt: null },
    });

    // A solidified transfer to someone else: 400, nothing changes.
    const elsewhere = trongrid.send(tronAddress(), 4_000_000, { confirmed: true });
    const refused = await s.mark(first.id, elsewhere);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'operator_reference_invalid', param: 'operatorReference' });
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toEqual(waiting);
    // The merchant's transfer, in a block not yet solidified: pending until it is.
    const tx1 = trongrid.send(dest1, 4_000_000);
    expect((await s.mark(first.id, tx1)).body).toMatchObject({ status: 'pending', operatorReference: tx1 });
    await s.passDue(first.id);
    expect((await refundRow(first.id)).status).toBe('pending');
    trongrid.solidify(tx1);
    await s.passDue(first.id);
    expect((await s.get(`/v1/refunds/${first.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: tx1 });

    // The rest: a transaction id TRON does not know yet (just broadcast).
    const rest = await claimable(s, pi.id);
    expect(rest.refund).toMatchObject({ amount: 6_000_000 });
    const dest2 = tronAddress();
    expect((await submitClaim(db(), rest.token, dest2, s.clock)).ok).toBe(true);
    const tx2 = randomBytes(32).toString('hex');
    expect((await s.mark(rest.id, tx2)).body).toMatchObject({ status: 'pending', operatorReference: tx2 });
    await s.passDue(rest.id);
    expect((await refundRow(rest.id)).status).toBe('pending');
    trongrid.send(dest2, 6_000_000, { txid: tx2, confirmed: true });
    await s.passDue(rest.id);
    expect((await s.get(`/v1/refunds/${rest.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: tx2 });
    await s.pass(s.clock + 86_400);

    const wentOut = tronPaid([
      [tx1, dest1],
      [tx2, dest2],
    ]);
    expect(wentOut).toBe(10_000_000);
    expect(await succeededTotals(s, pi.id)).toEqual({ count: 2, amount: 10_000_000, settlement: wentOut });
    const events = await assertMoneyInvariant(db(), pi.id, { paid: 10_000_000, refunded: 10_000_000, refundedSettlement: wentOut, now: s.clock });
    expect(events).toEqual(['payment_intent.created', 'payment_intent.pending', 'payment_intent.succeeded']);
  });

  it("a franc price paid in USDT: each part goes back at the payment's quote (the last part exactly the rest of its USDT); the merchant's transfers prove them", async () => {
    const s = live(await newMerchant(db(), 'USDT refunds in francs'));
    // The worker's refresh from the two fake exchanges (no other file rewrites the rates meanwhile:
    // test/rates-store.test.ts, which empties them, has a database of its own).
    bitstamp.setTimestamp!(now());
    await db().query(`delete from worker_leases where name = $1`, [REFRESH_LEASE]);
    expect(await refreshRates(db(), now())).toBe(2);
    const pi = await newIntent(s.key, { amount: 10_000, currency: 'XOF', rail: 'usdt_trc20' });
    const confirmed = (await s.post(`/v1/payment_intents/${pi.id}/confirm`)).body;
    const quote = confirmed.nextAction.quote as { amount: number; currency: string; rate: string };
    expect(quote.currency).toBe('USDT');
    trongrid.send(confirmed.nextAction.address, quote.amount, { confirmed: true });
    await s.poll(s.clock + 60);
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ status: 'succeeded', amountReceived: 10_000 });

    const first = await claimable(s, pi.id, 3000);
    const part = Math.floor((quote.amount * 3000) / 10_000);
    expect(first.refund).toMatchObject({
      amount: 3000,
      currency: 'XOF',
      settlementAmount: part,
      settlementCurrency: 'USDT',
      rate: quote.rate,
      rateSource: 'quote',
    });
    const dest1 = tronAddress();
    await submitClaim(db(), first.token, dest1, s.clock);
    // A transfer one micro-USDT short does not prove it.
    const short = trongrid.send(dest1, part - 1, { confirmed: true });
    expect((await s.mark(first.id, short)).status).toBe(400);
    const tx1 = trongrid.send(dest1, part, { confirmed: true });
    expect((await s.mark(first.id, tx1)).body).toMatchObject({ status: 'succeeded', operatorReference: tx1 });

    const rest = await claimable(s, pi.id);
    expect(rest.refund).toMatchObject({ amount: 7000, settlementAmount: quote.amount - part, rate: quote.rate });
    const dest2 = tronAddress();
    await submitClaim(db(), rest.token, dest2, s.clock);
    const tx2 = trongrid.send(dest2, quote.amount - part);
    expect((await s.mark(rest.id, tx2)).body).toMatchObject({ status: 'pending' });
    trongrid.solidify(tx2);
    await s.passDue(rest.id);
    expect((await s.get(`/v1/refunds/${rest.id}`)).body).toMatchObject({ status: 'succeeded', operatorReference: tx2 });
    expect((await s.get(`/v1/payment_intents/${pi.id}`)).body).toMatchObject({ amountReceived: 10_000, amountRefunded: 10_000 });

    // What went back is, to the micro-unit, what the payer sent.
    const wentOut = tronPaid([
      [tx1, dest1],
      [tx2, dest2],
    ]);
    expect(wentOut).toBe(quote.amount);
    expect(await succeededTotals(s, pi.id)).toEqual({ count: 2, amount: 10_000, settlement: wentOut });
    await assertMoneyInvariant(db(), pi.id, { paid: 10_000, paidSettlement: quote.amount, refunded: 10_000, refundedSettlement: wentOut, now: s.clock });
  });
});
