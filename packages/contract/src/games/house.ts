import { z } from 'zod';
import { idParams, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { decimal, MAX_AMOUNT } from '../wallet/money.ts';

/**
 * The house game provider's frame API (/house/api): what the house's own game pages call. A page is opened by a
 * launch at /house/<kind>/<game>#<launch id>; it exchanges that one-time id for the game session's token, then
 * calls the other endpoints with `Authorization: Bearer <token>` (access level gameSession). Amounts are minor
 * units as decimal strings, exactly.
 */

/** The house's provider code (game_providers.code). */
export const HOUSE_PROVIDER = 'HOUSE';

/** Minor units, as a decimal string. */
export const minorUnits = z.string().regex(/^(0|[1-9][0-9]{0,17})$/);
/** A stake in minor units (a decimal string, at least 1). */
const houseStake = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,17}$/, 'invalid_format');
/** A client seed (PROVABLY_FAIR.md): 1 to 64 printable ASCII characters. */
export const clientSeed = z.string().regex(/^[\x20-\x7e]{1,64}$/, 'invalid_format');
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

const HOUSE_ROUND_STATES = ['started', 'settled', 'voided'] as const;
/** The decision a started round waits for: a slot's free spins, won by the spin, to be started by the player. */
const HOUSE_ROUND_DECISIONS = ['freeSpins'] as const;
/**
 * How a round ended when the player did not end it: 'defaultAction' (still waiting for the player's decision after
 * the operator's number of days, the game's default action played it) or 'fault' (a server fault broke it: voided
 * with the stake back, or paid what it had won so far, whichever was more).
 */
const HOUSE_ROUND_RESOLUTIONS = ['defaultAction', 'fault'] as const;
/** A new spin of a house slot starts no sooner than this after the member's last one started (UKGC RTS 14C). */
export const HOUSE_SPIN_INTERVAL_MS = 2500;

/**
 * The kinds of house game, each with its page (/house/<kind>/<game>) and its outcome procedure (PROVABLY_FAIR.md §4);
 * a round names its kind, so that a verifier knows which procedure to run.
 */
const HOUSE_GAME_KINDS = ['slots', 'fish'] as const;
export type HouseGameKind = (typeof HOUSE_GAME_KINDS)[number];

/** The fish of the house's fish game (@tessera/house-games fishTypes), by id. */
export const HOUSE_FISH = [
  'clownfish',
  'pufferfish',
  'turtle',
  'lionfish',
  'swordfish',
  'shark',
  'whale',
] as const;

/** The pair in use: the server seed's commitment (its seed stays secret until rotated), the client seed, the next nonce. */
const fairnessState = z.object({
  commitment: hex64,
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
});
export type FairnessState = z.infer<typeof fairnessState>;

/** A rotation: the pair that ended, its server seed revealed, and the new pair. */
const seedRotation = z.object({
  previous: z.object({
    serverSeed: hex64,
    commitment: hex64,
    clientSeed: z.string(),
    /** Rounds played with the pair: nonces 0 to rounds - 1. */
    rounds: z.number().int().min(0),
  }),
  current: fairnessState,
});
export type SeedRotation = z.infer<typeof seedRotation>;

const spinResult = z.object({
  stops: z.array(z.number().int()),
  /** window[reel][row], row 0 on top. */
  window: z.array(z.array(z.string())),
  expandedReels: z.array(z.number().int()),
  lineWins: z.array(
    z.object({
      line: z.number().int(),
      symbol: z.string(),
      count: z.number().int(),
      coins: z.number().int(),
      win: minorUnits,
    }),
  ),
  wayWins: z.array(
    z.object({
      symbol: z.string(),
      count: z.number().int(),
      coins: z.number().int(),
      ways: z.number().int(),
      coinsPerWay: z.number().int(),
      win: minorUnits,
    }),
  ),
  scatter: z.object({ count: z.number().int(), coins: z.number().int(), win: minorUnits }),
  multiplier: z.number().int(),
  freeSpinsAwarded: z.number().int(),
  win: minorUnits,
});

