import {
  ACCOUNT_TYPES,
  gamesEndpoints as api,
  catalogueEndpoints as catalogue,
  launchEndpoints as launching,
  recordsEndpoints as records,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { betRecords } from './bet-records.ts';
import { jackpots, rankList, winnerBoard } from './boards.ts';
import { gameList, gameVendors, hotGames, rooms, vendorGameTypes, vendorLanes } from './catalogue.ts';
import { launchFb, launchGame } from './launch.ts';
import type { LotteryGames } from './lottery-games.ts';
import { favouriteIds, favourites, recentGames, setFavourite } from './member-games.ts';
import * as service from './service.ts';

/** The language of a games call: the query's (the original sends one) or the header's. */
const languageOf = (query: { language?: string }, header: string) => query.language?.toUpperCase() || header;

/** The games' routes; `lottery` is the lottery area's answer about lottery games (joined in app.ts). */
export function gamesRoutes(app: FastifyInstance, deps: AppDeps, lottery: LotteryGames): void {
  const { db } = deps;
  route(
    app,
    deps,
    api.gameMenus,
    async ({ language, now }) => {
      const [menus, lotteryMenus] = await Promise.all([
        // The casino's menus are public content; the lottery's count down to their draws.
        deps.local.content.get(`game menus ${language}`, now, () => service.gameMenus(db, language)),
        lottery.menus(deps, language, now),
      ]);
      // A copy: the menus held for the next calls stay without the lottery's.
      return Object.fromEntries(
        Object.entries(menus).map(([type, menu]) => {
          const games = (lotteryMenus as Record<string, typeof menu.gameMenus | undefined>)[type];
          return [type, games ? { ...menu, gameMenus: games } : menu];
        }),
      );
    },
    // A visitor's answer is the same for the whole second (the draws' countdowns are in whole seconds).
    { publicContent: 'per second' },
  );
  route(
    app,
    deps,
    catalogue.gameList,
    async ({ query, language }) => gameList(deps, query, languageOf(query, language)),
    { publicContent: true },
  );
  route(
    app,
    deps,
    catalogue.hotGames,
    async ({ query, language }) => hotGames(deps, query, languageOf(query, language)),
    { publicContent: true },
  );
  route(
    app,
    deps,
    catalogue.vendorLanes,
    async ({ query, language }) => vendorLanes(db, languageOf(query, language)),
    { publicContent: true },
  );
  route(
    app,
    deps,
    catalogue.gameVendors,
    async ({ query, language }) => gameVendors(db, query.gameType, languageOf(query, language)),
    { publicContent: true },
  );
  route(app, deps, catalogue.vendorGameTypes, async () => vendorGameTypes(db), { publicContent: true });
  route(app, deps, catalogue.vendorGameTypesGls, async () => vendorGameTypes(db), { publicContent: true });
  route(
    app,
    deps,
    catalogue.favouriteIds,
    async ({ caller, now }) => favouriteIds(deps, asMember(caller).memberId, now),
    // Held per member (dropped by the game_favourites trigger): shaped once while held.
    { heldAnswers: true },
  );
  route(app, deps, catalogue.favourites, async ({ caller, query, language }) =>
    favourites(deps, asMember(caller).memberId, query, languageOf(query, language)),
  );
  route(app, deps, catalogue.addFavourite, async ({ caller, body, now }) =>
    setFavourite(deps, asMember(caller).memberId, body.nodeId, true, now),
  );
  route(app, deps, catalogue.removeFavourite, async ({ caller, query, body, now }) =>
    setFavourite(deps, asMember(caller).memberId, query.nodeId ?? body?.nodeId, false, now),
  );
  route(app, deps, catalogue.recentGames, async ({ caller, query, language }) =>
    recentGames(deps, asMember(caller).memberId, query, languageOf(query, language)),
  );
  route(app, deps, catalogue.winnerBoard, async ({ query, language }) =>
    winnerBoard(deps, query, languageOf(query, language)),
  );
  route(app, deps, catalogue.rankList, async ({ query, language, now }) =>
    rankList(deps, query, languageOf(query, language), now),
  );
  route(app, deps, catalogue.jackpot, async () => jackpots(deps));
  route(app, deps, catalogue.rooms, async ({ query, language }) =>
    rooms(deps, query.vassalage, languageOf(query, language)),
  );
  route(app, deps, records.betRecords, async ({ caller, query, language }) =>
    betRecords(deps, asMember(caller).memberId, query, language),
  );
  route(app, deps, launching.launchGame, async ({ caller, query, language, now }) =>
    launchGame(deps, lottery, caller, query, language, now),
  );
  route(app, deps, launching.launchGameV2, async ({ caller, query, language, now }) =>
    launchGame(deps, lottery, caller, { ...query, language }, language, now),
  );
  route(app, deps, launching.trialLaunch, async ({ caller, query, language, now }) =>
    launchGame(deps, lottery, caller, { ...query, accountType: ACCOUNT_TYPES.demo }, language, now),
  );
  route(app, deps, launching.launchFb, async ({ caller, query, language, now }) =>
    launchFb(deps, lottery, caller, query, language, now),
  );
}
