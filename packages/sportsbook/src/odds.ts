/** Odds formats for display (design note E3), through oddslib. */
import { from } from 'oddslib';

export type OddsFormat = 'decimal' | 'hongkong' | 'malay' | 'indonesian' | 'american';

const ODDSLIB_FORMAT = {
  decimal: 'decimal',
  hongkong: 'hongKong',
  malay: 'malay',
  indonesian: 'indonesian',
  american: 'moneyline',
} as const;

/**
 * A decimal price written in the format with the reader's locale's digits (English when absent): decimal, Hong
 * Kong, Malay and Indonesian with 2 or 3 decimal places (1.80, -0.667), American as a whole number with its sign
 * (+150, -125). Malay and Indonesian negatives are stake-to-win: Malay -0.20 is decimal 6.00. Any decimal above 1
 * is written, also a parlay's combined price (rounded for display).
 */
export function formatOdds(decimal: number, format: OddsFormat, locale = 'en'): string {
  if (!Number.isFinite(decimal) || decimal <= 1)
    throw new RangeError(`a price is a decimal above 1, not ${decimal}`);
  const target = ODDSLIB_FORMAT[format];
  if (!target) throw new RangeError(`unknown odds format ${String(format)}`);
  const american = format === 'american';
  const value = from('decimal', decimal).to(target, { precision: american ? 0 : 3 });
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: american ? 0 : 2,
    maximumFractionDigits: american ? 0 : 3,
    signDisplay: american ? 'exceptZero' : 'auto',
  }).format(value);
}
