export * from './bets.ts';
export * from './shapes.ts';
