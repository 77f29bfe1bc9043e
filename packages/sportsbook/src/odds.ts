/** Odds formats for display (design note E3), through oddslib. */

export type OddsFormat = 'decimal' | 'hongkong' | 'malay' | 'indonesian' | 'american';

/** A decimal price written in the format, with the reader's locale's digits (English when absent). */
export function formatOdds(decimal: number, format: OddsFormat, locale?: string): string {
  void decimal;
  void format;
  void locale;
  throw new Error('not yet');
}
