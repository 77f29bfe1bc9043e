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

/** One item of the header per game type, with its vendors. */
export const gameMenu = z.object({
  gameType: z.enum(GAME_TYPES),
  title: z.string(),
  vendors: z.array(gameVendor),
});
export type GameMenu = z.infer<typeof gameMenu>;

export const gamesEndpoints = {
  gameMenus: endpoint({
    method: 'GET',
    path: '/lgw/games/game_menus',
    access: 'visitor',
    response: z.array(gameMenu),
  }),
};
