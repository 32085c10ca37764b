import { describe, expect, it } from 'vitest';
import {
  add,
  cmp,
  type Decimal,
  decimal,
  div,
  divideIntegers,
  formatDecimal,
  fromInteger,
  isDecimal,
  median,
  mul,
  parseDecimal,
  relativeDifferenceExceeds,
  round,
  sub,
  toBigInt,
} from './decimal';

/** A seeded PRNG (mulberry32): the same "random" cases on every run, so a failure reproduces. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const d = (s: string) => parseDecimal(s, { allowNegative: true });
const f = formatDecimal;

/** A random decimal string: up to `intDigits` integer digits and `fracDigits` fraction digits. */
function randomDecimal(rand: () => number, intDigits = 12, fracDigits = 10, negative = false): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const int = digits(1 + Math.floor(rand() * intDigits)).replace(/^0+(?=\d)/, '');
  const fl = Math.floor(rand() * (fracDigits + 1));
  const frac = fl ? `.${digits(fl)}` : '';
  return `${negative && rand() < 0.5 ? '-' : ''}${int}${frac}`;
}

describe('parseDecimal', () => {
  it('reads plain decimals exactly and writes them back canonically', () => {
    expect(f(parseDecimal('60000000'))).toBe('60000000');
    expect(f(parseDecimal('655.957'))).toBe('655.957');
    expect(f(parseDecimal('0.99990'))).toBe('0.9999');
    expect(f(parseDecimal('30303.20000'))).toBe('30303.2');
    expect(f(parseDecimal('000.500'))).toBe('0.5');
    expect(f(parseDecimal('0.00000001'))).toBe('0.00000001');
    expect(f(parseDecimal('0'))).toBe('0');
    expect(f(parseDecimal('0.000'))).toBe('0');
    expect(f(d('-0'))).toBe('0');
    expect(f(d('-12.50'))).toBe('-12.5');
    expect(parseDecimal('1.10')).toEqual({ units: 11n, scale: 1 });
    expect(parseDecimal('100')).toEqual({ units: 100n, scale: 0 });
  });

  it('refuses exponents, NaN, infinities, blanks, signs and dangling points', () => {
    for (const bad of [
      '1e3',
      '1E3',
      '6e-5',
      'NaN',
      'Infinity',
      '-Infinity',
      '',
      ' ',
      ' 1',
      '1 ',
      '.5',
      '5.',
      '.',
      '+1',
      '1,5',
      '0x10',
      '1_000',
      '١٢',
      '--1',
      '1.2.3',
      'null',
    ])
      expect(() => parseDecimal(bad, { allowNegative: true }), bad).toThrow(/not a decimal/);
    expect(() => parseDecimal(1 as unknown as string)).toThrow(/not a decimal/);
    expect(() => parseDecimal(undefined as unknown as string)).toThrow(/not a decimal/);
  });

  it('refuses a negative unless allowed', () => {
    expect(() => parseDecimal('-1')).toThrow(/negative/);
    expect(() => parseDecimal('-0.5')).toThrow(/negative/);
    expect(f(parseDecimal('-1', { allowNegative: true }))).toBe('-1');
  });

  it('refuses more than 30 significant digits (or the configured number), but not zeros around them', () => {
    expect(f(parseDecimal('1'.repeat(30)))).toBe('1'.repeat(30));
    expect(() => parseDecimal('1'.repeat(31))).toThrow(/significant digits/);
    expect(() => parseDecimal(`0.${'1'.repeat(31)}`)).toThrow();
    expect(f(parseDecimal(`${'0'.repeat(20)}1.5`))).toBe('1.5');
    expect(f(parseDecimal(`1${'0'.repeat(29)}`))).toBe(`1${'0'.repeat(29)}`);
    expect(() => parseDecimal('123456', { maxDigits: 5 })).toThrow(/at most 5/);
    expect(() => parseDecimal('0.123', { maxScale: 2 })).toThrow(/decimal places/);
    expect(() => parseDecimal('1'.repeat(101))).toThrow(/not a decimal/); // too long to even look at
  });

  it('isDecimal says whether parseDecimal would accept', () => {
    expect(isDecimal('655.957')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal(655.957)).toBe(false);
    expect(isDecimal('-1')).toBe(false);
    expect(isDecimal('-1', { allowNegative: true })).toBe(true);
  });
});

