import { describe, expect, it } from 'vitest';
import {
  BET_TYPE_ORDER,
  BET_TYPES,
  type BetTypeCode,
  type DrawResult,
  lineCount,
  lineKey,
  lineSettler,
  type ShapeCode,
  selection,
  settleLine,
} from '../src/index.ts';
import { FOUR_D, NORTH, SOUTH } from './results.ts';

type Example = [betType: BetTypeCode, line: string[], hits: Record<string, number>, why: string];

const hit = (count: number): Record<string, number> => ({ hit: count });
const NONE_IN_NORTH = ['00', '01', '02', '04', '05', '06', '08', '09', '10', '11'];

// Endings of NORTH (see results.ts): DB 19 · G1 62 · G2 07 58 · G3 71 45 30 84 12 03 · G4 07 29 38 61 ·
// G5 96 83 74 50 17 58 · G6 18 92 45 · G7 58 07 91 58.
const NORTH_EXAMPLES: Example[] = [
  ['lo2', ['45'], hit(2), "G3's second number 52645 and G6's third 645"],
  ['lo2', ['58'], hit(4), "G2's 63358, G5's 9058 and G7's first and fourth 58"],
  ['lo2', ['07'], hit(3), "G2's 41907, G4's 4407 and G7's 07"],
  ['lo2', ['19'], hit(1), 'DB 27319 only'],
  ['lo2', ['00'], hit(0), 'no number ends in 00'],
  ['lo3', ['645'], hit(2), "G3's 52645 and G6's 645"],
  ['lo3', ['319'], hit(1), 'DB 27319'],
  ['lo3', ['058'], hit(1), "G5's 9058; G7's 58 has only two digits"],
  ['lo3', ['007'], hit(0), "G7's 07 has only two digits; 41907 and 4407 end in 907 and 407"],
  ['de_special', ['19'], hit(1), 'DB 27319 ends in 19'],
  ['de_special', ['62'], hit(0), '62 ends G1, not DB'],
  ['de_head', ['27'], hit(1), 'DB 27319 starts with 27'],
  ['de_head', ['19'], hit(0), 'the tail of DB is not its head'],
  ['de_tail', ['58'], hit(2), "two of G7's four numbers are 58"],
  ['de_tail', ['07'], hit(1), "one of G7's four numbers is 07"],
  ['de_tail', ['19'], hit(0), 'DB ends in 19, but G7 has no 19'],
  ['de_first', ['62'], hit(1), 'G1 80562 ends in 62'],
  ['de_first', ['19'], hit(0), 'G1 does not end in 19'],
  ['three_cang', ['319'], hit(1), 'DB 27319 ends in 319'],
  ['three_cang', ['645'], hit(0), '645 is a lô 3 số hit, not the end of DB'],
  ['xien2', ['07', '58'], hit(1), 'both endings drawn (each counted once)'],
  ['xien3', ['07', '45', '58'], hit(1), 'all three endings drawn'],
  ['xien4', ['03', '12', '45', '91'], hit(1), 'all four endings drawn'],
  ['xien4', ['00', '07', '45', '58'], hit(0), 'no number ends in 00'],
  ['truot4', ['00', '01', '02', '04'], hit(1), 'none of the four endings drawn'],
  ['truot4', ['00', '01', '02', '45'], hit(0), '45 was drawn'],
  ['truot8', NONE_IN_NORTH.slice(0, 8), hit(1), 'none of the eight endings drawn'],
  ['truot10', NONE_IN_NORTH, hit(1), 'none of the ten endings drawn'],
  ['truot10', [...NONE_IN_NORTH.slice(0, 9), '12'], hit(0), "G3's 90512 ends in 12"],
  ['dau', ['1'], hit(1), 'DB 27319: the tens digit of 19'],
  ['dau', ['9'], hit(0), '9 is the units digit'],
  ['duoi', ['9'], hit(1), 'DB 27319: the units digit'],
  ['duoi', ['1'], hit(0), '1 is the tens digit'],
];

