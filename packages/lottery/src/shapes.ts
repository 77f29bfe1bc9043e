/** The prize tables of the lotteries: which prizes a draw has, how many numbers each, of how many digits. */

export type ShapeCode = 'north27' | 'south18' | 'fourD23';

export type PrizeCode =
  | 'DB'
  | 'G1'
  | 'G2'
  | 'G3'
  | 'G4'
  | 'G5'
  | 'G6'
  | 'G7'
  | 'G8'
  | 'P1'
  | 'P2'
  | 'P3'
  | 'STARTER'
  | 'CONSOLATION';

export interface PrizeRow {
  prize: PrizeCode;
  count: number;
  digits: number;
}

export interface Shape {
  /** In the order the official tables print them, which is also the order the draw procedure fills them. */
  rows: readonly PrizeRow[];
  /** How many prize numbers a draw has: the sum of the rows' counts. */
  numbers: number;
}

/** The prize numbers of one draw by prize, e.g. `{ DB: ['12345'], G1: ['67890'], … }`. */
export type DrawResult = Partial<Record<PrizeCode, string[]>>;

const shape = (rows: readonly PrizeRow[]): Shape => ({
  rows,
  numbers: rows.reduce((sum, row) => sum + row.count, 0),
});

const row = (prize: PrizeCode, count: number, digits: number): PrizeRow => ({ prize, count, digits });

export const SHAPES: Record<ShapeCode, Shape> = {
  // Northern lottery (XSMB), special prize first.
  north27: shape([
    row('DB', 1, 5),
    row('G1', 1, 5),
    row('G2', 2, 5),
    row('G3', 6, 5),
    row('G4', 4, 4),
    row('G5', 6, 4),
    row('G6', 3, 3),
    row('G7', 4, 2),
  ]),
  // Southern and central lotteries (XSMN, XSMT), eighth prize first.
  south18: shape([
    row('G8', 1, 2),
    row('G7', 1, 3),
    row('G6', 3, 4),
    row('G5', 1, 4),
    row('G4', 7, 5),
    row('G3', 2, 5),
    row('G2', 1, 5),
    row('G1', 1, 5),
    row('DB', 1, 6),
  ]),
  // Southeast-Asian 4D (as Magnum or Toto 4D).
  fourD23: shape([
    row('P1', 1, 4),
    row('P2', 1, 4),
    row('P3', 1, 4),
    row('STARTER', 10, 4),
    row('CONSOLATION', 10, 4),
  ]),
};

export const SHAPE_CODES = Object.keys(SHAPES) as ShapeCode[];

const DIGITS = /^[0-9]+$/;

/** A string of exactly `digits` decimal digits. */
export function isDigitString(value: unknown, digits: number): value is string {
  return typeof value === 'string' && value.length === digits && DIGITS.test(value);
}

/** What is wrong with `result` as a draw of `shape`; empty when it is a valid one. */
export function resultProblems(shape: ShapeCode, result: unknown): string[] {
  if (typeof result !== 'object' || result === null || Array.isArray(result))
    return ['the result must be an object of prize rows'];
  const rows = SHAPES[shape].rows;
  const problems: string[] = [];
  for (const key of Object.keys(result)) {
    if (!rows.some((row) => row.prize === key)) problems.push(`${key}: not a prize of ${shape}`);
  }
  const byPrize = result as Record<string, unknown>;
  for (const { prize, count, digits } of rows) {
    const numbers = Object.hasOwn(byPrize, prize) ? byPrize[prize] : undefined;
    if (numbers === undefined) {
      problems.push(`${prize}: missing`);
      continue;
    }
    if (!Array.isArray(numbers)) {
      problems.push(`${prize}: must be a list of numbers`);
      continue;
    }
    if (numbers.length !== count)
      problems.push(`${prize}: ${count} numbers expected, ${numbers.length} given`);
    numbers.forEach((number: unknown, index) => {
      if (!isDigitString(number, digits))
        problems.push(`${prize} #${index + 1}: ${digits} digits expected, ${JSON.stringify(number)} given`);
    });
  }
  return problems;
}

/** Throws a RangeError naming the problems of `result` when it is not a valid draw of `shape`. */
export function checkResult(shape: ShapeCode, result: DrawResult): void {
  const problems = resultProblems(shape, result);
  if (problems.length > 0) throw new RangeError(`not a ${shape} result: ${problems.join('; ')}`);
}

/** The numbers of one prize row of a checked result. */
export function rowNumbers(result: DrawResult, prize: PrizeCode): string[] {
  const numbers = result[prize];
  if (!numbers) throw new RangeError(`the result has no ${prize} row`);
  return numbers;
}

/** Every prize number of a valid result, row by row in the shape's order. */
export function allNumbers(shape: ShapeCode, result: DrawResult): string[] {
  checkResult(shape, result);
  return SHAPES[shape].rows.flatMap((row) => rowNumbers(result, row.prize));
}
