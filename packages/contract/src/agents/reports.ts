import { z } from 'zod';
import { id, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { ledgerKind } from '../wallet/player.ts';

/**
 * Team reports of the agent centre and the console (A2), read from the roll-ups (never from every bet on a page
 * view), with the definitions of the agents area (valid bet, house result, active member: design note §A2).
 * Money is in major units of the merchant's currency, as numbers (like the wallet's answers); days are the
 * merchant's calendar days in its time zone (`timeZone`). An agent sees only its own team: a username outside the
 * caller's branch is refused with agent_downline_not_found, exactly as one that does not exist.
 */

/** A merchant's day, YYYY-MM-DD. */
const reportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_format');

/**
 * The periods of spec §9: today and yesterday (daily), this and last week (Monday to Sunday), this and last half
 * month (1–15, 16–end), this and last month, or custom days (startDate and endDate, both included; at most 30 days
 * back from today, otherwise agent_report_range). A current period ends today.
 */
const REPORT_PERIODS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisHalfMonth',
  'lastHalfMonth',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
const reportPeriod = z.enum(REPORT_PERIODS);
export type ReportPeriod = z.infer<typeof reportPeriod>;

/** How many days back a custom range may start (spec §9: date pickers of the last 7 and 30 days). */
export const REPORT_DAYS_BACK = 30;

const rangeFields = {
  period: reportPeriod.default('today'),
  startDate: reportDay.optional(),
  endDate: reportDay.optional(),
};

/** A custom period needs both days, the start not after the end. */
const customDays = (
  value: { period: ReportPeriod; startDate?: string; endDate?: string },
  context: z.RefinementCtx,
) => {
  if (value.period !== 'custom') return;
  if (!value.startDate) context.addIssue({ code: 'custom', message: 'required', path: ['startDate'] });
  if (!value.endDate) context.addIssue({ code: 'custom', message: 'required', path: ['endDate'] });
  if (value.startDate && value.endDate && value.startDate > value.endDate)
    context.addIssue({ code: 'custom', message: 'invalid_value', path: ['endDate'] });
};

const reportRangeQuery = z.object(rangeFields).superRefine(customDays);

/** The days a report covers, and how money is written. */
const reportRange = z.object({
  period: reportPeriod,
  startDate: z.string(),
  endDate: z.string(),
  /** The merchant's time zone, in which the days are counted. */
  timeZone: z.string(),
  currency: z.string(),
  /** Decimals of the currency. */
  digits: z.number().int(),
});

/** One day of the team overview's chart. */
const teamDay = z.object({
  date: z.string(),
  validBet: z.number(),
  payout: z.number(),
  /** Valid bets minus payouts (the house side). */
  houseResult: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  newSignups: z.number().int(),
});

const teamOverview = reportRange.extend({
  /** The caller's downlines (its whole branch without itself, trial accounts left out): agents and members. */
  teamAgents: z.number().int(),
  teamMembers: z.number().int(),
  /** Downlines who registered in the period. */
  newSignups: z.number().int(),
  /** Members of the team whose first ever deposit fell in the period, and what those deposits were. */
  firstDepositCount: z.number().int(),
  firstDeposits: z.number(),
  /** Team members who both deposited and made valid bets in the period (the agents area's definition). */
  activeMembers: z.number().int(),
  deposits: z.number(),
  depositCount: z.number().int(),
  /** Withdrawals requested, less those returned. */
  withdrawals: z.number(),
  withdrawalCount: z.number().int(),
  validBet: z.number(),
  payout: z.number(),
  houseResult: z.number(),
  bonuses: z.number(),
  rebates: z.number(),
  /** Agent pay received in the team: salaries and dividends. */
  salaries: z.number(),
  /** What the team's members hold now (main and game wallets), whatever the period. */
  teamBalance: z.number(),
  /** One entry per day of the period, oldest first. */
  series: z.array(teamDay),
});
export type TeamOverview = z.infer<typeof teamOverview>;

/** Round statuses a team bet can have. */
const teamBetStatus = z.enum(['open', 'settled', 'void']);

/**
 * Whose bets: `self` the user's own, `direct` the user's and its direct downlines', `team` the user's whole branch.
 * The user is `username` (a member of the caller's team), or the caller.
 */
const teamScope = z.enum(['self', 'direct', 'team']);

const usernameFilter = z.string().trim().min(1).max(40).optional();
const productFilter = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,12}$/, 'invalid_format')
  .optional();

