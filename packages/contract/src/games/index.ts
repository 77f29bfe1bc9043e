export * from './player.ts';
export * from './providers.ts';
