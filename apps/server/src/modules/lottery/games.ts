import {
  type LotteryDraw,
  type LotteryGame,
  type LotteryGameDetail,
  type LotteryMenu,
  type PrizeMode,
  toMajor,
} from '@tessera/contract';
import { BET_TYPE_ORDER, type BetTypeCode } from '@tessera/lottery';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { gameName } from '../games/catalogue.ts';
import { currencyOf } from '../wallet/settings.ts';
import { drawIfDue, drawsOnSale, ensureDraws, timesOf } from './draws.ts';
import { drawAfter } from './schedule.ts';
import * as store from './store.ts';
import { drawView, gameView } from './views.ts';

/** The menus' titles by tag; a tag without one shows as itself. */
const MENU_TITLES: Record<string, Record<string, string>> = {
  MB: { EN: 'Northern', VI: 'Miền Bắc', CN: '北部' },
  MT: { EN: 'Central', VI: 'Miền Trung', CN: '中部' },
  MN: { EN: 'Southern', VI: 'Miền Nam', CN: '南部' },
  ELOTT: { EN: 'Fast e-lottery', VI: 'Xổ số siêu tốc', CN: '极速彩' },
  SEA: { EN: '4D', VI: '4D', CN: '4D' },
  ZY: { EN: 'Tessera draws', VI: 'Xổ số Tessera', CN: '自营彩' },
  RECENT: { EN: 'Recently played', VI: 'Chơi gần đây', CN: '最近玩过' },
};

const POPULAR_DAYS = 7;
const DAY_MS = 86_400_000;

async function enabledGames(deps: AppDeps, prizeMode?: PrizeMode) {
  return store.listGames(deps.db, { enabledOnly: true, prizeMode });
}

/** Games as the wire shows them, each with its draw on sale as stored (drawsOnSale), in their order. */
export async function gameViews(
  db: Queryable,
  games: store.GameDb[],
  language: string,
  now: Date,
): Promise<LotteryGame[]> {
  const onSale = await drawsOnSale(db, games, now);
  return games.map((game) => gameView(game, onSale.get(game.game_id) ?? null, language, now));
}

function menusOf(games: LotteryGame[], language: string, tagOf = (game: LotteryGame) => game.gameMenuTag) {
  const menus: Record<string, LotteryMenu> = {};
  for (const game of games) {
    const tag = tagOf(game);
    menus[tag] ??= {
      tag,
      gameGroupCode: tag,
      title: gameName(MENU_TITLES[tag] ?? { EN: tag }, language),
      gameMenus: [],
    };
    menus[tag].gameMenus.push(game);
  }
  return menus;
}

/** The menus of a prize mode (of every mode when none is named), keyed by tag, games in their order. */
export async function gameMenus(
  deps: AppDeps,
  prizeMode: PrizeMode | undefined,
  language: string,
  now: Date,
) {
  const games = await enabledGames(deps, prizeMode);
  return menusOf(await gameViews(deps.db, games, language, now), language);
}

/** The games the member bet on most recently, as one menu RECENT. */
export async function recentMenus(
  deps: AppDeps,
  memberId: number,
  query: { prizeMode?: PrizeMode | undefined; recentCount: number },
  language: string,
  now: Date,
) {
  const ids = await store.recentGameIds(deps.db, memberId, query.recentCount);
  const games = await enabledGames(deps, query.prizeMode);
  const byId = new Map(games.map((game) => [game.game_id, game]));
  const recent = await gameViews(
    deps.db,
    ids.flatMap((id) => byId.get(id) ?? []),
    language,
    now,
  );
  return recent.length === 0 ? {} : menusOf(recent, language, () => 'RECENT');
}

/** The lottery games by the header's game type they belong to: the e-lottery under ELOTT, the others under LOTT. */
export async function gamesByGameType(deps: AppDeps, language: string, now: Date) {
  const views = await gameViews(deps.db, await enabledGames(deps), language, now);
  return {
    LOTT: views.filter((game) => game.prizeMode !== 'Elott'),
    ELOTT: views.filter((game) => game.prizeMode === 'Elott'),
  };
}

export async function gameList(deps: AppDeps, prizeMode: PrizeMode | undefined, language: string, now: Date) {
  return gameViews(deps.db, await enabledGames(deps, prizeMode), language, now);
}

/** The games with the most tickets of the last week, then in their order; count at most. */
export async function popularGames(
  deps: AppDeps,
  query: { prizeMode?: PrizeMode | undefined; count: number },
  language: string,
  now: Date,
) {
  const [games, counts] = await Promise.all([
    enabledGames(deps, query.prizeMode),
    store.ticketCountsSince(deps.db, new Date(now.getTime() - POPULAR_DAYS * DAY_MS)),
  ]);
  const chosen = games
    .map((game, order) => ({ game, order, tickets: counts.get(game.game_id) ?? 0 }))
    .sort((a, b) => b.tickets - a.tickets || a.order - b.order)
    .slice(0, query.count)
    .map(({ game }) => game);
  return gameViews(deps.db, chosen, language, now);
}

