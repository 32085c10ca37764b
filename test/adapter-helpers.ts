// Shared by the adapter tests: a prompt input and an attempt view with defaults, and public keys.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { parseAccountKey, receiveAddress } from '@/lib/rails/onchain/bip84';
import type { AttemptView, PromptInput } from '@/lib/rails/types';
import { now } from './lifecycle-helpers';

export const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const TRON_XPUB = 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

export function input(over: Partial<PromptInput>): PromptInput {
  const t = now();
  return {
    attemptId: 'att_test1234567890',
    intentId: 'pi_test1234567890',
    rail: 'mobile_money_a',
    amount: 1500,
    currency: 'XOF',
    description: 'Test',
    expiresAt: t + 3600,
    now: t,
    ...over,
  };
}
export const view = (
  p: { destination: string; backendRef: string; details: Record<string, unknown>; expiresAt: number | null },
  over: Partial<AttemptView> = {},
): AttemptView => ({
  id: 'att_test1234567890',
  rail: 'mobile_money_a',
  amount: 1500,
  currency: 'XOF',
  createdAt: now(),
  ...p,
  ...over,
});

/**
 * A BIP84 account key of a new random wallet: a mainnet zpub (live accounts) or a testnet vpub
 * (test-mode accounts). One key serves one merchant in one mode (lib/domain/rail-accounts.ts), and
 * test files may share a database: each merchant of a test gets its own.
 */
export function newAccountKey(network: 'mainnet' | 'testnet'): { key: string; address: (index: number) => string } {
  const versions = network === 'mainnet' ? { private: 0x04b2430c, public: 0x04b24746 } : { private: 0x045f18bc, public: 0x045f1cf6 };
  const key = HDKey.fromMasterSeed(randomBytes(32), versions).derive(`m/84'/${network === 'mainnet' ? 0 : 1}'/0'`).publicExtendedKey;
  const parsed = parseAccountKey(key);
  return { key, address: (index) => receiveAddress(parsed, index) };
}
