import type { PrizeMode } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import * as store from './store.ts';

/** The site's lottery screens by prize mode (spec §2). */
const LOTTERY_PAGES: Record<PrizeMode, string> = {
  Lott: '/vnlottery',
  Elott: '/elott',
  SEA: '/seaLottery',
  ZY: '/lottery',
};

export async function lotteryPageOf(deps: AppDeps, catalogueGameId: number): Promise<store.GameDb | null> {
  return store.gameById(deps.db, catalogueGameId);
}

/**
 * The lottery launch (launchMode LOTT, spec §3): the lottery is the site's own, so its address is the screen of the
 * game's prize mode, on the game's betting view, or on the lobby of the prize mode asked for (Lott by default).
 */
export async function lotteryLaunch(
  deps: AppDeps,
  query: { gameCode?: string | undefined; prizeMode?: PrizeMode | undefined; view: 'lobby' | 'betting' },
) {
  let path: string;
  if (query.gameCode) {
    const game = await store.gameByCode(deps.db, query.gameCode.toUpperCase());
    if (!game?.enabled) throw new AppError('lottery_game_not_found');
    path = `${LOTTERY_PAGES[game.prize_mode]}?gameCode=${encodeURIComponent(game.code)}${
      query.view === 'betting' ? '&view=betting' : ''
    }`;
  } else {
    path = LOTTERY_PAGES[query.prizeMode ?? 'Lott'];
  }
  const url = `${deps.config.siteUrl}${path}`;
  return { game_url: url, gameUrl: url, content: { game_url: url }, real: true };
}