const teamBetsQuery = paging
  .extend({
    ...rangeFields,
    username: usernameFilter,
    scope: teamScope.default('team'),
    /** A game type code (LOTT, RNG, LIVE …). */
    product: productFilter,
    status: teamBetStatus.optional(),
  })
  .superRefine(customDays);

const teamBet = z.object({
  id: z.number().int(),
  /** When the bet was placed, and when it last changed (settled, re-settled or voided). */
  betAt: z.string(),
  updatedAt: z.string(),
  username: z.string(),
  gameName: z.string(),
  product: z.string(),
  stake: z.number(),
  /** The stake while the round is settled; nothing while open or void. */
  validBet: z.number(),
  payout: z.number(),
  status: teamBetStatus,
});
const teamBets = page(teamBet).extend({ range: reportRange });

/** With a product, rebates and bonuses (which are not per product) are left out of the rows. */
const userLossQuery = paging
  .extend({ ...rangeFields, username: usernameFilter, product: productFilter })
  .superRefine(customDays);

const userLossRow = z.object({
  username: z.string(),
  /** The user's member type (1, 2, 41, 42 agents). */
  type: z.number().int(),
  /** True for the user whose report it is (its own play only); the others are its direct downlines. */
  self: z.boolean(),
  /** Members counted in the row: a direct downline's whole branch (1 for a member). */
  members: z.number().int(),
  /** Stakes of settled rounds; equal to the valid bet while every product counts at its full stake. */
  turnover: z.number(),
  validBet: z.number(),
  payout: z.number(),
  rebates: z.number(),
  bonuses: z.number(),
  /** The players' side: payout − valid bet + rebates + bonuses (negative when they lost). */
  profitAndLoss: z.number(),
});
const userLoss = page(userLossRow).extend({
  range: reportRange,
  /** Whose direct downlines the rows are. */
  username: z.string(),
  /** The whole team of that user (every row, on every page). */
  total: z.number().int(),
  teamTotal: userLossRow.omit({ username: true, type: true, self: true }),
});

const myIncome = reportRange.extend({
  /** Credits to the caller's main wallet in the period, by source. */
  salaries: z.number(),
  dividends: z.number(),
  rebates: z.number(),
  redEnvelopesIn: z.number(),
  /** Red envelopes the caller sent its downlines. */
  redEnvelopesOut: z.number(),
  transfersIn: z.number(),
  transfersOut: z.number(),
  /** salaries + dividends + rebates + red envelopes in − out + transfers in − out. */
  net: z.number(),
});

const downlineTransactionsQuery = paging
  .extend({ ...rangeFields, username: usernameFilter, type: ledgerKind.optional() })
  .superRefine(customDays);
const downlineTransaction = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  username: z.string(),
  kind: ledgerKind,
  /** 'main', or a game vendor's code. */
  wallet: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
});
const downlineTransactions = page(downlineTransaction).extend({ range: reportRange });

export const agentReportEndpoints = {
  /** Team overview (agentTeamOverview): the caller's team figures for the period, with a series per day. */
  teamOverview: endpoint({
    method: 'GET',
    path: '/wps/agent/report/overview',
    access: 'agent',
    query: reportRangeQuery,
    response: teamOverview,
  }),
  /** Team betting (personalHistoryCopy): the bets of the team placed in the period, newest first. */
  teamBets: endpoint({
    method: 'GET',
    path: '/wps/agent/report/bets',
    access: 'agent',
    query: teamBetsQuery,
    response: teamBets,
  }),
  /** User loss statements (palStatementsAgentCopy): per direct downline (its whole branch), with a team total. */
  userLoss: endpoint({
    method: 'GET',
    path: '/wps/agent/report/loss',
    access: 'agent',
    query: userLossQuery,
    response: userLoss,
  }),
  /** My income (agentRevenueReport): what the caller itself received and sent in the period. */
  myIncome: endpoint({
    method: 'GET',
    path: '/wps/agent/report/income',
    access: 'agent',
    query: reportRangeQuery,
    response: myIncome,
  }),
  /** Downline account details (agentDownlineTransactionDetailsCopy): ledger lines of the branch, newest first. */
  downlineTransactions: endpoint({
    method: 'GET',
    path: '/wps/agent/report/transactions',
    access: 'agent',
    query: downlineTransactionsQuery,
    response: downlineTransactions,
  }),
};

export const agentReportConsoleEndpoints = {
  /** An agent's team figures for a period (the console's agent page); the same figures as the agent centre's. */
  teamOverview: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/:id/report/overview`,
    access: operator('operations', 'finance'),
    params: z.object({ id }),
    query: reportRangeQuery,
    response: teamOverview.extend({ agentId: z.number().int(), username: z.string() }),
  }),
};
