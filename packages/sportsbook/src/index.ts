/** The in-house sportsbook's rules: settlement, pricing, odds formats and the feeds' pure parts (issue 28). */
export * from './markets.ts';
export * from './odds.ts';
export * from './openfootball.ts';
export * from './pricing.ts';
export * from './returns.ts';
export * from './simulator.ts';
