export * from './player.ts';