/** A slot round's outcome as @tessera/house-games' spin() draws it (bigints as decimal strings). */
const slotOutcome = z.object({
  game: z.string(),
  rtp: z.string(),
  bet: minorUnits,
  coinValue: minorUnits,
  base: spinResult,
  freeSpins: z.array(spinResult),
  totalWin: minorUnits,
});
export type SlotOutcome = z.infer<typeof slotOutcome>;

/** A fish shot's outcome as @tessera/house-games' shoot() draws it (the win as a decimal string). */
const shotOutcome = z.object({
  fish: z.string(),
  hit: z.boolean(),
  /** 0 on a miss. */
  multiplier: z.number().int(),
  win: minorUnits,
});
export type ShotOutcome = z.infer<typeof shotOutcome>;

/**
 * A round as the verification page shows it: the server seed appears once its pair was rotated. With `kind`, the
 * game, the RTP, the stake and the player's choice (a fish shot: the fish aimed at), the seeds and nonce recompute its
 * outcome.
 */
const houseRound = z.object({
  id: z.string(),
  /** The round's reference in the betting record (roundRef). */
  ref: z.string(),
  kind: z.enum(HOUSE_GAME_KINDS),
  game: z.string(),
  /** What the player chose besides the stake ({ fish } for a shot); null for a spin. */
  choice: z.record(z.string(), z.string()).nullable(),
  gameName: z.string(),
  bet: minorUnits,
  win: minorUnits.nullable(),
  state: z.enum(HOUSE_ROUND_STATES),
  /** The decision the round waits for while started (null when none: it resolves on its own). */
  decision: z.enum(HOUSE_ROUND_DECISIONS).nullable(),
  resolution: z.enum(HOUSE_ROUND_RESOLUTIONS).nullable(),
  rtp: z.string(),
  configFingerprint: hex64,
  commitment: hex64,
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
  serverSeed: hex64.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HouseRound = z.infer<typeof houseRound>;

const houseRoundDetail = houseRound.extend({
  outcome: z.union([slotOutcome, shotOutcome]).nullable(),
});

/**
 * A spin's answer. While the round waits for the player to start its free spins (round.decision), the outcome
 * holds the paid spin only (no free spins yet, totalWin its win so far) and nothing is paid yet.
 */
const spinAnswer = z.object({
  round: houseRound,
  outcome: slotOutcome,
  /** The main wallet after the round. */
  balance: minorUnits,
});
export type SpinAnswer = z.infer<typeof spinAnswer>;

const paytableSymbol = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['regular', 'wild', 'scatter']),
  /** Count → pay in coins (a coin is bet / betCoins). */
  pays: z.array(z.object({ count: z.number().int(), coins: z.number().int() })),
});

/** A slot as its page needs it: the rules and pays in force, the limits, and the player's balance. */
const houseSlot = z.object({
  game: z.string(),
  name: z.string(),
  rtp: z.string(),
  /** The exact RTP in percent, six decimals. */
  rtpExact: z.string(),
  /** SHA-256 of the published configuration in force (PROVABLY_FAIR.md §5). */
  configFingerprint: hex64,
  betLimits: z.object({ min: minorUnits, max: minorUnits, step: minorUnits }),
  betCoins: z.number().int(),
  rows: z.number().int(),
  reels: z.number().int(),
  symbols: z.array(paytableSymbol),
  /** Lines as the row crossed on each reel; null for a ways game. */
  lines: z.array(z.array(z.number().int())).nullable(),
  ways: z.number().int().nullable(),
  expandingWildReels: z.array(z.number().int()),
  freeSpins: z
    .object({
      award: z.record(z.string(), z.number().int()),
      retrigger: z.record(z.string(), z.number().int()),
      cap: z.number().int(),
      multiplier: z.number().int(),
    })
    .nullable(),
  currency: z.string(),
  digits: z.number().int(),
  balance: minorUnits,
  /** Milliseconds before the next spin may start (0 when it may now). */
  nextSpinInMs: z.number().int().min(0),
  /** The member's round of this slot waiting for a decision, to resume (as its spin answered it), or null. */
  pending: spinAnswer.nullable(),
});
export type HouseSlot = z.infer<typeof houseSlot>;

