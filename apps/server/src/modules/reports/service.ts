import {
  BUSINESS_REPORT_MAX_DAYS,
  type BusinessReport,
  type BusinessReportPeriod,
  currencyDigits,
  type DashboardFigures,
  type GamesReport,
  type MoneyReport,
  type PlayersReport,
  toMajor,
} from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { csvField } from '../../platform/csv.ts';
import {
  addDays,
  instantOf,
  isoDate,
  type LocalDate,
  localDate,
  parseIsoDate,
  weekdayOf,
} from '../../platform/zoned-time.ts';
import { queuedChanges } from '../agents/rollups.ts';
import { merchant as merchantOf } from '../system/merchant.ts';
import * as store from './store.ts';

/**
 * The console's business reports and the dashboard's money figures, from the day roll-ups (see the definitions in
 * the contract's reports/index.ts). A report covers whole merchant days; the figures of a change appear once the
 * roll-up job (agents.rollup, every minute) has applied it.
 */

/** Reads only: the routes pass `onReplica(deps)` (reads that tolerate a little lag, docs/scaling.md). */
type Deps = { db: Queryable; config: Config };

export interface ReportQuery {
  period: BusinessReportPeriod;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

interface Frame {
  period: BusinessReportPeriod;
  from: LocalDate;
  to: LocalDate;
  fromDay: string;
  toDay: string;
  timeZone: string;
  currency: string;
  digits: number;
}

const dayCount = (from: LocalDate, to: LocalDate) =>
  Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  ) + 1;

function checkedDay(text: string | undefined, field: string): LocalDate {
  const day = parseIsoDate(text ?? '');
  if (!text || isoDate(addDays(day, 0)) !== text)
    throw new AppError('validation_failed', { [field]: 'invalid_value' });
  return day;
}

/** The days of a period on the merchant's calendar; a custom one ends by today and spans at most 366 days. */
function periodDays(query: ReportQuery, today: LocalDate): { from: LocalDate; to: LocalDate } {
  switch (query.period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: { ...today, day: 1 }, to: today };
    case 'lastMonth': {
      const to = addDays({ ...today, day: 1 }, -1);
      return { from: { ...to, day: 1 }, to };
    }
    case 'custom': {
      const from = checkedDay(query.startDate, 'startDate');
      const to = checkedDay(query.endDate, 'endDate');
      if (isoDate(from) > isoDate(to)) throw new AppError('validation_failed', { endDate: 'invalid_value' });
      if (isoDate(to) > isoDate(today) || dayCount(from, to) > BUSINESS_REPORT_MAX_DAYS)
        throw new AppError('report_range');
      return { from, to };
    }
  }
}

/**
 * The instants a period's merchant days span (from its first midnight to the last millisecond of its last day), for
 * figures read from the ledger rather than the roll-ups (the player page's picture).
 */
export async function periodInstants(deps: Deps, query: ReportQuery, now: Date) {
  const frame = await frameOf(deps, query, now);
  return {
    from: instantOf(frame.from, 0, frame.timeZone),
    to: new Date(instantOf(addDays(frame.to, 1), 0, frame.timeZone).getTime() - 1),
    range: { startDate: frame.fromDay, endDate: frame.toDay, timeZone: frame.timeZone },
  };
}

async function merchantFrame(deps: Deps) {
  const merchant = await merchantOf(deps.db, deps.config.merchantCode);
  return {
    timeZone: merchant.time_zone,
    currency: merchant.currency,
    digits: currencyDigits(merchant.currency),
  };
}

async function frameOf(deps: Deps, query: ReportQuery, now: Date): Promise<Frame> {
  const merchant = await merchantFrame(deps);
  const { from, to } = periodDays(query, localDate(now, merchant.timeZone));
  return { period: query.period, from, to, fromDay: isoDate(from), toDay: isoDate(to), ...merchant };
}

const rangeView = (frame: Frame) => ({
  period: frame.period,
  startDate: frame.fromDay,
  endDate: frame.toDay,
  timeZone: frame.timeZone,
  currency: frame.currency,
  digits: frame.digits,
});

/** Every day of the frame, in order. */
function daysOf(frame: Frame): string[] {
  const days: string[] = [];
  for (let day = frame.from; isoDate(day) <= frame.toDay; day = addDays(day, 1)) days.push(isoDate(day));
  return days;
}

const sum = <T>(rows: readonly T[], pick: (row: T) => bigint | number) =>
  rows.reduce((total, row) => total + BigInt(pick(row)), 0n);

// ---------------------------------------------------------------------------------------------------------------
// Money

