// BIP84 receive addresses (native SegWit, P2WPKH) from an account-level extended public key.
// Only public derivation happens here: the server never holds a private key.
import { HDKey } from '@scure/bip32';
import { bech32 } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';

export type BitcoinNetwork = 'mainnet' | 'testnet';

// SLIP-132 version bytes for account extended public keys.
const PUBLIC_VERSIONS: Record<string, { network: BitcoinNetwork; public: number; private: number }> = {
  xpub: { network: 'mainnet', public: 0x0488b21e, private: 0x0488ade4 },
  zpub: { network: 'mainnet', public: 0x04b24746, private: 0x04b2430c },
  tpub: { network: 'testnet', public: 0x043587cf, private: 0x04358394 },
  vpub: { network: 'testnet', public: 0x045f1cf6, private: 0x045f18bc },
};

export interface AccountKey {
  network: BitcoinNetwork;
  hd: HDKey;
  /** A stable, non-secret id for the key (its fingerprint-free digest): the derivation counter's key. */
  keyId: string;
}

export function parseAccountKey(extendedKey: string): AccountKey {
  const prefix = extendedKey.slice(0, 4);
  const v = PUBLIC_VERSIONS[prefix];
  if (!v) throw new Error(`an extended public key must start with xpub, zpub, tpub or vpub (got ${prefix}...)`);
  const hd = HDKey.fromExtendedKey(extendedKey, { public: v.public, private: v.private });
  if (hd.privateKey) throw new Error('an extended PUBLIC key is required; never configure a private key');
  if (hd.depth !== 3) throw new Error(`expected an account-level key (depth 3, m/84'/coin'/account'); got depth ${hd.depth}`);
  const keyId = `btc:${Buffer.from(sha256(hd.publicKey!)).toString('hex').slice(0, 32)}`;
  return { network: v.network, hd, keyId };
}

export function p2wpkhAddress(publicKey: Uint8Array, network: BitcoinNetwork): string {
  const program = ripemd160(sha256(publicKey));
  return bech32.encode(network === 'mainnet' ? 'bc' : 'tb', [0, ...bech32.toWords(program)]);
}

/** m/84'/coin'/account'/0/index: the external (receive) chain. */
export function receiveAddress(key: AccountKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`invalid derivation index ${index}`);
  const child = key.hd.deriveChild(0).deriveChild(index);
  return p2wpkhAddress(child.publicKey!, key.network);
}

/** A syntactic check of a P2WPKH address on a network (for fakes and tests). */
export function isP2wpkhAddress(address: string, network: BitcoinNetwork): boolean {
  try {
    const d = bech32.decode(address as `${string}1${string}`);
    return d.prefix === (network === 'mainnet' ? 'bc' : 'tb') && d.words[0] === 0 && bech32.fromWords(d.words.slice(1)).length === 20;
  } catch {
    return false;
  }
}
