// A fake LND (the REST gateway of lnd), written from lnd's own definitions, not from our adapter:
//  - lnrpc/lightning.proto + lnrpc/lightning.yaml (REST mapping): AddInvoice `POST /v1/invoices`
//    (Invoice -> AddInvoiceResponse {r_hash, payment_request, add_index, payment_addr}),
//    LookupInvoice `GET /v1/invoice/{r_hash_str}` (hex; "must be exactly 32 bytes"), message Invoice
//    and its InvoiceState OPEN | SETTLED | CANCELED | ACCEPTED, amt_paid_sat / amt_paid_msat ("the
//    sender paid MORE than was specified ... we'll record that here as well");
//  - lnrpc/invoicesrpc/invoices.proto + invoices.yaml: CancelInvoice `POST /v2/invoices/cancel`
//    {payment_hash: base64} ("If the invoice is already canceled, this call will succeed. If the
//    invoice is already settled, it will fail."), AddHoldInvoice `POST /v2/invoices/hodl`,
//    SettleInvoice `POST /v2/invoices/settle` {preimage};
//  - lnd's behaviour behind them: invoices/update_invoice.go (SETTLED and CANCELED are terminal,
//    an ACCEPTED hold invoice moves only to SETTLED or CANCELED, canceling releases the held HTLCs),
//    invoices/update.go (an HTLC below the value fails "amount too low"; more is accepted),
//    invoices/invoice_expiry_watcher.go (an OPEN invoice is canceled at creation_date + expiry; an
//    ACCEPTED one is not), invoices/errors.go and lnrpc/marshall_utils.go (error texts);
//  - the REST gateway: lnrpc/rpc_utils.go RESTJsonMarshalOpts (proto field names, every field
//    emitted, int64 as strings, bytes as base64, enums by name), unknown request fields refused,
//    errors as grpc-gateway v2 writes them: {code, message, details} with the HTTP status of the
//    gRPC code (NotFound 404, InvalidArgument 400, everything else lnd returns bare: Unknown, 500);
//    the macaroon is hex in `Grpc-Metadata-macaroon` (a wrong one: 500 "verification failed:
//    signature mismatch after caveat verification", as RTL users report it from lnd).
// Payment requests are real BOLT11 invoices (BOLT #11), signed with this node's random key.
// Time is the fake node's own clock (`clock`), which a test can move.
// Not modelled: amount-less and sub-satoshi invoices, AMP, keysend, route hints, blinded paths.
import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { encodeInvoice, type LightningNetwork, nodePublicKeyHex } from '@/lib/rails/lightning/bolt11';
import { type FakeServer, startFake } from './server';

export type InvoiceState = 'OPEN' | 'SETTLED' | 'CANCELED' | 'ACCEPTED';

export interface FakeInvoice {
  /** Sats, and the exact msat amount. */
  value: number;
  valueMsat: number;
  memo: string;
  expiry: number;
  /** creation_date (the fake node's clock). */
  created: number;
  state: InvoiceState;
  /** amt_paid_msat: what the held or settled HTLCs carry (0 when none, or canceled). */
  paidMsat: number;
  request: string;
  hash: Buffer;
  /** null for a hold invoice until SettleInvoice gives it. */
  preimage: Buffer | null;
  paymentAddr: Buffer;
  addIndex: number;
  settleIndex: number;
  settleDate: number;
  hold: boolean;
  cltvExpiry: number;
}

export interface AddInvoiceReply {
  r_hash: string;
  payment_request: string;
  add_index: string;
  payment_addr: string;
}

export interface FakeLnd extends FakeServer {
  invoices: Map<string, FakeInvoice>;
  /** The node's clock, unix seconds (default: the real clock). */
  clock: () => number;
  network: LightningNetwork;
  nodeKey: Uint8Array;
  nodePublicKey: string;
  /**
   * A misbehaving node (tests only): rewrites AddInvoice's answer before it is sent, e.g. a
   * payment_request for another amount. The invoice stored is the one lnd made.
   */
  alterAddInvoice: ((reply: AddInvoiceReply, invoice: FakeInvoice) => AddInvoiceReply) | null;
  /** An HTLC set carrying `msat` arrives for the invoice (what a payer's wallet does). Throws as lnd fails it back. */
  pay(hashHex: string, msat: number): void;
  /** The payer pays `sats` (default: the invoice's value). */
  settle(hashHex: string, sats?: number): void;
}

type Reply = { status: number; body?: unknown };

