import { addDays, type LocalDate, weekdayOf } from '../../platform/zoned-time.ts';

/** Report and dividend periods (spec §9): a day, a week from Monday, half a month (1–15, 16–end), a month. */
export type Period = 'daily' | 'weekly' | 'semimonthly' | 'monthly';

/** A run of whole days, both ends included. */
export interface DayRange {
  from: LocalDate;
  to: LocalDate;
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period of the given kind that contains the day. */
export function periodContaining(period: Period, day: LocalDate): DayRange {
  switch (period) {
    case 'daily':
      return { from: day, to: day };
    case 'weekly': {
      // weekdayOf: 1 = Sunday … 7 = Saturday; weeks start on Monday.
      const sinceMonday = (weekdayOf(day) + 5) % 7;
      const from = addDays(day, -sinceMonday);
      return { from, to: addDays(from, 6) };
    }
    case 'semimonthly':
      return day.day <= 15
        ? { from: { ...day, day: 1 }, to: { ...day, day: 15 } }
        : { from: { ...day, day: 16 }, to: { ...day, day: lastDayOfMonth(day.year, day.month) } };
    case 'monthly':
      return { from: { ...day, day: 1 }, to: { ...day, day: lastDayOfMonth(day.year, day.month) } };
  }
}

/** The period of the given kind just before the one that contains the day. */
export function previousPeriod(period: Period, day: LocalDate): DayRange {
  return periodContaining(period, addDays(periodContaining(period, day).from, -1));
}
