import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import { isoDate, localDate, parseIsoDate } from '../../platform/zoned-time.ts';
import { contractsInForceDuring } from './contracts.ts';
import { type Period, periodContaining, previousPeriod } from './periods.ts';
import {
  daySpan,
  hourlySpan,
  previousDay,
  type RunResult,
  realtimeWindow,
  type SettlementKind,
  type Span,
  settleSpan,
} from './settlement.ts';
import * as store from './settlement-store.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/**
 * Settlement catch-up (design note §A6). Each sequence of windows (real-time 5-minute windows, the merchant's hours,
 * its days, each dividend period) has a cursor: the end of the last window settled. A run leases the cursor and
 * settles every closed window since, oldest first, at most `batch` of them (the next run goes on), so windows
 * missed while no process ran are settled late, never lost. Salary windows in which nothing was settled have
 * nothing to bill and are passed over in one query; a sequence with no contract in force since its cursor moves
 * at once. Every bill is still made once by its key, whatever the number of runners.
 */
export interface WindowSequence {
  /** The cursor's name. */
  name: string;
  kind: SettlementKind;
  /**
   * Where a cursor starts the first time: real-time and hourly salary six hours before the window of the first
   * run's slot (slots missed between the first start and the first run are settled); days and dividend periods at
   * the one the slot settles (their jobs run every hour).
   */
  first(slot: Date): Date;
  /** The end of the last window closed at `now`. */
  closedUntil(now: Date): Date;
  /** The window that starts at `start`. */
  span(start: Date): Span;
  /** The starts of the windows in [from, to) worth settling, oldest first, at most `limit`. */
  worth(deps: Deps, from: Date, to: Date, limit: number): Promise<Date[]>;
  /** Which contracts of the kind this sequence settles. */
  only?: Parameters<typeof settleSpan>[4];
  batch: number;
}

/** How long a run holds its cursor before another runner may take it over (the run died). */
const LEASE_MS = 15 * 60_000;
const FIRST_LOOK_BACK_MS = 6 * 3_600_000;

export const realtimeSequence: WindowSequence = {
  name: 'realtime_salary',
  kind: 'realtime_salary',
  first: (slot) => realtimeWindow(new Date(slot.getTime() - FIRST_LOOK_BACK_MS)).start,
  closedUntil: (now) => realtimeWindow(now).end,
  span: (start) => ({ start, end: new Date(start.getTime() + 5 * 60_000) }),
  worth: (deps, from, to, limit) => store.playedWindows(deps.db, { from, to, step: '5 minutes', limit }),
  batch: 96,
};

export const hourlySequence = (timeZone: string): WindowSequence => ({
  name: 'hourly_salary',
  kind: 'hourly_salary',
  first: (slot) => hourlySpan(new Date(slot.getTime() - FIRST_LOOK_BACK_MS), timeZone).start,
  closedUntil: (now) => hourlySpan(now, timeZone).end,
  span: (start) => ({ start, end: new Date(start.getTime() + 3_600_000) }),
  worth: (deps, from, to, limit) => store.playedWindows(deps.db, { from, to, step: '1 hour', limit }),
  batch: 24,
});

export const dailySequence = (timeZone: string): WindowSequence => {
  const dayAt = (start: Date) => {
    const day = localDate(start, timeZone);
    return daySpan({ from: day, to: day }, timeZone);
  };
  return {
    name: 'daily_salary',
    kind: 'daily_salary',
    first: (slot) => previousDay(slot, timeZone).start,
    closedUntil: (now) => dayAt(now).start,
    span: dayAt,
    worth: async (deps, from, to, limit) =>
      (
        await store.playedDays(deps.db, {
          from: isoDate(localDate(from, timeZone)),
          to: isoDate(localDate(to, timeZone)),
          limit,
        })
      ).map((day) => daySpan({ from: parseIsoDate(day), to: parseIsoDate(day) }, timeZone).start),
    batch: 7,
  };
};

/** Dividends of one period kind: every period of it, settled once it has ended (no period is passed over). */
export const dividendSequence = (period: Period, timeZone: string): WindowSequence => {
  const periodAt = (start: Date) => daySpan(periodContaining(period, localDate(start, timeZone)), timeZone);
  return {
    name: `dividend:${period}`,
    kind: 'dividend',
    first: (slot) => daySpan(previousPeriod(period, localDate(slot, timeZone)), timeZone).start,
    closedUntil: (now) => periodAt(now).start,
    span: periodAt,
    worth: async (_deps, from, to, limit) => {
      const starts: Date[] = [];
      for (let at = from; at < to && starts.length < limit; ) {
        starts.push(at);
        at = periodAt(at).end;
      }
      return starts;
    },
    only: (contract) => contract.period === period,
    batch: 12,
  };
};

/**
 * One run of a sequence: settles the closed windows since its cursor (at most its batch) and moves the cursor past
 * them. Answers the runs' results (a window whose run failed stops the cursor there; the job retries), or null when
 * another runner holds the cursor.
 */
export async function catchUp(
  deps: Deps,
  sequence: WindowSequence,
  slot: Date,
  now: Date,
): Promise<RunResult[] | null> {
  const from = await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.leaseCursor(tx, {
      name: sequence.name,
      initial: sequence.first(slot),
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
    }),
  );
  if (from === null) return null;
  const results: RunResult[] = [];
  let reached = from;
  try {
    const until = sequence.closedUntil(now);
    if (from >= until) return results;
    const contracts = await contractsInForceDuring(deps.db, sequence.kind, from, until);
    if (!contracts.some((contract) => !sequence.only || sequence.only(contract))) {
      reached = until;
      return results;
    }
    const starts = await sequence.worth(deps, from, until, sequence.batch + 1);
    for (const start of starts.slice(0, sequence.batch)) {
      const result = await settleSpan(deps, sequence.kind, sequence.span(start), now, sequence.only);
      results.push(result);
      if (result.failures.length > 0) return results;
      reached = sequence.span(start).end;
    }
    reached = starts[sequence.batch] ?? until;
    return results;
  } finally {
    await write(deps.db, { isolation: 'read committed' }, (tx) =>
      store.releaseCursor(tx, sequence.name, reached),
    );
  }
}
