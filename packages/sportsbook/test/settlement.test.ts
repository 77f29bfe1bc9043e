import { describe, expect, it } from 'vitest';
import {
  type EventResult,
  type LegOutcome,
  type MarketSpec,
  type MarketType,
  type Period,
  selectionsOf,
  settleSelection,
  specProblem,
} from '../src/index.ts';

const football = (home: number, away: number, h1?: [number, number]): EventResult => ({
  ft: { home, away },
  ...(h1 ? { h1: { home: h1[0], away: h1[1] } } : {}),
});
/** Both sides of a two-way market on a full-time score. */
const both = (
  spec: MarketSpec,
  keys: [string, string],
  home: number,
  away: number,
): [LegOutcome, LegOutcome] => [
  settleSelection(spec, keys[0], football(home, away)),
  settleSelection(spec, keys[1], football(home, away)),
];

describe('1X2, double chance, odd/even', () => {
  it.each([
    [2, 1, 'home'],
    [1, 1, 'draw'],
    [0, 3, 'away'],
  ])('full time %i:%i is won by %s alone', (home, away, winner) => {
    const spec: MarketSpec = { type: '1x2', period: 'ft' };
    for (const key of selectionsOf(spec))
      expect(settleSelection(spec, key, football(home, away))).toBe(key === winner ? 'win' : 'lose');
  });

  it('the half-time 1X2 reads the half-time score, not the full time', () => {
    const spec: MarketSpec = { type: '1x2', period: 'h1' };
    const result = football(2, 0, [0, 0]);
    expect(settleSelection(spec, 'draw', result)).toBe('win');
    expect(settleSelection(spec, 'home', result)).toBe('lose');
    expect(() => settleSelection(spec, 'draw', football(2, 0))).toThrow(/half-time/);
  });

  it.each([
    [1, 0, ['home_draw', 'home_away']],
    [1, 1, ['home_draw', 'draw_away']],
    [0, 2, ['home_away', 'draw_away']],
  ])('double chance on %i:%i is won by %j', (home, away, winners) => {
    const spec: MarketSpec = { type: 'dc', period: 'ft' };
    expect(selectionsOf(spec)).toEqual(['home_draw', 'home_away', 'draw_away']);
    for (const key of selectionsOf(spec))
      expect(settleSelection(spec, key, football(home, away))).toBe(winners.includes(key) ? 'win' : 'lose');
  });

  it.each([
    [0, 0, 'even'],
    [2, 1, 'odd'],
    [2, 2, 'even'],
    [0, 1, 'odd'],
  ])('odd/even on %i:%i is won by %s (no goals is even)', (home, away, winner) => {
    const spec: MarketSpec = { type: 'oe', period: 'ft' };
    expect(settleSelection(spec, winner, football(home, away))).toBe('win');
    expect(settleSelection(spec, winner === 'odd' ? 'even' : 'odd', football(home, away))).toBe('lose');
  });

  it('half-time double chance and odd/even read the half-time score', () => {
    const result = football(3, 3, [1, 0]);
    expect(settleSelection({ type: 'dc', period: 'h1' }, 'draw_away', result)).toBe('lose');
    expect(settleSelection({ type: 'oe', period: 'h1' }, 'odd', result)).toBe('win');
  });
});

