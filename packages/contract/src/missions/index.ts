import { z } from 'zod';
import { id, isoDateTime, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { GAME_TYPES } from '../games/player.ts';
import { amount } from '../wallet/money.ts';
import { currencyInfo } from '../wallet/player.ts';

/**
 * Missions and leaderboards (issue 24 part 4, the member centre's missionLeaderboard page, module flag MISSION3).
 * A mission counts one measure over its period (a merchant day, a merchant week from Monday, or an event's
 * window) and pays each milestone reached once, on the member's claim. An event mission may rank its members
 * (value reached, ties by who reached it first) and pay prizes by rank once after it closes. Money in major units on
 * the wire; counts (bets, days) are whole numbers.
 */

export const MISSION_KINDS = ['daily', 'weekly', 'event'] as const;
export const MISSION_MEASURES = ['bet_amount', 'valid_bet', 'deposits', 'bet_count', 'login_days'] as const;
export type MissionMeasure = (typeof MISSION_MEASURES)[number];
/** Measures counted in money (major units on the wire); the others are counts. */
export const MONEY_MEASURES: readonly MissionMeasure[] = ['bet_amount', 'valid_bet', 'deposits'];
/** Measures of play, which a product scope narrows; deposits and login days have none. */
export const PLAY_MEASURES: readonly MissionMeasure[] = ['bet_amount', 'valid_bet', 'bet_count'];

/** O open (running now), C closed (ended, prizes not yet paid), S settled (prizes paid), as the original's status. */
const MISSION_STATUSES = ['O', 'C', 'S'] as const;

const notNegative = amount.pipe(z.number().min(0));
const multiple = z.coerce.number().int().min(0).max(100);
const points = z.coerce.number().int().min(0).max(1_000_000_000);
const tickets = z.coerce.number().int().min(0).max(1_000);
const titleText = z.string().trim().max(80);

/**
 * A milestone: reaching `target` lets the member claim its cash (with its turnover multiple), points and prize
 * tickets (the prize wheel's entries); at least one of them.
 */
const milestoneBody = z
  .object({
    target: amount.pipe(z.number().positive()),
    cash: notNegative,
    points,
    tickets: tickets.default(0),
    turnoverMultiple: multiple,
  })
  .refine((value) => value.cash > 0 || value.points > 0 || value.tickets > 0, {
    path: ['cash'],
    message: 'required',
  });

const prizeBody = z.object({ cash: notNegative, points });

export const missionBody = z
  .object({
    kind: z.enum(MISSION_KINDS),
    measure: z.enum(MISSION_MEASURES),
    /** The product type whose play counts; null: every product (and always for deposits and login days). */
    product: z.enum(GAME_TYPES).nullable().default(null),
    /** The title per language; English is required, a member reads theirs or else English. */
    titles: z.object({
      EN: titleText.min(1),
      VI: titleText.default(''),
      CN: titleText.default(''),
    }),
    /** An event's window (required for an event); for daily and weekly missions, optional dates it runs between. */
    startsAt: isoDateTime.nullable().default(null),
    endsAt: isoDateTime.nullable().default(null),
    enabled: z.boolean().default(true),
    milestones: z
      .array(milestoneBody)
      .min(1)
      .max(10)
      .refine(
        (rows) => rows.every((row, index) => index === 0 || row.target > (rows[index - 1]?.target ?? 0)),
        'tiers_order',
      ),
    /** An event's leaderboard: how many rows it shows, and the prize of each rank from the first (cash, points). */
    leaderboard: z
      .object({
        size: z.coerce.number().int().min(1).max(100),
        prizeTurnoverMultiple: multiple,
        prizes: z.array(prizeBody).max(100),
      })
      .nullable()
      .default(null),
  })
  .refine((value) => value.kind !== 'event' || value.startsAt !== null, {
    path: ['startsAt'],
    message: 'required',
  })
  .refine((value) => value.kind !== 'event' || value.endsAt !== null, {
    path: ['endsAt'],
    message: 'required',
  })
  .refine(
    (value) =>
      value.startsAt === null ||
      value.endsAt === null ||
      Date.parse(value.endsAt) > Date.parse(value.startsAt),
    { path: ['endsAt'], message: 'invalid_value' },
  )
  .refine((value) => value.kind === 'event' || value.leaderboard === null, {
    path: ['leaderboard'],
    message: 'invalid_value',
  })
  .refine(
    (value) =>
      MONEY_MEASURES.includes(value.measure) || value.milestones.every((row) => Number.isInteger(row.target)),
    { path: ['milestones'], message: 'invalid_value' },
  );
export type MissionBody = z.input<typeof missionBody>;

const milestoneView = z.object({
  index: z.number().int(),
  target: z.number(),
  cash: z.number(),
  points: z.number().int(),
  tickets: z.number().int(),
  turnoverMultiple: z.number().int(),
  /** locked: not reached; claimable: reached, not claimed; claimed. */
  state: z.enum(['locked', 'claimable', 'claimed']),
});

const rankRow = z.object({
  rank: z.number().int(),
  /** The member's name, masked for other members (ab***yz). */
  username: z.string(),
  value: z.number(),
  reachedAt: z.string(),
});

/** One open mission with this member's progress in its current period. */
const memberMission = z.object({
  id: z.number().int(),
  kind: z.enum(MISSION_KINDS),
  measure: z.enum(MISSION_MEASURES),
  product: z.enum(GAME_TYPES).nullable(),
  title: z.string(),
  /** The current period: [periodStart, periodEnd). */
  periodStart: z.string(),
  periodEnd: z.string(),
  value: z.number(),
  milestones: z.array(milestoneView),
  leaderboard: z.boolean(),
});
export type MemberMission = z.infer<typeof memberMission>;

const leaderboardView = z.object({
  ...currencyInfo,
  missionId: z.number().int(),
  measure: z.enum(MISSION_MEASURES),
  status: z.enum(MISSION_STATUSES),
  list: z.array(rankRow.extend({ prizeCash: z.number(), prizePoints: z.number().int() })),
  /** This member's own row (rank 0 and value 0 when not ranked yet). */
  footer: z.object({ rank: z.number().int(), reachedValue: z.number() }),
});
export type MissionLeaderboard = z.infer<typeof leaderboardView>;

const claimResult = z.object({
  missionId: z.number().int(),
  index: z.number().int(),
  cash: z.number(),
  points: z.number().int(),
  tickets: z.number().int(),
  turnoverMultiple: z.number().int(),
  claimedAt: z.string(),
});

export const missionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/wps/missions',
    access: 'realMember',
    response: z.object({ ...currencyInfo, list: z.array(memberMission) }),
  }),
  /** The menu badge: milestones reached and not claimed, over the open missions' current periods. */
  claimable: endpoint({
    method: 'GET',
    path: '/wps/missions/claimable',
    access: 'realMember',
    response: z.object({ count: z.number().int() }),
  }),
  /** Claims a reached milestone of the current period: its cash (with its obligation), points and tickets, once. */
  claim: endpoint({
    method: 'POST',
    path: '/wps/missions/:id/milestones/:index/claim',
    access: 'realMember',
    params: z.object({ id, index: z.coerce.number().int().min(0).max(9) }),
    idempotent: true,
    response: claimResult,
  }),
  leaderboard: endpoint({
    method: 'GET',
    path: '/wps/missions/:id/leaderboard',
    access: 'realMember',
    params: z.object({ id }),
    response: leaderboardView,
  }),
  /** The original's list: {status:"O", page, size} → list[{missionId, title, …}]. */
  originalSummary: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionSummaryDetails',
    access: 'realMember',
    query: z.object({
      status: z.enum(MISSION_STATUSES).default('O'),
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(
        z.object({
          missionId: z.number().int(),
          title: z.string(),
          missionType: z.string(),
          measure: z.string(),
          status: z.enum(MISSION_STATUSES),
          startTime: z.string(),
          endTime: z.string(),
          reachedValue: z.number(),
          milestones: z.array(
            z.object({
              target: z.number(),
              bonusAmount: z.number(),
              pointAmount: z.number(),
              status: z.string(),
            }),
          ),
        }),
      ),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
    }),
  }),
  /** The original's leaderboard: {missionId} → list and footer{rank, reachedValue} (the caller's row). */
  originalLeaderboard: endpoint({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMissionLeaderboard',
    access: 'realMember',
    query: z.object({ missionId: id }),
    response: z.object({
      list: z.array(z.object({ rank: z.number().int(), userName: z.string(), reachedValue: z.number() })),
      footer: z.object({ rank: z.number().int(), reachedValue: z.number() }),
    }),
  }),
};

