import { describe, expect, it } from 'vitest';
import { add, cmp, decimal, div, formatDecimal, fromInteger, mul, parseDecimal, sub } from '../decimal';
import { CURRENCY_BOUNDS, type Currency, EXPONENT } from '../money';
import {
  applySpread,
  CFA_PER_EUR,
  quoteExpiry,
  RATE_PLACES,
  rateFromEur,
  settlementAmount,
  settlementAmountByExponent,
  toIntentCurrency,
  toIntentCurrencyByExponent,
} from './quotes';

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

const EXPONENTS = [0, 2, 6, 8] as const;

/**
 * The settlement amount by another road: the due in major units divided by the rate with
 * lib/decimal's `div`, rounded up at the settlement exponent, then scaled to minor units.
 */
function referenceSettlement(due: number, eI: number, eS: number, rate: string): bigint {
  const q = div(decimal(BigInt(due), eI), parseDecimal(rate), eS, 'up');
  return q.units * 10n ** BigInt(eS - q.scale);
}

/** Exact: is `settlementMinor` at `rate` worth at least `due` intent minor units? */
function worthAtLeast(settlementMinor: number, due: number, eI: number, eS: number, rate: string): boolean {
  const value = mul(decimal(BigInt(settlementMinor), eS), parseDecimal(rate)); // intent major units
  return cmp(value, decimal(BigInt(due), eI)) >= 0;
}

describe('settlementAmount: the due divided by the rate, rounded up to the settlement minor unit', () => {
  it("the contract's example: 5000 XOF at 60,000,000 XOF per BTC is 8333.33 sats, so 8334", () => {
    expect(settlementAmount(5000, 'XOF', 'BTC', '60000000')).toBe(8334);
    expect(settlementAmount(5000, 'XAF', 'BTC', '60000000')).toBe(8334);
  });

  it('USDT (6 decimals): 5000 XOF at 600 is 8.333333.. USDT, so 8,333,334 micro-USDT; exact quotients are not rounded', () => {
    expect(settlementAmount(5000, 'XOF', 'USDT', '600')).toBe(8_333_334);
    expect(settlementAmount(6000, 'XOF', 'USDT', '600')).toBe(10_000_000);
    expect(settlementAmount(6000, 'XOF', 'BTC', '60000000')).toBe(10_000);
    expect(settlementAmount(1000, 'GNF', 'USDT', '9146.94103424')).toBe(109_327); // 109326.17 micro-USDT, rounded up
  });

  it('every pair of exponents 0/2/6/8, against values computed by hand (12345 minor units at 654.321)', () => {
    // ceil(12345 * 10^eS / (10^eI * 654.321)), computed outside this code (Python fractions).
    const table: Record<number, readonly number[]> = {
      0: [19, 1887, 18866887, 1886688644],
      2: [1, 19, 188669, 18866887],
      6: [1, 1, 19, 1887],
      8: [1, 1, 1, 19],
    };
    for (const eI of EXPONENTS)
      EXPONENTS.forEach((eS, j) => expect(settlementAmountByExponent(12345, eI, eS, '654.321'), `eI=${eI} eS=${eS}`).toBe(table[eI]![j]));
  });

  it('every pair of exponents agrees with the reference on seeded random dues and rates', () => {
    const rand = prng(11);
    for (const eI of EXPONENTS)
      for (const eS of EXPONENTS)
        for (let i = 0; i < 200; i++) {
          const due = 1 + Math.floor(rand() * 10 ** (1 + Math.floor(rand() * 9)));
          const rate = randomRate(rand);
          const ref = referenceSettlement(due, eI, eS, rate);
          if (ref > BigInt(Number.MAX_SAFE_INTEGER)) {
            expect(() => settlementAmountByExponent(due, eI, eS, rate)).toThrow(/too large/);
            continue;
          }
          expect(settlementAmountByExponent(due, eI, eS, rate), `${due} at ${rate}, eI=${eI} eS=${eS}`).toBe(Number(ref));
        }
  });

  it('huge and tiny amounts at the bounds: exact, at least one minor unit, or refused when not representable', () => {
    const xofMax = CURRENCY_BOUNDS.XOF.max; // 5,000,000
    expect(settlementAmount(xofMax, 'XOF', 'BTC', '1000000000')).toBe(500_000); // 0.005 BTC, exact
    expect(settlementAmount(CURRENCY_BOUNDS.XOF.min, 'XOF', 'BTC', '1000000000')).toBe(10);
    expect(settlementAmount(1, 'XOF', 'BTC', '1000000000000')).toBe(1); // 1e-12 BTC: still one whole sat
    expect(settlementAmount(xofMax, 'XOF', 'USDT', '0.001')).toBe(5_000_000_000_000_000); // 5e9 USDT: representable
    expect(() => settlementAmount(xofMax, 'XOF', 'BTC', '0.001')).toThrow(/too large to represent/); // 5e17 sats
    expect(() => settlementAmount(CURRENCY_BOUNDS.GNF.max, 'GNF', 'USDT', '0.001')).toThrow(/too large/);
    expect(settlementAmount(CURRENCY_BOUNDS.GNF.max, 'GNF', 'BTC', '914694103.42446227')).toBe(5_466_309);
    expect(() => settlementAmount(xofMax, 'XOF', 'USDT', '0.00000001')).toThrow(/too large/); // 5e20 micro-USDT
  });

  it('refuses what is not a due or a rate', () => {
    for (const rate of ['0', '0.000', '-600', '6e2', 'NaN', '', ' 600', 'Infinity']) expect(() => settlementAmount(5000, 'XOF', 'BTC', rate), rate).toThrow();
    for (const due of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => settlementAmount(due, 'XOF', 'BTC', '600'), String(due)).toThrow();
    expect(() => settlementAmountByExponent(1, -1, 8, '1')).toThrow(/exponent/);
  });
});

