import { queryOptions } from '@tanstack/react-query';
import { type Game, HOT_GROUPS, type LotteryGame, lotteryRefreshMs } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { gameEndpoints, lotteryEndpoints } from '../../app/endpoints.ts';
import { clientPlatform } from '../lobby/queries.ts';

/** How many games a rail of home carries (it scrolls sideways past the first screen's). */
const RAIL_SIZE = 16;

/** How many draws the "next draws" rail shows. */
const DRAWS_SIZE = 8;

/**
 * The games of every hot group (GCSGAME_hotGamesV2) as one rail, the hottest first across the groups (by hot rank,
 * then in the groups' order): games only (a vendor's tile opens a list, which a rail has no room for), each once.
 */
export const hotRailQuery = queryOptions({
  queryKey: ['games', 'home', 'hot'],
  queryFn: async ({ signal }): Promise<Game[]> => {
    const { list } = await api(gameEndpoints.hotGames, { query: { platform: clientPlatform() }, signal });
    const seen = new Set<number>();
    return HOT_GROUPS.flatMap((group) => list[group] ?? [])
      .filter((game) => game.isGame === 'GAME' && !seen.has(game.nodeId) && seen.add(game.nodeId))
      .sort((a, b) => (a.hotRank ?? Number.MAX_SAFE_INTEGER) - (b.hotRank ?? Number.MAX_SAFE_INTEGER))
      .slice(0, RAIL_SIZE);
  },
});

/** The games added to the catalogue last (GCSGAME_gameList sort=new). */
export const newRailQuery = queryOptions({
  queryKey: ['games', 'home', 'new'],
  queryFn: async ({ signal }): Promise<Game[]> =>
    (
      await api(gameEndpoints.gameList, {
        query: { platform: clientPlatform(), sort: 'new', pageSize: RAIL_SIZE },
        signal,
      })
    ).games,
});

/**
 * The member's recently played games (GCS_recentGame), keyed like the lobbies' recent lists (['member', token,
 * 'games', 'recent', …]) so that a launch refreshes it too (invalidateRecent).
 */
export const recentRailQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', token, 'games', 'recent', 'home'],
    queryFn: async ({ signal }): Promise<Game[]> =>
      (await api(gameEndpoints.recentGames, { query: { pageSize: RAIL_SIZE }, signal })).list,
  });

/** The vendors' jackpots as their providers last reported them, asked again every minute. */
export const jackpotsQuery = queryOptions({
  queryKey: ['games', 'jackpots'],
  queryFn: ({ signal }) => api(gameEndpoints.jackpot, { signal }),
  refetchInterval: 60_000,
});

/**
 * The lottery games whose draw is on sale, the soonest to close first (/lgw/games), asked again as the lobby does
 * (§9: after the shortest remaining time, at most 30 s).
 */
export const nextDrawsQuery = queryOptions({
  queryKey: ['lottery', 'games', 'next'],
  queryFn: async ({ signal }): Promise<LotteryGame[]> =>
    (await api(lotteryEndpoints.games, { query: {}, signal }))
      .filter((game) => game.numero !== null && game.lockTime > 0)
      .sort((a, b) => a.lockTime - b.lockTime)
      .slice(0, DRAWS_SIZE),
  refetchInterval: (query) =>
    query.state.data ? lotteryRefreshMs(query.state.data.map((game) => game.remainTime)) : false,
  staleTime: 0,
});
