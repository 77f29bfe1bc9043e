import { HOUSE_SPIN_INTERVAL_MS, type HouseSlot, type SlotOutcome } from '@tessera/contract';
import type { GameSessionCaller } from '../../../platform/access.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { gameName } from '../catalogue.ts';
import * as seamless from '../providers/seamless.ts';
import { SLOT_GAME_IDS, slotVariant } from './engine.ts';
import { pendingRound, sessionGame } from './play.ts';
import * as store from './store.ts';

/**
 * The session's slot as its page shows it: rules, pays and limits in force, the published fingerprint, the balance,
 * when the next spin may start, and the round waiting for the player's decision (the page resumes it).
 */
export async function slotInfo(
  deps: AppDeps,
  player: GameSessionCaller,
  language: string,
  now: Date,
): Promise<HouseSlot> {
  const game = await sessionGame(deps, player, 'slots');
  const { paytable, fingerprint, game: slot } = slotVariant(game.engine_game, game.rtp);
  const [currency, wallet, last, pending] = await Promise.all([
    currencyOf(deps),
    seamless.memberState(deps, player.memberId),
    store.lastRoundStart(deps.db, player.memberId, SLOT_GAME_IDS),
    pendingRound(deps, player, game, language),
  ]);
  const sinceLast = last ? now.getTime() - last.getTime() : HOUSE_SPIN_INTERVAL_MS;
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
    nextSpinInMs: Math.max(0, Math.min(HOUSE_SPIN_INTERVAL_MS, HOUSE_SPIN_INTERVAL_MS - sinceLast)),
    pending: pending && { ...pending, outcome: pending.outcome as SlotOutcome },
  };
}