describe('toIntentCurrency: what a settlement amount counts for, under a quote', () => {
  const quote = { amount: 8334, rate: '60000000', due: 5000 };

  it('the full quote counts as exactly the amount due (not the 5000.4 it converts to)', () => {
    expect(toIntentCurrency(8334, quote, 'XOF', 'BTC')).toBe(5000);
  });

  it('beyond it: the due plus the excess at the rate, rounded down', () => {
    expect(toIntentCurrency(8335, quote, 'XOF', 'BTC')).toBe(5000); // 1 sat is 0.6 XOF
    expect(toIntentCurrency(8336, quote, 'XOF', 'BTC')).toBe(5001); // 2 sats are 1.2 XOF
    expect(toIntentCurrency(8334 + 100, quote, 'XOF', 'BTC')).toBe(5060);
    expect(toIntentCurrency(2 * 8334, quote, 'XOF', 'BTC')).toBe(5000 + 5000); // 8334 sats more is 5000.4 XOF
  });

  it('short of it: the amount at the rate, rounded down, and below the due even by one sat', () => {
    expect(toIntentCurrency(8333, quote, 'XOF', 'BTC')).toBe(4999); // 4999.8
    expect(toIntentCurrency(4167, quote, 'XOF', 'BTC')).toBe(2500); // 2500.2
    expect(toIntentCurrency(1, quote, 'XOF', 'BTC')).toBe(0); // 0.6
    expect(toIntentCurrency(0, quote, 'XOF', 'BTC')).toBe(0);
  });

  it('a short payment is never full, even under a quote whose amount was generous', () => {
    const generous = { amount: 9000, rate: '60000000', due: 5000 }; // 9000 sats are 5400 XOF
    expect(toIntentCurrency(8500, generous, 'XOF', 'BTC')).toBe(4999); // 5100 converted, capped below the due
    expect(toIntentCurrency(9000, generous, 'XOF', 'BTC')).toBe(5000);
  });

  it('USDT: 8,333,334 micro-USDT pay 5000 XOF at 600; 8,333,333 pay 4999', () => {
    const q = { amount: 8_333_334, rate: '600', due: 5000 };
    expect(toIntentCurrency(8_333_334, q, 'XOF', 'USDT')).toBe(5000);
    expect(toIntentCurrency(8_333_333, q, 'XOF', 'USDT')).toBe(4999);
    expect(toIntentCurrency(18_333_334, q, 'XOF', 'USDT')).toBe(11000);
  });

  it('refuses what is not an amount or a quote', () => {
    for (const r of [-1, 1.5, Number.NaN]) expect(() => toIntentCurrency(r, quote, 'XOF', 'BTC'), String(r)).toThrow();
    expect(() => toIntentCurrency(1, { ...quote, rate: '1e6' }, 'XOF', 'BTC')).toThrow();
    expect(() => toIntentCurrency(1, { ...quote, amount: 0 }, 'XOF', 'BTC')).toThrow();
    expect(() => toIntentCurrency(1, { ...quote, due: 0 }, 'XOF', 'BTC')).toThrow();
  });
});

