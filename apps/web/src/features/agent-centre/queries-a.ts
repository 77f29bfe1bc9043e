import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { agentCentreAEndpoints } from '../../app/endpoints.ts';

/** The key prefix of the agent's team (the team list, a member, the transfer targets refetch with it). */
export const teamKey = (token: string | null) => ['member', token, 'agent', 'team'] as const;
/** The key prefix of the agent's contracts and offers. */
export const contractsKey = (token: string | null) => ['member', token, 'agent', 'contracts'] as const;
export const linksKey = (token: string | null) => ['member', token, 'agent', 'links'] as const;

export type TeamFilter = QueryOf<typeof agentCentreAEndpoints.team>;

export const teamQuery = (token: string | null, filter: TeamFilter) =>
  queryOptions({
    queryKey: [...teamKey(token), 'list', filter],
    queryFn: ({ signal }) => api(agentCentreAEndpoints.team, { query: filter, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const teamMemberQuery = (token: string | null, id: number | null) =>
  queryOptions({
    queryKey: [...teamKey(token), 'member', id],
    queryFn: ({ signal }) => api(agentCentreAEndpoints.teamMember, { params: { id: id ?? 0 }, signal }),
    enabled: token !== null && id !== null,
  });

export const linksQuery = (token: string | null) =>
  queryOptions({
    queryKey: linksKey(token),
    queryFn: ({ signal }) => api(agentCentreAEndpoints.links, { signal }),
    enabled: token !== null,
  });

export const myContractsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...contractsKey(token), 'mine'],
    queryFn: ({ signal }) => api(agentCentreAEndpoints.mine, { signal }),
    enabled: token !== null,
  });

export const contractHistoryQuery = (token: string | null, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...contractsKey(token), 'history', pageNo, pageSize],
    queryFn: ({ signal }) => api(agentCentreAEndpoints.history, { query: { pageNo, pageSize }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

export const contractDetailQuery = (token: string | null, id: number | null) =>
  queryOptions({
    queryKey: [...contractsKey(token), 'detail', id],
    queryFn: ({ signal }) => api(agentCentreAEndpoints.detail, { params: { id: id ?? 0 }, signal }),
    enabled: token !== null && id !== null,
  });
