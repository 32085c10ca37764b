// The dashboard's catalog helpers (lib/dashboard/catalog.ts): amounts typed in major units to minor
// units, exactly, per currency exponent; the one-time flash; API keys as the dashboard shows them
// (never a hash or a secret); price summaries scoped to the merchant and the mode.
import { describe, expect, it } from 'vitest';
import { FLASH_TTL_MS, listApiKeys, minorToMajor, parseMajorAmount, payablePrices, priceSummaries, putFlash, takeFlash } from '@/lib/dashboard/catalog';
import { hashKey, rollKeys } from '@/lib/domain/merchants';
import { createPrice, createPriceInput } from '@/lib/domain/prices';
import { createProduct, createProductInput, updateProduct } from '@/lib/domain/products';
import { catalogMessages } from '@/lib/i18n/catalog';
import { call, newMerchant, useDatabase } from './api';

const { db } = useDatabase();

describe('parseMajorAmount', () => {
  it('converts per the currency exponent, exactly (no floating point)', () => {
    expect(parseMajorAmount('5000', 'XOF')).toEqual({ ok: true, minor: 5000 });
    expect(parseMajorAmount('5 000', 'XAF')).toEqual({ ok: true, minor: 5000 });
    expect(parseMajorAmount('5\u202f000', 'XOF')).toEqual({ ok: true, minor: 5000 });
    expect(parseMajorAmount('25000', 'GNF')).toEqual({ ok: true, minor: 25000 });
    expect(parseMajorAmount('0.0005', 'BTC')).toEqual({ ok: true, minor: 50_000 });
    expect(parseMajorAmount('0,00000001', 'BTC')).toEqual({ ok: true, minor: 1 });
    expect(parseMajorAmount('12.5', 'USDT')).toEqual({ ok: true, minor: 12_500_000 });
    expect(parseMajorAmount('12,50', 'USDT')).toEqual({ ok: true, minor: 12_500_000 });
    // 0.1 + 0.2 territory: a float would make 0.29999999... of these.
    expect(parseMajorAmount('0.3', 'BTC')).toEqual({ ok: true, minor: 30_000_000 });
    expect(parseMajorAmount('1.1', 'USDT')).toEqual({ ok: true, minor: 1_100_000 });
    expect(parseMajorAmount('9.99999999', 'BTC')).toEqual({ ok: true, minor: 999_999_999 });
  });

  it('refuses more decimals than the currency has, rather than rounding', () => {
    expect(parseMajorAmount('5000.5', 'XOF')).toEqual({ ok: false, reason: 'precision', places: 0 });
    expect(parseMajorAmount('5000.0', 'XOF')).toEqual({ ok: true, minor: 5000 }); // a zero decimal is exact
    expect(parseMajorAmount('0.000000001', 'BTC')).toEqual({ ok: false, reason: 'precision', places: 8 });
    expect(parseMajorAmount('1.0000001', 'USDT')).toEqual({ ok: false, reason: 'precision', places: 6 });
  });

  it('refuses what it would have to guess', () => {
    for (const bad of ['', ' ', '-5000', '+5000', '1e3', '5000.', '.5', '1,000.50', '1.000,50', '1..2', 'NaN', 'Infinity', '0x10', '5000 F', '١٢٣'])
      expect(parseMajorAmount(bad, 'XOF').ok, bad).toBe(false);
    expect(parseMajorAmount('1,000.50', 'USDT')).toEqual({ ok: false, reason: 'format' });
  });

  it('checks the currency bounds (lib/money.ts), which the domain checks again', () => {
    expect(parseMajorAmount('99', 'XOF')).toEqual({ ok: false, reason: 'too_small', min: 100 });
    expect(parseMajorAmount('0', 'BTC')).toEqual({ ok: false, reason: 'too_small', min: 1 });
    expect(parseMajorAmount('0.5', 'USDT')).toEqual({ ok: false, reason: 'too_small', min: 1_000_000 });
    expect(parseMajorAmount('5000001', 'XOF')).toEqual({ ok: false, reason: 'too_large', max: 5_000_000 });
    expect(parseMajorAmount('99999999999999999999999', 'BTC')).toEqual({ ok: false, reason: 'too_large', max: 1_000_000_000 });
    expect(parseMajorAmount('5000000', 'XOF')).toEqual({ ok: true, minor: 5_000_000 });
  });

  it('round-trips with minorToMajor', () => {
    for (const [minor, cur, major] of [
      [5000, 'XOF', '5000'],
      [50_000, 'BTC', '0.0005'],
      [12_500_000, 'USDT', '12.5'],
      [1, 'BTC', '0.00000001'],
    ] as const) {
      expect(minorToMajor(minor, cur)).toBe(major);
      expect(parseMajorAmount(major, cur)).toEqual({ ok: true, minor });
    }
  });
});

