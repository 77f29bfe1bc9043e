import { bannerGroupForPath } from '../features/banners/bannerGroup.ts';
import { prefetchBanners } from '../features/banners/queries.ts';
import { queryClient } from './queryClient.ts';
import { routeHandleOf } from './routes.ts';
import { getToken } from './session.ts';

/**
 * What the first screen shows, asked for as the site starts, beside the status its gate waits for (issue 31, the
 * lobby's LCP on a phone): the path's banners and their first picture, and on a lobby its code and first page of
 * games. The pages ask for the same queries when drawn and find them on their way or in the cache.
 */
export function prefetchFirstScreen(location: Pick<Location, 'pathname' | 'search'>): void {
  const params = new URLSearchParams(location.search);
  const bannerGroup = params.has('gameCode') ? null : bannerGroupForPath(location.pathname);
  if (bannerGroup) prefetchBanners(queryClient, bannerGroup);
  const route = routeHandleOf(location.pathname);
  if (route?.screen === 'lobby') {
    const gameType = route.gameType ?? 'RNG';
    // The page's code and the queries' code, side by side (each an import of its own, so neither waits for the other).
    void import('../features/lobby/LobbyPage.tsx');
    void import('../features/lobby/prefetch.ts').then(({ prefetchLobby }) =>
      prefetchLobby(queryClient, gameType, params, getToken()),
    );
  }
}
