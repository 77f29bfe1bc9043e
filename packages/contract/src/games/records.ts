import { z } from 'zod';
import { isoDateTime, page, paging } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { GAME_TYPES } from './player.ts';

/** The member's betting record (member centre personalHistoryCopy): rounds of every game, the latest first. */

const ROUND_STATUSES = ['open', 'settled', 'void'] as const;

const betRecord = z.object({
  /** The round's number in Tessera. */
  id: z.string(),
  /** The provider's round id. */
  roundRef: z.string(),
  nodeId: z.number().int(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES),
  vassalage: z.string(),
  vendorName: z.string(),
  /** Major units: staked, won, and won minus staked. */
  bet: z.number(),
  win: z.number(),
  profit: z.number(),
  status: z.enum(ROUND_STATUSES),
  startedAt: z.string(),
  updatedAt: z.string(),
});

export const betRecordQuery = paging.extend({
  gameType: z.enum(GAME_TYPES).optional(),
  vassalage: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_]*$/, 'invalid_format')
    .optional(),
  startTime: isoDateTime.optional(),
  endTime: isoDateTime.optional(),
});

export const recordsEndpoints = {
  betRecords: endpoint({
    method: 'GET',
    path: '/wps/game/bets',
    access: 'realMember',
    query: betRecordQuery,
    response: page(betRecord).extend({
      currency: z.string(),
      currencySymbol: z.string(),
      digits: z.number().int(),
      /** Totals of every round the filter matches (not only this page). */
      totalBet: z.number(),
      totalWin: z.number(),
      totalProfit: z.number(),
    }),
  }),
};
