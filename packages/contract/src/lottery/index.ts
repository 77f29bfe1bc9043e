import { BET_TYPE_ORDER, type BetTypeCode, SHAPE_CODES, type ShapeCode } from '@tessera/lottery';
import { z } from 'zod';
import { idParams, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { NUMEROS_COUNT, POPULAR_GAMES_COUNT, PRIZE_MODES, RECENT_LOTTERY_COUNT } from '../constants.ts';
import { endpoint, operator } from '../endpoint.ts';
import { amount, wholeCount } from '../wallet/money.ts';

/**
 * The lottery (spec §2 lottery screens, §3 lottery game and launch, §9 lottery constants): the platform's own
 * games in four prize modes, their draws, the members' tickets, and the operator's side. The original's /lgw calls
 * answer bare JSON (its client runs Object.values over them); the site's own calls answer in the envelope. Money on
 * the wire is major units, as in the wallet.
 */

/** Lott: the official Vietnamese draws; Elott: fast e-lottery; SEA: Southeast-Asian 4D; ZY: the platform's own. */
export type PrizeMode = (typeof PRIZE_MODES)[number];
const prizeMode = z.enum(PRIZE_MODES);

const LOTTERY_DRAW_STATES = ['open', 'drawn', 'settled', 'void'] as const;
const LOTTERY_TICKET_STATES = ['placed', 'won', 'lost', 'cancelled', 'refunded'] as const;
export type LotteryTicketState = (typeof LOTTERY_TICKET_STATES)[number];

const betTypeCode = z.enum(BET_TYPE_ORDER as [BetTypeCode, ...BetTypeCode[]]);
const shapeCode = z.enum(SHAPE_CODES as [ShapeCode, ...ShapeCode[]]);

const gameCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,32}$/, 'invalid_format')
  .transform((code) => code.toUpperCase());
const numero = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,32}$/, 'invalid_format');
const device = z.string().trim().max(10).optional();
const language = z.string().trim().max(10).optional();
const count = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const drawResult = z.record(z.string(), z.array(z.string()));

/**
 * A lottery game (spec §3) as the menus and lobbies list it. numero is the draw on sale (null when none is),
 * lockTime the seconds until its betting closes (the countdown, lockTime × 1000 ms), remainTime the seconds until it
 * is drawn, winningTime when that is.
 */
