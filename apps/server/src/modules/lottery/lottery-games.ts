import type { LotteryGames } from '../games/lottery-games.ts';
import { gamesByGameType } from './games.ts';
import { lotteryLaunch, lotteryPageOf } from './launch.ts';

/** The lottery area's answer to the games area's questions about lottery games (joined to games in `app.ts`). */
export const lotteryGames: LotteryGames = {
  menus: gamesByGameType,
  launch: lotteryLaunch,
  async launchCatalogueGame(deps, catalogueGameId) {
    const game = await lotteryPageOf(deps, catalogueGameId);
    return game ? lotteryLaunch(deps, { gameCode: game.code, view: 'betting' }) : null;
  },
};
