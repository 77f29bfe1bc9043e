export * from './bets.ts';
export * from './draw.ts';
export * from './shapes.ts';
