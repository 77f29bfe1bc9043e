import { z } from 'zod';
import { idParams, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { clientSeed, minorUnits } from './house.ts';

/**
 * The house's shared tables (/house/api/tables): the baccarat rooms (PVP) and the live roulette table (LIVE). Every
 * player at a table plays the same timed rounds: a betting window, then the draw, then the result. Round n of a
 * table opens at a time that follows from the table's timing, its server seed is committed before it opens, and its
 * outcome is drawn when betting closes (procedure tessera-table-1, packages/house-games/PROVABLY_FAIR.md §6). The
 * frame calls these with its game session's token (access gameSession); amounts are minor units as decimal strings.
 */

const HOUSE_TABLE_KINDS = ['baccarat', 'roulette'] as const;
export type HouseTableKind = (typeof HOUSE_TABLE_KINDS)[number];

/** A table round: betting until closesAt, then drawn (outcome fixed, wins being paid), then settled; or voided. */
const HOUSE_TABLE_ROUND_STATES = ['betting', 'drawn', 'settled', 'voided'] as const;
const HOUSE_TABLE_BET_STATES = ['placed', 'settled', 'voided'] as const;

/** The spots a limit is set for: baccarat's bet types, and roulette's bet types (every number of a type alike). */
export const BACCARAT_SPOT_TYPES = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export const ROULETTE_SPOT_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** A spot: a baccarat bet type, or a roulette spot such as `straight:17`, `split:0-1`, `dozen:2`, `red`. */
const tableSpot = z.string().regex(/^[a-zA-Z]{2,12}(:[0-9-]{1,20})?$/, 'invalid_format');

const card = z.object({ rank: z.number().int().min(1).max(13), suit: z.number().int().min(0).max(3) });
const baccaratTableOutcome = z.object({
  kind: z.literal('baccarat'),
  player: z.array(card),
  banker: z.array(card),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  winner: z.enum(['player', 'banker', 'tie']),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
const rouletteTableOutcome = z.object({
  kind: z.literal('roulette'),
  /** The pocket, 0 to 36. */
  pocket: z.number().int().min(0).max(36),
  colour: z.enum(['green', 'red', 'black']),
});
const tableOutcome = z.discriminatedUnion('kind', [baccaratTableOutcome, rouletteTableOutcome]);
export type TableOutcome = z.infer<typeof tableOutcome>;

/**
 * Everything needed to recompute a round in a browser (procedure tessera-table-1): check that SHA-256 of
 * `serverSeed` is `commitment`; salt = tableSalt(table, round, clientSeeds); outcome = the game's draw from
 * drawer(serverSeed, salt, round). `serverSeed` and `salt` are null until the round is drawn.
 */
const tableRoundProof = z.object({
  procedure: z.literal('tessera-table-1'),
  kind: z.enum(HOUSE_TABLE_KINDS),
  /** The table's id (the room), part of the salt. */
  table: z.string(),
  /** The round number: the nonce of the draw. */
  round: z.number().int().min(0),
  state: z.enum(HOUSE_TABLE_ROUND_STATES),
  commitment: hex64,
  serverSeed: hex64.nullable(),
  /** The client seeds of the round's bets, in the order the bets were placed. */
  clientSeeds: z.array(z.string()),
  salt: hex64.nullable(),
  outcome: tableOutcome.nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawnAt: z.string().nullable(),
});
export type TableRoundProof = z.infer<typeof tableRoundProof>;

const spotStake = z.object({ spot: tableSpot, stake: minorUnits });

/** One of the member's bets at a table, with its round's proof. */
const tableBet = z.object({
  id: z.string(),
  /** The bet's reference in the betting record (roundRef). */
  ref: z.string(),
  gameName: z.string(),
  spots: z.array(spotStake),
  stake: minorUnits,
  /** What came back, stakes included (null until settled). */
  payout: minorUnits.nullable(),
  state: z.enum(HOUSE_TABLE_BET_STATES),
  clientSeed: z.string(),
  createdAt: z.string(),
  proof: tableRoundProof,
});
export type TableBet = z.infer<typeof tableBet>;

const spotLimit = z.object({ min: minorUnits, max: minorUnits });

/** The table as its page opens it: rules, limits, timing, published RTPs and the player's wallet. */
const houseTable = z.object({
  kind: z.enum(HOUSE_TABLE_KINDS),
  table: z.string(),
  name: z.string(),
  /** Stake limits per spot type (a member's total on one spot in one round), in minor units. */
  limits: z.record(z.string(), spotLimit),
  /** Every stake is a multiple of this (minor units). */
  step: minorUnits,
  bettingSeconds: z.number().int(),
  resultSeconds: z.number().int(),
  /** The exact RTP of each spot type, percent to six decimals (baccarat from the 8-deck shoe, roulette 36/37). */
  rtp: z.record(z.string(), z.string()),
  /** What a winning spot pays back per unit stake, stake included (banker: 1.95). */
  pays: z.record(z.string(), z.string()),
  currency: z.string(),
  digits: z.number().int(),
  balance: minorUnits,
});
export type HouseTable = z.infer<typeof houseTable>;

/** The shared state every player at the table polls. */
const tableState = z.object({
  /** The server's time, so the page's countdown does not depend on the device's clock. */
  now: z.string(),
  round: z.object({
    round: z.number().int(),
    state: z.enum(HOUSE_TABLE_ROUND_STATES),
    opensAt: z.string(),
    closesAt: z.string(),
    endsAt: z.string(),
    commitment: hex64,
    /** Filled once drawn: the outcome and its proof. */
    outcome: tableOutcome.nullable(),
    serverSeed: hex64.nullable(),
    salt: hex64.nullable(),
  }),
  /** The next round's commitment, shown before its window opens. */
  next: z.object({ round: z.number().int(), commitment: hex64, opensAt: z.string() }),
  /** The last results, latest first (the road). */
  history: z.array(z.object({ round: z.number().int(), outcome: tableOutcome })),
  /** Players at the table (seen in the last half minute) and the bets of this round, names masked. */
  players: z.number().int(),
  seats: z.array(z.object({ name: z.string(), stake: minorUnits, me: z.boolean() })),
  /** Everyone's stakes of this round per spot. */
  totals: z.record(z.string(), minorUnits),
  /** The member's bets of this round and, once drawn, what they paid. */
  mine: z.array(z.object({ spot: tableSpot, stake: minorUnits })),
  myPayout: minorUnits.nullable(),
  balance: minorUnits,
});
export type TableState = z.infer<typeof tableState>;

export const tableBetRequest = z.object({
  /** The round the bet is for: a bet that arrives after that round's betting closed is refused, never moved on. */
  round: z.number().int().min(0),
  spots: z.array(spotStake).min(1).max(40),
  /** The player's contribution to the round's salt; a random one when absent. */
  clientSeed: clientSeed.optional(),
});

const tableBetAnswer = z.object({ bet: tableBet, balance: minorUnits });
export type TableBetAnswer = z.infer<typeof tableBetAnswer>;

const roundParams = z.object({ round: z.string().regex(/^(0|[1-9][0-9]{0,15})$/, 'invalid_format') });

export const houseTableEndpoints = {
  table: endpoint({
    method: 'GET',
    path: '/house/api/tables/table',
    access: 'gameSession',
    response: houseTable,
  }),
  /** The shared state; a round whose betting closed is drawn and settled by the first caller (once). */
  state: endpoint({
    method: 'GET',
    path: '/house/api/tables/state',
    access: 'gameSession',
    response: tableState,
  }),
  /** Bets on spots of the open round: one seamless bet, refused once the round's betting closed. */
  bet: endpoint({
    method: 'POST',
    path: '/house/api/tables/bets',
    access: 'gameSession',
    idempotent: true,
    body: tableBetRequest,
    response: tableBetAnswer,
  }),
  /** The member's bets at every table, latest first, each with its round's proof. */
  bets: endpoint({
    method: 'GET',
    path: '/house/api/tables/bets',
    access: 'gameSession',
    query: paging,
    response: page(tableBet),
  }),
  /**
   * A round's proof (public: the same for every player): of the session's table, or of the table named in the query
   * (any house game session may read it, e.g. a verification page).
   */
  round: endpoint({
    method: 'GET',
    path: '/house/api/tables/rounds/:round',
    access: 'gameSession',
    params: roundParams,
    query: z.object({
      table: z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, 'invalid_format')
        .optional(),
    }),
    response: tableRoundProof,
  }),
};

/** A table's settings as the console edits them; stakes in major units, as everywhere in the console. */
const houseTableSettings = z.object({
  id: z.number().int(),
  kind: z.enum(HOUSE_TABLE_KINDS),
  table: z.string(),
  name: z.string(),
  bettingSeconds: z.number().int(),
  resultSeconds: z.number().int(),
  limits: z.record(z.string(), z.object({ min: z.number(), max: z.number() })),
  /** Stakes are multiples of this (major units). */
  step: z.number(),
  updatedAt: z.string(),
});
export type HouseTableSettings = z.infer<typeof houseTableSettings>;

export const houseTableUpdate = z.object({
  bettingSeconds: z.number().int().min(1).max(120),
  resultSeconds: z.number().int().min(1).max(60),
  limits: z.record(
    z.string().max(20),
    z.object({ min: z.number().positive().max(1e12), max: z.number().positive().max(1e12) }),
  ),
});

export const houseTableConsoleEndpoints = {
  tables: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/house-tables`,
    access: operator('operations', 'support', 'finance'),
    response: z.array(houseTableSettings),
  }),
  /** A table's timing and limits per spot; the next round follows (the round in play keeps its times). */
  updateTable: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/house-tables/:id`,
    access: operator('operations'),
    params: idParams,
    body: houseTableUpdate,
    response: houseTableSettings,
  }),
};
