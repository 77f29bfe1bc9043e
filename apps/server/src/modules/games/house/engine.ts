import type { SlotOutcome } from '@tessera/contract';
import {
  BetRefused,
  checkBet,
  drawer,
  OFFERED_RTPS,
  type OfferedRtp,
  type Paytable,
  paytable,
  publishedConfig,
  type RtpVariant,
  rtpVariant,
  type SlotGame,
  type SpinOutcome,
  slotGames,
  spin,
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

export const isOfferedRtp = (rtp: string): rtp is OfferedRtp =>
  (OFFERED_RTPS as readonly string[]).includes(rtp);

/** The slot of the package by its id, or null. */
export function slotOf(engineGame: string): SlotGame | null {
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
export function stakeFits(game: SlotGame, bet: bigint): boolean {
  try {
    checkBet(game, bet);
    return true;
  } catch (error) {
    if (error instanceof BetRefused) return false;
    throw error;
  }
}

/** The outcome of a round: spin() with the drawer of the round's server seed, client seed and nonce. */
export function drawSlot(
  slot: SlotVariant,
  seeds: { serverSeed: string; clientSeed: string; nonce: bigint },
  bet: bigint,
): SpinOutcome {
  return spin(slot.game, slot.variant, bet, drawer(seeds.serverSeed, seeds.clientSeed, Number(seeds.nonce)));
}

/** An outcome as stored and answered: the same object, bigints as decimal strings. */
export function outcomeJson(outcome: SpinOutcome): SlotOutcome {
  return JSON.parse(
    JSON.stringify(outcome, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
  ) as SlotOutcome;
}
