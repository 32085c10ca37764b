// Derived addresses against published vectors, and BOLT11 against an independent decoder.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { decode } from 'light-bolt11-decoder';
import { describe, expect, it } from 'vitest';
import { encodeInvoice, nodePublicKeyHex } from './lightning/bolt11';
import { parseAccountKey, receiveAddress, testAccountKeyFromSeed } from './onchain/bip84';
import { isTronAddress, parseTronAccountKey, testTronAccountKeyFromSeed, tronAddressFromPublicKey, tronDepositAddress } from './tron/address';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = pbkdf2(sha512, new TextEncoder().encode(MNEMONIC), new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 });

describe('BIP84', () => {
  it("matches the published mainnet vector (zpub, m/84'/0'/0'/0/0 and /0/1)", () => {
    const key = parseAccountKey('zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
    expect(receiveAddress(key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(receiveAddress(key, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('the built-in testnet key is the BIP84 test vector (vpub, tb1q6rz28...)', () => {
    const vpub = 'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
    const key = parseAccountKey(vpub);
    expect(key.network).toBe('testnet');
    expect(receiveAddress(key, 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    // Independent path: private derivation from the mnemonic's seed, hash160 by hand.
    const child = HDKey.fromMasterSeed(seed).derive("m/84'/1'/0'/0/7");
    const expected = bech32.encode('tb', [0, ...bech32.toWords(ripemd160(sha256(child.publicKey!)))]);
    expect(receiveAddress(key, 7)).toBe(expected);
  });

  it('refuses private keys and wrong depths', () => {
    const root = HDKey.fromMasterSeed(seed);
    expect(() => parseAccountKey(root.derive("m/84'/0'/0'").privateExtendedKey)).toThrow();
    expect(() => parseAccountKey(root.publicExtendedKey, { allowXpubVersion: true })).toThrow(/depth/);
    expect(() => parseAccountKey('garbage')).toThrow();
  });

  it('takes zpub/vpub (BIP84); an xpub/tpub only with BTC_XPUB_ALLOW_XPUB_VERSION, for the same account', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'");
    const xpub = account.publicExtendedKey; // the BIP84 account, exported with the generic version
    expect(xpub.startsWith('xpub')).toBe(true);
    expect(() => parseAccountKey(xpub)).toThrow(/BTC_XPUB_ALLOW_XPUB_VERSION=1/);
    // Allowed, it derives the very addresses of the published zpub vector.
    expect(receiveAddress(parseAccountKey(xpub, { allowXpubVersion: true }), 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    const testnet = HDKey.fromMasterSeed(seed, { public: 0x043587cf, private: 0x04358394 }).derive("m/84'/1'/0'").publicExtendedKey;
    expect(testnet.startsWith('tpub')).toBe(true);
    expect(() => parseAccountKey(testnet)).toThrow(/export the account's vpub/);
    expect(receiveAddress(parseAccountKey(testnet, { allowXpubVersion: true }), 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
  });

  it('refuses a depth-3 key whose index is not hardened (not an account key)', () => {
    const notAccount = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0");
    expect(() => parseAccountKey(notAccount.publicExtendedKey, { allowXpubVersion: true })).toThrow(/hardened/);
  });

  it("a test seed gives a vpub at m/84'/1'/0' of that seed, not the public test vector", () => {
    const s = new Uint8Array(32).fill(7);
    const vpub = testAccountKeyFromSeed(s);
    expect(vpub.startsWith('vpub')).toBe(true);
    const expected = bech32.encode('tb', [0, ...bech32.toWords(ripemd160(sha256(HDKey.fromMasterSeed(s).derive("m/84'/1'/0'/0/0").publicKey!)))]);
    expect(receiveAddress(parseAccountKey(vpub), 0)).toBe(expected);
    expect(receiveAddress(parseAccountKey(vpub), 0)).not.toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(testAccountKeyFromSeed(new Uint8Array(32).fill(8))).not.toBe(vpub);
  });
});

describe('TRON addresses', () => {
  it('private key 1 -> the address of Ethereum 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf with prefix 0x41', () => {
    const priv = new Uint8Array(32);
    priv[31] = 1;
    const addr = tronAddressFromPublicKey(secp256k1.getPublicKey(priv, false));
    // Second path: the well-known Ethereum address of key 1, prefixed and base58check-encoded.
    const eth = Buffer.from('7e5f4552091a69125d5dfcb7b8c2659029395bdf', 'hex');
    const b58c = createBase58check(sha256);
    expect(addr).toBe(b58c.encode(Uint8Array.from([0x41, ...eth])));
    // Third path: keccak by hand from the compressed key.
    const un = secp256k1.Point.fromBytes(secp256k1.getPublicKey(priv, true)).toBytes(false);
    expect(Buffer.from(keccak_256(un.subarray(1)).subarray(12)).equals(eth)).toBe(true);
    expect(addr.startsWith('T')).toBe(true);
    expect(isTronAddress(addr)).toBe(true);
    expect(isTronAddress(addr.slice(0, -1) + (addr.endsWith('A') ? 'B' : 'A'))).toBe(false);
  });

  it("m/44'/195'/0'/0/0 of the 'abandon ... about' mnemonic is TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH", () => {
    const acct = HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'");
    const xpub = new HDKey({ publicKey: acct.publicKey!, chainCode: acct.chainCode!, depth: 3, index: acct.index, parentFingerprint: acct.parentFingerprint })
      .publicExtendedKey;
    const key = parseTronAccountKey(xpub);
    expect(tronDepositAddress(key, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    const priv = HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'/0/3");
    expect(tronDepositAddress(key, 3)).toBe(tronAddressFromPublicKey(secp256k1.getPublicKey(priv.privateKey!, false)));
  });

  it("refuses a key that is not the account key m/44'/195'/account' (depth, hardened index, key origin)", () => {
    const root = HDKey.fromMasterSeed(seed);
    const account = root.derive("m/44'/195'/0'").publicExtendedKey;
    expect(() => parseTronAccountKey(root.derive("m/44'/195'/0'/0").publicExtendedKey)).toThrow(/depth 3/);
    expect(() => parseTronAccountKey(root.derive("m/44'/195'").publicExtendedKey)).toThrow(/depth 3/);
    // Depth 3, but the last step is not hardened: m/44'/195'/0 is no account.
    expect(() => parseTronAccountKey(root.derive("m/44'/195'/0").publicExtendedKey)).toThrow(/hardened/);
    expect(() => parseTronAccountKey(root.derive("m/84'/0'/0'").publicExtendedKey.replace(/^xpub/, 'zpub'))).toThrow(/xpub/);
    // With its key origin (descriptor form), the path itself is checked.
    expect(tronDepositAddress(parseTronAccountKey(`[73c5da0a/44'/195'/0']${account}`), 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(tronDepositAddress(parseTronAccountKey(`[73c5da0a/44h/195h/0h]${account}`), 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    const bitcoinAccount = root.derive("m/44'/0'/0'").publicExtendedKey;
    expect(() => parseTronAccountKey(`[73c5da0a/44'/0'/0']${bitcoinAccount}`)).toThrow(/not m\/44'\/195'\/0'/);
    expect(() => parseTronAccountKey(`[73c5da0a/44'/195'/1']${account}`)).toThrow(/not m\/44'\/195'\/0'/);
  });

  it("a test seed gives the xpub of m/44'/195'/0' of that seed", () => {
    const s = new Uint8Array(32).fill(7);
    const key = parseTronAccountKey(testTronAccountKeyFromSeed(s));
    const priv = HDKey.fromMasterSeed(s).derive("m/44'/195'/0'/0/0");
    expect(tronDepositAddress(key, 0)).toBe(tronAddressFromPublicKey(secp256k1.getPublicKey(priv.privateKey!, false)));
    expect(tronDepositAddress(key, 0)).not.toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });
});

describe('BOLT11', () => {
  it('encodes a signed lntb invoice that light-bolt11-decoder reads back field by field', () => {
    const nodeKey = new Uint8Array(32).fill(9);
    const paymentHash = sha256(new Uint8Array(32).fill(1));
    const inv = encodeInvoice(
      {
        network: 'tb',
        amountSats: 150_000,
        timestamp: 1_700_000_000,
        paymentHash,
        paymentSecret: new Uint8Array(32).fill(2),
        description: 'Order 42 — café',
        expiry: 900,
      },
      nodeKey,
    );
    expect(inv.startsWith('lntb1500u1')).toBe(true);
    const d = decode(inv);
    const s = Object.fromEntries(d.sections.map((x: any) => [x.name, x.value]));
    expect(s.amount).toBe('150000000');
    expect(s.timestamp).toBe(1_700_000_000);
    expect(s.payment_hash).toBe(Buffer.from(paymentHash).toString('hex'));
    expect(s.payment_secret).toBe('02'.repeat(32));
    expect(s.description).toBe('Order 42 — café');
    expect(d.expiry).toBe(900);
    expect(s.feature_bits.payment_secret).toBe('required');
    // The signature recovers to the test node's public key.
    const sigHex: string = s.signature;
    const sig = Buffer.from(sigHex, 'hex');
    const hrp = inv.slice(0, inv.lastIndexOf('1'));
    const words = bech32.decode(inv as `${string}1${string}`, false).words;
    const data = words.slice(0, words.length - 104);
    const bits = data.map((w) => w.toString(2).padStart(5, '0')).join('');
    const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
    const bytes = Uint8Array.from(padded.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
    const msg = sha256(Uint8Array.from([...new TextEncoder().encode(hrp), ...bytes]));
    const recovered = secp256k1.Signature.fromBytes(Uint8Array.from([sig[64]!, ...sig.subarray(0, 64)]), 'recovered').recoverPublicKey(msg);
    expect(recovered.toHex(true)).toBe(nodePublicKeyHex(nodeKey));
  });

  it('uses the shortest exact amount multiplier', () => {
    const base = { network: 'tb' as const, timestamp: 1, paymentHash: new Uint8Array(32), paymentSecret: new Uint8Array(32), description: '', expiry: 60 };
    const k = new Uint8Array(32).fill(3);
    expect(encodeInvoice({ ...base, amountSats: 1 }, k).startsWith('lntb10n1')).toBe(true);
    expect(encodeInvoice({ ...base, amountSats: 100_000 }, k).startsWith('lntb1m1')).toBe(true);
  });
});
