import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { decimal } from '../wallet/money.ts';
import { GAME_TYPES, gameVendor } from './player.ts';

/**
 * The game catalogue as the lobbies and the original client read it (spec §2 game lists, §3 game object and game
 * list query): games of a category or vendor, hot games, favourites, recent games and the winner board.
 */

/** A game's class, which the slots lobby filters on; the other lobbies show their own (LIVE, SPORTS …). */
export const GAME_CLASSES = [
  'SLOT',
  'SCRATCH',
  'VIDEO_POKER',
  'TABLE',
  'ARCADE',
  'BINGO',
  'LIVE',
  'SPORTS',
  'FISH',
  'CARD',
  'LOTTERY',
] as const;
export const gameClass = z.enum(GAME_CLASSES);
export type GameClass = z.infer<typeof gameClass>;

/** The class filter of the slots lobby, 'ALL' first: bingo only when the site supports the TY language. */
export function lobbyClasses(languages: readonly string[] = SUPPORTED_LANGUAGES): ('ALL' | GameClass)[] {
  const classes: ('ALL' | GameClass)[] = ['ALL', 'SCRATCH', 'VIDEO_POKER', 'TABLE', 'ARCADE', 'SLOT'];
  return languages.includes('TY') ? [...classes, 'BINGO'] : classes;
}

/** A tile of a lobby: a game, or a vendor whose games open in a popup list (isGame VASSALAGE). */
const game = z.object({
  /** The catalogue row: what favourites and recent games name. */
  nodeId: z.number().int(),
  /** What the provider launches; with neither, the game is "Coming Soon". */
  gameId: z.string().nullable(),
  roomId: z.string().nullable(),
  gameCode: z.string(),
  code: z.string(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES),
  vassalage: z.string(),
  vendor: z.string(),
  vendorName: z.string(),
  /** The wallet the game plays from, as the original names it (the vendor's code). */
  accountTypeName: z.string(),
  isGame: z.enum(['GAME', 'VASSALAGE']),
  gameClassify: gameClass,
  /** The smallest stake, in major units. */
  minBet: z.number(),
  lineNum: z.number().int(),
  platform: z.array(z.string()),
  hotRank: z.number().int().nullable(),
  /** Free play (accountType 0) is allowed: for visitors and trial accounts too. */
  trial: z.boolean(),
  /** A house game: a trial account (free play) plays it with play money, never real money. */
  playMoney: z.boolean(),
  icon: z.string(),
});
export type Game = z.infer<typeof game>;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(24);
/** The client's own fields of every games call, which the answer does not depend on. */
const clientFields = {
  clientType: optionalText(10),
  channel: optionalText(40),
  merchant: optionalText(40),
  merchantCode: optionalText(40),
  language: optionalText(10),
};
/** "flash,html5-desktop": the platforms the client can run; a game is listed when it runs on one of them. */
const platforms = text(100)
  .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'invalid_format')
  .optional();
const gameTypeFilter = z.enum(GAME_TYPES).optional();
const vendorCode = text(40)
  .regex(/^[A-Za-z0-9_]*$/, 'invalid_format')
  .optional();

export const gameListQuery = z.object({
  ...clientFields,
  platform: platforms,
  gameType: gameTypeFilter,
  vassalage: vendorCode,
  gameClassify: z.union([z.literal(''), z.literal('ALL'), gameClass]).optional(),
  gameName: optionalText(60),
  minBet: decimal.pipe(z.number().min(0).max(1_000_000_000)).optional(),
  minLineNum: z.coerce.number().int().min(0).max(10_000).optional(),
  /** lobby (the default): the operator's order; new: the games added to the catalogue last, first (home's rail). */
  sort: z.enum(['lobby', 'new']).optional(),
  pageNo,
  pageSize,
});

const favouriteInput = z.object({
  nodeId: z.coerce.number().int().positive().max(2_147_483_647),
  vendor: vendorCode,
  gameType: gameTypeFilter,
});

const winner = z.object({
  /** The winner's user name, masked. */
  customerName: z.string(),
  winAmount: z.number(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES),
  vassalage: z.string(),
  nodeId: z.number().int(),
  icon: z.string(),
  winTime: z.string(),
});

const boardQuery = z.object({
  gameCategory: z.union([z.literal('ALL'), z.enum(GAME_TYPES)]).default('ALL'),
  language: optionalText(10),
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
});

/** A vendor of a lane or list: its card (as in the game menus) and how many games it has there. */
const vendorCard = gameVendor.extend({ gameCount: z.number().int() });

