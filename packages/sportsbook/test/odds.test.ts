import { from } from 'oddslib';
import { describe, expect, it } from 'vitest';
import { formatOdds, type OddsFormat } from '../src/index.ts';

describe('odds formats (design note E3)', () => {
  it.each<[number, OddsFormat, string]>([
    [1.8, 'decimal', '1.80'],
    [1.8, 'hongkong', '0.80'],
    [1.8, 'malay', '0.80'],
    [1.8, 'indonesian', '-1.25'],
    [1.8, 'american', '-125'],
    [2.5, 'decimal', '2.50'],
    [2.5, 'hongkong', '1.50'],
    [2.5, 'malay', '-0.667'],
    [2.5, 'indonesian', '1.50'],
    [2.5, 'american', '+150'],
    [6, 'malay', '-0.20'], // stake 0.20 to win 1: decimal 6.00
    [2, 'malay', '1.00'],
    [2, 'indonesian', '1.00'],
    [2, 'american', '+100'],
    [1.925, 'decimal', '1.925'],
    [1.001, 'american', '-100,000'],
    [1.905 * 2.105, 'decimal', '4.01'], // a parlay's combined price, 4.010025
    [1.905 * 2.105, 'hongkong', '3.01'],
  ])('%d in %s is %s', (decimal, format, written) => {
    expect(formatOdds(decimal, format)).toBe(written);
  });

  it('reads back to the decimal price through oddslib, within the displayed precision', () => {
    const library = {
      decimal: 'decimal',
      hongkong: 'hongKong',
      malay: 'malay',
      indonesian: 'indonesian',
    } as const;
    for (const decimal of [1.05, 1.5, 1.8, 1.952, 2, 2.5, 3.3, 6, 11])
      for (const format of Object.keys(library) as (keyof typeof library)[]) {
        const back = from(library[format], Number(formatOdds(decimal, format))).to('decimal');
        expect(Math.abs(back - decimal)).toBeLessThan(0.0006 * decimal ** 2);
      }
    expect(from('malay', -0.2).to('decimal')).toBe(6);
    expect(from('moneyline', Number(formatOdds(2.5, 'american'))).to('decimal')).toBe(2.5);
  });

  it("writes the reader's locale's digits", () => {
    expect(formatOdds(1.8, 'decimal', 'vi')).toBe('1,80');
    expect(formatOdds(2.5, 'malay', 'vi')).toBe('-0,667');
    expect(formatOdds(1.8, 'decimal', 'zh')).toBe('1.80');
    expect(formatOdds(16, 'american', 'vi')).toBe('+1.500');
  });

  it('refuses what is not a price and a format it does not know', () => {
    expect(() => formatOdds(1, 'decimal')).toThrow(RangeError);
    expect(() => formatOdds(Number.NaN, 'malay')).toThrow(RangeError);
    expect(() => formatOdds(1.8, 'fractional' as OddsFormat)).toThrow(/unknown odds format/);
  });
});
