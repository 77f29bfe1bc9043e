import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { agentReportCentreEndpoints as endpoints } from '../../app/endpoints.ts';

/**
 * The agent centre's reports and records (team overview, team betting, user loss, my income, downline account
 * details, bills). The token is part of every key, so two agents never share a cache entry; a new filter keeps
 * the previous answer on screen until the next arrives.
 */
const reportKey = (token: string | null, name: string, query: object) =>
  ['member', token, 'agent', 'reports', name, query] as const;

type OverviewQuery = QueryOf<typeof endpoints.teamOverview>;
type TeamBetsQuery = QueryOf<typeof endpoints.teamBets>;
type UserLossQuery = QueryOf<typeof endpoints.userLoss>;
type DownlineTransactionsQuery = QueryOf<typeof endpoints.downlineTransactions>;
type AgentBillsQuery = QueryOf<typeof endpoints.agentBills>;

export const teamOverviewQuery = (token: string | null, query: OverviewQuery) =>
  queryOptions({
    queryKey: reportKey(token, 'overview', query),
    queryFn: ({ signal }) => api(endpoints.teamOverview, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const teamBetsQuery = (token: string | null, query: TeamBetsQuery) =>
  queryOptions({
    queryKey: reportKey(token, 'bets', query),
    queryFn: ({ signal }) => api(endpoints.teamBets, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const userLossQuery = (token: string | null, query: UserLossQuery) =>
  queryOptions({
    queryKey: reportKey(token, 'loss', query),
    queryFn: ({ signal }) => api(endpoints.userLoss, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const myIncomeQuery = (token: string | null, query: OverviewQuery) =>
  queryOptions({
    queryKey: reportKey(token, 'income', query),
    queryFn: ({ signal }) => api(endpoints.myIncome, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const downlineTransactionsQuery = (token: string | null, query: DownlineTransactionsQuery) =>
  queryOptions({
    queryKey: reportKey(token, 'transactions', query),
    queryFn: ({ signal }) => api(endpoints.downlineTransactions, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const agentBillsQuery = (token: string | null, query: AgentBillsQuery) =>
  queryOptions({
    queryKey: reportKey(token, 'bills', query),
    queryFn: ({ signal }) => api(endpoints.agentBills, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/** The agent's red envelopes, newest first. */
export const redEnvelopesQuery = (token: string | null, query: { pageNo: number; pageSize: number }) =>
  queryOptions({
    queryKey: reportKey(token, 'redEnvelopes', query),
    queryFn: ({ signal }) => api(endpoints.history, { query, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/** The key prefix of every report, refetched after the agent sends a red envelope. */
export const agentReportsKey = (token: string | null) => ['member', token, 'agent', 'reports'] as const;
