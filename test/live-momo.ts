// Live mobile money A against the MoMo fake (test/fakes/momo.ts, written from MTN's documentation),
// set up once for the files that test what happens around a push: prompt limits per phone
// (phone-prompt-limits.test.ts), rail health (rail-health.test.ts), operator callbacks
// (momo-callbacks.test.ts). Call at the top of a file, beside useDatabase.
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Db } from '@/lib/db/client';
import { resetRailHealth } from '@/lib/domain/rail-health';
import { newMerchant, useLiveConfig } from './api';
import { type FakeMomo, startFakeMomo } from './fakes/momo';
import { newIntent } from './lifecycle-helpers';

export interface LiveMomo {
  /** The fake operator, started before the file's tests (its mode back to 'ok' after each). */
  readonly fake: FakeMomo;
  /** A Côte d'Ivoire mobile number of its own for each call (the limits are per phone, across files). */
  phone(): string;
  /** A new merchant and a live 2,000 XOF intent over mobile money A. */
  liveIntent(): Promise<{
    m: Awaited<ReturnType<typeof newMerchant>>;
    scope: { merchantId: string; livemode: true };
    pi: Awaited<ReturnType<typeof newIntent>>;
  }>;
}

export function useLiveMomo(db: () => Db): LiveMomo {
  let fake: FakeMomo | undefined;
  beforeAll(async () => {
    fake = await startFakeMomo();
  });
  useLiveConfig(() => ({
    MOMO_A_BASE_URL: fake!.url,
    MOMO_A_SUBSCRIPTION_KEY: 'sub-key',
    MOMO_A_API_USER: 'api-user',
    MOMO_A_API_KEY: 'api-key',
    MOMO_A_TARGET_ENVIRONMENT: 'sandbox',
    RAIL_HTTP_TIMEOUT_MS: '500',
  }));
  afterEach(async () => {
    fake!.mode = 'ok';
    await resetRailHealth(db(), 'mobile_money_a', true);
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake() {
      if (!fake) throw new Error('the MoMo fake starts in beforeAll');
      return fake;
    },
    phone: () => `05${String(randomInt(10_000_000, 99_999_999))}`,
    async liveIntent() {
      const m = await newMerchant(db());
      const scope = { merchantId: m.merchant.id, livemode: true as const };
      const pi = await newIntent(m.keys.live, { amount: 2000, currency: 'XOF', rail: 'mobile_money_a' });
      return { m, scope, pi };
    },
  };
}