describe('arithmetic', () => {
  it('adds, subtracts and multiplies exactly (0.1 + 0.2 is 0.3)', () => {
    expect(f(add(d('0.1'), d('0.2')))).toBe('0.3');
    expect(f(sub(d('0.3'), d('0.1')))).toBe('0.2');
    expect(f(sub(d('1'), d('1.000')))).toBe('0');
    expect(f(mul(d('655.957'), d('91470.12')))).toBe('60000465.50484');
    expect(f(mul(d('0.29'), fromInteger(100_000_000)))).toBe('29000000'); // 28999999.999999996 in floating point
    expect(f(mul(d('-1.5'), d('2')))).toBe('-3');
    expect(f(decimal(1500n, 3))).toBe('1.5');
    expect(() => decimal(1n, -1)).toThrow();
    expect(() => fromInteger(0.5)).toThrow();
    expect(toBigInt(d('42.000'))).toBe(42n);
    expect(() => toBigInt(d('42.5'))).toThrow(/not an integer/);
  });

  it('compares across scales', () => {
    expect(cmp(d('1.10'), d('1.1'))).toBe(0);
    expect(cmp(d('1.09'), d('1.1'))).toBe(-1);
    expect(cmp(d('10'), d('9.999999999'))).toBe(1);
    expect(cmp(d('-1'), d('0'))).toBe(-1);
  });

  it('divides with the rounding asked for, at the places asked for', () => {
    expect(f(div(d('1'), d('3'), 8, 'down'))).toBe('0.33333333');
    expect(f(div(d('1'), d('3'), 8, 'up'))).toBe('0.33333334');
    expect(f(div(d('2'), d('3'), 0, 'down'))).toBe('0');
    expect(f(div(d('2'), d('3'), 0, 'up'))).toBe('1');
    expect(f(div(d('6'), d('3'), 0, 'up'))).toBe('2'); // exact: no rounding either way
    expect(f(div(d('5000'), d('60000000'), 8, 'up'))).toBe('0.00008334');
    expect(f(div(d('5000'), d('60000000'), 8, 'down'))).toBe('0.00008333');
    expect(f(div(d('60000000'), d('655.957'), 2, 'down'))).toBe('91469.41');
    expect(f(div(d('60000000'), d('655.957'), 2, 'up'))).toBe('91469.42');
    // down is toward negative infinity, up toward positive infinity, for negatives too
    expect(f(div(d('-1'), d('3'), 2, 'down'))).toBe('-0.34');
    expect(f(div(d('-1'), d('3'), 2, 'up'))).toBe('-0.33');
    expect(f(div(d('1'), d('-3'), 2, 'down'))).toBe('-0.34');
    expect(() => div(d('1'), d('0'), 2, 'down')).toThrow(/division by zero/);
    expect(() => div(d('1'), d('3'), -1, 'down')).toThrow(/places/);
  });

  it('rounds to places, exactly when it already fits', () => {
    expect(f(round(d('1.23456789'), 4, 'down'))).toBe('1.2345');
    expect(f(round(d('1.23451'), 4, 'up'))).toBe('1.2346');
    expect(f(round(d('1.2'), 4, 'up'))).toBe('1.2');
    expect(f(round(d('-1.25'), 1, 'down'))).toBe('-1.3');
    expect(f(round(d('0.000000009'), 8, 'down'))).toBe('0');
  });

  it('divideIntegers is floor or ceiling for every sign', () => {
    for (const [n, m, down, up] of [
      [7n, 2n, 3n, 4n],
      [-7n, 2n, -4n, -3n],
      [7n, -2n, -4n, -3n],
      [-7n, -2n, 3n, 4n],
      [6n, 2n, 3n, 3n],
      [0n, 5n, 0n, 0n],
    ] as const) {
      expect(divideIntegers(n, m, 'down'), `${n}/${m}`).toBe(down);
      expect(divideIntegers(n, m, 'up'), `${n}/${m}`).toBe(up);
    }
    expect(() => divideIntegers(1n, 0n, 'up')).toThrow();
  });
});

