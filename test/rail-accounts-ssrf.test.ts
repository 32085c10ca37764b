// A merchant's rail account cannot make the server reach the operator's own network: on a
// deployment that is not a developer's own (BASE_URL public https), the backend check (and every
// later call) connects to public addresses only, checked on the addresses the connection uses
// (lib/domain/rail-accounts.ts, before anything is sent; lib/rails/http.ts publicOnly, on every
// connection). A fake Esplora listens on loopback here: it must never be asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRailAccount } from '@/lib/domain/rail-accounts';
import { newAccountKey } from './adapter-helpers';
import { newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';

const { db } = useDatabase();
const ZPUB = newAccountKey('testnet').key;
let esplora: FakeEsplora;

beforeAll(async () => {
  esplora = await startFakeEsplora();
});
useLiveConfig(() => ({ BASE_URL: 'https://pay.example.com' }));
afterAll(async () => {
  await esplora.close();
});

describe('rail accounts and the operator’s network', () => {
  it('a loopback, private or link-local backend is refused (400 naming the setting) and never connected to', async () => {
    const m = await newMerchant(db());
    const scope = { merchantId: m.merchant.id, livemode: false };
    const port = new URL(esplora.url).port;
    for (const esploraUrl of [
      esplora.url,
      `http://localhost:${port}`,
      'http://10.0.0.7:3000',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:5432',
    ]) {
      const before = esplora.requests.length;
      const err = await createRailAccount(db(), scope, { rail: 'btc_onchain', settings: { accountKey: ZPUB, esploraUrl } }).catch((e: unknown) => e);
      expect(err, esploraUrl).toMatchObject({ code: 'parameter_invalid', param: 'settings.esploraUrl' });
      expect((err as Error).message).toMatch(/must be a public address/);
      expect(esplora.requests.length).toBe(before);
    }
    expect(await db().query(`select id from rail_accounts where merchant_id = $1`, [m.merchant.id])).toEqual([]);
  });
});
