/**
 * Bet types and their settlement. A ticket holds several numbers, from which come its lines: one per
 * number, or for xiên k and trượt k one per combination of k numbers. Each line is settled on its own into
 * hits per tier; what a hit pays is the caller's business.
 */
import {
  checkResult,
  type DrawResult,
  isDigitString,
  type PrizeCode,
  rowNumbers,
  SHAPES,
  type ShapeCode,
} from './shapes.ts';

export type BetTypeCode =
  | 'lo2'
  | 'lo3'
  | 'de_special'
  | 'de_head'
  | 'de_tail'
  | 'de_first'
  | 'three_cang'
  | 'xien2'
  | 'xien3'
  | 'xien4'
  | 'truot4'
  | 'truot8'
  | 'truot10'
  | 'dau'
  | 'duoi'
  | 'big'
  | 'small';

export interface BetTypeInfo {
  code: BetTypeCode;
  /** Digits of each number. */
  digits: number;
  /** Numbers per line: 1, or k for xiên k and trượt k. */
  group: number;
  shapes: readonly ShapeCode[];
  tiers: readonly string[];
  /** The most numbers one ticket may hold. */
  maxNumbers: number;
}

const VIETNAMESE: readonly ShapeCode[] = ['north27', 'south18'];
const FOUR_D: readonly ShapeCode[] = ['fourD23'];
const HIT = ['hit'] as const;
const BIG_TIERS = ['P1', 'P2', 'P3', 'STARTER', 'CONSOLATION'] as const satisfies readonly PrizeCode[];
const SMALL_TIERS = ['P1', 'P2', 'P3'] as const satisfies readonly PrizeCode[];

const single = (code: BetTypeCode, digits: number): BetTypeInfo => ({
  code,
  digits,
  group: 1,
  shapes: VIETNAMESE,
  tiers: HIT,
  maxNumbers: 10 ** digits,
});

const grouped = (code: BetTypeCode, group: number, maxNumbers: number): BetTypeInfo => ({
  code,
  digits: 2,
  group,
  shapes: VIETNAMESE,
  tiers: HIT,
  maxNumbers,
});

export const BET_TYPES: Record<BetTypeCode, BetTypeInfo> = {
  lo2: single('lo2', 2),
  lo3: single('lo3', 3),
  de_special: single('de_special', 2),
  de_head: single('de_head', 2),
  de_tail: single('de_tail', 2),
  de_first: single('de_first', 2),
  three_cang: single('three_cang', 3),
  xien2: grouped('xien2', 2, 10),
  xien3: grouped('xien3', 3, 10),
  xien4: grouped('xien4', 4, 10),
  truot4: grouped('truot4', 4, 12),
  truot8: grouped('truot8', 8, 12),
  truot10: grouped('truot10', 10, 12),
  dau: single('dau', 1),
  duoi: single('duoi', 1),
  big: { code: 'big', digits: 4, group: 1, shapes: FOUR_D, tiers: BIG_TIERS, maxNumbers: 100 },
  small: { code: 'small', digits: 4, group: 1, shapes: FOUR_D, tiers: SMALL_TIERS, maxNumbers: 100 },
};

export const BET_TYPE_ORDER: readonly BetTypeCode[] = [
  'lo2',
  'lo3',
  'de_special',
  'de_head',
  'de_tail',
  'de_first',
  'three_cang',
  'xien2',
  'xien3',
  'xien4',
  'truot4',
  'truot8',
  'truot10',
  'dau',
  'duoi',
  'big',
  'small',
];

export function isBetTypeCode(value: unknown): value is BetTypeCode {
  return typeof value === 'string' && Object.hasOwn(BET_TYPES, value);
}

export type SelectionProblem = 'empty' | 'bad_number' | 'duplicate' | 'too_few' | 'too_many' | 'wrong_shape';

export type Selection =
  | { ok: true; numbers: string[]; lines: string[][] }
  | { ok: false; problem: SelectionProblem };

/** Every k-element combination of `items`, in lexicographic order of positions. */
function combinations<T>(items: readonly T[], k: number): T[][] {
  const lines: T[][] = [];
  const picked: T[] = [];
  const extend = (start: number): void => {
    if (picked.length === k) {
      lines.push(picked.slice());
      return;
    }
    for (let index = start; index <= items.length - (k - picked.length); index++) {
      picked.push(items[index] as T);
      extend(index + 1);
      picked.pop();
    }
  };
  extend(0);
  return lines;
}

/**
 * A ticket's numbers checked and sorted, with its lines. The first problem found is reported, in this
 * order: wrong_shape, empty, too_many, bad_number, duplicate, too_few.
 */
export function selection(betType: BetTypeCode, shape: ShapeCode, numbers: readonly string[]): Selection {
  const info = BET_TYPES[betType];
  const problem = (problem: SelectionProblem): Selection => ({ ok: false, problem });
  if (!info.shapes.includes(shape)) return problem('wrong_shape');
  if (numbers.length === 0) return problem('empty');
  if (numbers.length > info.maxNumbers) return problem('too_many');
  if (!numbers.every((number) => isDigitString(number, info.digits))) return problem('bad_number');
  // Numbers of equal length sort as strings in numeric order.
  const sorted = [...numbers].sort();
  if (sorted.some((number, index) => index > 0 && number === sorted[index - 1])) return problem('duplicate');
  if (sorted.length < info.group) return problem('too_few');
  return { ok: true, numbers: sorted, lines: combinations(sorted, info.group) };
}

