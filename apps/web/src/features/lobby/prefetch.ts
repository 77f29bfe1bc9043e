import type { QueryClient } from '@tanstack/react-query';
import type { GameType } from '@tessera/contract';
import { readLobbyState } from './lobbyParams.ts';
import { lobbyGamesQuery, vendorsQuery } from './queries.ts';

/**
 * A lobby opened as the first page (app/firstScreen.ts): its first list of games and its vendors, asked for while
 * the site's status is on its way rather than once the lobby is drawn.
 */
export function prefetchLobby(
  client: QueryClient,
  gameType: GameType,
  params: URLSearchParams,
  token: string | null,
): void {
  void client.prefetchQuery(vendorsQuery(gameType));
  const games = lobbyGamesQuery(gameType, readLobbyState(params), token);
  if (games.enabled !== false) void client.prefetchQuery(games);
}
