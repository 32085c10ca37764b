// A payer's Bitcoin address for a claimed refund (lib/rails/types.ts RefundRail.parseDestination),
// checked as a wallet checks it before sending (@scure/base's bech32, bech32m and base58check):
//   - SegWit (BIP173 / BIP350): `bc1` on mainnet, `tb1` on testnet (and signet, which shares it);
//     version 0 with the bech32 checksum and a 20-byte (P2WPKH) or 32-byte (P2WSH) program, version
//     1 with the bech32m checksum and a 32-byte program (P2TR). All lower or all upper case (a QR
//     code's), never mixed. Later witness versions are refused: not every wallet can send to them,
//     and what is sent to one today can be spent by anyone.
//   - Legacy base58check addresses are taken too (many exchanges and older wallets still give one):
//     P2PKH (`1...`; `m`/`n` on testnet) and P2SH (`3...`; `2...`), with their checksum and version
//     byte.
// A `bitcoin:` URI prefix is taken; a URI's parameters are not (the amount is ours, not the
// payer's): the payer gives the address alone. Regtest addresses (`bcrt1`) belong to no account's
// network: an account derives mainnet or testnet addresses only (lib/rails/onchain/bip84.ts).
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { ParsedDestination } from '../types';
import type { BitcoinNetwork } from './bip84';

const b58c = createBase58check(sha256);

const HRP: Record<BitcoinNetwork, string> = { mainnet: 'bc', testnet: 'tb' };
/** Base58 version bytes: P2PKH and P2SH. */
const VERSIONS: Record<BitcoinNetwork, { p2pkh: number; p2sh: number }> = { mainnet: { p2pkh: 0x00, p2sh: 0x05 }, testnet: { p2pkh: 0x6f, p2sh: 0xc4 } };
const NETWORK_NAME: Record<string, string> = { bc: 'Bitcoin mainnet', tb: 'Bitcoin testnet or signet', bcrt: 'Bitcoin regtest' };

const refuse = (code: 'invalid_destination' | 'wrong_network', message: string): ParsedDestination => ({ ok: false, code, message });

/** The address, normalized (bech32 in lower case), when it is valid on `network`; else why not. */
export function parseBitcoinAddress(input: string, network: BitcoinNetwork): ParsedDestination {
  let text = input.trim();
  if (/^bitcoin:/i.test(text)) {
    text = text.slice('bitcoin:'.length);
    if (text.includes('?')) return refuse('invalid_destination', 'Give the Bitcoin address alone, without "?amount=" or other parameters.');
  }
  if (text === '') return refuse('invalid_destination', 'Give a Bitcoin address.');
  if (/^(lightning:)?ln(bc|tb|bcrt|tbs)\d*[munp]?1/i.test(text))
    return refuse('invalid_destination', 'This is a Lightning invoice; this refund is paid on chain: give a Bitcoin address.');
  const sep = text.lastIndexOf('1');
  const hrp = sep > 0 ? text.slice(0, sep).toLowerCase() : '';
  if (hrp === 'bc' || hrp === 'tb' || hrp === 'bcrt') return segwit(text, hrp, network);
  return legacy(text, network);
}

function segwit(text: string, hrp: string, network: BitcoinNetwork): ParsedDestination {
  if (text !== text.toLowerCase() && text !== text.toUpperCase())
    return refuse('invalid_destination', 'A Bitcoin address is all lower case or all upper case, never mixed: copy it again from the wallet.');
  const address = text.toLowerCase() as `${string}1${string}`;
  // The checksum decides the encoding: bech32 for version 0, bech32m for versions 1 and up (BIP350).
  const asBech32 = bech32.decodeUnsafe(address);
  const m = asBech32 ? 'bech32' : 'bech32m';
  const decoded = asBech32 || bech32m.decodeUnsafe(address);
  if (!decoded || decoded.words.length === 0)
    return refuse('invalid_destination', 'This Bitcoin address is not valid (its checksum does not match): copy it again from the wallet.');
  const version = decoded.words[0]!;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1)) || undefined;
  const valid =
    program !== undefined &&
    ((version === 0 && m === 'bech32' && (program.length === 20 || program.length === 32)) || (version === 1 && m === 'bech32m' && program.length === 32));
  if (!valid) {
    if (program !== undefined && version > 1 && version <= 16 && m === 'bech32m')
      return refuse('invalid_destination', `This is a SegWit version ${version} address, which this refund cannot be sent to: give a bc1q or bc1p address.`);
    return refuse('invalid_destination', 'This Bitcoin address is not valid: copy it again from the wallet.');
  }
  if (hrp !== HRP[network]) return refuse('wrong_network', wrongNetwork(NETWORK_NAME[hrp]!, network));
  return { ok: true, destination: address, expiresAt: null, details: { addressType: version === 0 ? (program.length === 20 ? 'p2wpkh' : 'p2wsh') : 'p2tr' } };
}

function legacy(text: string, network: BitcoinNetwork): ParsedDestination {
  let raw: Uint8Array;
  try {
    raw = b58c.decode(text);
  } catch {
    return refuse('invalid_destination', 'This is not a Bitcoin address (or its checksum does not match): copy it again from the wallet.');
  }
  if (raw.length !== 21) return refuse('invalid_destination', 'This is not a Bitcoin address: copy it again from the wallet.');
  const version = raw[0]!;
  const own = VERSIONS[network];
  if (version === own.p2pkh || version === own.p2sh)
    return { ok: true, destination: text, expiresAt: null, details: { addressType: version === own.p2pkh ? 'p2pkh' : 'p2sh' } };
  const other = VERSIONS[network === 'mainnet' ? 'testnet' : 'mainnet'];
  if (version === other.p2pkh || version === other.p2sh)
    return refuse('wrong_network', wrongNetwork(network === 'mainnet' ? NETWORK_NAME.tb! : NETWORK_NAME.bc!, network));
  return refuse('invalid_destination', 'This is not a Bitcoin address: copy it again from the wallet.');
}

const wrongNetwork = (theirs: string, network: BitcoinNetwork) =>
  `This is a ${theirs} address; this refund is paid on ${network === 'mainnet' ? 'Bitcoin mainnet (bc1...)' : 'Bitcoin testnet (tb1...)'}.`;

/** BIP21: `bitcoin:<address>?amount=<BTC, decimal>`. */
export function bitcoinUri(address: string, btc: string): string {
  return `bitcoin:${address}?amount=${btc}`;
}

/** A merchant's proof of a refund sent on chain: a transaction id (64 hex), lower case; null when it is not one. */
export function proofTxid(reference: string): string | null {
  const t = reference.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(t) ? t : null;
}
