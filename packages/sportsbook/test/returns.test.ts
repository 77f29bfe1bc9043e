import { describe, expect, it } from 'vitest';
import { type LegOutcome, legFactor, potentialReturn, ticketReturn } from '../src/index.ts';

describe('leg factors', () => {
  it.each<[LegOutcome, number]>([
    ['win', 1.9],
    ['half_win', 1.45], // (1 + 1.90) / 2
    ['push', 1],
    ['void', 1],
    ['half_lose', 0.5],
    ['lose', 0],
  ])('%s at 1.90 counts %d', (outcome, factor) => {
    expect(legFactor(outcome, 1.9)).toBe(factor);
  });
});

describe('ticket returns in minor units', () => {
  it.each<[LegOutcome, number]>([
    ['win', 1850],
    ['half_win', 1425], // 500 × 1.85 + 500
    ['push', 1000],
    ['void', 1000],
    ['half_lose', 500],
    ['lose', 0],
  ])('a single of 1000 at 1.85 that ends %s returns %i', (outcome, expected) => {
    expect(ticketReturn(1000, [{ price: 1.85, outcome }])).toBe(expected);
  });

  it('a void leg counts 1.00 in a parlay and the ticket stands', () => {
    const legs = [
      { price: 2.0, outcome: 'win' as const },
      { price: 1.9, outcome: 'void' as const },
      { price: 1.8, outcome: 'win' as const },
    ];
    expect(ticketReturn(1000, legs)).toBe(3600);
    expect(ticketReturn(1000, legs)).toBe(
      ticketReturn(
        1000,
        [legs[0], legs[2]].filter((leg) => leg !== undefined),
      ),
    );
  });

  it('a half result counts at its half price in a parlay', () => {
    expect(
      ticketReturn(1000, [
        { price: 1.9, outcome: 'half_win' },
        { price: 2.0, outcome: 'win' },
      ]),
    ).toBe(2900); // 1000 × 1.45 × 2
    expect(
      ticketReturn(1000, [
        { price: 2.1, outcome: 'half_lose' },
        { price: 1.8, outcome: 'win' },
      ]),
    ).toBe(900); // 1000 × 0.5 × 1.8
    expect(
      ticketReturn(1000, [
        { price: 2.1, outcome: 'push' },
        { price: 1.8, outcome: 'half_lose' },
      ]),
    ).toBe(500);
  });

  it('one lost leg loses the parlay', () => {
    const legs: { price: number; outcome: LegOutcome }[] = [
      { price: 3.5, outcome: 'win' },
      { price: 1.5, outcome: 'lose' },
      { price: 2.0, outcome: 'half_win' },
    ];
    expect(ticketReturn(5000, legs)).toBe(0);
  });

  it('rounds down once, on the exact product, not leg by leg', () => {
    expect(ticketReturn(333, [{ price: 1.333, outcome: 'win' }])).toBe(443); // 443.889
    expect(ticketReturn(1, [{ price: 1.999, outcome: 'win' }])).toBe(1);
    // 100 × 1.005 × 1.005 = 101.0025 → 101 (rounding each leg down would give 100)
    const twice = [
      { price: 1.005, outcome: 'win' as const },
      { price: 1.005, outcome: 'win' as const },
    ];
    expect(ticketReturn(100, twice)).toBe(101);
    // binary floating point makes 10000 × 1.1 × 1.15 12649.999…; the exact product is 12650
    expect(
      ticketReturn(10000, [
        { price: 1.1, outcome: 'win' },
        { price: 1.15, outcome: 'win' },
      ]),
    ).toBe(12650);
    expect(ticketReturn(3, [{ price: 1.005, outcome: 'half_win' }])).toBe(3); // 3 × 1.0025 = 3.0075
  });

  it('holds a ten-leg parlay exactly', () => {
    const legs = Array.from({ length: 10 }, () => ({ price: 1.9, outcome: 'win' as const }));
    // 1.9^10 = 613.1066257801; × 1000 = 613106.6257801
    expect(ticketReturn(1000, legs)).toBe(613106);
    expect(potentialReturn(1000, Array(10).fill(1.9))).toBe(613106);
  });

  it('refuses prices that are not above 1 with 3 decimal places, stakes that are not whole, and no legs', () => {
    expect(() => ticketReturn(1000, [{ price: 1, outcome: 'win' }])).toThrow(RangeError);
    expect(() => ticketReturn(1000, [{ price: 1.2345, outcome: 'win' }])).toThrow(/3 decimal places/);
    expect(() => ticketReturn(1000, [{ price: Number.NaN, outcome: 'win' }])).toThrow(RangeError);
    expect(() => ticketReturn(10.5, [{ price: 1.5, outcome: 'win' }])).toThrow(/whole number/);
    expect(() => ticketReturn(-1, [{ price: 1.5, outcome: 'win' }])).toThrow(RangeError);
    expect(() => ticketReturn(1000, [])).toThrow(/one leg/);
    expect(() => ticketReturn(1000, [{ price: 1.5, outcome: 'won' as LegOutcome }])).toThrow(
      /unknown outcome/,
    );
    expect(() => potentialReturn(Number.MAX_SAFE_INTEGER, [1000, 1000])).toThrow(/too large/);
  });
});

describe('potential returns', () => {
  it('are the stake times the product of the prices, rounded down', () => {
    expect(potentialReturn(1000, [1.85])).toBe(1850);
    expect(potentialReturn(1000, [1.85, 2.1])).toBe(3885);
    expect(potentialReturn(300, [1.1, 2.3])).toBe(759); // 758.999… in floating point
    expect(potentialReturn(7, [1.333, 1.5])).toBe(13); // 13.9965
  });
});
