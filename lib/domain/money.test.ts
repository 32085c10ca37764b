import { describe, expect, it } from 'vitest';
import { fromDecimalString, boundsFor, RAIL_CURRENCIES, RAILS, toDecimalString, assertAmountInBounds, assertRailTakesCurrency } from '../money';
import { createId, randomBase62 } from '../ids';

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
    for (const [n, c] of [[12345, 'BTC'], [100_000_000, 'BTC'], [1, 'BTC'], [2_100_000_000_000_000, 'BTC'], [12_500_000, 'USDT'], [5000, 'XOF']] as const)
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
  it('have the prefix and at least 128 random bits', () => {
    const id = createId('cs');
    expect(id).toMatch(/^cs_[0-9A-Za-z]{22}$/);
    expect(22 * Math.log2(62)).toBeGreaterThan(128);
    const many = new Set(Array.from({ length: 2000 }, () => randomBase62(16)));
    expect(many.size).toBe(2000);
  });
});