const vendorTypes = z.record(z.string(), z.record(z.string(), z.array(z.string())));

export const catalogueEndpoints = {
  gameList: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    access: 'visitor',
    query: gameListQuery,
    response: z.object({ games: z.array(game), total: z.number().int(), totalPages: z.number().int() }),
  }),
  /** Hot games of every category, in the order of HOT_GROUPS; with vassalage, that vendor's only. */
  hotGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    access: 'visitor',
    query: z.object({
      ...clientFields,
      isPlatform: optionalText(5),
      vassalage: vendorCode,
      platform: platforms,
    }),
    response: z.object({ list: z.record(z.string(), z.array(game)) }),
  }),
  /** The vendor lanes: one per category, its vendor cards and the classes its games have. */
  vendorLanes: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    access: 'visitor',
    query: z.object({ ...clientFields, platform: platforms }),
    response: z.object({
      data: z.object({
        lanes: z.array(
          z.object({
            title: z.string(),
            gameType: z.enum(GAME_TYPES),
            gameClassify: z.array(gameClass),
            cards: z.array(vendorCard),
          }),
        ),
      }),
    }),
  }),
  /** The vendors of one category (or all), as cards. */
  gameVendors: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    access: 'visitor',
    query: z.object({ ...clientFields, gameType: gameTypeFilter }),
    response: z.object({
      list: z.array(vendorCard),
    }),
  }),
  /** gameType → vendor code → the classes of that vendor's games in that category. */
  vendorGameTypes: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    access: 'visitor',
    query: z.object(clientFields),
    response: z.object({ content: vendorTypes }),
  }),
  vendorGameTypesGls: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS2_getVassGameType',
    access: 'visitor',
    query: z.object(clientFields),
    response: z.object({ content: vendorTypes }),
  }),
  favouriteIds: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    access: 'member',
    response: z.array(z.number().int()),
  }),
  favourites: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    access: 'member',
    query: z.object({ ...clientFields, platform: platforms, gameType: gameTypeFilter, pageNo, pageSize }),
    response: z.object({ content: z.array(game), pageNum: z.number().int(), totalPages: z.number().int() }),
  }),
  addFavourite: endpoint({
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    access: 'member',
    body: favouriteInput,
    response: z.object({ nodeIds: z.array(z.number().int()) }),
  }),
  /** The original sends the game in the query or in a body; both are read. */
  removeFavourite: endpoint({
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    access: 'member',
    query: favouriteInput.partial(),
    body: favouriteInput.partial().optional(),
    response: z.object({ nodeIds: z.array(z.number().int()) }),
  }),
  recentGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    access: 'member',
    query: z.object({ ...clientFields, vassalage: vendorCode, gameType: gameTypeFilter, pageNo, pageSize }),
    response: z.object({ list: z.array(game), totalPages: z.number().int() }),
  }),
  winnerBoard: endpoint({
    method: 'GET',
    path: '/wps/relay/ODSFE2_getWinnerBoard',
    access: 'visitor',
    query: boardQuery,
    response: z.object({ list: z.array(z.object({ vo: winner })) }),
  }),
  /** The biggest wins of the last seven days, ranked. */
  rankList: endpoint({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    access: 'visitor',
    query: boardQuery,
    response: z.object({ list: z.array(winner.extend({ rank: z.number().int() })) }),
  }),
  /** The vendors' progressive jackpots as their providers last reported them, and their sum. */
  jackpot: endpoint({
    method: 'GET',
    path: '/wps/relay/VIS_getJackpot',
    access: 'visitor',
    query: z.object(clientFields),
    response: z.object({
      total: z.number(),
      currency: z.string(),
      list: z.array(
        z.object({
          vassalage: z.string(),
          displayName: z.string(),
          gameType: z.enum(GAME_TYPES),
          amount: z.number(),
          updatedAt: z.string(),
        }),
      ),
    }),
  }),
  /** The card and board rooms (PVP games with a room id). */
  rooms: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS2_roomList',
    access: 'visitor',
    query: z.object({ ...clientFields, vassalage: vendorCode }),
    response: z.object({
      list: z.array(
        z.object({
          roomId: z.string(),
          nodeId: z.number().int(),
          roomName: z.string(),
          gameName: z.string(),
          vassalage: z.string(),
          minBet: z.number(),
          icon: z.string(),
          /** Players at the room's table now (the house's rooms; 0 where the provider does not say). */
          players: z.number().int(),
          /** A house room: a trial account (free play) plays it with play money. */
          playMoney: z.boolean(),
        }),
      ),
    }),
  }),
};
