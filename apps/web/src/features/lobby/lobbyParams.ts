import { GAME_CLASSES, type GameClass } from '@tessera/contract';

/**
 * A lobby's list state (§4 game list), kept in the URL so that a reload, a shared link or the back button shows
 * the same list: ?mode=hot, ?vendor=HOUSE_SLOTS, ?q=dragon, ?class=TABLE, ?page=3.
 */

/** The list modes of §4, in menu order (hot before favourites, §2). */
export const LOBBY_MODES = ['all', 'hot', 'fav', 'recent'] as const;
export type LobbyMode = (typeof LOBBY_MODES)[number];

/** Modes that list the member's own games: a visitor gets the login pop-up. */
export const MEMBER_MODES: readonly LobbyMode[] = ['fav', 'recent'];

export interface LobbyState {
  mode: LobbyMode;
  /** A vendor's code (vassalage), '' for every vendor. */
  vendor: string;
  search: string;
  /** A game class of the slots lobby, '' for all. */
  gameClass: GameClass | '';
  page: number;
}

const isMode = (value: string | null): value is LobbyMode =>
  (LOBBY_MODES as readonly string[]).includes(value ?? '');
const isClass = (value: string | null): value is GameClass =>
  (GAME_CLASSES as readonly string[]).includes(value ?? '');

export function readLobbyState(params: URLSearchParams): LobbyState {
  const mode = params.get('mode');
  const gameClass = params.get('class');
  const page = Number(params.get('page'));
  return {
    mode: isMode(mode) ? mode : 'all',
    vendor: (params.get('vendor') ?? '').replace(/[^A-Za-z0-9_]/g, ''),
    search: (params.get('q') ?? '').slice(0, 60),
    gameClass: isClass(gameClass) ? gameClass : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** One change a person makes to the list. */
export type LobbyChange =
  | { mode: LobbyMode }
  | { vendor: string }
  | { search: string }
  | { gameClass: GameClass | '' }
  | { page: number };

/**
 * The URL after a change (§4): a new page keeps the filters; a new mode, vendor, search or class clears the
 * other three and goes back to page 1 (of 24). The hot mode is one page: it has no page in its URL.
 */
export function lobbyParams(state: LobbyState, change: LobbyChange): URLSearchParams {
  const next = new URLSearchParams();
  if ('page' in change) {
    if (state.mode !== 'all') next.set('mode', state.mode);
    if (state.vendor) next.set('vendor', state.vendor);
    if (state.search) next.set('q', state.search);
    if (state.gameClass) next.set('class', state.gameClass);
    if (change.page > 1 && state.mode !== 'hot') next.set('page', String(change.page));
    return next;
  }
  if ('mode' in change && change.mode !== 'all') next.set('mode', change.mode);
  if ('vendor' in change && change.vendor) next.set('vendor', change.vendor);
  if ('search' in change && change.search.trim()) next.set('q', change.search.trim());
  if ('gameClass' in change && change.gameClass) next.set('class', change.gameClass);
  return next;
}
