// The LND REST adapter against a fake LND written from lnrpc's definitions (test/fakes/lnd.ts), and
// the BOLT11 decoder it checks LND's answers with, against the published BOLT #11 examples.
import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInvoice, encodeInvoice } from '@/lib/rails/lightning/bolt11';
import { LndAdapter } from '@/lib/rails/lightning/lnd';
import { LightningSimulator } from '@/lib/rails/lightning/simulator';
import { type AttemptView, BackendError } from '@/lib/rails/types';
import { input, view } from './adapter-helpers';
import { type FakeLnd, startFakeLnd } from './fakes/lnd';

const MAC = 'abcdef0123';
// A fixed clock for the adapter; the fake node's clock is set to the same instant in each test.
const T = 1_800_000_000;

let fake: FakeLnd;
let lnd: LndAdapter;
beforeAll(async () => {
  fake = await startFakeLnd(MAC);
  lnd = new LndAdapter({ restUrl: fake.url, macaroonHex: MAC, timeoutMs: 2000 });
});
afterAll(() => fake.close());

/** A fresh test: the fake's clock at T, honest, answering. */
function reset(at = T) {
  fake.clock = () => at;
  fake.alterAddInvoice = null;
  fake.mode = 'ok';
}

const btc = (over: Parameters<typeof input>[0] = {}) =>
  input({ rail: 'btc_lightning', currency: 'BTC', amount: 2100, description: 'Order 42', expiresAt: T + 600, now: T, ...over });
const attemptOf = (p: Awaited<ReturnType<LndAdapter['createPrompt']>>, amount = 2100): AttemptView =>
  view(p, { rail: 'btc_lightning', currency: 'BTC', amount });

