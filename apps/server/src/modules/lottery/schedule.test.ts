import { describe, expect, it } from 'vitest';
import { drawsFrom, type Schedule } from './schedule.ts';

const daily: Schedule = {
  interval_seconds: null,
  draw_time: '16:15',
  draw_days: '2,7',
  time_zone: 'Asia/Ho_Chi_Minh',
  lock_seconds: 900,
};
/** Seven minutes does not divide a day: the day's last draw falls after midnight, a new count starts at midnight. */
const fast: Schedule = {
  interval_seconds: 420,
  draw_time: null,
  draw_days: null,
  time_zone: 'Europe/London',
  lock_seconds: 30,
};

/** Instants from `start`, `steps` of them, `stepMs` apart (plus a prime offset, to fall between boundaries). */
const instants = (start: string, steps: number, stepMs: number) =>
  Array.from({ length: steps }, (_, index) => new Date(Date.parse(start) + index * (stepMs + 7_919)));

describe('the draws a schedule names, held until the next boundary', () => {
  it.each([
    [
      'a daily game, across its lock, its draw and the days it does not draw',
      daily,
      '2026-11-27T07:00:00Z',
      2_000,
      397_000,
    ],
    [
      'a fast game, across its locks, draws, local midnight and a change of offset',
      fast,
      '2026-10-24T22:00:00Z',
      3_000,
      17_000,
    ],
  ])('%s: the same answer as a fresh count at every instant', (_name, schedule, start, steps, stepMs) => {
    const times = instants(start, steps, stepMs);
    // Forwards, the held answer serves every instant until its boundary.
    const forwards = times.map((at) => drawsFrom(schedule, at, 3));
    // Backwards, every instant is before the one held: each is counted afresh.
    const backwards = [...times]
      .reverse()
      .map((at) => drawsFrom(schedule, at, 3))
      .reverse();
    expect(forwards).toEqual(backwards);
    // It did change along the way, and held answers are shared until then.
    expect(new Set(forwards.map((draws) => draws[0]?.numero)).size).toBeGreaterThan(2);
    expect(forwards[1]).toBe(forwards[0]);
  });
});
