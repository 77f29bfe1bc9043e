import { describe, expect, it } from 'vitest';
import { applyMargin, fairPrices, type MarketSpec, selectionsOf } from '../src/index.ts';

const overround = (prices: number[]) => prices.reduce((sum, price) => sum + 1 / price, 0);
/** How far rounding a price to 3 places can move 1 / price, summed over the prices. */
const roundingSlack = (prices: number[], step: number) =>
  prices.reduce((sum, price) => sum + step / price ** 2, 0);

describe('applyMargin (proportional)', () => {
  it('prices an even two-way market at 1.904 with a 5% margin (1.90476 rounded down)', () => {
    expect(applyMargin([0.5, 0.5], 0.05)).toEqual([1.904, 1.904]);
    expect(applyMargin([0.5, 0.5], 0)).toEqual([2, 2]);
  });

  it.each([0, 0.02, 0.05, 0.08, 0.15])(
    'holds the overround 1 + %d within rounding, never under it',
    (margin) => {
      for (const probabilities of [
        [0.45, 0.27, 0.28],
        [0.5, 0.5],
        [0.82, 0.18],
        [0.1, 0.2, 0.3, 0.4],
      ]) {
        const prices = applyMargin(probabilities, margin);
        for (const price of prices) expect(Math.round(price * 1000)).toBeCloseTo(price * 1000, 9);
        expect(overround(prices)).toBeGreaterThanOrEqual(1 + margin - 1e-12);
        expect(overround(prices) - (1 + margin)).toBeLessThanOrEqual(roundingSlack(prices, 0.001));
        // proportional: each price is 1 / (p × (1 + margin)), rounded down
        probabilities.forEach((p, i) => {
          expect(prices[i]).toBeLessThanOrEqual(1 / (p * (1 + margin)) + 1e-12);
          expect(prices[i]).toBeGreaterThan(1 / (p * (1 + margin)) - 0.001);
        });
      }
    },
  );

  it('normalises probabilities that do not add up to 1 (fair prices set by an operator)', () => {
    expect(applyMargin([1 / 1.9, 1 / 1.9], 0.05)).toEqual(applyMargin([0.5, 0.5], 0.05));
  });

  it('keeps prices between 1.001 and 1000', () => {
    expect(applyMargin([1, 0], 0.05)).toEqual([1.001, 1000]);
    expect(applyMargin([0.99999, 0.00001], 0)).toEqual([1.001, 1000]);
  });

  it('refuses a margin outside 0 to 1, and probabilities that are not a market', () => {
    expect(() => applyMargin([0.5, 0.5], -0.01)).toThrow(/margin/);
    expect(() => applyMargin([0.5, 0.5], 1)).toThrow(/margin/);
    expect(() => applyMargin([1], 0.05)).toThrow(/two selections/);
    expect(() => applyMargin([0.5, Number.NaN], 0.05)).toThrow(/probability/);
    expect(() => applyMargin([0, 0], 0.05)).toThrow(/more than 0/);
  });
});

