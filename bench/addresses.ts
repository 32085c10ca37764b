// npm run bench:addresses — can abandoned Bitcoin and USDT choices take the address rails away?
// ABANDONED (1,000) hosted-page choices of btc_onchain and usdt_trc20 from CLIENTS (100) client
// addresses, on one shop's price sessions, left unpaid; then BUYERS (200) buyers of another shop
// each pick a rail and get an address. Printed: how many of the abandoned choices got an address
// (the rest were refused per client: 429 address_limit_reached), whether every buyer got one, the
// buyers' confirm time against the same confirm on a key with nothing held (the floor: the least
// work a new address needs, one derivation and one insert, plus the page's own steps), and the
// gap the wallets must now scan (GET /v1/address_gaps). The floor runs after an untimed warm-up. Live keys (the gap limit applies to live
// keys only); no backend is called to hand out an address. Embedded PGlite, and PostgreSQL when
// one answers on 127.0.0.1:5432.

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HDKey } from '@scure/bip32';
import { resetConfigForTests } from '../lib/config';
import { openDatabase, setDbHandle } from '../lib/db/client';
import { createCheckoutSession, createCheckoutSessionInput } from '../lib/domain/checkout-sessions';
import { createMerchant } from '../lib/domain/merchants';
import { createPrice, createPriceInput } from '../lib/domain/prices';
import { createProduct, createProductInput } from '../lib/domain/products';
import { DomainError } from '../lib/errors';
import { listAddressGaps } from '../lib/payments/addresses';
import { chooseSessionRail } from '../lib/payments/choose-rail';
import { confirmPaymentIntent } from '../lib/payments/confirm';
import { resetRailsForTests } from '../lib/rails/registry';
import { onEachDatabase } from './lib';

const ABANDONED = Number(process.env.ABANDONED ?? 1_000);
const CLIENTS = Number(process.env.CLIENTS ?? 100);
const BUYERS = Number(process.env.BUYERS ?? 200);
type AddressRail = 'btc_onchain' | 'usdt_trc20';

function liveKeys(): void {
  process.env.BTC_XPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
  process.env.ESPLORA_URL = 'http://127.0.0.1:9'; // never called to hand out an address
  process.env.TRON_XPUB = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'").publicExtendedKey;
  process.env.TRONGRID_URL = 'http://127.0.0.1:9';
  process.env.TRONGRID_API_KEY = 'bench';
  resetConfigForTests();
  resetRailsForTests();
}

async function shop(db: import('../lib/db/client').Db, name: string) {
  const m = await createMerchant(db, name);
  const scope = { merchantId: m.merchant.id, livemode: true };
  const product = await createProduct(db, scope, createProductInput.parse({ name: 'Panier' }));
  const btc = await createPrice(db, scope, createPriceInput.parse({ productId: product.id, currency: 'BTC', unitAmount: 20_000 }));
  const usdt = await createPrice(db, scope, createPriceInput.parse({ productId: product.id, currency: 'USDT', unitAmount: 5_000_000 }));
  const prices: Record<AddressRail, string> = { btc_onchain: btc.id, usdt_trc20: usdt.id };
  return {
    scope,
    /** One buyer on the hosted page: a session from the price, the rail picked, the attempt confirmed. */
    async choose(rail: AddressRail, client: string): Promise<{ ok: boolean; ms: number }> {
      const s = await createCheckoutSession(
        db,
        scope,
        createCheckoutSessionInput.parse({ priceId: prices[rail], successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/ko' }),
      );
      const t = performance.now();
      try {
        const { intent } = await chooseSessionRail(db, s.id, rail);
        await confirmPaymentIntent(db, scope, intent.id, {}, { client });
        return { ok: true, ms: performance.now() - t };
      } catch (err) {
        if (err instanceof DomainError) return { ok: false, ms: performance.now() - t };
        throw err;
      }
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function buyers(s: Awaited<ReturnType<typeof shop>>): Promise<{ got: number; ms: number[] }> {
  const ms: number[] = [];
  let got = 0;
  for (let i = 0; i < BUYERS; i++) {
    const r = await s.choose(i % 2 ? 'usdt_trc20' : 'btc_onchain', `203.0.113.${i % 250}`);
    if (r.ok) got++;
    ms.push(r.ms);
  }
  return { got, ms };
}

async function run(label: string, opts: { dataDir?: string; databaseUrl?: string }) {
  // The floor: the same buyers on keys of their own with nothing held.
  liveKeys();
  const handle = await openDatabase(opts);
  setDbHandle(handle);
  const floorShop = await shop(handle.db, 'Floor');
  await buyers(floorShop); // warm-up (JIT, prepared statements), not timed
  liveKeys();
  const floor = await buyers(await shop(handle.db, 'Floor'));

  liveKeys();
  const attacker = await shop(handle.db, 'Abandoned');
  const t0 = performance.now();
  let held = 0;
  for (let i = 0; i < ABANDONED; i++) if ((await attacker.choose(i % 2 ? 'usdt_trc20' : 'btc_onchain', `198.51.100.${i % CLIENTS}`)).ok) held++;
  const setupS = (performance.now() - t0) / 1000;
  const other = await shop(handle.db, 'Another shop');
  const after = await buyers(other);
  const gaps = (await listAddressGaps(handle.db, other.scope)).data;

  console.log(
    `\n${label}: ${ABANDONED} abandoned choices from ${CLIENTS} client addresses in ${setupS.toFixed(1)} s: ${held} hold an address, ${ABANDONED - held} refused (per-client limit)`,
  );
  console.log(
    `  then ${BUYERS} buyers of another shop: ${after.got} got an address (target: all ${after.got === BUYERS ? 'met' : 'NOT met'}) | confirm median ${median(after.ms).toFixed(2)} ms, p99 ${p99(after.ms).toFixed(2)} ms`,
  );
  console.log(
    `  floor (the same buyers, nothing held): ${floor.got} got one, median ${median(floor.ms).toFixed(2)} ms, p99 ${p99(floor.ms).toFixed(2)} ms | ratio ${(median(after.ms) / median(floor.ms)).toFixed(2)} (flat: <= 1.5 ${median(after.ms) / median(floor.ms) <= 1.5 ? 'met' : 'not met'})`,
  );
  for (const g of gaps)
    console.log(
      `  ${g.rail}: ${g.derivedCount} addresses derived, configured gap ${g.configuredGapLimit}, wallets must scan with a gap of ${g.requiredGapLimit}`,
    );
  setDbHandle(undefined);
  await handle.close();
}

await onEachDatabase('addresses', run);
