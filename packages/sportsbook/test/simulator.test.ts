import { describe, expect, it } from 'vitest';
import { type Score, simulateMaps, simulateScore } from '../src/index.ts';

const model = { homeGoals: 1.6, awayGoals: 1.1 };
const seeds = Array.from({ length: 2000 }, (_, i) => `event-${i}`);

describe('simulateScore', () => {
  it('is the same for the same seed and model, and differs between seeds', () => {
    expect(simulateScore('event-7', model, 90)).toEqual(simulateScore('event-7', model, 90));
    const finals = new Set(seeds.slice(0, 100).map((seed) => JSON.stringify(simulateScore(seed, model, 90))));
    expect(finals.size).toBeGreaterThan(5);
  });

  it('starts 0:0 and never goes down as the minutes pass; after 90 it stays at full time', () => {
    for (const seed of seeds.slice(0, 200)) {
      let previous: Score = simulateScore(seed, model, 0);
      expect(previous).toEqual({ home: 0, away: 0 });
      for (let minute = 1; minute <= 90; minute++) {
        const now = simulateScore(seed, model, minute);
        expect(now.home).toBeGreaterThanOrEqual(previous.home);
        expect(now.away).toBeGreaterThanOrEqual(previous.away);
        previous = now;
      }
      expect(simulateScore(seed, model, 120)).toEqual(previous);
      expect(simulateScore(seed, model, -5)).toEqual({ home: 0, away: 0 });
    }
  });

  it('scores as the pricing model expects: Poisson means over the match, 45% of goals by half time', () => {
    let home = 0;
    let away = 0;
    let firstHalf = 0;
    for (const seed of seeds) {
      const final = simulateScore(seed, model, 90);
      const half = simulateScore(seed, model, 45);
      home += final.home;
      away += final.away;
      firstHalf += half.home + half.away;
    }
    expect(home / seeds.length).toBeGreaterThan(1.5);
    expect(home / seeds.length).toBeLessThan(1.7);
    expect(away / seeds.length).toBeGreaterThan(1.0);
    expect(away / seeds.length).toBeLessThan(1.2);
    expect(firstHalf / (home + away)).toBeGreaterThan(0.42);
    expect(firstHalf / (home + away)).toBeLessThan(0.48);
  });

  it('refuses a model without goals and a minute that is not a number', () => {
    expect(() => simulateScore('x', { homeGoals: 0, awayGoals: 1 }, 10)).toThrow(/expected goals/);
    expect(() => simulateScore('x', model, Number.NaN)).toThrow(/minute/);
  });
});

describe('simulateMaps', () => {
  const strengths = { homeGoals: 3, awayGoals: 1 };

  it('plays a map every 40 minutes until a side has won a majority, the same for the same seed', () => {
    for (const seed of seeds.slice(0, 200)) {
      const full = simulateMaps(seed, strengths, 3, 1000);
      expect(full).toEqual(simulateMaps(seed, strengths, 3, 1000));
      expect([2, 3]).toContain(full.length);
      const home = full.filter((map) => map.home === 1).length;
      const away = full.filter((map) => map.away === 1).length;
      expect(home + away).toBe(full.length);
      expect(Math.max(home, away)).toBe(2);
      expect(simulateMaps(seed, strengths, 3, 0)).toEqual([]);
      expect(simulateMaps(seed, strengths, 3, 39)).toEqual([]);
      expect(simulateMaps(seed, strengths, 3, 40)).toEqual(full.slice(0, 1));
      expect(simulateMaps(seed, strengths, 3, 80)).toEqual(full.slice(0, 2));
    }
  });

  it('wins each map with probability home / (home + away)', () => {
    let won = 0;
    let played = 0;
    for (const seed of seeds) {
      const maps = simulateMaps(seed, strengths, 5, 1000);
      won += maps.filter((map) => map.home === 1).length;
      played += maps.length;
    }
    expect(won / played).toBeGreaterThan(0.72);
    expect(won / played).toBeLessThan(0.78);
  });

  it('refuses a series of an even length', () => {
    expect(() => simulateMaps('x', strengths, 2, 100)).toThrow(/odd/);
  });
});