describe('fairPrices (Poisson goals model)', () => {
  const model = { homeGoals: 1.6, awayGoals: 1.1 };
  const prices = (spec: MarketSpec) => fairPrices(spec, model);
  const price = (spec: MarketSpec, key: string) => prices(spec)[key] as number;
  const oneXTwo = prices({ type: '1x2', period: 'ft' });
  const pHome = 1 / (oneXTwo.home as number);
  const pDraw = 1 / (oneXTwo.draw as number);
  const pAway = 1 / (oneXTwo.away as number);

  it('prices every selection of the market, at 3 decimal places', () => {
    for (const spec of [
      { type: '1x2', period: 'ft' },
      { type: 'ah', period: 'ft', line: -0.75 },
      { type: 'ou', period: 'h1', line: 1.25 },
      { type: 'oe', period: 'ft' },
      { type: 'dc', period: 'ft' },
      { type: 'cs', period: 'h1' },
    ] satisfies MarketSpec[]) {
      const all = prices(spec);
      expect(Object.keys(all)).toEqual(selectionsOf(spec));
      for (const value of Object.values(all)) expect(Math.round(value * 1000)).toBeCloseTo(value * 1000, 9);
    }
  });

  it('gives 1X2 probabilities that add up to 1, the stronger side the shorter price', () => {
    expect(pHome + pDraw + pAway).toBeCloseTo(1, 3);
    expect(oneXTwo.home).toBeLessThan(oneXTwo.away as number);
    // independent Poisson(1.6) and Poisson(1.1), summed to 40 goals a side in Python
    expect(oneXTwo).toEqual({ home: 2.043, draw: 4.018, away: 3.824 });
  });

  it.each([-2, -1.75, -1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25])(
    'makes both sides of handicap %d a fair market (1/home + 1/away = 1)',
    (line) => {
      const both = prices({ type: 'ah', period: 'ft', line });
      expect(overround(Object.values(both))).toBeCloseTo(1, 2);
      expect(Math.abs(overround(Object.values(both)) - 1)).toBeLessThanOrEqual(
        roundingSlack(Object.values(both), 0.0005),
      );
    },
  );

  it('agrees with 1X2 on the handicap lines that 1X2 decides', () => {
    // level (0): a draw is a push, so the price is P(not draw) / P(home)
    expect(price({ type: 'ah', period: 'ft', line: 0 }, 'home')).toBeCloseTo((1 - pDraw) / pHome, 2);
    // -0.5: the draw loses, so it is the 1X2 home price; +0.5 away is "away or draw"
    expect(price({ type: 'ah', period: 'ft', line: -0.5 }, 'home')).toBeCloseTo(oneXTwo.home as number, 2);
    expect(price({ type: 'ah', period: 'ft', line: -0.5 }, 'away')).toBeCloseTo(1 / (pDraw + pAway), 2);
    // -0.25: half the stake on 0, half on -0.5: a draw gives half back
    expect(price({ type: 'ah', period: 'ft', line: -0.25 }, 'home')).toBeCloseTo((1 - pDraw / 2) / pHome, 2);
    // double chance is the same sum
    expect(price({ type: 'dc', period: 'ft' }, 'home_draw')).toBeCloseTo(1 / (pHome + pDraw), 2);
  });

  it('lengthens the home price as the handicap it gives grows, quarter by quarter', () => {
    const lines = [1.25, 1, 0.75, 0.5, 0.25, 0, -0.25, -0.5, -0.75, -1, -1.25];
    const home = lines.map((line) => price({ type: 'ah', period: 'ft', line }, 'home'));
    for (let i = 1; i < home.length; i++) expect(home[i]).toBeGreaterThan(home[i - 1] as number);
  });

  it('prices over/under on the lines 2, 2.25, 2.5, 2.75, 3 fairly, over longer as the line rises', () => {
    const overs = [2, 2.25, 2.5, 2.75, 3].map((line) => {
      const both = prices({ type: 'ou', period: 'ft', line });
      expect(Math.abs(overround(Object.values(both)) - 1)).toBeLessThanOrEqual(
        roundingSlack(Object.values(both), 0.0005),
      );
      return both.over as number;
    });
    for (let i = 1; i < overs.length; i++) expect(overs[i]).toBeGreaterThan(overs[i - 1] as number);
  });

  it('agrees between correct score and the other markets (the scores of 2 goals or fewer are all listed)', () => {
    const cs = prices({ type: 'cs', period: 'ft' });
    const p = (key: string) => 1 / (cs[key] as number);
    expect(overround(Object.values(cs))).toBeCloseTo(1, 2);
    const upToTwo = ['0:0', '0:1', '1:0', '0:2', '1:1', '2:0'].reduce((sum, key) => sum + p(key), 0);
    expect(1 / price({ type: 'ou', period: 'ft', line: 2.5 }, 'under')).toBeCloseTo(upToTwo, 3);
    const draws = ['0:0', '1:1', '2:2', '3:3', '4:4'].reduce((sum, key) => sum + p(key), 0);
    expect(draws).toBeCloseTo(pDraw, 2); // draws of 5:5 and more fall in "other"
    expect(p('other')).toBeGreaterThan(0.01);
    expect(p('other')).toBeLessThan(0.1);
  });

  it('prices odd/even as a fair pair', () => {
    expect(overround(Object.values(prices({ type: 'oe', period: 'ft' })))).toBeCloseTo(1, 3);
  });

  it('gives the first half 45% of the goals: more draws, fewer overs', () => {
    expect(price({ type: '1x2', period: 'h1' }, 'draw')).toBeLessThan(oneXTwo.draw as number);
    expect(overround(Object.values(prices({ type: '1x2', period: 'h1' })))).toBeCloseTo(1, 3);
    // P(no goal in the first half) = e^(-0.45 × 2.7)
    expect(1 / price({ type: 'cs', period: 'h1' }, '0:0')).toBeCloseTo(Math.exp(-0.45 * 2.7), 3);
  });

  it('prices a best-of-3 series from the chance of winning a map (3 : 1 → 0.75 a map)', () => {
    const strengths = { homeGoals: 3, awayGoals: 1 };
    const p = 0.75;
    const series = p * p * (3 - 2 * p); // wins 2:0 or 2:1
    const winner = fairPrices({ type: 'winner', period: 'ft' }, strengths);
    expect(winner.home).toBeCloseTo(1 / series, 3);
    expect(winner.away).toBeCloseTo(1 / (1 - series), 3);
    // map 3 is played only at 1:1; when it is not, the bet is void, so its price is that of one map
    expect(fairPrices({ type: 'map_winner', period: 'ft', map: 3 }, strengths).home).toBeCloseTo(1 / p, 3);
    expect(fairPrices({ type: 'total_maps', period: 'ft', line: 2.5 }, strengths).over).toBeCloseTo(
      1 / (2 * p * (1 - p)),
      3,
    );
    expect(fairPrices({ type: 'map_handicap', period: 'ft', line: -1.5 }, strengths).home).toBeCloseTo(
      1 / p ** 2,
      3,
    );
    // best of 5: the stronger side is surer to win
    expect(fairPrices({ type: 'winner', period: 'ft', bestOf: 5 }, strengths).home).toBeLessThan(
      winner.home as number,
    );
  });

  it('refuses expected goals that are not above 0, and a market spec that is not valid', () => {
    expect(() => fairPrices({ type: '1x2', period: 'ft' }, { homeGoals: 0, awayGoals: 1 })).toThrow(
      /expected goals/,
    );
    expect(() => fairPrices({ type: '1x2', period: 'ft' }, { homeGoals: 1, awayGoals: 11 })).toThrow(
      /expected goals/,
    );
    expect(() => fairPrices({ type: 'ah', period: 'ft' }, model)).toThrow(/line/);
    expect(() => fairPrices({ type: 'winner', period: 'ft', bestOf: 2 }, model)).toThrow(/odd/);
  });
});