/** One of the member's last rounds of a game, as the frame's "last rounds" panel recalls it. */
const lastRound = z.object({
  id: z.string(),
  state: z.enum(HOUSE_ROUND_STATES),
  decision: z.enum(HOUSE_ROUND_DECISIONS).nullable(),
  resolution: z.enum(HOUSE_ROUND_RESOLUTIONS).nullable(),
  bet: minorUnits,
  /** Null while the round is in play; 0 when voided (its stake came back). */
  win: minorUnits.nullable(),
  /** A spin's line, way and scatter wins and free spins played; a shot's fish, hit and multiplier. */
  outcome: z.union([slotOutcome, shotOutcome]).nullable(),
  /** The fish aimed at, for a shot. */
  choice: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HouseLastRound = z.infer<typeof lastRound>;

/** The fish game as its page needs it: each fish's pays and hit chance at the RTP in force, limits, balance. */
const houseFish = z.object({
  game: z.string(),
  name: z.string(),
  rtp: z.string(),
  /** The exact RTP in percent, six decimals (every fish returns it exactly). */
  rtpExact: z.string(),
  configFingerprint: hex64,
  betLimits: z.object({ min: minorUnits, max: minorUnits, step: minorUnits }),
  fish: z.array(
    z.object({
      id: z.enum(HOUSE_FISH),
      name: z.string(),
      /** The multipliers of the stake a hit pays, one drawn uniformly. */
      multipliers: z.array(z.number().int()),
      /** The exact chance of a hit, as the fraction "num/den" in lowest terms. */
      hitChance: z.string(),
    }),
  ),
  currency: z.string(),
  digits: z.number().int(),
  balance: minorUnits,
});
export type HouseFish = z.infer<typeof houseFish>;

const shotAnswer = z.object({
  round: houseRound,
  outcome: shotOutcome,
  /** The main wallet after the round. */
  balance: minorUnits,
});
export type ShotAnswer = z.infer<typeof shotAnswer>;

export const houseEndpoints = {
  /** The frame exchanges its one-time launch id (from the URL's fragment) for the game session's token. */
  openSession: endpoint({
    method: 'POST',
    path: '/house/api/session',
    access: 'visitor',
    body: z.object({ launch: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid_format') }),
    response: z.object({
      token: z.string(),
      expiresAt: z.string(),
      /** The kind of page and the game: 'slots', 'lucky-sevens'. */
      kind: z.string(),
      game: z.string(),
      /** Where the frame's back and close return (a page of the site). */
      lobbyUrl: z.string(),
    }),
  }),
  slot: endpoint({
    method: 'GET',
    path: '/house/api/slots/game',
    access: 'gameSession',
    response: houseSlot,
  }),
  /** One paid spin of the session's slot: the stake is bet, the outcome drawn from the seeds, the win paid. */
  spin: endpoint({
    method: 'POST',
    path: '/house/api/slots/spin',
    access: 'gameSession',
    idempotent: true,
    body: z.object({ bet: houseStake }),
    response: spinAnswer,
  }),
  /**
   * The player's decision on a round of the session's slot that waits for it: its free spins are played and the
   * round's whole win paid. A round already played answers its result again; one waiting for nothing is refused
   * (house_no_pending_round); another member's or game's is not_found.
   */
  freeSpins: endpoint({
    method: 'POST',
    path: '/house/api/slots/free-spins',
    access: 'gameSession',
    idempotent: true,
    body: z.object({ round: z.string().regex(/^[1-9][0-9]{0,17}$/, 'invalid_format') }),
    response: spinAnswer,
  }),
  fish: endpoint({
    method: 'GET',
    path: '/house/api/fish/game',
    access: 'gameSession',
    response: houseFish,
  }),
  /** One shot of the session's fish game at a fish: the stake is bet, hit and multiplier drawn from the seeds. */
  shoot: endpoint({
    method: 'POST',
    path: '/house/api/fish/shoot',
    access: 'gameSession',
    idempotent: true,
    body: z.object({ bet: houseStake, fish: z.enum(HOUSE_FISH) }),
    response: shotAnswer,
  }),
  fairness: endpoint({
    method: 'GET',
    path: '/house/api/fairness',
    access: 'gameSession',
    response: fairnessState,
  }),
  /** A new client seed ends the pair in use (its server seed is revealed) and starts a new one. */
  setClientSeed: endpoint({
    method: 'PUT',
    path: '/house/api/fairness/client-seed',
    access: 'gameSession',
    idempotent: true,
    body: z.object({ clientSeed }),
    response: seedRotation,
  }),
  /** Reveals the server seed in use and commits to a new one; the client seed stays. */
  rotateSeed: endpoint({
    method: 'POST',
    path: '/house/api/fairness/rotate',
    access: 'gameSession',
    idempotent: true,
    response: seedRotation,
  }),
  /** The member's rounds of every house game, the latest first (the verification page). */
  rounds: endpoint({
    method: 'GET',
    path: '/house/api/rounds',
    access: 'gameSession',
    query: paging,
    response: page(houseRound),
  }),
  /** The member's last 10 rounds of a house game (the session's game unless `game` names another), latest first. */
  lastRounds: endpoint({
    method: 'GET',
    path: '/house/api/rounds/last',
    access: 'gameSession',
    query: z.object({
      game: z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, 'invalid_format')
        .optional(),
    }),
    response: z.object({ game: z.string(), gameName: z.string(), list: z.array(lastRound) }),
  }),
  round: endpoint({
    method: 'GET',
    path: '/house/api/rounds/:id',
    access: 'gameSession',
    params: z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'invalid_format') }),
    response: houseRoundDetail,
  }),
};

