import type { SportsbookMarket } from '@tessera/contract';
import type { TFunction } from 'i18next';

/**
 * How the book's markets, lines and selections read for people: names from the bundles, numbers in the
 * reader's locale.
 */

type MarketShape = Pick<SportsbookMarket, 'type' | 'period' | 'line' | 'map'>;

/** The market types whose line is a handicap (signed, from the home side's view) rather than a total. */
const HANDICAPS = new Set<string>(['ah', 'map_handicap']);

/** A handicap with its sign (+0.25, −0.75, 0), a total without (2.5), in the reader's locale. */
export function lineText(line: number, locale: string, signed: boolean): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(line);
}

/** The market's name without its line: "Asian handicap", "1st half · Over/under", "Map 2 winner". */
export function marketTypeName(t: TFunction, market: Pick<MarketShape, 'type' | 'period' | 'map'>): string {
  const name = t(`sportsbook.markets.${market.type}`, { map: market.map ?? 1 });
  return market.period === 'h1' ? t('sportsbook.firstHalf', { name }) : name;
}

/** The market's whole name, line included, as the slip and the tickets show it. */
export function marketName(t: TFunction, market: MarketShape, locale: string): string {
  const name = marketTypeName(t, market);
  if (market.line === null) return name;
  return `${name} ${lineText(market.line, locale, HANDICAPS.has(market.type))}`;
}

/**
 * A selection's name: a team for home and away (with its handicap on a handicap market), or the bundle's word for
 * the others (draw, over, under, odd, even, double chance); a correct score reads as it is.
 */
export function selectionName(
  t: TFunction,
  market: MarketShape,
  code: string,
  teams: { home: string; away: string },
  locale: string,
): string {
  if (code === 'home' || code === 'away') {
    const team = teams[code];
    if (market.line === null || !HANDICAPS.has(market.type)) return team;
    const line = code === 'home' ? market.line : -market.line;
    return `${team} ${lineText(line, locale, true)}`;
  }
  if ((code === 'over' || code === 'under') && market.line !== null) {
    return `${t(`sportsbook.selections.${code}`)} ${lineText(market.line, locale, false)}`;
  }
  if (/^[0-9]+:[0-9]+$/.test(code)) return code.replace(':', '–');
  return t(`sportsbook.selections.${code}`, { defaultValue: code });
}

/** A short label for a price button in a grid whose column already names the team or side. */
export function selectionShort(t: TFunction, code: string): string {
  if (/^[0-9]+:[0-9]+$/.test(code)) return code.replace(':', '–');
  return t(`sportsbook.short.${code}`, { defaultValue: code });
}