/** The lines of a ticket of `numberCount` numbers: C(numberCount, group). */
export function lineCount(betType: BetTypeCode, numberCount: number): number {
  if (!Number.isSafeInteger(numberCount) || numberCount < 0)
    throw new RangeError('the number count must be a non-negative integer');
  const { group } = BET_TYPES[betType];
  if (numberCount < group) return 0;
  let count = 1;
  // After step i, count is C(numberCount - group + i + 1, i + 1): an integer at every step.
  for (let i = 0; i < group; i++) count = (count * (numberCount - group + i + 1)) / (i + 1);
  return count;
}

/** The line's numbers sorted and joined by '-' ("12-34"): the key of its liability cap. */
export function lineKey(line: readonly string[]): string {
  return [...line].sort().join('-');
}

/** The row đề đuôi plays against: the draw's lowest 2-digit prize row. */
const DE_TAIL_ROW: Partial<Record<ShapeCode, PrizeCode>> = { north27: 'G7', south18: 'G8' };

const lastDigits = (number: string, count: number): string => number.slice(-count);

function countBy(numbers: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const number of numbers) counts.set(number, (counts.get(number) ?? 0) + 1);
  return counts;
}

export type LineSettler = (betType: BetTypeCode, line: readonly string[]) => Record<string, number>;

/**
 * Settles lines against one draw, which is checked and indexed once: hits per tier, every tier of the bet
 * type present, 0 when not hit. Throws a RangeError for a result that is not a draw of `shape`, and for a
 * line `selection` would not make.
 */
export function lineSettler(shape: ShapeCode, result: DrawResult): LineSettler {
  checkResult(shape, result);
  const rows = SHAPES[shape].rows;
  const numbersFrom = (minDigits: number): string[] =>
    rows.filter((row) => row.digits >= minDigits).flatMap((row) => rowNumbers(result, row.prize));
  const rowCounts = new Map(rows.map((row) => [row.prize, countBy(rowNumbers(result, row.prize))]));
  // Lô 2 số plays every prize; lô 3 số the prizes of at least 3 digits.
  const endings2 = countBy(numbersFrom(2).map((number) => lastDigits(number, 2)));
  const endings3 = countBy(numbersFrom(3).map((number) => lastDigits(number, 3)));
  // Empty on a shape without them, whose bet types do not read them.
  const special = result.DB?.[0] ?? '';
  const first = result.G1?.[0] ?? '';
  const deTailRow = DE_TAIL_ROW[shape];
  const inRow = (prize: PrizeCode | undefined, number: string): number =>
    (prize && rowCounts.get(prize)?.get(number)) || 0;
  const oneIf = (condition: boolean): number => (condition ? 1 : 0);

  const hits = (betType: Exclude<BetTypeCode, 'big' | 'small'>, line: readonly string[]): number => {
    const number = line[0] as string;
    switch (betType) {
      case 'lo2':
        return endings2.get(number) ?? 0;
      case 'lo3':
        return endings3.get(number) ?? 0;
      case 'de_special':
        return oneIf(lastDigits(special, 2) === number);
      case 'de_head':
        return oneIf(special.slice(0, 2) === number);
      case 'de_tail':
        return inRow(deTailRow, number);
      case 'de_first':
        return oneIf(lastDigits(first, 2) === number);
      case 'three_cang':
        return oneIf(lastDigits(special, 3) === number);
      case 'xien2':
      case 'xien3':
      case 'xien4':
        return oneIf(line.every((item) => endings2.has(item)));
      case 'truot4':
      case 'truot8':
      case 'truot10':
        return oneIf(!line.some((item) => endings2.has(item)));
      case 'dau':
        return oneIf(lastDigits(special, 2)[0] === number);
      case 'duoi':
        return oneIf(lastDigits(special, 1) === number);
    }
  };

  return (betType, line) => {
    const info = BET_TYPES[betType];
    if (!info.shapes.includes(shape)) throw new RangeError(`${betType} is not played on ${shape}`);
    if (
      line.length !== info.group ||
      !line.every((number) => isDigitString(number, info.digits)) ||
      new Set(line).size !== line.length
    )
      throw new RangeError(`a ${betType} line is ${info.group} distinct numbers of ${info.digits} digits`);
    if (betType === 'big' || betType === 'small') {
      const number = line[0] as string;
      return Object.fromEntries(info.tiers.map((tier) => [tier, inRow(tier as PrizeCode, number)]));
    }
    return { hit: hits(betType, line) };
  };
}

/** Hits per tier of one line against a draw; see lineSettler, the faster way to settle many lines. */
export function settleLine(
  betType: BetTypeCode,
  shape: ShapeCode,
  result: DrawResult,
  line: readonly string[],
): Record<string, number> {
  return lineSettler(shape, result)(betType, line);
}