// grpc-gateway v2: the gRPC status as JSON, with the HTTP status of its code.
const HTTP_OF: Record<number, number> = { 2: 500, 3: 400, 5: 404, 12: 501 };
const grpcError = (code: 2 | 3 | 5 | 12, message: string): Reply => ({ status: HTTP_OF[code]!, body: { code, message, details: [] } });

// Fields of the request messages (protojson refuses others: DiscardUnknown is off in lnd's REST).
const INVOICE_FIELDS = new Set([
  'memo',
  'r_preimage',
  'r_hash',
  'value',
  'value_msat',
  'settled',
  'creation_date',
  'settle_date',
  'payment_request',
  'description_hash',
  'expiry',
  'fallback_addr',
  'cltv_expiry',
  'route_hints',
  'private',
  'add_index',
  'settle_index',
  'amt_paid',
  'amt_paid_sat',
  'amt_paid_msat',
  'state',
  'htlcs',
  'features',
  'is_keysend',
  'payment_addr',
  'is_amp',
  'amp_invoice_state',
  'is_blinded',
  'blinded_path_config',
]);
const HOLD_FIELDS = new Set(['memo', 'hash', 'value', 'value_msat', 'description_hash', 'expiry', 'fallback_addr', 'cltv_expiry', 'route_hints', 'private']);

class BadRequest extends Error {}

function parseBody(body: string, fields: Set<string>): Record<string, unknown> {
  let b: unknown;
  try {
    b = body === '' ? {} : JSON.parse(body);
  } catch {
    throw new BadRequest('invalid character in request body');
  }
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw new BadRequest('request body is not a JSON object');
  for (const k of Object.keys(b)) if (!fields.has(k)) throw new BadRequest(`proto: (line 1:2): unknown field "${k}"`);
  return b as Record<string, unknown>;
}

/** protojson int64: a JSON number or a decimal string. */
function int64(v: unknown, name: string): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  throw new BadRequest(`proto: (line 1:2): invalid value for int64 field ${name}: ${JSON.stringify(v)}`);
}

