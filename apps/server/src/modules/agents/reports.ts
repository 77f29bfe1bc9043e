import {
  AGENT_CENTRE_IS_AGENT_VALUES,
  type LedgerKind,
  MEMBER_TYPES,
  REPORT_DAYS_BACK,
  type ReportPeriod,
  type TeamOverview,
  toMajor,
} from '@tessera/contract';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import {
  addDays,
  instantOf,
  isoDate,
  type LocalDate,
  localDate,
  parseIsoDate,
} from '../../platform/zoned-time.ts';
import { merchant as merchantOf } from '../system/merchant.ts';
import { currencyOfMerchant } from '../wallet/settings.ts';
import { ALL_PRODUCTS, agentSettings, teamFigures } from './metrics.ts';
import { type DayRange, type Period, periodContaining, previousPeriod } from './periods.ts';
import * as store from './reports-store.ts';
import { teamMemberByUsername } from './team.ts';

/**
 * The team reports of the agent centre and the console: figures from the roll-ups and the definitions of
 * metrics.ts, the bets and ledger lines of the branch paged, and the caller's own income. Every one is restricted
 * to the caller's branch (a username outside it is refused like one that does not exist).
 */

/** Reads only: the routes pass `onReplica(deps)` (reads that tolerate a little lag, docs/scaling.md). */
type Deps = { db: Queryable; config: Config };

export interface RangeQuery {
  period: ReportPeriod;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A report's days, their instants (the merchant's midnights: [from, to)), and how money is written. */
export interface ReportFrame {
  period: ReportPeriod;
  days: DayRange;
  from: Date;
  to: Date;
  timeZone: string;
  currency: string;
  digits: number;
}

const PERIODS: Record<Exclude<ReportPeriod, 'custom'>, { kind: Period; previous: boolean }> = {
  today: { kind: 'daily', previous: false },
  yesterday: { kind: 'daily', previous: true },
  thisWeek: { kind: 'weekly', previous: false },
  lastWeek: { kind: 'weekly', previous: true },
  thisHalfMonth: { kind: 'semimonthly', previous: false },
  lastHalfMonth: { kind: 'semimonthly', previous: true },
  thisMonth: { kind: 'monthly', previous: false },
  lastMonth: { kind: 'monthly', previous: true },
};

function checkedDay(text: string, field: string): LocalDate {
  const day = parseIsoDate(text);
  if (isoDate(addDays(day, 0)) !== text)
    throw new AppError('validation_failed', { [field]: 'invalid_value' });
  return day;
}

/**
 * The days of a period on the merchant's calendar: a current period ends today; custom days must lie within the
 * last REPORT_DAYS_BACK days up to today (spec §9), otherwise agent_report_range.
 */
function reportDays(query: RangeQuery, today: LocalDate): DayRange {
  if (query.period === 'custom') {
    const from = checkedDay(query.startDate ?? '', 'startDate');
    const to = checkedDay(query.endDate ?? '', 'endDate');
    if (isoDate(from) < isoDate(addDays(today, -REPORT_DAYS_BACK)) || isoDate(to) > isoDate(today))
      throw new AppError('agent_report_range');
    if (isoDate(from) > isoDate(to)) throw new AppError('validation_failed', { endDate: 'invalid_value' });
    return { from, to };
  }
  const { kind, previous } = PERIODS[query.period];
  if (previous) return previousPeriod(kind, today);
  const range = periodContaining(kind, today);
  return { from: range.from, to: isoDate(range.to) > isoDate(today) ? today : range.to };
}

async function reportFrame(deps: Deps, query: RangeQuery, now: Date): Promise<ReportFrame> {
  const merchant = await merchantOf(deps.db, deps.config.merchantCode);
  const timeZone = merchant.time_zone;
  const days = reportDays(query, localDate(now, timeZone));
  const currency = currencyOfMerchant(merchant);
  return {
    period: query.period,
    days,
    from: instantOf(days.from, 0, timeZone),
    to: instantOf(addDays(days.to, 1), 0, timeZone),
    timeZone,
    currency: currency.currency,
    digits: currency.digits,
  };
}

function rangeView(frame: ReportFrame) {
  return {
    period: frame.period,
    startDate: isoDate(frame.days.from),
    endDate: isoDate(frame.days.to),
    timeZone: frame.timeZone,
    currency: frame.currency,
    digits: frame.digits,
  };
}

/**
 * The member of the caller's branch with this username (the caller itself when none is given or it names the
 * caller), or agent_downline_not_found: one outside the branch, or a trial account (never in a team's figures),
 * answers exactly like one that does not exist. The team check is team.ts's.
 */
