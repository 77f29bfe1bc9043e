import { z } from 'zod';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';

/**
 * The console's business reports (issue 25): money, games and players over a period, and the dashboard's figures,
 * all read from the day roll-ups (never from every round on a page view). Money is in major units of the merchant's
 * currency, as numbers; days are the merchant's calendar days in its time zone.
 *
 * Definitions: stakes are settled real-money rounds' bets (play money and void rounds count nothing), payouts what
 * they paid back; GGR = stakes − payouts; NGR = GGR − bonuses − rebates − salaries − dividends (agent pay);
 * hold = GGR / stakes (null without stakes); an active player placed at least one settled real-money bet in the
 * period; a depositing player had at least one confirmed deposit in it; retention: of the members who signed up in
 * a week (Monday to Sunday), the share active in that week and each following one. Trial accounts never count.
 */

/** A merchant's day, YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format');

export const BUSINESS_REPORT_PERIODS = [
  'today',
  'yesterday',
  'last7Days',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type BusinessReportPeriod = (typeof BUSINESS_REPORT_PERIODS)[number];
/** The longest custom period, in days (longer, or ending after today: report_range). */
export const BUSINESS_REPORT_MAX_DAYS = 366;

export const businessReportQuery = z
  .object({
    period: z.enum(BUSINESS_REPORT_PERIODS).default('last7Days'),
    startDate: day.optional(),
    endDate: day.optional(),
  })
  .superRefine((value, context) => {
    if (value.period !== 'custom') return;
    if (!value.startDate) context.addIssue({ code: 'custom', message: 'required', path: ['startDate'] });
    if (!value.endDate) context.addIssue({ code: 'custom', message: 'required', path: ['endDate'] });
    if (value.startDate && value.endDate && value.startDate > value.endDate)
      context.addIssue({ code: 'custom', message: 'invalid_value', path: ['endDate'] });
  });
export type BusinessReportQuery = z.input<typeof businessReportQuery>;

const range = z.object({
  period: z.enum(BUSINESS_REPORT_PERIODS),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  digits: z.number().int(),
});

const moneyFigures = {
  deposits: z.number(),
  depositCount: z.number().int(),
  /** Members whose first ever deposit fell in the day (period), and what those deposits came to. */
  firstDepositors: z.number().int(),
  firstDeposits: z.number(),
  withdrawals: z.number(),
  withdrawalCount: z.number().int(),
  /** Deposits minus withdrawals. */
  netDeposits: z.number(),
};
const moneyReport = z.object({
  range,
  days: z.array(z.object({ date: z.string(), ...moneyFigures })),
  totals: z.object(moneyFigures),
  /** Deposits per payment channel, withdrawals per payee's bank, over the period. */
  channels: z.array(
    z.object({
      direction: z.enum(['deposit', 'withdrawal']),
      channel: z.string(),
      amount: z.number(),
      count: z.number().int(),
    }),
  ),
});

const playFigures = {
  rounds: z.number().int(),
  stakes: z.number(),
  payouts: z.number(),
  ggr: z.number(),
  hold: z.number().nullable(),
};
const gamesFigures = {
  ...playFigures,
  bonuses: z.number(),
  rebates: z.number(),
  /** Agent salaries and dividends. */
  salaries: z.number(),
  ngr: z.number(),
};
const gamesReport = z.object({
  range,
  days: z.array(z.object({ date: z.string(), ...gamesFigures })),
  totals: z.object(gamesFigures),
  gameTypes: z.array(z.object({ gameType: z.string(), ...playFigures })),
  vendors: z.array(
    z.object({ vendorId: z.number().int(), vendor: z.string(), gameType: z.string(), ...playFigures }),
  ),
  /** The games with the most stakes (at most 50). */
  games: z.array(
    z.object({
      gameId: z.number().int(),
      game: z.string(),
      vendor: z.string(),
      gameType: z.string(),
      ...playFigures,
    }),
  ),
  /** The players who won most from the house over the period (payouts − stakes, at most 10, positive only). */
  winners: z.array(
    z.object({
      memberId: z.number().int(),
      username: z.string(),
      stakes: z.number(),
      payouts: z.number(),
      netWin: z.number(),
    }),
  ),
});

const playersFigures = {
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
  depositingPlayers: z.number().int(),
  firstDepositors: z.number().int(),
};
const playersReport = z.object({
  range,
  days: z.array(z.object({ date: z.string(), ...playersFigures })),
  /** Over the whole period: each member counted once. */
  totals: z.object(playersFigures),
  /** Sign-up weeks (Monday) starting in the period: their sign-ups and the share active in week 0, 1, … */
  cohorts: z.array(z.object({ week: z.string(), signUps: z.number().int(), retention: z.array(z.number()) })),
});

const dayFigures = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  ggr: z.number(),
  ngr: z.number(),
  activePlayers: z.number().int(),
});
const dashboardFigures = z.object({
  timeZone: z.string(),
  currency: z.string(),
  digits: z.number().int(),
  today: dayFigures,
  yesterday: dayFigures,
  /** What waits for an operator. */
  pending: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    applications: z.number().int(),
  }),
  /** Changes not yet in the figures (the roll-up job adds them within about a minute). */
  queued: z.number().int(),
});

const BUSINESS_REPORTS = ['money', 'games', 'players'] as const;
export type BusinessReport = (typeof BUSINESS_REPORTS)[number];

const REPORT_ROLES = operator('owner', 'finance', 'operations');

export const reportConsoleEndpoints = {
  money: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/reports/money`,
    access: REPORT_ROLES,
    query: businessReportQuery,
    response: moneyReport,
  }),
  games: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/reports/games`,
    access: REPORT_ROLES,
    query: businessReportQuery,
    response: gamesReport,
  }),
  players: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/reports/players`,
    access: REPORT_ROLES,
    query: businessReportQuery,
    response: playersReport,
  }),
  /** A report's days and totals as CSV (the same figures as the page). */
  export: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/reports/:report/export`,
    access: REPORT_ROLES,
    params: z.object({ report: z.enum(BUSINESS_REPORTS) }),
    query: businessReportQuery,
    answer: 'text',
    contentType: 'text/csv; charset=utf-8',
    response: z.string(),
  }),
  dashboard: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/reports/dashboard`,
    access: REPORT_ROLES,
    response: dashboardFigures,
  }),
};

export type MoneyReport = z.infer<typeof moneyReport>;
export type GamesReport = z.infer<typeof gamesReport>;
export type PlayersReport = z.infer<typeof playersReport>;
export type DashboardFigures = z.infer<typeof dashboardFigures>;
