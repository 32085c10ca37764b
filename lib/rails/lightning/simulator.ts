// Test-mode Lightning: real BOLT11 invoices on the test network (lntb), signed with a test node
// key, with payment hash, payment secret, description and expiry. Any decoder reads them; no node
// can route them. The simulator settles them (test helpers) or lets them expire.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { invalid } from '../../errors';
import { simulatedClaimRefunds } from '../refund-simulator';
import { configured, type RailDefinition } from '../settings';
import type { AttemptView, PromptInput, RailAdapter, RailPrompt, RailStatus, SimulatorControls } from '../types';
import { encodeInvoice, MAX_DESCRIPTION_BYTES, nodePublicKeyHex, utf8Prefix } from './bolt11';
import { parseLightningDestination } from './destination';

interface SimState {
  settled?: { amount: number; at: number };
  failed?: { at: number };
}

export class LightningSimulator implements RailAdapter<{ nodeKey: Uint8Array }>, SimulatorControls {
  readonly rail = 'btc_lightning' as const;
  readonly kind = 'lightning' as const;
  readonly family = 'invoice' as const;
  readonly mode = 'test' as const;
  readonly currencies = ['BTC'] as const;
  readonly pollSeconds = 2;
  readonly simulator = this;
  /** Refunds: the payer claims with a testnet invoice; the simulated node pays it. */
  readonly refunds = simulatedClaimRefunds({
    parseDestination: (input, amount, now, minSeconds) => parseLightningDestination(input, amount, now, minSeconds, ['tb']),
    paymentUri: (invoice) => `lightning:${invoice}`,
  });

  constructor(readonly config: { nodeKey: Uint8Array }) {}

  get nodePublicKey(): string {
    return nodePublicKeyHex(this.config.nodeKey);
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    const preimage = randomBytes(32);
    const paymentHash = sha256(preimage);
    const expiry = Math.max(1, input.expiresAt - input.now);
    const invoice = encodeInvoice(
      {
        network: 'tb',
        amountSats: input.amount,
        timestamp: input.now,
        paymentHash,
        paymentSecret: randomBytes(32),
        // As LND does: the description cut to BOLT11's 639 bytes, by whole characters.
        description: utf8Prefix(input.description, MAX_DESCRIPTION_BYTES),
        expiry,
      },
      this.config.nodeKey,
    );
    const hashHex = Buffer.from(paymentHash).toString('hex');
    return {
      destination: invoice,
      backendRef: hashHex,
      expiresAt: input.now + expiry,
      details: { paymentHash: hashHex, preimage: preimage.toString('hex'), sim: {} },
    };
  }

  async getStatus(attempt: AttemptView, now: number): Promise<RailStatus> {
    const sim = (attempt.details.sim ?? {}) as SimState;
    if (sim.settled) return { state: 'confirmed', received: sim.settled.amount, seen: 0, details: { settledAt: sim.settled.at } };
    if (sim.failed) return { state: 'failed', received: 0, seen: 0, error: { code: 'payment_failed', message: 'The Lightning payment failed (test helper).' } };
    if (attempt.expiresAt !== null && now >= attempt.expiresAt) return { state: 'expired', received: 0, seen: 0 };
    return { state: 'waiting', received: 0, seen: 0 };
  }

  pay(attempt: AttemptView, amount: number, now: number): Record<string, unknown> {
    // A Lightning payment carries at least the invoice amount (a payer may overpay, never underpay).
    if (amount < attempt.amount)
      throw invalid('parameter_invalid', `A Lightning invoice cannot be underpaid: amount must be at least ${attempt.amount}.`, 'amount');
    if (attempt.expiresAt !== null && now >= attempt.expiresAt) throw invalid('parameter_invalid', 'This Lightning invoice has expired.', 'amount');
    return { ...attempt.details, sim: { settled: { amount, at: now } } };
  }

  fail(attempt: AttemptView, now: number): Record<string, unknown> {
    return { ...attempt.details, sim: { failed: { at: now } } };
  }
}

/** Test mode's Lightning: invoices signed with LIGHTNING_TEST_NODE_KEY. */
export const lightningSimulatorRail: RailDefinition<{ nodeKey: Uint8Array }> = {
  rail: 'btc_lightning',
  mode: 'test',
  parse: ({ cfg }) => configured('LIGHTNING_TEST_NODE_KEY', () => ({ nodeKey: Uint8Array.from(Buffer.from(cfg.LIGHTNING_TEST_NODE_KEY, 'hex')) })),
  create: (config) => configured('LIGHTNING_TEST_NODE_KEY', () => new LightningSimulator(config)),
};
