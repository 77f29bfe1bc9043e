/** The simulator feed's pure part: a match's score at a minute, and an esports series' maps, from a seed. */
import type { Score } from './markets.ts';
import { checkModel, FIRST_HALF_SHARE } from './pricing.ts';

const FULL_TIME = 90;
const HALF_TIME = 45;
/** A simulated map lasts this many minutes. */
const MAP_MINUTES = 40;

/**
 * Uniform numbers in [0, 1) from a string: cyrb128 spreads the string over 128 bits, sfc32 draws from them. Not
 * cryptographic: the simulator is for the demo and tests, and its seed is no secret.
 */
function randomFrom(seed: string): () => number {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  let a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
  let b = (h2 ^ h1) >>> 0;
  let c = (h3 ^ h1) >>> 0;
  let d = (h4 ^ h1) >>> 0;
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A Poisson count by Knuth's method (the means are small). */
function poissonCount(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

/** The minute of a goal: in the first half (1-45) with the pricing model's share, else the second (46-90). */
const goalMinute = (random: () => number): number =>
  random() < FIRST_HALF_SHARE
    ? 1 + Math.floor(random() * HALF_TIME)
    : HALF_TIME + 1 + Math.floor(random() * (FULL_TIME - HALF_TIME));

/**
 * The score at a match minute (0-90; later minutes count as 90): the same for the same seed and model, never lower
 * at a later minute. The seed draws the whole match once, each side's goals a Poisson count of its expected goals,
 * each at a minute, so the half-time score is the score at minute 45 and the model is the one fairPrices uses.
 */
export function simulateScore(
  seed: string,
  model: { homeGoals: number; awayGoals: number },
  minute: number,
): Score {
  checkModel(model);
  if (Number.isNaN(minute)) throw new RangeError('a minute is a number');
  const random = randomFrom(`${seed}:goals`);
  const homeGoals = Array.from({ length: poissonCount(random, model.homeGoals) }, () => goalMinute(random));
  const awayGoals = Array.from({ length: poissonCount(random, model.awayGoals) }, () => goalMinute(random));
  const by = (goals: number[]) => goals.filter((at) => at <= minute).length;
  return { home: by(homeGoals), away: by(awayGoals) };
}

/**
 * The maps of a best-of series finished by a minute from its start (each map takes 40 minutes), 1 = won, from a
 * seed: the home side wins each map with probability home / (home + away), as fairPrices prices it. The maps at a
 * later minute start with those at an earlier one; the series stops when a side has won a majority.
 */
export function simulateMaps(
  seed: string,
  model: { homeGoals: number; awayGoals: number },
  bestOf: number,
  minute: number,
): Score[] {
  checkModel(model);
  if (!Number.isInteger(bestOf) || bestOf < 1 || bestOf % 2 === 0)
    throw new RangeError('a series is best of an odd number');
  if (Number.isNaN(minute)) throw new RangeError('a minute is a number');
  const random = randomFrom(`${seed}:maps`);
  const p = model.homeGoals / (model.homeGoals + model.awayGoals);
  const needed = (bestOf + 1) / 2;
  const maps: Score[] = [];
  let home = 0;
  let away = 0;
  while (home < needed && away < needed && (maps.length + 1) * MAP_MINUTES <= minute) {
    const homeWins = random() < p;
    maps.push(homeWins ? { home: 1, away: 0 } : { home: 0, away: 1 });
    if (homeWins) home += 1;
    else away += 1;
  }
  return maps;
}
