import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type LotteryBetRequest,
  type LotteryGame,
  type LotteryMenu,
  lotteryRefreshMs,
  type PrizeMode,
} from '@tessera/contract';
import { api } from '../../app/api.ts';
import { lotteryEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';

/**
 * The lottery screens' server state. What a member sees of their own (tickets, recently played) is keyed by the
 * session token, so members never share a cache entry and a logout drops it.
 */

const DEVICE = 'WEB';
const memberKey = (token: string | null) => ['member', token, 'lottery'] as const;

/** The menus of a prize mode, in the server's order (the /lgw answer is an object keyed by tag). */
export const menusQuery = (prizeMode: PrizeMode) =>
  queryOptions({
    queryKey: ['lottery', 'menus', prizeMode],
    queryFn: async ({ signal }): Promise<LotteryMenu[]> =>
      Object.values(await api(lotteryEndpoints.vnGameMenu, { query: { prizeMode, device: DEVICE }, signal })),
    // §9: again after the shortest remaining time (at most 30 s), or soon when a draw is due.
    refetchInterval: (query) =>
      query.state.data
        ? lotteryRefreshMs(query.state.data.flatMap((menu) => menu.gameMenus.map((game) => game.remainTime)))
        : false,
    staleTime: 0,
  });

/** The member's recently played games of a prize mode, as one menu (absent when there are none). */
export const recentMenuQuery = (prizeMode: PrizeMode, token: string | null) =>
  queryOptions({
    queryKey: [...memberKey(token), 'recent', prizeMode],
    queryFn: async ({ signal }): Promise<LotteryMenu | null> =>
      Object.values(
        await api(lotteryEndpoints.vnRecentMenu, { query: { prizeMode, device: DEVICE }, signal }),
      )[0] ?? null,
    enabled: token !== null,
    staleTime: 0,
  });

/** Every lottery game: which prize modes the site has. */
export const allGamesQuery = queryOptions({
  queryKey: ['lottery', 'games'],
  queryFn: ({ signal }): Promise<LotteryGame[]> => api(lotteryEndpoints.games, { query: {}, signal }),
});

/** The latest results of a prize mode's games (the results board), newest first. */
export const latestResultsQuery = (prizeMode: PrizeMode, count: number) =>
  queryOptions({
    queryKey: ['lottery', 'opened', prizeMode, count],
    queryFn: ({ signal }) => api(lotteryEndpoints.openedNumeros, { query: { prizeMode, count }, signal }),
    refetchInterval: 30_000,
  });

export const gameDetailQuery = (gameId: string) =>
  queryOptions({
    queryKey: ['lottery', 'game', gameId],
    queryFn: ({ signal }) => api(lotteryEndpoints.gameDetail, { params: { gameId }, signal }),
    staleTime: 0,
  });

const HISTORY_PAGE_SIZE = 10;

export const drawHistoryKey = (gameId: string) => ['lottery', 'draws', gameId] as const;

/** A game's results history, newest first, a page at a time. */
export const drawHistoryQuery = (gameId: string, pageNo: number) =>
  queryOptions({
    queryKey: [...drawHistoryKey(gameId), pageNo],
    queryFn: ({ signal }) =>
      api(lotteryEndpoints.draws, { query: { gameId, pageNo, pageSize: HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One draw with its proof. */
export const drawQuery = (gameId: string, numero: string) =>
  queryOptions({
    queryKey: ['lottery', 'draw', gameId, numero],
    queryFn: ({ signal }) => api(lotteryEndpoints.draw, { params: { gameId, numero }, signal }),
    enabled: gameId !== '' && numero !== '',
    retry: false,
  });

export const MY_BETS_PAGE_SIZE = 10;

export const myBetsQuery = (token: string | null, gameId: string, pageNo: number) =>
  queryOptions({
    queryKey: [...memberKey(token), 'bets', gameId, pageNo],
    queryFn: ({ signal }) =>
      api(lotteryEndpoints.myBets, { query: { gameId, pageNo, pageSize: MY_BETS_PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Refetches what a new or cancelled ticket changes: the member's tickets and recently played games. */
function useTicketsChanged() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return () => void queryClient.invalidateQueries({ queryKey: memberKey(token) });
}

/** Places one ticket; each call sends its own Idempotency-Key (the client's rule for idempotent endpoints). */
export function usePlaceBet() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: (request: LotteryBetRequest) => api(lotteryEndpoints.placeBet, { body: request }),
    onSettled: changed,
  });
}

export function useCancelBet() {
  const changed = useTicketsChanged();
  return useMutation({
    mutationFn: (ticketNo: string) => api(lotteryEndpoints.cancelBet, { params: { ticketNo } }),
    onSettled: changed,
  });
}
