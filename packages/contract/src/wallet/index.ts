export * from './console.ts';
export * from './deposits.ts';
export * from './money.ts';
export * from './money-math.ts';
export * from './payouts.ts';
export * from './player.ts';
export * from './withdrawals.ts';