const consoleMission = z.object({
  ...currencyInfo,
  id: z.number().int(),
  kind: z.enum(MISSION_KINDS),
  measure: z.enum(MISSION_MEASURES),
  product: z.enum(GAME_TYPES).nullable(),
  titles: z.object({ EN: z.string(), VI: z.string(), CN: z.string() }),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  enabled: z.boolean(),
  milestones: z.array(
    z.object({
      target: z.number(),
      cash: z.number(),
      points: z.number().int(),
      tickets: z.number().int(),
      turnoverMultiple: z.number().int(),
    }),
  ),
  leaderboard: z
    .object({
      size: z.number().int(),
      prizeTurnoverMultiple: z.number().int(),
      prizes: z.array(z.object({ cash: z.number(), points: z.number().int() })),
    })
    .nullable(),
  status: z.enum(MISSION_STATUSES),
  settledAt: z.string().nullable(),
  claims: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsoleMission = z.infer<typeof consoleMission>;

const consoleResults = z.object({
  ...currencyInfo,
  missionId: z.number().int(),
  status: z.enum(MISSION_STATUSES),
  settledAt: z.string().nullable(),
  /** Settled: the ranks paid; otherwise the live ranking so far (nothing paid yet). */
  list: z.array(
    z.object({
      rank: z.number().int(),
      memberId: z.number().int(),
      username: z.string(),
      value: z.number(),
      reachedAt: z.string(),
      prizeCash: z.number(),
      prizePoints: z.number().int(),
      paid: z.boolean(),
    }),
  ),
});
export type ConsoleMissionResults = z.infer<typeof consoleResults>;

const operations = operator('operations');
const support = operator('operations', 'support');

export const missionConsoleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/missions`,
    access: support,
    query: paging,
    response: page(consoleMission),
  }),
  create: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/missions`,
    access: operations,
    body: missionBody,
    response: consoleMission,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/missions/:id`,
    access: operations,
    params: z.object({ id }),
    body: missionBody,
    response: consoleMission,
  }),
  results: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/missions/:id/results`,
    access: support,
    params: z.object({ id }),
    response: consoleResults,
  }),
};
