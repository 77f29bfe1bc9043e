/** Exact fractions over BigInt, always reduced, denominator positive. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const divisor = gcd(n, d) || 1n;
  return { num: n / divisor, den: d / divisor };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);

export const add = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational): Rational => rational(a.num * b.den, a.den * b.num);
export const sum = (terms: Iterable<Rational>): Rational => {
  let total = ZERO;
  for (const term of terms) total = add(total, term);
  return total;
};
export const abs = (a: Rational): Rational => (a.num < 0n ? rational(-a.num, a.den) : a);
export const lessOrEqual = (a: Rational, b: Rational): boolean => a.num * b.den <= b.num * a.den;

/** For printing and searching only: never for outcomes. */
export const toNumber = (a: Rational): number => {
  const scale = 10n ** 18n;
  return Number((a.num * scale) / a.den) / 1e18;
};

/** The value truncated toward zero to `digits` decimals, e.g. toDecimal(rational(1n, 3n), 4) === '0.3333'. */
export function toDecimal(a: Rational, digits: number): string {
  const negative = a.num < 0n;
  const scaled = ((negative ? -a.num : a.num) * 10n ** BigInt(digits)) / a.den;
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Parses a decimal such as '96' or '96.5' exactly. */
export function fromDecimal(text: string): Rational {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const value = rational(BigInt(`${match[2]}${fraction}`), 10n ** BigInt(fraction.length));
  return match[1] ? rational(-value.num, value.den) : value;
}
