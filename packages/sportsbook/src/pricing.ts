/** Prices: a margin on fair probabilities, and fair prices from a Poisson goals model. */
import type { MarketSpec } from './markets.ts';

/** Decimal prices with 3 decimal places whose overround is 1 + margin. */
export function applyMargin(fairProbabilities: number[], margin: number): number[] {
  void fairProbabilities;
  void margin;
  throw new Error('not yet');
}

/** The fair decimal price of each selection of the market, from the teams' expected goals over the match. */
export function fairPrices(
  spec: MarketSpec,
  model: { homeGoals: number; awayGoals: number },
): Record<string, number> {
  void spec;
  void model;
  throw new Error('not yet');
}
