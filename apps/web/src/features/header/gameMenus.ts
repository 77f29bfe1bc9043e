import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameMenu, GameType, GameVendor } from '@tessera/contract';
import { FB_VENDOR, NAV_DROPDOWN_VENDORS } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

/** The lobby route of each game type (§2). */
export const GAME_TYPE_PATHS: Record<GameType, string> = {
  LOTT: '/lottery',
  ELOTT: '/elott',
  LIVE: '/live',
  RNG: '/rng',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
};

/** Header order of the game types (§1), used until the game menus answer. */
export const GAME_TYPE_ORDER = Object.keys(GAME_TYPE_PATHS) as GameType[];

/** The answer is an object keyed by game type (as the original reads /lgw calls); the header wants a list. */
const gameMenusQuery = queryOptions({
  queryKey: ['games', 'gameMenus'],
  queryFn: async ({ signal }) =>
    Object.values(await api(endpoints.gameMenus, { signal })).sort((a, b) => a.sort - b.sort),
});

/** The header's game menus: one per game type, with its vendors (GET /lgw/games/game_menus). */
export function useGameMenus() {
  return useQuery(gameMenusQuery);
}

/** A game type as the game bars list it: its operator title (when the menus have loaded) and a hot mark. */
export interface GameTypeItem {
  gameType: GameType;
  title?: string;
  /** One of its vendors is marked hot. */
  hot: boolean;
}

/** The game types in the menus' order (the header order of §1 until they answer). */
export function useGameTypeItems(): GameTypeItem[] {
  const { data: menus } = useGameMenus();
  return menus
    ? menus.map((menu) => ({
        gameType: menu.gameType,
        title: menu.title,
        hot: menu.vendors.some((vendor) => vendor.isHot === 1),
      }))
    : GAME_TYPE_ORDER.map((gameType) => ({ gameType, hot: false }));
}

/** The vendors of a game type's drop-down: at most NAV_DROPDOWN_VENDORS (6), in the server's order. */
export function dropdownVendors(menu: GameMenu): GameVendor[] {
  return menu.vendors.slice(0, NAV_DROPDOWN_VENDORS);
}

/** A vendor's link: its game type's lobby, opened at that vendor. */
export function vendorPath(vendor: GameVendor): string {
  // FB's sports book is one game with a page of its own (§2 /fbsports).
  if (vendor.vassalage === FB_VENDOR) return '/fbsports';
  return `${GAME_TYPE_PATHS[vendor.gameType]}?vendor=${encodeURIComponent(vendor.vassalage)}`;
}
