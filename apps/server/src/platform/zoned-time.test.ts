import { describe, expect, it } from 'vitest';
import { wallClock } from './zoned-time.ts';

describe('wallClock', () => {
  it("answers UTC's wall clock as the time zone formatter does (day, month and year ends, a leap day, midnight)", () => {
    const instants = [
      '2024-02-29T23:59:59.999Z',
      '2024-03-01T00:00:00.000Z',
      '2025-12-31T23:59:59.000Z',
      '2026-01-01T00:00:00.000Z',
      '2026-11-28T13:07:45.500Z',
      '1999-12-31T12:00:00.000Z',
    ];
    const formatted = (at: Date) =>
      Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'UTC',
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })
          .formatToParts(at)
          .filter((part) => part.type !== 'literal')
          .map((part) => [part.type, Number(part.value)]),
      );
    for (const text of instants) {
      const at = new Date(text);
      expect(wallClock(at, 'UTC'), text).toEqual(formatted(at));
    }
    // Another zone still goes through the formatter (a day ahead of UTC here).
    expect(wallClock(new Date('2026-01-01T20:30:00Z'), 'Asia/Ho_Chi_Minh')).toMatchObject({
      year: 2026,
      month: 1,
      day: 2,
      hour: 3,
      minute: 30,
    });
  });
});
