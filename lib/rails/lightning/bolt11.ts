// BOLT11 payment requests, encoded and signed here (pure JS: @noble/curves + @scure/base).
// Test mode signs with a test node key on the test network (`lntb`); live invoices come from LND.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';

/** BOLT11 network prefixes: mainnet, testnet, regtest, signet. */
export type LightningNetwork = 'bc' | 'tb' | 'bcrt' | 'tbs';

export interface InvoiceFields {
  network: LightningNetwork;
  /** null: an invoice for any amount (the payer chooses; what a refund's payer must not give). */
  amountSats: number | null;
  /** Unix seconds. */
  timestamp: number;
  paymentHash: Uint8Array; // 32 bytes
  paymentSecret: Uint8Array; // 32 bytes
  description: string;
  /** Seconds after timestamp. */
  expiry: number;
  minFinalCltvExpiry?: number;
}

/** A BOLT11 description (`d` field) holds at most 639 bytes of UTF-8 (10 bits of data length, in 5-bit words). */
export const MAX_DESCRIPTION_BYTES = 639;

/** The longest prefix of `s` that fits in `max` UTF-8 bytes, never cutting a character (a code point). */
export function utf8Prefix(s: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of s) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** Big-endian integer to 5-bit words, at least `minWords` long (0 -> []). */
function intToWords(n: number, minWords = 0): number[] {
  const out: number[] = [];
  let v = BigInt(n);
  while (v > 0n) {
    out.unshift(Number(v & 31n));
    v >>= 5n;
  }
  while (out.length < minWords) out.unshift(0);
  return out;
}

function tagged(tag: string, words: number[]): number[] {
  const code = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'.indexOf(tag);
  if (code < 0) throw new Error(`unknown tag ${tag}`);
  if (words.length >= 1024) throw new Error(`field ${tag} too long`);
  return [code, words.length >> 5, words.length & 31, ...words];
}

/** Amount in the human-readable part: the shortest exact form with a multiplier. */
export function encodeAmount(sats: number): string {
  if (!Number.isInteger(sats) || sats <= 0) throw new Error('amount must be a positive integer of satoshis');
  const msat = BigInt(sats) * 1000n;
  // 1 BTC = 1e11 msat; m = 1e8 msat, u = 1e5 msat, n = 1e2 msat, p = 0.1 msat.
  if (msat % 100_000_000n === 0n) return `${msat / 100_000_000n}m`;
  if (msat % 100_000n === 0n) return `${msat / 100_000n}u`;
  return `${msat / 100n}n`;
}

function wordsToBytesPadded(words: number[]): Uint8Array {
  // Concatenate 5-bit words into bytes, zero-padding the last byte (BOLT11 signing rule).
  const bits: number[] = [];
  for (const w of words) for (let i = 4; i >= 0; i--) bits.push((w >> i) & 1);
  while (bits.length % 8) bits.push(0);
  const out = new Uint8Array(bits.length / 8);
  for (let i = 0; i < out.length; i++) {
    let b = 0;
    for (let j = 0; j < 8; j++) b = (b << 1) | bits[i * 8 + j]!;
    out[i] = b;
  }
  return out;
}

/** Encode and sign. The node's public key is recoverable from the signature (no `n` field). */
export function encodeInvoice(fields: InvoiceFields, nodePrivateKey: Uint8Array): string {
  if (fields.paymentHash.length !== 32 || fields.paymentSecret.length !== 32) throw new Error('payment hash and secret are 32 bytes');
  const hrp = `ln${fields.network}${fields.amountSats === null ? '' : encodeAmount(fields.amountSats)}`;
  const desc = new TextEncoder().encode(fields.description);
  if (desc.length > MAX_DESCRIPTION_BYTES) throw new Error('description too long for a BOLT11 d field');
  const data: number[] = [
    ...intToWords(fields.timestamp, 7),
    ...tagged('p', bech32.toWords(fields.paymentHash)),
    ...tagged('s', bech32.toWords(fields.paymentSecret)),
    ...tagged('d', bech32.toWords(desc)),
    ...tagged('x', intToWords(fields.expiry)),
    ...tagged('c', intToWords(fields.minFinalCltvExpiry ?? 18)),
    // Features: var_onion_optin (bit 8) and payment_secret (bit 14) required.
    ...tagged('9', featureWords([8, 14])),
  ];
  const preimage = new Uint8Array([...new TextEncoder().encode(hrp), ...wordsToBytesPadded(data)]);
  const sig = secp256k1.sign(sha256(preimage), nodePrivateKey, { prehash: false, format: 'recovered' });
  // noble: [recovery, r(32), s(32)]; BOLT11: r || s || recovery
  const sig65 = new Uint8Array([...sig.subarray(1), sig[0]!]);
  return bech32.encode(hrp, [...data, ...bech32.toWords(sig65)], false);
}

function featureWords(bits: number[]): number[] {
  const max = Math.max(...bits);
  const n = Math.floor(max / 5) + 1;
  const words = new Array<number>(n).fill(0);
  for (const b of bits) words[n - 1 - Math.floor(b / 5)]! |= 1 << (b % 5);
  return words;
}

