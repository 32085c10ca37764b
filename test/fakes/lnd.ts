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
// The node paying (refunds), from the same sources:
//  - lnrpc/routerrpc/router.proto + router.yaml: SendPaymentV2 `POST /v2/router/send`
//    (SendPaymentRequest: payment_request, fee_limit_sat / fee_limit_msat "mutually exclusive",
//    timeout_seconds, no_inflight_updates "only the final payment update is streamed back",
//    allow_self_payment, cancelable...), a server stream of lnrpc.Payment;
//    api.lightning.community "SendPaymentV2" (REST: POST /v2/router/send);
//  - lnrpc/routerrpc/router_server.go SendPaymentV2: PreparePayment's ErrPaymentExists,
//    ErrPaymentInFlight and ErrAlreadyPaid become gRPC AlreadyExists; payments/db/errors.go
//    ("payment already exists", "payment is in transition", "invoice is already paid") and
//    payment_status.go `initializable` (only a FAILED payment may be started again);
//  - lnrpc/routerrpc/router_backend.go: extractIntentFromSendRequest ("invoice expired. Valid until
//    ...", "amount must be specified when paying a zero amount invoice", "self-payments not
//    allowed"), MarshallPayment (payment_hash and payment_preimage as hex strings, the preimage all
//    zeros until an HTLC settles, fees from the settled HTLCs), marshallPaymentFailureReason;
//    zpay32/decode.go ("invoice not for current active network '%s'");
//  - lnrpc/lightning.proto ListPayments `GET /v1/payments` (include_incomplete, index_offset
//    "exclusive", max_payments, reversed "seeking backwards", creation_date_start / _end in unix
//    seconds) and rpcserver.go (max_payments 0 -> 100, "start date(%v) must be before end date(%v)");
//  - lnrpc/lightning.proto ListInvoices `GET /v1/invoices` (api.lightning.community "ListInvoices":
//    "full support for paginated responses ... through their add_index ... using either the
//    first_index_offset or last_index_offset fields included in the response as the index_offset of
//    the next request. By default, the first 100 invoices created will be returned"; pending_only,
//    index_offset, num_max_invoices, reversed, creation_date_start / _end in unix seconds) ->
//    ListInvoiceResponse { invoices, last_index_offset, first_index_offset }; `listFaults` answers
//    the next ListInvoices calls with an error (a node restarting: Unknown, 500);
//  - macaroons: each RPC needs its entity and action (rpcserver.go / router_server.go permissions:
//    SendPaymentV2 offchain:write, ListPayments offchain:read, invoices invoices:*); a macaroon
//    without them is refused "permission denied" (the bakery's error);
//  - grpc-gateway v2 ForwardResponseStream: a stream is written as newline-delimited
//    `{"result": message}`, and an error before the first message as `{"error": status}` with the
//    HTTP status of its gRPC code (AlreadyExists 409, Unknown 500).
// A payment is routed in the fake's imagination: it succeeds when the payee is a node the fake
// knows the preimage of (`remoteInvoice`), within the fee limit; `nextPayment` makes the next one
// fail or stay in flight (then `resolvePayment`). `payments` is what left the node.
// Payment requests are real BOLT11 invoices (BOLT #11), signed with this node's random key.
// Time is the fake node's own clock (`clock`), which a test can move.
// Not modelled: amount-less and sub-satoshi invoices, AMP, keysend, route hints, blinded paths, MPP.
import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { decodeInvoice, encodeInvoice, type LightningNetwork, nodePublicKeyHex } from '@/lib/rails/lightning/bolt11';
import { type FakeAnswer, type FakeServer, startFake } from './server';

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

export type PaymentStatus = 'IN_FLIGHT' | 'SUCCEEDED' | 'FAILED';

/** A payment this node made (lnrpc.Payment): what left it, once SUCCEEDED. */
export interface FakePayment {
  hash: string;
  request: string;
  valueMsat: number;
  /** Routing fees paid (settled HTLCs only). */
  feeMsat: number;
  feeLimitMsat: number;
  status: PaymentStatus;
  failureReason: string;
  /** Hex, once the payee settled. */
  preimage: string | null;
  /** creation date (the fake node's clock). */
  created: number;
  index: number;
}

