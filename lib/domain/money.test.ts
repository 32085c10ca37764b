import { describe, expect, it, vi } from 'vitest';
import { createId, randomBase62 } from '../ids';
import { assertAmountInBounds, assertRailTakesCurrency, boundsFor, fromDecimalString, RAIL_CURRENCIES, RAILS, toDecimalString } from '../money';

// node:crypto's randomBytes, with a queue of chosen answers for the rejection-sampling test; every
// other call is the real one.
const randomBytesQueue: Buffer[] = [];
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof import('node:crypto')>();
  return { ...real, randomBytes: (n: number) => (randomBytesQueue.length ? randomBytesQueue.shift()! : real.randomBytes(n)) };
});

describe('money', () => {
  it('formats minor units as exact decimals', () => {
    expect(toDecimalString(12345, 'BTC')).toBe('0.00012345');
    expect(toDecimalString(100_000_000, 'BTC')).toBe('1');
    expect(toDecimalString(12_500_000, 'USDT')).toBe('12.5');
    expect(toDecimalString(1_000_000_000_000, 'USDT')).toBe('1000000');
    expect(toDecimalString(5000, 'XOF')).toBe('5000');
    expect(toDecimalString(1, 'BTC')).toBe('0.00000001');
  });

  it('reads decimal strings back exactly, the inverse of toDecimalString', () => {
    for (const [n, c] of [
      [12345, 'BTC'],
      [100_000_000, 'BTC'],
      [1, 'BTC'],
      [2_100_000_000_000_000, 'BTC'],
      [12_500_000, 'USDT'],
      [5000, 'XOF'],
    ] as const)
      expect(fromDecimalString(toDecimalString(n, c), c)).toBe(n);
    expect(fromDecimalString('0.29', 'BTC')).toBe(29_000_000); // 0.29 * 1e8 is 28999999.999999996 in floating point
    expect(() => fromDecimalString('1.123456789', 'BTC')).toThrow();
    expect(() => fromDecimalString('-1', 'USDT')).toThrow();
  });

  it('bounds per currency, narrowed by rail and operator, never widened', () => {
    expect(boundsFor('XOF')).toEqual({ min: 100, max: 5_000_000 });
    expect(boundsFor('BTC', 'btc_onchain')).toEqual({ min: 1000, max: 1_000_000_000 });
    expect(boundsFor('BTC', 'btc_lightning')).toEqual({ min: 1, max: 1_000_000_000 });
    expect(boundsFor('XOF', 'mobile_money_a', { min: 500, max: 10_000_000 })).toEqual({ min: 500, max: 5_000_000 });
    expect(() => assertAmountInBounds(99, 'XOF', boundsFor('XOF'))).toThrow(/at least 100/);
    expect(() => assertAmountInBounds(100, 'XOF', boundsFor('XOF'))).not.toThrow();
  });

  it('has a currency for every rail and refuses the others', () => {
    for (const rail of RAILS) expect(RAIL_CURRENCIES[rail].length).toBeGreaterThan(0);
    expect(() => assertRailTakesCurrency('btc_lightning', 'XOF')).toThrow(/takes BTC/);
    expect(() => assertRailTakesCurrency('usdt_trc20', 'USDT')).not.toThrow();
  });
});

describe('ids', () => {
  // 22 characters, each one of 62 equally likely: 22 * log2(62) = 131 bits. What makes that true is
  // behaviour, checked here: every position takes every character, and bytes that would bias the
  // draw (248..255, since 256 is not a multiple of 62) are thrown away, not folded in with % 62.
  it('have the prefix and 22 characters, each drawn from all 62', () => {
    expect(createId('cs')).toMatch(/^cs_[0-9A-Za-z]{22}$/);
    const ids = Array.from({ length: 3000 }, () => createId('cs').slice(3));
    expect(new Set(ids).size).toBe(3000);
    // With 3000 draws a position misses one given character with probability (61/62)^3000 < 1e-21.
    for (let pos = 0; pos < 22; pos++) expect(new Set(ids.map((id) => id[pos])).size, `position ${pos}`).toBe(62);
  });

  it('reject the bytes that would bias the draw (rejection sampling)', () => {
    const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    // 248..255 first: each would be 0..7 under a plain % 62, making those 8 characters more likely.
    const bytes = [248, 249, 250, 251, 252, 253, 254, 255, ...Array.from({ length: 22 }, (_, i) => i + 62 * (i % 3))];
    randomBytesQueue.push(Buffer.from([...bytes, ...Array(64).fill(0)]));
    expect(randomBase62(16)).toBe(Array.from({ length: 22 }, (_, i) => ALPHABET[i]).join(''));
  });
});
