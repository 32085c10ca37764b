// Where a claimed refund goes (lib/refunds/claim.ts): what a payer pastes on the claim page, checked
// as a wallet would before paying it. A BOLT11 invoice: its signature, its network, EXACTLY the
// refund's amount (an amountless one is refused: the merchant would choose), and time left to pay
// it. A Bitcoin address: segwit (bech32 v0, bech32m v1+) with its checksum, on the account's
// network. A TRON address: base58check, 0x41. Used by the live adapters and the simulators alike.
import { bech32, bech32m } from '@scure/base';
import { toDecimalString } from '../money';
import { decodeInvoice } from './lightning/bolt11';
import { isTronAddress } from './tron/address';
import type { ParsedDestination } from './types';

const refuse = (code: string, message: string): ParsedDestination => ({ ok: false, code, message });

/** BOLT11 networks: bc (mainnet), tb (testnet), tbs (signet), bcrt (regtest). */
export type InvoiceNetwork = 'bc' | 'tb' | 'tbs' | 'bcrt';

export function parseInvoiceDestination(
  input: string,
  amountSats: number,
  now: number,
  minSeconds: number,
  networks: readonly InvoiceNetwork[],
): ParsedDestination {
  const text = input.trim().replace(/^lightning:/i, '');
  let inv: ReturnType<typeof decodeInvoice>;
  try {
    inv = decodeInvoice(text);
  } catch (err) {
    return refuse('invalid_destination', `This is not a valid Lightning invoice (${(err as Error).message}).`);
  }
  if (!networks.includes(inv.network as InvoiceNetwork))
    return refuse('wrong_network', `This invoice is for another network (ln${inv.network}); an invoice starting with ln${networks[0]} is needed.`);
  if (inv.amountMsat === null) return refuse('amount_mismatch', `This invoice has no amount: make one for exactly ${amountSats} sats.`);
  if (inv.amountMsat !== BigInt(amountSats) * 1000n)
    return refuse('amount_mismatch', `This invoice is for ${formatMsat(inv.amountMsat)} sats; make one for exactly ${amountSats} sats.`);
  const expiresAt = inv.timestamp + inv.expiry;
  if (expiresAt <= now) return refuse('invoice_expired', 'This invoice has expired: make a new one.');
  if (expiresAt < now + minSeconds)
    return refuse('invoice_expired', `This invoice expires too soon: make one valid for at least ${Math.ceil(minSeconds / 60)} minutes.`);
  return { ok: true, destination: text.toLowerCase(), expiresAt, details: { paymentHash: inv.paymentHash } };
}

const formatMsat = (msat: bigint) => (msat % 1000n === 0n ? String(msat / 1000n) : `${msat / 1000n}.${String(msat % 1000n).padStart(3, '0')}`);

/** Segwit address prefixes: bc (mainnet), tb (testnet and signet), bcrt (regtest). */
export type AddressNetwork = 'mainnet' | 'testnet';
const HRP: Record<AddressNetwork, readonly string[]> = { mainnet: ['bc'], testnet: ['tb', 'bcrt'] };

export function parseBitcoinAddressDestination(input: string, network: AddressNetwork): ParsedDestination {
  const text = input.trim().replace(/^bitcoin:/i, '');
  if (text.includes('?')) return refuse('invalid_destination', 'Paste the address alone, without an amount or a label.');
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return refuse('invalid_destination', 'This is not a valid Bitcoin address (mixed case).');
  const lower = text.toLowerCase();
  const hrp = lower.slice(0, Math.max(0, lower.lastIndexOf('1')));
  if (!['bc', 'tb', 'bcrt'].includes(hrp))
    return refuse('invalid_destination', 'This is not a Bitcoin address Caisse can send to: paste a segwit address (bc1... or tb1...).');
  if (!HRP[network].includes(hrp))
    return refuse('wrong_network', `This address is for another network (${hrp}1...); an address starting with ${HRP[network][0]}1 is needed.`);
  let version: number;
  let program: Uint8Array;
  try {
    // The version decides the checksum: bech32 for v0, bech32m for v1 and later (BIP 350).
    const words = (lower[hrp.length + 1] === 'q' ? bech32 : bech32m).decode(lower as `${string}1${string}`, 90).words;
    version = words[0]!;
    program = (lower[hrp.length + 1] === 'q' ? bech32 : bech32m).fromWords(words.slice(1));
  } catch {
    return refuse('invalid_destination', 'This is not a valid Bitcoin address (its checksum is wrong).');
  }
  const ok = version === 0 ? program.length === 20 || program.length === 32 : version <= 16 && program.length >= 2 && program.length <= 40;
  if (!ok) return refuse('invalid_destination', 'This is not a valid Bitcoin address (a segwit program of the wrong length).');
  return { ok: true, destination: lower, expiresAt: null };
}

export function parseTronDestination(input: string): ParsedDestination {
  const text = input.trim().replace(/^tron:/i, '');
  if (!isTronAddress(text)) return refuse('invalid_destination', 'This is not a valid TRON address (T..., 34 characters, with its checksum).');
  return { ok: true, destination: text, expiresAt: null };
}

export const lightningUri = (invoice: string) => `lightning:${invoice}`;
export const bitcoinUri = (address: string, sats: number) => `bitcoin:${address}?amount=${toDecimalString(sats, 'BTC')}`;
/** TRON wallets take the address; the amount is shown beside it (no URI scheme is common to them). */
export const tronUri = (address: string) => address;
