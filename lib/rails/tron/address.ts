// TRON addresses: secp256k1 public key (uncompressed, without the 0x04 byte) -> keccak_256 ->
// last 20 bytes -> 0x41 prefix -> base58check (double SHA-256 checksum). Deposit addresses come
// from the merchant's account-level extended public key at m/44'/195'/account'/0/index.

import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

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

const HARDENED = 0x80000000;

/**
 * The account key deposit addresses come from: an xpub (or tpub) of m/44'/195'/account', optionally
 * with its key origin in descriptor form, `[fingerprint/44'/195'/0']xpub...` (as wallets export it).
 * An extended key does not carry its path, only its depth and its own index: so a key that is not
 * at depth 3 with a hardened (account') index is refused, and so is an origin naming any other path
 * than 44'/195'/account' (a Bitcoin account, 44'/0'/0', derives addresses no TRON wallet watches).
 */
export function parseTronAccountKey(keyText: string): TronAccountKey {
  const origin = /^\[([0-9a-fA-F]{8})((?:\/\d+['hH]?)*)\](.*)$/.exec(keyText.trim());
  const xpub = origin ? origin[3]! : keyText.trim();
  if (!xpub.startsWith('xpub') && !xpub.startsWith('tpub'))
    throw new Error(
      `a TRON extended public key must be an xpub (or tpub) of m/44'/195'/account'${keyText.startsWith('[') && !origin ? ' (its [fingerprint/path] origin is malformed)' : ''}`,
    );
  const versions = xpub.startsWith('tpub') ? { public: 0x043587cf, private: 0x04358394 } : undefined;
  const hd = HDKey.fromExtendedKey(xpub, versions);
  if (hd.privateKey) throw new Error('an extended PUBLIC key is required; never configure a private key');
  if (hd.depth !== 3) throw new Error(`expected an account-level key (depth 3, m/44'/195'/account'); got depth ${hd.depth}`);
  if (hd.index < HARDENED) throw new Error(`expected the account-level key m/44'/195'/account' (a hardened account index); got a key at index ${hd.index}`);
  if (origin) {
    const path = origin[2]!.split('/').slice(1);
    const hardened = path.map((p) => /['hH]$/.test(p));
    const n = path.map((p) => Number.parseInt(p, 10));
    if (path.length !== 3 || !hardened.every(Boolean) || n[0] !== 44 || n[1] !== 195 || n[2]! + HARDENED !== hd.index)
      throw new Error(`the key's origin is m${origin[2]}, not m/44'/195'/${hd.index - HARDENED}': a TRON account key is at m/44'/195'/account'`);
  }
  return { hd, keyId: `trx:${Buffer.from(sha256(hd.publicKey!)).toString('hex').slice(0, 32)}` };
}

/** Test mode: the TRON account key (xpub, m/44'/195'/0') of a deployment's test seed. */
export function testTronAccountKeyFromSeed(seed: Uint8Array): string {
  return HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'").publicExtendedKey;
}

export function tronDepositAddress(key: TronAccountKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`invalid derivation index ${index}`);
  return tronAddressFromPublicKey(key.hd.deriveChild(0).deriveChild(index).publicKey!);
}
