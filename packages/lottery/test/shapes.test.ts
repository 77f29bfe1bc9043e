import { describe, expect, it } from 'vitest';
import { allNumbers, type DrawResult, resultProblems, SHAPES } from '../src/index.ts';
import { FOUR_D, NORTH, SOUTH } from './results.ts';

const copy = (result: DrawResult): Record<string, unknown> => structuredClone(result);

describe('shapes', () => {
  it('count the numbers of a draw', () => {
    expect(SHAPES.north27.numbers).toBe(27);
    expect(SHAPES.south18.numbers).toBe(18);
    expect(SHAPES.fourD23.numbers).toBe(23);
  });

  it('print the north from the special prize down and the south from the eighth prize up', () => {
    expect(SHAPES.north27.rows.map((row) => row.prize)).toEqual([
      'DB',
      'G1',
      'G2',
      'G3',
      'G4',
      'G5',
      'G6',
      'G7',
    ]);
    expect(SHAPES.south18.rows.map((row) => row.prize)).toEqual([
      'G8',
      'G7',
      'G6',
      'G5',
      'G4',
      'G3',
      'G2',
      'G1',
      'DB',
    ]);
  });
});

describe('resultProblems', () => {
  it('accepts valid results of each shape', () => {
    expect(resultProblems('north27', NORTH)).toEqual([]);
    expect(resultProblems('south18', SOUTH)).toEqual([]);
    expect(resultProblems('fourD23', FOUR_D)).toEqual([]);
  });

  it('refuses a row with the wrong count', () => {
    const result = copy(NORTH);
    result.G7 = ['58', '07', '91'];
    expect(resultProblems('north27', result)).toEqual(['G7: 4 numbers expected, 3 given']);
  });

  it('refuses numbers of the wrong length or not made of digits', () => {
    const result = copy(NORTH);
    result.G6 = ['318', '92', '64a'];
    result.DB = [27319];
    expect(resultProblems('north27', result)).toEqual([
      'DB #1: 5 digits expected, 27319 given',
      'G6 #2: 3 digits expected, "92" given',
      'G6 #3: 3 digits expected, "64a" given',
    ]);
  });

  it('refuses a missing row', () => {
    const result = copy(SOUTH);
    delete result.DB;
    expect(resultProblems('south18', result)).toEqual(['DB: missing']);
  });

  it("refuses a key that is not one of the shape's prizes", () => {
    const result = copy(NORTH);
    result.G8 = ['12'];
    expect(resultProblems('north27', result)).toEqual(['G8: not a prize of north27']);
    // A southern draw is not a northern one: no G8 in the north, and rows of other lengths.
    expect(resultProblems('north27', SOUTH)).toContain('G8: not a prize of north27');
  });

  it('refuses what is not an object of rows', () => {
    expect(resultProblems('north27', null)).toHaveLength(1);
    expect(resultProblems('north27', [])).toHaveLength(1);
    expect(resultProblems('north27', 'DB')).toHaveLength(1);
    expect(resultProblems('north27', { ...NORTH, G1: '80562' })).toEqual(['G1: must be a list of numbers']);
  });
});

describe('allNumbers', () => {
  it('lists every prize number in row order', () => {
    const north = allNumbers('north27', NORTH);
    expect(north).toHaveLength(27);
    expect(north.slice(0, 3)).toEqual(['27319', '80562', '41907']);
    expect(north.slice(-4)).toEqual(['58', '07', '91', '58']);
    const south = allNumbers('south18', SOUTH);
    expect(south).toHaveLength(18);
    expect(south[0]).toBe('36');
    expect(south.at(-1)).toBe('829036');
    expect(allNumbers('fourD23', FOUR_D)).toHaveLength(23);
  });

  it('refuses an invalid result', () => {
    expect(() => allNumbers('north27', SOUTH)).toThrow(RangeError);
  });
});
