import type { CommonBundle } from '../i18n/index.ts';

/** A page name in the bundles (pages.*). */
export type PageKey = keyof CommonBundle['pages'];

/** Which layout slots a route shows (§2: /helpmc has no header, /seamless is header only). */
export interface LayoutOptions {
  header: boolean;
  footer: boolean;
}

/** What a route declares about itself, read by the layout through useMatches(). */
export interface RouteHandle {
  pageKey?: PageKey;
  /** Game lobbies: the route parameter "games" of §2, the game type upper-cased. */
  gameType?: string;
  layout?: Partial<LayoutOptions>;
}

export interface PageRoute extends RouteHandle {
  path: string;
  pageKey: PageKey;
}

/**
 * The pages of §2 besides home. They show a "Coming soon" panel until their area is built; lobbies and
 * the other paths of BANNER_GROUP_BY_PATH already show their banner group above it.
 */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/register', pageKey: 'register' },
  { path: '/register.html', pageKey: 'register' },
  { path: '/login', pageKey: 'login' },
  { path: '/noticePage', pageKey: 'noticePage' },
  { path: '/vip', pageKey: 'vip' },
  { path: '/pointMall', pageKey: 'pointMall' },
  { path: '/agentHome', pageKey: 'agentHome' },
  { path: '/member', pageKey: 'member' },
  { path: '/live', pageKey: 'live', gameType: 'LIVE' },
  { path: '/sports', pageKey: 'sports', gameType: 'SPORTS' },
  { path: '/esports', pageKey: 'esports', gameType: 'ESPORTS' },
  { path: '/rng', pageKey: 'rng', gameType: 'RNG' },
  { path: '/fish', pageKey: 'fish', gameType: 'FISH' },
  { path: '/pvp', pageKey: 'pvp', gameType: 'PVP' },
  { path: '/lottery', pageKey: 'lottery' },
  { path: '/vnlottery', pageKey: 'vnlottery' },
  { path: '/seaLottery', pageKey: 'seaLottery' },
  { path: '/elott', pageKey: 'elott' },
  { path: '/promotions', pageKey: 'promotions' },
  { path: '/promoDetail', pageKey: 'promoDetail' },
  { path: '/seamless', pageKey: 'seamless', layout: { footer: false } },
  { path: '/fbsports', pageKey: 'fbsports' },
  { path: '/help', pageKey: 'help' },
  { path: '/helpmc', pageKey: 'helpmc', layout: { header: false } },
  { path: '/down', pageKey: 'down' },
  { path: '/download', pageKey: 'down' },
  { path: '/join', pageKey: 'join' },
  { path: '/game', pageKey: 'game' },
];
