/** The in-house sportsbook's rules: settlement, pricing, odds formats and the feeds' pure parts (issue 28). */
export type { EventResult, LegOutcome, MarketSpec, MarketType, Period, Score } from './markets.ts';
export { selectionsOf, settleSelection, specProblem } from './markets.ts';
export { formatOdds, type OddsFormat } from './odds.ts';
export { type OpenfootballMatch, parseOpenfootball } from './openfootball.ts';
export { applyMargin, fairPrices } from './pricing.ts';
export { legFactor, potentialReturn, ticketReturn } from './returns.ts';
export { simulateMaps, simulateScore } from './simulator.ts';
