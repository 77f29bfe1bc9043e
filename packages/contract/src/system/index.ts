export * from './console.ts';
export * from './player.ts';
