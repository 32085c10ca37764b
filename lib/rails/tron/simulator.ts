// Test-mode USDT TRC20: real TRON base58check deposit addresses from a test account key, and a
// simulated chain where a transfer solidifies SIM_SOLIDIFY_SECONDS after it is seen.
import { randomBytes } from 'node:crypto';
import { simulatedClaimRefunds } from '../refund-simulator';
import { configured, type RailDefinition } from '../settings';
import type { AttemptView, RailAdapter, RailStatus, SimulatorControls } from '../types';
import { testTronAccountKeyFromSeed } from './address';
import { TronRail } from './base';
import { parseTronDestination } from './destination';

export const SIM_SOLIDIFY_SECONDS = 3;

interface SimTransfer {
  txid: string;
  amount: number;
  seenAt: number;
}

export class TronSimulator extends TronRail implements RailAdapter<{ xpub: string; contract: string }>, SimulatorControls {
  readonly mode = 'test' as const;
  readonly pollSeconds = 2;
  readonly simulator = this;
  /** Refunds: the payer claims with a TRON address; the simulated wallet pays it. */
  readonly refunds = simulatedClaimRefunds({
    parseDestination: (input) => parseTronDestination(input, this.config.contract),
    paymentUri: (address) => address,
  });
  constructor(readonly config: { xpub: string; contract: string }) {
    super(config.xpub, config.contract);
  }

  async getStatus(attempt: AttemptView, now: number): Promise<RailStatus> {
    const sim = (attempt.details.sim ?? {}) as { transfers?: SimTransfer[]; failed?: boolean };
    if (sim.failed) return { state: 'failed', received: 0, seen: 0, error: { code: 'payment_failed', message: 'The TRC20 transfer failed (test helper).' } };
    let received = 0;
    let seen = 0;
    for (const t of sim.transfers ?? []) {
      if (now >= t.seenAt + SIM_SOLIDIFY_SECONDS) received += t.amount;
      else seen += t.amount;
    }
    return {
      state: seen > 0 ? 'pending' : received > 0 ? 'confirmed' : 'waiting',
      received,
      seen,
      details: { txids: (sim.transfers ?? []).map((t) => t.txid) },
    };
  }

  pay(attempt: AttemptView, amount: number, now: number): Record<string, unknown> {
    const sim = (attempt.details.sim ?? {}) as { transfers?: SimTransfer[] };
    const t: SimTransfer = { txid: randomBytes(32).toString('hex'), amount, seenAt: now };
    return { ...attempt.details, sim: { ...sim, transfers: [...(sim.transfers ?? []), t] } };
  }

  fail(attempt: AttemptView): Record<string, unknown> {
    return { ...attempt.details, sim: { ...((attempt.details.sim as object) ?? {}), failed: true } };
  }
}

/** Test mode's USDT on TRON: TRON_TEST_XPUB, else a key from this deployment's test-key seed; TRON_TEST_USDT_CONTRACT. */
export const tronSimulatorRail: RailDefinition<{ xpub: string; contract: string }> = {
  rail: 'usdt_trc20',
  mode: 'test',
  parse: ({ cfg, testKeySeed }) =>
    configured('TRON_TEST_XPUB', () => ({ xpub: cfg.TRON_TEST_XPUB ?? testTronAccountKeyFromSeed(testKeySeed()), contract: cfg.TRON_TEST_USDT_CONTRACT })),
  create: (config) => configured('TRON_TEST_XPUB', () => new TronSimulator(config)),
};
