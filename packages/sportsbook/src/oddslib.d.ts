// oddslib ships no types: the part of its API this package uses.
declare module 'oddslib' {
  type Format =
    | 'decimal'
    | 'moneyline'
    | 'hongKong'
    | 'malay'
    | 'indonesian'
    | 'impliedProbability'
    | 'fractional';
  interface Odds {
    to(format: Format, options?: { precision?: number | null; percentage?: boolean }): number;
  }
  export function from(format: Format, value: number | string): Odds;
}
