// BIP84 receive addresses (native SegWit, P2WPKH) from an account-level extended public key.
// Only public derivation happens here: the server never holds a private key.

import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';

export type BitcoinNetwork = 'mainnet' | 'testnet';

// SLIP-132 version bytes for account extended public keys. zpub/vpub say "BIP84, native SegWit";
// xpub/tpub say nothing of the script type (a wallet exports its BIP44 legacy account as xpub too).
const PUBLIC_VERSIONS: Record<string, { network: BitcoinNetwork; public: number; private: number; bip84: boolean }> = {
  xpub: { network: 'mainnet', public: 0x0488b21e, private: 0x0488ade4, bip84: false },
  zpub: { network: 'mainnet', public: 0x04b24746, private: 0x04b2430c, bip84: true },
  tpub: { network: 'testnet', public: 0x043587cf, private: 0x04358394, bip84: false },
  vpub: { network: 'testnet', public: 0x045f1cf6, private: 0x045f18bc, bip84: true },
};

const HARDENED = 0x80000000;

export interface AccountKey {
  network: BitcoinNetwork;
  hd: HDKey;
  /** A stable, non-secret id for the key (its fingerprint-free digest): the derivation counter's key. */
  keyId: string;
}

export interface AccountKeyOptions {
  /**
   * Accept the generic xpub/tpub versions (BTC_XPUB_ALLOW_XPUB_VERSION=1). Off by default: such a
   * key may be a legacy (BIP44) or wrapped-SegWit (BIP49) account, whose wallet would never look at
   * the native SegWit addresses derived here; zpub/vpub say the key is BIP84's.
   */
  allowXpubVersion?: boolean;
}

export function parseAccountKey(extendedKey: string, opts: AccountKeyOptions = {}): AccountKey {
  const prefix = extendedKey.slice(0, 4);
  const v = PUBLIC_VERSIONS[prefix];
  if (!v) throw new Error(`an extended public key must start with zpub (mainnet) or vpub (testnet) (got ${prefix}...)`);
  if (!v.bip84 && !opts.allowXpubVersion)
    throw new Error(
      `a ${prefix} key does not say it is a BIP84 (native SegWit, m/84'/coin'/account') account: export the account's ${v.network === 'mainnet' ? 'zpub' : 'vpub'}, ` +
        `or set BTC_XPUB_ALLOW_XPUB_VERSION=1 if this ${prefix} is the m/84' account key`,
    );
  const hd = HDKey.fromExtendedKey(extendedKey, { public: v.public, private: v.private });
  if (hd.privateKey) throw new Error('an extended PUBLIC key is required; never configure a private key');
  if (hd.depth !== 3) throw new Error(`expected an account-level key (depth 3, m/84'/coin'/account'); got depth ${hd.depth}`);
  if (hd.index < HARDENED) throw new Error(`expected an account-level key (m/84'/coin'/account', a hardened account index); got index ${hd.index}`);
  const keyId = `btc:${Buffer.from(sha256(hd.publicKey!)).toString('hex').slice(0, 32)}`;
  return { network: v.network, hd, keyId };
}

/** Test mode: the BIP84 testnet account key (vpub, m/84'/1'/0') of a deployment's test seed. */
export function testAccountKeyFromSeed(seed: Uint8Array): string {
  const { public: pub, private: priv } = PUBLIC_VERSIONS.vpub!;
  return HDKey.fromMasterSeed(seed, { public: pub, private: priv }).derive("m/84'/1'/0'").publicExtendedKey;
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
