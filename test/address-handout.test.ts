// Receive addresses cannot be taken away (issue 24, item 1): abandoned Bitcoin on-chain and USDT
// choices from many client addresses never make the rail unavailable to anyone else. Past the gap
// limit a new index is derived instead of answering 503; one client address (and one payment
// link) holds only a few unpaid addresses at once; an address nothing was paid to is handed on once
// its payer's time is up (not after the 7-day watch); and GET /v1/address_gaps tells the merchant
// the gap its wallet must scan, which finds every paid address. Live, against the Esplora and
// TronGrid fakes (test/fakes, from the vendors' docs), with account keys of this file's own.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutSession, createCheckoutSessionInput } from '@/lib/domain/checkout-sessions';
import { createPrice } from '@/lib/domain/prices';
import { createProduct } from '@/lib/domain/products';
import { DomainError } from '@/lib/errors';
import type { Rail } from '@/lib/money';
import { REUSE_GRACE_SECONDS } from '@/lib/payments/addresses';
import { availableRails } from '@/lib/payments/available-rails';
import { chooseSessionRail } from '@/lib/payments/choose-rail';
import { confirmPaymentIntent } from '@/lib/payments/confirm';
import { pollDueAttempts } from '@/lib/payments/poll';
import { call, newMerchant, useDatabase, useLiveConfig } from './api';
import { type FakeEsplora, startFakeEsplora } from './fakes/esplora';
import { type FakeTronGrid, startFakeTronGrid, USDT_CONTRACT } from './fakes/trongrid';
import { assertMoneyInvariant } from './invariant';
import { now } from './lifecycle-helpers';

