import type { HouseGameKind, ShotOutcome, SlotOutcome } from '@tessera/contract';
import {
  BetRefused,
  checkBet,
  drawer,
  type FishConfig,
  fishConfig,
  hitChance,
  mul,
  OFFERED_RTPS,
  type OfferedRtp,
  type Paytable,
  paytable,
  publishedConfig,
  publishedFishConfig,
  type RtpVariant,
  rational,
  rtpVariant,
  type SlotGame,
  type SpinOutcome,
  shoot,
  shotRtp,
  slotGames,
  spin,
  toDecimal,
} from '@tessera/house-games';

/**
 * The house's use of @tessera/house-games: the slots at their configured RTP, and a round's outcome from its
 * seeds and nonce. Variants, their published configuration (whose exact RTP takes up to half a second to compute)
 * and paytables are computed once per game and RTP and kept: they are pure functions of the package's code.
 */

export interface SlotVariant {
  game: SlotGame;
  variant: RtpVariant;
  fingerprint: string;
  paytable: Paytable;
}

const variants = new Map<string, SlotVariant>();

const isOfferedRtp = (rtp: string): rtp is OfferedRtp => (OFFERED_RTPS as readonly string[]).includes(rtp);

/** The slot of the package by its id, or null. */
function slotOf(engineGame: string): SlotGame | null {
  return slotGames.find((game) => game.id === engineGame) ?? null;
}

export function slotVariant(engineGame: string, rtp: string): SlotVariant {
  const key = `${engineGame}@${rtp}`;
  let found = variants.get(key);
  if (!found) {
    const game = slotOf(engineGame);
    if (!game) throw new Error(`no house slot ${engineGame}`);
    if (!isOfferedRtp(rtp)) throw new Error(`${engineGame} is not offered at ${rtp}%`);
    const variant = rtpVariant(game, rtp);
    found = {
      game,
      variant,
      fingerprint: publishedConfig(game, variant).fingerprint,
      paytable: paytable(game, variant),
    };
    variants.set(key, found);
  }
  return found;
}

/** Whether the package accepts the stake for the game (its own limits, step and coin size). */
function stakeFits(game: SlotGame, bet: bigint): boolean {
  try {
    checkBet(game, bet);
    return true;
  } catch (error) {
    if (error instanceof BetRefused) return false;
    throw error;
  }
}

/** The outcome of a round: spin() with the drawer of the round's server seed, client seed and nonce. */
function drawSlot(
  slot: SlotVariant,
  seeds: { serverSeed: string; clientSeed: string; nonce: bigint },
  bet: bigint,
): SpinOutcome {
  return spin(slot.game, slot.variant, bet, drawer(seeds.serverSeed, seeds.clientSeed, Number(seeds.nonce)));
}