/** protojson bytes: standard or URL-safe base64. */
function bytes(v: unknown, name: string): Buffer {
  if (v === undefined || v === null || v === '') return Buffer.alloc(0);
  if (typeof v !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(v))
    throw new BadRequest(`proto: (line 1:2): invalid value for bytes field ${name}: ${JSON.stringify(v)}`);
  return Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

const MAX_MEMO_BYTES = 1024; // invoices.MaxMemoSize
const MAX_INVOICE_SATS = 100_000 * 100_000_000; // addinvoice.go: 100k BTC
const DEFAULT_EXPIRY = 86_400; // DefaultInvoiceExpiry
const MAX_EXPIRY = 365 * 86_400;
const DEFAULT_CLTV = 80;

export async function startFakeLnd(macaroon = 'abcdef0123', opts: { network?: LightningNetwork } = {}): Promise<FakeLnd> {
  const invoices: FakeLnd['invoices'] = new Map();
  let addIndex = 0;
  let settleIndex = 0;
  let fake: FakeLnd;

  // lnd's invoice expiry watcher: an OPEN invoice is canceled when its time is up (ACCEPTED stays).
  const expireDue = () => {
    const t = fake.clock();
    for (const inv of invoices.values()) if (inv.state === 'OPEN' && t >= inv.created + inv.expiry) inv.state = 'CANCELED';
  };

  const settleNow = (inv: FakeInvoice) => {
    inv.state = 'SETTLED';
    inv.settleIndex = ++settleIndex;
    inv.settleDate = fake.clock();
  };

  /** AddInvoice / AddHoldInvoice: the checks of addinvoice.go, then a signed BOLT11 invoice. */
  const addInvoice = (b: Record<string, unknown>, hold: boolean): Reply => {
    const memo = typeof b.memo === 'string' ? b.memo : '';
    const sat = int64(b.value, 'value');
    const msatIn = int64(b.value_msat, 'value_msat');
    if (sat !== 0 && msatIn !== 0) return grpcError(2, 'sat and msat arguments are mutually exclusive');
    if (sat < 0 || msatIn < 0) return grpcError(2, 'amount cannot be negative');
    const valueMsat = sat !== 0 ? sat * 1000 : msatIn;
    if (Buffer.byteLength(memo) > MAX_MEMO_BYTES) return grpcError(2, `memo too large: ${Buffer.byteLength(memo)} bytes (maxsize=${MAX_MEMO_BYTES})`);
    if (Math.floor(valueMsat / 1000) > MAX_INVOICE_SATS)
      return grpcError(2, `invoice amount ${Math.floor(valueMsat / 1000)} sat is too large, max is ${MAX_INVOICE_SATS} sat`);
    if (valueMsat === 0 || valueMsat % 1000 !== 0) return grpcError(12, 'fake lnd: amount-less and sub-satoshi invoices are not modelled');
    const expiryIn = int64(b.expiry, 'expiry');
    if (expiryIn > MAX_EXPIRY) return grpcError(2, `expiry of ${expiryIn} seconds greater than max expiry of ${MAX_EXPIRY} seconds`);
    const expiry = expiryIn > 0 ? expiryIn : DEFAULT_EXPIRY;
    let preimage: Buffer | null;
    let hash: Buffer;
    if (hold) {
      preimage = null;
      hash = bytes(b.hash, 'hash');
      if (hash.length !== 32) return grpcError(2, `invalid hash length of ${hash.length}, want 32`);
    } else {
      preimage = b.r_preimage ? bytes(b.r_preimage, 'r_preimage') : randomBytes(32);
      if (preimage.length !== 32) return grpcError(2, `invalid preimage length of ${preimage.length}, want 32`);
      hash = createHash('sha256').update(preimage).digest();
    }
    const hex = hash.toString('hex');
    if (invoices.has(hex)) return grpcError(2, 'invoice with payment hash already exists');
    const created = fake.clock();
    const paymentAddr = randomBytes(32);
    const cltvExpiry = int64(b.cltv_expiry, 'cltv_expiry') || DEFAULT_CLTV;
    let request: string;
    try {
      request = encodeInvoice(
        {
          network: fake.network,
          amountSats: valueMsat / 1000,
          timestamp: created,
          paymentHash: hash,
          paymentSecret: paymentAddr,
          description: memo,
          expiry,
          minFinalCltvExpiry: cltvExpiry,
        },
        fake.nodeKey,
      );
    } catch (err) {
      // zpay32: a description over 639 bytes does not fit in one tagged field.
      return grpcError(2, `data length too big to fit within 10 bits: ${(err as Error).message}`);
    }
    const inv: FakeInvoice = {
      value: valueMsat / 1000,
      valueMsat,
      memo,
      expiry,
      created,
      state: 'OPEN',
      paidMsat: 0,
      request,
      hash,
      preimage,
      paymentAddr,
      addIndex: ++addIndex,
      settleIndex: 0,
      settleDate: 0,
      hold,
      cltvExpiry,
    };
    invoices.set(hex, inv);
    const reply: AddInvoiceReply = {
      r_hash: hash.toString('base64'),
      payment_request: request,
      add_index: String(inv.addIndex),
      payment_addr: paymentAddr.toString('base64'),
    };
    const out = hold ? { payment_request: reply.payment_request, add_index: reply.add_index, payment_addr: reply.payment_addr } : reply;
    return { status: 200, body: !hold && fake.alterAddInvoice ? fake.alterAddInvoice(reply, inv) : out };
  };

  /** lnrpc.Invoice as the REST gateway writes it: every field, int64 as strings, bytes as base64. */
  const invoiceJson = (inv: FakeInvoice) => ({
    memo: inv.memo,
    r_preimage: inv.preimage ? inv.preimage.toString('base64') : '',
    r_hash: inv.hash.toString('base64'),
    value: String(inv.value),
    value_msat: String(inv.valueMsat),
    settled: inv.state === 'SETTLED',
    creation_date: String(inv.created),
    settle_date: String(inv.settleDate),
    payment_request: inv.request,
    description_hash: '',
    expiry: String(inv.expiry),
    fallback_addr: '',
    cltv_expiry: String(inv.cltvExpiry),
    route_hints: [],
    private: false,
    add_index: String(inv.addIndex),
    settle_index: String(inv.settleIndex),
    amt_paid: String(inv.paidMsat),
    amt_paid_sat: String(Math.floor(inv.paidMsat / 1000)),
    amt_paid_msat: String(inv.paidMsat),
    state: inv.state,
    htlcs: [],
    features: {},
    is_keysend: false,
    payment_addr: inv.paymentAddr.toString('base64'),
    is_amp: false,
    amp_invoice_state: {},
    is_blinded: false,
  });

  const handle = (method: string, path: string, body: string): Reply => {
    expireDue();
    if (method === 'POST' && path === '/v1/invoices') return addInvoice(parseBody(body, INVOICE_FIELDS), false);
    if (method === 'POST' && path === '/v2/invoices/hodl') return addInvoice(parseBody(body, HOLD_FIELDS), true);
    const lookup = /^\/v1\/invoice\/([^/]*)$/.exec(path);
    if (method === 'GET' && lookup) {
      const str = decodeURIComponent(lookup[1]!);
      if (!/^([0-9a-fA-F]{2})*$/.test(str)) return grpcError(2, `encoding/hex: invalid byte in ${JSON.stringify(str)}`);
      if (str.length !== 0 && str.length !== 64) return grpcError(2, `payment hash must be exactly 32 bytes, is instead ${str.length / 2}`);
      if (invoices.size === 0) return grpcError(5, 'there are no existing invoices');
      const inv = invoices.get(str.toLowerCase());
      return inv ? { status: 200, body: invoiceJson(inv) } : grpcError(5, 'unable to locate invoice');
    }
    if (method === 'POST' && path === '/v2/invoices/cancel') {
      const hash = bytes(parseBody(body, new Set(['payment_hash'])).payment_hash, 'payment_hash');
      if (hash.length !== 32) return grpcError(2, `invalid hash length of ${hash.length}, want 32`);
      const inv = invoices.get(hash.toString('hex'));
      if (!inv) return grpcError(2, 'unable to locate invoice');
      if (inv.state === 'SETTLED') return grpcError(2, 'invoice already settled');
      if (inv.state !== 'CANCELED') {
        inv.state = 'CANCELED';
        inv.paidMsat = 0; // the held HTLCs are failed back
      }
      return { status: 200, body: {} };
    }
    if (method === 'POST' && path === '/v2/invoices/settle') {
      const preimage = bytes(parseBody(body, new Set(['preimage'])).preimage, 'preimage');
      if (preimage.length !== 32) return grpcError(2, `invalid preimage length of ${preimage.length}, want 32`);
      const inv = invoices.get(createHash('sha256').update(preimage).digest('hex'));
      if (!inv) return grpcError(2, 'unable to locate invoice');
      if (inv.state === 'SETTLED') return { status: 200, body: {} };
      if (inv.state === 'CANCELED') return grpcError(2, 'invoice already canceled');
      if (inv.state === 'OPEN') return grpcError(2, 'cannot settle/accept empty HTLC set');
      inv.preimage = preimage;
      settleNow(inv);
      return { status: 200, body: {} };
    }
    return { status: 404, body: { code: 5, message: 'Not Found', details: [] } };
  };

  fake = (await startFake(({ method, url, headers, body }) => {
    const mac = headers['grpc-metadata-macaroon'];
    if (mac === undefined) return grpcError(2, 'expected 1 macaroon, got 0');
    if (String(mac).toLowerCase() !== macaroon.toLowerCase()) return grpcError(2, 'verification failed: signature mismatch after caveat verification');
    try {
      return handle(method, url.pathname, body);
    } catch (err) {
      if (err instanceof BadRequest) return grpcError(3, err.message);
      throw err;
    }
  })) as FakeLnd;
  fake.invoices = invoices;
  fake.clock = () => Math.floor(Date.now() / 1000);
  fake.network = opts.network ?? 'bc';
  fake.nodeKey = secp256k1.utils.randomSecretKey();
  fake.nodePublicKey = nodePublicKeyHex(fake.nodeKey);
  fake.alterAddInvoice = null;
  fake.pay = (hashHex, msat) => {
    expireDue();
    const inv = invoices.get(hashHex);
    if (!inv) throw new Error('lnd: unable to locate invoice (the HTLC is failed back)');
    if (inv.state === 'CANCELED') throw new Error('lnd: invoice canceled (the HTLC is failed back)');
    if (inv.state === 'SETTLED') throw new Error('lnd: invoice already paid (the HTLC is failed back)');
    if (inv.state === 'ACCEPTED') throw new Error('lnd: invoice already accepted (the HTLC is failed back)');
    if (msat < inv.valueMsat) throw new Error('lnd: amount too low (the HTLC is failed back)');
    inv.paidMsat = msat; // more than the value is accepted and recorded
    if (inv.hold) inv.state = 'ACCEPTED';
    else settleNow(inv);
  };
  fake.settle = (hashHex, sats) => fake.pay(hashHex, (sats ?? invoices.get(hashHex)?.value ?? 0) * 1000);
  return fake;
}