async function teamUser(
  deps: Deps,
  agentId: number,
  username: string | undefined,
): Promise<store.TeamMemberDb> {
  if (username !== undefined) {
    const found = await teamMemberByUsername(deps.db, agentId, username);
    if (found && found.type !== MEMBER_TYPES.trial)
      return { id: found.id, username: found.username, type: found.type };
  }
  const self = await store.memberById(deps.db, agentId);
  if (!self || (username !== undefined && self.username.toLowerCase() !== username.toLowerCase())) {
    throw new AppError('agent_downline_not_found');
  }
  return self;
}

/** Team overview: the team's figures for the period (metrics.teamFigures) and what else the page shows. */
export async function teamOverview(
  deps: Deps,
  agentId: number,
  query: RangeQuery,
  now: Date,
): Promise<TeamOverview> {
  const frame = await reportFrame(deps, query, now);
  const settings = await agentSettings(deps.db);
  const figures = await teamFigures(deps.db, agentId, ALL_PRODUCTS, frame.days.from, frame.days.to, settings);
  const rangeQuery: store.TeamRangeQuery = {
    agentId,
    includeAgent: settings.includeAgent,
    agentTypes: AGENT_CENTRE_IS_AGENT_VALUES,
    fromDay: isoDate(frame.days.from),
    toDay: isoDate(frame.days.to),
    from: frame.from,
    to: frame.to,
  };
  const extras = await store.teamExtras(deps.db, rangeQuery);
  const byDay = new Map(
    (await store.teamDays(deps.db, { ...rangeQuery, timeZone: frame.timeZone })).map((row) => [row.day, row]),
  );
  const major = (minor: bigint) => toMajor(minor, frame.digits);
  const series: TeamOverview['series'] = [];
  for (let day = frame.days.from; isoDate(day) <= isoDate(frame.days.to); day = addDays(day, 1)) {
    const date = isoDate(day);
    const row = byDay.get(date);
    series.push({
      date,
      validBet: major(row?.valid_bet ?? 0n),
      payout: major(row?.payout ?? 0n),
      houseResult: major((row?.valid_bet ?? 0n) - (row?.payout ?? 0n)),
      deposits: major(row?.deposits ?? 0n),
      withdrawals: major(row?.withdrawals ?? 0n),
      newSignups: row?.new_signups ?? 0,
    });
  }
  return {
    ...rangeView(frame),
    teamAgents: extras.team_agents,
    teamMembers: extras.team_members,
    newSignups: extras.new_signups,
    firstDepositCount: extras.first_deposit_count,
    firstDeposits: major(extras.first_deposits),
    activeMembers: figures.activeMembers,
    deposits: major(figures.deposits),
    depositCount: extras.deposit_count,
    withdrawals: major(extras.withdrawals),
    withdrawalCount: extras.withdrawal_count,
    validBet: major(figures.validBet),
    payout: major(figures.payout),
    houseResult: major(figures.houseResult),
    bonuses: major(figures.bonuses),
    rebates: major(figures.rebates),
    salaries: major(figures.salaries),
    teamBalance: major(extras.team_balance),
    series,
  };
}

