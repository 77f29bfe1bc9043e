import {
  FB_VENDOR,
  type Game,
  launchLanguage,
  launchPlatform,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isHomePath } from '../../app/routes.ts';
import { getSession, type SessionState } from '../../app/session.ts';
import { local } from '../../lib/storage.ts';
import { openAuthModal } from '../auth/authModal.ts';

/**
 * The launch rules of §4, in one place: who may play what, in which mode, and where the game opens. The lobby's
 * tiles, the PVP rooms and the game page itself (on a reload) all decide through `decideLaunch`.
 */

/** Real money (accountType 1) or free play (accountType 0). */
export type PlayMode = 'real' | 'demo';

/** What a launch needs to know of a game: the lobby tile's game, or the game page's query. */
export type LaunchTarget = Pick<
  Game,
  'nodeId' | 'gameId' | 'roomId' | 'vassalage' | 'gameType' | 'trial' | 'playMoney'
> & {
  /** Shown above the frame. */
  gameName?: string;
};

export type LaunchDecision =
  | { kind: 'comingSoon' }
  | { kind: 'login' }
  | { kind: 'needRealAccount' }
  | { kind: 'fbBusy' }
  | { kind: 'play'; mode: PlayMode };

const isTrialAccount = (session: SessionState) =>
  (session.member?.isAgent ?? session.isAgent) === TRIAL_ACCOUNT_IS_AGENT;

/**
 * §4 game launch: a game with neither gameId nor roomId is "Coming Soon" and launches nothing; free play of a
 * game that allows it needs no login; real play needs a login, and a trial account plays free where the game
 * allows it (the house's games with its play money) and is refused (in_need_true_account) where it does not; the
 * FB game opens only once.
 */
export function decideLaunch(
  game: LaunchTarget,
  requested: PlayMode,
  session: SessionState,
  fbOpen: boolean,
): LaunchDecision {
  if (!game.gameId && !game.roomId) return { kind: 'comingSoon' };
  if (requested === 'demo' && game.trial) return { kind: 'play', mode: 'demo' };
  if (!session.token) return { kind: 'login' };
  if (isTrialAccount(session))
    return game.trial || game.playMoney ? { kind: 'play', mode: 'demo' } : { kind: 'needRealAccount' };
  if (game.vassalage === FB_VENDOR && fbOpen) return { kind: 'fbBusy' };
  return { kind: 'play', mode: 'real' };
}

/** The query of the game page: what a reload needs to launch the same game again (never the game's address). */
export function gamePath(game: LaunchTarget, mode: PlayMode, from: string): string {
  const query = new URLSearchParams({ nodeId: String(game.nodeId), mode });
  query.set('vendor', game.vassalage);
  query.set('type', game.gameType);
  if (game.gameId) query.set('gameId', game.gameId);
  else if (game.roomId) query.set('roomId', game.roomId);
  if (game.trial) query.set('trial', '1');
  if (game.playMoney) query.set('play', '1');
  if (game.gameName) query.set('name', game.gameName);
  query.set('from', from);
  return `/game?${query.toString()}`;
}

/** The platform and language a game launches on (§4 through the contract's rules). */
export function launchSettings(vendor: string, gameType: string, language: string, phone: boolean) {
  return {
    platform: launchPlatform(vendor, gameType, phone ? 'html5' : 'html5-desktop'),
    language: launchLanguage(vendor, language),
  };
}

// The notices a launch can show: "Coming Soon", and the warning of a player already in the FB game.
export type LaunchNotice = 'comingSoon' | 'fbBusy' | null;
let notice: LaunchNotice = null;
const listeners = new Set<() => void>();

export function showLaunchNotice(next: LaunchNotice): void {
  notice = next;
  for (const listener of listeners) listener();
}

export function useLaunchNotice(): LaunchNotice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notice,
    () => notice,
  );
}

/**
 * Whether the FB game is open, in this tab or another: the game page marks it while it shows FB's game and
 * renews the mark; a mark older than two renewals is a page that closed without clearing it.
 */
const FB_OPEN_KEY = 'fbGameOpenAt';
export const FB_MARK_RENEW_MS = 15_000;

export function markFbGameOpen(open: boolean): void {
  local.set(FB_OPEN_KEY, open ? String(Date.now()) : '0');
}

export function isFbGameOpen(): boolean {
  const at = Number(local.get(FB_OPEN_KEY));
  return at > 0 && Date.now() - at < 2 * FB_MARK_RENEW_MS;
}

/** What opening FB's game does while it is already open (§4): a warning on the home route, home elsewhere. */
export function useFbBusy(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    if (isHomePath(pathname)) showLaunchNotice('fbBusy');
    else navigate('/index');
  }, [navigate, pathname]);
}

/**
 * Launches a game from a tile: opens the login pop-up, the in_need_true_account warning or a notice, or goes to
 * the game page. A player already in the FB game gets a warning on the home route and goes home elsewhere.
 */
export function useLaunchGame(): (game: LaunchTarget, requested: PlayMode) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fbBusy = useFbBusy();
  const from = `${location.pathname}${location.search}`;
  return useCallback(
    (game, requested) => {
      const decision = decideLaunch(game, requested, getSession(), isFbGameOpen());
      switch (decision.kind) {
        case 'comingSoon':
          showLaunchNotice('comingSoon');
          return;
        case 'login':
        case 'needRealAccount':
          openAuthModal(decision.kind);
          return;
        case 'fbBusy':
          fbBusy();
          return;
        case 'play':
          navigate(gamePath(game, decision.mode, from));
      }
    },
    [navigate, from, fbBusy],
  );
}