describe('Asian handicap: whole, half and quarter lines (the home side gives the line)', () => {
  // [line, home goals, away goals, home outcome, away outcome]; "by n" is the home side's winning margin.
  it.each<[number, number, number, LegOutcome, LegOutcome]>([
    [0, 1, 1, 'push', 'push'], // level, a draw: stakes back
    [0, 1, 0, 'win', 'lose'],
    [0, 0, 1, 'lose', 'win'],
    [-0.25, 0, 0, 'half_lose', 'half_win'], // (0, -0.5): a draw pushes half and loses half
    [-0.25, 1, 0, 'win', 'lose'],
    [-0.25, 0, 1, 'lose', 'win'],
    [0.25, 2, 2, 'half_win', 'half_lose'],
    [0.25, 0, 1, 'lose', 'win'],
    [-0.5, 0, 0, 'lose', 'win'],
    [-0.5, 1, 0, 'win', 'lose'],
    [0.5, 1, 1, 'win', 'lose'],
    [-0.75, 1, 0, 'half_win', 'half_lose'], // (-0.5, -1): by 1 wins half and pushes half
    [-0.75, 3, 1, 'win', 'lose'],
    [-0.75, 0, 0, 'lose', 'win'],
    [0.75, 0, 1, 'half_lose', 'half_win'],
    [0.75, 0, 0, 'win', 'lose'],
    [0.75, 0, 2, 'lose', 'win'],
    [-1, 1, 0, 'push', 'push'],
    [-1, 2, 0, 'win', 'lose'],
    [-1, 0, 0, 'lose', 'win'],
    [-1.25, 1, 0, 'half_lose', 'half_win'], // (-1, -1.5): by 1 pushes half and loses half
    [-1.25, 2, 0, 'win', 'lose'],
    [-1.25, 0, 0, 'lose', 'win'],
    [1.25, 0, 1, 'half_win', 'half_lose'],
    [1.25, 0, 2, 'lose', 'win'],
    [-1.5, 1, 0, 'lose', 'win'],
    [-1.5, 2, 0, 'win', 'lose'],
    [-1.75, 2, 0, 'half_win', 'half_lose'],
    [-1.75, 1, 0, 'lose', 'win'],
    [-2, 2, 0, 'push', 'push'],
  ])('line %d on %i:%i: home %s, away %s', (line, home, away, homeOutcome, awayOutcome) => {
    expect(both({ type: 'ah', period: 'ft', line }, ['home', 'away'], home, away)).toEqual([
      homeOutcome,
      awayOutcome,
    ]);
  });

  it('the half-time handicap reads the half-time score', () => {
    const spec: MarketSpec = { type: 'ah', period: 'h1', line: -0.25 };
    expect(settleSelection(spec, 'home', football(3, 0, [0, 0]))).toBe('half_lose');
  });
});

describe('over/under: whole, half and quarter lines', () => {
  // [line, goals, over, under]
  it.each<[number, number, LegOutcome, LegOutcome]>([
    [2, 2, 'push', 'push'],
    [2, 3, 'win', 'lose'],
    [2, 1, 'lose', 'win'],
    [2.25, 2, 'half_lose', 'half_win'], // (2, 2.5): 2 goals push half and lose half
    [2.25, 3, 'win', 'lose'],
    [2.5, 2, 'lose', 'win'],
    [2.5, 3, 'win', 'lose'],
    [2.75, 3, 'half_win', 'half_lose'], // (2.5, 3): 3 goals win half and push half
    [2.75, 2, 'lose', 'win'],
    [2.75, 4, 'win', 'lose'],
    [3, 3, 'push', 'push'],
    [3, 4, 'win', 'lose'],
    [1.75, 2, 'half_win', 'half_lose'],
  ])('line %d with %i goals: over %s, under %s', (line, goals, over, under) => {
    const home = Math.ceil(goals / 2);
    expect(both({ type: 'ou', period: 'ft', line }, ['over', 'under'], home, goals - home)).toEqual([
      over,
      under,
    ]);
  });

  it('the half-time total reads the half-time score', () => {
    const spec: MarketSpec = { type: 'ou', period: 'h1', line: 0.75 };
    expect(settleSelection(spec, 'over', football(4, 0, [1, 0]))).toBe('half_win');
  });
});

