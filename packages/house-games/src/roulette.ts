/**
 * Single-zero European roulette, for the live table: one pocket per round, int(37). A bet covering k numbers
 * pays 36/k times its stake back (k = 1, 2, 3, 4, 6, 12 or 18), so every bet's exact RTP is (k/37)·(36/k) = 36/37.
 */
import type { Drawer } from './fair.ts';
import { type Rational, rational } from './rational.ts';

const POCKETS = 37;
export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export type RouletteBet =
  | {
      readonly type: 'straight' | 'split' | 'street' | 'corner' | 'line';
      readonly numbers: readonly number[];
      readonly stake: bigint;
    }
  | {
      readonly type: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' | 'dozen' | 'column';
      /** Dozen or column: 1, 2 or 3. */
      readonly which?: number;
      readonly stake: bigint;
    };

/** Inside bets: the sets of numbers the table layout allows, keyed by sorted numbers. */
const insideBets = (() => {
  const legal = new Map<string, RouletteBet['type']>();
  const add = (type: RouletteBet['type'], numbers: number[]) =>
    legal.set(numbers.sort((a, b) => a - b).join(','), type);
  for (const n of range(0, 36)) add('straight', [n]);
  for (let row = 0; row < 12; row++) {
    const first = row * 3 + 1;
    add('street', [first, first + 1, first + 2]);
    add('split', [first, first + 1]);
    add('split', [first + 1, first + 2]);
    if (row < 11) {
      for (const n of [first, first + 1, first + 2]) add('split', [n, n + 3]);
      add('corner', [first, first + 1, first + 3, first + 4]);
      add('corner', [first + 1, first + 2, first + 4, first + 5]);
      add('line', range(first, first + 5));
    }
  }
  for (const n of [1, 2, 3]) add('split', [0, n]);
  add('street', [0, 1, 2]);
  add('street', [0, 2, 3]);
  add('corner', [0, 1, 2, 3]);
  return legal;
})();

/** The numbers a bet covers; refuses a set the layout does not offer. */
export function coveredNumbers(bet: RouletteBet): number[] {
  switch (bet.type) {
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    case 'dozen':
    case 'column': {
      const which = bet.which ?? 0;
      if (![1, 2, 3].includes(which)) throw new RangeError(`${bet.type} must be 1, 2 or 3`);
      return bet.type === 'dozen'
        ? range(12 * (which - 1) + 1, 12 * which)
        : range(1, 36).filter((n) => (n - which) % 3 === 0);
    }
    default: {
      const numbers = [...bet.numbers].sort((a, b) => a - b);
      if (insideBets.get(numbers.join(',')) !== bet.type)
        throw new RangeError(`no ${bet.type} on ${numbers}`);
      return numbers;
    }
  }
}

export const spinWheel = (draw: Drawer): number => draw.int(POCKETS);

export function settleRoulette(bets: readonly RouletteBet[], pocket: number) {
  return bets.map((bet) => {
    if (bet.stake <= 0n) throw new RangeError('stake must be positive');
    const covered = coveredNumbers(bet);
    const payout = covered.includes(pocket) ? (bet.stake * 36n) / BigInt(covered.length) : 0n;
    return { ...bet, payout };
  });
}

/** Exact RTP of a bet: chance it covers the pocket times what it pays back per unit stake. */
export function rouletteRtp(bet: RouletteBet): Rational {
  const k = BigInt(coveredNumbers(bet).length);
  return rational(k * 36n, BigInt(POCKETS) * k);
}
