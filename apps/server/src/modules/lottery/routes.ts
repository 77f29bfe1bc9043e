import { lotteryEndpoints as api, lotteryConsoleEndpoints as console } from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { cancelBet, myBets, placeBet } from './bets.ts';
import * as consoleService from './console.ts';
import {
  drawnDraws,
  drawProof,
  gameDetail,
  gameList,
  gameMenus,
  nearDraws,
  openNumeros,
  popularGames,
  recentMenus,
} from './games.ts';

/** The language of a lottery call: the query's (the original sends one) or the header's. */
const languageOf = (query: { language?: string | undefined }, header: string) =>
  query.language?.toUpperCase() || header;

export function lotteryRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.vnGameMenu, async ({ query, language, now }) =>
    gameMenus(deps, query.prizeMode, languageOf(query, language), now),
  );
  route(app, deps, api.vnRecentMenu, async ({ caller, query, language, now }) =>
    recentMenus(deps, asMember(caller).memberId, query, languageOf(query, language), now),
  );
  route(app, deps, api.recentMenus, async ({ caller, query, language, now }) =>
    recentMenus(deps, asMember(caller).memberId, query, languageOf(query, language), now),
  );
  route(app, deps, api.games, async ({ query, language, now }) =>
    gameList(deps, query.prizeMode, languageOf(query, language), now),
  );
  route(app, deps, api.popular, async ({ query, language, now }) =>
    popularGames(deps, query, languageOf(query, language), now),
  );
  route(
    app,
    deps,
    api.openedNumeros,
    async ({ query, language, now }) =>
      (
        await drawnDraws(
          deps,
          { prizeMode: query.prizeMode, pageNo: 1, pageSize: query.count },
          language,
          now,
        )
      ).list,
  );
  route(app, deps, api.openNumero, async ({ query, language, now }) =>
    openNumeros(deps, query, language, now),
  );
  route(app, deps, api.lottoOpenNumero, async ({ query, language, now }) =>
    openNumeros(deps, query, language, now),
  );
  route(app, deps, api.draws, async ({ query, language, now }) => drawnDraws(deps, query, language, now));
  route(
    app,
    deps,
    api.drawsOfGame,
    async ({ params, query, language, now }) =>
      (await drawnDraws(deps, { gameId: params.gameId, pageNo: 1, pageSize: query.count }, language, now))
        .list,
  );
  route(app, deps, api.nearNumeros, async ({ query, language, now }) =>
    nearDraws(deps, query.gameId, query.count, language, now),
  );
  route(app, deps, api.draw, async ({ params, language, now }) =>
    drawProof(deps, params.gameId, params.numero, language, now),
  );
  route(app, deps, api.gameDetail, async ({ params, language, now }) =>
    gameDetail(deps, params.gameId, language, now),
  );
  route(app, deps, api.placeBet, async ({ caller, body, idempotency, language, now }) =>
    placeBet(deps, asMember(caller).memberId, body, idempotency, language, now),
  );
  route(app, deps, api.myBets, async ({ caller, query, language }) =>
    myBets(deps, asMember(caller).memberId, query, language),
  );
  route(app, deps, api.cancelBet, async ({ caller, params, idempotency, language, now }) =>
    cancelBet(deps, asMember(caller).memberId, params.ticketNo, idempotency, language, now),
  );
}

export function lotteryConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, console.games, async ({ now }) => consoleService.consoleGames(deps, now));
  route(app, deps, console.updateGame, async ({ params, body, ...call }) =>
    consoleService.updateGame(deps, call, params.gameId, body),
  );
  route(app, deps, console.odds, async () => consoleService.consoleOdds(deps));
  route(app, deps, console.saveOdds, async ({ params, body, ...call }) =>
    consoleService.saveOdds(deps, call, params.shape, body.rows),
  );
  route(app, deps, console.draws, async ({ query, now }) => consoleService.consoleDraws(deps, query, now));
  route(app, deps, console.enterResult, async ({ params, body, ...call }) =>
    consoleService.enterResult(deps, call, params.id, body.result),
  );
  route(app, deps, console.confirmResult, async ({ params, body, ...call }) =>
    consoleService.confirmResult(deps, call, params.id, body.result),
  );
  route(app, deps, console.voidDraw, async ({ params, body, ...call }) =>
    consoleService.voidDraw(deps, call, params.id, body.reason),
  );
  route(app, deps, console.importResults, async ({ body, ...call }) =>
    consoleService.importResults(deps, call, consoleService.resultFeedOf(deps.config, body)),
  );
}