describe('correct score', () => {
  it('lists 0:0 to 4:4 and other at full time, 0:0 to 2:2 and other at half time', () => {
    const full = selectionsOf({ type: 'cs', period: 'ft' });
    expect(full).toHaveLength(26);
    expect(full.slice(0, 3)).toEqual(['0:0', '0:1', '0:2']);
    expect(full).toContain('4:4');
    expect(full.at(-1)).toBe('other');
    expect(selectionsOf({ type: 'cs', period: 'h1' })).toEqual([
      '0:0',
      '0:1',
      '0:2',
      '1:0',
      '1:1',
      '1:2',
      '2:0',
      '2:1',
      '2:2',
      'other',
    ]);
  });

  it('is won by the listed score alone, and by other for any score not listed', () => {
    const spec: MarketSpec = { type: 'cs', period: 'ft' };
    const winners = (home: number, away: number) =>
      selectionsOf(spec).filter((key) => settleSelection(spec, key, football(home, away)) === 'win');
    expect(winners(2, 1)).toEqual(['2:1']);
    expect(winners(4, 4)).toEqual(['4:4']);
    expect(winners(5, 0)).toEqual(['other']);
    expect(winners(1, 6)).toEqual(['other']);
  });

  it('at half time, 3:0 is other', () => {
    const spec: MarketSpec = { type: 'cs', period: 'h1' };
    expect(settleSelection(spec, 'other', football(3, 1, [3, 0]))).toBe('win');
    expect(settleSelection(spec, '2:0', football(3, 1, [2, 0]))).toBe('win');
  });
});

describe('esports', () => {
  const series = (...maps: ('h' | 'a' | '-')[]): EventResult => {
    const scores = maps.map((map) => ({ home: map === 'h' ? 1 : 0, away: map === 'a' ? 1 : 0 }));
    return {
      ft: { home: maps.filter((map) => map === 'h').length, away: maps.filter((map) => map === 'a').length },
      maps: scores,
    };
  };
  const walkover: EventResult = { ft: { home: 2, away: 0 } };

  it('match winner as declared; a drawn series gives the stakes back', () => {
    const spec: MarketSpec = { type: 'winner', period: 'ft' };
    expect(selectionsOf(spec)).toEqual(['home', 'away']);
    expect(settleSelection(spec, 'home', series('h', 'a', 'h'))).toBe('win');
    expect(settleSelection(spec, 'away', series('h', 'a', 'h'))).toBe('lose');
    expect(settleSelection(spec, 'home', walkover)).toBe('win');
    expect(settleSelection(spec, 'away', series('h', 'a'))).toBe('void');
  });

  it.each<[number, ('h' | 'a')[], LegOutcome, LegOutcome]>([
    [-1.5, ['h', 'h'], 'win', 'lose'],
    [-1.5, ['h', 'a', 'h'], 'lose', 'win'],
    [1.5, ['a', 'h', 'a'], 'win', 'lose'],
    [1.5, ['a', 'a'], 'lose', 'win'],
    [-1, ['h', 'a', 'h'], 'push', 'push'],
  ])('map handicap %d on %j: home %s, away %s', (line, maps, home, away) => {
    const spec: MarketSpec = { type: 'map_handicap', period: 'ft', line };
    expect(settleSelection(spec, 'home', series(...maps))).toBe(home);
    expect(settleSelection(spec, 'away', series(...maps))).toBe(away);
  });

  it('total maps counts the maps played', () => {
    const spec: MarketSpec = { type: 'total_maps', period: 'ft', line: 2.5 };
    expect(selectionsOf(spec)).toEqual(['over', 'under']);
    expect(settleSelection(spec, 'over', series('h', 'a', 'a'))).toBe('win');
    expect(settleSelection(spec, 'under', series('h', 'h'))).toBe('win');
    expect(settleSelection(spec, 'over', series('h', 'h'))).toBe('lose');
  });

  it('map winner reads its map; a map not played or not awarded is void', () => {
    const map = (n: number): MarketSpec => ({ type: 'map_winner', period: 'ft', map: n });
    expect(settleSelection(map(2), 'away', series('h', 'a', 'h'))).toBe('win');
    expect(settleSelection(map(2), 'home', series('h', 'a', 'h'))).toBe('lose');
    expect(settleSelection(map(3), 'home', series('h', 'h'))).toBe('void');
    expect(settleSelection(map(2), 'home', series('h', '-', 'h', 'h'))).toBe('void');
  });

  it('a walkover voids the map markets', () => {
    expect(settleSelection({ type: 'map_handicap', period: 'ft', line: -1.5 }, 'home', walkover)).toBe(
      'void',
    );
    expect(settleSelection({ type: 'total_maps', period: 'ft', line: 2.5 }, 'under', walkover)).toBe('void');
    expect(settleSelection({ type: 'map_winner', period: 'ft', map: 1 }, 'home', walkover)).toBe('void');
  });

  it('refuses maps that do not add up to the series score', () => {
    const wrong: EventResult = { ft: { home: 2, away: 0 }, maps: [{ home: 1, away: 0 }] };
    expect(() => settleSelection({ type: 'total_maps', period: 'ft', line: 1.5 }, 'over', wrong)).toThrow(
      /add up/,
    );
    const twice: EventResult = { ft: { home: 2, away: 0 }, maps: [{ home: 2, away: 0 }] };
    expect(() => settleSelection({ type: 'map_winner', period: 'ft', map: 1 }, 'home', twice)).toThrow(/map/);
  });
});

