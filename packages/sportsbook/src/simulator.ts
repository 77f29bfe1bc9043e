/** The simulator feed's pure part: a match's score at a minute, and an esports series' maps, from a seed. */
import type { Score } from './markets.ts';

/** The score at a match minute (0-90): the same for the same seed and model, never lower at a later minute. */
export function simulateScore(
  seed: string,
  model: { homeGoals: number; awayGoals: number },
  minute: number,
): Score {
  void seed;
  void model;
  void minute;
  throw new Error('not yet');
}

/** The maps of a best-of series finished by a minute from its start (1 = won), from a seed. */
export function simulateMaps(
  seed: string,
  model: { homeGoals: number; awayGoals: number },
  bestOf: number,
  minute: number,
): Score[] {
  void seed;
  void model;
  void bestOf;
  void minute;
  throw new Error('not yet');
}
