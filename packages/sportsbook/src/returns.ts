/** What a leg counts in a ticket, and a ticket's return in integer minor units (design note E2). */
import type { LegOutcome } from './markets.ts';

/** win d, half_win (1 + d) / 2, push and void 1, half_lose 0.5, lose 0. */
export function legFactor(outcome: LegOutcome, price: number): number {
  void outcome;
  void price;
  throw new Error('not yet');
}

/** The stake times the product of the legs' factors, in integer minor units, rounded down. */
export function ticketReturn(stakeMinor: number, legs: { price: number; outcome: LegOutcome }[]): number {
  void stakeMinor;
  void legs;
  throw new Error('not yet');
}

/** The return if every leg wins: the stake times the product of the prices, rounded down. */
export function potentialReturn(stakeMinor: number, prices: number[]): number {
  void stakeMinor;
  void prices;
  throw new Error('not yet');
}
