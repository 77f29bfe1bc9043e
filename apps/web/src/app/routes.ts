import { type GameType, HOME_PATHS, type PrizeMode } from '@tessera/contract';
import type { CommonBundle } from '../i18n/index.ts';

/** A page name in the bundles (pages.*). */
export type PageKey = keyof CommonBundle['pages'];

/** Which layout slots a route shows (§2: /helpmc has no header, /seamless is header only). */
export interface LayoutOptions {
  header: boolean;
  footer: boolean;
  /** /seamless: the header can be folded away to give the game the whole screen. */
  collapsibleHeader: boolean;
}

/** What a route declares about itself, read by the layout through routeHandleOf(). */
export interface RouteHandle {
  pageKey?: PageKey;
  /** Game lobbies: the route parameter "games" of §2, the game type upper-cased. */
  gameType?: GameType;
  layout?: Partial<LayoutOptions>;
}

/** Which screen a route shows: a built one, or "coming soon" until the area that owns it is built. */
export type Screen =
  | 'home'
  | 'noticePage'
  | 'help'
  /** /chat: the chat room's page (CBS_launchChat); /chat/live: the live chat (Chatwoot's widget). */
  | 'chat'
  | 'liveChat'
  | 'download'
  | 'join'
  /** The terms and conditions, and the responsible gaming page. */
  | { trust: 'terms' | 'responsibleGaming' }
  | 'memberCentre'
  /** A game lobby (§2): the route's gameType names its category. */
  | 'lobby'
  /** /game: a game in an embedded frame. */
  | 'game'
  /** /fbsports: the sports provider FB's book, opened at /game. */
  | 'fbSports'
  /**
   * A lottery screen: its lobby, or a game's betting view (?gameCode=). It shows the prize modes named, the first
   * by default; with several the player switches between them.
   */
  | { lottery: readonly PrizeMode[] }
  /** /lottery/verify: an e-lottery draw computed again in the browser from its revealed seed. */
  | 'lotteryVerify'
  /** /vip: the levels, the member's progress and rewards (a member's page). */
  | 'vip'
  /** /promotions (by category) and /promoDetail?id= (one, with this member's status and its action). */
  | 'promotions'
  | 'promoDetail'
  /** /luckyWheel: the prize wheel (a member's page); /redEnvelope: the red envelope rain. */
  | 'luckyWheel'
  | 'redEnvelope'
  /** /pointMall: points, conversion, the mall and the redeem record (a member's page). */
  | 'pointMall'
  /** /support: the built-in customer service on a page of its own (the customer-service link's window). */
  | 'support'
  /** The owner named is the area (issue) that builds the screen. */
  | { comingSoon: 'accounts' | 'member' | 'agent' | 'games' };

export interface PageRoute extends RouteHandle {
  path: string;
  pageKey: PageKey;
  screen: Screen;
  /** Home with a modal of the accounts area (§2: /register shows home with the registration modal). */
  authModal?: 'login' | 'register';
}