/** The RTPs (percent) each house slot is offered at (@tessera/house-games OFFERED_RTPS). */
export const HOUSE_RTPS = ['90', '92', '94', '96', '98'] as const;

/** A house game's settings as the console edits them; amounts in major units, as everywhere in the console. */
const houseGameSettings = z.object({
  /** The catalogue row (nodeId). */
  id: z.number().int(),
  kind: z.enum(HOUSE_GAME_KINDS),
  game: z.string(),
  name: z.string(),
  vassalage: z.string(),
  rtp: z.enum(HOUSE_RTPS),
  /** The exact RTP of the configured variant, percent to six decimals. */
  rtpExact: z.string(),
  configFingerprint: hex64,
  minBet: z.number(),
  maxBet: z.number(),
  /** What the game itself allows: the settings stay within it, on its steps. */
  limits: z.object({ min: z.number(), max: z.number(), step: z.number() }),
  updatedAt: z.string(),
});
export type HouseGameSettings = z.infer<typeof houseGameSettings>;

export const houseGameUpdate = z.object({
  rtp: z.enum(HOUSE_RTPS),
  minBet: decimal.pipe(z.number().positive().max(MAX_AMOUNT)),
  maxBet: decimal.pipe(z.number().positive().max(MAX_AMOUNT)),
});

export const houseConsoleEndpoints = {
  games: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/house-games`,
    access: operator('operations', 'support', 'finance'),
    response: z.array(houseGameSettings),
  }),
  /** The RTP a game's outcomes are drawn at and its stake limits; new rounds follow at once. */
  updateGame: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/house-games/:id`,
    access: operator('operations'),
    params: idParams,
    body: houseGameUpdate,
    response: houseGameSettings,
  }),
};
