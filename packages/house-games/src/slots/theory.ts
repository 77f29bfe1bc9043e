/**
 * Exact expected pay of a slot, as a fraction over BigInt. Reels stop independently, so every expectation is a
 * sum over each reel's stops weighted by stop weight / reel total:
 * - a line's pay depends only on the five cells it crosses: summed over all combinations of those cells;
 * - a way pay is pay(symbol, k) × the product of matching cells on reels 1..k, when reel k+1 has none: its
 *   expectation is the product of each reel's expected matching cells times the chance reel k+1 has none;
 * - scatters: the distribution of the window's scatter count, reel by reel;
 * - free spins: whether a free spin is played depends only on the spins before it, so the feature's expected
 *   pay is (expected number of free spins) × (expected pay of one free spin); the number of free spins is
 *   solved exactly over the states (spins played, spins awarded) up to the cap.
 */
import { add, div, mul, ONE, type Rational, rational, sum, ZERO } from '../rational.ts';
import {
  evaluatedColumn,
  lineWin,
  matchingCells,
  payFor,
  reelWindow,
  scatterCount,
  scatterSymbol,
} from './rules.ts';
import type { FreeSpinsRule, Reel, RtpVariant, SlotGame } from './types.ts';

const totalWeight = (reel: Reel): number => reel.weights.reduce((a, b) => a + b, 0);

interface Column {
  readonly weight: number;
  readonly landed: readonly string[];
  readonly evaluated: readonly string[];
}

const columns = (game: SlotGame, reel: Reel, reelIndex: number): Column[] =>
  reel.weights.map((weight, stop) => {
    const landed = reelWindow(reel, stop, game.rows);
    return { weight, landed, evaluated: evaluatedColumn(game, reelIndex, landed) };
  });

