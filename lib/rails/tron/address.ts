// TRON addresses: secp256k1 public key (uncompressed, without the 0x04 byte) -> keccak_256 ->
// last 20 bytes -> 0x41 prefix -> base58check (double SHA-256 checksum). Deposit addresses come
// from the merchant's account-level extended public key at m/44'/195'/account'/0/index.
import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';

const b58c = createBase58check(sha256);

export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(hash.subarray(12), 1);
  return b58c.encode(payload);
}

export function isTronAddress(address: string): boolean {
  try {
    const raw = b58c.decode(address);
    return raw.length === 21 && raw[0] === 0x41;
  } catch {
    return false;
  }
}

/** The 20-byte hex form (with 41 prefix) some APIs use. */
export function tronAddressToHex(address: string): string {
  return Buffer.from(b58c.decode(address)).toString('hex');
}

export interface TronAccountKey {
  hd: HDKey;
  keyId: string;
}

export function parseTronAccountKey(xpub: string): TronAccountKey {
  if (!xpub.startsWith('xpub') && !xpub.startsWith('tpub'))
    throw new Error('a TRON extended public key must be an xpub (or tpub) of m/44\'/195\'/account\'');
  const versions = xpub.startsWith('tpub') ? { public: 0x043587cf, private: 0x04358394 } : undefined;
  const hd = HDKey.fromExtendedKey(xpub, versions);
  if (hd.privateKey) throw new Error('an extended PUBLIC key is required; never configure a private key');
  if (hd.depth !== 3) throw new Error(`expected an account-level key (depth 3, m/44'/195'/account'); got depth ${hd.depth}`);
  return { hd, keyId: `trx:${Buffer.from(sha256(hd.publicKey!)).toString('hex').slice(0, 32)}` };
}

export function tronDepositAddress(key: TronAccountKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`invalid derivation index ${index}`);
  return tronAddressFromPublicKey(key.hd.deriveChild(0).deriveChild(index).publicKey!);
}
