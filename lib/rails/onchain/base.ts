// What the live on-chain adapter and its test-mode simulator share: the rail's identity and the
// receive addresses, derived (BIP84) from an account's extended public key of the right network.
import type { PromptInput, RailPrompt } from '../types';
import { type AccountKey, type AccountKeyOptions, type BitcoinNetwork, parseAccountKey, receiveAddress } from './bip84';

export function onchainPrompt(input: PromptInput, requiredConfirmations: number): RailPrompt {
  if (!input.address) throw new Error('on-chain needs a derived address');
  return { destination: input.address, backendRef: input.address, expiresAt: input.expiresAt, details: { requiredConfirmations } };
}

export abstract class OnchainRail {
  readonly rail = 'btc_onchain' as const;
  readonly kind = 'onchain' as const;
  readonly family = 'address' as const;
  readonly currencies = ['BTC'] as const;
  private key: AccountKey;

  protected constructor(
    xpub: string,
    network: BitcoinNetwork,
    whatIsWrong: string,
    private readonly requiredConfirmations: number,
    keyOptions: AccountKeyOptions = {},
  ) {
    this.key = parseAccountKey(xpub, keyOptions);
    if (this.key.network !== network) throw new Error(whatIsWrong);
  }

  get derivationKeyId() {
    return this.key.keyId;
  }

  deriveAddress(index: number): string {
    return receiveAddress(this.key, index);
  }

  async createPrompt(input: PromptInput): Promise<RailPrompt> {
    return onchainPrompt(input, this.requiredConfirmations);
  }
}
