// Exact decimals on BigInt, for the money path (exchange rates, quotes): decimal strings in and
// out, never a JavaScript number in between, because 0.1 + 0.2 is not 0.3 and a rate like
// "655.957" has no exact binary form. A value is `units / 10^scale`. Every division names its
// rounding, so each place that loses precision says in whose favour it does.

/** A rounding direction: `down` toward negative infinity (floor), `up` toward positive infinity (ceiling). */
export type Rounding = 'down' | 'up';

/** `units / 10^scale`, normalized: no trailing zero in `units` when `scale > 0`, and 0 has scale 0. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

export interface ParseOptions {
  /** Accept a leading "-" (default false: prices, rates and percentages are never negative). */
  allowNegative?: boolean;
  /** At most this many significant digits (default 30): a larger one is a garbage answer, not a price. */
  maxDigits?: number;
  /** At most this many digits after the point (default 30). */
  maxScale?: number;
}

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Longer input is refused before any work (leading zeros could otherwise make it arbitrarily long). */
const MAX_INPUT_LENGTH = 100;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

function normalize(units: bigint, scale: number): Decimal {
  if (units === 0n) return { units: 0n, scale: 0 };
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** A decimal from its parts: `units / 10^scale` (scale a non-negative integer). */
export function decimal(units: bigint, scale = 0): Decimal {
  if (!Number.isSafeInteger(scale) || scale < 0) throw new Error(`decimal scale must be a non-negative integer; got ${scale}`);
  return normalize(units, scale);
}

/** An integer (a count of minor units) as a decimal. */
export function fromInteger(n: number | bigint): Decimal {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new Error(`not a safe integer: ${n}`);
  return normalize(BigInt(n), 0);
}

/**
 * Strict: plain digits with an optional fraction ("60000000", "0.99990", "655.957"). Refused:
 * exponent notation ("1e3"), "NaN", "Infinity", blanks, a bare "." or a dangling point (".5", "5."),
 * "+", a "-" unless allowed, and too many digits. What the strings mean is never guessed.
 */
export function parseDecimal(value: string, opts: ParseOptions = {}): Decimal {
  const { allowNegative = false, maxDigits = 30, maxScale = 30 } = opts;
  if (typeof value !== 'string' || value.length > MAX_INPUT_LENGTH) throw new Error(`not a decimal number: ${describe(value)}`);
  const m = DECIMAL_RE.exec(value);
  if (!m) throw new Error(`not a decimal number: ${describe(value)} (digits with an optional fraction, e.g. "655.957")`);
  const [, sign, int, frac = ''] = m as unknown as [string, string, string, string | undefined];
  if (sign && !allowNegative) throw new Error(`negative number not allowed here: ${describe(value)}`);
  if (frac.length > maxScale) throw new Error(`too many decimal places (at most ${maxScale}): ${describe(value)}`);
  const significant = `${int}${frac}`.replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > maxDigits) throw new Error(`too many significant digits (at most ${maxDigits}): ${describe(value)}`);
  const units = BigInt(`${int}${frac}`);
  return normalize(sign ? -units : units, frac.length);
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return typeof value;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
}

/** Whether `value` is a decimal string `parseDecimal` accepts with these options. */
export function isDecimal(value: unknown, opts?: ParseOptions): value is string {
  if (typeof value !== 'string') return false;
  try {
    parseDecimal(value, opts);
    return true;
  } catch {
    return false;
  }
}

/** The canonical string: no exponent, no trailing zeros, no "-0" ("60000000", "0.00012345", "655.957"). */
export function formatDecimal(d: Decimal): string {
  const neg = d.units < 0n;
  const digits = (neg ? -d.units : d.units).toString();
  if (d.scale === 0) return `${neg ? '-' : ''}${digits}`;
  const padded = digits.padStart(d.scale + 1, '0');
  const whole = padded.slice(0, -d.scale);
  const frac = padded.slice(-d.scale).replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Both at the larger scale, so their units compare and add directly. */
function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalize(x + y, scale);
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return normalize(x - y, scale);
}

/** Exact: the scales add. */
export function mul(a: Decimal, b: Decimal): Decimal {
  return normalize(a.units * b.units, a.scale + b.scale);
}

/** -1, 0 or 1. */
export function cmp(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (d: Decimal): boolean => d.units === 0n;
export const isPositive = (d: Decimal): boolean => d.units > 0n;

/** The integer quotient `num / den` rounded as asked (floor or ceiling, whatever the signs). */
export function divideIntegers(num: bigint, den: bigint, rounding: Rounding): bigint {
  if (den === 0n) throw new Error('division by zero');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = num / den; // truncates toward zero
  const r = num % den;
  if (r === 0n) return q;
  // r has num's sign: truncation went up for a negative quotient, down for a positive one.
  if (rounding === 'down') return r < 0n ? q - 1n : q;
  return r > 0n ? q + 1n : q;
}

/** `a / b` to `places` decimal places, rounded as asked. The only inexact operation here, with `round`. */
export function div(a: Decimal, b: Decimal, places: number, rounding: Rounding): Decimal {
  if (!Number.isSafeInteger(places) || places < 0) throw new Error(`places must be a non-negative integer; got ${places}`);
  if (b.units === 0n) throw new Error('division by zero');
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scaled by 10^places:
  // a.units * 10^(b.scale + places) / (b.units * 10^a.scale)
  const num = a.units * pow10(b.scale + places);
  const den = b.units * pow10(a.scale);
  return normalize(divideIntegers(num, den, rounding), places);
}

/** `a` to at most `places` decimal places, rounded as asked (exact when it already fits). */
export function round(a: Decimal, places: number, rounding: Rounding): Decimal {
  if (!Number.isSafeInteger(places) || places < 0) throw new Error(`places must be a non-negative integer; got ${places}`);
  if (a.scale <= places) return a;
  return normalize(divideIntegers(a.units, pow10(a.scale - places), rounding), places);
}

/**
 * The median. Odd count: the middle value itself. Even count: the mean of the two middle values,
 * rounded down at `places` decimal places (the mean of two values is exact at one more place than
 * the finer of them, so with `places` above the inputs' own precision nothing is lost).
 */
export function median(values: readonly Decimal[], places: number): Decimal {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort(cmp);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return div(add(sorted[mid - 1]!, sorted[mid]!), fromInteger(2), places, 'down');
}

/**
 * Whether the spread of `values` is more than `percent` of the smallest: `(max - min) / min > percent / 100`,
 * compared exactly by cross-multiplying (no division, no rounding). A list whose smallest value is zero
 * or negative has no meaningful relative spread and counts as too wide (the caller refuses it).
 */
export function relativeDifferenceExceeds(values: readonly Decimal[], percent: Decimal): boolean {
  if (values.length === 0) throw new Error('spread of an empty list');
  let min = values[0]!;
  let max = values[0]!;
  for (const v of values) {
    if (cmp(v, min) < 0) min = v;
    if (cmp(v, max) > 0) max = v;
  }
  if (!isPositive(min)) return true;
  // (max - min) * 100 > percent * min
  return cmp(mul(sub(max, min), fromInteger(100)), mul(percent, min)) > 0;
}

/** A decimal that is an exact integer, as a bigint; throws when it has a fraction. */
export function toBigInt(d: Decimal): bigint {
  if (d.scale !== 0) throw new Error(`not an integer: ${formatDecimal(d)}`);
  return d.units;
}