const { db } = useDatabase();
const GAP = 5;
const ADDRESS_HOLDS_PER_CLIENT = 10; // the default
const ADDRESS_HOLDS_PER_LINK = 15; // this file's (the default is 200)
// Account keys of this file's own: their derivation counters are nobody else's.
const ZPUB = HDKey.fromMasterSeed(randomBytes(32), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const TRON_XPUB = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'").publicExtendedKey;
let esplora: FakeEsplora;
let trongrid: FakeTronGrid;

beforeAll(async () => {
  esplora = await startFakeEsplora();
  trongrid = await startFakeTronGrid('tg-key');
});
useLiveConfig(() => ({
  BTC_XPUB: ZPUB,
  ESPLORA_URL: esplora.url,
  BTC_CONFIRMATIONS: '1',
  BTC_GAP_LIMIT: String(GAP),
  TRON_XPUB,
  TRONGRID_URL: trongrid.url,
  TRONGRID_API_KEY: 'tg-key',
  TRON_USDT_CONTRACT: USDT_CONTRACT,
  TRON_GAP_LIMIT: String(GAP),
  ADDRESS_HOLDS_PER_LINK: String(ADDRESS_HOLDS_PER_LINK),
  RAIL_HTTP_TIMEOUT_MS: '2000',
}));
afterAll(async () => {
  await esplora.close();
  await trongrid.close();
});

type Shop = Awaited<ReturnType<typeof newShop>>;

/** A merchant selling one thing in BTC and one in USDT (so no rate is needed). */
async function newShop() {
  const m = await newMerchant(db());
  const scope = { merchantId: m.merchant.id, livemode: true };
  const product = await createProduct(db(), scope, { name: 'Panier', active: true, metadata: {} });
  const btc = await createPrice(db(), scope, { productId: product.id, currency: 'BTC', unitAmount: 20_000, active: true, metadata: {} });
  const usdt = await createPrice(db(), scope, { productId: product.id, currency: 'USDT', unitAmount: 5_000_000, active: true, metadata: {} });
  return { m, scope, prices: { btc_onchain: btc.id, usdt_trc20: usdt.id } as Record<'btc_onchain' | 'usdt_trc20', string> };
}

/**
 * A buyer on the hosted page picks the rail (a session from the price, the rail chosen, the
 * attempt confirmed with the page's client address): the address, or the DomainError.
 */
async function choose(shop: Shop, rail: 'btc_onchain' | 'usdt_trc20', client: string, at: number, extra: { link?: string; expiresAt?: number } = {}) {
  const session = await createCheckoutSession(
    db(),
    shop.scope,
    createCheckoutSessionInput.parse({
      priceId: shop.prices[rail],
      successUrl: 'https://shop.example/merci',
      cancelUrl: 'https://shop.example/panier',
      expiresAt: extra.expiresAt ?? now() + 3600,
    }),
  );
  if (extra.link) await db().query(`update checkout_sessions set payment_link_id = $2 where id = $1`, [session.id, extra.link]);
  try {
    const { intent } = await chooseSessionRail(db(), session.id, rail, { now: at });
    const pi = await confirmPaymentIntent(db(), shop.scope, intent.id, {}, { now: at, client });
    return { intentId: pi.id, address: (pi.nextAction as { address: string }).address, expiresAt: session.expiresAt };
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}

/** What a wallet restored from the key finds when it scans with `gap`: the used indexes it reaches. */
async function walletScan(_rail: Rail, keyOf: string, gap: number): Promise<{ found: number[]; used: number[] }> {
  const used = (
    await db().query<{ i: number }>(`select derivation_index as i from derived_addresses where key_id = $1 and money_seen_at is not null order by 1`, [keyOf])
  ).map((r) => Number(r.i));
  const found: number[] = [];
  let run = 0;
  for (let i = 0; run < gap; i++) {
    if (used.includes(i)) {
      found.push(i);
      run = 0;
    } else run++;
  }
  return { found, used };
}

const keyOfAddress = async (address: string) =>
  (await db().query<{ key_id: string }>(`select key_id from derived_addresses where address = $1`, [address]))[0]!.key_id;

describe('receive addresses: nobody can take the address rails away', () => {
  it("1,000 abandoned on-chain and TRON choices from 100 client addresses: another merchant's buyer still gets an address at once; every paid address stays findable", async () => {
    const attacker = await newShop();
    const t0 = now();
    const held: { rail: 'btc_onchain' | 'usdt_trc20'; address: string; intentId: string }[] = [];
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const rail = i % 2 === 0 ? 'btc_onchain' : 'usdt_trc20';
      const r = await choose(attacker, rail, `198.51.100.${i % 100}`, t0 + Math.floor(i / 50));
      if (r instanceof DomainError) {
        expect(r.code).toBe('address_limit_reached');
        refused++;
      } else held.push({ rail, ...r });
    }
    // 100 clients, each holding at most ADDRESS_HOLDS_PER_CLIENT unpaid addresses.
    expect(held.length).toBe(Math.min(1000, 100 * ADDRESS_HOLDS_PER_CLIENT));
    expect(refused).toBe(1000 - held.length);
    expect(new Set(held.map((h) => h.address)).size).toBe(held.length);

    // A buyer of another merchant: both rails on offer, and an address at once.
    const shop = await newShop();
    const t1 = t0 + 30;
    expect((await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'BTC', { now: t1 })).map((r) => r.rail)).toContain('btc_onchain');
    expect((await availableRails(db(), { merchantId: 'acct_none', livemode: true }, 'USDT', { now: t1 })).map((r) => r.rail)).toContain('usdt_trc20');
    const buyerBtc = await choose(shop, 'btc_onchain', '203.0.113.7', t1);
    const buyerUsdt = await choose(shop, 'usdt_trc20', '203.0.113.7', t1);
    expect(buyerBtc).not.toBeInstanceOf(DomainError);
    expect(buyerUsdt).not.toBeInstanceOf(DomainError);
    const btc = buyerBtc as Exclude<typeof buyerBtc, DomainError>;
    const usdt = buyerUsdt as Exclude<typeof buyerUsdt, DomainError>;

    // Payments to addresses far apart (the buyer's, far past the gap limit, and an early one).
    const firstBtc = held.find((h) => h.rail === 'btc_onchain')!;
    esplora.send(btc.address, 20_000, esplora.tip + 1);
    esplora.send(firstBtc.address, 20_000, esplora.tip + 1);
    trongrid.send(usdt.address, 5_000_000, { confirmed: true });
    await pollDueAttempts(db(), t1 + 60, { merchantId: shop.m.merchant.id });
    await pollDueAttempts(db(), t1 + 60, { merchantId: attacker.m.merchant.id });
    await assertMoneyInvariant(db(), btc.intentId, { paid: 20_000, now: t1 + 61 });
    await assertMoneyInvariant(db(), usdt.intentId, { paid: 5_000_000, now: t1 + 61 });
    await assertMoneyInvariant(db(), firstBtc.intentId, { paid: 20_000, now: t1 + 61 });

    // The merchant is told how far its wallet must scan, and a wallet scanning that far finds every paid address.
    const gaps = await call('GET', '/v1/address_gaps', { key: shop.m.keys.live });
    expect(gaps.status).toBe(200);
    for (const [rail, address] of [
      ['btc_onchain', btc.address],
      ['usdt_trc20', usdt.address],
    ] as const) {
      const g = gaps.body.data.find((x: { rail: string }) => x.rail === rail);
      expect(g).toMatchObject({ object: 'address_gap', livemode: true, configuredGapLimit: GAP });
      expect(g.derivedCount).toBeGreaterThan(250);
      expect(g.requiredGapLimit).toBeGreaterThan(GAP);
      const scan = await walletScan(rail, await keyOfAddress(address), g.requiredGapLimit);
      expect(scan.used.length).toBeGreaterThan(0);
      expect(scan.found).toEqual(scan.used);
      // With only the configured gap, the wallet would miss the buyer's payment.
      expect((await walletScan(rail, await keyOfAddress(address), GAP)).found).not.toEqual(scan.used);
    }
  }, 240_000);

  it("an address nothing was paid to is handed on once its payer's time is up, not after the 7-day watch; one with money never", async () => {
    const shop = await newShop();
    const t0 = now();
    const a = (await choose(shop, 'btc_onchain', '192.0.2.1', t0)) as { intentId: string; address: string; expiresAt: number };
    const b = (await choose(shop, 'btc_onchain', '192.0.2.2', t0)) as { intentId: string; address: string; expiresAt: number };
    esplora.send(b.address, 1_000); // seen in the mempool only, short
    await pollDueAttempts(db(), t0 + 30, { merchantId: shop.m.merchant.id });
    // Both sessions end; the worker expires them.
    const end = a.expiresAt + 1;
    await pollDueAttempts(db(), end, { merchantId: shop.m.merchant.id });
    // Within the grace after the end: a new buyer gets a new address.
    const early = (await choose(shop, 'btc_onchain', '192.0.2.3', end + 10, { expiresAt: now() + 80_000 })) as { address: string };
    expect(early.address).toMatch(/^bc1/);
    expect([a.address, b.address]).not.toContain(early.address);
    // After it: the unpaid address is handed on (the mempool one never is).
    const later = (await choose(shop, 'btc_onchain', '192.0.2.4', a.expiresAt + REUSE_GRACE_SECONDS + 1, { expiresAt: now() + 80_000 })) as {
      intentId: string;
      address: string;
    };
    expect(later.address).toBe(a.address);
    const next = (await choose(shop, 'btc_onchain', '192.0.2.5', a.expiresAt + REUSE_GRACE_SECONDS + 2, { expiresAt: now() + 80_000 })) as { address: string };
    expect(next.address).toMatch(/^bc1/);
    expect(next.address).not.toBe(b.address);
    // The old intent's attempt stopped watching the address; the new one watches it.
    const watchers = await db().query<{ payment_intent_id: string }>(
      `select payment_intent_id from payment_attempts where destination = $1 and (status in ('awaiting_payment', 'pending') or watch_until is not null)`,
      [a.address],
    );
    expect(watchers).toEqual([{ payment_intent_id: later.intentId }]);
  });

  it(`one client is handed at most ${ADDRESS_HOLDS_PER_CLIENT} unpaid addresses a quarter hour (429 with Retry-After); one link at most ${ADDRESS_HOLDS_PER_LINK}`, async () => {
    const shop = await newShop();
    const t0 = now();
    const E = t0 + 3600; // every session's end
    const got = [];
    for (let i = 0; i < ADDRESS_HOLDS_PER_CLIENT; i++)
      got.push(await choose(shop, i % 2 ? 'usdt_trc20' : 'btc_onchain', '2001:db8:1:2::1', t0, { expiresAt: E }));
    expect(got.every((g) => !(g instanceof DomainError))).toBe(true);
    // Another address of the same IPv6 /64 is the same client.
    const over = (await choose(shop, 'btc_onchain', '2001:db8:1:2::99', t0, { expiresAt: E })) as DomainError & { retryAfterSeconds: number };
    expect(over).toBeInstanceOf(DomainError);
    expect(over.code).toBe('address_limit_reached');
    // A hold counts for its first QUOTE_TTL_SECONDS (900), not the session's hour: an abandoned
    // checkout blocks nobody else behind the same address for long.
    expect(over.retryAfterSeconds).toBe(900);
    // Another client is not affected.
    expect(await choose(shop, 'btc_onchain', '2001:db8:9:9::1', t0)).not.toBeInstanceOf(DomainError);
    expect((await choose(shop, 'btc_onchain', '2001:db8:1:2::1', t0 + 899, { expiresAt: E })) as DomainError).toBeInstanceOf(DomainError);
    // A quarter of an hour later the client may choose again, while the held addresses stay their payers' (new ones are derived).
    const again = (await choose(shop, 'btc_onchain', '2001:db8:1:2::1', t0 + 900, { expiresAt: E })) as { address: string };
    expect(again.address).toMatch(/^bc1/);
    expect(got.map((g) => (g as { address: string }).address)).not.toContain(again.address);

    // A payment link: its sessions together hold at most ADDRESS_HOLDS_PER_LINK.
    const link = await call('POST', '/v1/payment_links', { key: shop.m.keys.live, body: { priceId: shop.prices.btc_onchain } });
    expect(link.status).toBe(200);
    for (let i = 0; i < ADDRESS_HOLDS_PER_LINK; i++) {
      const r = await choose(shop, 'btc_onchain', `10.0.${i}.1`, t0, { link: link.body.id });
      expect(r).not.toBeInstanceOf(DomainError);
    }
    const linkOver = await choose(shop, 'btc_onchain', '10.200.0.1', t0, { link: link.body.id });
    expect((linkOver as DomainError).code).toBe('address_limit_reached');
    // The API (the merchant's own server, no client address) is never limited.
    const api = await call('POST', '/v1/payment_intents', { key: shop.m.keys.live, body: { amount: 20_000, currency: 'BTC', rail: 'btc_onchain' } });
    expect((await call('POST', `/v1/payment_intents/${api.body.id}/confirm`, { key: shop.m.keys.live, body: {} })).status).toBe(200);
  }, 120_000);
});
