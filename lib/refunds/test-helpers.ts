// Test mode's refund helpers (POST /v1/test_helpers/refunds/:id/claim|succeed|fail): the payer's
// claim with a valid test destination made when none is given, and the backend's final word on a
// refund of a simulator (details.sim.forced, lib/rails/refund-simulator.ts). Test keys only; a
// refund through the merchant's own test-mode account is decided by its backend, not by these.
import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Scope } from '../domain/common';
import { getOwnedRefund, type Refund, toRefund } from '../domain/refunds';
import { invalid, testModeOnly, unexpectedState } from '../errors';
import { nowSeconds } from '../ids';
import type { Rail } from '../money';
import { encodeInvoice } from '../rails/lightning/bolt11';
import { p2wpkhAddress } from '../rails/onchain/bip84';
import { forceSimulatedRefund } from '../rails/refund-simulator';
import { tronAddressFromPublicKey } from '../rails/tron/address';
import { getRefund, type RefundRow, updateRefund } from '../store/refunds';
import { advanceRefund } from './advance';
import { claimError, submitClaim } from './claim';
import { markRefundSucceeded } from './mark-succeeded';

export const testClaimInput = z.strictObject({
  destination: z.string({ error: 'destination must be a string' }).max(2000, 'destination must be at most 2000 characters').optional(),
});

/** A valid destination on the test networks: a signed testnet invoice for exactly `amount` sats, a tb1 address, a TRON address. */
export function testDestination(rail: Rail, amount: number, now: number): string {
  const key = secp256k1.utils.randomSecretKey();
  if (rail === 'btc_lightning')
    return encodeInvoice(
      {
        network: 'tb',
        amountSats: amount,
        timestamp: now,
        paymentHash: sha256(randomBytes(32)),
        paymentSecret: randomBytes(32),
        description: 'Caisse test refund',
        expiry: 24 * 3600,
      },
      key,
    );
  if (rail === 'btc_onchain') return p2wpkhAddress(secp256k1.getPublicKey(key, true), 'testnet');
  if (rail === 'usdt_trc20') return tronAddressFromPublicKey(secp256k1.getPublicKey(key, false));
  throw invalid('parameter_invalid', `A ${rail} refund is not claimed by the payer.`);
}

async function testRefund(db: Db, scope: Scope, id: string): Promise<RefundRow> {
  if (scope.livemode) throw testModeOnly('Test helpers take a test-mode key (sk_test_...).');
  const r = await getOwnedRefund(db, scope, id);
  if (r.account_owner === 'merchant')
    throw invalid('parameter_invalid', 'This refund goes through your own test-mode rail account: its backend decides, not the test helpers.');
  return r;
}

/** The payer claims the refund (a claim rail, not yet claimed). */
export async function testClaimRefund(db: Db, scope: Scope, id: string, input: z.output<typeof testClaimInput>, now = nowSeconds()): Promise<Refund> {
  const r = await testRefund(db, scope, id);
  return toRefund(await claimRow(db, r, input.destination, now));
}

async function claimRow(db: Db, r: RefundRow, destination: string | undefined, now: number): Promise<RefundRow> {
  if (r.method !== 'claim' || r.status !== 'requires_action' || r.destination)
    throw unexpectedState(`Only a refund waiting for the payer's claim can be claimed (this one is ${r.status}${r.destination ? ', claimed' : ''}).`);
  const result = await submitClaim(db, r.claim_token!, destination ?? testDestination(r.rail, r.settlement_amount, now), now);
  if (!result.ok) throw claimError(result);
  return (await getRefund(db, r.id))!;
}

/** The backend's final word: succeeded or failed. */
export async function testSettleRefund(db: Db, scope: Scope, id: string, outcome: 'succeed' | 'fail', now = nowSeconds()): Promise<Refund> {
  let r = await testRefund(db, scope, id);
  const action = (r.next_action as { type?: string } | null)?.type;
  if (r.status === 'requires_action' && action === 'refund_claim') r = await claimRow(db, r, undefined, now);
  if (r.status === 'requires_action' && (action === 'manual_refund' || action === 'send_payment' || r.next_action?.type === 'send_payment')) {
    if (outcome === 'fail') throw unexpectedState('This refund waits for the merchant, who sends it or cancels it: it cannot fail at the backend.');
    return markRefundSucceeded(db, scope, id, `sim_${randomBytes(8).toString('hex')}`, now);
  }
  if (r.status !== 'pending') throw unexpectedState(`This refund's status is ${r.status}; only a pending refund gets the backend's answer.`);
  const forced =
    outcome === 'succeed'
      ? { state: 'succeeded' as const }
      : { state: 'failed' as const, code: 'refund_declined', message: 'The operator declined the refund (test helper).' };
  await updateRefund(db, r.id, 'pending', { details: JSON.stringify(forceSimulatedRefund(r.details, forced)) });
  // Not yet sent (a claim paid just now is): it goes out first, then the forced answer is read.
  let after = await advanceRefund(db, r.id, now);
  if (after.status === 'pending') after = await advanceRefund(db, r.id, now);
  return toRefund(after);
}
