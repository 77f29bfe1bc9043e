import type { Reel } from './types.ts';

/** A strip written as symbol ids separated by spaces. */
export const strip = (text: string): string[] => text.trim().split(/\s+/);

/** Every stop equally likely. */
export const uniformReel = (symbols: readonly string[]): Reel => ({ symbols, weights: symbols.map(() => 1) });