export interface FakeLnd extends FakeServer {
  invoices: Map<string, FakeInvoice>;
  /** The macaroon allowed to pay and list payments (offchain:read, offchain:write). */
  payMacaroon: string;
  /** Outgoing payments by payment hash (hex): one per hash, as LND keeps them. */
  payments: Map<string, FakePayment>;
  /** The hash of every payment LND started (a FAILED one started again appears twice). */
  started: string[];
  /** Routing fee of a successful payment, msat (default 1000). */
  routeFeeMsat: number;
  /** The next payment's fate instead of routing it: FAILED with a reason, or IN_FLIGHT until resolvePayment. */
  nextPayment: { status: 'FAILED'; reason: string } | { status: 'IN_FLIGHT' } | null;
  /** An in-flight payment ends (its HTLCs settle with the payee's preimage, or fail back). */
  resolvePayment(hashHex: string, status: 'SUCCEEDED' | 'FAILED', reason?: string): void;
  /**
   * An invoice made by another node this node can pay (a refund's payer): signed by that node's key,
   * its preimage known to the fake's routing. Defaults: this node's network, created now, 3600 s.
   */
  remoteInvoice(opts: { sats?: number | null; network?: LightningNetwork; timestamp?: number; expiry?: number; description?: string }): {
    invoice: string;
    hash: string;
    preimage: string;
    payee: string;
  };
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
  /** The next ListInvoices calls answer these instead (then the real answer). */
  listFaults: FakeAnswer[];
}

type Reply = FakeAnswer;

// grpc-gateway v2: the gRPC status as JSON, with the HTTP status of its code.
const HTTP_OF: Record<number, number> = { 2: 500, 3: 400, 5: 404, 6: 409, 12: 501 };
const grpcError = (code: 2 | 3 | 5 | 6 | 12, message: string): Reply => ({ status: HTTP_OF[code]!, body: { code, message, details: [] } });
/** A server stream's error before its first message (grpc-gateway: `{"error": status}`, the code's HTTP status). */
const streamError = (code: 2 | 3 | 5 | 6 | 12, message: string): Reply => ({ status: HTTP_OF[code]!, body: { error: { code, message, details: [] } } });

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
const SEND_FIELDS = new Set([
  'dest',
  'amt',
  'amt_msat',
  'payment_hash',
  'final_cltv_delta',
  'payment_request',
  'timeout_seconds',
  'fee_limit_sat',
  'fee_limit_msat',
  'outgoing_chan_id',
  'outgoing_chan_ids',
  'last_hop_pubkey',
  'cltv_limit',
  'route_hints',
  'dest_custom_records',
  'allow_self_payment',
  'dest_features',
  'max_parts',
  'no_inflight_updates',
  'payment_addr',
  'max_shard_size_msat',
  'amp',
  'time_pref',
  'cancelable',
  'first_hop_custom_records',
]);
/** chaincfg's names of the networks, as zpay32 says them. */
const NETWORK_NAME: Record<string, string> = { bc: 'mainnet', tb: 'testnet3', tbs: 'signet', bcrt: 'regtest' };
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

