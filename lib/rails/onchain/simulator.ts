// Test-mode on-chain Bitcoin: real BIP84 testnet addresses (tb1...) from a test account key, and a
// simulated chain: a payment enters the mempool when paid, then gains one confirmation every
// SIM_BLOCK_SECONDS. Deterministic in `now`.
import { randomBytes } from 'node:crypto';
import type { AttemptView, PromptInput, RailAdapter, RailPrompt, RailStatus, SimulatorControls } from '../types';
import { parseAccountKey, receiveAddress, type AccountKey } from './bip84';
import { onchainPrompt, statusFromTally, tallyOutputs } from './esplora';

export const SIM_BLOCK_SECONDS = 5;

interface SimTx {
  txid: string;
  amount: number;
  seenAt: number;
}

export class OnchainSimulator implements RailAdapter<{ xpub: string; confirmations: number }>, SimulatorControls {
  readonly rail = 'btc_onchain' as const;
  readonly kind = 'onchain' as const;
  readonly mode = 'test' as const;
  readonly currencies = ['BTC'] as const;
  readonly pollSeconds = 2;
  readonly simulator = this;
  private key: AccountKey;

  constructor(readonly config: { xpub: string; confirmations: number }) {
    this.key = parseAccountKey(config.xpub);
    if (this.key.network !== 'testnet') throw new Error('BTC_TEST_XPUB must be a testnet key (vpub/tpub)');
  }

  get derivationKeyId() {
    return this.key.keyId;
  }

  deriveAddress(index: number): string {
    return receiveAddress(this.key, index);
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    return onchainPrompt(input, this.config.confirmations);
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
