import type { HouseSlot } from '@tessera/contract';
import type { GameSessionCaller } from '../../../platform/access.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { gameName } from '../catalogue.ts';
import * as seamless from '../providers/seamless.ts';
import { slotVariant } from './engine.ts';
import { sessionGame } from './play.ts';

/** The session's slot as its page shows it: rules, pays and limits in force, the published fingerprint, the balance. */
export async function slotInfo(
  deps: AppDeps,
  player: GameSessionCaller,
  language: string,
): Promise<HouseSlot> {
  const game = await sessionGame(deps, player, 'slots');
  const { paytable, fingerprint, game: slot } = slotVariant(game.engine_game, game.rtp);
  const [currency, wallet] = await Promise.all([
    currencyOf(deps),
    seamless.memberState(deps, player.memberId),
  ]);
  return {
    game: game.engine_game,
    name: gameName(game.names, language),
    rtp: paytable.rtp,
    rtpExact: paytable.rtpExact,
    configFingerprint: fingerprint,
    betLimits: {
      min: game.min_bet.toString(),
      max: game.max_bet.toString(),
      step: slot.betLimits.step.toString(),
    },
    betCoins: paytable.betCoins,
    rows: slot.rows,
    reels: slot.strips.length,
    symbols: paytable.symbols.map((symbol) => ({
      id: symbol.id,
      name: symbol.name,
      kind: symbol.kind,
      pays: symbol.pays.map((pay) => ({ count: pay.count, coins: pay.coins })),
    })),
    lines: paytable.lines ? paytable.lines.map((line) => [...line]) : null,
    ways: paytable.ways,
    expandingWildReels: [...paytable.expandingWildReels],
    freeSpins: paytable.freeSpins
      ? {
          award: Object.fromEntries(Object.entries(paytable.freeSpins.award).map(([k, v]) => [k, v])),
          retrigger: Object.fromEntries(Object.entries(paytable.freeSpins.retrigger).map(([k, v]) => [k, v])),
          cap: paytable.freeSpins.cap,
          multiplier: paytable.freeSpins.multiplier,
        }
      : null,
    currency: currency.currency,
    digits: currency.digits,
    balance: (wallet?.balance ?? 0n).toString(),
  };
}
