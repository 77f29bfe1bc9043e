/** Prices: a margin on fair probabilities, and fair prices from a Poisson goals model. */
import {
  type EventResult,
  type LegOutcome,
  type MarketSpec,
  type Score,
  selectionsOf,
  settleSelection,
} from './markets.ts';

/** The highest price the book offers; a selection priced above it is offered at it. */
const MAX_PRICE = 1000;
const MIN_PRICE = 1.001;
/** The goals model counts up to this many goals a side (the rest, under 1e-7 for 5 expected goals, is dropped). */
const MAX_GOALS = 20;
/** The share of a match's goals expected in the first half (the simulator scores on the same model). */
export const FIRST_HALF_SHARE = 0.45;
const DEFAULT_BEST_OF = 3;

const floorToThousandths = (price: number): number => Math.floor(price * 1000 + 1e-9) / 1000;
const roundToThousandths = (price: number): number => Math.round(price * 1000) / 1000;

/**
 * Decimal prices with 3 decimal places whose overround (the sum of 1 / price) is 1 + margin, by the proportional
 * method: the probabilities are normalised to sum to 1, each is raised by the factor 1 + margin and the price is
 * its inverse, rounded down to 3 decimal places (so the overround is at least the margin), between 1.001 and 1000.
 * The margin is a fraction: 0.05 is 5%.
 */
export function applyMargin(fairProbabilities: number[], margin: number): number[] {
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1)
    throw new RangeError('a margin is from 0 to under 1');
  if (fairProbabilities.length < 2) throw new RangeError('a market has at least two selections');
  if (fairProbabilities.some((p) => !Number.isFinite(p) || p < 0))
    throw new RangeError('a probability is a number from 0');
  const total = fairProbabilities.reduce((sum, p) => sum + p, 0);
  if (total <= 0) throw new RangeError('the probabilities add up to more than 0');
  return fairProbabilities.map((p) => {
    const offered = (p / total) * (1 + margin);
    if (offered === 0) return MAX_PRICE;
    return Math.min(MAX_PRICE, Math.max(MIN_PRICE, floorToThousandths(1 / offered)));
  });
}

/** The model's numbers: each side's expected goals over the match (esports: its strength), above 0, up to 10. */
export function checkModel(model: { homeGoals: number; awayGoals: number }): void {
  for (const mean of [model.homeGoals, model.awayGoals])
    if (!Number.isFinite(mean) || mean <= 0 || mean > 10)
      throw new RangeError('expected goals are above 0, up to 10');
}

function poisson(mean: number): number[] {
  const probabilities = [Math.exp(-mean)];
  for (let goals = 1; goals <= MAX_GOALS; goals++)
    probabilities.push(((probabilities[goals - 1] as number) * mean) / goals);
  return probabilities;
}

/** Every result the model allows for the market, with its probability (the probabilities add up to 1). */
function resultsOf(
  spec: MarketSpec,
  model: { homeGoals: number; awayGoals: number },
): [EventResult, number][] {
  checkModel(model);
  const { homeGoals, awayGoals } = model;
  if (['winner', 'map_handicap', 'total_maps', 'map_winner'].includes(spec.type))
    return seriesResults(spec.bestOf ?? DEFAULT_BEST_OF, homeGoals / (homeGoals + awayGoals));
  const share = spec.period === 'h1' ? FIRST_HALF_SHARE : 1;
  const home = poisson(homeGoals * share);
  const away = poisson(awayGoals * share);
  const results: [EventResult, number][] = [];
  let total = 0;
  home.forEach((pHome, homeScore) => {
    away.forEach((pAway, awayScore) => {
      const score: Score = { home: homeScore, away: awayScore };
      results.push([{ ft: score, h1: score }, pHome * pAway]);
      total += pHome * pAway;
    });
  });
  return results.map(([result, p]) => [result, p / total]);
}

/** Every way a best-of series can go when the home side wins each map with probability p. */
function seriesResults(bestOf: number, p: number): [EventResult, number][] {
  const needed = (bestOf + 1) / 2;
  const results: [EventResult, number][] = [];
  const walk = (maps: Score[], probability: number, home: number, away: number): void => {
    if (home === needed || away === needed) {
      results.push([{ ft: { home, away }, maps }, probability]);
      return;
    }
    walk([...maps, { home: 1, away: 0 }], probability * p, home + 1, away);
    walk([...maps, { home: 0, away: 1 }], probability * (1 - p), home, away + 1);
  };
  walk([], 1, 0, 0);
  return results;
}

/**
 * The fair decimal price of each selection of the market (3 decimal places, 1.001 to 1000), from the teams' expected
 * goals over the match: independent Poisson goals, the first half with 45% of them. For esports the two numbers
 * are the sides' strengths: the home side wins each map with probability home / (home + away), best of 3 unless
 * the spec says. The fair price d makes the expected return 1: P(win)·d + P(half win)·(1 + d)/2 + P(push or void)
 * + P(half lose)/2 = 1, which covers quarter lines and void maps.
 */
export function fairPrices(
  spec: MarketSpec,
  model: { homeGoals: number; awayGoals: number },
): Record<string, number> {
  const selections = selectionsOf(spec); // refuses a spec that is not valid before the model is walked
  const results = resultsOf(spec, model);
  const prices: Record<string, number> = {};
  for (const selection of selections) {
    const by: Record<LegOutcome, number> = { win: 0, half_win: 0, push: 0, void: 0, half_lose: 0, lose: 0 };
    for (const [result, p] of results) by[settleSelection(spec, selection, result)] += p;
    const back = 1 - by.push - by.void - by.half_win / 2 - by.half_lose / 2;
    const paid = by.win + by.half_win / 2;
    prices[selection] =
      paid > 0 ? Math.min(MAX_PRICE, Math.max(MIN_PRICE, roundToThousandths(back / paid))) : MAX_PRICE;
  }
  return prices;
}
