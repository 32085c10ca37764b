// GET /v1/address_gaps (issue 24, item 1): a wallet restored from the key and scanning
// with `requiredGapLimit` must find every address that holds money ON THE CHAIN. A wallet knows only
// the chain: an address whose only transaction was seen in the mempool and then evicted (replaced,
// double-spent) has no history for it, so it does not end a run of unused addresses. Live, against
// the fake Esplora (test/fakes/esplora.ts, from Blockstream's docs), with an account key of this
// file's own (its indexes are nobody else's).
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDueAttempts } from '@/lib/payments/poll';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();
const GAP = 3;
const ZPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
let esplora: FakeEsplora;

beforeAll(async () => {
  esplora = await startFakeEsplora();
});
useLiveConfig(() => ({
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esplora.url,
  BTC_CONFIRMATIONS: '1',
  BTC_GAP_LIMIT: String(GAP),
  RAIL_HTTP_TIMEOUT_MS: '2000',
}));
afterAll(async () => {
  await esplora.close();
});

describe('the gap a wallet must scan', () => {
  it('an address whose payment was seen in the mempool and then evicted does not shorten the gap: a wallet scanning with requiredGapLimit finds a later paid address', async () => {
    const m = await newMerchant(db());
    const addresses: string[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await call('POST', '/v1/payment_intents', { key: m.keys.live, body: { amount: 20_000, currency: 'BTC', rail: 'btc_onchain' } });
      const confirmed = await call('POST', `/v1/payment_intents/${created.body.id as string}/confirm`, { key: m.keys.live, body: {} });
      expect(confirmed.status).toBe(200);
      addresses.push(confirmed.body.nextAction.address as string);
    }
    const [{ key_id: keyId }] = (await db().query<{ key_id: string }>(`select key_id from derived_addresses where address = $1`, [addresses[0]])) as [
      { key_id: string },
    ];
    const indexOf = new Map(
      (await db().query<{ address: string; i: number }>(`select address, derivation_index as i from derived_addresses where key_id = $1`, [keyId])).map((r) => [
        r.address,
        Number(r.i),
      ]),
    );
    expect(addresses.map((a) => indexOf.get(a))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    let t = now();
    const poll = async () => {
      t += 60;
      await pollDueAttempts(db(), t, { merchantId: m.merchant.id });
    };
    // Index 0 paid; index 4 paid in the mempool, then the payer double-spends it away; index 7 paid.
    esplora.send(addresses[0]!, 20_000, esplora.tip + 1);
    const gone = esplora.send(addresses[4]!, 20_000);
    await poll();
    esplora.evict(gone);
    await poll();
    esplora.send(addresses[7]!, 20_000, esplora.tip + 1);
    await poll();
    const gaps = await call('GET', '/v1/address_gaps', { key: m.keys.live });
    const g = gaps.body.data.find((x: { rail: string }) => x.rail === 'btc_onchain');
    // A wallet restored from the key: it stops after `requiredGapLimit` addresses in a row without history.
    const byIndex = new Map([...indexOf].map(([a, i]) => [i, a]));
    const found: number[] = [];
    for (let i = 0, run = 0; run < g.requiredGapLimit && i < g.derivedCount; i++) {
      if ((esplora.txs.get(byIndex.get(i)!) ?? []).length) {
        found.push(i);
        run = 0;
      } else run++;
    }
    expect(found).toEqual([0, 7]);
    expect(g.highestUsedIndex).toBe(7);
  });
});
