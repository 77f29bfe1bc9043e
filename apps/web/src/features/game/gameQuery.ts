import { queryOptions } from '@tanstack/react-query';
import { FB_VENDOR, GAME_TYPES, type GameType } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { gameEndpoints } from '../../app/endpoints.ts';
import { GAME_TYPE_PATHS } from '../header/gameMenus.ts';
import { type LaunchTarget, launchSettings, type PlayMode } from './launch.ts';

/** The game page's query (/game?nodeId=12&mode=real&vendor=…&type=…&gameId=…&from=/rng), read back. */
export interface GameQuery extends LaunchTarget {
  mode: PlayMode;
  gameName: string;
  /** The lobby the game came from: where its back and close buttons return. */
  from: string;
}

const CODE = /^[A-Za-z0-9_]{1,40}$/;
const LAUNCH_ID = /^[A-Za-z0-9_.:-]{1,80}$/;

/** A path of this site (not another site's address): what backUrl accepts. */
function sitePath(value: string | null, fallback: string): string {
  return value && /^\/(?![/\\])/.test(value) && value.length <= 300 ? value : fallback;
}

export function readGameQuery(params: URLSearchParams): GameQuery | null {
  const nodeId = Number(params.get('nodeId'));
  const mode = params.get('mode');
  const vendor = params.get('vendor') ?? '';
  const type = params.get('type') ?? '';
  if (!Number.isInteger(nodeId) || nodeId <= 0 || (mode !== 'real' && mode !== 'demo')) return null;
  if (!CODE.test(vendor) || !(GAME_TYPES as readonly string[]).includes(type)) return null;
  const launchId = (key: string) => {
    const value = params.get(key);
    return value && LAUNCH_ID.test(value) ? value : null;
  };
  const gameType = type as GameType;
  return {
    nodeId,
    mode,
    vassalage: vendor,
    gameType,
    gameId: launchId('gameId'),
    roomId: launchId('roomId'),
    trial: params.get('trial') === '1',
    playMoney: params.get('play') === '1',
    gameName: (params.get('name') ?? '').slice(0, 80),
    from: sitePath(params.get('from'), GAME_TYPE_PATHS[gameType]),
  };
}

/**
 * The launch call of the game page (§3 other game launch request): FB's own launch for its sports book, free play
 * without an account through the trial launch, everything else through launchGame with accountType 1 (real) or 0
 * (free play). The answer's address goes only into the frame: it is kept in memory for this page and dropped as
 * soon as the page is left.
 */
export const launchQuery = (game: GameQuery, token: string | null, language: string, phone: boolean) =>
  queryOptions({
    queryKey: [
      'member',
      token,
      'launch',
      game.nodeId,
      game.mode,
      game.vassalage,
      game.gameId,
      game.roomId,
      language,
    ],
    queryFn: ({ signal }) => {
      const settings = launchSettings(game.vassalage, game.gameType, language, phone);
      const backUrl = game.from;
      if (game.mode === 'real' && game.vassalage === FB_VENDOR) {
        return api(gameEndpoints.launchFb, { query: { ...settings, backUrl }, signal });
      }
      const query = {
        nodeId: game.nodeId,
        gameId: game.gameId ?? undefined,
        roomId: game.roomId ?? undefined,
        accountType: game.mode === 'real' ? 1 : 0,
        confirmTrans: 0,
        vassalage: game.vassalage,
        launchMode: 'GLS' as const,
        clientType: '3',
        backUrl,
        ...settings,
      };
      return api(token ? gameEndpoints.launchGame : gameEndpoints.trialLaunch, { query, signal });
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The game's own back or close (a message from the frame): the frame asks to go back to the lobby. */
export function isFrameExit(data: unknown): boolean {
  const action =
    typeof data === 'string'
      ? data
      : data && typeof data === 'object'
        ? String(
            (data as { action?: unknown; type?: unknown }).action ?? (data as { type?: unknown }).type ?? '',
          )
        : '';
  return /(^|[.:_-])(back|close|exit|lobby)$/i.test(action);
}