export async function startFakeLnd(macaroon = 'abcdef0123', opts: { network?: LightningNetwork; payMacaroon?: string } = {}): Promise<FakeLnd> {
  const invoices: FakeLnd['invoices'] = new Map();
  const payments: FakeLnd['payments'] = new Map();
  /** What the payees of remote invoices know: payment hash -> preimage. */
  const remotePreimages = new Map<string, Buffer>();
  const remoteKey = secp256k1.utils.randomSecretKey();
  let paymentIndex = 0;
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

  /** lnrpc.Payment as the REST gateway writes it. */
  const paymentJson = (p: FakePayment) => ({
    payment_hash: p.hash,
    value: String(Math.floor(p.valueMsat / 1000)),
    creation_date: String(p.created),
    fee: String(Math.floor(p.feeMsat / 1000)),
    payment_preimage: p.preimage ?? '0'.repeat(64),
    value_sat: String(Math.floor(p.valueMsat / 1000)),
    value_msat: String(p.valueMsat),
    payment_request: p.request,
    status: p.status,
    fee_sat: String(Math.floor(p.feeMsat / 1000)),
    fee_msat: String(p.feeMsat),
    creation_time_ns: String(BigInt(p.created) * 1_000_000_000n),
    htlcs: [],
    payment_index: String(p.index),
    failure_reason: p.failureReason,
    first_hop_custom_records: {},
  });

  /** The payment's HTLCs come back: settled with the payee's preimage, or failed. */
  const settlePayment = (p: FakePayment) => {
    const preimage = remotePreimages.get(p.hash);
    if (!preimage) throw new Error("fake lnd: nobody knows this payment's preimage");
    p.status = 'SUCCEEDED';
    p.preimage = preimage.toString('hex');
    p.feeMsat = fake.routeFeeMsat;
  };
  const failPayment = (p: FakePayment, reason: string) => {
    p.status = 'FAILED';
    p.failureReason = reason;
    p.feeMsat = 0;
  };

  /** SendPaymentV2: the checks of extractIntentFromSendRequest, the payment control, then the route. */
  const sendPayment = (b: Record<string, unknown>): Reply => {
    const request = typeof b.payment_request === 'string' ? b.payment_request : '';
    if (!request) return streamError(12, 'fake lnd: payments without a payment_request (keysend, dest and amt) are not modelled');
    let inv: ReturnType<typeof decodeInvoice>;
    try {
      inv = decodeInvoice(request);
    } catch (err) {
      return streamError(2, (err as Error).message);
    }
    if (inv.network !== fake.network) return streamError(2, `invoice not for current active network '${NETWORK_NAME[fake.network]}'`);
    const now = fake.clock();
    if (now > inv.timestamp + inv.expiry) return streamError(2, `invoice expired. Valid until ${new Date((inv.timestamp + inv.expiry) * 1000).toISOString()}`);
    const amt = int64(b.amt, 'amt');
    const amtMsat = int64(b.amt_msat, 'amt_msat');
    if (amt !== 0 && amtMsat !== 0) return streamError(2, 'sat and msat arguments are mutually exclusive');
    if (inv.amountMsat === null && amt === 0 && amtMsat === 0) return streamError(2, 'amount must be specified when paying a zero amount invoice');
    if (inv.amountMsat !== null && (amt !== 0 || amtMsat !== 0)) return streamError(2, 'amount must not be specified when paying a non-zero amount invoice');
    const feeSat = int64(b.fee_limit_sat, 'fee_limit_sat');
    const feeMsatIn = int64(b.fee_limit_msat, 'fee_limit_msat');
    if (feeSat !== 0 && feeMsatIn !== 0) return streamError(2, 'sat and msat arguments are mutually exclusive');
    if (inv.payee === fake.nodePublicKey && b.allow_self_payment !== true) return streamError(2, 'self-payments not allowed');
    const existing = payments.get(inv.paymentHash);
    if (existing?.status === 'SUCCEEDED') return streamError(6, 'invoice is already paid');
    if (existing?.status === 'IN_FLIGHT') return streamError(6, 'payment is in transition');
    const p: FakePayment = {
      hash: inv.paymentHash,
      request,
      valueMsat: inv.amountMsat !== null ? Number(inv.amountMsat) : amt * 1000 + amtMsat,
      feeMsat: 0,
      feeLimitMsat: feeSat !== 0 ? feeSat * 1000 : feeMsatIn,
      status: 'IN_FLIGHT',
      failureReason: 'FAILURE_REASON_NONE',
      preimage: null,
      created: now,
      index: ++paymentIndex,
    };
    payments.set(p.hash, p);
    fake.started.push(p.hash);
    const inflight = paymentJson(p);
    const forced = fake.nextPayment;
    fake.nextPayment = null;
    if (forced?.status === 'IN_FLIGHT') return { status: 200, hang: true }; // the stream stays open until the HTLCs resolve
    if (forced?.status === 'FAILED') failPayment(p, forced.reason);
    else if (!remotePreimages.has(p.hash)) failPayment(p, 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS');
    else if (fake.routeFeeMsat > p.feeLimitMsat) failPayment(p, 'FAILURE_REASON_NO_ROUTE');
    else settlePayment(p);
    const lines = [...(b.no_inflight_updates === true ? [] : [{ result: inflight }]), { result: paymentJson(p) }];
    return { status: 200, text: `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`, headers: { 'content-type': 'application/json' } };
  };

  /** ListPayments. */
  const listPayments = (q: URLSearchParams): Reply => {
    const u64 = (k: string) => {
      const v = q.get(k);
      if (v === null || v === '') return 0;
      if (!/^\d+$/.test(v)) throw new BadRequest(`strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax`);
      return Number(v);
    };
    const flag = (k: string) => q.get(k) === 'true' || q.get(k) === '1';
    const start = u64('creation_date_start');
    const end = u64('creation_date_end');
    if (start !== 0 && end !== 0 && start >= end) return grpcError(2, `start date(${start}) must be before end date(${end})`);
    const list = [...payments.values()]
      .sort((a, b) => a.index - b.index)
      .filter((p) => flag('include_incomplete') || p.status === 'SUCCEEDED')
      .filter((p) => (start === 0 || p.created >= start) && (end === 0 || p.created <= end));
    const max = u64('max_payments') || 100;
    const offset = u64('index_offset');
    const page = flag('reversed') ? (offset ? list.filter((p) => p.index < offset) : list).slice(-max) : list.filter((p) => p.index > offset).slice(0, max);
    return {
      status: 200,
      body: {
        payments: page.map(paymentJson),
        first_index_offset: String(page[0]?.index ?? 0),
        last_index_offset: String(page.at(-1)?.index ?? 0),
        total_num_payments: '0',
      },
    };
  };

  /** ListInvoices: forward from index_offset (exclusive) by add_index, or backwards with reversed. */
  const listInvoices = (q: URLSearchParams): Reply => {
    const fault = fake.listFaults.shift();
    if (fault) return fault;
    const u64 = (k: string) => {
      const v = q.get(k);
      if (v === null || v === '') return 0;
      if (!/^\d+$/.test(v)) throw new BadRequest(`strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax`);
      return Number(v);
    };
    const flag = (k: string) => q.get(k) === 'true' || q.get(k) === '1';
    const start = u64('creation_date_start');
    const end = u64('creation_date_end');
    if (start !== 0 && end !== 0 && start >= end) return grpcError(2, `start date(${start}) must be before end date(${end})`);
    const list = [...invoices.values()]
      .sort((a, b) => a.addIndex - b.addIndex)
      .filter((i) => !flag('pending_only') || i.state === 'OPEN' || i.state === 'ACCEPTED')
      .filter((i) => (start === 0 || i.created >= start) && (end === 0 || i.created <= end));
    const max = u64('num_max_invoices') || 100;
    const offset = u64('index_offset');
    const page = flag('reversed')
      ? (offset ? list.filter((i) => i.addIndex < offset) : list).slice(-max)
      : list.filter((i) => i.addIndex > offset).slice(0, max);
    return {
      status: 200,
      body: { invoices: page.map(invoiceJson), last_index_offset: String(page.at(-1)?.addIndex ?? 0), first_index_offset: String(page[0]?.addIndex ?? 0) },
    };
  };

  const handle = (method: string, path: string, body: string, query: URLSearchParams): Reply => {
    expireDue();
    if (method === 'GET' && path === '/v1/invoices') return listInvoices(query);
    if (method === 'POST' && path === '/v2/router/send') return sendPayment(parseBody(body, SEND_FIELDS));
    if (method === 'GET' && path === '/v1/payments') return listPayments(query);
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
    // Each RPC's permission: the payments' are offchain, everything else here the invoices'.
    const offchain = url.pathname === '/v2/router/send' || url.pathname === '/v1/payments';
    const refuse = url.pathname === '/v2/router/send' ? streamError : grpcError;
    const mac = String(headers['grpc-metadata-macaroon'] ?? '').toLowerCase();
    if (mac === '') return refuse(2, 'expected 1 macaroon, got 0');
    if (mac !== macaroon.toLowerCase() && mac !== fake.payMacaroon.toLowerCase())
      return refuse(2, 'verification failed: signature mismatch after caveat verification');
    if ((mac === fake.payMacaroon.toLowerCase()) !== offchain) return refuse(2, 'permission denied');
    try {
      return handle(method, url.pathname, body, url.searchParams);
    } catch (err) {
      if (err instanceof BadRequest) return grpcError(3, err.message);
      throw err;
    }
  })) as FakeLnd;
  fake.payMacaroon = opts.payMacaroon ?? 'feed0123';
  fake.listFaults = [];
  fake.payments = payments;
  fake.started = [];
  fake.routeFeeMsat = 1000;
  fake.nextPayment = null;
  fake.resolvePayment = (hashHex, status, reason = 'FAILURE_REASON_TIMEOUT') => {
    const p = payments.get(hashHex);
    if (p?.status !== 'IN_FLIGHT') throw new Error('fake lnd: no payment in flight for this hash');
    if (status === 'SUCCEEDED') settlePayment(p);
    else failPayment(p, reason);
  };
  fake.remoteInvoice = ({ sats = 1000, network, timestamp, expiry = 3600, description = 'refund' }) => {
    const preimage = randomBytes(32);
    const hash = createHash('sha256').update(preimage).digest();
    remotePreimages.set(hash.toString('hex'), preimage);
    const invoice = encodeInvoice(
      {
        network: network ?? fake.network,
        amountSats: sats,
        timestamp: timestamp ?? fake.clock(),
        paymentHash: hash,
        paymentSecret: randomBytes(32),
        description,
        expiry,
      },
      remoteKey,
    );
    return { invoice, hash: hash.toString('hex'), preimage: preimage.toString('hex'), payee: nodePublicKeyHex(remoteKey) };
  };
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