/** An LND REST call made directly (the hold-invoice API our adapter does not use). */
async function lndCall(path: string, body: unknown) {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'Grpc-Metadata-macaroon': MAC, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('BOLT11 decoder (the BOLT #11 examples)', () => {
  // 11-payment-encoding.md, "Examples": all signed by 03e7156a...dd9ad.
  const PAYEE = '03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad';
  const HASH = '0001020304050607080900010203040506070809000102030405060708090102';
  const COFFEE =
    'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh';
  const NONSENSE =
    'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpu9qrsgqhtjpauu9ur7fw2thcl4y9vfvh4m9wlfyz2gem29g5ghe2aak2pm3ps8fdhtceqsaagty2vph7utlgj48u0ged6a337aewvraedendscp573dxr';
  const DONATION =
    'lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql';

  it('reads amount, hash, secret, description, expiry, timestamp and recovers the payee', () => {
    expect(decodeInvoice(COFFEE)).toEqual({
      network: 'bc',
      amountMsat: 250_000_000n,
      timestamp: 1496314658,
      paymentHash: HASH,
      paymentSecret: '11'.repeat(32),
      description: '1 cup coffee',
      expiry: 60,
      payee: PAYEE,
    });
    expect(decodeInvoice(NONSENSE)).toMatchObject({ description: 'ナンセンス 1杯', amountMsat: 250_000_000n, payee: PAYEE });
    // No amount: any amount; no `x`: BOLT11's default expiry of 3600 s.
    expect(decodeInvoice(DONATION)).toMatchObject({ amountMsat: null, expiry: 3600, description: 'Please consider supporting this project', payee: PAYEE });
  });

  it('reads a pico-bitcoin amount and recovers the payee from a high-S signature', () => {
    const PICO =
      'lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9q9qrsgqrvgkpnmps664wgkp43l22qsgdw4ve24aca4nymnxddlnp8vh9v2sdxlu5ywdxefsfvm0fq3sesf08uf6q9a2ke0hc9j6z6wlxg5z5kqpu2v9wz';
    expect(decodeInvoice(PICO)).toMatchObject({
      amountMsat: 967_878_534n,
      timestamp: 1572468703,
      expiry: 604_800,
      paymentHash: '462264ede7e14047e9b249da94fefc47f41f7d02ee9b091815a5506bc8abf75f',
      payee: PAYEE,
    });
    const HIGH_S =
      'lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap2r09nt4ndd0unm3z9u5t48y6ucv4r5sg7lk98c77ctvjczkspk5qprc90gx';
    expect(decodeInvoice(HIGH_S).payee).toBe(PAYEE);
  });

  it('reads an amount in whole bitcoin (no multiplier), as lnd writes 1 BTC: lnbc1...', () => {
    // Our encoder always writes a multiplier; re-sign its invoice under the multiplier-less prefix.
    const key = randomBytes(32);
    const inv = encodeInvoice(
      {
        network: 'bc',
        amountSats: 200_000_000,
        timestamp: T,
        paymentHash: Buffer.alloc(32, 7),
        paymentSecret: Buffer.alloc(32, 8),
        description: 'two',
        expiry: 60,
      },
      key,
    );
    expect(inv.startsWith('lnbc2000m1')).toBe(true);
    const data = bech32.decode(inv as `${string}1${string}`, false).words.slice(0, -104);
    const bits = data.map((w) => w.toString(2).padStart(5, '0')).join('');
    const bytes = Uint8Array.from(
      bits
        .padEnd(Math.ceil(bits.length / 8) * 8, '0')
        .match(/.{8}/g)!
        .map((b) => parseInt(b, 2)),
    );
    const sig = secp256k1.sign(sha256(Uint8Array.from([...Buffer.from('lnbc2'), ...bytes])), key, { prehash: false, format: 'recovered' });
    const whole = bech32.encode('lnbc2', [...data, ...bech32.toWords(Uint8Array.from([...sig.subarray(1), sig[0]!]))], false);
    expect(decodeInvoice(whole)).toMatchObject({ amountMsat: 200_000_000_000n, payee: Buffer.from(secp256k1.getPublicKey(key, true)).toString('hex') });
  });

  it.each([
    [
      'a signature that is not recoverable',
      /recovery/,
      'lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqwgt7mcn5yqw3yx0w94pswkpq6j9uh6xfqqqtsk4tnarugeektd4hg5975x9am52rz4qskukxdmjemg92vvqz8nvmsye63r5ykel43pgz7zq0g2',
    ],
    [
      'an invalid multiplier',
      /human-readable part/,
      'lnbc2500x1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqrrzc4cvfue4zp3hggxp47ag7xnrlr8vgcmkjxk3j5jqethnumgkpqp23z9jclu3v0a7e0aruz366e9wqdykw6dxhdzcjjhldxq0w6wgqcnu43j',
    ],
    [
      'sub-millisatoshi precision',
      /whole millisatoshi/,
      'lnbc2500000001p1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgq0lzc236j96a95uv0m3umg28gclm5lqxtqqwk32uuk4k6673k6n5kfvx3d2h8s295fad45fdhmusm8sjudfhlf6dcsxmfvkeywmjdkxcp99202x',
    ],
    [
      'no payment secret (s)',
      /no payment secret/,
      'lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp49qdkj',
    ],
    [
      'a high-S signature with an n field',
      /does not match the payee/,
      'lnbc25m1p70xwfzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaqnp4q0n326hr8v9zprg8gsvezcch06gfaqqhde2aj730yg0durunfhv66sp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsp5cfzp9ugllvk03rltd6hvndxj26ux6gcxc5azyxk060rj9tzghct5zvjlps76gx8wpq5yuu79688k8gnm2c0al6v608s96l0xzrrlqqwnzxmu',
    ],
  ] as const)('refuses the BOLT #11 invalid example: %s', (_name, reason, request) => {
    expect(() => decodeInvoice(request)).toThrow(reason);
  });

  it('refuses a changed invoice (checksum), and a re-signed one recovers another payee', () => {
    const amountChanged = COFFEE.replace('lnbc2500u1', 'lnbc2600u1');
    expect(() => decodeInvoice(amountChanged)).toThrow();
    const key = randomBytes(32);
    const forged = encodeInvoice(
      {
        network: 'bc',
        amountSats: 250_000,
        timestamp: 1496314658,
        paymentHash: Buffer.from(HASH, 'hex'),
        paymentSecret: Buffer.alloc(32, 0x11),
        description: '1 cup coffee',
        expiry: 60,
      },
      key,
    );
    expect(decodeInvoice(forged).payee).not.toBe(PAYEE);
    expect(() => decodeInvoice(COFFEE.toUpperCase().slice(0, 20) + COFFEE.slice(20))).toThrow(/mixed case/);
  });
});

describe('LND REST adapter: the invoice LND returns is checked against the request', () => {
  it('creates an invoice as lnrpc defines it and returns a BOLT11 any wallet reads as asked', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    const req = fake.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/invoices' });
    expect(JSON.parse(req.body)).toEqual({ value: '2100', memo: 'Order 42', expiry: '600' });
    expect(p).toEqual({
      destination: fake.invoices.get(p.backendRef)!.request,
      backendRef: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: T + 600,
      details: { paymentHash: p.backendRef, payee: fake.nodePublicKey },
    });
    // An independent decoder (light-bolt11-decoder) reads what a payer's wallet will pay.
    const s = Object.fromEntries(decode(p.destination).sections.map((x: any) => [x.name, x.value]));
    expect(s).toMatchObject({ amount: '2100000', payment_hash: p.backendRef, description: 'Order 42', timestamp: T });
    expect(decode(p.destination).expiry).toBe(600);
  });

  const liar = (name: string, alter: FakeLnd['alterAddInvoice'], message: RegExp) =>
    it(`refuses an invoice that ${name}`, async () => {
      reset();
      fake.alterAddInvoice = alter;
      const err = await lnd.createPrompt(btc()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackendError);
      expect((err as Error).message).toMatch(message);
    });
  /** The invoice LND made, re-signed by the same node with one field changed. */
  const resigned =
    (change: (f: Parameters<typeof encodeInvoice>[0]) => void): FakeLnd['alterAddInvoice'] =>
    (reply, inv) => {
      const fields = {
        network: fake.network,
        amountSats: inv.value,
        timestamp: inv.created,
        paymentHash: inv.hash,
        paymentSecret: inv.paymentAddr,
        description: inv.memo,
        expiry: inv.expiry,
      };
      change(fields);
      return { ...reply, payment_request: encodeInvoice(fields, fake.nodeKey) };
    };
  liar(
    'is for another amount',
    resigned((f) => (f.amountSats = 2101)),
    /is for 2101000 msat, not 2100 sat/,
  );
  liar(
    'pays another payment hash',
    resigned((f) => (f.paymentHash = randomBytes(32))),
    /another payment hash/,
  );
  liar(
    'has another expiry',
    resigned((f) => (f.expiry = 60)),
    /expires after 60 s/,
  );
  liar(
    'has already expired',
    resigned((f) => (f.timestamp = T - 601)),
    /already expired/,
  );
  liar(
    'has another description',
    resigned((f) => (f.description = 'Pay the other shop')),
    /another description/,
  );
  liar('is not BOLT11 at all', (reply) => ({ ...reply, payment_request: `lnbc2100n1fake${'q'.repeat(40)}` }), /not a valid BOLT11/);
  liar(
    'has a broken checksum',
    (reply) => ({ ...reply, payment_request: reply.payment_request.slice(0, -1) + (reply.payment_request.endsWith('q') ? 'p' : 'q') }),
    /not a valid BOLT11/,
  );

  it('cuts a long description to what a BOLT11 invoice holds (639 bytes), never inside a character', async () => {
    reset();
    const p = await lnd.createPrompt(btc({ description: 'é'.repeat(600) }));
    expect(decodeInvoice(p.destination).description).toBe('é'.repeat(319));
  });

  it('LND_PRIVATE_ROUTE_HINTS: asks AddInvoice for private route hints (private: true); not sent otherwise', async () => {
    reset();
    const hinted = new LndAdapter({ ...lnd.config, privateRouteHints: true });
    await hinted.createPrompt(btc());
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ value: '2100', memo: 'Order 42', expiry: '600', private: true });
    await lnd.createPrompt(btc());
    expect(JSON.parse(fake.requests.at(-1)!.body)).not.toHaveProperty('private');
  });

  it('the test-mode encoder cuts a long non-ASCII description to 639 bytes too, never inside a character', async () => {
    const sim = new LightningSimulator({ nodeKey: new Uint8Array(32).fill(5) });
    for (const description of ['é'.repeat(600), '🚀'.repeat(200), `${'a'.repeat(638)}é`]) {
      const p = await sim.createPrompt(btc({ description }));
      const d = decodeInvoice(p.destination).description!;
      expect(Buffer.byteLength(d)).toBeLessThanOrEqual(639);
      expect(description.startsWith(d)).toBe(true);
      expect(Buffer.byteLength(d)).toBeGreaterThan(635);
    }
  });

  it('a wrong macaroon: LND answers 500 {code: 2} and no invoice is made', async () => {
    reset();
    const before = fake.invoices.size;
    const other = new LndAdapter({ restUrl: fake.url, macaroonHex: 'ff', timeoutMs: 2000 });
    await expect(other.createPrompt(btc())).rejects.toThrow(/HTTP 500/);
    expect(fake.invoices.size).toBe(before);
  });
});

