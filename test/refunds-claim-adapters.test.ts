// Refunds on the claim rails (lib/rails/types.ts RefundRail, method `claim`): Lightning (LND),
// Bitcoin on chain (Esplora) and USDT on TRON (TronGrid), against fakes written from each vendor's
// documentation (test/fakes/lnd.ts, esplora.ts, trongrid.ts). The payer's destination is checked as
// a wallet checks it; LND pays a claimed invoice once; a merchant's proof (a preimage, a txid) is
// confirmed at the backend. Every payment that went out is compared with what the adapter reported.
import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeInvoice, type LightningNetwork } from '@/lib/rails/lightning/bolt11';
import { LndAdapter } from '@/lib/rails/lightning/lnd';
import { refundFeeLimitSats } from '@/lib/rails/lightning/lnd-refunds';
import { EsploraAdapter } from '@/lib/rails/onchain/esplora';
import { TronGridAdapter } from '@/lib/rails/tron/trongrid';
import { type AttemptView, BackendError, type RefundRequest } from '@/lib/rails/types';
import { input, newAccountKey, TRON_XPUB, view, ZPUB } from './adapter-helpers';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';
import { type FakeTronGrid, startFakeTronGrid, USDT_CONTRACT } from './fakes/trongrid';

const T = 1_800_000_000;
const MIN = 600;

/** A refund request as the engine makes one; `payment` is the attempt whose money goes back. */
function refund(payment: AttemptView, over: Partial<RefundRequest>): RefundRequest {
  return {
    refundId: 're_test1234567890',
    reference: 're_test1234567890',
    payment,
    intentAmount: over.amount ?? payment.amount,
    amount: payment.amount,
    currency: payment.currency,
    whole: true,
    note: 'Refund',
    details: {},
    sentAt: null,
    now: T,
    ...over,
  };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as BackendError,
  );

// ---------------------------------------------------------------------------------------------
// Lightning

/** BOLT11's 5-bit words to bytes, the last byte zero-padded (what the signature covers). */
function wordsToBytes(words: number[]): Uint8Array {
  const bits = words.flatMap((w) => [4, 3, 2, 1, 0].map((i) => (w >> i) & 1));
  while (bits.length % 8) bits.push(0);
  return Uint8Array.from({ length: bits.length / 8 }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((b, bit) => (b << 1) | bit, 0));
}

/** `invoice`'s fields with an `n` (payee node id) field for `claimed`, signed by `signer`, with a valid checksum. */
function withNodeId(invoice: string, claimed: Uint8Array, signer: Uint8Array): string {
  const { prefix, words } = bech32.decode(invoice as `${string}1${string}`, false);
  const nWords = bech32.toWords(secp256k1.getPublicKey(claimed, true)); // 53 words
  const data = [...words.slice(0, -104), 19, nWords.length >> 5, nWords.length & 31, ...nWords];
  const msg = sha256(new Uint8Array([...new TextEncoder().encode(prefix), ...wordsToBytes(data)]));
  const sig = secp256k1.sign(msg, signer, { prehash: false, format: 'recovered' });
  return bech32.encode(prefix, [...data, ...bech32.toWords(new Uint8Array([...sig.subarray(1), sig[0]!]))], false);
}

/** One character changed (the checksum no longer matches). */
const flip = (s: string, at = 20) => s.slice(0, at) + (s[at] === 'q' ? 'p' : 'q') + s.slice(at + 1);