/** The console's view of an agent's team figures: the same overview, for a member who is an agent. */
export async function agentTeamOverview(deps: Deps, agentId: number, query: RangeQuery, now: Date) {
  const agent = await store.memberById(deps.db, agentId);
  if (!agent || !(AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(agent.type))
    throw new AppError('not_found');
  return { agentId, username: agent.username, ...(await teamOverview(deps, agentId, query, now)) };
}

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Team betting: the rounds of the branch placed in the period, newest first. */
export async function teamBets(
  deps: Deps,
  agentId: number,
  query: RangeQuery &
    Paging & {
      username?: string | undefined;
      scope: 'self' | 'direct' | 'team';
      product?: string | undefined;
      status?: 'open' | 'settled' | 'void' | undefined;
    },
  language: string,
  now: Date,
) {
  const frame = await reportFrame(deps, query, now);
  const user = await teamUser(deps, agentId, query.username);
  const { rows, total } = await store.teamBets(deps.db, {
    userId: user.id,
    scope: query.scope,
    from: frame.from,
    to: frame.to,
    product: query.product ?? null,
    status: query.status ?? null,
    language: language === 'ZH' ? 'CN' : language,
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const major = (minor: bigint) => toMajor(minor, frame.digits);
  return {
    range: rangeView(frame),
    list: rows.map((row) => ({
      id: Number(row.id),
      betAt: row.started_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      username: row.username,
      gameName: row.game_name,
      product: row.product,
      stake: major(row.bet),
      validBet: major(row.status === 'settled' && !row.play_money ? row.bet : 0n),
      payout: major(row.win),
      status: row.status,
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** User loss statements: the user's own play and each direct downline's branch, paged, with the team's total. */
export async function userLoss(
  deps: Deps,
  agentId: number,
  query: RangeQuery & Paging & { username?: string | undefined; product?: string | undefined },
  now: Date,
) {
  const frame = await reportFrame(deps, query, now);
  const user = await teamUser(deps, agentId, query.username);
  const settings = await agentSettings(deps.db);
  const rows = await store.lossRows(deps.db, {
    userId: user.id,
    includeAgent: settings.includeAgent,
    fromDay: isoDate(frame.days.from),
    toDay: isoDate(frame.days.to),
    product: query.product && query.product !== ALL_PRODUCTS ? query.product : null,
  });
  const major = (minor: bigint) => toMajor(minor, frame.digits);
  const figures = (
    row: Pick<store.LossRowDb, 'members' | 'valid_bet' | 'payout' | 'rebates' | 'bonuses'>,
  ) => ({
    members: row.members,
    turnover: major(row.valid_bet),
    validBet: major(row.valid_bet),
    payout: major(row.payout),
    rebates: major(row.rebates),
    bonuses: major(row.bonuses),
    profitAndLoss: major(row.payout - row.valid_bet + row.rebates + row.bonuses),
  });
  const sum = rows.reduce(
    (total, row) => ({
      members: total.members + row.members,
      valid_bet: total.valid_bet + row.valid_bet,
      payout: total.payout + row.payout,
      rebates: total.rebates + row.rebates,
      bonuses: total.bonuses + row.bonuses,
    }),
    { members: 0, valid_bet: 0n, payout: 0n, rebates: 0n, bonuses: 0n },
  );
  const offset = (query.pageNo - 1) * query.pageSize;
  return {
    range: rangeView(frame),
    username: user.username,
    list: rows.slice(offset, offset + query.pageSize).map((row) => ({
      username: row.username,
      type: row.type,
      self: row.self,
      ...figures(row),
    })),
    total: rows.length,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    teamTotal: figures(sum),
  };
}

const INCOME_KINDS = [
  'salary',
  'dividend',
  'rebate',
  'red_envelope',
  'member_transfer',
] as const satisfies readonly LedgerKind[];

/** My income: what the caller's own main wallet received and sent in the period, by source. */
export async function myIncome(deps: Deps, agentId: number, query: RangeQuery, now: Date) {
  const frame = await reportFrame(deps, query, now);
  const rows = await store.mainWalletByKind(deps.db, {
    memberId: agentId,
    from: frame.from,
    to: frame.to,
    kinds: INCOME_KINDS,
  });
  const of = (kind: (typeof INCOME_KINDS)[number]) =>
    rows.find((row) => row.kind === kind) ?? { credit: 0n, debit: 0n };
  const net = (kind: (typeof INCOME_KINDS)[number]) => of(kind).credit - of(kind).debit;
  const major = (minor: bigint) => toMajor(minor, frame.digits);
  return {
    ...rangeView(frame),
    salaries: major(net('salary')),
    dividends: major(net('dividend')),
    rebates: major(net('rebate')),
    redEnvelopesIn: major(of('red_envelope').credit),
    redEnvelopesOut: major(of('red_envelope').debit),
    transfersIn: major(of('member_transfer').credit),
    transfersOut: major(of('member_transfer').debit),
    net: major(INCOME_KINDS.reduce((total, kind) => total + net(kind), 0n)),
  };
}

/** Downline account details: ledger lines of the branch's spendable wallets (one downline's, or all of them). */
export async function downlineTransactions(
  deps: Deps,
  agentId: number,
  query: RangeQuery & Paging & { username?: string | undefined; type?: LedgerKind | undefined },
  now: Date,
) {
  const frame = await reportFrame(deps, query, now);
  let memberId: number | null = null;
  if (query.username !== undefined) {
    const found = await teamUser(deps, agentId, query.username);
    // The caller's own lines are its account record, not a downline's.
    if (found.id === agentId) throw new AppError('agent_downline_not_found');
    memberId = found.id;
  }
  const { rows, total } = await store.downlineEntries(deps.db, {
    agentId,
    memberId,
    kind: query.type ?? null,
    from: frame.from,
    to: frame.to,
    offset: (query.pageNo - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const major = (minor: bigint) => toMajor(minor, frame.digits);
  return {
    range: rangeView(frame),
    list: rows.map((row) => ({
      id: Number(row.id),
      createdAt: row.created_at.toISOString(),
      username: row.username,
      kind: row.kind as LedgerKind,
      wallet: row.account_kind === 'vendor' ? (row.vendor ?? '') : 'main',
      amount: major(row.amount),
      balanceAfter: major(row.balance_after),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
