/**
 * Money's conversions and its text for people (see money.ts for the wire). This module builds no schema, so a page can
 * import it without zod.
 */
const CURRENCY_DIGITS: Record<string, number> = { VND: 0, JPY: 0, KRW: 0, IDR: 0 };
export const currencyDigits = (currency: string): number => CURRENCY_DIGITS[currency.toUpperCase()] ?? 2;

/** Major units to minor units, or null when the amount has more decimals than the currency has. */
export function toMinor(major: number, digits: number): bigint | null {
  if (!Number.isFinite(major)) return null;
  const text = String(major);
  if (/e/i.test(text)) {
    const fixed = major.toFixed(digits);
    return Number(fixed) === major ? BigInt(fixed.replace('.', '')) : null;
  }
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  if (fraction.length > digits) return null;
  const minor = BigInt(whole + fraction.padEnd(digits, '0'));
  return major < 0 ? -minor : minor;
}

/** Minor units to the major-unit number of the wire. */
export function toMajor(minor: bigint | number, digits: number): number {
  return Number(minor) / 10 ** digits;
}

/** A money amount for people: grouped digits and the currency's decimals ("P 1,234.50"). */
export function formatMoney(major: number, digits: number, locale = 'en'): string {
  return major.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