const lotteryGame = z.object({
  gameId: z.string(),
  /** The catalogue game (favourites, recent games, the betting record). */
  nodeId: z.number().int(),
  gameName: z.string(),
  gameMenuTag: z.string(),
  prizeMode,
  remark: z.string(),
  numero: z.string().nullable(),
  remainTime: z.number().int(),
  lockTime: z.number().int(),
  /** Weekdays of its draws, 1 = Sunday … 7 = Saturday, comma-separated ("1,2,3,4,5,6,7" for every day). */
  drawDayOfWeek: z.string(),
  winningTime: z.string().nullable(),
  /** Seconds between draws of a fast game; null for a daily one. */
  intervalSeconds: z.number().int().nullable(),
  shape: shapeCode,
  /** official: results entered by operators or imported; rng: drawn by the platform from a committed seed. */
  source: z.enum(['official', 'rng']),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

/** A menu of lottery games (spec §3 lottery menu), keyed by tag in the answer; gameGroupCode repeats the tag. */
const lotteryMenu = z.object({
  tag: z.string(),
  gameGroupCode: z.string(),
  title: z.string(),
  gameMenus: z.array(lotteryGame),
});
export type LotteryMenu = z.infer<typeof lotteryMenu>;

/**
 * A draw and its proof. For an rng draw, seedHash is published when the draw is created (before betting opens) and
 * seed when it is drawn: the numbers follow from it (packages/lottery/DRAW_PROCEDURE.md).
 */
const lotteryDraw = z.object({
  gameId: z.string(),
  gameName: z.string(),
  numero: z.string(),
  shape: shapeCode,
  state: z.enum(LOTTERY_DRAW_STATES),
  opensAt: z.string(),
  locksAt: z.string(),
  drawsAt: z.string(),
  result: drawResult.nullable(),
  seedHash: z.string().nullable(),
  seed: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDraw>;

/** What one bet type costs and pays on a game: per point, by tier, in major units. */
const lotteryBetTypeOffer = z.object({
  betType: betTypeCode,
  pricePerPoint: z.number(),
  payouts: z.record(z.string(), z.number()),
  maxPoints: z.number().int(),
});

/** A game's betting view: the game, what it offers, its draw on sale and its last results. */
const lotteryGameDetail = z.object({
  game: lotteryGame,
  betTypes: z.array(lotteryBetTypeOffer),
  current: lotteryDraw.nullable(),
  recent: z.array(lotteryDraw),
  currency: z.string(),
  currencySymbol: z.string(),
});
export type LotteryGameDetail = z.infer<typeof lotteryGameDetail>;

const lotteryTicket = z.object({
  ticketNo: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  numero: z.string(),
  betType: betTypeCode,
  numbers: z.array(z.string()),
  lines: z.number().int(),
  points: z.number().int(),
  pricePerPoint: z.number(),
  stake: z.number(),
  /** What the ticket won (0 for a loss); null while placed, and for a cancelled or refunded ticket, whose stake came back. */
  payout: z.number().nullable(),
  hits: z.record(z.string(), z.number()).nullable(),
  state: z.enum(LOTTERY_TICKET_STATES),
  drawsAt: z.string(),
  locksAt: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryTicket = z.infer<typeof lotteryTicket>;

export const lotteryBetRequest = z.object({
  gameId: gameCode,
  numero,
  betType: betTypeCode,
  numbers: z.array(z.string().trim().max(4)).min(1).max(1000),
  points: wholeCount(1, 1_000_000),
});
export type LotteryBetRequest = z.input<typeof lotteryBetRequest>;

const menuQuery = z.object({ prizeMode: prizeMode.optional(), device, language });
const recentQuery = menuQuery.extend({ recentCount: count(RECENT_LOTTERY_COUNT, RECENT_LOTTERY_COUNT) });
const openNumeroQuery = z.object({ gameId: gameCode.optional(), prizeMode: prizeMode.optional() });

export const lotteryEndpoints = {
  /** The menus of a prize mode (every mode when absent), keyed by tag. */
  vnGameMenu: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    access: 'visitor',
    query: menuQuery,
    answer: 'bare',
    response: z.record(z.string(), lotteryMenu),
  }),
  /** The member's recently played games as one menu, RECENT (at most recentCount). */
  vnRecentMenu: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    access: 'member',
    query: recentQuery,
    answer: 'bare',
    response: z.record(z.string(), lotteryMenu),
  }),
  recentMenus: endpoint({
    method: 'GET',
    path: '/lgw/games/game_menus/recent',
    access: 'member',
    query: recentQuery,
    answer: 'bare',
    response: z.record(z.string(), lotteryMenu),
  }),
  /** Every enabled lottery game. */
  games: endpoint({
    method: 'GET',
    path: '/lgw/games',
    access: 'visitor',
    query: menuQuery,
    answer: 'bare',
    response: z.array(lotteryGame),
  }),
  /** The games with the most tickets of the last 7 days (then by sort). */
  popular: endpoint({
    method: 'GET',
    path: '/lgw/games/popular',
    access: 'visitor',
    query: menuQuery.extend({ count: count(100, POPULAR_GAMES_COUNT) }),
    answer: 'bare',
    response: z.array(lotteryGame),
  }),
  /** The latest drawn draws of every game (the results board), newest first. */
  openedNumeros: endpoint({
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    access: 'visitor',
    query: z.object({ count: count(200, NUMEROS_COUNT), prizeMode: prizeMode.optional() }),
    answer: 'bare',
    response: z.array(lotteryDraw),
  }),
  /** The draw on sale of each game, with its countdowns. */
  openNumero: endpoint({
    method: 'GET',
    path: '/lgw/games/opened/numero',
    access: 'member',
    query: openNumeroQuery,
    answer: 'bare',
    response: z.array(lotteryGame),
  }),
  lottoOpenNumero: endpoint({
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    access: 'member',
    query: openNumeroQuery,
    answer: 'bare',
    response: z.array(lotteryGame),
  }),
  /** Results history of a game (every game when absent), newest first. */
  draws: endpoint({
    method: 'GET',
    path: '/lgw/draw',
    access: 'visitor',
    query: z.object({ gameId: gameCode.optional(), ...paging.shape }),
    answer: 'bare',
    response: page(lotteryDraw),
  }),
  /** The latest draws of one game. */
  drawsOfGame: endpoint({
    method: 'GET',
    path: '/lgw/draw/code/:gameId',
    access: 'visitor',
    params: z.object({ gameId: gameCode }),
    query: z.object({ count: count(100, 10) }),
    answer: 'bare',
    response: z.array(lotteryDraw),
  }),
  /** The draw on sale of a game and the next ones (at most count). */
  nearNumeros: endpoint({
    method: 'GET',
    path: '/lgw/numeros/near',
    access: 'visitor',
    query: z.object({ gameId: gameCode, count: count(20, 5) }),
    answer: 'bare',
    response: z.array(lotteryDraw),
  }),
  /** One draw with its proof (the verification page). */
  draw: endpoint({
    method: 'GET',
    path: '/wps/lottery/draws/:gameId/:numero',
    access: 'visitor',
    params: z.object({ gameId: gameCode, numero }),
    response: lotteryDraw,
  }),
  gameDetail: endpoint({
    method: 'GET',
    path: '/wps/lottery/games/:gameId',
    access: 'visitor',
    params: z.object({ gameId: gameCode }),
    response: lotteryGameDetail,
  }),
  placeBet: endpoint({
    method: 'POST',
    path: '/wps/lottery/bets',
    access: 'realMember',
    body: lotteryBetRequest,
    idempotent: true,
    response: lotteryTicket,
  }),
  myBets: endpoint({
    method: 'GET',
    path: '/wps/lottery/bets',
    access: 'member',
    query: z.object({
      gameId: gameCode.optional(),
      state: z.enum(LOTTERY_TICKET_STATES).optional(),
      ...paging.shape,
    }),
    response: page(lotteryTicket),
  }),
  cancelBet: endpoint({
    method: 'POST',
    path: '/wps/lottery/bets/:ticketNo/cancel',
    access: 'realMember',
    params: z.object({
      ticketNo: z
        .string()
        .trim()
        .regex(/^L[0-9]{1,30}$/, 'invalid_format'),
    }),
    idempotent: true,
    response: lotteryTicket,
  }),
};

const LOTTERY_CONSOLE_ROLES = ['operations'] as const;

export const consoleLotteryGame = lotteryGame.extend({
  enabled: z.boolean(),
  drawTime: z.string().nullable(),
  timeZone: z.string(),
  lockSeconds: z.number().int(),
  missed: z.enum(['late', 'void']),
});

export const consoleLotteryGameUpdate = z.object({
  enabled: z.boolean(),
  lockSeconds: z.coerce.number().int().min(0).max(86_400),
  intervalSeconds: z.coerce.number().int().min(60).max(86_400).nullable(),
  drawTime: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'invalid_format')
    .nullable(),
  drawDays: z
    .string()
    .regex(/^[1-7](,[1-7]){0,6}$/, 'invalid_format')
    .nullable(),
  missed: z.enum(['late', 'void']),
});

export const lotteryOddsRow = z.object({
  shape: shapeCode,
  betType: betTypeCode,
  pricePerPoint: amount,
  payouts: z.record(z.string(), amount),
  maxPoints: wholeCount(1, 1_000_000),
  capPerNumber: amount,
  enabled: z.boolean(),
});
export type LotteryOddsRow = z.infer<typeof lotteryOddsRow>;

/** A draw in the console: its state, who entered and confirmed its result, and its report. */
export const consoleLotteryDraw = lotteryDraw.extend({
  id: z.number().int(),
  source: z.enum(['official', 'rng']),
  /** Who entered the result waiting for confirmation, and when; never the numbers, which the confirmer types again. */
  enteredBy: z.string().nullable(),
  enteredAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
  tickets: z.number().int(),
  stake: z.number(),
  payout: z.number(),
  /** Stake minus payout: what the house kept (negative when it lost). */
  houseResult: z.number(),
});

export const lotteryResultImport = z.object({
  /** The results as JSON: [{gameId, numero, result}], or a URL the server fetches them from. */
  results: z
    .array(z.object({ gameId: gameCode, numero, result: drawResult }))
    .max(500)
    .optional(),
  url: z.string().trim().url().max(500).optional(),
});

const roles = operator(...LOTTERY_CONSOLE_ROLES);
export const lotteryConsoleEndpoints = {
  games: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/lottery/games`,
    access: roles,
    response: z.array(consoleLotteryGame),
  }),
  updateGame: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/lottery/games/:gameId`,
    access: roles,
    params: z.object({ gameId: gameCode }),
    body: consoleLotteryGameUpdate,
    response: consoleLotteryGame,
  }),
  odds: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/lottery/odds`,
    access: roles,
    response: z.array(lotteryOddsRow),
  }),
  /** Saves the whole table of one shape at once. */
  saveOdds: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/lottery/odds/:shape`,
    access: roles,
    params: z.object({ shape: shapeCode }),
    body: z.object({ rows: z.array(lotteryOddsRow).min(1).max(40) }),
    response: z.array(lotteryOddsRow),
  }),
  draws: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/lottery/draws`,
    access: roles,
    query: z.object({
      gameId: gameCode.optional(),
      state: z.enum([...LOTTERY_DRAW_STATES, 'awaiting']).optional(),
      /** A draw number or its start (a day: 20260601). */
      numero: z
        .string()
        .trim()
        .regex(/^[0-9][0-9-]{0,13}$/, 'invalid_format')
        .optional(),
      ...paging.shape,
    }),
    response: page(consoleLotteryDraw),
  }),
  /** First operator: enters an official result, which waits for a second operator's confirmation. */
  enterResult: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/lottery/draws/:id/result`,
    access: roles,
    params: idParams,
    body: z.object({ result: drawResult }),
    response: consoleLotteryDraw,
  }),
  /** Second operator: confirms by entering the same result again; the draw is then settled. */
  confirmResult: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/lottery/draws/:id/confirm`,
    access: roles,
    params: idParams,
    body: z.object({ result: drawResult }),
    response: consoleLotteryDraw,
  }),
  voidDraw: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/lottery/draws/:id/void`,
    access: roles,
    params: idParams,
    body: z.object({ reason: z.string().trim().min(3).max(200) }),
    response: consoleLotteryDraw,
  }),
  /** Imports official results (as entered results, each waiting for an operator's confirmation). */
  importResults: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/lottery/results/import`,
    access: roles,
    body: lotteryResultImport,
    response: z.object({ imported: z.number().int(), skipped: z.array(z.string()) }),
  }),
};