// Endings of SOUTH: G8 36 · G7 81 · G6 36 19 52 · G5 40 · G4 36 91 17 58 84 63 70 · G3 26 17 · G2 92 ·
// G1 81 · DB 36.
const SOUTH_EXAMPLES: Example[] = [
  ['lo2', ['36'], hit(4), "G8 36, G6's 2036, G4's 17236 and DB 829036"],
  ['lo2', ['81'], hit(2), 'G7 481 and G1 35581'],
  ['lo2', ['17'], hit(2), "G4's 33917 and G3's 04417"],
  ['lo3', ['036'], hit(2), "G6's 2036 and DB 829036; G8's 36 has only two digits"],
  ['lo3', ['481'], hit(1), 'G7 481, a three-digit prize'],
  ['lo3', ['581'], hit(1), 'G1 35581'],
  ['de_special', ['36'], hit(1), 'DB 829036 ends in 36'],
  ['de_head', ['82'], hit(1), 'DB 829036 starts with 82'],
  ['de_tail', ['36'], hit(1), 'G8 is 36'],
  ['de_tail', ['81'], hit(0), '81 ends G7 and G1, not G8'],
  ['de_first', ['81'], hit(1), 'G1 35581 ends in 81'],
  ['de_first', ['36'], hit(0), 'G1 does not end in 36'],
  ['three_cang', ['036'], hit(1), 'DB 829036 ends in 036'],
  ['three_cang', ['829'], hit(0), 'the head of DB is not its tail'],
  ['xien2', ['17', '81'], hit(1), 'both endings drawn'],
  ['xien3', ['17', '36', '99'], hit(0), 'no number ends in 99'],
  ['xien4', ['19', '36', '52', '92'], hit(1), 'all four endings drawn'],
  ['truot4', ['00', '01', '02', '03'], hit(1), 'none of the four endings drawn'],
  ['truot8', ['00', '01', '02', '03', '04', '05', '06', '52'], hit(0), "G6's 0552 ends in 52"],
  ['truot10', ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09'], hit(1), 'no ending below 10'],
  ['dau', ['3'], hit(1), 'DB 829036: the tens digit of 36'],
  ['duoi', ['6'], hit(1), 'DB 829036: the units digit'],
  ['duoi', ['3'], hit(0), '3 is the tens digit'],
];

const big = (hits: Partial<Record<'P1' | 'P2' | 'P3' | 'STARTER' | 'CONSOLATION', number>>) => ({
  P1: 0,
  P2: 0,
  P3: 0,
  STARTER: 0,
  CONSOLATION: 0,
  ...hits,
});
const small = (hits: Partial<Record<'P1' | 'P2' | 'P3', number>>) => ({ P1: 0, P2: 0, P3: 0, ...hits });

const FOUR_D_EXAMPLES: Example[] = [
  ['big', ['4821'], big({ P1: 1 }), 'the first prize'],
  ['big', ['1234'], big({ STARTER: 1 }), 'the first starter prize'],
  ['big', ['7777'], big({ CONSOLATION: 2 }), 'two consolation prizes'],
  ['big', ['9999'], big({}), 'not drawn'],
  ['small', ['0937'], small({ P2: 1 }), 'the second prize'],
  ['small', ['1234'], small({}), 'small pays no starter prize'],
];

const cases = (shape: ShapeCode, result: DrawResult, examples: Example[]) =>
  examples.map(([betType, line, hits, why]) => ({ betType, line, hits, why, shape, result }));

describe('settleLine', () => {
  it.each([
    ...cases('north27', NORTH, NORTH_EXAMPLES),
    ...cases('south18', SOUTH, SOUTH_EXAMPLES),
    ...cases('fourD23', FOUR_D, FOUR_D_EXAMPLES),
  ])('$shape $betType $line: $why', ({ betType, line, hits, shape, result }) => {
    expect(settleLine(betType, shape, result, line)).toEqual(hits);
  });

  it('has a worked example for every bet type', () => {
    const covered = new Set([...NORTH_EXAMPLES, ...SOUTH_EXAMPLES, ...FOUR_D_EXAMPLES].map(([code]) => code));
    expect([...covered].sort()).toEqual([...BET_TYPE_ORDER].sort());
  });

  it('counts each prize once in lô: the hits over every number add up to the prizes played', () => {
    const everyNumber = (digits: number) =>
      Array.from({ length: 10 ** digits }, (_, i) => String(i).padStart(digits, '0'));
    const total = (betType: 'lo2' | 'lo3', shape: ShapeCode, result: DrawResult) =>
      everyNumber(BET_TYPES[betType].digits).reduce(
        (sum, number) => sum + (settleLine(betType, shape, result, [number]).hit ?? 0),
        0,
      );
    expect(total('lo2', 'north27', NORTH)).toBe(27);
    expect(total('lo3', 'north27', NORTH)).toBe(23);
    expect(total('lo2', 'south18', SOUTH)).toBe(18);
    expect(total('lo3', 'south18', SOUTH)).toBe(17);
  });

  it('settles many lines against one draw as settleLine does, from the draw as it was', () => {
    const result = structuredClone(NORTH);
    const settle = lineSettler('north27', result);
    (result.G7 as string[])[1] = '00';
    expect(settle('de_tail', ['07'])).toEqual({ hit: 1 });
    const ticket = selection('truot4', 'north27', ['00', '01', '02', '04', '07', '45']);
    if (!ticket.ok) throw new Error(ticket.problem);
    expect(ticket.lines.map((line) => settle('truot4', line).hit)).toEqual(
      ticket.lines.map((line) => settleLine('truot4', 'north27', NORTH, line).hit),
    );
    // Only 00-01-02-04 of the 15 lines misses every ending drawn.
    expect(ticket.lines.filter((line) => settle('truot4', line).hit === 1).map(lineKey)).toEqual([
      '00-01-02-04',
    ]);
  });

  it('takes a line in any order', () => {
    expect(settleLine('xien3', 'north27', NORTH, ['58', '07', '45'])).toEqual({ hit: 1 });
  });

  it('refuses a line the bet type would not make', () => {
    expect(() => settleLine('xien2', 'north27', NORTH, ['07', '58', '45'])).toThrow(RangeError);
    expect(() => settleLine('xien2', 'north27', NORTH, ['07'])).toThrow(RangeError);
    expect(() => settleLine('xien2', 'north27', NORTH, ['07', '07'])).toThrow(RangeError);
    expect(() => settleLine('lo2', 'north27', NORTH, ['7'])).toThrow(RangeError);
    expect(() => settleLine('big', 'north27', NORTH, ['4821'])).toThrow(RangeError);
  });

  it('refuses a result that is not a draw of the shape', () => {
    expect(() => settleLine('lo2', 'north27', SOUTH, ['36'])).toThrow(RangeError);
    expect(() => settleLine('lo2', 'south18', { ...SOUTH, G8: ['360'] }, ['36'])).toThrow(RangeError);
  });
});

describe('selection', () => {
  it('sorts the numbers and makes a line of each for single bets', () => {
    expect(selection('lo2', 'north27', ['45', '07', '19'])).toEqual({
      ok: true,
      numbers: ['07', '19', '45'],
      lines: [['07'], ['19'], ['45']],
    });
  });

  it('makes every combination for xiên: 4 numbers of xiên 3 are 4 lines', () => {
    expect(selection('xien3', 'north27', ['58', '07', '91', '45'])).toEqual({
      ok: true,
      numbers: ['07', '45', '58', '91'],
      lines: [
        ['07', '45', '58'],
        ['07', '45', '91'],
        ['07', '58', '91'],
        ['45', '58', '91'],
      ],
    });
  });

  it('makes C(n, k) distinct sorted lines for trượt', () => {
    const numbers = ['09', '03', '07', '01', '05', '02'];
    const result = selection('truot4', 'south18', numbers);
    if (!result.ok) throw new Error(result.problem);
    expect(result.lines).toHaveLength(15);
    expect(new Set(result.lines.map(lineKey)).size).toBe(15);
    for (const line of result.lines) expect(line).toEqual([...line].sort());
  });

  it.each([
    ['empty', 'lo2', 'north27', []],
    ['bad_number', 'lo2', 'north27', ['7']],
    ['bad_number', 'lo2', 'north27', ['123']],
    ['bad_number', 'lo3', 'south18', ['0a1']],
    ['bad_number', 'dau', 'north27', ['10']],
    ['bad_number', 'big', 'fourD23', ['482']],
    ['duplicate', 'lo2', 'north27', ['07', '45', '07']],
    ['too_few', 'xien3', 'north27', ['07', '45']],
    ['too_few', 'truot10', 'south18', ['00', '01', '02', '03', '04', '05', '06', '07', '08']],
    ['too_many', 'xien2', 'north27', Array.from({ length: 11 }, (_, i) => String(i).padStart(2, '0'))],
    ['too_many', 'truot4', 'north27', Array.from({ length: 13 }, (_, i) => String(i).padStart(2, '0'))],
    ['too_many', 'dau', 'north27', [...'0123456789', '0']],
    ['too_many', 'big', 'fourD23', Array.from({ length: 101 }, (_, i) => String(i).padStart(4, '0'))],
    ['wrong_shape', 'big', 'north27', ['4821']],
    ['wrong_shape', 'lo2', 'fourD23', ['21']],
  ] as const)('%s: %s on %s', (problem, betType, shape, numbers) => {
    expect(selection(betType, shape, numbers)).toEqual({ ok: false, problem });
  });

  it('allows every number once up to the limit', () => {
    const all2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    expect(selection('lo2', 'north27', all2).ok).toBe(true);
    const all1 = [...'9876543210'];
    const dau = selection('dau', 'north27', all1);
    expect(dau.ok && dau.numbers).toEqual([...'0123456789']);
    expect(selection('xien4', 'north27', all2.slice(0, 10)).ok).toBe(true);
  });

  it('has the limits of the brief', () => {
    const limits = Object.fromEntries(BET_TYPE_ORDER.map((code) => [code, BET_TYPES[code].maxNumbers]));
    expect(limits).toEqual({
      lo2: 100,
      lo3: 1000,
      de_special: 100,
      de_head: 100,
      de_tail: 100,
      de_first: 100,
      three_cang: 1000,
      xien2: 10,
      xien3: 10,
      xien4: 10,
      truot4: 12,
      truot8: 12,
      truot10: 12,
      dau: 10,
      duoi: 10,
      big: 100,
      small: 100,
    });
  });
});

describe('lineCount and lineKey', () => {
  it('count C(n, group) lines', () => {
    expect(lineCount('lo2', 5)).toBe(5);
    expect(lineCount('xien3', 4)).toBe(4);
    expect(lineCount('xien2', 10)).toBe(45);
    expect(lineCount('xien4', 10)).toBe(210);
    expect(lineCount('truot8', 20)).toBe(125970);
    expect(lineCount('truot10', 20)).toBe(184756);
    expect(lineCount('xien4', 3)).toBe(0);
    expect(lineCount('lo2', 0)).toBe(0);
    expect(() => lineCount('lo2', -1)).toThrow(RangeError);
  });

  it('agree with the lines selection makes', () => {
    const numbers = ['11', '22', '33', '44', '55', '66', '77'];
    for (const betType of ['xien2', 'xien3', 'xien4', 'truot4'] as const) {
      const result = selection(betType, 'north27', numbers);
      expect(result.ok && result.lines.length).toBe(lineCount(betType, numbers.length));
    }
  });

  it('key a line by its sorted numbers', () => {
    expect(lineKey(['34', '12'])).toBe('12-34');
    expect(lineKey(['58', '07', '45'])).toBe('07-45-58');
    expect(lineKey(['07'])).toBe('07');
  });
});
