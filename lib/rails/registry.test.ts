import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import { configuredRails, loadRails, resetRailsForTests } from './registry';

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetConfigForTests();
  resetRailsForTests();
});

describe('rail configuration', () => {
  it('test mode offers every rail; live mode none without configuration', () => {
    expect(configuredRails(false)).toHaveLength(7);
    expect(configuredRails(true)).toEqual([]);
  });

  it('a half-configured rail fails at start-up, naming what is missing', () => {
    process.env.MOMO_B_BASE_URL = 'http://127.0.0.1:9';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/MOMO_B_SUBSCRIPTION_KEY/);
  });

  it('a private or malformed key fails at start-up', () => {
    process.env.BTC_XPUB = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    process.env.ESPLORA_URL = 'http://127.0.0.1:9';
    resetConfigForTests();
    resetRailsForTests();
    expect(() => loadRails()).toThrow(/BTC_XPUB/);
  });

  it('a full live configuration offers the rail', () => {
    Object.assign(process.env, { LND_REST_URL: 'http://127.0.0.1:9', LND_MACAROON: 'abcd', TRON_XPUB: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd' });
    resetConfigForTests();
    resetRailsForTests();
    expect(configuredRails(true)).toEqual(['btc_lightning', 'usdt_trc20']);
  });
});
