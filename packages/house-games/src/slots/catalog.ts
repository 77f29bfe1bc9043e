import { jadeTemple } from './jade-temple.ts';
import { luckySevens } from './lucky-sevens.ts';
import { novaGems } from './nova-gems.ts';
import { type OfferedRtp, TUNED_REEL } from './offer.ts';
import { tunedReelWeights } from './reel-weights.ts';
import { uniformReel } from './reels.ts';
import type { RtpVariant, SlotGame } from './types.ts';

export const slotGames: readonly SlotGame[] = [luckySevens, jadeTemple, novaGems];

export function slotGame(id: string): SlotGame {
  const game = slotGames.find((candidate) => candidate.id === id);
  if (!game) throw new RangeError(`unknown slot ${id}`);
  return game;
}

/** The base-game reels of a game at an offered RTP: uniform strips, the tuned reel with its stop weights. */
export function rtpVariant(game: SlotGame, rtp: OfferedRtp): RtpVariant {
  const weights = tunedReelWeights[game.id]?.[rtp];
  if (!weights) throw new RangeError(`${game.id} is not offered at ${rtp}%`);
  const reels = game.strips.map((symbols, index) =>
    index === TUNED_REEL ? { symbols, weights } : uniformReel(symbols),
  );
  return { rtp, reels };
}
