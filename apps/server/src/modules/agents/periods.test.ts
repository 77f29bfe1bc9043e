import { describe, expect, it } from 'vitest';
import { isoDate, parseIsoDate } from '../../platform/zoned-time.ts';
import { type Period, periodContaining, previousPeriod } from './periods.ts';

const range = (period: Period, day: string) => {
  const found = periodContaining(period, parseIsoDate(day));
  return `${isoDate(found.from)}..${isoDate(found.to)}`;
};

describe('agent periods', () => {
  it('counts weeks from Monday, half months 1–15 and 16–end, months to their last day', () => {
    expect(range('daily', '2026-11-27')).toBe('2026-11-27..2026-11-27');
    expect(range('weekly', '2026-11-27')).toBe('2026-11-23..2026-11-29');
    expect(range('weekly', '2026-11-23')).toBe('2026-11-23..2026-11-29');
    expect(range('weekly', '2026-11-29')).toBe('2026-11-23..2026-11-29');
    expect(range('semimonthly', '2026-11-15')).toBe('2026-11-01..2026-11-15');
    expect(range('semimonthly', '2026-02-16')).toBe('2026-02-16..2026-02-28');
    expect(range('semimonthly', '2028-02-29')).toBe('2028-02-16..2028-02-29');
    expect(range('monthly', '2026-12-31')).toBe('2026-12-01..2026-12-31');
  });

  it('finds the period before, across a month and a year', () => {
    const before = previousPeriod('semimonthly', parseIsoDate('2026-03-03'));
    expect(`${isoDate(before.from)}..${isoDate(before.to)}`).toBe('2026-02-16..2026-02-28');
    const lastMonth = previousPeriod('monthly', parseIsoDate('2027-01-10'));
    expect(`${isoDate(lastMonth.from)}..${isoDate(lastMonth.to)}`).toBe('2026-12-01..2026-12-31');
  });
});