/** The pages of §2 besides home. */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/register', pageKey: 'register', screen: 'home', authModal: 'register' },
  { path: '/register.html', pageKey: 'register', screen: 'home', authModal: 'register' },
  { path: '/login', pageKey: 'login', screen: 'home', authModal: 'login' },
  { path: '/noticePage', pageKey: 'noticePage', screen: 'noticePage' },
  { path: '/vip', pageKey: 'vip', screen: 'vip' },
  { path: '/pointMall', pageKey: 'pointMall', screen: 'pointMall' },
  { path: '/luckyWheel', pageKey: 'luckyWheel', screen: 'luckyWheel' },
  { path: '/redEnvelope', pageKey: 'redEnvelope', screen: 'redEnvelope' },
  { path: '/agentHome', pageKey: 'agentHome', screen: { comingSoon: 'agent' } },
  { path: '/member', pageKey: 'member', screen: 'memberCentre' },
  { path: '/live', pageKey: 'live', gameType: 'LIVE', screen: 'lobby' },
  { path: '/sports', pageKey: 'sports', gameType: 'SPORTS', screen: 'lobby' },
  { path: '/esports', pageKey: 'esports', gameType: 'ESPORTS', screen: 'lobby' },
  { path: '/rng', pageKey: 'rng', gameType: 'RNG', screen: 'lobby' },
  { path: '/fish', pageKey: 'fish', gameType: 'FISH', screen: 'lobby' },
  { path: '/pvp', pageKey: 'pvp', gameType: 'PVP', screen: 'lobby' },
  { path: '/lottery', pageKey: 'lottery', screen: { lottery: ['Lott', 'ZY', 'SEA'] } },
  { path: '/lottery/verify', pageKey: 'lotteryVerify', screen: 'lotteryVerify' },
  { path: '/vnlottery', pageKey: 'vnlottery', screen: { lottery: ['Lott', 'Elott'] } },
  { path: '/seaLottery', pageKey: 'seaLottery', screen: { lottery: ['SEA'] } },
  { path: '/elott', pageKey: 'elott', screen: { lottery: ['Elott'] } },
  { path: '/promotions', pageKey: 'promotions', screen: 'promotions' },
  { path: '/promoDetail', pageKey: 'promoDetail', screen: 'promoDetail' },
  {
    path: '/seamless',
    pageKey: 'seamless',
    screen: { comingSoon: 'games' },
    layout: { footer: false, collapsibleHeader: true },
  },
  { path: '/fbsports', pageKey: 'fbsports', screen: 'fbSports' },
  { path: '/help', pageKey: 'help', screen: 'help' },
  { path: '/chat', pageKey: 'chat', screen: 'chat', layout: { header: false, footer: false } },
  { path: '/chat/live', pageKey: 'liveChat', screen: 'liveChat' },
  { path: '/helpmc', pageKey: 'helpmc', screen: 'help', layout: { header: false } },
  { path: '/down', pageKey: 'down', screen: 'download' },
  { path: '/download', pageKey: 'down', screen: 'download' },
  { path: '/join', pageKey: 'join', screen: 'join' },
  { path: '/support', pageKey: 'support', screen: 'support', layout: { header: false, footer: false } },
  { path: '/terms', pageKey: 'terms', screen: { trust: 'terms' } },
  { path: '/responsible-gaming', pageKey: 'responsibleGaming', screen: { trust: 'responsibleGaming' } },
  // The game fills the page under the header: no footer or right bar.
  { path: '/game', pageKey: 'game', screen: 'game', layout: { footer: false } },
];

/** The route at `pathname`, with what it declares about itself (nothing for home, its redirect and unknown paths). */
export function routeHandleOf(pathname: string): PageRoute | undefined {
  const path = normalisePath(pathname);
  return PAGE_ROUTES.find((route) => route.path.toLowerCase() === path);
}

/** Route paths match without regard to case or a trailing slash. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/** §2 "home paths": the home page and /vnlottery, where the left game bar opens on hover. */
export const GAME_BAR_PATHS = [...HOME_PATHS, '/vnlottery'] as const;

/** §2 guard: the paths reachable without a token when redirectToLoginWithoutToken is on. */
export const OPEN_WITHOUT_TOKEN = ['/login', '/register', '/register.html', '/helpmc', '/download', '/down'];

export function isHomePath(pathname: string): boolean {
  return (HOME_PATHS as readonly string[]).includes(normalisePath(pathname));
}

export function isGameBarPath(pathname: string): boolean {
  return (GAME_BAR_PATHS as readonly string[]).includes(normalisePath(pathname));
}

export function isOpenWithoutToken(pathname: string): boolean {
  return OPEN_WITHOUT_TOKEN.map((path) => path.toLowerCase()).includes(normalisePath(pathname));
}

/** §2: the page type used for styling is the path without its leading slash ("index" for /). */
export function pageTypeFromPath(pathname: string): string {
  return pathname.replace(/^\/+/, '').replace(/\/+$/, '') || 'index';
}