describe('the one-time flash', () => {
  it('is read once, by the session it was left for, dropped when stale, and stored only encrypted under the session token', async () => {
    const s = { kind: 'secret' as const, message: 'made', secrets: [{ label: 'Signing secret', value: 'whsec_abc' }] };
    const [a, b, c, d] = ['tok-a', 'tok-b', 'tok-c', 'tok-d'].map((x) => `${x}-${Math.random()}`);
    await putFlash(db(), a!, s);
    // The row holds neither the secret nor the token.
    const rows = await db().query<{ session_hash: string; payload: string }>(`select session_hash, payload from dashboard_flashes`);
    for (const r of rows) for (const v of ['whsec_abc', a!]) expect(JSON.stringify(r)).not.toContain(v);
    expect(await takeFlash(db(), b!)).toBeNull();
    expect(await takeFlash(db(), a!)).toEqual(s);
    expect(await takeFlash(db(), a!)).toBeNull(); // a reload shows nothing
    const t0 = Date.now();
    await putFlash(db(), c!, { kind: 'notice', message: 'ok' }, t0);
    expect(await takeFlash(db(), c!, t0 + FLASH_TTL_MS + 1)).toBeNull();
    expect(await takeFlash(db(), c!, t0)).toBeNull(); // gone for good
    await putFlash(db(), d!, { kind: 'notice', message: 'first' });
    await putFlash(db(), d!, { kind: 'error', message: 'second' });
    expect(await takeFlash(db(), d!)).toEqual({ kind: 'error', message: 'second' });
  });
});

describe('the strings', () => {
  it('have the same keys in French and English, none empty', () => {
    expect(Object.keys(catalogMessages.fr).sort()).toEqual(Object.keys(catalogMessages.en).sort());
    for (const table of [catalogMessages.fr, catalogMessages.en]) for (const [k, v] of Object.entries(table)) expect(v.trim(), k).not.toBe('');
  });
});

describe('API keys as the dashboard shows them', () => {
  it('the working keys only, as prefix and last four: never the secret or its hash', async () => {
    const m = await newMerchant(db());
    const before = await listApiKeys(db(), m.merchant.id);
    expect(before.map((k) => k.display).sort()).toEqual([`sk_live_…${m.keys.live.slice(-4)}`, `sk_test_…${m.keys.test.slice(-4)}`].sort());
    const rolled = await rollKeys(db(), m.merchant.id);
    const after = await listApiKeys(db(), m.merchant.id);
    expect(after).toHaveLength(2);
    expect(after.map((k) => k.display).sort()).toEqual([`sk_live_…${rolled.keys.live.slice(-4)}`, `sk_test_…${rolled.keys.test.slice(-4)}`].sort());
    const text = JSON.stringify(after);
    for (const secret of [m.keys.test, m.keys.live, rolled.keys.test, rolled.keys.live]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(hashKey(secret));
    }
    expect(Object.keys(after[0]!).sort()).toEqual(['createdAt', 'display', 'id', 'last4', 'lastUsedAt', 'livemode']);
    // Never used yet; a call with the key records it (at most once a minute, in the key lookup).
    expect(after.every((k) => k.lastUsedAt === null)).toBe(true);
    const t = Math.floor(Date.now() / 1000);
    expect((await call('GET', '/v1/payment_intents', { key: rolled.keys.test })).status).toBe(200);
    const used = await listApiKeys(db(), m.merchant.id);
    expect(used.find((k) => !k.livemode)!.lastUsedAt).toBeGreaterThanOrEqual(t);
    expect(used.find((k) => k.livemode)!.lastUsedAt).toBeNull();
  });
});

describe('price summaries', () => {
  it('are scoped to the merchant and the mode; payable means the price and its product are active', async () => {
    const a = await newMerchant(db());
    const b = await newMerchant(db());
    const test = { merchantId: a.merchant.id, livemode: false };
    const live = { merchantId: a.merchant.id, livemode: true };
    const other = { merchantId: b.merchant.id, livemode: false };
    const prod = await createProduct(db(), test, createProductInput.parse({ name: 'Pagne' }));
    const price = await createPrice(db(), test, createPriceInput.parse({ productId: prod.id, currency: 'XOF', unitAmount: 5000 }));
    const liveProd = await createProduct(db(), live, createProductInput.parse({ name: 'Live pagne' }));
    const livePrice = await createPrice(db(), live, createPriceInput.parse({ productId: liveProd.id, currency: 'XOF', unitAmount: 7000 }));

    expect((await payablePrices(db(), test)).map((p) => p.id)).toEqual([price.id]);
    expect((await payablePrices(db(), live)).map((p) => p.id)).toEqual([livePrice.id]);
    expect(await payablePrices(db(), other)).toEqual([]);
    const seen = await priceSummaries(db(), test, [price.id, livePrice.id]);
    expect([...seen.keys()]).toEqual([price.id]);
    expect(seen.get(price.id)).toMatchObject({ productName: 'Pagne', currency: 'XOF', unitAmount: 5000, payable: true });
    expect((await priceSummaries(db(), other, [price.id])).size).toBe(0);

    await updateProduct(db(), test, prod.id, { active: false });
    expect(await payablePrices(db(), test)).toEqual([]);
    expect((await priceSummaries(db(), test, [price.id])).get(price.id)?.payable).toBe(false);
  });
});
