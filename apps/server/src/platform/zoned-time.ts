/**
 * Wall-clock dates and times in a time zone (IANA name): the calendar day an instant falls on there, and the
 * instant of a wall-clock time there, across changes of offset. Lottery draws, and the agents' days and periods,
 * are counted in a time zone.
 */

export const DAY_MS = 86_400_000;

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * The wall-clock parts of an instant in a time zone. UTC's are the Date's own UTC fields (what the formatter answers
 * for it, without its cost: responsible gaming's check of every transfer and bet asks for today in UTC).
 */
export function wallClock(at: Date, timeZone: string) {
  if (timeZone === 'UTC') {
    return {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      day: at.getUTCDate(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
    };
  }
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** The instant of a wall-clock time in a time zone (the zone's offset at that time). */
export function instantOf(date: LocalDate, minutes: number, timeZone: string): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  const wall = wallClock(new Date(asUtc), timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = wallAsUtc - asUtc;
  const guess = new Date(asUtc - offset);
  // Across a change of offset between the guess and the target, one more step finds it.
  const again = wallClock(guess, timeZone);
  const againAsUtc = Date.UTC(again.year, again.month - 1, again.day, again.hour, again.minute, again.second);
  return new Date(asUtc - (againAsUtc - guess.getTime()));
}

/** The instant the zone's clock last showed a whole hour (HH:00:00) at or before `at`: in +05:30, half past in UTC. */
export function startOfLocalHour(at: Date, timeZone: string): Date {
  const { minute, second } = wallClock(at, timeZone);
  return new Date(at.getTime() - (at.getTime() % 1000) - (minute * 60 + second) * 1000);
}

export function localDate(at: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(at, timeZone);
  return { year, month, day };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** 1 = Sunday … 7 = Saturday. */
export const weekdayOf = (date: LocalDate) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 1;

/** A date as YYYY-MM-DD (the form of SQL's date). */
export const isoDate = (date: LocalDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

export function parseIsoDate(text: string): LocalDate {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}