describe('market specs', () => {
  it.each<[MarketSpec, RegExp]>([
    [{ type: 'ah', period: 'ft' }, /needs a line/],
    [{ type: 'ah', period: 'ft', line: -0.3 }, /multiple of 0.25/],
    [{ type: 'ou', period: 'ft', line: 0 }, /above 0/],
    [{ type: 'ou', period: 'ft', line: 25.5 }, /between/],
    [{ type: '1x2', period: 'ft', line: 0.5 }, /has no line/],
    [{ type: 'winner', period: 'h1' }, /full-time/],
    [{ type: 'map_winner', period: 'ft' }, /map number/],
    [{ type: 'map_winner', period: 'ft', map: 4, bestOf: 3 }, /beyond/],
    [{ type: '1x2', period: 'ft', map: 1 }, /no map/],
    [{ type: 'winner', period: 'ft', bestOf: 2 }, /odd/],
    [{ type: 'cs', period: 'ft', bestOf: 3 }, /series/],
    [{ type: 'corners' as MarketType, period: 'ft' }, /unknown market/],
    [{ type: '1x2', period: 'h2' as Period }, /unknown period/],
  ])('%j is refused (%s), by selectionsOf too', (spec, problem) => {
    expect(specProblem(spec)).toMatch(problem);
    expect(() => selectionsOf(spec)).toThrow(RangeError);
  });

  it('accepts every market type the book offers', () => {
    for (const spec of [
      { type: '1x2', period: 'h1' },
      { type: 'ah', period: 'ft', line: -1.25 },
      { type: 'ou', period: 'h1', line: 0.75 },
      { type: 'oe', period: 'ft' },
      { type: 'dc', period: 'h1' },
      { type: 'cs', period: 'ft' },
      { type: 'winner', period: 'ft', bestOf: 5 },
      { type: 'map_handicap', period: 'ft', line: 1.5 },
      { type: 'total_maps', period: 'ft', line: 2.5 },
      { type: 'map_winner', period: 'ft', map: 3, bestOf: 3 },
    ] satisfies MarketSpec[])
      expect(specProblem(spec)).toBeNull();
  });

  it('refuses a selection the market does not have, and a score that is not whole goals', () => {
    expect(() => settleSelection({ type: '1x2', period: 'ft' }, 'over', football(1, 0))).toThrow(
      /not a selection/,
    );
    expect(() => settleSelection({ type: '1x2', period: 'ft' }, 'home', football(-1, 0))).toThrow(RangeError);
    expect(() => settleSelection({ type: '1x2', period: 'ft' }, 'home', football(1.5, 0))).toThrow(
      RangeError,
    );
  });
});
