import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const GAME_TYPES = ['LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** A vendor card of a game vendor lane (§3). */
export const gameVendor = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  smallIcon: z.string(),
  gameType: z.enum(GAME_TYPES),
  accountTypeId: z.number().int(),
});
export type GameVendor = z.infer<typeof gameVendor>;

/**
 * One item of the header per game type, with its vendors. For the original's client, which runs Object.values over
 * the whole answer, it is also a menu group: gameGroupCode (the game type) and gameMenus, the lottery games of the
 * group, which the lottery area fills (empty until then).
 */
const gameMenu = z.object({
  gameGroupCode: z.string(),
  gameMenus: z.array(z.record(z.string(), z.unknown())),
  gameType: z.enum(GAME_TYPES),
  title: z.string(),
  /** Header order (the answer is an object keyed by game type). */
  sort: z.number().int(),
  vendors: z.array(gameVendor),
});
export type GameMenu = z.infer<typeof gameMenu>;

export const gamesEndpoints = {
  /** Answered without the envelope, as the original reads /lgw calls: an object of menus keyed by game type. */
  gameMenus: endpoint({
    method: 'GET',
    path: '/lgw/games/game_menus',
    access: 'visitor',
    query: z.object({ prizeMode: z.string().trim().max(20).optional() }),
    answer: 'bare',
    response: z.record(z.string(), gameMenu),
  }),
};
