// What the live TRC20 adapter and its test-mode simulator share: the rail's identity and the
// deposit addresses, derived from the account's extended public key (m/44'/195'/account').
import type { PromptInput, RailPrompt } from '../types';
import { parseTronAccountKey, type TronAccountKey, tronDepositAddress } from './address';

export function tronPrompt(input: PromptInput, contract: string): RailPrompt {
  if (!input.address) throw new Error('TRC20 needs a derived address');
  return { destination: input.address, backendRef: input.address, expiresAt: input.expiresAt, details: { contract } };
}

export abstract class TronRail {
  readonly rail = 'usdt_trc20' as const;
  readonly kind = 'usdt' as const;
  readonly family = 'address' as const;
  readonly currencies = ['USDT'] as const;
  private key: TronAccountKey;

  protected constructor(
    xpub: string,
    private readonly contract: string,
  ) {
    this.key = parseTronAccountKey(xpub);
  }

  get derivationKeyId() {
    return this.key.keyId;
  }

  deriveAddress(index: number): string {
    return tronDepositAddress(this.key, index);
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    return tronPrompt(input, this.contract);
  }
}
