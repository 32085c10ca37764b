// Every adapter says its family (RailAdapter.family), and it agrees with the rail catalog
// (lib/money.ts) and, for mobile money, with the configured protocol's flow.
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import { RAIL_CATALOG, RAILS } from '../money';
import { configuredRails, railAdapter, resetRailsForTests } from './registry';

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetConfigForTests();
  resetRailsForTests();
});

describe('rail families', () => {
  it("test mode: the catalog's family, or the simulated protocol's (push for MTN, redirect for Orange and Wave)", () => {
    const families = Object.fromEntries(RAILS.map((r) => [r, railAdapter(r, false)!.family]));
    expect(families).toEqual({
      mobile_money_a: 'push',
      mobile_money_b: 'redirect',
      mobile_money_c: 'push',
      mobile_money_d: 'redirect',
      btc_lightning: 'invoice',
      btc_onchain: 'address',
      usdt_trc20: 'address',
    });
    for (const r of RAILS) {
      const a = railAdapter(r, false)!;
      expect(a.kind).toBe(RAIL_CATALOG[r].kind);
      if (RAIL_CATALOG[r].family) expect(a.family).toBe(RAIL_CATALOG[r].family);
      else expect(a.family).toBe(a.flow ?? 'push');
    }
  });

  it('live mode: the same families from the live adapters', () => {
    Object.assign(process.env, {
      BASE_URL: 'https://pay.example.com',
      MOMO_A_BASE_URL: 'http://127.0.0.1:9',
      MOMO_A_SUBSCRIPTION_KEY: 's',
      MOMO_A_API_USER: 'u',
      MOMO_A_API_KEY: 'k',
      MOMO_A_TARGET_ENVIRONMENT: 'sandbox',
      MOMO_B_CLIENT_ID: 'id',
      MOMO_B_CLIENT_SECRET: 's',
      MOMO_B_MERCHANT_KEY: 'k',
      MOMO_B_WEBPAY_COUNTRY: 'dev',
      MOMO_D_API_KEY: 'wave_ci_prod_x',
      MOMO_D_WEBHOOK_SECRET: 'wave_ci_WHS_x',
      LND_REST_URL: 'https://127.0.0.1:8080',
      LND_MACAROON: 'ab',
    });
    resetConfigForTests();
    resetRailsForTests();
    expect(configuredRails(true)).toEqual(['mobile_money_a', 'mobile_money_b', 'mobile_money_d', 'btc_lightning']);
    expect(['mobile_money_a', 'mobile_money_b', 'mobile_money_d', 'btc_lightning'].map((r) => railAdapter(r as 'btc_lightning', true)!.family)).toEqual([
      'push',
      'redirect',
      'redirect',
      'invoice',
    ]);
  });
});
