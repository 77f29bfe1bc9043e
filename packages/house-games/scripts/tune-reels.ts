/**
 * Finds, for each slot and each offered RTP, stop weights of the game's tuned reel (reel 1) that make the
 * exact RTP equal the offered one within RTP_TOLERANCE. Prints src/slots/reel-weights.ts:
 *   npx tsx packages/house-games/scripts/tune-reels.ts > packages/house-games/src/slots/reel-weights.ts
 *
 * With the other reels fixed, the RTP is linear in the tuned reel's stop probabilities:
 * RTP = sum(w[i] * E[i]) / sum(w), E[i] being the exact RTP when that reel always stops at i. Weights start from
 * an exponential tilt of a uniform reel towards the target, are rounded to integers summing to TUNED_REEL_TOTAL,
 * then moved one or two units at a time between stops until the exact error is within tolerance.
 */
import {
  abs,
  div,
  fromDecimal,
  lessOrEqual,
  mul,
  type Rational,
  rational,
  sub,
  sum,
  toNumber,
} from '../src/rational.ts';
import { jadeTemple } from '../src/slots/jade-temple.ts';
import { luckySevens } from '../src/slots/lucky-sevens.ts';
import { novaGems } from '../src/slots/nova-gems.ts';
import { OFFERED_RTPS, RTP_TOLERANCE, TUNED_REEL, TUNED_REEL_TOTAL } from '../src/slots/offer.ts';
import { uniformReel } from '../src/slots/reels.ts';
import { expectedCoins } from '../src/slots/theory.ts';
import type { SlotGame } from '../src/slots/types.ts';

function stopValues(game: SlotGame): Rational[] {
  const reels = game.strips.map(uniformReel);
  const tuned = reels[TUNED_REEL] as ReturnType<typeof uniformReel>;
  return tuned.symbols.map((_, stop) => {
    const alwaysHere = { symbols: tuned.symbols, weights: tuned.symbols.map((_, i) => (i === stop ? 1 : 0)) };
    const fixed = reels.map((reel, index) => (index === TUNED_REEL ? alwaysHere : reel));
    return div(expectedCoins(game, fixed), rational(game.betCoins));
  });
}

const exactRtp = (values: readonly Rational[], weights: readonly number[]): Rational =>
  div(sum(values.map((value, i) => mul(value, rational(weights[i] as number)))), rational(TUNED_REEL_TOTAL));

function tilt(values: readonly number[], target: number): number[] {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const rtpAt = (lambda: number) => {
    const raw = values.map((value) => Math.exp(lambda * (value - mean)));
    const total = raw.reduce((a, b) => a + b, 0);
    return { raw, rtp: raw.reduce((acc, w, i) => acc + w * (values[i] as number), 0) / total, total };
  };
  let low = -20;
  let high = 20;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (rtpAt(mid).rtp < target) low = mid;
    else high = mid;
  }
  const { raw, total } = rtpAt(low);
  const ideal = raw.map((w) => (w / total) * TUNED_REEL_TOTAL);
  const weights = ideal.map((w) => Math.max(1, Math.floor(w)));
  let missing = TUNED_REEL_TOTAL - weights.reduce((a, b) => a + b, 0);
  const order = ideal.map((w, i) => [w - Math.floor(w), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; missing !== 0; k = (k + 1) % order.length) {
    const i = (order[k] as readonly [number, number])[1];
    const step = missing > 0 ? 1 : -1;
    if ((weights[i] as number) + step >= 1) {
      weights[i] = (weights[i] as number) + step;
      missing -= step;
    }
  }
  return weights;
}

/** Moves weight between stops while that brings the RTP closer to the target. */
function refine(values: readonly number[], weights: number[], target: number): void {
  const error = () => weights.reduce((acc, w, i) => acc + w * ((values[i] as number) - target), 0);
  const moves: { from: number; to: number; delta: number }[] = [];
  for (let from = 0; from < values.length; from++) {
    for (let to = 0; to < values.length; to++) {
      if (from !== to) moves.push({ from, to, delta: (values[to] as number) - (values[from] as number) });
    }
  }
  const apply = (move: { from: number; to: number }, units: number) => {
    weights[move.from] = (weights[move.from] as number) - units;
    weights[move.to] = (weights[move.to] as number) + units;
  };
  for (let round = 0; round < 10_000; round++) {
    const current = error();
    let best = Math.abs(current);
    let chosen: (() => void) | null = null;
    for (const move of moves) {
      for (let units = 1; units <= 5; units++) {
        if ((weights[move.from] as number) - units < 1) break;
        const next = Math.abs(current + units * move.delta);
        if (next < best) {
          best = next;
          chosen = () => apply(move, units);
        }
      }
    }
    if (!chosen) {
      for (const first of moves) {
        if ((weights[first.from] as number) < 2) continue;
        for (const second of moves) {
          if ((weights[second.from] as number) < 2) continue;
          const next = Math.abs(current + first.delta + second.delta);
          if (next < best) {
            best = next;
            chosen = () => {
              apply(first, 1);
              apply(second, 1);
            };
          }
        }
      }
    }
    if (!chosen) return;
    chosen();
  }
}

const games = [luckySevens, jadeTemple, novaGems];
const lines: string[] = [
  '// Generated by scripts/tune-reels.ts: do not edit by hand. Stop weights of each slot tuned reel per offered RTP.',
  'export const tunedReelWeights: Readonly<Record<string, Readonly<Record<string, readonly number[]>>>> = {',
];
for (const game of games) {
  const exactValues = stopValues(game);
  const values = exactValues.map(toNumber);
  lines.push(`  '${game.id}': {`);
  for (const offered of OFFERED_RTPS) {
    const target = fromDecimal(offered);
    const targetNumber = toNumber(target) / 100;
    const weights = tilt(values, targetNumber);
    refine(values, weights, targetNumber);
    const rtp = exactRtp(exactValues, weights);
    const error = abs(sub(rtp, div(target, rational(100n))));
    if (!lessOrEqual(error, RTP_TOLERANCE)) {
      throw new Error(`${game.id} ${offered}%: off by ${toNumber(error)}`);
    }
    console.error(`${game.id} ${offered}%: error ${toNumber(error).toExponential(2)}`);
    lines.push(`    '${offered}': [${weights.join(', ')}],`);
  }
  lines.push('  },');
}
lines.push('};');
console.log(lines.join('\n'));
