// Test-mode USDT TRC20: real TRON base58check deposit addresses from a test account key, and a
// simulated chain where a transfer solidifies SIM_SOLIDIFY_SECONDS after it is seen.
import { randomBytes } from 'node:crypto';
import type { AttemptView, PromptInput, RailAdapter, RailPrompt, RailStatus, SimulatorControls } from '../types';
import { parseTronAccountKey, tronDepositAddress, type TronAccountKey } from './address';
import { tronPrompt } from './trongrid';

export const SIM_SOLIDIFY_SECONDS = 3;

interface SimTransfer {
  txid: string;
  amount: number;
  seenAt: number;
}

export class TronSimulator implements RailAdapter<{ xpub: string; contract: string }>, SimulatorControls {
  readonly rail = 'usdt_trc20' as const;
  readonly kind = 'usdt' as const;
  readonly mode = 'test' as const;
  readonly currencies = ['USDT'] as const;
  readonly pollSeconds = 2;
  readonly simulator = this;
  private key: TronAccountKey;

  constructor(readonly config: { xpub: string; contract: string }) {
    this.key = parseTronAccountKey(config.xpub);
  }

  get derivationKeyId() {
    return this.key.keyId;
  }

  deriveAddress(index: number): string {
    return tronDepositAddress(this.key, index);
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    return tronPrompt(input, this.config.contract);
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
    return { state: seen > 0 ? 'pending' : received > 0 ? 'confirmed' : 'waiting', received, seen, details: { txids: (sim.transfers ?? []).map((t) => t.txid) } };
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
