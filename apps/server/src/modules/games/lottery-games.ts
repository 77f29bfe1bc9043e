import type { GameMenu, PrizeMode } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';

/** A launch's answer: the address the player is sent to, in the shapes the original's clients read. */
export interface Launched {
  game_url: string;
  gameUrl: string;
  content: { game_url: string };
  real: boolean;
}

/**
 * The lottery, as the games area's header and launch know it. The games area asks through this port and the lottery
 * area answers (`lottery/lottery-games.ts`; `app.ts` joins the two), so the games area never imports the lottery,
 * which keeps its rounds, catalogue names and fairness keys in the games area.
 */
export interface LotteryGames {
  /** The lottery games of the LOTT and ELOTT menu groups, in the caller's language. */
  menus(deps: AppDeps, language: string, now: Date): Promise<Record<string, GameMenu['gameMenus']>>;
  /** The lottery launch (launchMode LOTT): a game's screen, or the lobby of a prize mode. */
  launch(
    deps: AppDeps,
    query: { gameCode?: string | undefined; prizeMode?: PrizeMode | undefined; view: 'lobby' | 'betting' },
  ): Promise<Launched>;
  /** The launch of a catalogue game that is a lottery game (on its betting view), or null when it is none. */
  launchCatalogueGame(deps: AppDeps, catalogueGameId: number): Promise<Launched | null>;
}
