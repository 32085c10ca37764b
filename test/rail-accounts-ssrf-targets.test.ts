// A rail account's URLs (baseUrl, restUrl, esploraUrl, tronGridUrl, MTN's callbackUrl) are fetched
// by the server (the check at the backend on create and update, then every poll): on a public
// deployment, an internal address is refused before anything is sent (from the review of issue 26).
// The rails' HTTP client is replaced here by a recorder, so no request leaves this process: the test
// asserts that the server would not have sent one.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRailAccount } from '@/lib/domain/rail-accounts';
import { BackendError } from '@/lib/rails/types';
import { newMerchant, useDatabase, useLiveConfig } from './api';

const sent: string[] = [];
vi.mock('@/lib/rails/http', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/rails/http')>();
  return {
    ...real,
    httpRequest: async (rail: string, req: { method: string; url: string }) => {
      sent.push(req.url);
      throw new BackendError(rail, `${req.method} ${new URL(req.url).pathname}: connect ETIMEDOUT (recorded, not sent)`);
    },
  };
});

const { db } = useDatabase();
useLiveConfig(() => ({ BASE_URL: 'https://pay.example.com', PLATFORM_RAILS: 'off', RAIL_HTTP_TIMEOUT_MS: '800' }));
beforeEach(() => {
  sent.length = 0;
});

const zpub = () => HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const MAC = `0201036c6e64${randomBytes(16).toString('hex')}`;

describe('SSRF through a rail account’s URLs', () => {
  for (const [mode, url] of [
    ['live', 'https://169.254.169.254/latest/meta-data/iam/security-credentials/#'],
    ['test', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/#'],
    ['live', 'https://10.0.0.5:8080'],
    ['test', 'http://10.0.0.5:8080'],
    ['live', 'http://127.0.0.1:5432'],
    ['live', 'http://localhost:6379'],
    ['test', 'http://[::ffff:169.254.169.254]/'],
  ] as const)
    it(`${mode} mode: restUrl ${url} is refused before the server fetches it`, async () => {
      const m = await newMerchant(db());
      const err = await createRailAccount(
        db(),
        { merchantId: m.merchant.id, livemode: mode === 'live' },
        { rail: 'btc_lightning', settings: { restUrl: url, macaroon: MAC } },
      ).catch((e: Error) => e);
      expect(sent, 'the server sent a request to it').toEqual([]);
      expect(err).toMatchObject({ code: 'parameter_invalid', param: 'settings.restUrl' });
    });

  it('the same for an on-chain account’s esploraUrl', async () => {
    const m = await newMerchant(db());
    const err = await createRailAccount(
      db(),
      { merchantId: m.merchant.id, livemode: false },
      { rail: 'btc_onchain', settings: { accountKey: zpub(), esploraUrl: 'http://169.254.169.254/computeMetadata/v1/#' } },
    ).catch((e: Error) => e);
    expect(sent).toEqual([]);
    expect(err).toMatchObject({ code: 'parameter_invalid', param: 'settings.esploraUrl' });
  });
});
