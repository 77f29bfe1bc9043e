import { z } from 'zod';
import { idParams, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { gameClass } from './catalogue.ts';
import { GAME_TYPES } from './player.ts';

/** The game catalogue as the console manages it: vendors and games, enabled, hot, order and icons. */

const operations = operator('operations');
const read = operator('operations', 'support', 'finance');

const names = z
  .object({
    EN: z.string().trim().min(1).max(80),
    VI: z.string().trim().max(80).default(''),
    CN: z.string().trim().max(80).default(''),
  })
  .strict();

const consoleVendor = z.object({
  id: z.number().int(),
  gameType: z.enum(GAME_TYPES),
  vassalage: z.string(),
  displayName: z.string(),
  /** Its name in Vietnamese and Chinese ('' where it has none: the display name shows). */
  names: z.object({ VI: z.string(), CN: z.string() }),
  transferWallet: z.boolean(),
  isHot: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
  iconImageId: z.string().nullable(),
  icon: z.string(),
  games: z.number().int(),
  enabledGames: z.number().int(),
});
export type ConsoleVendor = z.infer<typeof consoleVendor>;

export const vendorUpdate = z.object({
  displayName: z.string().trim().min(1).max(60),
  names: z
    .object({ VI: z.string().trim().max(60).default(''), CN: z.string().trim().max(60).default('') })
    .strict()
    .default({ VI: '', CN: '' }),
  isHot: z.boolean(),
  sort: z.number().int().min(0).max(9999),
  enabled: z.boolean(),
  iconImageId: z.uuid().nullable(),
});

const consoleGame = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  vassalage: z.string(),
  gameType: z.enum(GAME_TYPES),
  code: z.string(),
  gameId: z.string().nullable(),
  roomId: z.string().nullable(),
  names: z.object({ EN: z.string(), VI: z.string(), CN: z.string() }),
  classify: gameClass,
  /** Major units. */
  minBet: z.number(),
  lineNum: z.number().int(),
  platforms: z.array(z.string()),
  hotRank: z.number().int().nullable(),
  sort: z.number().int(),
  demo: z.boolean(),
  enabled: z.boolean(),
  iconImageId: z.string().nullable(),
  icon: z.string(),
  updatedAt: z.string(),
});
export type ConsoleGame = z.infer<typeof consoleGame>;

export const gameUpdate = z.object({
  names,
  classify: gameClass,
  hotRank: z.number().int().min(1).max(9999).nullable(),
  sort: z.number().int().min(0).max(9999),
  demo: z.boolean(),
  enabled: z.boolean(),
  iconImageId: z.uuid().nullable(),
});

export const consoleGameQuery = paging.extend({
  vendorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  search: z.string().trim().max(60).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  hot: z.enum(['true', 'false']).optional(),
});

/** A provider's round still open (its win or rollback never arrived), as the console lists it. */
const openProviderRound = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  provider: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  roundRef: z.string(),
  /** Major units. */
  bet: z.number(),
  win: z.number(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type OpenProviderRound = z.infer<typeof openProviderRound>;

export const openRoundQuery = paging.extend({
  /** Rounds open for longer than this (0: every open round). */
  olderThanMinutes: z.coerce.number().int().min(0).max(525_600).default(60),
});

/** A win in major units: a number or a decimal string, zero for a round the player lost. */
const resultAmount = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,13}(\.\d{1,6})?$/, 'invalid_format')
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(1e12));

/**
 * How an operator settles a round left open: every stake of it back to the player (refund), or the result the
 * provider reports (result: what the round won, paid against its last stake). Either closes the round; the provider's
 * own late win or rollback of it is then refused.
 */
export const roundSettlement = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('refund') }).strict(),
  z.object({ outcome: z.literal('result'), win: resultAmount }).strict(),
]);

export const gamesConsoleEndpoints = {
  vendors: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/game-vendors`,
    access: read,
    query: z.object({ gameType: z.enum(GAME_TYPES).optional() }),
    response: z.array(consoleVendor),
  }),
  updateVendor: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/game-vendors/:id`,
    access: operations,
    params: idParams,
    body: vendorUpdate,
    response: consoleVendor,
  }),
  /** Fetches every enabled provider's catalogue again (vendors, games, tiles, jackpots, matches), as a job. */
  syncCatalogue: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/game-vendors/sync`,
    access: operations,
    response: z.object({ jobId: z.number().int() }),
  }),
  games: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/games`,
    access: read,
    query: consoleGameQuery,
    response: page(consoleGame),
  }),
  updateGame: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/games/:id`,
    access: operations,
    params: idParams,
    body: gameUpdate,
    response: consoleGame,
  }),
  /** Provider rounds open for longer than olderThanMinutes, oldest first. */
  openRounds: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/game-rounds/open`,
    access: read,
    query: openRoundQuery,
    response: page(openProviderRound),
  }),
  /** Settles an open provider round (audited); a repeat of the same settlement answers the same. */
  settleRound: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/game-rounds/:id/settle`,
    access: operator('finance'),
    params: idParams,
    body: roundSettlement,
    response: openProviderRound.extend({ status: z.enum(['settled', 'void']) }),
  }),
};
