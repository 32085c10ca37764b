// Test-mode on-chain Bitcoin: real BIP84 testnet addresses (tb1...) from a test account key, and a
// simulated chain: a payment enters the mempool when paid, then gains one confirmation every
// SIM_BLOCK_SECONDS. Deterministic in `now`.
import { randomBytes } from 'node:crypto';
import { toDecimalString } from '../../money';
import { simulatedClaimRefunds } from '../refund-simulator';
import { configured, type RailDefinition } from '../settings';
import type { AttemptView, RailAdapter, RailStatus, SimulatorControls } from '../types';
import { bitcoinUri, parseBitcoinAddress } from './address';
import { OnchainRail } from './base';
import { testAccountKeyFromSeed } from './bip84';
import { statusFromTally, tallyOutputs } from './esplora';

export const SIM_BLOCK_SECONDS = 5;

interface SimTx {
  txid: string;
  amount: number;
  seenAt: number;
}

export interface OnchainSimulatorConfig {
  xpub: string;
  confirmations: number;
  allowXpubVersion?: boolean;
}

export class OnchainSimulator extends OnchainRail implements RailAdapter<OnchainSimulatorConfig>, SimulatorControls {
  readonly mode = 'test' as const;
  readonly pollSeconds = 2;
  readonly simulator = this;
  /** Refunds: the payer claims with a testnet address; the simulated wallet pays it. */
  readonly refunds = simulatedClaimRefunds({
    parseDestination: (input) => parseBitcoinAddress(input, 'testnet'),
    paymentUri: (address, sats) => bitcoinUri(address, toDecimalString(sats, 'BTC')),
  });
  constructor(readonly config: OnchainSimulatorConfig) {
    super(config.xpub, 'testnet', 'BTC_TEST_XPUB must be a testnet key (vpub)', config.confirmations, { allowXpubVersion: config.allowXpubVersion });
  }

  async getStatus(attempt: AttemptView, now: number): Promise<RailStatus> {
    const sim = (attempt.details.sim ?? {}) as { txs?: SimTx[]; failed?: boolean };
    if (sim.failed) return { state: 'failed', received: 0, seen: 0, error: { code: 'payment_failed', message: 'The on-chain payment failed (test helper).' } };
    const txs = (sim.txs ?? []).map((t) => ({ txid: t.txid, outputs: t.amount, confirmations: Math.max(0, Math.floor((now - t.seenAt) / SIM_BLOCK_SECONDS)) }));
    return statusFromTally(tallyOutputs(txs, this.config.confirmations), this.config.confirmations);
  }

  pay(attempt: AttemptView, amount: number, now: number): Record<string, unknown> {
    const sim = (attempt.details.sim ?? {}) as { txs?: SimTx[] };
    const tx: SimTx = { txid: randomBytes(32).toString('hex'), amount, seenAt: now };
    return { ...attempt.details, sim: { ...sim, txs: [...(sim.txs ?? []), tx] } };
  }

  fail(attempt: AttemptView): Record<string, unknown> {
    return { ...attempt.details, sim: { ...((attempt.details.sim as object) ?? {}), failed: true } };
  }
}

/** Test mode's on-chain Bitcoin: BTC_TEST_XPUB, else a key from this deployment's test-key seed. */
export const onchainSimulatorRail: RailDefinition<OnchainSimulatorConfig> = {
  rail: 'btc_onchain',
  mode: 'test',
  parse: ({ cfg, testKeySeed }) =>
    configured('BTC_TEST_XPUB', () => ({
      xpub: cfg.BTC_TEST_XPUB ?? testAccountKeyFromSeed(testKeySeed()),
      confirmations: cfg.BTC_CONFIRMATIONS,
      allowXpubVersion: cfg.BTC_XPUB_ALLOW_XPUB_VERSION,
    })),
  create: (config) => configured('BTC_TEST_XPUB', () => new OnchainSimulator(config)),
};
