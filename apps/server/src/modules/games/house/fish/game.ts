import type { HouseFish } from '@tessera/contract';
import type { GameSessionCaller } from '../../../../platform/access.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import { currencyOf } from '../../../wallet/settings.ts';
import { gameName } from '../../catalogue.ts';
import * as seamless from '../../providers/seamless.ts';
import { fishTable, fishVariant } from '../engine.ts';
import { sessionGame } from '../play.ts';

/**
 * The session's fish game as its page shows it: each fish's multipliers and exact hit chance at the RTP in force
 * (the chance is RTP / mean multiplier, so every shot returns the RTP), the limits the console set, the published
 * configuration's fingerprint and the balance.
 */
export async function fishInfo(
  deps: AppDeps,
  player: GameSessionCaller,
  language: string,
): Promise<HouseFish> {
  const game = await sessionGame(deps, player, 'fish');
  const variant = fishVariant(game.rtp);
  const [currency, wallet] = await Promise.all([
    currencyOf(deps),
    seamless.memberState(deps, player.memberId),
  ]);
  return {
    game: game.engine_game,
    name: gameName(game.names, language),
    rtp: variant.config.rtp,
    rtpExact: variant.rtpExact,
    configFingerprint: variant.fingerprint,
    betLimits: {
      min: game.min_bet.toString(),
      max: game.max_bet.toString(),
      step: variant.config.betLimits.step.toString(),
    },
    fish: fishTable(variant.config) as HouseFish['fish'],
    currency: currency.currency,
    digits: currency.digits,
    balance: (wallet?.balance ?? 0n).toString(),
  };
}