/** An outcome as stored and answered: the same object, bigints as decimal strings. */
export function outcomeJson(outcome: SpinOutcome): SlotOutcome;
export function outcomeJson(outcome: ReturnType<typeof shoot>): ShotOutcome;
export function outcomeJson(outcome: object): unknown {
  return JSON.parse(
    JSON.stringify(outcome, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}

// ---------------------------------------------------------------------------------------------------------- fish

/** The house's fish game (@tessera/house-games fishConfig): one game, offered at the same RTPs as the slots. */
const FISH_GAME = fishConfig().game;

export interface FishVariant {
  config: FishConfig;
  fingerprint: string;
  /** Percent, six decimals: the exact RTP of a shot at any fish (each returns the same). */
  rtpExact: string;
}
const fishVariants = new Map<string, FishVariant>();

export function fishVariant(rtp: string): FishVariant {
  let found = fishVariants.get(rtp);
  if (!found) {
    if (!isOfferedRtp(rtp)) throw new Error(`${FISH_GAME} is not offered at ${rtp}%`);
    const config = fishConfig(rtp);
    const first = config.fish[0];
    if (!first) throw new Error('the fish game has no fish');
    found = {
      config,
      fingerprint: publishedFishConfig(config).fingerprint,
      rtpExact: toDecimal(mul(shotRtp(config, first), rational(100n)), 6),
    };
    fishVariants.set(rtp, found);
  }
  return found;
}

/** Whether the stake is within the fish game's own limits and on its step. */
function shotStakeFits(config: FishConfig, bet: bigint): boolean {
  const { min, max, step } = config.betLimits;
  return bet >= min && bet <= max && (bet - min) % step === 0n;
}

/** The fish game's table for its page: each fish's multipliers and exact hit chance. */
export function fishTable(config: FishConfig) {
  return config.fish.map((fish) => {
    const chance = hitChance(config, fish);
    return {
      id: fish.id,
      name: fish.name,
      multipliers: [...fish.multipliers],
      hitChance: `${chance.num}/${chance.den}`,
    };
  });
}

// ----------------------------------------------------------------------------------------------- every house game

/** What the house needs of each of its games, whatever its kind: the round machinery and the console use this. */
export interface HouseEngine {
  kind: HouseGameKind;
  /** The published configuration's fingerprint and exact RTP (percent, six decimals) at an offered RTP. */
  published(rtp: string): { fingerprint: string; rtpExact: string };
  /** The game's own stake limits and step (minor units). */
  limits(): { min: bigint; max: bigint; step: bigint };
  stakeFits(bet: bigint): boolean;
  /** The outcome of a round (stored and answered as JSON) and its win. */
  draw(
    round: { rtp: string; bet: bigint; choice: Record<string, string> | null },
    seeds: { serverSeed: string; clientSeed: string; nonce: bigint },
  ): { outcome: SlotOutcome | ShotOutcome; win: bigint };
  /**
   * The decision of the player an outcome waits for once its stake is taken (a slot's free spins to start), or null
   * when the round resolves on its own.
   */
  decision(outcome: SlotOutcome | ShotOutcome): 'freeSpins' | null;
  /** What the player sees of an outcome while it waits for their decision: the stages played, and their win. */
  soFar(outcome: SlotOutcome | ShotOutcome): SlotOutcome | ShotOutcome;
}

/** The ids of the house slots (their spins are paced: HOUSE_SPIN_INTERVAL_MS). */
export const SLOT_GAME_IDS = slotGames.map((game) => game.id);

function slotEngine(game: SlotGame): HouseEngine {
  return {
    kind: 'slots',
    published: (rtp) => {
      const variant = slotVariant(game.id, rtp);
      return { fingerprint: variant.fingerprint, rtpExact: variant.paytable.rtpExact };
    },
    limits: () => game.betLimits,
    stakeFits: (bet) => stakeFits(game, bet),
    draw: (round, seeds) => {
      const outcome = outcomeJson(drawSlot(slotVariant(game.id, round.rtp), seeds, round.bet));
      return { outcome, win: BigInt(outcome.totalWin) };
    },
    decision: (outcome) => ((outcome as SlotOutcome).freeSpins.length > 0 ? 'freeSpins' : null),
    soFar: (outcome) => {
      const slot = outcome as SlotOutcome;
      return { ...slot, freeSpins: [], totalWin: slot.base.win };
    },
  };
}

const fishEngine: HouseEngine = {
  kind: 'fish',
  published: (rtp) => {
    const variant = fishVariant(rtp);
    return { fingerprint: variant.fingerprint, rtpExact: variant.rtpExact };
  },
  limits: () => fishConfig().betLimits,
  stakeFits: (bet) => shotStakeFits(fishConfig(), bet),
  draw: (round, seeds) => {
    const fish = round.choice?.fish;
    if (!fish) throw new Error('a fish shot without its fish');
    const outcome = outcomeJson(
      shoot(
        fishVariant(round.rtp).config,
        round.bet,
        fish,
        drawer(seeds.serverSeed, seeds.clientSeed, Number(seeds.nonce)),
      ),
    );
    return { outcome, win: BigInt(outcome.win) };
  },
  decision: () => null,
  soFar: (outcome) => outcome,
};

/** The engine of a house game by its id in @tessera/house-games, or null. */
export function engineOf(engineGame: string): HouseEngine | null {
  if (engineGame === FISH_GAME) return fishEngine;
  const slot = slotOf(engineGame);
  return slot ? slotEngine(slot) : null;
}

export function engineFor(engineGame: string): HouseEngine {
  const engine = engineOf(engineGame);
  if (!engine) throw new Error(`no house game ${engineGame}`);
  return engine;
}
