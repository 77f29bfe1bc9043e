import {
  BET_TYPES,
  type BetTypeCode,
  isDigitString,
  type SelectionProblem,
  type ShapeCode,
  selection,
} from '@tessera/lottery';

/**
 * How each bet type's numbers are picked: a grid of 00–99 for the 2-digit types, of 0–9 for đầu and đuôi, and typed
 * for the 3- and 4-digit types (a thousand or ten thousand buttons would help nobody).
 */
export type PickerKind = 'grid100' | 'grid10' | 'typed';

export function pickerOf(betType: BetTypeCode): PickerKind {
  const { digits } = BET_TYPES[betType];
  if (digits === 1) return 'grid10';
  if (digits === 2) return 'grid100';
  return 'typed';
}

/** Every number of `digits` digits, in order ("00" … "99"). */
export function allNumbers(digits: number): string[] {
  return Array.from({ length: 10 ** digits }, (_, index) => String(index).padStart(digits, '0'));
}

/** Typed numbers: separated by commas, semicolons or white space. */
export function parseTyped(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** What is wrong with a ticket's numbers, and the first number that does not read, when that is the problem. */
export type Check = { ok: true; lines: number } | { ok: false; problem: SelectionProblem; number?: string };

export function checkNumbers(betType: BetTypeCode, shape: ShapeCode, numbers: readonly string[]): Check {
  const chosen = selection(betType, shape, numbers);
  if (chosen.ok) return { ok: true, lines: chosen.lines.length };
  if (chosen.problem === 'bad_number') {
    const digits = BET_TYPES[betType].digits;
    return {
      ok: false,
      problem: 'bad_number',
      number: numbers.find((number) => !isDigitString(number, digits)),
    };
  }
  if (chosen.problem === 'duplicate') {
    const number = numbers.find((item, index) => numbers.indexOf(item) !== index);
    return { ok: false, problem: 'duplicate', number };
  }
  return { ok: false, problem: chosen.problem };
}

/** A sum of money in minor units, so that lines × points × price adds up exactly. */
function toMinorUnits(major: number, digits: number): number {
  return Math.round(major * 10 ** digits);
}

/** The stake of a ticket (lines × points × price per point), in major units. */
export function stakeOf(lines: number, points: number, pricePerPoint: number, digits: number): number {
  return (lines * points * toMinorUnits(pricePerPoint, digits)) / 10 ** digits;
}
