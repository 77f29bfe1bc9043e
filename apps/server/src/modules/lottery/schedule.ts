/**
 * A lottery game's draws follow from its schedule and the clock alone, so every process names the same draw: a fast
 * game draws every interval from midnight in its time zone (draw n of the day, numero yyyymmdd-nnnn), a daily game
 * at its draw time on its weekdays (numero yyyymmdd). A draw is on sale from the previous draw until lock_seconds
 * before its own.
 */

import {
  addDays,
  DAY_MS,
  instantOf,
  type LocalDate,
  localDate,
  weekdayOf,
} from '../../platform/zoned-time.ts';

export interface Schedule {
  interval_seconds: number | null;
  draw_time: string | null;
  /** 1 = Sunday … 7 = Saturday. */
  draw_days: string | null;
  time_zone: string;
  lock_seconds: number;
}

export interface DrawTimes {
  numero: string;
  opensAt: Date;
  locksAt: Date;
  drawsAt: Date;
}

/** How far a daily game looks for its next weekday. */
const MAX_DAYS_AHEAD = 8;

const dateCode = (date: LocalDate) =>
  `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

function withLock(schedule: Schedule, numero: string, opensAt: Date, drawsAt: Date): DrawTimes {
  const locksAt = new Date(Math.max(opensAt.getTime(), drawsAt.getTime() - schedule.lock_seconds * 1000));
  return { numero, opensAt, locksAt, drawsAt };
}

/** A daily game's draw instants on a date, or null when it does not draw that weekday. */
function dailyDrawOn(schedule: Schedule, date: LocalDate): Date | null {
  const days = (schedule.draw_days ?? '').split(',').map(Number);
  if (!days.includes(weekdayOf(date))) return null;
  return instantOf(date, minutesOf(schedule.draw_time ?? '00:00'), schedule.time_zone);
}

/** The draws of a daily game around `at`: the first drawing strictly after it, and the one before that. */
function dailyAround(schedule: Schedule, at: Date): { previous: Date; next: Date; nextDate: LocalDate } {
  const today = localDate(at, schedule.time_zone);
  let next: { at: Date; date: LocalDate } | null = null;
  for (let ahead = 0; ahead <= MAX_DAYS_AHEAD && !next; ahead++) {
    const date = addDays(today, ahead);
    const drawsAt = dailyDrawOn(schedule, date);
    if (drawsAt && drawsAt > at) next = { at: drawsAt, date };
  }
  if (!next) throw new Error('a daily lottery game needs at least one weekday');
  let previous: Date | null = null;
  for (let back = 1; back <= MAX_DAYS_AHEAD && !previous; back++) {
    previous = dailyDrawOn(schedule, addDays(next.date, -back));
  }
  return {
    previous: previous ?? new Date(next.at.getTime() - 7 * DAY_MS),
    next: next.at,
    nextDate: next.date,
  };
}

/** The draw that follows `at`: drawn strictly after it (the one on sale, or locked and waiting to be drawn). */
export function drawAfter(schedule: Schedule, at: Date): DrawTimes {
  if (schedule.interval_seconds !== null) {
    const interval = schedule.interval_seconds * 1000;
    const date = localDate(at, schedule.time_zone);
    const midnight = instantOf(date, 0, schedule.time_zone);
    const index = Math.floor((at.getTime() - midnight.getTime()) / interval) + 1;
    const drawsAt = new Date(midnight.getTime() + index * interval);
    // The day's last draw may fall on the next midnight: it still belongs to the day it was sold in.
    const numero = `${dateCode(date)}-${String(index).padStart(4, '0')}`;
    return withLock(schedule, numero, new Date(drawsAt.getTime() - interval), drawsAt);
  }
  const around = dailyAround(schedule, at);
  return withLock(schedule, dateCode(around.nextDate), around.previous, around.next);
}

/** The draw on sale at `at`: the next one whose betting is still open (skipping one already locked). */
function drawOnSale(schedule: Schedule, at: Date): DrawTimes {
  const next = drawAfter(schedule, at);
  return at < next.locksAt ? next : drawAfter(schedule, next.drawsAt);
}

/** The on-sale draw and the ones after it, `count` in all. */
export function drawsFrom(schedule: Schedule, at: Date, count: number): readonly DrawTimes[] {
  const key = `${schedule.interval_seconds} ${schedule.draw_time} ${schedule.draw_days} ${schedule.time_zone} ${schedule.lock_seconds} ${count}`;
  const time = at.getTime();
  const held = namedDraws.get(key);
  if (held && time >= held.from && time < held.until) return held.draws;
  const draws = [drawOnSale(schedule, at)];
  while (draws.length < count) {
    const last = draws[draws.length - 1] as DrawTimes;
    draws.push(drawAfter(schedule, last.drawsAt));
  }
  if (namedDraws.size >= MAX_HELD_SCHEDULES) namedDraws.clear();
  // Frozen: every caller until the boundary gets this very list.
  const frozen = Object.freeze(draws.map((draw) => Object.freeze(draw)));
  namedDraws.set(key, { from: time, until: sameDrawsUntil(schedule, at), draws: frozen });
  return frozen;
}

/**
 * What `drawsFrom` named, by schedule and count, with the instants between which the answer stays the same: a
 * lobby asks for every game's draws on every call, and a daily game's draw takes some twenty time-zone conversions
 * to find. Only the clock moves the answer, at the next boundary (`sameDrawsUntil`); a clock set back (tests) reads
 * it again.
 */
const namedDraws = new Map<string, { from: number; until: number; draws: readonly DrawTimes[] }>();
const MAX_HELD_SCHEDULES = 10_000;

/**
 * Until when the draws named at `at` stay the same: the draw on sale changes when its betting locks (the next one
 * goes on sale) and the next draw when it is drawn; a fast game's draws are also counted from the local midnight.
 */
function sameDrawsUntil(schedule: Schedule, at: Date): number {
  const next = drawAfter(schedule, at);
  const until = at < next.locksAt ? next.locksAt.getTime() : next.drawsAt.getTime();
  if (schedule.interval_seconds === null) return until;
  const midnight = instantOf(addDays(localDate(at, schedule.time_zone), 1), 0, schedule.time_zone);
  return Math.min(until, midnight.getTime());
}