/** Weight of each symbol on one row of a reel, over its stops, on the evaluated window. */
function rowWeights(reelColumns: readonly Column[], row: number): [string, number][] {
  const weights = new Map<string, number>();
  for (const column of reelColumns) {
    const id = column.evaluated[row] as string;
    weights.set(id, (weights.get(id) ?? 0) + column.weight);
  }
  return [...weights].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function linesExpectedCoins(
  game: SlotGame,
  reels: readonly Reel[],
  lines: readonly (readonly number[])[],
): Rational {
  const reelColumns = reels.map((reel, index) => columns(game, reel, index));
  const denominator = reels.reduce((product, reel) => product * BigInt(totalWeight(reel)), 1n);
  if (denominator > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${game.id}: reel weights too large`);
  const byLine = new Map<string, Rational>();
  let total = ZERO;
  for (const rows of lines) {
    const cells = rows.map((row, reel) => rowWeights(reelColumns[reel] as Column[], row));
    const key = JSON.stringify(cells);
    let expected = byLine.get(key);
    if (!expected) {
      // coins → summed weight of the cell combinations paying it; sums stay below the product of reel totals.
      const weightByCoins = new Map<number, number>();
      const symbols: string[] = [];
      const visit = (reel: number, weight: number) => {
        if (reel === cells.length) {
          const coins = lineWin(game, symbols)?.coins ?? 0;
          if (coins > 0) weightByCoins.set(coins, (weightByCoins.get(coins) ?? 0) + weight);
          return;
        }
        for (const [id, cellWeight] of cells[reel] as [string, number][]) {
          symbols[reel] = id;
          visit(reel + 1, weight * cellWeight);
        }
      };
      visit(0, 1);
      let numerator = 0n;
      for (const [coins, weight] of weightByCoins) numerator += BigInt(coins) * BigInt(weight);
      expected = rational(numerator, denominator);
      byLine.set(key, expected);
    }
    total = add(total, expected);
  }
  return total;
}

function waysExpectedCoins(game: SlotGame, reels: readonly Reel[]): Rational {
  const reelColumns = reels.map((reel, index) => columns(game, reel, index));
  const totals = reels.map((reel) => BigInt(totalWeight(reel)));
  let total = ZERO;
  for (const symbol of game.symbols) {
    if (symbol.kind !== 'regular') continue;
    const expectedCells = reelColumns.map((reelCols, reel) =>
      rational(
        reelCols.reduce(
          (acc, column) => acc + column.weight * matchingCells(game, column.evaluated, symbol.id),
          0,
        ),
        totals[reel] as bigint,
      ),
    );
    const chanceOfNone = reelColumns.map((reelCols, reel) =>
      rational(
        reelCols.reduce(
          (acc, column) => acc + (matchingCells(game, column.evaluated, symbol.id) === 0 ? column.weight : 0),
          0,
        ),
        totals[reel] as bigint,
      ),
    );
    let product = ONE;
    for (let count = 1; count <= reels.length; count++) {
      product = mul(product, expectedCells[count - 1] as Rational);
      const coins = payFor(symbol, count);
      if (coins === 0) continue;
      const stopsHere = count < reels.length ? (chanceOfNone[count] as Rational) : ONE;
      total = add(total, mul(rational(coins), mul(product, stopsHere)));
    }
  }
  return total;
}

/** Probability of each scatter count (index) in the landed window. */
function scatterCountChances(game: SlotGame, reels: readonly Reel[]): Rational[] {
  let chances: Rational[] = [ONE];
  reels.forEach((reel, reelIndex) => {
    const reelTotal = BigInt(totalWeight(reel));
    const perCount = new Map<number, number>();
    for (const column of columns(game, reel, reelIndex)) {
      const count = scatterCount(game, [column.landed]);
      perCount.set(count, (perCount.get(count) ?? 0) + column.weight);
    }
    const next: Rational[] = [];
    chances.forEach((chance, before) => {
      for (const [count, weight] of perCount) {
        next[before + count] = add(next[before + count] ?? ZERO, mul(chance, rational(weight, reelTotal)));
      }
    });
    chances = Array.from(next, (chance) => chance ?? ZERO);
  });
  return chances;
}

/** Expected coins of one spin of `reels`, free spins excluded, before any multiplier. */
function spinExpectedCoins(game: SlotGame, reels: readonly Reel[]): Rational {
  const layoutCoins =
    game.layout.type === 'lines'
      ? linesExpectedCoins(game, reels, game.layout.lines)
      : waysExpectedCoins(game, reels);
  const scatter = scatterSymbol(game);
  const scatterCoins = scatter
    ? sum(
        scatterCountChances(game, reels).map((chance, count) =>
          mul(chance, rational(payFor(scatter, count))),
        ),
      )
    : ZERO;
  return add(layoutCoins, scatterCoins);
}

/** Expected number of free spins played when a feature starts with `awarded` spins. */
export function expectedFreeSpins(
  rule: FreeSpinsRule,
  retriggerChances: readonly Rational[],
  awarded: number,
): Rational {
  // chanceByAwarded[a]: probability that, after the spins played so far, a spins have been awarded in all.
  let chanceByAwarded = new Map<number, Rational>([[Math.min(awarded, rule.cap), ONE]]);
  let expected = ZERO;
  for (let played = 0; played < rule.cap; played++) {
    const next = new Map<number, Rational>();
    for (const [total, chance] of chanceByAwarded) {
      if (total <= played) {
        next.set(total, add(next.get(total) ?? ZERO, chance));
        continue;
      }
      expected = add(expected, chance);
      retriggerChances.forEach((countChance, count) => {
        const after = Math.min(total + (rule.retrigger[count] ?? 0), rule.cap);
        next.set(after, add(next.get(after) ?? ZERO, mul(chance, countChance)));
      });
    }
    chanceByAwarded = next;
  }
  return expected;
}

const featureValues = new WeakMap<FreeSpinsRule, Map<number, Rational>>();

/** Expected coins of a feature that starts with `awarded` free spins, multiplier included. */
function featureExpectedCoins(game: SlotGame, rule: FreeSpinsRule, awarded: number): Rational {
  let values = featureValues.get(rule);
  if (!values) {
    values = new Map();
    featureValues.set(rule, values);
  }
  let value = values.get(awarded);
  if (!value) {
    const perSpin = mul(spinExpectedCoins(game, rule.reels), rational(rule.multiplier));
    value = mul(expectedFreeSpins(rule, scatterCountChances(game, rule.reels), awarded), perSpin);
    values.set(awarded, value);
  }
  return value;
}

/** Expected coins paid for one paid spin on `reels`, the free spins it triggers included. */
export function expectedCoins(game: SlotGame, reels: readonly Reel[]): Rational {
  let total = spinExpectedCoins(game, reels);
  const rule = game.freeSpins;
  if (rule) {
    scatterCountChances(game, reels).forEach((chance, count) => {
      const awarded = rule.award[count] ?? 0;
      if (awarded > 0) total = add(total, mul(chance, featureExpectedCoins(game, rule, awarded)));
    });
  }
  return total;
}

/** The exact return to player: expected pay per unit bet. */
export function theoreticalRtp(game: SlotGame, variant: RtpVariant): Rational {
  return div(expectedCoins(game, variant.reels), rational(game.betCoins));
}
