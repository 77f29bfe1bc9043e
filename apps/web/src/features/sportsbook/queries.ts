import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SportKind, SportsbookBetRequest } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { sportsbookEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';

/**
 * The book's server state. Events and their prices are everyone's (keyed under "sportsbook", which a push over /ws
 * refetches); the member's tickets are keyed by the session token, so members never share a cache entry.
 */

export const SPORTSBOOK_KEY = ['sportsbook'] as const;
export const ticketsKey = (token: string | null) => ['member', token, 'sportsbook'] as const;

export const sportsQuery = (kind: SportKind) =>
  queryOptions({
    queryKey: [...SPORTSBOOK_KEY, 'sports', kind],
    queryFn: ({ signal }) => api(sportsbookEndpoints.sports, { query: { kind }, signal }),
  });

export const eventsQuery = (kind: SportKind, competitionId: number | null) =>
  queryOptions({
    queryKey: [...SPORTSBOOK_KEY, 'events', kind, competitionId],
    queryFn: ({ signal }) =>
      api(sportsbookEndpoints.events, {
        query: competitionId === null ? { kind } : { kind, competitionId },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: [...SPORTSBOOK_KEY, 'event', id],
    queryFn: ({ signal }) => api(sportsbookEndpoints.event, { params: { id }, signal }),
    staleTime: 0,
    retry: false,
  });

export const MY_BETS_PAGE_SIZE = 10;
export type BetsFilter = 'open' | 'settled';

export const myBetsQuery = (token: string | null, filter: BetsFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...ticketsKey(token), filter, pageNo],
    queryFn: ({ signal }) =>
      api(sportsbookEndpoints.myBets, {
        query: { settled: filter, pageNo, pageSize: MY_BETS_PAGE_SIZE },
        signal,
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Places one ticket (a single or a parlay) with its own Idempotency-Key; the member's tickets are asked again. */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (request: SportsbookBetRequest) => api(sportsbookEndpoints.placeBet, { body: request }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketsKey(token) }),
  });
}
