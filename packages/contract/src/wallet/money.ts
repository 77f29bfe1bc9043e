import { z } from 'zod';

/**
 * Money on the wire is a number in major units of the merchant's currency (what the original client sends and
 * shows: sumBalance 1234.5); in the database it is an integer of minor units. The conversion goes through the
 * decimal text, never a float multiplication, and an amount with more decimals than the currency has is refused.
 */
export const CURRENCY_DIGITS: Record<string, number> = { VND: 0, JPY: 0, KRW: 0, IDR: 0 };
export const currencyDigits = (currency: string): number => CURRENCY_DIGITS[currency.toUpperCase()] ?? 2;

/** An amount a client sends: positive, in major units, at most a trillion. */
export const amount = z.coerce.number().positive().max(1e12);

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
