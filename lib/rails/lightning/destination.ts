// A payer's BOLT11 invoice for a claimed Lightning refund (lib/rails/types.ts RefundRail), checked
// as a paying wallet checks it: bech32 checksum, signature (lib/rails/lightning/bolt11.ts
// decodeInvoice: verified against `n` when present, else the payee's key is recovered from it, and
// a signature that recovers no key is refused), payment hash and secret, then what this refund
// needs: this account's network, exactly the amount, and time left to pay it. Shared by the live
// adapter (LND) and anything else that takes claimed invoices.
import { sha256 } from '@noble/hashes/sha2.js';
import type { ParsedDestination, RefundOutcome } from '../types';
import { type DecodedInvoice, decodeInvoice } from './bolt11';

/** A BOLT11 network prefix: mainnet, testnet, signet, regtest. */
export type InvoiceNetwork = 'bc' | 'tb' | 'tbs' | 'bcrt';
export const TEST_NETWORKS: readonly InvoiceNetwork[] = ['tb', 'tbs', 'bcrt'];
const NETWORK_NAME: Record<string, string> = { bc: 'Bitcoin mainnet', tb: 'Bitcoin testnet', tbs: 'Bitcoin signet', bcrt: 'Bitcoin regtest' };
const names = (networks: readonly string[]) => networks.map((n) => NETWORK_NAME[n] ?? n).join(' or ');

/** The invoice without a `lightning:` prefix and surrounding spaces, in lower case (BOLT11's canonical form). */
export function invoiceText(input: string): string {
  const text = input.trim();
  return (/^lightning:/i.test(text) ? text.slice('lightning:'.length) : text).trim();
}

/**
 * Is `input` an invoice this refund can be paid to: on one of `networks`, for exactly `amount`
 * sats, payable for at least `minSeconds` more after `now`?
 */
export function parseLightningDestination(input: string, amount: number, now: number, minSeconds: number, networks: readonly string[]): ParsedDestination {
  const text = invoiceText(input);
  if (text === '') return { ok: false, code: 'invalid_destination', message: 'Give a Lightning invoice (it starts with lnbc).' };
  if (!/^ln/i.test(text))
    return { ok: false, code: 'invalid_destination', message: 'This is not a Lightning invoice (it starts with lnbc): create one in your Lightning wallet.' };
  let inv: DecodedInvoice;
  try {
    inv = decodeInvoice(text);
  } catch (err) {
    return { ok: false, code: 'invalid_destination', message: `This Lightning invoice is not valid (${shortError(err)}): copy it again from the wallet.` };
  }
  if (!networks.includes(inv.network))
    return {
      ok: false,
      code: 'wrong_network',
      message: `This invoice is for ${NETWORK_NAME[inv.network] ?? inv.network}; this refund is paid on ${names(networks)}.`,
    };
  if (inv.amountMsat === null) return { ok: false, code: 'amount_mismatch', message: `This invoice has no amount: create one for exactly ${amount} sats.` };
  if (inv.amountMsat !== BigInt(amount) * 1000n)
    return { ok: false, code: 'amount_mismatch', message: `This invoice is for ${formatMsat(inv.amountMsat)}; create one for exactly ${amount} sats.` };
  const expiresAt = inv.timestamp + inv.expiry;
  if (expiresAt <= now) return { ok: false, code: 'invoice_expired', message: 'This invoice has expired: create a new one.' };
  if (expiresAt < now + minSeconds)
    return {
      ok: false,
      code: 'invoice_expired',
      message: `This invoice expires too soon: create one valid for at least ${Math.ceil(minSeconds / 60)} minutes.`,
    };
  return { ok: true, destination: text.toLowerCase(), expiresAt, details: { paymentHash: inv.paymentHash, payee: inv.payee, network: inv.network } };
}

const formatMsat = (msat: bigint) => (msat % 1000n === 0n ? `${msat / 1000n} sats` : `${msat} millisats`);

/** The decoder's reason, short and without the input (a reason like "invalid checksum"). */
function shortError(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return /checksum/i.test(m) ? 'its checksum does not match' : /signature|recover|point|scalar/i.test(m) ? 'its signature is not valid' : 'it cannot be read';
}

/** The invoice's payment hash (hex), or null when `invoice` does not decode. */
export function paymentHashOf(invoice: string): string | null {
  try {
    return decodeInvoice(invoiceText(invoice)).paymentHash;
  } catch {
    return null;
  }
}

/**
 * A merchant's proof that a claimed invoice was paid: the preimage its wallet shows once the payment
 * succeeded (64 hex), which only the payee could give, and only against the payment. It proves the
 * payment when it hashes to the invoice's payment hash; anything else is a wrong proof (`failed`:
 * the merchant records another one).
 */
export function checkPreimage(proof: string, paymentHash: string): RefundOutcome {
  const preimage = proof.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(preimage))
    return {
      state: 'failed',
      code: 'invalid_proof',
      message: 'A Lightning payment proof is the preimage: 64 hexadecimal characters, shown by the wallet that paid.',
    };
  if (Buffer.from(sha256(Buffer.from(preimage, 'hex'))).toString('hex') !== paymentHash)
    return { state: 'failed', code: 'invalid_proof', message: "This preimage is not the invoice's: it does not hash to its payment hash." };
  return { state: 'succeeded', operatorReference: preimage, details: { paymentHash, preimage } };
}