export async function moneyReport(deps: Deps, query: ReportQuery, now: Date): Promise<MoneyReport> {
  const frame = await frameOf(deps, query, now);
  const major = (minor: bigint) => toMajor(minor, frame.digits);
  const rows = new Map(
    (await store.dayTotals(deps.db, frame.fromDay, frame.toDay)).map((row) => [row.day, row]),
  );
  const figures = (
    row:
      | Pick<
          store.DayTotalsRow,
          | 'deposits'
          | 'deposit_count'
          | 'first_depositors'
          | 'first_deposits'
          | 'withdrawals'
          | 'withdrawal_count'
        >
      | undefined,
  ) => ({
    deposits: major(row?.deposits ?? 0n),
    depositCount: row?.deposit_count ?? 0,
    firstDepositors: row?.first_depositors ?? 0,
    firstDeposits: major(row?.first_deposits ?? 0n),
    withdrawals: major(row?.withdrawals ?? 0n),
    withdrawalCount: row?.withdrawal_count ?? 0,
    netDeposits: major((row?.deposits ?? 0n) - (row?.withdrawals ?? 0n)),
  });
  const all = [...rows.values()];
  return {
    range: rangeView(frame),
    days: daysOf(frame).map((date) => ({ date, ...figures(rows.get(date)) })),
    totals: figures({
      deposits: sum(all, (row) => row.deposits),
      deposit_count: Number(sum(all, (row) => row.deposit_count)),
      first_depositors: Number(sum(all, (row) => row.first_depositors)),
      first_deposits: sum(all, (row) => row.first_deposits),
      withdrawals: sum(all, (row) => row.withdrawals),
      withdrawal_count: Number(sum(all, (row) => row.withdrawal_count)),
    }),
    channels: (await store.channelTotals(deps.db, frame.fromDay, frame.toDay))
      .filter((row) => row.amount !== 0n || row.count !== 0)
      .map((row) => ({
        direction: row.direction,
        channel: row.channel,
        amount: major(row.amount),
        count: row.count,
      })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Games

const TOP_GAMES = 50;
const TOP_WINNERS = 10;

function playFigures(row: store.PlayRow | undefined, digits: number) {
  const stakes = row?.stakes ?? 0n;
  const ggr = stakes - (row?.payouts ?? 0n);
  return {
    rounds: row?.rounds ?? 0,
    stakes: toMajor(stakes, digits),
    payouts: toMajor(row?.payouts ?? 0n, digits),
    ggr: toMajor(ggr, digits),
    // GGR / stakes, to four decimals of a fraction (0.0325 = 3.25 %).
    hold: stakes === 0n ? null : Number((ggr * 10_000n) / stakes) / 10_000,
  };
}

function gamesFigures(
  play: store.PlayRow | undefined,
  money: Pick<store.DayTotalsRow, 'bonuses' | 'rebates' | 'salaries'> | undefined,
  digits: number,
) {
  const ggr = (play?.stakes ?? 0n) - (play?.payouts ?? 0n);
  const bonuses = money?.bonuses ?? 0n;
  const rebates = money?.rebates ?? 0n;
  const salaries = money?.salaries ?? 0n;
  return {
    ...playFigures(play, digits),
    bonuses: toMajor(bonuses, digits),
    rebates: toMajor(rebates, digits),
    salaries: toMajor(salaries, digits),
    ngr: toMajor(ggr - bonuses - rebates - salaries, digits),
  };
}

export async function gamesReport(
  deps: Deps,
  query: ReportQuery,
  language: string,
  now: Date,
): Promise<GamesReport> {
  const frame = await frameOf(deps, query, now);
  const { db } = deps;
  // Play and money of each day, from one row per day.
  const days = new Map((await store.dayTotals(db, frame.fromDay, frame.toDay)).map((row) => [row.day, row]));
  const all = [...days.values()];
  const digits = frame.digits;
  return {
    range: rangeView(frame),
    days: daysOf(frame).map((date) => ({ date, ...gamesFigures(days.get(date), days.get(date), digits) })),
    totals: gamesFigures(
      {
        rounds: Number(sum(all, (row) => row.rounds)),
        stakes: sum(all, (row) => row.stakes),
        payouts: sum(all, (row) => row.payouts),
      },
      {
        bonuses: sum(all, (row) => row.bonuses),
        rebates: sum(all, (row) => row.rebates),
        salaries: sum(all, (row) => row.salaries),
      },
      digits,
    ),
    gameTypes: (await store.playByGameType(db, frame.fromDay, frame.toDay)).map((row) => ({
      gameType: row.game_type,
      ...playFigures(row, digits),
    })),
    vendors: (await store.playByVendor(db, frame.fromDay, frame.toDay)).map((row) => ({
      vendorId: row.vendor_id,
      vendor: row.vendor,
      gameType: row.game_type,
      ...playFigures(row, digits),
    })),
    games: (await store.playByGame(db, frame.fromDay, frame.toDay, language, TOP_GAMES)).map((row) => ({
      gameId: row.game_id,
      game: row.game,
      vendor: row.vendor,
      gameType: row.game_type,
      ...playFigures(row, digits),
    })),
    winners: (await store.biggestWinners(db, frame.fromDay, frame.toDay, TOP_WINNERS)).map((row) => ({
      memberId: row.member_id,
      username: row.username,
      stakes: toMajor(row.stakes, digits),
      payouts: toMajor(row.payouts, digits),
      netWin: toMajor(row.payouts - row.stakes, digits),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Players

export async function playersReport(deps: Deps, query: ReportQuery, now: Date): Promise<PlayersReport> {
  const frame = await frameOf(deps, query, now);
  const { db } = deps;
  const fromInstant = instantOf(frame.from, 0, frame.timeZone);
  const toInstant = instantOf(addDays(frame.to, 1), 0, frame.timeZone);
  const signUps = new Map(
    (await store.signUpDays(db, fromInstant, toInstant, frame.timeZone)).map((row) => [
      row.day,
      row.sign_ups,
    ]),
  );
  const active = new Map(
    (await store.activeByDay(db, frame.fromDay, frame.toDay)).map((row) => [row.day, row.active]),
  );
  const depositing = await store.depositingPlayers(db, frame.fromDay, frame.toDay);
  const depositors = new Map(
    (await store.depositorsByDay(db, frame.fromDay, frame.toDay)).map((row) => [row.day, row.depositors]),
  );
  const totals = new Map(
    (await store.dayTotals(db, frame.fromDay, frame.toDay)).map((row) => [row.day, row]),
  );
  const days = daysOf(frame).map((date) => ({
    date,
    newPlayers: signUps.get(date) ?? 0,
    activePlayers: active.get(date) ?? 0,
    depositingPlayers: depositors.get(date) ?? 0,
    firstDepositors: totals.get(date)?.first_depositors ?? 0,
  }));
  // Cohorts: every sign-up week (from Monday) that overlaps the period.
  const firstMonday = addDays(frame.from, -((weekdayOf(frame.from) + 5) % 7));
  const cohortRows = await store.cohorts(
    db,
    instantOf(firstMonday, 0, frame.timeZone),
    toInstant,
    frame.timeZone,
    frame.toDay,
  );
  const lastMonday = isoDate(addDays(frame.to, -((weekdayOf(frame.to) + 5) % 7)));
  const weeks = new Map<string, { signUps: number; active: Map<number, number> }>();
  for (const row of cohortRows) {
    const week = weeks.get(row.week) ?? { signUps: 0, active: new Map() };
    if (row.offset === null) week.signUps = row.members;
    else week.active.set(row.offset, row.members);
    weeks.set(row.week, week);
  }
  const cohorts = [...weeks.entries()].map(([week, cohort]) => {
    const span = dayCount(parseIsoDate(week), parseIsoDate(lastMonday)) / 7;
    const retention: number[] = [];
    for (let offset = 0; offset < Math.max(1, Math.round(span) + 1) && offset <= 52; offset += 1)
      retention.push(
        cohort.signUps === 0
          ? 0
          : Math.round(((cohort.active.get(offset) ?? 0) / cohort.signUps) * 10_000) / 10_000,
      );
    return { week, signUps: cohort.signUps, retention };
  });
  return {
    range: rangeView(frame),
    days,
    totals: {
      newPlayers: days.reduce((total, row) => total + row.newPlayers, 0),
      // The row of the whole period (day null): each player once.
      activePlayers: active.get(null) ?? 0,
      depositingPlayers: depositing,
      firstDepositors: days.reduce((total, row) => total + row.firstDepositors, 0),
    },
    cohorts,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Dashboard

export async function dashboardFigures(deps: Deps, now: Date): Promise<DashboardFigures> {
  const merchant = await merchantFrame(deps);
  const today = localDate(now, merchant.timeZone);
  const todayText = isoDate(today);
  const yesterdayText = isoDate(addDays(today, -1));
  const { db } = deps;
  const money = new Map((await store.dayTotals(db, yesterdayText, todayText)).map((row) => [row.day, row]));
  const active = new Map(
    (await store.activeByDay(db, yesterdayText, todayText)).map((row) => [row.day, row.active]),
  );
  const figures = (day: string) => {
    const game = gamesFigures(money.get(day), money.get(day), merchant.digits);
    return {
      deposits: toMajor(money.get(day)?.deposits ?? 0n, merchant.digits),
      withdrawals: toMajor(money.get(day)?.withdrawals ?? 0n, merchant.digits),
      ggr: game.ggr,
      ngr: game.ngr,
      activePlayers: active.get(day) ?? 0,
    };
  };
  return {
    ...merchant,
    today: figures(todayText),
    yesterday: figures(yesterdayText),
    pending: await store.pendingQueues(db),
    queued: await queuedChanges(db),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

type CsvRow = Record<string, string | number | null>;

/** A report's per-day rows and a totals row, as the console's CSV exports write them (BOM, CRLF). */
export async function reportCsv(
  deps: Deps,
  report: BusinessReport,
  query: ReportQuery,
  language: string,
  now: Date,
): Promise<string> {
  let rows: CsvRow[];
  if (report === 'money') {
    const found = await moneyReport(deps, query, now);
    rows = [...found.days, { date: 'total', ...found.totals }];
  } else if (report === 'games') {
    const found = await gamesReport(deps, query, language, now);
    rows = [...found.days, { date: 'total', ...found.totals }];
  } else {
    const found = await playersReport(deps, query, now);
    rows = [...found.days, { date: 'total', ...found.totals }];
  }
  const columns = Object.keys(rows[0] ?? { date: '' });
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((key) => csvField(row[key] ?? null)).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