describe('properties: a quote and its conversion back agree (seeded random dues, rates, exponent pairs)', () => {
  it('the quote pays exactly the due; one minor unit less pays less; more adds its value; never decreasing', () => {
    const rand = prng(42);
    let checked = 0;
    for (let i = 0; i < 4000; i++) {
      const eI = EXPONENTS[Math.floor(rand() * 4)]!;
      const eS = EXPONENTS[Math.floor(rand() * 4)]!;
      const due = 1 + Math.floor(rand() * 10 ** (1 + Math.floor(rand() * 8)));
      const rate = randomRate(rand);
      let amount: number;
      try {
        amount = settlementAmountByExponent(due, eI, eS, rate);
      } catch {
        continue; // not representable (checked against the reference above)
      }
      checked++;
      const q = { amount, rate, due };
      const back = (x: number) => toIntentCurrencyByExponent(x, q, eI, eS);
      // the least amount worth the due: amount is, amount - 1 is not (exactly, without the cap)
      expect(worthAtLeast(amount, due, eI, eS, rate)).toBe(true);
      if (amount > 1) expect(worthAtLeast(amount - 1, due, eI, eS, rate)).toBe(false);
      expect(back(amount)).toBe(due);
      expect(back(amount - 1)).toBeLessThan(due);
      const k = 1 + Math.floor(rand() * 1000);
      // the excess's value, rounded down: over - due <= k * rate < over - due + 1 (in intent minor units)
      const excess = mul(decimal(BigInt(k), eS), parseDecimal(rate));
      const excessMinor = div(excess, decimal(1n, eI), 0, 'down').units;
      if (BigInt(due) + excessMinor > BigInt(Number.MAX_SAFE_INTEGER)) {
        expect(() => back(amount + k)).toThrow(/too large/);
        continue;
      }
      const over = back(amount + k);
      expect(over).toBeGreaterThanOrEqual(due);
      expect(cmp(decimal(BigInt(over - due), eI), excess)).toBeLessThanOrEqual(0);
      expect(cmp(excess, decimal(BigInt(over - due + 1), eI))).toBeLessThan(0);
      expect(back(amount - 1)).toBeLessThanOrEqual(back(amount));
      expect(back(amount)).toBeLessThanOrEqual(back(amount + 1));
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('XOF to BTC and USDT at the bounds: every due from the minimum to the maximum, sampled', () => {
    const rand = prng(7);
    for (const [settle, rate] of [
      ['BTC', '60000000'],
      ['USDT', '600'],
      ['BTC', '1000000000'],
      ['USDT', '0.001'],
    ] as [Currency, string][])
      for (let i = 0; i < 500; i++) {
        const { min, max } = CURRENCY_BOUNDS.XOF;
        const due = i === 0 ? min : i === 1 ? max : min + Math.floor(rand() * (max - min));
        const amount = settlementAmount(due, 'XOF', settle, rate);
        expect(amount).toBe(Number(referenceSettlement(due, EXPONENT.XOF, EXPONENT[settle], rate)));
        expect(toIntentCurrency(amount, { amount, rate, due }, 'XOF', settle)).toBe(due);
        expect(toIntentCurrency(amount - 1, { amount, rate, due }, 'XOF', settle)).toBeLessThan(due);
      }
  });
});

describe('rates: the peg, the GNF rate, the spread', () => {
  it('XOF and XAF through the peg, 1 EUR = 655.957 exactly', () => {
    expect(CFA_PER_EUR).toBe('655.957');
    expect(rateFromEur('1', 'XOF')).toBe('655.957');
    expect(rateFromEur('1', 'XAF')).toBe('655.957');
    expect(rateFromEur('91469.41', 'XOF')).toBe('59999999.77537');
    expect(rateFromEur('100000', 'XAF')).toBe('65595700');
    expect(rateFromEur('0.9999', 'XOF')).toBe('655.8914043');
  });

  it(`rounds down to ${RATE_PLACES} decimal places`, () => {
    expect(rateFromEur('0.123456789', 'XOF')).toBe('80.98234494'); // 80.982344942073
    expect(() => rateFromEur('0.000000000001', 'XOF')).toThrow(/rounds to zero/);
  });

  it('GNF only with a configured GNF-per-EUR; never for BTC or USDT intents', () => {
    expect(rateFromEur('50000', 'GNF')).toBeNull();
    expect(rateFromEur('50000', 'GNF', { gnfPerEur: '10000' })).toBe('500000000');
    expect(rateFromEur('0.9999', 'GNF', { gnfPerEur: '9876.54321' })).toBe('9875.55555567'); // 9875.555555679
    expect(rateFromEur('50000', 'BTC')).toBeNull();
    expect(rateFromEur('50000', 'USDT', { gnfPerEur: '10000' })).toBeNull();
    expect(() => rateFromEur('50000', 'GNF', { gnfPerEur: '0' })).toThrow();
    expect(() => rateFromEur('-1', 'XOF')).toThrow();
    expect(() => rateFromEur('5e4', 'XOF')).toThrow();
  });

  it('the spread lowers the rate (the buyer sends more), rounded down', () => {
    expect(applySpread('60000000', '0')).toBe('60000000');
    expect(applySpread('60000000.000', '0')).toBe('60000000');
    expect(applySpread('60000000', '1')).toBe('59400000');
    expect(applySpread('600', '0.5')).toBe('597');
    expect(applySpread('655.957', '0.333')).toBe('653.77266319');
    expect(applySpread('1', '33.333333333')).toBe('0.66666666'); // 0.66666666667 rounded down
    expect(applySpread('0.123456789', '0')).toBe('0.12345678');
    // with the spread, the buyer pays more settlement currency for the same due
    expect(settlementAmount(5000, 'XOF', 'BTC', applySpread('60000000', '1'))).toBe(8418);
    expect(settlementAmount(5000, 'XOF', 'BTC', applySpread('60000000', '1'))).toBeGreaterThan(settlementAmount(5000, 'XOF', 'BTC', '60000000'));
  });

  it('refuses a spread that is negative, 100 % or more, or not a plain decimal', () => {
    for (const s of ['-1', '100', '150', '1e1', 'abc', ''] as const) expect(() => applySpread('600', s), s).toThrow();
    expect(applySpread('600', '99.99')).toBe('0.06');
  });

  it('spread and peg compose: lower, and never above the unspread rate, for seeded random prices', () => {
    const rand = prng(9);
    for (let i = 0; i < 500; i++) {
      const eur = randomRate(rand);
      let rate: string;
      try {
        rate = rateFromEur(eur, 'XOF')!;
      } catch {
        continue; // rounds to zero
      }
      const pct = formatDecimal(decimal(BigInt(Math.floor(rand() * 1000)), 2)); // 0 to 9.99 %
      const spread = applySpread(rate, pct);
      expect(cmp(parseDecimal(spread), parseDecimal(rate))).toBeLessThanOrEqual(0);
      // exact check: spread <= rate * (100 - pct) / 100 < spread + 1e-8
      const lowered = mul(parseDecimal(rate), sub(fromInteger(100), parseDecimal(pct)));
      const exact = decimal(lowered.units, lowered.scale + 2); // / 100, exactly
      expect(cmp(parseDecimal(spread), exact)).toBeLessThanOrEqual(0);
      expect(cmp(exact, add(parseDecimal(spread), decimal(1n, RATE_PLACES)))).toBeLessThan(0);
    }
  });
});

describe('quoteExpiry: the TTL, never past the session', () => {
  it('is now + ttl, or the session expiry when sooner', () => {
    expect(quoteExpiry(1_767_225_600, 900, null)).toBe(1_767_226_500);
    expect(quoteExpiry(1_767_225_600, 900, 1_767_230_000)).toBe(1_767_226_500);
    expect(quoteExpiry(1_767_225_600, 900, 1_767_226_000)).toBe(1_767_226_000);
    expect(quoteExpiry(1_767_225_600, 900, 1_767_226_500)).toBe(1_767_226_500);
    expect(() => quoteExpiry(1_767_225_600, 0, null)).toThrow();
    expect(() => quoteExpiry(1_767_225_600.5, 900, null)).toThrow();
  });
});

/** A positive rate with up to 12 integer digits and up to 8 decimals, or a tiny one (0.000...). */
function randomRate(rand: () => number): string {
  for (;;) {
    const intDigits = Math.floor(rand() * 13);
    const fracDigits = Math.floor(rand() * 9);
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
    const int = (intDigits ? digits(intDigits) : '0').replace(/^0+(?=\d)/, '');
    const s = fracDigits ? `${int}.${digits(fracDigits)}` : int;
    if (parseDecimal(s).units > 0n) return s;
  }
}
