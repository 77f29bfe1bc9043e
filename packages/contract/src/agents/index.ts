export * from './contracts.ts';
export * from './red-envelopes.ts';
export * from './reports.ts';
export * from './settlement.ts';
export * from './tree.ts';