/** The draw on sale of each game (or of one), with its countdowns. */
export async function openNumeros(
  deps: AppDeps,
  query: { gameId?: string | undefined; prizeMode?: PrizeMode | undefined },
  language: string,
  now: Date,
) {
  const games = await enabledGames(deps, query.prizeMode);
  return gameViews(
    deps.db,
    games.filter((game) => !query.gameId || game.code === query.gameId),
    language,
    now,
  );
}

async function gameOf(deps: AppDeps, code: string): Promise<store.GameDb> {
  const game = await store.gameByCode(deps.db, code);
  if (!game?.enabled) throw new AppError('lottery_game_not_found');
  return game;
}

/**
 * Drawn draws, newest first: of one game, of a prize mode, or of all. An rng draw whose time has come is drawn first
 * (the job does it too; whoever holds the row first draws it), so a page asking after the draw time sees the result.
 */
export async function drawnDraws(
  deps: AppDeps,
  query: { gameId?: string | undefined; prizeMode?: PrizeMode | undefined; pageNo: number; pageSize: number },
  language: string,
  now: Date,
) {
  const game = query.gameId ? await gameOf(deps, query.gameId) : null;
  if (game) await drawDueOf(deps, game, now);
  const games = new Map(
    (await store.listGames(deps.db, { enabledOnly: true })).map((row) => [row.game_id, row]),
  );
  const { rows, total } = await store.drawnDraws(deps.db, {
    gameId: game?.game_id,
    prizeMode: query.prizeMode,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const list = rows.flatMap((draw) => {
    const owner = games.get(draw.game_id);
    return owner ? [drawView(draw, owner, language)] : [];
  });
  return { list, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Draws the game's rng draws whose time came (a page asking after the draw sees its result at once). */
async function drawDueOf(deps: AppDeps, game: store.GameDb, now: Date) {
  if (game.source !== 'rng') return;
  for (const draw of await store.dueDrawsOf(deps.db, game.game_id, now)) await drawIfDue(deps, draw.id, now);
}

/** The draw on sale of a game and the next ones, written first when missing (their seed hashes are then public). */
export async function nearDraws(deps: AppDeps, code: string, count: number, language: string, now: Date) {
  const game = await gameOf(deps, code);
  const draws = await ensureDraws(deps, game, now, Math.min(count, 2));
  const views = draws.map((draw) => drawView(draw, game, language));
  // Further draws are named by the schedule, after the last written; their rows (and seeds) are written when they
  // come near.
  let after = draws.at(-1)?.draws_at ?? now;
  while (views.length < count) {
    const times = drawAfter(game, after);
    after = times.drawsAt;
    views.push({
      gameId: game.code,
      gameName: gameName(game.names, language),
      numero: times.numero,
      shape: game.shape,
      state: 'open',
      opensAt: times.opensAt.toISOString(),
      locksAt: times.locksAt.toISOString(),
      drawsAt: times.drawsAt.toISOString(),
      result: null,
      seedHash: null,
      seed: null,
    });
  }
  return views;
}

export async function drawProof(
  deps: AppDeps,
  code: string,
  numero: string,
  language: string,
  now: Date,
): Promise<LotteryDraw> {
  const game = await gameOf(deps, code);
  await drawDueOf(deps, game, now);
  const draw = await store.drawByNumero(deps.db, game.game_id, numero);
  if (!draw) throw new AppError('lottery_draw_not_found');
  return drawView(draw, game, language);
}

/** A game's betting view: the game, its bet types with prices and payouts, its draw on sale and its last results. */
export async function gameDetail(
  deps: AppDeps,
  code: string,
  language: string,
  now: Date,
): Promise<LotteryGameDetail> {
  const game = await gameOf(deps, code);
  await drawDueOf(deps, game, now);
  const [current] = await ensureDraws(deps, game, now, 1);
  const [odds, recent, currency] = await Promise.all([
    store.listOdds(deps.db, game.shape),
    store.drawnDraws(deps.db, { gameId: game.game_id, limit: 10, offset: 0 }),
    currencyOf(deps),
  ]);
  const major = (minor: bigint | string) => toMajor(BigInt(minor), currency.digits);
  const offered = new Map(odds.filter((row) => row.enabled).map((row) => [row.bet_type, row]));
  return {
    game: gameView(game, current ? timesOf(current) : null, language, now),
    betTypes: BET_TYPE_ORDER.flatMap((betType: BetTypeCode) => {
      const row = offered.get(betType);
      return row
        ? [
            {
              betType,
              pricePerPoint: major(row.price_per_point),
              payouts: Object.fromEntries(
                Object.entries(row.payouts).map(([tier, value]) => [tier, major(value)]),
              ),
              maxPoints: row.max_points,
            },
          ]
        : [];
    }),
    current: current ? drawView(current, game, language) : null,
    recent: recent.rows.map((draw) => drawView(draw, game, language)),
    currency: currency.currency,
    currencySymbol: currency.currencySymbol,
  };
}
