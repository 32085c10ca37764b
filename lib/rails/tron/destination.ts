// A payer's TRON address for a claimed USDT (TRC20) refund (lib/rails/types.ts RefundRail): base58check
// with its checksum and the 0x41 prefix (lib/rails/tron/address.ts isTronAddress). TRON's test
// networks (Nile, Shasta) use the same addresses as mainnet: there is no network to check. The token
// contract's own address is refused (what is sent to it is lost), and so is an Ethereum-style one
// (the same USDT name on another chain).
//
// The payment URI is the address alone: TRON has no payment URI standard (wallets' own schemes,
// TronLink's deeplinks or TokenPocket's `tron:` actions, are app-specific), and every TRON wallet's
// scanner reads a bare address, as the checkout's own TRON payment shows it.
import type { ParsedDestination } from '../types';
import { isTronAddress } from './address';

export function parseTronDestination(input: string, contract: string): ParsedDestination {
  const text = input.trim();
  if (text === '') return { ok: false, code: 'invalid_destination', message: 'Give a TRON address (it starts with T).' };
  if (/^0x[0-9a-fA-F]{40}$/.test(text))
    return {
      ok: false,
      code: 'wrong_network',
      message: 'This is an Ethereum-style address; this refund is sent on TRON (TRC20): give a TRON address (it starts with T).',
    };
  if (!isTronAddress(text))
    return { ok: false, code: 'invalid_destination', message: 'This is not a TRON address (or its checksum does not match): copy it again from the wallet.' };
  if (text === contract)
    return { ok: false, code: 'invalid_destination', message: "This is the USDT contract's address, not a wallet's: give your own TRON address." };
  return { ok: true, destination: text, expiresAt: null };
}

/** A merchant's proof of a refund it sent: a transaction id (64 hex), lower case; null when it is not one. */
export function proofTxid(reference: string): string | null {
  const t = reference.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(t) ? t : null;
}