describe('median and relative difference', () => {
  it('median: the middle one, or the mean of the two middle ones rounded down', () => {
    expect(f(median([d('3'), d('1'), d('2')], 8))).toBe('2');
    expect(f(median([d('1.5')], 8))).toBe('1.5');
    expect(f(median([d('60000'), d('60001')], 8))).toBe('60000.5');
    expect(f(median([d('0.00000001'), d('0.00000002')], 8))).toBe('0.00000001'); // 0.000000015 rounded down
    expect(f(median([d('0.00000001'), d('0.00000002')], 9))).toBe('0.000000015');
    expect(f(median([d('4'), d('1'), d('3'), d('2')], 8))).toBe('2.5');
    expect(() => median([], 8)).toThrow(/empty/);
  });

  it('relativeDifferenceExceeds: (max - min) / min > percent, exactly at the boundary', () => {
    const pct = d('2');
    expect(relativeDifferenceExceeds([d('100'), d('102')], pct)).toBe(false); // exactly 2 %
    expect(relativeDifferenceExceeds([d('100'), d('102.0000001')], pct)).toBe(true);
    expect(relativeDifferenceExceeds([d('102'), d('100'), d('101')], pct)).toBe(false);
    expect(relativeDifferenceExceeds([d('50000')], pct)).toBe(false);
    expect(relativeDifferenceExceeds([d('0'), d('1')], pct)).toBe(true); // no relative spread from zero
    expect(relativeDifferenceExceeds([d('1'), d('1')], d('0'))).toBe(false);
    expect(() => relativeDifferenceExceeds([], pct)).toThrow();
  });
});

describe('properties (seeded random inputs)', () => {
  const N = 2000;

  it('parse and format round-trip: format(parse(s)) is s without redundant zeros, and parses to the same value', () => {
    const rand = prng(1);
    for (let i = 0; i < N; i++) {
      const s = randomDecimal(rand, 15, 12, true);
      const v = d(s);
      const out = f(v);
      expect(d(out)).toEqual(v);
      expect(f(d(out))).toBe(out);
      expect(out).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
    }
  });

  it('division brackets the exact quotient: down * b <= a <= up * b, and up - down is one step at most', () => {
    const rand = prng(2);
    for (let i = 0; i < N; i++) {
      const a = d(randomDecimal(rand));
      const b = d(randomDecimal(rand));
      if (b.units === 0n) continue;
      const places = Math.floor(rand() * 12);
      const lo = div(a, b, places, 'down');
      const hi = div(a, b, places, 'up');
      const step = decimal(1n, places);
      expect(cmp(mul(lo, b), a)).toBeLessThanOrEqual(0);
      expect(cmp(mul(hi, b), a)).toBeGreaterThanOrEqual(0);
      const gap = sub(hi, lo);
      expect(cmp(gap, step)).toBeLessThanOrEqual(0);
      // exact quotients are not rounded at all
      if (cmp(mul(lo, b), a) === 0) expect(cmp(lo, hi)).toBe(0);
    }
  });

  it('(a * b) / b gives a back when the places suffice', () => {
    const rand = prng(3);
    for (let i = 0; i < N; i++) {
      const a = d(randomDecimal(rand));
      const b = d(randomDecimal(rand));
      if (b.units === 0n) continue;
      expect(div(mul(a, b), b, a.scale, 'down')).toEqual(a);
      expect(div(mul(a, b), b, a.scale, 'up')).toEqual(a);
    }
  });

  it('addition and subtraction are inverse; comparison agrees with subtraction', () => {
    const rand = prng(4);
    for (let i = 0; i < N; i++) {
      const a = d(randomDecimal(rand, 12, 10, true));
      const b = d(randomDecimal(rand, 12, 10, true));
      expect(sub(add(a, b), b)).toEqual(a);
      const diff: Decimal = sub(a, b);
      expect(cmp(a, b)).toBe(diff.units === 0n ? 0 : diff.units > 0n ? 1 : -1);
    }
  });

  it('median lies between min and max; for two values it is their mean rounded down', () => {
    const rand = prng(5);
    for (let i = 0; i < 500; i++) {
      const n = 1 + Math.floor(rand() * 6);
      const xs = Array.from({ length: n }, () => d(randomDecimal(rand, 6, 5)));
      const m = median(xs, 8);
      const sorted = [...xs].sort(cmp);
      expect(cmp(m, sorted[0]!)).toBeGreaterThanOrEqual(0);
      expect(cmp(m, sorted[n - 1]!)).toBeLessThanOrEqual(0);
      if (n === 2) expect(mul(m, fromInteger(2))).toEqual(add(xs[0]!, xs[1]!)); // 5 places + 1 fits in 8: exact
    }
  });
});