describe('LND REST adapter: invoice states', () => {
  it('OPEN is waiting until LND itself cancels it at creation_date + expiry', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    const a = attemptOf(p);
    expect(await lnd.getStatus(a, T + 599)).toEqual({ state: 'waiting', received: 0, seen: 0 });
    reset(T + 600); // LND's expiry watcher runs
    expect(await lnd.getStatus(a, T + 600)).toEqual({ state: 'expired', received: 0, seen: 0 });
    expect(fake.invoices.get(p.backendRef)!.state).toBe('CANCELED');
    expect(() => fake.settle(p.backendRef)).toThrow(/canceled/);
  });

  it('SETTLED counts what was paid, from amt_paid_msat, in whole sats', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    fake.pay(p.backendRef, 2_100_999); // 0.999 sat more than asked
    expect(await lnd.getStatus(attemptOf(p), T + 5)).toEqual({
      state: 'confirmed',
      received: 2100,
      seen: 0,
      details: { settledAt: T, amountPaidMsat: '2100999' },
    });
  });

  it('an overpaid invoice: SETTLED with amt_paid above the value, all of it counted', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    fake.settle(p.backendRef, 5000);
    expect(await lnd.getStatus(attemptOf(p), T + 5)).toMatchObject({ state: 'confirmed', received: 5000 });
  });

  it('an underpayment never settles (LND fails the HTLC back): still waiting', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    expect(() => fake.settle(p.backendRef, 2099)).toThrow(/amount too low/);
    expect(await lnd.getStatus(attemptOf(p), T + 5)).toEqual({ state: 'waiting', received: 0, seen: 0 });
  });

  it('SETTLED never changes again; a node that reports it CANCELED afterwards is refused', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    fake.settle(p.backendRef);
    const settled = await lnd.getStatus(attemptOf(p), T + 5);
    expect(settled.state).toBe('confirmed');
    reset(T + 10_000); // long past its expiry: LND leaves a settled invoice alone
    expect((await lnd.getStatus(attemptOf(p), T + 10_000)).state).toBe('confirmed');
    expect(await lnd.cancel(attemptOf(p))).toEqual({ canceled: false });
    expect(fake.invoices.get(p.backendRef)!.state).toBe('SETTLED');
    // A node that lost its data (a restore) says CANCELED: not believed.
    fake.invoices.get(p.backendRef)!.state = 'CANCELED';
    const seen = { ...attemptOf(p), details: { ...p.details, ...settled.details } };
    await expect(lnd.getStatus(seen, T + 10_000)).rejects.toThrow(/CANCELED after it was SETTLED/);
  });

  it('ACCEPTED (a hold invoice with HTLCs held) is pending, not money; then SETTLED or CANCELED', async () => {
    reset();
    const hold = async (value: number) => {
      const preimage = randomBytes(32);
      const hash = createHash('sha256').update(preimage).digest();
      const r = await lndCall('/v2/invoices/hodl', { hash: hash.toString('base64'), value: String(value), memo: 'held', expiry: '600' });
      expect(r).toMatchObject({ status: 200, body: { payment_request: expect.stringMatching(/^lnbc/) } });
      const a = attemptOf({ destination: r.body.payment_request as string, backendRef: hash.toString('hex'), details: {}, expiresAt: T + 600 }, value);
      return { preimage, hash, a };
    };
    const h1 = await hold(3000);
    expect(await lndCall('/v2/invoices/settle', { preimage: h1.preimage.toString('base64') })).toMatchObject({
      status: 500,
      body: { code: 2, message: 'cannot settle/accept empty HTLC set' },
    });
    fake.pay(h1.hash.toString('hex'), 3_000_000);
    expect(await lnd.getStatus(h1.a, T + 1)).toEqual({ state: 'pending', received: 0, seen: 3000 });
    reset(T + 700); // past its expiry: an accepted invoice is not canceled by the expiry watcher
    expect((await lnd.getStatus(h1.a, T + 700)).state).toBe('pending');
    expect(await lndCall('/v2/invoices/settle', { preimage: h1.preimage.toString('base64') })).toEqual({ status: 200, body: {} });
    expect(await lnd.getStatus(h1.a, T + 701)).toMatchObject({ state: 'confirmed', received: 3000 });

    reset();
    const h2 = await hold(3000);
    fake.pay(h2.hash.toString('hex'), 3_000_000);
    expect((await lnd.getStatus(h2.a, T + 1)).state).toBe('pending');
    expect(await lnd.cancel(h2.a)).toEqual({ canceled: true }); // the held HTLCs go back to the payer
    expect(await lnd.getStatus(h2.a, T + 2)).toEqual({ state: 'expired', received: 0, seen: 0 });
  });

  it('cancel: an OPEN invoice can no longer be paid; canceling again succeeds, as LND documents', async () => {
    reset();
    const p = await lnd.createPrompt(btc());
    const a = attemptOf(p);
    expect(await lnd.cancel(a)).toEqual({ canceled: true });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ payment_hash: Buffer.from(p.backendRef, 'hex').toString('base64') });
    expect(await lnd.getStatus(a, T + 1)).toEqual({ state: 'expired', received: 0, seen: 0 });
    expect(() => fake.settle(p.backendRef)).toThrow(/canceled/);
    expect(await lnd.cancel(a)).toEqual({ canceled: true });
    // An invoice LND does not know: a BackendError, not a silent success.
    await expect(lnd.cancel({ ...a, backendRef: '00'.repeat(32) })).rejects.toThrow(/HTTP 500/);
  });

  it('an unknown invoice, a timeout and garbage are backend errors', async () => {
    reset();
    const a = attemptOf({ destination: 'lnbc', backendRef: 'ab'.repeat(32), details: {}, expiresAt: T + 600 });
    await lnd.createPrompt(btc()); // LND has some invoice (else it answers "there are no existing invoices")
    await expect(lnd.getStatus(a, T)).rejects.toThrow(/HTTP 404/);
    const quick = new LndAdapter({ restUrl: fake.url, macaroonHex: MAC, timeoutMs: 300 });
    fake.mode = 'timeout';
    await expect(quick.createPrompt(btc())).rejects.toThrow(/timed out/);
    fake.mode = 'garbage';
    await expect(quick.getStatus(a, T)).rejects.toBeInstanceOf(BackendError);
    fake.mode = 'ok';
  });
});