describe('Lightning: the payer’s invoice (parseDestination)', () => {
  const key = secp256k1.utils.randomSecretKey();
  const make = (over: Partial<Parameters<typeof encodeInvoice>[0]> = {}) =>
    encodeInvoice(
      {
        network: 'bc',
        amountSats: 2100,
        timestamp: T,
        paymentHash: randomBytes(32),
        paymentSecret: randomBytes(32),
        description: 'refund',
        expiry: 3600,
        ...over,
      },
      key,
    );
  const mainnet = new LndAdapter({ restUrl: 'http://127.0.0.1:9', macaroonHex: 'ab', timeoutMs: 100 });
  const parse = (a: LndAdapter, invoice: string, amount = 2100, now = T) => a.refunds.parseDestination(invoice, amount, now, MIN);

  it('takes an invoice for exactly the amount on this node’s network, with or without lightning:, in either case', () => {
    const hash = randomBytes(32);
    const invoice = make({ paymentHash: hash });
    const ok = { ok: true, destination: invoice, expiresAt: T + 3600, details: { paymentHash: hash.toString('hex'), network: 'bc' } };
    expect(parse(mainnet, invoice)).toMatchObject(ok);
    expect(parse(mainnet, `  LIGHTNING:${invoice.toUpperCase()}\n`)).toMatchObject(ok);
    expect(parse(mainnet, `lightning:${invoice}`)).toMatchObject({ details: { payee: Buffer.from(secp256k1.getPublicKey(key, true)).toString('hex') } });
    expect(mainnet.refunds.paymentUri!(invoice, 2100)).toBe(`lightning:${invoice}`);
  });

  it('refuses another network: testnet on mainnet, mainnet on a test-mode account; a set network takes only itself', () => {
    expect(parse(mainnet, make({ network: 'tb' }))).toMatchObject({ ok: false, code: 'wrong_network', message: /testnet.*mainnet/ });
    expect(parse(mainnet, make({ network: 'bcrt' }))).toMatchObject({ ok: false, code: 'wrong_network' });
    const test = new LndAdapter({ ...mainnet.config, testNetworkOnly: true });
    expect(parse(test, make())).toMatchObject({ ok: false, code: 'wrong_network', message: /mainnet/ });
    for (const network of ['tb', 'tbs', 'bcrt'] as LightningNetwork[]) expect(parse(test, make({ network }))).toMatchObject({ ok: true });
    const regtest = new LndAdapter({ ...mainnet.config, network: 'bcrt' });
    expect(parse(regtest, make({ network: 'bcrt' }))).toMatchObject({ ok: true });
    expect(parse(regtest, make({ network: 'tb' }))).toMatchObject({ ok: false, code: 'wrong_network' });
  });

  it('refuses another amount, and an invoice for any amount', () => {
    expect(parse(mainnet, make({ amountSats: 2101 }))).toMatchObject({ ok: false, code: 'amount_mismatch', message: /2101 sats.*exactly 2100/ });
    expect(parse(mainnet, make({ amountSats: 2100 }), 2000)).toMatchObject({ ok: false, code: 'amount_mismatch' });
    expect(parse(mainnet, make({ amountSats: null }))).toMatchObject({ ok: false, code: 'amount_mismatch', message: /no amount/ });
  });

  it('refuses an expired invoice, and one expiring within the time asked', () => {
    expect(parse(mainnet, make({ timestamp: T - 3600 }))).toMatchObject({ ok: false, code: 'invoice_expired', message: /expired/ });
    expect(parse(mainnet, make({ expiry: MIN - 1 }))).toMatchObject({ ok: false, code: 'invoice_expired', message: /at least 10 minutes/ });
    expect(parse(mainnet, make({ expiry: MIN }))).toMatchObject({ ok: true, expiresAt: T + MIN });
  });

  it('refuses a changed character (checksum), a signature that is not the payee’s, one that recovers no key, and garbage', () => {
    const invoice = make();
    expect(parse(mainnet, flip(invoice))).toMatchObject({ ok: false, code: 'invalid_destination', message: /checksum/ });
    // With the payee's node id (`n`): its signature must verify against it. Signed by another key: refused.
    const other = secp256k1.utils.randomSecretKey();
    expect(parse(mainnet, withNodeId(invoice, key, key))).toMatchObject({ ok: true });
    expect(parse(mainnet, withNodeId(invoice, key, other))).toMatchObject({ ok: false, code: 'invalid_destination', message: /signature/ });
    // A signature of zeros (r = 0), checksum made valid: no key can be recovered from it.
    const { prefix, words } = bech32.decode(invoice as `${string}1${string}`, false);
    const zeroSig = bech32.encode(prefix, [...words.slice(0, -104), ...new Array(104).fill(0)], false);
    expect(parse(mainnet, zeroSig)).toMatchObject({ ok: false, code: 'invalid_destination', message: /signature/ });
    expect(parse(mainnet, '')).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse(mainnet, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse(mainnet, 'lnbc2100n1garbage')).toMatchObject({ ok: false, code: 'invalid_destination' });
  });
});

