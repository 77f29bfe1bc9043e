import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GAME_LIST_PAGE_SIZE, type Game, type GameType } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { gameEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import type { LobbyState } from './lobbyParams.ts';

/**
 * The catalogue as the lobbies read it. Everything a member sees of their own (favourites, recent games) is keyed
 * by the session token, so members never share a cache entry and a logout drops it.
 */

/** What the browser can run (§3 game list query platform): the desktop also lists flash games, a phone html5. */
export function clientPlatform(): string {
  return window.matchMedia('(max-width: 760px)').matches ? 'html5' : 'flash,html5-desktop';
}

/** A lobby's page of games in the modes that page (all, fav, recent), or the single hot page. */
export interface GamePage {
  games: Game[];
  totalPages: number;
}

const memberKey = (token: string | null) => ['member', token, 'games'] as const;

/** The key of a lobby list: the same list in another page differs only in its last part. */
function lobbyKey(gameType: GameType, state: LobbyState, token: string | null) {
  const { page, ...filters } = state;
  return state.mode === 'fav' || state.mode === 'recent'
    ? [...memberKey(token), state.mode, gameType, filters, page]
    : ['games', 'lobby', gameType, filters, page];
}

const samePagedList = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  a !== undefined && JSON.stringify(a.slice(0, -1)) === JSON.stringify(b.slice(0, -1));

export const lobbyGamesQuery = (gameType: GameType, state: LobbyState, token: string | null) => {
  const queryKey = lobbyKey(gameType, state, token);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<GamePage> => {
      const platform = clientPlatform();
      const paging = { pageNo: state.page, pageSize: GAME_LIST_PAGE_SIZE };
      switch (state.mode) {
        case 'hot': {
          const hot = await api(gameEndpoints.hotGames, { query: { platform }, signal });
          return { games: hot.list[gameType] ?? [], totalPages: 1 };
        }
        case 'fav': {
          const page = await api(gameEndpoints.favourites, { query: { gameType, ...paging }, signal });
          return { games: page.content, totalPages: page.totalPages };
        }
        case 'recent': {
          const page = await api(gameEndpoints.recentGames, { query: { gameType, ...paging }, signal });
          return { games: page.list, totalPages: page.totalPages };
        }
        default: {
          const page = await api(gameEndpoints.gameList, {
            query: {
              gameType,
              platform,
              vassalage: state.vendor || undefined,
              gameClassify: state.gameClass || undefined,
              gameName: state.search || undefined,
              ...paging,
            },
            signal,
          });
          return { games: page.games, totalPages: page.totalPages };
        }
      }
    },
    enabled: (state.mode !== 'fav' && state.mode !== 'recent') || token !== null,
    // Moving to another page keeps the current one on screen until the next arrives; another list does not.
    placeholderData: (previous, previousQuery) =>
      samePagedList(previousQuery?.queryKey, queryKey) ? previous : undefined,
  });
};

/** The games of one vendor in a category: the popup of a VASSALAGE tile. */
export const vendorGamesQuery = (gameType: GameType, vendor: string, page: number) =>
  queryOptions({
    queryKey: ['games', 'vendor', gameType, vendor, page],
    queryFn: ({ signal }) =>
      api(gameEndpoints.gameList, {
        query: {
          gameType,
          vassalage: vendor,
          platform: clientPlatform(),
          pageNo: page,
          pageSize: GAME_LIST_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The vendors of a category, or of every category. */
export const vendorsQuery = (gameType?: GameType) =>
  queryOptions({
    queryKey: ['games', 'vendors', gameType ?? 'ALL'],
    queryFn: ({ signal }) => api(gameEndpoints.gameVendors, { query: { gameType }, signal }),
  });

export const winnersQuery = (gameType: GameType | 'ALL') =>
  queryOptions({
    queryKey: ['games', 'winners', gameType],
    queryFn: ({ signal }) =>
      api(gameEndpoints.winnerBoard, { query: { gameCategory: gameType, limitNum: 10 }, signal }),
    refetchInterval: 60_000,
  });

export const roomsQuery = queryOptions({
  queryKey: ['games', 'rooms'],
  queryFn: ({ signal }) => api(gameEndpoints.rooms, { signal }),
});

const favouriteIdsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...memberKey(token), 'favouriteIds'],
    queryFn: ({ signal }) => api(gameEndpoints.favouriteIds, { signal }),
    enabled: token !== null,
  });

/** The nodeIds of the member's favourite games (empty for a visitor). */
export function useFavouriteIds(): Set<number> {
  const { token } = useSession();
  const { data } = useQuery(favouriteIdsQuery(token));
  return new Set(data ?? []);
}

/**
 * §4 favourites: one call per click, adding the game when its nodeId is not in the list and removing it
 * otherwise. The list the server answers replaces the cached one, and the favourites tab refetches.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: ({ game, favourite }: { game: Game; favourite: boolean }) => {
      const input = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
      return favourite
        ? api(gameEndpoints.removeFavourite, { query: input })
        : api(gameEndpoints.addFavourite, { body: input });
    },
    onSuccess: ({ nodeIds }) => {
      queryClient.setQueryData(favouriteIdsQuery(token).queryKey, nodeIds);
      void queryClient.invalidateQueries({ queryKey: [...memberKey(token), 'fav'] });
    },
  });
}

/** After a real launch the game heads the recent list: the recent tabs refetch. */
export function invalidateRecent(queryClient: ReturnType<typeof useQueryClient>, token: string | null): void {
  void queryClient.invalidateQueries({ queryKey: [...memberKey(token), 'recent'] });
}
