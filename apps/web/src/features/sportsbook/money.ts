import { currencyDigits, toMinor } from '@tessera/contract';
import { useWhitelabel } from '../site/queries.ts';
import { money } from '../wallet/queries.ts';

/** The site's currency for the book: its decimals, amounts as people read them, and a typed stake in minor units. */
export function useBookMoney() {
  const { data: site } = useWhitelabel();
  const digits = site ? currencyDigits(site.currency) : 2;
  const symbol = site?.currencySymbol ?? '';
  return {
    digits,
    /** Major units, with the currency's symbol and the reader's grouping. */
    format: (major: number) => `${symbol} ${money(major, digits)}`.trim(),
    /** A stake as typed: minor units, or null when it is not a positive amount of the currency. */
    stakeMinor: (typed: string): number | null => {
      const value = Number(typed.trim().replace(',', '.'));
      if (typed.trim() === '' || !Number.isFinite(value) || value <= 0) return null;
      const minor = toMinor(value, digits);
      return minor === null ? null : Number(minor);
    },
  };
}
