import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

/**
 * Launching a game (spec §3 "other game launch request", §4 game launch). The answer carries the address the game
 * frame opens, under each name the original's clients read.
 */

/** accountType: 1 plays for real money, 0 is free play. */
export const ACCOUNT_TYPES = { demo: 0, real: 1 } as const;

const idText = z
  .string()
  .trim()
  .max(80)
  .regex(/^[A-Za-z0-9_.:-]*$/, 'invalid_format');
const code = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9_]*$/, 'invalid_format');

export const launchQuery = z.object({
  gameId: idText.optional(),
  roomId: idText.optional(),
  nodeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  accountType: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || value === 1, 'invalid_value')
    .default(1),
  confirmTrans: z.coerce.number().int().min(0).max(1).optional(),
  vassalage: code.optional(),
  accountTypeName: code.optional(),
  launchMode: z.enum(['GLS', 'LOTT']).default('GLS'),
  platform: z.string().trim().max(40).optional(),
  clientType: z.string().trim().max(10).optional(),
  device: z.string().trim().max(10).optional(),
  language: z.string().trim().max(10).optional(),
  merchantCode: z.string().trim().max(40).optional(),
  /** The lottery launch (launchMode LOTT, spec §3): area, prize mode, game and view (lobby or betting). */
  lottoArea: z.string().trim().max(10).optional(),
  lottoPrizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).optional(),
  lottoGameCode: code.optional(),
  lottoView: z.enum(['lobby', 'betting']).optional(),
  hasLobby: z.string().trim().max(10).optional(),
  /** Where the game's back and close return to: a path of the site. */
  backUrl: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/(?![/\\])/, 'invalid_format')
    .optional(),
});

const launchAnswer = z.object({
  game_url: z.string(),
  gameUrl: z.string(),
  content: z.object({ game_url: z.string() }),
  /** Whether the game plays for real money (false: free play). */
  real: z.boolean(),
});

export const launchEndpoints = {
  launchGame: endpoint({
    method: 'GET',
    path: '/wps/game/launchGame',
    access: 'member',
    query: launchQuery,
    response: launchAnswer,
  }),
  /** The launch address, second version: the same answer, in the language of the Language header. */
  launchGameV2: endpoint({
    method: 'GET',
    path: '/wps/v2/game/launchGame',
    access: 'member',
    query: launchQuery,
    response: launchAnswer,
  }),
  /** The sports vendor FB's own launch: its game, for real money. */
  launchFb: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_gameLaunchFB',
    access: 'realMember',
    query: launchQuery.pick({ language: true, platform: true, backUrl: true }),
    response: launchAnswer,
  }),
  /** Free play without an account (FREEPLAY3): only games that allow it. */
  trialLaunch: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    access: 'visitor',
    query: launchQuery,
    response: launchAnswer,
  }),
};
