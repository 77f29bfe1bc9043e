/**
 * Fish shooting: every shot at a fish is decided on the server. A shot hits with probability
 * RTP / E[multiplier], then the multiplier is drawn from the fish's multipliers (equally likely), so the expected
 * return of a shot at any fish is exactly the configured RTP.
 */
import type { Drawer } from './fair.ts';
import { PROCEDURE, type Published, publish } from './published.ts';
import { div, fromDecimal, mul, type Rational, rational, sum } from './rational.ts';

export interface FishType {
  readonly id: string;
  readonly name: string;
  /** The multipliers of the bet a hit pays, one drawn uniformly per hit. */
  readonly multipliers: readonly number[];
}

export interface FishConfig {
  readonly game: string;
  /** Percent, as a decimal string: '96'. */
  readonly rtp: string;
  readonly fish: readonly FishType[];
  readonly betLimits: { readonly min: bigint; readonly max: bigint; readonly step: bigint };
}

export interface ShotOutcome {
  readonly fish: string;
  readonly hit: boolean;
  /** 0 on a miss. */
  readonly multiplier: number;
  readonly win: bigint;
}

const fishTypes: readonly FishType[] = [
  { id: 'clownfish', name: 'Clownfish', multipliers: [2] },
  { id: 'pufferfish', name: 'Pufferfish', multipliers: [3] },
  { id: 'turtle', name: 'Turtle', multipliers: [5] },
  { id: 'lionfish', name: 'Lionfish', multipliers: [8] },
  { id: 'swordfish', name: 'Swordfish', multipliers: [12, 15, 20] },
  { id: 'shark', name: 'Shark', multipliers: [25, 30, 40, 50] },
  { id: 'whale', name: 'Golden Whale', multipliers: [100, 150, 200, 300] },
];

export function fishConfig(rtp = '96'): FishConfig {
  const value = fromDecimal(rtp);
  if (value.num < 90n * value.den || value.num > 98n * value.den) {
    throw new RangeError('fish RTP must be between 90 and 98 percent');
  }
  return { game: 'deep-sea-hunt', rtp, fish: fishTypes, betLimits: { min: 1n, max: 1_000n, step: 1n } };
}

const meanMultiplier = (fish: FishType): Rational =>
  rational(
    fish.multipliers.reduce((a, b) => a + b, 0),
    fish.multipliers.length,
  );

/** The exact chance that a shot at `fish` hits. */
export function hitChance(config: FishConfig, fish: FishType): Rational {
  const chance = div(div(fromDecimal(config.rtp), rational(100n)), meanMultiplier(fish));
  if (chance.num > chance.den) throw new RangeError(`${fish.id}: RTP above its mean multiplier`);
  return chance;
}

/** Exact expected return per unit bet of a shot at `fish`: sum over outcomes of chance × multiplier. */
export function shotRtp(config: FishConfig, fish: FishType): Rational {
  const chance = hitChance(config, fish);
  return sum(fish.multipliers.map((m) => mul(chance, rational(m, fish.multipliers.length))));
}

/**
 * Draws in order: hit if int(den) < num, where num/den is the reduced hit chance; on a hit, the multiplier
 * index int(multipliers.length).
 */
export function shoot(config: FishConfig, bet: bigint, fishId: string, draw: Drawer): ShotOutcome {
  const { min, max, step } = config.betLimits;
  if (bet < min || bet > max || (bet - min) % step !== 0n)
    throw new RangeError(`bet ${bet} outside the limits`);
  const fish = config.fish.find((candidate) => candidate.id === fishId);
  if (!fish) throw new RangeError(`unknown fish ${fishId}`);
  const chance = hitChance(config, fish);
  const hit = BigInt(draw.int(Number(chance.den))) < chance.num;
  if (!hit) return { fish: fish.id, hit, multiplier: 0, win: 0n };
  const multiplier = fish.multipliers[draw.int(fish.multipliers.length)] as number;
  return { fish: fish.id, hit, multiplier, win: bet * BigInt(multiplier) };
}

export function publishedFishConfig(config: FishConfig): Published<FishConfig & { procedure: string }> {
  return publish({ procedure: PROCEDURE, ...config });
}