describe('Lightning: LND pays a claimed invoice (refund macaroon), or the merchant proves it with the preimage', () => {
  const MAC = 'abcdef0123';
  let fake: FakeLnd;
  let lnd: LndAdapter;
  let payment: AttemptView;
  beforeAll(async () => {
    fake = await startFakeLnd(MAC);
    fake.clock = () => T;
    lnd = new LndAdapter({ restUrl: fake.url, macaroonHex: MAC, refundMacaroonHex: fake.payMacaroon, timeoutMs: 1500 });
    // The payment being refunded: an invoice this node made, which the payer paid.
    const p = await lnd.createPrompt(input({ rail: 'btc_lightning', currency: 'BTC', amount: 2100, expiresAt: T + 600, now: T }));
    payment = view(p, { rail: 'btc_lightning', currency: 'BTC', amount: 2100 });
    fake.settle(p.backendRef);
  });
  afterAll(() => fake.close());

  const claim = (sats = 2100) => fake.remoteInvoice({ sats });
  const req = (destination: string, over: Partial<RefundRequest> = {}) => refund(payment, { destination, ...over });
  /** What left the node for `hash`, as the adapter must have reported it. */
  const wentOut = (hash: string) => {
    const p = fake.payments.get(hash)!;
    return { status: p.status, amountMsat: String(p.valueMsat), feeMsat: String(p.feeMsat) };
  };

  it('canPay with a refund macaroon only; the refund macaroon is checked with the credentials', async () => {
    expect(lnd.refunds.canPay).toBe(true);
    expect(new LndAdapter({ ...lnd.config, refundMacaroonHex: undefined }).refunds.canPay).toBe(false);
    await lnd.verifyCredentials();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments?max_payments=1', headers: { 'grpc-metadata-macaroon': fake.payMacaroon } });
    await expect(new LndAdapter({ ...lnd.config, refundMacaroonHex: 'beef' }).verifyCredentials()).rejects.toThrow(/refund macaroon check/);
  });

  it('pays once: SendPaymentV2 with a fee limit; a second pay of the same invoice sends nothing and reports the same payment', async () => {
    const { invoice, hash, preimage } = claim();
    const before = fake.requests.length;
    const first = await lnd.refunds.pay!(req(invoice));
    expect(first).toEqual({
      state: 'succeeded',
      operatorReference: preimage,
      details: { paymentHash: hash, preimage, lndStatus: 'SUCCEEDED', amountMsat: '2100000', feeMsat: '1000' },
    });
    const sent = fake.requests.slice(before).find((r) => r.path === '/v2/router/send')!;
    expect(sent.headers['grpc-metadata-macaroon']).toBe(fake.payMacaroon);
    expect(JSON.parse(sent.body)).toEqual({
      payment_request: invoice,
      fee_limit_sat: String(refundFeeLimitSats(2100)),
      timeout_seconds: 1,
      no_inflight_updates: true,
    });
    expect(refundFeeLimitSats(2100)).toBe(31);
    // What left the node is what the adapter reported.
    expect(wentOut(hash)).toEqual({ status: 'SUCCEEDED', amountMsat: first.state === 'succeeded' ? first.details!.amountMsat : '', feeMsat: '1000' });
    const second = await lnd.refunds.pay!(req(invoice));
    expect(second).toEqual(first);
    expect(fake.started.filter((h) => h === hash)).toHaveLength(1);
    expect(await lnd.refunds.confirm!(req(invoice))).toEqual(first);
  });

  it('a FAILED payment: failed with LND’s reason (nothing left the node); paying again is allowed and may succeed', async () => {
    const { invoice, hash, preimage } = claim();
    fake.nextPayment = { status: 'FAILED', reason: 'FAILURE_REASON_NO_ROUTE' };
    const failed = await lnd.refunds.pay!(req(invoice));
    expect(failed).toMatchObject({ state: 'failed', code: 'payment_failed', message: /no route/, details: { failureReason: 'FAILURE_REASON_NO_ROUTE' } });
    expect(wentOut(hash)).toMatchObject({ status: 'FAILED', feeMsat: '0' });
    expect(await lnd.refunds.confirm!(req(invoice))).toMatchObject({ state: 'failed', details: { failureReason: 'FAILURE_REASON_NO_ROUTE' } });
    expect(await lnd.refunds.pay!(req(invoice))).toMatchObject({ state: 'succeeded', operatorReference: preimage });
    expect(fake.started.filter((h) => h === hash)).toHaveLength(2);
    // Fees over the limit: LND finds no route within it.
    const dear = claim(100);
    fake.routeFeeMsat = (refundFeeLimitSats(100) + 1) * 1000;
    expect(await lnd.refunds.pay!(req(dear.invoice, { amount: 100 }))).toMatchObject({
      state: 'failed',
      details: { failureReason: 'FAILURE_REASON_NO_ROUTE' },
    });
    fake.routeFeeMsat = 1000;
  });

  it('IN_FLIGHT: the answer does not come (maybe sent); confirm says pending, a second pay sends nothing; then SUCCEEDED', async () => {
    const { invoice, hash, preimage } = claim();
    fake.nextPayment = { status: 'IN_FLIGHT' };
    const lost = await rejection(lnd.refunds.pay!(req(invoice)));
    expect(lost).toBeInstanceOf(BackendError);
    expect(lost.maybeSent).toBe(true);
    expect(await lnd.refunds.confirm!(req(invoice))).toMatchObject({ state: 'pending', details: { paymentHash: hash, lndStatus: 'IN_FLIGHT' } });
    // LND refuses a second payment while one is in flight ("payment is in transition"): looked up, not sent.
    expect(await lnd.refunds.pay!(req(invoice))).toMatchObject({ state: 'pending' });
    expect(fake.started.filter((h) => h === hash)).toHaveLength(1);
    fake.resolvePayment(hash, 'SUCCEEDED');
    const done = await lnd.refunds.confirm!(req(invoice));
    expect(done).toMatchObject({ state: 'succeeded', operatorReference: preimage, details: { amountMsat: '2100000', feeMsat: '1000' } });
    expect(wentOut(hash)).toEqual({ status: 'SUCCEEDED', amountMsat: '2100000', feeMsat: '1000' });
    // Failed in flight: failed with the reason.
    const other = claim();
    fake.nextPayment = { status: 'IN_FLIGHT' };
    await rejection(lnd.refunds.pay!(req(other.invoice)));
    fake.resolvePayment(other.hash, 'FAILED', 'FAILURE_REASON_TIMEOUT');
    expect(await lnd.refunds.confirm!(req(other.invoice))).toMatchObject({ state: 'failed', details: { failureReason: 'FAILURE_REASON_TIMEOUT' } });
  });

  it('paid, then the invoice expired: paying again is LND’s "invoice expired" (checked first), and the payment is still found', async () => {
    const { invoice, hash, preimage } = fake.remoteInvoice({ sats: 2100, expiry: 700 });
    expect(await lnd.refunds.pay!(req(invoice))).toMatchObject({ state: 'succeeded' });
    fake.clock = () => T + 701;
    try {
      expect(await lnd.refunds.pay!(req(invoice))).toMatchObject({ state: 'succeeded', operatorReference: preimage });
      expect(fake.started.filter((h) => h === hash)).toHaveLength(1);
    } finally {
      fake.clock = () => T;
    }
  });

  it('an answer that is not LND’s (a proxy’s 500 page): maybe sent', async () => {
    fake.mode = 'error';
    try {
      const err = await rejection(lnd.refunds.pay!(req(claim().invoice)));
      expect(err).toBeInstanceOf(BackendError);
      expect(err.maybeSent).toBe(true);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('confirm finds an older payment behind many newer ones (ListPayments paged backwards); unknown -> not_found', async () => {
    const { invoice, preimage } = claim();
    await lnd.refunds.pay!(req(invoice));
    for (let i = 0; i < 105; i++) await lnd.refunds.pay!(req(claim().invoice));
    expect(await lnd.refunds.confirm!(req(invoice))).toMatchObject({ state: 'succeeded', operatorReference: preimage });
    const pages = fake.requests.filter((r) => r.path.startsWith('/v1/payments?')).slice(-2);
    expect(pages.map((r) => new URL(r.path, 'http://x').searchParams.get('index_offset'))).toEqual([null, expect.stringMatching(/^\d+$/)]);
    expect(await lnd.refunds.confirm!(req(claim().invoice))).toEqual({ state: 'not_found' });
  });

  it('LND’s refusals: expired, the node’s own invoice, another network; a macaroon that cannot pay', async () => {
    const late = fake.remoteInvoice({ sats: 2100, timestamp: T - 3601 });
    expect(await lnd.refunds.pay!(req(late.invoice))).toMatchObject({ state: 'failed', code: 'invoice_expired' });
    expect(await lnd.refunds.pay!(req(payment.destination))).toMatchObject({ state: 'failed', code: 'invalid_destination' });
    const own = await lnd.createPrompt(input({ rail: 'btc_lightning', currency: 'BTC', amount: 2100, expiresAt: T + 600, now: T }));
    expect(await lnd.refunds.pay!(req(own.destination))).toMatchObject({ state: 'failed', code: 'invalid_destination', message: /own/ });
    const testnet = fake.remoteInvoice({ sats: 2100, network: 'tb' });
    expect(await lnd.refunds.pay!(req(testnet.invoice))).toMatchObject({ state: 'failed', code: 'wrong_network' });
    expect(await lnd.refunds.pay!(req(claim(2000).invoice))).toMatchObject({ state: 'failed', code: 'amount_mismatch' });
    const invoiceOnly = new LndAdapter({ ...lnd.config, refundMacaroonHex: MAC });
    const refused = await rejection(invoiceOnly.refunds.pay!(req(claim().invoice)));
    expect(refused).toBeInstanceOf(BackendError);
    expect(refused).toMatchObject({ maybeSent: false, kind: 'request', message: /refund macaroon/ });
    const none = new LndAdapter({ ...lnd.config, refundMacaroonHex: undefined });
    await expect(none.refunds.pay!(req(claim().invoice))).rejects.toThrow(/no refund macaroon/);
  });

  it('the merchant pays: its preimage proves it (right: succeeded; wrong: failed invalid_proof); nothing asked of LND', async () => {
    const merchantPays = new LndAdapter({ ...lnd.config, refundMacaroonHex: undefined });
    const { invoice, hash, preimage } = claim();
    const before = fake.requests.length;
    expect(await merchantPays.refunds.confirm!(req(invoice, { operatorReference: preimage.toUpperCase() }))).toEqual({
      state: 'succeeded',
      operatorReference: preimage,
      details: { paymentHash: hash, preimage },
    });
    expect(await merchantPays.refunds.confirm!(req(invoice, { operatorReference: randomBytes(32).toString('hex') }))).toMatchObject({
      state: 'failed',
      code: 'invalid_proof',
      message: /does not hash/,
    });
    expect(await merchantPays.refunds.confirm!(req(invoice, { operatorReference: 'paid!' }))).toMatchObject({ state: 'failed', code: 'invalid_proof' });
    expect(await merchantPays.refunds.confirm!(req(invoice))).toEqual({ state: 'not_found' });
    expect(fake.requests.length).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Bitcoin on chain

const b58c = createBase58check(sha256);
const legacy = (version: number) => b58c.encode(new Uint8Array([version, ...randomBytes(20)]));
const segwit = (hrp: string, version: number, bytes: number, enc = version === 0 ? bech32 : bech32m) =>
  enc.encode(hrp, [version, ...enc.toWords(randomBytes(bytes))]);

describe('Bitcoin on chain: the payer’s address (parseDestination)', () => {
  const mainnet = new EsploraAdapter({ url: 'http://127.0.0.1:9', xpub: ZPUB, confirmations: 2, timeoutMs: 100 });
  const testnet = new EsploraAdapter({ ...mainnet.config, xpub: newAccountKey('testnet').key, network: 'testnet' });
  const parse = (a: EsploraAdapter, s: string) => a.refunds.parseDestination!(s, 50_000, T, MIN);

  it('takes P2WPKH, P2WSH, P2TR (bech32m), legacy P2PKH and P2SH, upper case, a bitcoin: prefix', () => {
    const p2wpkh = mainnet.deriveAddress(3);
    expect(parse(mainnet, p2wpkh)).toEqual({ ok: true, destination: p2wpkh, expiresAt: null, details: { addressType: 'p2wpkh' } });
    expect(parse(mainnet, ` bitcoin:${p2wpkh.toUpperCase()} `)).toMatchObject({ ok: true, destination: p2wpkh });
    const p2wsh = segwit('bc', 0, 32);
    expect(parse(mainnet, p2wsh)).toMatchObject({ ok: true, destination: p2wsh, details: { addressType: 'p2wsh' } });
    const p2tr = segwit('bc', 1, 32);
    expect(parse(mainnet, p2tr)).toMatchObject({ ok: true, destination: p2tr, details: { addressType: 'p2tr' } });
    expect(parse(mainnet, 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toMatchObject({ ok: true }); // BIP350's example
    const p2pkh = legacy(0x00);
    expect(parse(mainnet, p2pkh)).toMatchObject({ ok: true, destination: p2pkh, details: { addressType: 'p2pkh' } });
    expect(parse(mainnet, legacy(0x05))).toMatchObject({ ok: true, details: { addressType: 'p2sh' } });
    expect(parse(testnet, segwit('tb', 0, 20))).toMatchObject({ ok: true });
    expect(parse(testnet, legacy(0x6f))).toMatchObject({ ok: true });
    expect(mainnet.refunds.paymentUri!(p2wpkh, 50_000)).toBe(`bitcoin:${p2wpkh}?amount=0.0005`);
  });

  it('refuses another network: testnet, regtest, a mainnet address on a testnet account', () => {
    expect(parse(mainnet, segwit('tb', 0, 20))).toMatchObject({ ok: false, code: 'wrong_network', message: /testnet/ });
    expect(parse(mainnet, segwit('bcrt', 0, 20))).toMatchObject({ ok: false, code: 'wrong_network', message: /regtest/ });
    expect(parse(mainnet, legacy(0x6f))).toMatchObject({ ok: false, code: 'wrong_network' });
    expect(parse(testnet, mainnet.deriveAddress(0))).toMatchObject({ ok: false, code: 'wrong_network', message: /mainnet/ });
    expect(parse(testnet, legacy(0x00))).toMatchObject({ ok: false, code: 'wrong_network' });
  });

  it('refuses a bad checksum, the wrong checksum kind, other witness versions and programs, mixed case, parameters, an invoice', () => {
    const good = mainnet.deriveAddress(4);
    expect(parse(mainnet, flip(good, 10))).toMatchObject({ ok: false, code: 'invalid_destination', message: /checksum/ });
    expect(parse(mainnet, flip(legacy(0x00), 10))).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse(mainnet, segwit('bc', 0, 20, bech32m))).toMatchObject({ ok: false, code: 'invalid_destination' }); // v0 needs bech32
    expect(parse(mainnet, segwit('bc', 1, 32, bech32))).toMatchObject({ ok: false, code: 'invalid_destination' }); // v1 needs bech32m
    expect(parse(mainnet, segwit('bc', 2, 32))).toMatchObject({ ok: false, code: 'invalid_destination', message: /version 2/ });
    expect(parse(mainnet, segwit('bc', 0, 25))).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse(mainnet, segwit('bc', 1, 20))).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse(mainnet, good.slice(0, 10) + good.slice(10).toUpperCase())).toMatchObject({ ok: false, code: 'invalid_destination', message: /mixed/ });
    expect(parse(mainnet, `bitcoin:${good}?amount=0.1`)).toMatchObject({ ok: false, code: 'invalid_destination', message: /alone/ });
    expect(parse(mainnet, 'lnbc2100n1pvjluez')).toMatchObject({ ok: false, code: 'invalid_destination', message: /Lightning/ });
    expect(parse(mainnet, '')).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse(mainnet, 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW')).toMatchObject({ ok: false, code: 'invalid_destination' });
  });
});

describe('Bitcoin on chain: the merchant’s transaction id is confirmed at Esplora (GET /tx/:txid)', () => {
  let fake: FakeEsplora;
  let a: EsploraAdapter;
  let payment: AttemptView;
  beforeAll(async () => {
    fake = await startFakeEsplora();
    a = new EsploraAdapter({ url: fake.url, xpub: ZPUB, confirmations: 2, timeoutMs: 1500 });
    const p = await a.createPrompt(input({ rail: 'btc_onchain', currency: 'BTC', amount: 50_000, address: a.deriveAddress(0) }));
    payment = view(p, { rail: 'btc_onchain', currency: 'BTC', amount: 50_000 });
  });
  afterAll(() => fake.close());
  const req = (destination: string, txid?: string) => refund(payment, { destination, operatorReference: txid });
  /** What the transaction pays `address`, as the chain holds it. */
  const paidTo = (txid: string, address: string) =>
    fake.txs
      .get(address)!
      .find((t) => t.txid === txid)!
      .vout.filter((o) => o.scriptpubkey_address === address)
      .reduce((s, o) => s + o.value, 0);

  it('canPay false, no pay: the deployment holds no Bitcoin key', () => {
    expect(a.refunds).toMatchObject({ method: 'claim', canPay: false });
    expect(a.refunds.pay).toBeUndefined();
  });

  it('pays the address: pending while unconfirmed and short of the confirmations, then succeeded', async () => {
    const payer = segwit('bc', 1, 32); // a taproot address
    const txid = fake.send(payer, 50_000);
    expect(await a.refunds.confirm!(req(payer, txid))).toEqual({ state: 'pending', details: { txid, paidSats: 50_000, confirmations: 0 } });
    fake.confirm(txid, fake.tip + 1);
    expect(await a.refunds.confirm!(req(payer, txid))).toMatchObject({ state: 'pending', details: { confirmations: 1 } });
    fake.tip += 1;
    const done = await a.refunds.confirm!(req(payer, txid.toUpperCase()));
    expect(done).toEqual({ state: 'succeeded', operatorReference: txid, details: { txid, paidSats: 50_000, confirmations: 2 } });
    expect(paidTo(txid, payer)).toBe(50_000);
    expect(fake.requests.some((r) => r.path === `/tx/${txid}`)).toBe(true);
  });

  it('more than the refund is fine; less, or another address: failed proof_mismatch, even unconfirmed', async () => {
    const payer = mainnetAddress();
    const more = fake.pay(
      [
        { address: payer, value: 30_000 },
        { address: payer, value: 30_000 },
      ],
      fake.tip,
    );
    fake.tip += 1;
    expect(await a.refunds.confirm!(req(payer, more))).toMatchObject({ state: 'succeeded', details: { paidSats: 60_000 } });
    const less = fake.send(payer, 49_999);
    expect(await a.refunds.confirm!(req(payer, less))).toMatchObject({ state: 'failed', code: 'proof_mismatch', details: { paidSats: 49_999 } });
    const elsewhere = fake.send(mainnetAddress(), 50_000);
    expect(await a.refunds.confirm!(req(payer, elsewhere))).toMatchObject({ state: 'failed', code: 'proof_mismatch', message: /pays 0 sats/ });
  });

  it('an unknown txid (not propagated, or replaced): not_found; no proof: not_found; not a txid: invalid_proof; Esplora down: BackendError', async () => {
    const payer = mainnetAddress();
    expect(await a.refunds.confirm!(req(payer, randomBytes(32).toString('hex')))).toEqual({ state: 'not_found' });
    expect(await a.refunds.confirm!(req(payer))).toEqual({ state: 'not_found' });
    expect(await a.refunds.confirm!(req(payer, 'sent it yesterday'))).toMatchObject({ state: 'failed', code: 'invalid_proof' });
    const replaced = fake.send(payer, 50_000);
    fake.replace(replaced, 50_000, mainnetAddress());
    expect(await a.refunds.confirm!(req(payer, replaced))).toEqual({ state: 'not_found' });
    fake.failNext(503);
    await expect(a.refunds.confirm!(req(payer, randomBytes(32).toString('hex')))).rejects.toBeInstanceOf(BackendError);
  });

  const mainnetAddress = () => segwit('bc', 0, 20);
});

// ---------------------------------------------------------------------------------------------
// USDT on TRON

describe('USDT on TRON: the payer’s address (parseDestination)', () => {
  const a = new TronGridAdapter({ url: 'http://127.0.0.1:9', apiKey: 'k', xpub: TRON_XPUB, contract: USDT_CONTRACT, timeoutMs: 100 });
  const parse = (s: string) => a.refunds.parseDestination!(s, 12_500_000, T, MIN);

  it('takes a base58check TRON address; the payment URI is the address alone', () => {
    const to = a.deriveAddress(7);
    expect(parse(` ${to} `)).toEqual({ ok: true, destination: to, expiresAt: null });
    expect(a.refunds.paymentUri!(to, 12_500_000)).toBe(to);
  });

  it('refuses a bad checksum, another chain’s address, the USDT contract itself, garbage', () => {
    const to = a.deriveAddress(7);
    expect(parse(flip(to, 12))).toMatchObject({ ok: false, code: 'invalid_destination', message: /checksum/ });
    expect(parse(`0x${randomBytes(20).toString('hex')}`)).toMatchObject({ ok: false, code: 'wrong_network', message: /TRON/ });
    expect(parse(USDT_CONTRACT)).toMatchObject({ ok: false, code: 'invalid_destination', message: /contract/ });
    expect(parse('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toMatchObject({ ok: false, code: 'invalid_destination' });
    expect(parse('')).toMatchObject({ ok: false, code: 'invalid_destination' });
  });
});

describe('USDT on TRON: the merchant’s transaction id is confirmed at TronGrid (gettransactioninfobyid)', () => {
  let fake: FakeTronGrid;
  let a: TronGridAdapter;
  let payment: AttemptView;
  beforeAll(async () => {
    fake = await startFakeTronGrid('tg-key');
    a = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: USDT_CONTRACT, timeoutMs: 1500 });
    const p = await a.createPrompt(input({ rail: 'usdt_trc20', currency: 'USDT', amount: 12_500_000, address: a.deriveAddress(0) }));
    payment = view(p, { rail: 'usdt_trc20', currency: 'USDT', amount: 12_500_000 });
  });
  afterAll(() => fake.close());
  const req = (destination: string, txid?: string): RefundRequest => refund(payment, { destination, operatorReference: txid });
  const payer = (i: number) => a.deriveAddress(1000 + i); // any valid TRON address
  /** What the transaction moved to `address`, as TRON holds it. */
  const movedTo = (txid: string, address: string) =>
    fake.transfers
      .filter((t) => t.transaction_id === txid && t.to === address && t.token_info.address === USDT_CONTRACT)
      .reduce((s, t) => s + Number(t.value), 0);

  it('canPay false, no pay', () => {
    expect(a.refunds).toMatchObject({ method: 'claim', canPay: false });
    expect(a.refunds.pay).toBeUndefined();
  });

  it('pays the address: pending until the block is solidified, then succeeded', async () => {
    const to = payer(1);
    const txid = fake.send(to, 12_500_000, { confirmed: false });
    const pending = await a.refunds.confirm!(req(to, txid));
    expect(pending).toMatchObject({ state: 'pending', details: { txid } });
    const asked = fake.requests.slice(-2);
    expect(asked.map((r) => [r.method, r.path, JSON.parse(r.body)])).toEqual([
      ['POST', '/walletsolidity/gettransactioninfobyid', { value: txid }],
      ['POST', '/wallet/gettransactioninfobyid', { value: txid }],
    ]);
    expect(asked[0]!.headers['tron-pro-api-key']).toBe('tg-key');
    fake.solidify(txid);
    const done = await a.refunds.confirm!(req(to, txid));
    expect(done).toEqual({ state: 'succeeded', operatorReference: txid, details: { txid, blockNumber: expect.any(Number), paidMicro: '12500000' } });
    expect(movedTo(txid, to)).toBe(12_500_000);
  });

  it('two transfers in one transaction add up; less, another address, another token: failed proof_mismatch once solidified', async () => {
    const to = payer(2);
    const split = fake.send(to, 6_000_000, { confirmed: true });
    fake.send(to, 6_500_000, { txid: split });
    expect(await a.refunds.confirm!(req(to, split))).toMatchObject({ state: 'succeeded', details: { paidMicro: '12500000' } });
    const less = fake.send(to, 12_499_999, { confirmed: true });
    expect(await a.refunds.confirm!(req(to, less))).toMatchObject({ state: 'failed', code: 'proof_mismatch', details: { paidMicro: '12499999' } });
    const elsewhere = fake.send(payer(3), 12_500_000, { confirmed: false });
    expect(await a.refunds.confirm!(req(to, elsewhere))).toMatchObject({ state: 'pending' });
    fake.solidify(elsewhere);
    expect(await a.refunds.confirm!(req(to, elsewhere))).toMatchObject({ state: 'failed', code: 'proof_mismatch', details: { paidMicro: '0' } });
    const otherToken = fake.send(to, 12_500_000, { confirmed: true, contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' });
    expect(await a.refunds.confirm!(req(to, otherToken))).toMatchObject({ state: 'failed', code: 'proof_mismatch' });
  });

  it('unknown txid, no proof: not_found; not a txid: invalid_proof; rate-limited: BackendError', async () => {
    const to = payer(4);
    expect(await a.refunds.confirm!(req(to, randomBytes(32).toString('hex')))).toEqual({ state: 'not_found' });
    expect(await a.refunds.confirm!(req(to))).toEqual({ state: 'not_found' });
    expect(await a.refunds.confirm!(req(to, '0xnope'))).toMatchObject({ state: 'failed', code: 'invalid_proof' });
    const dropped = fake.send(to, 12_500_000, { confirmed: false });
    fake.drop(dropped);
    expect(await a.refunds.confirm!(req(to, dropped))).toEqual({ state: 'not_found' });
    // An adapter of its own: the backoff a 429 sets holds for the adapter, and the other tests (in any order) share `a`.
    const limited = new TronGridAdapter({ url: fake.url, apiKey: 'tg-key', xpub: TRON_XPUB, contract: USDT_CONTRACT, timeoutMs: 1500 });
    fake.failNext(429);
    await expect(limited.refunds.confirm!(req(to, randomBytes(32).toString('hex')))).rejects.toBeInstanceOf(BackendError);
  });
});