export const nodePublicKeyHex = (priv: Uint8Array) => Buffer.from(secp256k1.getPublicKey(priv, true)).toString('hex');

export interface DecodedInvoice {
  network: string;
  /** null: an invoice for any amount. */
  amountMsat: bigint | null;
  timestamp: number;
  paymentHash: string; // hex
  paymentSecret: string | null; // hex
  description: string | null;
  /** Seconds after timestamp (BOLT11's default when absent: 3600). */
  expiry: number;
  /** The signer's compressed public key, hex: recovered from the signature, and equal to `n` when present. */
  payee: string;
}

/** Millisatoshis per unit of each amount multiplier ('' = whole bitcoin); `p` (0.1 msat) apart. */
const MSAT_PER: Record<string, bigint> = { '': 100_000_000_000n, m: 100_000_000n, u: 100_000n, n: 100n };

/** Words to bytes, dropping the last incomplete byte (BOLT11 field data). */
function wordsToBytesTrimmed(words: number[]): Uint8Array {
  return wordsToBytesPadded(words).subarray(0, Math.floor((words.length * 5) / 8));
}

const wordsToInt = (words: number[]) => words.reduce((n, w) => n * 32 + w, 0);

/**
 * Decode a BOLT11 payment request and check its signature (as a payer's wallet does before paying).
 * Throws on anything a wallet would refuse. Fields a reader must skip (wrong length) are skipped.
 */
export function decodeInvoice(request: string): DecodedInvoice {
  if (request !== request.toLowerCase() && request !== request.toUpperCase()) throw new Error('mixed case');
  const { prefix, words } = bech32.decode(request.toLowerCase() as `${string}1${string}`, false);
  const hrp = /^ln(bcrt|bc|tbs|tb)(?:(\d+)([munp]?))?$/.exec(prefix);
  if (!hrp) throw new Error(`not a BOLT11 human-readable part: ${prefix}`);
  let amountMsat: bigint | null = null;
  if (hrp[2] !== undefined) {
    if (hrp[2].startsWith('0')) throw new Error('amount has a leading zero');
    const n = BigInt(hrp[2]);
    if (hrp[3] === 'p') {
      if (n % 10n !== 0n) throw new Error('amount is not a whole millisatoshi');
      amountMsat = n / 10n;
    } else amountMsat = n * MSAT_PER[hrp[3] ?? '']!;
  }
  if (words.length < 7 + 104) throw new Error('too short');
  const data = words.slice(0, words.length - 104);
  const sigBytes = bech32.fromWords(words.slice(words.length - 104));
  const out: Omit<DecodedInvoice, 'payee'> = {
    network: hrp[1]!,
    amountMsat,
    timestamp: wordsToInt(data.slice(0, 7)),
    paymentHash: '',
    paymentSecret: null,
    description: null,
    expiry: 3600,
  };
  let nodeId: string | undefined;
  for (let i = 7; i < data.length; ) {
    const tag = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'[data[i]!]!;
    const len = (data[i + 1]! << 5) | data[i + 2]!;
    const field = data.slice(i + 3, i + 3 + len);
    if (field.length !== len) throw new Error('truncated field');
    i += 3 + len;
    const hex = () => Buffer.from(wordsToBytesTrimmed(field)).toString('hex');
    if (tag === 'p' && len === 52 && !out.paymentHash) out.paymentHash = hex();
    else if (tag === 's' && len === 52 && out.paymentSecret === null) out.paymentSecret = hex();
    else if (tag === 'd' && out.description === null) out.description = new TextDecoder('utf-8', { fatal: true }).decode(wordsToBytesTrimmed(field));
    else if (tag === 'x') out.expiry = wordsToInt(field);
    else if (tag === 'n' && len === 53) nodeId = hex();
  }
  if (!out.paymentHash) throw new Error('no payment hash');
  if (!out.paymentSecret) throw new Error('no payment secret'); // required by BOLT11 readers
  const msgHash = sha256(new Uint8Array([...new TextEncoder().encode(prefix), ...wordsToBytesPadded(data)]));
  let payee: string;
  if (nodeId !== undefined) {
    // With `n`, the signature must verify against it, in low-S form.
    if (!secp256k1.verify(sigBytes.subarray(0, 64), msgHash, Buffer.from(nodeId, 'hex'), { prehash: false, lowS: true }))
      throw new Error('signature does not match the payee node id');
    payee = nodeId;
  } else {
    // Recovery must accept a high-S signature too (BOLT11): its low-S twin, same recovery id.
    let sig = secp256k1.Signature.fromBytes(sigBytes.subarray(0, 64), 'compact');
    if (sig.hasHighS()) sig = new secp256k1.Signature(sig.r, secp256k1.Point.Fn.ORDER - sig.s);
    payee = sig.addRecoveryBit(sigBytes[64]!).recoverPublicKey(msgHash).toHex(true);
  }
  return { ...out, payee };
}
